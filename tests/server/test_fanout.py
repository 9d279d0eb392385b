"""The fan-out (server/fanout.py): after every step each connection is told exactly what changed
for it. A client that applies every message it gets always holds what a fresh snapshot would
give it; and it gets a message only when something it may see has changed, so the number, size
and timing of a seat's messages never tell it what another seat did in secret."""

from __future__ import annotations

import asyncio
import copy
import random
import time
from typing import Any

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core.catalog import resolve_options
from wolfsbane.core.decision import CLOCK
from wolfsbane.editions import get_edition
from wolfsbane.server.live import (
    DEFAULT_TIMERS,
    FINISHED,
    MODERATOR,
    PLAYER,
    SPECTATOR,
    Connection,
    Hub,
    LiveGame,
    Op,
    Participant,
)

from .helpers import FAST

SEATS = 7
LONG = {"night": 600.0, "day": 600.0, "decision": 600.0, "grace": 1.0, "bot_delay": 0.0,
        "scale": 1.0}


class NullStore:
    """The fan-out does not care where steps are stored."""

    async def save(self, *args: Any, **kwargs: Any) -> None:
        return None


class Client:
    """What a client knows: the last snapshot with every later update applied to it, as
    docs/protocol.md tells a client to do (an update leaves out `you` and `players` when they
    have not changed, and carries only the events after the last one)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.clock: dict[str, Any] | None = None
        self.controlled: list[str] | None = None

    def apply(self, message: dict[str, Any]) -> None:
        if message["type"] not in ("snapshot", "update"):
            return
        seen = copy.deepcopy(message["view"])
        if message["type"] == "update":
            assert self.view is not None, "an update before any snapshot"
            seen["events"] = self.view["events"] + seen["events"]
            for kept in ("you", "players"):
                if kept not in seen and kept in self.view:
                    seen[kept] = self.view[kept]
        self.view = seen
        self.clock = _clock(message["clock"])
        self.controlled = message.get("controlled")

    def state(self) -> tuple[Any, ...]:
        return (self.view, self.clock, self.controlled)


def _clock(clock: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in clock.items() if k != "now"}  # the server's time of sending


def truth(live: LiveGame, participant: Participant) -> tuple[Any, ...]:
    """What a fresh snapshot would tell this participant now."""
    message = live.message_for(participant, 0, "snapshot")
    return (message["view"], _clock(message["clock"]), message.get("controlled"))


class Recording(Connection):
    def __init__(self, participant: Participant) -> None:
        super().__init__(participant, 0, self._swallow, self._hang_up)
        self.client = Client()
        self.sent: list[dict[str, Any]] = []

    async def _swallow(self, text: str) -> None:
        return None

    async def _hang_up(self, code: int) -> None:
        return None

    def push(self, message: dict[str, Any]) -> None:
        self.sent.append(copy.deepcopy(message))
        self.client.apply(message)
        super().push(message)


class Checked(LiveGame):
    """A live game that checks the fan-out's two promises at every broadcast."""

    problems: list[str]
    broadcasts: int = 0
    quiet: int = 0  # connections a broadcast left alone

    def broadcast(self) -> None:
        watched = [c for c in self.connections if isinstance(c, Recording) and not c.closed
                   and c.client.view is not None]
        held = {id(c): c.client.state() for c in watched}
        sent = {id(c): len(c.sent) for c in watched}
        super().broadcast()
        self.broadcasts += 1
        for connection in watched:
            who = connection.participant
            now = truth(self, who)
            if connection.client.state() != now:
                self.problems.append(f"{who.kind} {who.name} was not told a change it may see "
                                     f"(broadcast {self.broadcasts}, phase {now[0]['phase']})")
            told = len(connection.sent) > sent[id(connection)]
            if told and held[id(connection)] == now:
                self.problems.append(f"{who.kind} {who.name} was sent a message although "
                                     f"nothing it may see changed (broadcast {self.broadcasts})")
            self.quiet += not told


