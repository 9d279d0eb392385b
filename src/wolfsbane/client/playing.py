"""Play a seat to the end of the game: the loop every remote agent needs, written once.

`play(connection, agent)` reads observations, gives the agent a turn to talk on each open
channel before it answers new questions (a day can close as soon as the votes are in, so
talk comes first), sends its answers, and handles what the server says back: a day vote
that has not opened yet is answered again once it opens; an answer the server refuses is
replaced by a random legal one (counted in `PlayReport.refused`), so the game goes on.

An agent is any object with `decide(decision, observation)`; `talk(channel, observation)`
(a list of messages) and `observe(observation)` are optional. `InProcessAgent` lets an
in-process `agents.base.Agent` (a bot, an `LLMAgent`) play over the wire unchanged.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from ..agents.base import Agent
from ..agents.driver import freeze
from ..agents.random_bot import random_answer
from ..core.events import Event
from .connection import Connection
from .models import DecisionRequest, GameEvent, Observation, Outcome, Reply

MOST_MESSAGES_PER_TURN = 3  # the server lets a seat post 6 in a burst, then one per 2 s
RETRY_WITHOUT_CLOCK = 1.0  # seconds before answering again a vote whose opening is unknown


@runtime_checkable
class RemoteAgent(Protocol):
    def decide(self, decision: DecisionRequest, observation: Observation) -> Any: ...


@dataclass
class PlayReport:
    """What happened to the seat's messages over a game."""

    outcome: Outcome | None = None
    answers: int = 0
    messages: int = 0
    refused: list[Reply] = field(default_factory=list)  # answers refused, then replaced
    held_back: int = 0  # answers sent again later: the vote had not opened yet
    reconnections: int = 0
    last: Observation | None = None


@dataclass
class _Pending:
    decision: DecisionRequest
    answer: Any
    not_before: float = 0.0
    fallback: bool = False


def play(connection: Connection, agent: Any, *, talk: bool = True, idle: float = 600.0,
         seed: int = 0) -> PlayReport:
    """Play the connection's seat with `agent` until the game is over."""
    rng = random.Random(seed)
    report = PlayReport()
    pending: dict[int, _Pending] = {}  # decision id -> the answer to send
    in_flight: dict[int, _Pending] = {}  # ref -> the answer sent
    talked: set[tuple[str, str]] = set()  # (channel, phase) given a first turn
    observation: Observation | None = None
    quiet_until = time.monotonic() + idle
    while True:
        wait = _next_wake(pending, quiet_until)
        fresh = connection.next(timeout=wait, wake_on_reply=bool(in_flight))
        if fresh is not None:
            observation = fresh
            quiet_until = time.monotonic() + idle
            observer = getattr(agent, "observe", None)
            if observer is not None:
                observer(observation)
            if observation.over:
                report.outcome = observation.outcome
                report.last = observation
                report.reconnections = connection.reconnections
                return report
            if talk:
                _talk_turn(connection, agent, observation, talked, report)
            open_ids = {d.id for d in observation.decisions}
            for stale in [i for i in pending if i not in open_ids]:
                del pending[stale]
            for decision in observation.new_decisions:
                pending[decision.id] = _Pending(decision, agent.decide(decision, observation))
        elif time.monotonic() >= quiet_until:
            raise TimeoutError(f"nothing from the server for {idle} seconds")
        _file_replies(connection, in_flight, pending, observation, report, rng)
        now = time.monotonic()
        for decision_id, entry in list(pending.items()):
            if entry.not_before <= now:
                del pending[decision_id]
                in_flight[connection.answer(entry.decision, entry.answer)] = entry
                report.answers += 1


def _next_wake(pending: Mapping[int, _Pending], quiet_until: float) -> float:
    """How long to wait for the server: until the next held-back answer is due."""
    now = time.monotonic()
    due = min((entry.not_before for entry in pending.values()), default=quiet_until)
    return max(0.05, min(due, quiet_until) - now)


