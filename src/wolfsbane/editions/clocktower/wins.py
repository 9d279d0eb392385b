"""Who wins, in one place: a character's own win first (the Klutz, the Evil Twin, Lil'
Monsta...), then good when no Demon lives, then evil when two players are left (Travellers
not counted); and the storyteller's `end-game`, offered at every dawn and dusk."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import Outcome
from .health import demons, is_traveller
from .registry import RULES
from .state import state_of

if TYPE_CHECKING:
    from ...core import Game

GOOD, EVIL = "good", "evil"


def team_wins(game: Game, team: str, reason: str) -> Outcome:
    """`team` wins: every player of it, dead or alive, Travellers of that alignment too."""
    return Outcome(team, tuple(p.name for p in game.players if p.team == team), reason)


def demon_pending(game: Game) -> str | None:
    """Why good cannot win yet though no Demon lives (a character's hold: the Evil Twin
    beside the good twin, the Summoner before the third night), or None."""
    for rules in RULES.values():
        if rules.holds_off_good is not None:
            reason = rules.holds_off_good(game)
            if reason:
                return reason
    return None


def check_win(game: Game) -> Outcome | None:
    state = state_of(game)
    if state.forced is not None:
        return state.forced
    for rules in RULES.values():
        if rules.win is not None:
            outcome = rules.win(game)
            if outcome is not None:
                return outcome
    if state.night == 0:
        return None  # nothing is decided before the first night
    if not demons(game) and demon_pending(game) is None:
        return team_wins(game, GOOD, "no Demon is left alive")
    living = [p for p in game.alive() if not is_traveller(p)]
    if len(living) <= 2:
        return team_wins(game, EVIL, "only two players are left alive")
    return None


def offer_end(game: Game, moment: str) -> Generator[Any, Any, None]:
    """The storyteller may end a game whose result is certain (`end-game`): `no`, or the
    team that wins. The automatic storyteller plays on."""
    answer = yield game.ask_storyteller(
        "end-game", ["good", "evil"], optional=True, default=None,
        suggest=lambda rng: None,
        reason="The game goes on while its result is uncertain: suggest no.",
        prompt=f"At {moment}: end the game now because its result is certain? Name the "
               "winning team, or no.")
    if answer is not None:
        state_of(game).forced = team_wins(game, answer, "the storyteller ended the game: "
                                          "its result was certain")
        from ...core import check_end

        check_end(game)
