"""What a LiCOS game remembers between decisions, typed: the table's memory from one noon to
the next morning (`game.state`), and one night's (`Night`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...core import Game, Player


@dataclass
class LicosState:
    """The table's memory for the whole game (`game.state`)."""

    werewolves_awake: bool = False  # the pack's channel is open
    # what the next morning reads out about the last noon: the votes each player received
    # (only those who received any) and who was put to death
    votes: dict[str, int] = field(default_factory=dict)
    executed: str | None = None
    # who died at the last noon: the medium hears of them next morning with the night's dead
    dead_since_morning: list[str] = field(default_factory=list)


def state_of(game: Game) -> LicosState:
    state = game.state
    if not isinstance(state, LicosState):
        raise TypeError("a LiCOS game keeps a LicosState")
    return state


@dataclass
class Night:
    """What one night's turns (called together) hand on to the dawn."""

    number: int
    victim: str | None = None  # the pack's prey
    looks: list[tuple[Player, Player]] = field(default_factory=list)  # (seer, target)
    guarded: set[str] = field(default_factory=set)