def _talk_turn(connection: Connection, agent: Any, observation: Observation,
               talked: set[tuple[str, str]], report: PlayReport) -> None:
    """A turn to speak on each open channel: when the phase opens it, and before new
    questions are answered."""
    speaker = getattr(agent, "talk", None)
    if speaker is None:
        return
    for channel in observation.channels:
        key = (channel, observation.phase)
        if key in talked and not observation.new_decisions:
            continue
        talked.add(key)
        limit = observation.channel_limits.get(channel, {}).get("messages_left")
        most = MOST_MESSAGES_PER_TURN if limit is None else min(limit, MOST_MESSAGES_PER_TURN)
        for message in list(speaker(channel, observation) or [])[:most]:
            connection.say(channel, message)
            report.messages += 1


def _file_replies(connection: Connection, in_flight: dict[int, _Pending],
                  pending: dict[int, _Pending], observation: Observation | None,
                  report: PlayReport, rng: random.Random) -> None:
    """Read the replies to the answers sent: an ack ends an answer; a vote not yet open
    holds it back until the vote opens; another refusal sends a random legal answer."""
    for ref in [r for r in in_flight if r in connection.replies]:
        entry = in_flight.pop(ref)
        reply = connection.replies.pop(ref)
        if reply.ok or reply.error == "stale":  # stored, or closed meanwhile
            continue
        if reply.error in ("vote-not-open", "rate-limited"):
            opens = observation.vote.opens if observation and observation.vote else None
            now_wall = time.time()
            delay = (opens - now_wall + 0.05) if opens and opens > now_wall else \
                RETRY_WITHOUT_CLOCK
            entry.not_before = time.monotonic() + delay
            pending[entry.decision.id] = entry
            report.held_back += 1
            continue
        report.refused.append(reply)
        if not entry.fallback:  # one random legal answer; refused again, the clock answers
            answer = random_answer(entry.decision.as_decision(), rng)
            pending[entry.decision.id] = _Pending(entry.decision, answer, fallback=True)


# -- in-process agents over the wire ------------------------------------------------------------

class ObservedSeatView:
    """The `agents.base.SeatView` an in-process agent reads, built from an observation: the
    same public table and own card, so a bot written for `play_out` plays over the wire."""

    def __init__(self, observation: Observation, role_ids: tuple[str, ...] = ()) -> None:
        self._observation = observation
        self.seat = observation.seat
        self._role_ids = role_ids

    @property
    def phase(self) -> str:
        return self._observation.phase

    @property
    def my_role(self) -> str:
        return self._observation.you.role

    @property
    def my_team(self) -> str:
        return self._observation.you.team or ""

    @property
    def edition(self) -> str:
        return self._observation.edition

    @property
    def role_ids(self) -> tuple[str, ...]:
        return self._role_ids

    @property
    def alive(self) -> list[str]:
        return list(self._observation.alive)

    @property
    def players(self) -> list[str]:
        return [p.name for p in self._observation.players]

    @property
    def revealed(self) -> Mapping[str, str]:
        return MappingProxyType({p.name: p.role for p in self._observation.players
                                 if p.role is not None})

    def public_markers(self, name: str) -> set[str]:
        for player in self._observation.players:
            if player.name == name:
                return set(player.markers)
        return set()

    @property
    def channels(self) -> list[str]:
        return list(self._observation.channels)


def engine_event(event: GameEvent) -> Event:
    """A wire event as in-process agents receive one (read-only data; the audience is not
    sent, and agents do not need it: they see only their own events)."""
    return Event(event.index, event.kind, freeze(dict(event.data)), None, event.phase)


class InProcessAgent:
    """Plays an `agents.base.Agent` over the wire: its events, its `SeatView` and its
    decisions rebuilt from each observation."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self._role_ids: tuple[str, ...] = ()

    def _view(self, observation: Observation) -> ObservedSeatView:
        if not self._role_ids and observation.edition:
            from ..editions import get_edition

            self._role_ids = tuple(get_edition(observation.edition).roles)
        return ObservedSeatView(observation, self._role_ids)

    def observe(self, observation: Observation) -> None:
        if observation.events:
            self.agent.observe([engine_event(e) for e in observation.events])

    def decide(self, decision: DecisionRequest, observation: Observation) -> Any:
        return self.agent.decide(decision.as_decision(), self._view(observation))  # type: ignore[arg-type]

    def talk(self, channel: str, observation: Observation) -> list[Any]:
        return list(self.agent.talk(channel, self._view(observation)))  # type: ignore[arg-type]
