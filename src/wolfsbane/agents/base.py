"""The seat-agent interface, and `play_out`, which lets agents play a game to its end.

An agent sees only what its seat may see: copies of the events `core.view.events_for` lets
through, and copies of its own open decisions (see `agents.driver`). It never touches the
game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ..core import Decision, Game
from ..core.deaths import seen_alive
from ..core.events import Event


class Agent(ABC):
    """Plays one seat. Subclasses override `decide`, and `talk` if they speak."""

    def __init__(self, seat: str, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.rng = rng or random.Random(0)
        self.cursor = 0

    def observe(self, events: list[Event]) -> None:  # noqa: B027 - most bots remember nothing
        """Called with each batch of newly visible events, in order."""

    @abstractmethod
    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        """The answer to one of this seat's open decisions."""

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        """Messages to post on `channel` now (structured talk or text). Default: silence."""
        return []


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


def play_out(
    game: Game,
    agents: Mapping[str, Agent],
    *,
    talk: bool = True,
    max_answers: int = 100_000,
    on_event: Callable[[Event], None] | None = None,
) -> Game:
    """Let the agents answer every open decision until the game ends, talking as the one bot
    driver schedules it (`agents.driver.Table`, or the edition's own: `agents.table_for`;
    rounds of talk in a shuffled order before each kind of decision, the answers after).
    `on_event(last event)` is called after each answer."""
    from . import table_for  # the driver builds on this module

    return table_for(game, agents, talk=talk).play_out(max_answers, on_event=on_event)