def bot_table(edition_id: str, mode: str, seed: int,
              timers: dict[str, float] = FAST) -> tuple[Checked, list[Recording]]:
    edition = get_edition(edition_id)
    names = list(edition.bot_names or edition.character_names)[:SEATS]
    config = {"edition": edition_id, "preset": None, "deck": None,
              "options": resolve_options(edition.options, None, edition.roles),
              "timers": {**DEFAULT_TIMERS[mode], **timers}, "mode": mode,
              "moderated": False, "storyteller": "auto", "seed": seed}
    live = Checked(Hub(NullStore()), "g", "CODE", config,  # type: ignore[arg-type]
                   {"host": "", "seats": list(names)}, 0.0)
    live.problems = []
    watchers: list[Participant] = []
    for name in names:
        seat = Participant(name, PLAYER, name, None, bot=True)
        live.add_participant(seat)
        watchers.append(seat)
    for kind in (MODERATOR, SPECTATOR):
        person = Participant(kind, kind, kind.title(), None)
        live.add_participant(person)
        watchers.append(person)
    return live, [Recording(person) for person in watchers]


async def play_out(live: Checked, connections: list[Recording], seconds: float = 90) -> None:
    for connection in connections:
        live.attach(connection, 0)
    await live.start()
    deadline = time.monotonic() + seconds
    while live.status != FINISHED and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    live.close_all()


@pytest.mark.parametrize(("edition_id", "mode"), [("millers-hollow", "online"),
                                                  ("licos", "online"),
                                                  ("wherewolf", "table")])
def test_every_connection_is_told_each_change_it_may_see_and_nothing_else(
        edition_id: str, mode: str) -> None:
    live, connections = bot_table(edition_id, mode, 11)
    asyncio.run(play_out(live, connections))
    assert live.status == FINISHED, "the bots did not finish the game in time"
    assert live.problems == []
    # the signature is what spares the quiet connections: most broadcasts concern few seats
    assert live.quiet > live.broadcasts


def test_a_night_answer_sends_nothing_to_the_seats_it_does_not_concern() -> None:
    """While only another seat's secret decision moves (the time the moderator gives it, its
    answer), a seat that may not see it receives not one message: no timing or size side
    channel."""
    live, connections = bot_table("millers-hollow", "online", 12, timers=LONG)
    for person in live.participants.values():
        person.bot = False  # people: the test answers for them
    by_seat = {c.participant.name: c for c in connections}

    async def main() -> None:
        for connection in connections:
            live.attach(connection, 0)
        await live.start()
        game = live.game
        assert game is not None
        for _ in range(20):  # the slots of the night's first turns run out, to one that asks
            if any(d.seat in live.seats for d in game.open.values()):
                break
            slot = next(d for d in game.open.values() if d.seat == CLOCK)
            live.clock.deadlines[slot.id] = 0.0
            live.pump.tick()
            while live.pump.pending or (live.pump.task and not live.pump.task.done()):
                await asyncio.sleep(0.01)
        asked = sorted({d.seat for d in game.open.values() if d.seat in live.seats})
        assert asked, "the first night asks somebody something"
        waiting = [name for name in live.seats if name not in asked]
        assert waiting, "someone sleeps through the first question"
        counts = {name: len(by_seat[name].sent) for name in waiting}
        # the moderator gives the asked seat more time: only it (and the moderator) may see it
        decision = next(d for d in game.open.values() if d.seat in asked)  # a player's
        await live.control("extend", seconds=30.0, decision=decision.id)
        assert {name: len(by_seat[name].sent) for name in waiting} == counts
        told = len(by_seat[decision.seat].sent)
        assert told > 0
        # the asked seat answers: a seat is told only what the answer lets it see (the
        # pack may wake to recognise each other); the rest hear nothing (the Checked game
        # holds every seat that was sent something to a change it may see)
        value = random_answer(decision, random.Random(1))
        assert await live.submit(Op("answer", live.participants[decision.seat],
                                    decision=decision.id, value=value)) == {"ok": True}
        quiet = [name for name in waiting if len(by_seat[name].sent) == counts[name]]
        assert quiet, "nobody but the asked seat slept through its answer"
        live.close_all()

    asyncio.run(main())
    assert live.problems == []
