"""A seat at the table: who sits there, what card they hold, and what marks they carry."""

from __future__ import annotations

from typing import Final

# A player who carries no marker and has spent no ability (most players, most of the game)
# shares these empty sets: a player's markers and spent abilities are replaced, never changed
# in place (`mark`, `unmark`, `use`), so a game is dealt without two new sets a seat.
NO_MARKERS: Final[frozenset[str]] = frozenset()
NOTHING_USED: Final[frozenset[tuple[str, str]]] = frozenset()


class Player:
    __slots__ = ("name", "index", "role", "team", "alive", "markers", "used", "bonds", "state")

    def __init__(self, name: str, index: int, role: str, team: str,
                 state: object = None) -> None:
        self.name = name
        self.index = index
        self.role = role
        self.team = team
        self.alive = True
        # the tokens beside this seat ("sheriff", "lover"...): changed by `mark` and `unmark`
        self.markers = NO_MARKERS
        # one-shot abilities already spent, as (character, ability): a player who gains a
        # character gains its unused abilities with it
        self.used = NOTHING_USED
        # lives tied by `core.deaths.bind`: the tie's marker ("lover") -> the partner's name
        self.bonds: dict[str, str] = {}
        # the edition's own memory of this seat (the thief's old card, a peasant's hidden
        # nature...): a dataclass of the edition's (`Edition.new_seat_state`), None where it
        # keeps none; each edition reads it through a typed accessor
        self.state = state

    def mark(self, marker: str) -> None:
        """Put `marker` beside this player."""
        if marker not in self.markers:
            self.markers = self.markers | {marker}

    def unmark(self, marker: str) -> None:
        """Take `marker` away from this player, if they carry it."""
        if marker in self.markers:
            self.markers = self.markers - {marker}

    def has_used(self, ability: str) -> bool:
        """Whether this player has spent `ability` of the character they hold now."""
        return (self.role, ability) in self.used

    def use(self, ability: str) -> None:
        """Spend `ability` of the character this player holds now."""
        self.used = self.used | {(self.role, ability)}

    def __repr__(self) -> str:
        status = "" if self.alive else " (dead)"
        return f"<{self.name}: {self.role}{status}>"
