"""What a Millers Hollow game remembers of one seat, typed (`Player.state`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...core import Player


@dataclass(slots=True)  # one per seat: kept small
class MillersHollowSeat:
    was: str | None = None  # the card a thief swapped away ("thief"), once they have

    # written out: compiled, the `__init__` that dataclasses writes runs interpreted, once per seat
    def __init__(self, was: str | None = None) -> None:
        self.was = was


def seat_of(player: Player) -> MillersHollowSeat:
    seat = player.state
    if not isinstance(seat, MillersHollowSeat):
        raise TypeError("a Millers Hollow seat keeps a MillersHollowSeat")
    return seat
