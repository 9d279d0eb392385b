"""The seat-agent interface and the loop that lets agents play a game to its end.

An agent sees only what its seat may see: the events `core.view.events_for` lets through, and
its own open decisions. It never touches the game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from ..core import Decision, Game
from ..core.decision import CLOCK
from ..core.events import Event
from ..core.view import events_for


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
        return self._game.alive_names()

    @property
    def players(self) -> list[str]:
        return [p.name for p in self._game.players]

    @property
    def revealed(self) -> dict[str, str]:
        return self._game.revealed

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
    """Let the agents answer every open decision until the game ends.

    Before the first decision of each kind in a phase (the sheriff election, the vote, the
    pack's attack...), every agent that may speak on an open channel gets one turn to talk."""
    views = {seat: SeatView(game, seat) for seat in agents}
    talked_in: set[tuple[str, str, str]] = set()
    answers = 0
    while not game.over:
        if not game.open:
            raise RuntimeError("the game is waiting for nothing, yet is not over")
        decision = _to_answer(game)
        seat = decision.seat
        if seat == CLOCK:  # nothing else is open: the time is up
            game.answer(decision.id, True)
            continue
        agent = agents.get(seat)
        if agent is None:
            raise RuntimeError(f"no agent plays {seat}, who is asked '{decision.name}'")
        if talk:
            _discuss(game, agents, views, talked_in, decision.phase, decision.name)
        _catch_up(game, agent)
        game.answer(decision.id, agent.decide(decision, views[seat]), seat=seat)
        answers += 1
        if answers > max_answers:
            raise RuntimeError("the game did not end")
        if on_event is not None:
            for event in game.events[-1:]:
                on_event(event)
    for agent in agents.values():
        _catch_up(game, agent)
    return game


def _to_answer(game: Game) -> Decision:
    """The open decision a driver takes now: the first a seat must answer; a standing one
    (which does not hold the game up) once nothing else is asked; a clock last, once nothing
    else is open: between bots, time runs out only when nobody has anything left to do."""
    standing: Decision | None = None
    clock: Decision | None = None
    for decision in game.open.values():
        if decision.seat == CLOCK:
            clock = clock or decision
        elif decision.standing:
            standing = standing or decision
        else:
            return decision
    chosen = standing or clock
    assert chosen is not None
    return chosen


def _catch_up(game: Game, agent: Agent) -> None:
    if agent.cursor < len(game.events):
        agent.observe(events_for(game, agent.seat, agent.cursor))
        agent.cursor = len(game.events)


def _discuss(
    game: Game,
    agents: Mapping[str, Agent],
    views: Mapping[str, SeatView],
    talked_in: set[tuple[str, str, str]],
    phase: str,
    asked: str,
) -> None:
    for channel in game.edition.channels:
        key = (channel.name, phase, asked)
        if key in talked_in or not channel.is_open(game):
            continue
        talked_in.add(key)
        for seat in list(channel.members(game)):
            agent = agents.get(seat)
            if agent is None:
                continue
            _catch_up(game, agent)
            for message in agent.talk(channel.name, views[seat]):
                game.say(seat, channel.name, message)
