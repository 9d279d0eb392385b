"""The Demon's kill, shared by every Demon (and whatever kills "as the Demon"): the Monk's
protection, the Mathematician's count when a drunk Monk fails, the Banshee's trigger."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import Death, kill
from .health import mark_abnormal
from .rules import Night
from .state import state_of

if TYPE_CHECKING:
    from ...core import Game, Player

DEMON_CAUSE = "demon"


def demon_kills(game: Game, night: Night, demon: Player | None, target: Player,
                character: str) -> Generator[Any, Any, bool]:
    """The Demon's attack on `target`: nobody dies when a healthy Monk made them safe
    tonight; a drunk or poisoned Monk's protection fails (an abnormal ability). Returns
    whether the target died."""
    if not target.alive:
        return False
    state = state_of(game)
    if target.name in state.safe:
        game.note("AttackFailed", {"player": target.name, "by": state.safe[target.name],
                                   "character": "monk"})
        return False
    failed: dict[str, str] = night.notes.get("failed-safe", {})
    if target.name in failed:
        mark_abnormal(game, game.by_name[failed[target.name]])
    died = yield from kill(game, [Death(target, DEMON_CAUSE, demon, character)])
    return target.name in died
