"""What an agent may look at besides events (see `agents.base`).

Its own module, never compiled (setup.py): a compiled function checks that an argument is of
a compiled class it names, and agents over the wire and in tests are handed views that only
look like this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..core import Game
from ..core.deaths import seen_alive


class SeatView:
    """What an agent may look at besides events: the public table and its own card.

    It reads the game only through the same rules as `core.view.view`, without building the
    whole dictionary, because bots consult it for every decision.
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: Game, seat: str) -> None:
        self._game = game
        self.seat = seat

    @property
    def phase(self) -> str:
        return self._game.phase

    @property
    def my_role(self) -> str:
        me = self._game.by_name[self.seat]
        return self._game.edition.role_shown_to_self(me)

    @property
    def my_team(self) -> str:
        me = self._game.by_name[self.seat]
        return self._game.edition.team_shown_to_self(me)

    @property
    def edition(self) -> str:
        return self._game.edition.id

    @property
    def role_ids(self) -> tuple[str, ...]:
        """Every role id this game may hold (public: its catalog, not what was dealt)."""
        return tuple(self._game.catalog)

    @property
    def alive(self) -> list[str]:
        game = self._game
        if not game.untold_deaths:
            return game.alive_names()
        # a death the table has not been told of yet is not known to a seat either
        return [p.name for p in game.players if seen_alive(game, p)]

    @property
    def players(self) -> list[str]:
        return [p.name for p in self._game.players]

    @property
    def revealed(self) -> Mapping[str, str]:
        return MappingProxyType(self._game.revealed)  # read-only: a bot cannot change it

    def public_markers(self, name: str) -> set[str]:
        game = self._game
        markers = game.by_name[name].markers & game.edition.public_markers
        if name == self.seat:
            markers |= game.by_name[name].markers & game.edition.self_markers
        return set(markers)

    @property
    def channels(self) -> list[str]:
        return self._game.channels_for(self.seat)
