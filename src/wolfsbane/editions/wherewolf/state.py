"""What a Wherewolf game remembers between decisions, typed: the table's memory
(`game.state`) and each seat's (`Player.state`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...core import Game, Player


@dataclass
class WherewolfState:
    werewolves_awake: bool = False  # the pack's channel is open
    possible: set[str] | None = None  # the cards that may be in play, once worked out
    held: dict[str, list[str]] = field(default_factory=dict)  # item -> who has held it
    quiet: int = 0  # phases in a row without a death
    grieving: list[str] = field(default_factory=list)  # who dies of grief next night
    sick_pending: bool = False  # the sick one was eaten: the pack falls sick next night
    sick_night: bool = False  # tonight the pack is sick
    ghoul_sacrificed: bool = False
    wolf_cub_revenge: bool = False  # the wolf cub died: the pack takes two victims tonight
    minor_vampires: list[str] = field(default_factory=list)  # in the order they were made
    heirs_untold: list[str] = field(default_factory=list)  # new vampires not yet tapped
    dead_mystics: set[str] = field(default_factory=set)  # the cards of mystics who died
    first_vote: dict[str, int] = field(default_factory=dict)  # the day's first count
    second_vote: dict[str, int] = field(default_factory=dict)  # the day's run-off count


def state_of(game: Game) -> WherewolfState:
    state = game.state
    if not isinstance(state, WherewolfState):
        raise TypeError("a Wherewolf game keeps a WherewolfState")
    return state


@dataclass(slots=True)  # one per seat: kept small
class WherewolfSeat:
    """What the game remembers of one seat, typed (`Player.state`)."""

    aura: str | None = None  # the aura shown now, where it is not the card's own
    also: str | None = None  # a second faction the seat wins with (the dark wizard's)
    hidden: str | None = None  # a peasant's hidden nature, chosen at the start
    side: str | None = None  # the faction counted at the end, where it is not the team
    beloved: str | None = None  # Juliet's Romeo, Romeo's Juliet
    claim: str | None = None  # the role the madman claims to be
    attacked: bool = False  # the pack attacked this seat (whether or not it died)
    redeemed: bool = False  # a vampire the priest redeemed to the village


def seat_of(player: Player) -> WherewolfSeat:
    seat = player.state
    if not isinstance(seat, WherewolfSeat):
        raise TypeError("a Wherewolf seat keeps a WherewolfSeat")
    return seat
