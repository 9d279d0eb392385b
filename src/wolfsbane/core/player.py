"""A seat at the table: who sits there, what card they hold, and what marks they carry."""

from __future__ import annotations


class Player:
    __slots__ = ("name", "index", "role", "team", "alive", "markers", "used", "bonds", "state")

    def __init__(self, name: str, index: int, role: str, team: str,
                 state: object = None) -> None:
        self.name = name
        self.index = index
        self.role = role
        self.team = team
        self.alive = True
        self.markers: set[str] = set()
        # one-shot abilities already spent, as (character, ability): a player who gains a
        # character gains its unused abilities with it
        self.used: set[tuple[str, str]] = set()
        # lives tied by `core.deaths.bind`: the tie's marker ("lover") -> the partner's name
        self.bonds: dict[str, str] = {}
        # the edition's own memory of this seat (the thief's old card, a peasant's hidden
        # nature...): a dataclass of the edition's (`Edition.new_seat_state`), None where it
        # keeps none; each edition reads it through a typed accessor
        self.state = state

    def has_used(self, ability: str) -> bool:
        """Whether this player has spent `ability` of the character they hold now."""
        return (self.role, ability) in self.used

    def use(self, ability: str) -> None:
        """Spend `ability` of the character this player holds now."""
        self.used.add((self.role, ability))

    def __repr__(self) -> str:
        status = "" if self.alive else " (dead)"
        return f"<{self.name}: {self.role}{status}>"
