"""The end of the game: the three factions' goals, the Wolf Pack's `monsters-win: majority`,
and the cards' own wins (the sheriff, Romeo and Juliet)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Outcome
from .cards import MONSTERS, VILLAGERS, VILLAINS, WIN_ALIVE_WITH_A_BODY, WIN_DEAD
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

MAJORITY = "majority"


def winning_faction(game: Game) -> tuple[str, str] | None:
    """(faction, reason) when a goal is met now, else None."""
    if state_of(game).quiet_night:
        return VILLAGERS, "nobody died during the night"
    living = game.alive()
    monsters = sum(1 for p in living if p.team == MONSTERS)
    villains = sum(1 for p in living if p.team == VILLAINS)
    if monsters == 0 and villains == 0:
        return VILLAGERS, "every monster and every villain is eliminated"
    if monsters == 0:
        return VILLAINS, "every monster is eliminated while a villain lives"
    if game.options["monsters-win"] == MAJORITY:
        if 2 * monsters > len(living):
            return MONSTERS, "the monsters are the majority"
    elif 2 * monsters >= len(living):
        return MONSTERS, "the monsters are no longer a minority"
    return None


def wins_personally(player: Player, faction: str) -> bool:
    """A card's own condition beside its faction's goal."""
    if player.team != faction:
        return False
    if player.role in WIN_ALIVE_WITH_A_BODY:
        return faction == VILLAGERS and player.alive and seat_of(player).bodies_found > 0
    if player.role in WIN_DEAD:
        return faction == VILLAGERS and not player.alive
    return True


def check_win(game: Game) -> Outcome | None:
    found = winning_faction(game)
    if found is None:
        return None
    faction, reason = found
    winners = tuple(p.name for p in game.players if wins_personally(p, faction))
    return Outcome(faction, winners, reason)
