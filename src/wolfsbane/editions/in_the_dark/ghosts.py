"""Ghosts: each newly dead player draws two ghost tokens from the pool (the storyteller's
`draw`, which a scenario pins), keeps one (`choose-ghost`, by default the first) face up for
all to see, and the other goes back face down for a later ghost."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import PICK
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player
    from ...core.edition import Flow

TOKENS_DRAWN = 2


def pool_of(game: Game) -> list[str]:
    """The tokens face down in the sanctuary (the group's list, less those kept)."""
    table = state_of(game)
    if table.pool is None:
        table.pool = list(game.options["ghost-pool"])
    return table.pool


def _drawn(answer: Any) -> list[str]:
    return [answer] if isinstance(answer, str) else list(answer)


def become_ghost(game: Game, player: Player) -> Flow:
    """`player` is dead: they draw, keep one token, and the table sees it."""
    pool = pool_of(game)
    count = min(TOKENS_DRAWN, len(pool))
    if count == 0:
        game.announce({"about": "ghost", "player": player.name, "ghost": None})
        return
    draw = game.ask_storyteller(
        "draw", pool, kind=PICK, min=count, max=count, about=player.name,
        prompt=f"Draw {count} ghost tokens for {player.name}.")
    drawn = _drawn((yield draw))
    kept = drawn[0]
    if len(drawn) > 1:
        kept = yield game.ask(player, "choose-ghost", drawn, optional=True, default=drawn[0],
                              prompt="You are a ghost now: keep one of the two tokens.")
    pool.remove(kept)  # the other goes back, face down, for the next ghost
    seat_of(player).ghost = kept
    game.announce({"about": "ghost", "player": player.name, "ghost": kept})
