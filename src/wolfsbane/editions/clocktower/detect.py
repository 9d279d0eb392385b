"""Detections: what an ability finds out about a player, through what they register as.

Each function asks the storyteller's `register` when the player may misregister (a Recluse,
the Marionette) and otherwise reads the truth."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from .health import character_type, is_demon
from .script import DEMON, MINION, of_type
from .storyteller import register

if TYPE_CHECKING:
    from ...core import Game, Player

EVIL_IDS = tuple(c.id for c in (*of_type(MINION), *of_type(DEMON)) if c.id != "lil-monsta")
DEMON_IDS = tuple(c.id for c in of_type(DEMON) if c.id != "lil-monsta")


def alignment(game: Game, player: Player, by: Player,
              suggestion: str | None = None) -> Generator[Any, Any, str]:
    """good or evil, as `player` registers to `by`."""
    truth = player.team
    answer: str = yield from register(game, player, by, "alignment", ["good", "evil"], truth,
                                      suggestion)
    return answer


def registers_as_demon(game: Game, player: Player, by: Player) -> Generator[Any, Any, bool]:
    """Whether `player` registers as a Demon to `by`."""
    if is_demon(game, player):
        return True
    answer: str = yield from register(game, player, by, "demon", DEMON_IDS, player.role)
    return character_type(answer) == DEMON


def character(game: Game, player: Player, by: Player) -> Generator[Any, Any, str]:
    """The character `player` registers as to `by`."""
    answer: str = yield from register(game, player, by, "character", EVIL_IDS, player.role)
    return answer


def neighbours(game: Game, player: Player, alive: bool = True,
               where: Callable[[Player], bool] | None = None) -> list[Player]:
    """The nearest (living) player on each side, counter-clockwise first, skipping those
    `where` refuses (the No Dashii's nearest Townsfolk); one player when both sides reach the
    same one, none when nobody else is left."""
    seats = game.players
    count = len(seats)
    found: list[Player] = []
    for step in (-1, 1):
        index = player.index
        for _ in range(count - 1):
            index = (index + step) % count
            other = seats[index]
            if other is player:
                break
            if (other.alive or not alive) and (where is None or where(other)):
                if other not in found:
                    found.append(other)
                break
    return found
