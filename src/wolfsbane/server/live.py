"""A game being played on the server: the engine, its wall clock, its seats and its connections.

The engine is pure; everything that has to do with time lives on the server. A `LiveGame` owns
one game and composes the parts that each do one job:

- `lobby.Lobby`: the participants, their tokens, the chairs, what the game's code shows;
- `pump.Pump`: the one task that takes the waiting operations (answers, messages, the clock's
  ticks), checks each actor may do it, applies them to the engine, stores the new log entries
  durably, and only then tells the seats;
- `clock.Clock`: deadlines, the phase's end, pause and extend, the day vote's clock;
- `bots.Bots`: when the server's bots move;

and tells the seats itself, each through `core.view.view` (the only boundary between the engine
and anyone playing).

Nights keep their length by a rule of the engine: the server creates each game with
`night_seconds` (its night timer), so every night ends with the clock seat's "night" decision,
which counts from the night's beginning (`since=PHASE`); nothing of dawn exists before that clock
runs out, so how long a night lasts never tells anyone which roles are awake in it. The server
holds nothing back: it only answers the clocks, at their deadlines.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from ..core import MANUAL, STORYTELLER, Game, IllegalAnswer, SetupError
from ..core.catalog import resolve_options
from ..core.record import RECORD_FORMAT, replay
from ..core.view import PUBLIC_SEAT, TABLE_SEAT, public_view, view
from ..editions import get_edition
from .bots import Bots
from .clock import DEFAULT_TIMERS, MAX_EXTENSION_PER_PHASE, Clock, is_night
from .dayclock import DayClock
from .errors import ServerError
from .lobby import (
    FINISHED,
    LOBBY,
    MAX_PARTICIPANTS,
    MODERATOR,
    PLAYER,
    RUNNING,
    SPECTATOR,
    Lobby,
    Participant,
    hash_token,
    new_token,
)
from .pump import ANSWER_BURST, ANSWER_RATE, Bucket, Op, Pump
from .storage import LogRow, ParticipantRow, Store

# the names the rest of the server and its tests import from here, wherever they now live
__all__ = [
    "ANSWER_BURST", "ANSWER_RATE", "DEFAULT_TIMERS", "FINISHED", "LOBBY", "MAX_EXTENSION_PER_PHASE",
    "MAX_PARTICIPANTS", "MODERATOR", "PLAYER", "RUNNING", "SPECTATOR", "Bucket", "Connection",
    "Hub", "LiveGame", "Metrics", "Op", "Participant", "ServerError", "hash_token", "is_night",
    "new_token",
]

# -- limits (docs/security.md lists each with the test that holds it) -----------------------
UNLOAD_AFTER = 5.0  # seconds a finished game stays in memory after its last watcher leaves
LOBBY_UNLOAD_AFTER = 120.0  # seconds an unwatched, untouched lobby stays in memory
LOBBY_LIFETIME = 24 * 3600.0  # seconds after its creation a lobby that never started expires
HOUSEKEEPING_EVERY = 10.0  # seconds between the hub's sweeps for games to unload
MAX_QUEUE = 1000  # messages waiting for one slow connection before it is dropped
MAX_QUEUE_BYTES = 4 * 1024 * 1024  # characters waiting for one slow connection (ditto)
MAX_SOCKETS_PER_TOKEN = 4  # open WebSockets per token; a fifth closes the oldest
SYNC_RATE, SYNC_BURST = 1.0, 3  # `sync` requests a second per socket, and the burst
CLOSE_TIMEOUT = 2.0  # seconds given to a close handshake with a client that does not read

# WebSocket close codes of our own (docs/protocol.md)
CLOSE_SLOW = 4408  # the client did not read its messages: its queue overflowed
CLOSE_REPLACED = 4409  # too many sockets for this token: the oldest was closed


class Connection:
    """One WebSocket: who it speaks for, what it has been sent, and its outgoing queue.

    The queue is bounded in messages and in characters: a client that stops reading is
    dropped (close code CLOSE_SLOW) rather than allowed to hold the server's memory."""

    def __init__(self, participant: Participant, cursor: int,
                 send: Callable[[str], Any], close: Callable[[int], Any]) -> None:
        self.participant = participant
        self.cursor = cursor
        self.signature: Any = None
        self.queue: asyncio.Queue[tuple[str, bool] | None] = asyncio.Queue()
        self.queued_chars = 0
        self.snapshots_queued = 0  # snapshots not yet sent (a `sync` meanwhile is coalesced)
        self._send = send
        self._close = close
        self._close_code = 1000
        self.closed = False
        self.task: asyncio.Task[None] | None = None
        self.last_you: Any = None
        self.last_players: Any = None
        self.syncs = Bucket(rate=SYNC_RATE, capacity=SYNC_BURST)
        self.opened = time.monotonic()

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._writer())

    def push(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        text = json.dumps(message, separators=(",", ":"))
        waiting = self.queue.qsize()
        # one message always fits an empty queue, however large (a long game's snapshot)
        if waiting and (waiting >= MAX_QUEUE
                        or self.queued_chars + len(text) > MAX_QUEUE_BYTES):
            self.drop(CLOSE_SLOW)
            return
        snapshot = message.get("type") == "snapshot"
        self.queued_chars += len(text)
        self.snapshots_queued += snapshot
        self.queue.put_nowait((text, snapshot))

    def shut(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)
            self._close_code = code

    def drop(self, code: int) -> None:
        """Close at once, throwing away whatever is still queued (the client is not reading,
        so the writer may be stuck sending; it is cancelled)."""
        if self.closed:
            return
        self.closed = True
        self._close_code = code
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queued_chars = 0
        self.snapshots_queued = 0
        if self.task is not None:
            self.task.cancel()
        asyncio.get_running_loop().create_task(self._send_close())

    async def finished(self) -> None:
        """Wait (a little) for the writer to send what is queued and the close frame."""
        if self.task is not None and not self.task.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.task), CLOSE_TIMEOUT)

    async def _send_close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(self._close_code), CLOSE_TIMEOUT)

    async def _writer(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    await self._send_close()
                    return
                text, snapshot = item
                self.queued_chars -= len(text)
                self.snapshots_queued -= snapshot
                await self._send(text)
        except asyncio.CancelledError:
            return
        except Exception:  # noqa: BLE001 - the client went away; the reader cleans up
            self.closed = True


class Metrics:
    """The server's own count of how long an answer takes to be stored and told (seconds from
    its arrival to the moment its consequences are queued for every socket)."""

    def __init__(self, keep: int = 20000) -> None:
        self.keep = keep
        self.latencies: list[float] = []
        self.answers = 0
        self.steps = 0

    def add(self, seconds: float) -> None:
        self.answers += 1
        self.latencies.append(seconds)
        if len(self.latencies) > 2 * self.keep:
            del self.latencies[: self.keep]

    def summary(self) -> dict[str, Any]:
        recent = sorted(self.latencies[-self.keep:])

        def pct(p: float) -> float | None:
            if not recent:
                return None
            return round(recent[min(len(recent) - 1, int(p * len(recent)))] * 1000, 2)

        return {"answers": self.answers, "steps": self.steps, "p50_ms": pct(0.5),
                "p99_ms": pct(0.99), "max_ms": pct(1.0)}


class LiveGame:
    """One game on the server: its engine, its settings and state (stored), and the parts
    that run it. Its methods below are the names the app and the tests use; each hands the
    work to the part whose job it is."""

    def __init__(self, hub: Hub, game_id: str, code: str, config: dict[str, Any],
                 state: dict[str, Any], created_at: float) -> None:
        self.hub = hub
        self.store: Store = hub.store
        self.id = game_id
        self.code = code
        self.config = config
        self.state = state
        self.created_at = created_at
        self.edition = get_edition(config["edition"])
        self.status = LOBBY
        self.game: Game | None = None  # the engine, as far as it has gone
        self.connections: list[Connection] = []
        self.touched = time.monotonic()  # the last request or socket that used this game
        self.persisted = 0  # log entries stored
        self.broken = False
        self.dirty_participants: list[Participant] = []
        self.unload_scheduled = False
        self.lobby = Lobby(self)
        self.clock = Clock(self)
        self.bots = Bots(self)
        self.pump = Pump(self)

    # -- small accessors -------------------------------------------------------------------

    @property
    def timers(self) -> dict[str, float]:
        timers: dict[str, float] = self.config["timers"]
        return timers

    @property
    def seats(self) -> list[str]:
        return self.lobby.seats

    @property
    def paused(self) -> bool:
        return self.clock.paused

    @property
    def controlled(self) -> set[str]:
        return set(self.state.get("controlled", ()))

    @property
    def participants(self) -> dict[str, Participant]:
        return self.lobby.participants

    @property
    def by_hash(self) -> dict[str, Participant]:
        return self.lobby.by_hash

    @property
    def deadlines(self) -> dict[int, float]:
        return self.clock.deadlines

    @property
    def day(self) -> DayClock:
        return self.clock.day

    @property
    def pending(self) -> list[Op]:
        return self.pump.pending

    # -- the lobby (lobby.py) ------------------------------------------------------------------

    def host(self) -> Participant | None:
        return self.lobby.host()

    def seat_positions(self) -> dict[str, int]:
        return self.lobby.seat_positions()

    def take_seat(self, name: str) -> int:
        return self.lobby.take_seat(name)

    def leave_seat(self, name: str) -> None:
        self.lobby.leave_seat(name)

    def move_seat(self, mover: Participant, chair: int) -> str | None:
        return self.lobby.move_seat(mover, chair)

    def seat_holder(self, seat: str) -> Participant | None:
        return self.lobby.seat_holder(seat)

    def moderator(self) -> Participant | None:
        return self.lobby.moderator()

    def authenticate(self, token: str | None) -> Participant:
        return self.lobby.authenticate(token)

    def check_room(self) -> None:
        self.lobby.check_room()

    def add_participant(self, participant: Participant) -> None:
        self.lobby.add_participant(participant)

    def next_bot_name(self, also_taken: str = "") -> str:
        return self.lobby.next_bot_name(also_taken)

    def rename_bot(self, bot: Participant, name: str) -> None:
        self.lobby.rename_bot(bot, name)

    def sees_bots(self, viewer: Participant | None) -> bool:
        return self.lobby.sees_bots(viewer)

    def public_info(self, viewer: Participant | None = None) -> dict[str, Any]:
        return self.lobby.public_info(viewer)

    def deal_deck(self) -> list[str]:
        return self.lobby.deal_deck()

    def cards_preview(self) -> dict[str, Any]:
        return self.lobby.cards_preview()

    # -- the pump, the clock and the bots (pump.py, clock.py, bots.py) ---------------------------

    def submit(self, op: Op) -> asyncio.Future[dict[str, Any]]:
        return self.pump.submit(op)

    def _kick_pump(self) -> None:
        self.pump.kick()

    async def control(self, action: str, now: float | None = None, **kw: Any) -> None:
        await self.clock.control(action, now, **kw)

    def reschedule(self) -> None:
        self.clock.reschedule()

    def _make_agent(self, seat: str) -> None:
        self.bots.make_agent(seat)

    # -- loading ---------------------------------------------------------------------------

    def restore(self, status: str, participants: list[ParticipantRow],
                log: list[LogRow]) -> None:
        self.status = status
        if status == FINISHED:
            self.schedule_unload()
        for row in participants:
            self.add_participant(Participant(row.id, row.kind, row.name, row.token_hash, row.bot,
                                             row.active, row.joined_at))
        if status == LOBBY:
            return
        entries = [row.entry for row in log]
        self.game = self._replay(entries)
        self.game.storyteller = self.config["storyteller"]
        self.persisted = len(entries)
        for stale in ("held", "shown_len", "extra_time"):  # a night curtain's, before the clock
            self.state.pop(stale, None)
        deadlines = self.clock.deadlines
        deadlines.update({int(k): float(v) for k, v in self.state.get("deadlines", {}).items()})
        for p in self.participants.values():
            if p.kind == PLAYER and p.bot and p.active:
                self._make_agent(p.name)
        if self.game.storyteller != MANUAL:
            # an automatic storyteller never leaves a question open; answer any at once
            for decision in list(self.game.open.values()):
                if decision.seat == STORYTELLER:
                    deadlines[decision.id] = 0.0

    def record(self, entries: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "edition": self.edition.id,
            "seats": list(self.seats),
            "options": self.config["options"],
            "seed": self.config["seed"],
            "log": list(entries if entries is not None else (self.game.log if self.game else ())),
        }
        if self.config.get("roles"):
            record["roles"] = list(self.config["roles"])
        else:
            record["deck"] = list(self.state["deck"])
        if self.state.get("night_seconds") is not None:
            # games started before nights were timed by the engine have none, and replay so
            record["night_seconds"] = self.state["night_seconds"]
        return record

    def _replay(self, entries: list[dict[str, Any]]) -> Game:
        return replay(self.record(entries), get_edition)

    # -- starting --------------------------------------------------------------------------

    async def start(self) -> None:
        if self.status != LOBBY:
            raise ServerError(409, "already-started", "the game has already started")
        seats = self.seats
        if not self.edition.min_players <= len(seats) <= self.edition.max_players:
            raise ServerError(
                409, "player-count",
                f"{self.edition.name} takes {self.edition.min_players} to "
                f"{self.edition.max_players} players; {len(seats)} are seated")
        try:
            # checked again: a game stored before options had schemas may hold anything
            options = resolve_options(self.edition.options, self.config["options"],
                                      self.edition.roles)
            deck = self.deal_deck()
            roles = self.config.get("roles")
            # dawn waits for the night's clock: a night lasts its timer, whoever woke in it
            night_seconds = float(self.timers["night"])
            game = Game(self.edition, seats, roles=roles, deck=None if roles else deck,
                        options=options, seed=self.config["seed"],
                        storyteller=self.config["storyteller"], night_seconds=night_seconds)
        except (SetupError, IllegalAnswer) as error:
            raise ServerError(409, "setup", str(error)) from None
        self.state["night_seconds"] = night_seconds
        self.state["deck"] = deck
        self.state["started_at"] = time.time()
        # the empty chairs close up: the game's seats are numbered 1 to n in table order
        self.state["positions"] = {name: i + 1 for i, name in enumerate(seats)}
        self.game = game
        self.status = RUNNING
        for p in self.participants.values():
            if p.kind == PLAYER and p.bot and p.active:
                self._make_agent(p.name)
        for connection in self.connections:
            connection.signature = None
            connection.cursor = 0
        await self.pump.commit(time.time(), [])

    # -- memory and storage ----------------------------------------------------------------------

    def schedule_unload(self) -> None:
        """Once the game is over: leave memory when nobody watches any more."""
        if not self.unload_scheduled:
            self.unload_scheduled = True
            asyncio.get_running_loop().call_later(UNLOAD_AFTER, self._maybe_unload)

    def _maybe_unload(self) -> None:
        """A finished game leaves memory once nobody is watching (it reloads on demand)."""
        used = time.monotonic() - self.touched < UNLOAD_AFTER
        if used or any(not c.closed for c in self.connections):
            asyncio.get_running_loop().call_later(UNLOAD_AFTER, self._maybe_unload)
            return
        asyncio.ensure_future(self.hub.unload(self, reason="finished"))

    async def save_meta(self) -> None:
        """Store a change to the participants or the game's settings (not to the engine)."""
        people = self.dirty_participants
        self.dirty_participants = []
        await self.store.save(self.id, status=self.status, state=self.state, config=self.config,
                              participants=[p.row(self.id) for p in people])

    def refresh(self) -> None:
        """Send every connection its view again (the clock or the controls changed)."""
        for connection in self.connections:
            if connection.signature is not None:
                connection.signature = ()
        self.broadcast()
        self.reschedule()

    # -- telling the seats -------------------------------------------------------------------

    def view_for(self, participant: Participant, since: int) -> dict[str, Any]:
        """The one way game state leaves the server: through core.view for this participant."""
        if self.game is None:
            raise ServerError(409, "not-started", "the game has not started")
        if participant.kind == MODERATOR:
            return view(self.game, STORYTELLER, since)
        if participant.kind == PLAYER:
            return view(self.game, participant.name, since)
        # the table screen of a game around one table hears the day's talk, bots' included
        table = self.config["mode"] == "table"
        return public_view(self.game, since, TABLE_SEAT if table else PUBLIC_SEAT)

    def clock_for(self, participant: Participant, seen: dict[str, Any]) -> dict[str, Any]:
        ids = [d["id"] for d in seen["decisions"]]
        clock = {
            "now": time.time(),
            "paused": self.paused,
            "phase_deadline": self.state.get("phase_end"),
            "deadlines": {str(i): self.deadlines[i] for i in ids if i in self.deadlines},
            "vote": self._vote_standing(participant),
        }
        night = self.clock.night_clock()
        if participant.kind == MODERATOR and night is not None:
            # every turn of the night is over, and dawn waits for the night's clock: the
            # moderator is told why nothing happens, and until when
            clock["curtain"] = {"until": self.deadlines.get(night.id),
                                "players_see": night.phase}
        return clock

    def _vote_standing(self, participant: Participant) -> dict[str, Any] | None:
        """How the day's vote stands, as this participant may see it (server/dayclock.py)."""
        if self.game is None:
            return None
        return self.day.standing(
            participant.name if participant.kind == PLAYER else None,
            everything=participant.kind == MODERATOR,
            ballots_shown=self.edition.ballots_shown(self.game))

    def message_for(self, participant: Participant, since: int,
                    kind: str) -> dict[str, Any]:
        seen = self.view_for(participant, since)
        out: dict[str, Any] = {"type": kind, "view": seen,
                               "clock": self.clock_for(participant, seen)}
        if participant.kind == MODERATOR:
            out["controlled"] = sorted(self.controlled)
        return out

    def _send_snapshot(self, connection: Connection, since: int) -> None:
        if self.game is None:
            connection.push({"type": "lobby",
                             "game": self.public_info(connection.participant)})
            return
        message = self.message_for(connection.participant, since, "snapshot")
        connection.cursor = message["view"]["cursor"]
        connection.signature = self._signature(message)
        connection.last_you = message["view"].get("you")
        connection.last_players = message["view"].get("players")
        connection.push(message)

    @staticmethod
    def _signature(message: dict[str, Any]) -> Any:
        seen = message["view"]
        clock = message["clock"]
        return (
            seen["phase"],
            tuple(d["id"] for d in seen["decisions"]),
            tuple(seen["channels"]),
            seen["over"],
            clock["paused"],
            clock["phase_deadline"],
            tuple(sorted(clock["deadlines"].items())),
            tuple(message.get("controlled", ())),
            _frozen(clock.get("vote")),
            "curtain" in clock,
        )

    def _unchanged(self, connection: Connection) -> bool:
        """A cheap test, for a player, that its view has not changed since the last message
        (the same signature, no new event it may see), so the view need not be built."""
        participant = connection.participant
        game = self.game
        if participant.kind != PLAYER or not connection.signature or game is None:
            return False
        seat = participant.name
        events = game.events
        for event in events[connection.cursor:]:
            audience = event.audience
            if audience is None or seat in audience:
                return False
        ids = tuple(d.id for d in game.open.values() if d.seat == seat)
        deadlines = self.deadlines
        signature = (
            game.phase,
            ids,
            tuple(game.channels_for(seat)),
            game.over,
            self.paused,
            self.state.get("phase_end"),
            tuple(sorted((str(i), deadlines[i]) for i in ids if i in deadlines)),
            (),
            _frozen(self._vote_standing(participant)),
            False,  # a player is never told that dawn waits for the night's clock
        )
        if signature != connection.signature:
            return False
        connection.cursor = len(events)
        return True

    def broadcast(self) -> None:
        if self.game is None:
            return
        for connection in list(self.connections):
            if connection.closed:
                continue
            participant = connection.participant
            if self._unchanged(connection):
                continue
            kind = "update" if connection.signature is not None else "snapshot"
            message = self.message_for(participant, connection.cursor, kind)
            signature = self._signature(message)
            if not message["view"]["events"] and signature == connection.signature:
                continue
            seen = message["view"]
            connection.cursor = seen["cursor"]
            connection.signature = signature
            if kind == "update":
                # a delta: what has not changed since the last message is left out
                if seen.get("you") is not None and seen["you"] == connection.last_you:
                    del seen["you"]
                else:
                    connection.last_you = seen.get("you")
                if seen["players"] == connection.last_players:
                    del seen["players"]
                else:
                    connection.last_players = seen["players"]
            else:
                connection.last_you = seen.get("you")
                connection.last_players = seen["players"]
            connection.push(message)

    def lobby_changed(self) -> None:
        shown, hidden = self.public_info(self.host()), self.public_info()
        for connection in self.connections:
            viewer = connection.participant
            connection.push({"type": "lobby",
                             "game": shown if self.sees_bots(viewer) else hidden})

    def attach(self, connection: Connection, since: int) -> None:
        self._limit_sockets(connection.participant)
        self.connections.append(connection)
        self.touched = time.monotonic()
        connection.start()
        self._send_snapshot(connection, since)

    def _limit_sockets(self, participant: Participant) -> None:
        """At most MAX_SOCKETS_PER_TOKEN open sockets per token: making room for a new one
        closes the oldest (CLOSE_REPLACED), so a reconnecting phone is never locked out."""
        mine = [c for c in self.connections if c.participant is participant and not c.closed]
        for old in mine[: max(0, len(mine) - MAX_SOCKETS_PER_TOKEN + 1)]:
            old.push({"type": "closed", "reason": "too many connections with this token"})
            self.detach(old, CLOSE_REPLACED)

    def sync(self, connection: Connection, cursor: int) -> None:
        """A client asks for a fresh snapshot. Rate-limited per socket; a sync while the
        previous one's snapshot has not yet been sent is coalesced into it."""
        if not connection.syncs.take():
            connection.push({"type": "error", "error": "rate-limited",
                             "detail": "too many sync requests; wait a moment"})
            return
        if connection.snapshots_queued:
            return  # a snapshot is already on its way
        if self.game is None:
            connection.push({"type": "lobby", "game": self.public_info(connection.participant)})
            return
        self._send_snapshot(connection, cursor)

    def detach(self, connection: Connection, code: int = 1000) -> None:
        with contextlib.suppress(ValueError):
            self.connections.remove(connection)
        connection.shut(code)

    def drop_participant(self, participant: Participant, code: int = 4403) -> None:
        for connection in list(self.connections):
            if connection.participant is participant:
                connection.push({"type": "closed", "reason": "removed from the game"})
                self.detach(connection, code)

    def close_all(self) -> None:
        self.clock.stop()
        for connection in list(self.connections):
            connection.shut(1012)
        self.connections.clear()


def _frozen(standing: dict[str, Any] | None) -> str | None:
    """The day's vote standing as part of an update's signature: a ballot changes no event,
    yet the seats must be told."""
    return None if standing is None else json.dumps(standing, sort_keys=True)


class Hub:
    """Every live game of this server process, by code."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.metrics = Metrics()
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Future[LiveGame | None]] = {}
        self.housekeeper: asyncio.Task[None] | None = None

    async def load_running(self) -> int:
        """Load every running game (its clocks must run). Lobbies and finished games stay in
        the database until someone asks for them."""
        ids = await self.store.game_ids((RUNNING,))
        count = 0
        for game_id in ids:
            live = await self._load_id(game_id)
            if live is not None:
                count += 1
        return count

    async def _load_id(self, game_id: str) -> LiveGame | None:
        loaded = await self.store.load(game_id)
        if loaded is None:
            return None
        row, people, log = loaded
        if row.status == LOBBY and time.time() - row.created_at > LOBBY_LIFETIME:
            return None  # a lobby that never started has expired (the database keeps it)
        live = LiveGame(self, row.id, row.code, row.config, row.state, row.created_at)
        try:
            live.restore(row.status, people, log)
        except Exception as error:  # noqa: BLE001 - an unreadable game stays in the database
            print(f"wolfsbane: game {row.code} could not be restored: {error!r}",
                  file=sys.stderr, flush=True)
            return None
        self.games[live.code] = live
        if live.status == RUNNING:
            # catch up with the clock at once: timers that ran out while we were down
            live.pump.tick()
        return live

    async def get(self, code: str) -> LiveGame:
        code = code.upper()
        live = self.games.get(code)
        if live is not None:
            live.touched = time.monotonic()
            return live
        if len(code) > 16 or not code.isalnum():
            raise ServerError(404, "not-found", "there is no game with this code")
        waiting = self._loading.get(code)
        if waiting is None:
            waiting = asyncio.get_running_loop().create_future()
            self._loading[code] = waiting
            try:
                game_id = await self.store.find_code(code)
                result = await self._load_id(game_id) if game_id else None
                waiting.set_result(result)
            except Exception as error:  # noqa: BLE001
                waiting.set_exception(error)
            finally:
                self._loading.pop(code, None)
        live = await asyncio.shield(waiting)
        if live is None:
            raise ServerError(404, "not-found", "there is no game with this code")
        return live

    async def unload(self, live: LiveGame, reason: str) -> None:
        live.broken = True
        live.close_all()
        if self.games.get(live.code) is live:
            del self.games[live.code]

    # -- housekeeping: memory holds only the games in play ---------------------------------

    def start_housekeeping(self) -> None:
        self.housekeeper = asyncio.get_running_loop().create_task(self._housekeep())

    async def _housekeep(self) -> None:
        while True:
            await asyncio.sleep(HOUSEKEEPING_EVERY)
            with contextlib.suppress(Exception):
                await self.sweep()

    async def sweep(self, now: float | None = None) -> int:
        """Unload lobbies nobody has used for LOBBY_UNLOAD_AFTER seconds (and lobbies past
        their LOBBY_LIFETIME); finished games unload themselves (UNLOAD_AFTER). Everything
        stays in the database and reloads on demand. Returns how many were unloaded."""
        monotonic = time.monotonic() if now is None else now
        gone = 0
        for live in list(self.games.values()):
            if live.status != LOBBY or live.pending:
                continue
            watched = any(not c.closed for c in live.connections)
            expired = time.time() - live.created_at > LOBBY_LIFETIME
            idle = monotonic - live.touched > LOBBY_UNLOAD_AFTER
            if expired or (idle and not watched):
                await self.unload(live, reason="expired" if expired else "idle")
                gone += 1
        return gone

    def close(self) -> None:
        if self.housekeeper is not None:
            self.housekeeper.cancel()
        for live in self.games.values():
            live.close_all()
