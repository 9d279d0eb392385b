"""What a game in the dark remembers between decisions, typed: the table's memory
(`game.state`) and each seat's (`Player.state`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...core import Game, Player


@dataclass
class DarkState:
    """The table's memory for the whole game (`game.state`)."""

    # the ghost tokens face down in the sanctuary, in the group's order; None until the first
    # draw reads the option
    pool: list[str] | None = None
    guide: str | None = None  # the ghost who leads every dusk once chosen
    # the players who declared `dead` this night, in the order they did
    declared: list[str] = field(default_factory=list)
    # the night's dead who become ghosts in the next day (in the order they died)
    new_ghosts: list[str] = field(default_factory=list)
    # whether the night just over ended with nobody dead (the villagers' win)
    quiet_night: bool = False


def state_of(game: Game) -> DarkState:
    state = game.state
    if not isinstance(state, DarkState):
        raise TypeError("a game of Werewolf in the Dark keeps a DarkState")
    return state


@dataclass(slots=True)  # one per seat: kept small
class DarkSeat:
    """What the game remembers of one seat (`Player.state`)."""

    bodies_found: int = 0  # bodies this player found and verified (the sheriff's win)
    ghost: str | None = None  # the ghost token this player keeps, once a ghost


def seat_of(player: Player) -> DarkSeat:
    seat = player.state
    if not isinstance(seat, DarkSeat):
        raise TypeError("a seat in the dark keeps a DarkSeat")
    return seat
