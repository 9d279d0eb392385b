"""A game being played on the server: the engine, its wall clock, its seats and its connections.

The engine is pure; everything that has to do with time lives here. Each live game has one
*pump* task that takes the waiting operations (answers, messages, timeouts, bot moves), applies
them to the engine, stores the new log entries durably, and only then tells the seats, each
through `core.view.view` (the only boundary between the engine and anyone playing).

Nights keep their length by a rule of the engine: the server creates each game with
`night_seconds` (its night timer), so every night ends with the clock seat's "night" decision,
which counts from the night's beginning (`since=PHASE`); nothing of dawn exists before that clock
runs out, so how long a night lasts never tells anyone which roles are awake in it. The server
holds nothing back: it only answers the clocks, at their deadlines.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import random
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, SeatView, bot_for, random_answer
from ..core import MANUAL, STORYTELLER, Decision, Game, IllegalAnswer, SetupError
from ..core.catalog import resolve_options
from ..core.decision import CLOCK, PHASE, UNANSWERED
from ..core.edition import Edition, deck_for, table_sizes
from ..core.record import RECORD_FORMAT, replay
from ..core.view import PUBLIC_SEAT, TABLE_SEAT, events_for, public_view, view
from ..editions import get_edition
from .dayclock import MISSING, DayClock, VoteNotOpen
from .storage import LogRow, ParticipantRow, Store

PLAYER = "player"
MODERATOR = "moderator"
SPECTATOR = "spectator"

LOBBY = "lobby"
RUNNING = "running"
FINISHED = "finished"

DEFAULT_TIMERS: dict[str, dict[str, float]] = {
    # night: a whole night; day: a whole day (discussion and vote); decision: one question at
    # night or after the day's end; grace: the shortest window a question is ever given;
    # bot_delay: how long a bot "thinks"; talk: the discussion before each of the day's votes
    # opens, when people play; vote: the least time a day's vote then stays open.
    "online": {"night": 90, "day": 300, "decision": 30, "grace": 10, "bot_delay": 1.5,
               "scale": 1.0, "talk": 60, "vote": 60},
    "table": {"night": 180, "day": 600, "decision": 60, "grace": 15, "bot_delay": 2.0,
              "scale": 1.0, "talk": 90, "vote": 90},
}

# -- limits (docs/security.md lists each with the test that holds it) -----------------------
UNLOAD_AFTER = 5.0  # seconds a finished game stays in memory after its last watcher leaves
LOBBY_UNLOAD_AFTER = 120.0  # seconds an unwatched, untouched lobby stays in memory
LOBBY_LIFETIME = 24 * 3600.0  # seconds after its creation a lobby that never started expires
HOUSEKEEPING_EVERY = 10.0  # seconds between the hub's sweeps for games to unload
MAX_QUEUE = 1000  # messages waiting for one slow connection before it is dropped
MAX_QUEUE_BYTES = 4 * 1024 * 1024  # characters waiting for one slow connection (ditto)
MAX_SOCKETS_PER_TOKEN = 4  # open WebSockets per token; a fifth closes the oldest
MAX_PARTICIPANTS = 200  # people (players, moderator, spectators) in one game, bots aside
MAX_EXTENSION_PER_PHASE = 3600.0  # seconds of extra time the host may add to one phase
ANSWER_RATE, ANSWER_BURST = 4.0, 20  # answers a second per participant, and the burst
SYNC_RATE, SYNC_BURST = 1.0, 3  # `sync` requests a second per socket, and the burst
CLOSE_TIMEOUT = 2.0  # seconds given to a close handshake with a client that does not read

# WebSocket close codes of our own (docs/protocol.md)
CLOSE_SLOW = 4408  # the client did not read its messages: its queue overflowed
CLOSE_REPLACED = 4409  # too many sockets for this token: the oldest was closed


class ServerError(Exception):
    """An error for the client: an HTTP status, a short code and a sentence."""

    def __init__(self, status: int, code: str, detail: str, message: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        # the message catalogue's entry for the sentence, for clients in other languages
        self.message = message
        self.params = params or {}

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.code, "detail": self.detail}
        if self.message:
            out["message"] = self.message
            out["params"] = self.params
        return out


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 random bits


def is_night(edition: Edition, phase: str) -> bool:
    """Is `phase` one whose goings-on must not show in its timing? The edition says."""
    return edition.is_night(phase)


@dataclass
class Participant:
    id: str
    kind: str  # player, moderator or spectator
    name: str
    token_hash: str | None
    bot: bool = False
    active: bool = True
    joined_at: float = field(default_factory=time.time)

    def row(self, game_id: str) -> ParticipantRow:
        return ParticipantRow(self.id, game_id, self.token_hash, self.kind, self.name, self.bot,
                              self.active, self.joined_at)

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "name": self.name, "bot": self.bot}


class Bucket:
    """A token bucket: `rate` actions a second, bursts up to `capacity`."""

    def __init__(self, rate: float, capacity: float) -> None:
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.at = time.monotonic()

    def full(self) -> bool:
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.capacity

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


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


@dataclass
class Op:
    kind: str  # answer, say, tick
    actor: Participant | None = None
    decision: int = 0
    value: Any = None
    seat: str | None = None
    channel: str = ""
    message: Any = None
    future: asyncio.Future[dict[str, Any]] | None = None
    at: float = 0.0
    lock: bool = True  # a day's ballot: the voter is done (False: it may still change)


class LiveGame:
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
        self.participants: dict[str, Participant] = {}
        self.by_hash: dict[str, Participant] = {}
        self.game: Game | None = None  # the engine, as far as it has gone
        self.deadlines: dict[int, float] = {}
        self.bot_due: dict[int, float] = {}
        self.agents: dict[str, Agent] = {}
        self.talked: set[tuple[str, str, str]] = set()
        self.connections: list[Connection] = []
        self.pending: list[Op] = []
        self.pump: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.buckets: dict[str, Bucket] = {}
        self.answer_buckets: dict[str, Bucket] = {}
        self.touched = time.monotonic()  # the last request or socket that used this game
        self.persisted = 0  # log entries stored
        self.broken = False
        self.dirty_participants: list[Participant] = []
        self.unload_scheduled = False
        self.day = DayClock(self.state, self.edition, self.config)

    # -- small accessors -------------------------------------------------------------------

    @property
    def timers(self) -> dict[str, float]:
        timers: dict[str, float] = self.config["timers"]
        return timers

    @property
    def seats(self) -> list[str]:
        seats: list[str] = self.state["seats"]
        return seats

    @property
    def paused(self) -> bool:
        return self.state.get("paused_at") is not None

    @property
    def controlled(self) -> set[str]:
        return set(self.state.get("controlled", ()))

    def host(self) -> Participant | None:
        return self.participants.get(self.state.get("host", ""))

    # -- chairs: where each seat sits around the table (before the start) ------------------

    def seat_positions(self) -> dict[str, int]:
        """Each seat's chair, 1 to the edition's most players, clockwise. `seats` is kept in
        chair order, so the engine gets the table's order; empty chairs in between are simply
        skipped at the start. Games stored before chairs existed sit in `seats` order."""
        stored = self.state.get("positions") or {}
        result: dict[str, int] = {}
        last = 0
        for name in self.seats:
            chair = stored.get(name)
            if not isinstance(chair, int) or chair <= last:
                chair = last + 1
            result[name] = last = chair
        return result

    def _set_positions(self, positions: dict[str, int]) -> None:
        self.seats.sort(key=lambda name: positions[name])
        self.state["positions"] = {name: positions[name] for name in self.seats}

    def take_seat(self, name: str) -> int:
        """Seat a newcomer on the chair after the last one taken (the first empty chair once
        the last chair is taken). The caller has checked that the table is not full."""
        positions = self.seat_positions()
        highest = max(positions.values(), default=0)
        if highest < self.edition.max_players:
            chair = highest + 1
        else:
            used = set(positions.values())
            chair = next(c for c in range(1, self.edition.max_players + 1) if c not in used)
        self.seats.append(name)
        positions[name] = chair
        self._set_positions(positions)
        return chair

    def leave_seat(self, name: str) -> None:
        positions = self.seat_positions()
        self.seats.remove(name)
        positions.pop(name, None)
        self._set_positions(positions)

    def move_seat(self, mover: Participant, chair: int) -> str | None:
        """Move a seated player to `chair` before the start. An empty chair is simply taken; a
        bot's chair is taken and the bot moves to the chair just left (the two swap); another
        person's chair is refused. Returns the name of the bot that moved, if one did."""
        if self.status != LOBBY:
            raise ServerError(409, "started", "seats are chosen before the start")
        if mover.kind != PLAYER or not mover.active or mover.name not in self.seats:
            raise ServerError(409, "not-seated",
                              f"{mover.name} has no seat at the table; join as a player")
        chairs = self.edition.max_players
        if not 1 <= chair <= chairs:
            raise ServerError(422, "no-such-seat", f"the table has seats 1 to {chairs}")
        positions = self.seat_positions()
        before = positions[mover.name]
        if chair == before:
            return None
        occupant = next((name for name, at in positions.items() if at == chair), None)
        if occupant is not None:
            holder = self.seat_holder(occupant)
            if holder is None or not holder.bot:
                raise ServerError(409, "seat-taken",
                                  f"seat {chair} is {occupant}'s; take an empty seat or a "
                                  "bot's seat")
            positions[occupant] = before
        positions[mover.name] = chair
        self._set_positions(positions)
        return occupant

    def seat_holder(self, seat: str) -> Participant | None:
        for p in self.participants.values():
            if p.kind == PLAYER and p.active and p.name == seat:
                return p
        return None

    def moderator(self) -> Participant | None:
        for p in self.participants.values():
            if p.kind == MODERATOR and p.active:
                return p
        return None

    def authenticate(self, token: str | None) -> Participant:
        if not token:
            raise ServerError(401, "unauthorised", "this needs a seat token")
        participant = self.by_hash.get(hash_token(token))
        if participant is None or not participant.active or participant.bot:
            raise ServerError(401, "unauthorised", "this token holds no place in this game")
        return participant

    def check_room(self) -> None:
        """Refuse one more person when the game already holds as many as it may."""
        if sum(1 for p in self.participants.values() if p.active and not p.bot) \
                >= MAX_PARTICIPANTS:
            raise ServerError(409, "full", "There is no room for anyone else in this game.")

    def add_participant(self, participant: Participant) -> None:
        self.participants[participant.id] = participant
        if participant.token_hash:
            self.by_hash[participant.token_hash] = participant

    def next_bot_name(self, also_taken: str = "") -> str:
        """A first name from the edition's list that nobody in the game has, in an order the
        game's seed shuffles, so that a bot's seat reads like a person's and the same names do
        not always mean bots."""
        taken = {p.name.casefold() for p in self.participants.values() if p.active}
        taken |= {name.casefold() for name in self.seats} | {also_taken.casefold()}
        names = list(self.edition.bot_names or self.edition.character_names)
        random.Random(f"{self.config['seed']}:names").shuffle(names)
        number = 1
        while True:
            for name in names or ["Guest"]:
                candidate = name if number == 1 and names else f"{name} {number}"
                if candidate.casefold() not in taken:
                    return candidate
            number += 1

    def rename_bot(self, bot: Participant, name: str) -> None:
        """Before the start: a bot gives up its name (to a person who joins under it)."""
        positions = self.seat_positions()
        index = self.seats.index(bot.name)
        positions[name] = positions.pop(bot.name)
        self.seats[index] = name
        self._set_positions(positions)
        bot.name = name
        self.dirty_participants.append(bot)

    def sees_bots(self, viewer: Participant | None) -> bool:
        """Whether `viewer` is told which seats are bots: the host and the moderator always
        are; everyone else as the host chooses (shown unless the host hides it)."""
        if self.config.get("show_bots", True):
            return True
        return viewer is not None and (viewer.kind == MODERATOR
                                       or viewer.id == self.state.get("host"))

    def public_info(self, viewer: Participant | None = None) -> dict[str, Any]:
        """What anyone with the game's code may know: no cards, no seed, no tokens; which
        seats are bots only to those who may see it (`sees_bots`)."""
        host = self.host()
        seats = []
        positions = self.seat_positions()
        shown = self.sees_bots(viewer)
        for seat in self.seats:
            holder = self.seat_holder(seat)
            bot = bool(holder and holder.bot)
            seats.append({"name": seat, "position": positions[seat],
                          "bot": bot and shown,
                          "id": holder.id if holder else None,
                          "controlled": seat in self.controlled,
                          # a hidden bot is always at the table, as a person who is there
                          "connected": (bot and not shown) or self._connected(holder)})
        moderator = self.moderator()
        spectators = [p.public() for p in self.participants.values()
                      if p.kind == SPECTATOR and p.active]
        info: dict[str, Any] = {
            "code": self.code,
            "edition": self.edition.id,
            "edition_name": self.edition.name,
            "status": self.status,
            "mode": self.config["mode"],
            "moderated": self.config["moderated"],
            "seats": seats,
            "min_players": self.edition.min_players,
            "max_players": self.edition.max_players,
            "host": host.public() if host else None,
            "moderator": moderator.public() if moderator else None,
            "spectators": spectators,
            "options": self.config["options"],
            "settings": self.option_words(),
            "timers": self.timers,
            "setup": {k: self.config[k] for k in ("preset", "deck") if self.config.get(k)},
            "paused": self.paused,
            "show_bots": bool(self.config.get("show_bots", True)),
        }
        if self.state.get("deck"):
            info["deck"] = sorted(self.state["deck"])
        elif self.status == LOBBY:
            info["cards"] = self.cards_preview()
        return info

    def option_words(self) -> list[dict[str, str]]:
        """Each option the game sets, in words: [{id, label, value}]."""
        out = []
        for key, value in self.config["options"].items():
            spec = self.edition.options.get(key)
            if spec is None:
                continue
            try:
                text = spec.describe_value(value, self.edition.roles)
            except (TypeError, ValueError, KeyError, AttributeError):
                text = str(value)  # a game stored before options had schemas
            out.append({"id": key, "label": spec.label, "value": text})
        return out

    def _connected(self, participant: Participant | None) -> bool:
        if participant is None:
            return False
        return any(c.participant is participant and not c.closed for c in self.connections)

    # -- loading ---------------------------------------------------------------------------

    def restore(self, status: str, participants: list[ParticipantRow],
                log: list[LogRow]) -> None:
        self.status = status
        if status == FINISHED:
            self.unload_scheduled = True
            asyncio.get_running_loop().call_later(UNLOAD_AFTER, self._maybe_unload)
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
        self.deadlines = {int(k): float(v) for k, v in self.state.get("deadlines", {}).items()}
        for p in self.participants.values():
            if p.kind == PLAYER and p.bot and p.active:
                self._make_agent(p.name)
        if self.game.storyteller != MANUAL:
            # an automatic storyteller never leaves a question open; answer any at once
            for decision in list(self.game.open.values()):
                if decision.seat == STORYTELLER:
                    self.deadlines[decision.id] = 0.0

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

    def deal_deck(self) -> list[str]:
        if self.config.get("roles"):
            return list(self.config["roles"])
        return deck_for(self.edition, len(self.seats), self.config["options"],
                        self.config.get("preset"), self.config.get("deck"))

    def cards_preview(self) -> dict[str, Any]:
        """Which cards the lobby's set-up deals to the seats taken now, and the table sizes it
        can be dealt to: public, as the edition's table agrees the deck before the deal."""
        config = self.config
        try:
            # checked again: a game stored before options had schemas may hold anything
            options = resolve_options(self.edition.options, config["options"],
                                      self.edition.roles)
        except SetupError as error:
            return {"sizes": [], "deck": None, "problem": str(error)}
        preview: dict[str, Any] = {"sizes": table_sizes(
            self.edition, options, config.get("preset"), config.get("deck"))}
        try:
            deck = self.deal_deck()
            self.edition.check_deck(len(self.seats), deck, options)
        except SetupError as error:
            preview["deck"] = None
            preview["problem"] = str(error)
        else:
            preview["deck"] = deck
        return preview

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
        await self._commit_step(time.time(), [])

    def _make_agent(self, seat: str) -> None:
        rng = random.Random(f"{self.config['seed']}:bot:{seat}")
        self.agents[seat] = bot_for(seat, rng, self.edition.id)

    # -- operations ------------------------------------------------------------------------

    def submit(self, op: Op) -> asyncio.Future[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        op.future = loop.create_future()
        op.at = time.perf_counter()
        if self.broken:
            op.future.set_exception(ServerError(503, "unavailable", "the game is reloading"))
            return op.future
        try:
            self._refuse_early(op)
        except (IllegalAnswer, ServerError) as error:
            op.future.set_exception(error if isinstance(error, ServerError)
                                    else ServerError(422, "illegal", str(error)))
            return op.future
        self.pending.append(op)
        self._kick_pump()
        return op.future

    def _refuse_early(self, op: Op) -> None:
        """Refuse at once, before the pump, what can be refused on sight: answers past their
        rate, and a player's answer or message that cannot be accepted now. The reply then
        never waits for a step that is storing other seats' answers, so its timing cannot
        tell a seat that someone else (a werewolf, at night) has just answered. The pump
        checks everything again."""
        actor, game = op.actor, self.game
        if actor is None or op.kind not in ("answer", "say"):
            return
        if op.kind == "answer":
            self._limit_answers(actor)
        if game is None or actor.kind != PLAYER:
            return
        if self.game.over:
            raise ServerError(409, "over", "the game is over")
        if op.kind == "answer":
            if self.paused:
                raise ServerError(409, "paused", "the game is paused")
            self._own_open_decision(actor, op.decision)
        elif op.channel not in game.channels_for(actor.name):
            game.channel(op.channel)  # an unknown channel gets its own message
            raise IllegalAnswer(f"{actor.name} cannot speak on the {op.channel} channel now")

    def _kick_pump(self) -> None:
        if self.pump is None or self.pump.done():
            self.pump = asyncio.get_running_loop().create_task(self._run_pump())

    async def _run_pump(self) -> None:
        while self.pending and not self.broken:
            ops, self.pending = self.pending, []
            try:
                await self._step(ops)
            except Exception as error:  # noqa: BLE001 - storage failed: reload from the log
                for op in ops:
                    if op.future is not None and not op.future.done():
                        op.future.set_exception(
                            ServerError(503, "storage", f"the answer could not be stored: {error}")
                        )
                await self.hub.unload(self, reason="storage")
                return

    async def _step(self, ops: list[Op]) -> None:
        if self.game is None:
            for op in ops:
                if op.future is not None and not op.future.done():
                    op.future.set_exception(
                        ServerError(409, "not-started", "the game has not started"))
            return
        now = time.time()
        accepted: list[Op] = []
        sources: list[str] = []
        logged = len(self.game.log)
        for op in ops:
            if op.kind == "tick":
                continue
            before = len(self.game.log)
            try:
                self._apply(op, now)
            except (IllegalAnswer, ServerError) as error:
                if op.future is not None and not op.future.done():
                    err = error if isinstance(error, ServerError) else ServerError(
                        422, "illegal", str(error), error.code,
                        {k: v for k, v in error.params.items()
                         if isinstance(v, (str, int, list))})
                    op.future.set_exception(err)
                continue
            accepted.append(op)
            sources.extend([self._source(op)] * (len(self.game.log) - before))
        # timers and bots that are due
        if not self.paused:
            for _ in range(1000):
                due = self._next_due(now)
                if due is None:
                    break
                before = len(self.game.log)
                kind, decision_id = due
                if kind == "day":
                    sources.extend(self._day_due(decision_id, now))
                    continue
                try:
                    if kind == "timeout" and self.day.holds(decision_id):
                        sources.extend(self._close_day_vote(now))
                        continue
                    if kind == "timeout":
                        timed = self.game.open.get(decision_id)
                        source = "clock" if timed is not None and timed.seat == CLOCK else (
                            "timeout")
                        self._timeout(decision_id, now)
                    else:
                        self._bot_move(decision_id, now)
                        source = "bot"
                except IllegalAnswer:
                    self.deadlines.pop(decision_id, None)
                    self.bot_due.pop(decision_id, None)
                    continue
                sources.extend([source] * (len(self.game.log) - before))
        if not self._step_changed(ops, accepted, logged):
            return  # every request was refused and no clock ran out: nothing to store
        await self._commit_step(now, sources)
        told = time.perf_counter()
        metrics = self.hub.metrics
        metrics.steps += 1
        for op in accepted:
            metrics.add(told - op.at)
            if op.future is not None and not op.future.done():
                op.future.set_result({"ok": True})

    def _step_changed(self, ops: list[Op], accepted: list[Op], logged: int) -> bool:
        """Does this step have anything to store? A refused request writes nothing; a tick
        (a clock that may have run out) always settles and stores."""
        assert self.game is not None
        return (bool(accepted) or len(self.game.log) != logged
                or any(op.kind == "tick" for op in ops))

    def _source(self, op: Op) -> str:
        actor = op.actor
        if actor is None:
            return "server"
        return "moderator" if actor.kind == MODERATOR else "seat"

    def _apply(self, op: Op, now: float) -> None:
        game = self.game
        assert game is not None
        actor = op.actor
        assert actor is not None
        if game.over:
            raise ServerError(409, "over", "the game is over")
        if op.kind == "answer":
            if self.paused:
                raise ServerError(409, "paused", "the game is paused")
            if actor.kind == MODERATOR:
                decision = game.open.get(op.decision)
                if decision is None:
                    raise ServerError(409, "stale", "That question is no longer open.",
                                      "not-open")
                # the moderator keeps the table's time too: they may end a clock's period
                if decision.seat not in (STORYTELLER, CLOCK) and (
                        decision.seat not in self.controlled):
                    raise ServerError(403, "forbidden",
                                      f"take over {decision.seat}'s seat to answer for them")
            elif actor.kind == PLAYER:
                decision = self._own_open_decision(actor, op.decision)
                if actor.name in self.controlled:
                    raise ServerError(403, "controlled",
                                      "the moderator has taken over your seat")
            else:
                raise ServerError(403, "forbidden", "spectators do not answer")
            if self.day.holds(decision.id):
                self._ballot(decision, op.value, op.lock, now)
            else:
                self._answer(decision, op.value, now)
        elif op.kind == "say":
            if actor.kind == PLAYER:
                seat = actor.name
                if seat in self.controlled:
                    raise ServerError(403, "controlled", "the moderator has taken over your seat")
            elif actor.kind == MODERATOR and op.seat:
                seat = op.seat
                if seat not in self.controlled:
                    raise ServerError(403, "forbidden",
                                      f"take over {seat}'s seat to speak for them")
            else:
                raise ServerError(403, "forbidden", "only seated players speak on channels")
            self._say(seat, op.channel, op.message, limit=actor.kind == PLAYER)
        else:
            raise ServerError(400, "unknown", "the server does not know this request")

    def _own_open_decision(self, actor: Participant, decision_id: int) -> Decision:
        """A player's decision ids name only its own questions: an id that is another seat's
        open decision, a closed one or one that never existed all get the very same refusal
        (status, code, sentence, size), so that probing ids tells nobody who is being asked."""
        game = self.game
        assert game is not None
        decision = game.open.get(decision_id)
        if decision is None or decision.seat != actor.name:
            raise ServerError(409, "stale", "That question is no longer open.", "not-open")
        return decision

    def _limit_answers(self, actor: Participant) -> None:
        """Answers are rate-limited per participant, whether they come over HTTP or a
        WebSocket, before anything about the decision is looked at."""
        bucket = self.answer_buckets.get(actor.id)
        if bucket is None:
            bucket = self.answer_buckets[actor.id] = Bucket(ANSWER_RATE, ANSWER_BURST)
        if not bucket.take():
            raise ServerError(429, "rate-limited", "too many answers; wait a moment")

    def _say(self, seat: str, channel: str, message: Any, limit: bool) -> None:
        game = self.game
        assert game is not None
        if channel not in game.channels_for(seat):
            # the same refusal the engine gives, whatever the reason the seat may not speak
            game.channel(channel)  # an unknown channel gets its own message
            raise IllegalAnswer(f"{seat} cannot speak on the {channel} channel now")
        if limit:
            bucket = self.buckets.setdefault(seat, Bucket(rate=0.5, capacity=6))
            if not bucket.take():
                raise ServerError(429, "rate-limited", "too many messages; wait a moment")
        game.say(seat, channel, message)

    def _answer(self, decision: Decision, value: Any, now: float,
                timeout: bool = False) -> None:
        game = self.game
        assert game is not None
        game.answer(decision.id, value, seat=decision.seat, timeout=timeout)
        self.deadlines.pop(decision.id, None)
        self.bot_due.pop(decision.id, None)

    def _timeout(self, decision_id: int, now: float) -> None:
        game = self.game
        assert game is not None
        self.deadlines.pop(decision_id, None)
        decision = game.open.get(decision_id)
        if decision is None:
            return
        if decision.seat == CLOCK:  # the time is up: the clock's own answer, not a timeout
            self._answer(decision, True, now)
            return
        self._answer(decision, self._timeout_answer(decision), now, timeout=True)

    def _timeout_answer(self, decision: Decision) -> Any:
        """What the clock answers for a seat that did not: the storyteller's suggestion; what
        the rules say running out means (the decision's `lapse`: a Wherewolf ballot not cast
        in time is no vote); the default of a question that may be skipped. Only where the
        rules say nothing of a question that must be answered (Cupid's link) is the answer,
        as a last resort, a legal one drawn from the game's seed."""
        if decision.seat == STORYTELLER and decision.suggestion is not None:
            return decision.suggestion
        if decision.lapse is not UNANSWERED:
            return decision.lapse
        if decision.optional:
            return None
        rng = random.Random(f"{self.config['seed']}:timeout:{decision.id}")
        return random_answer(decision, rng)

    def _bot_move(self, decision_id: int, now: float) -> None:
        self.bot_due.pop(decision_id, None)
        game = self.game
        assert game is not None
        decision = game.open.get(decision_id)
        if decision is None:
            return
        seat = decision.seat
        agent = self.agents.get(seat)
        if agent is None or seat in self.controlled:
            return
        seat_view = SeatView(game, seat)
        self._catch_up(agent)
        for channel in game.channels_for(seat):
            key = (seat, channel, game.phase)
            if key in self.talked:
                continue
            self.talked.add(key)
            self._bot_say(agent, channel, seat_view, 3)
        try:
            value = agent.decide(decision, seat_view)
            decision.validate(value)
        except Exception:  # noqa: BLE001 - a confused bot plays a random legal answer
            value = random_answer(decision, agent.rng)
        if decision.id in game.open:
            self._answer(decision, value, now)

    def _bot_say(self, agent: Agent, channel: str, seat_view: SeatView, most: int) -> None:
        try:
            messages = agent.talk(channel, seat_view)
        except Exception:  # noqa: BLE001 - a bot that fails to talk stays silent
            messages = []
        for message in messages[:most]:
            with contextlib.suppress(IllegalAnswer):
                self._say(agent.seat, channel, message, limit=False)
        self._catch_up(agent)

    # -- the day's vote (server/dayclock.py keeps its clock and its ballots) -------------------

    def _is_person(self, seat: str) -> bool:
        """Does a person answer for this seat (its player, or the moderator who took it)?"""
        return seat in self.controlled or seat not in self.agents

    def _ballot(self, decision: Decision, value: Any, lock: bool, now: float) -> None:
        try:
            self.day.ballot(decision, value, lock, now, self._is_person)
        except VoteNotOpen as error:
            raise ServerError(409, "vote-not-open", str(error)) from None

    def _day_due(self, what: tuple[str, Any], now: float) -> list[str]:
        """A bot's word or ballot, or the close, as the day's vote planned them; the sources
        of the log entries it made."""
        game = self.game
        assert game is not None
        kind, detail = what
        if kind == "close":
            return self._close_day_vote(now)
        if kind == "talk":
            agent = self.agents.get(detail)
            if agent is not None and detail not in self.controlled:
                before = len(game.log)
                self._catch_up(agent)
                seat_view = SeatView(game, detail)
                for channel in game.channels_for(detail):
                    self._bot_say(agent, channel, seat_view, 2)
                return ["bot"] * (len(game.log) - before)
        elif kind == "ballot":
            decision_id, final = detail
            decision = game.open.get(decision_id)
            if decision is not None and not self._is_person(decision.seat):
                with contextlib.suppress(IllegalAnswer, VoteNotOpen):
                    self.day.ballot(decision, self._bot_choice(decision), final, now,
                                    self._is_person)
        return []

    def _bot_choice(self, decision: Decision) -> Any:
        game = self.game
        assert game is not None
        agent = self.agents[decision.seat]
        self._catch_up(agent)
        try:
            value = agent.decide(decision, SeatView(game, decision.seat))
            return decision.validate(value)
        except Exception:  # noqa: BLE001 - a confused bot plays a random legal answer
            return random_answer(decision, agent.rng)

    def _close_day_vote(self, now: float) -> list[str]:
        """Hand every ballot of the day's vote to the engine at once. A person who cast none
        did not answer in time (recorded as a timeout); a bot that had not yet made up its
        mind does so now."""
        game = self.game
        assert game is not None
        sources: list[str] = []
        for decision_id, seat, ballot in self.day.close():
            decision = game.open.get(decision_id)
            if decision is None:
                continue
            before = len(game.log)
            timeout = False
            if ballot is MISSING and not self._is_person(seat):
                ballot = self._bot_choice(decision)
            elif ballot is MISSING:
                ballot, timeout = self._timeout_answer(decision), True
            try:
                self._answer(decision, ballot, now, timeout=timeout)
            except IllegalAnswer:
                continue
            source = "timeout" if timeout else "seat" if self._is_person(seat) else "bot"
            sources.extend([source] * (len(game.log) - before))
        return sources

    def _catch_up(self, agent: Agent) -> None:
        game = self.game
        assert game is not None
        if agent.cursor < len(game.events):
            agent.observe(events_for(game, agent.seat, agent.cursor))
            agent.cursor = len(game.events)

    def _next_due(self, now: float) -> tuple[str, Any] | None:
        day = self.day.due(now)
        if day is not None:
            return ("day", day)
        best: tuple[float, str, int] | None = None
        for decision_id, at in self.deadlines.items():
            if at <= now and (best is None or at < best[0]):
                best = (at, "timeout", decision_id)
        for decision_id, at in self.bot_due.items():
            if at <= now and (best is None or at < best[0]):
                best = (at, "bot", decision_id)
        return None if best is None else (best[1], best[2])

    # -- after every step: clocks, storage, telling the seats -----------------------------------

    def _settle_clock(self, now: float) -> None:
        game = self.game
        assert game is not None
        state = self.state
        if state.get("phase_index") != len(game.phases):
            state["phase_index"] = len(game.phases)
            state["phase_end"] = now + self._phase_seconds(game)
            state["phase_started"] = now
        bots = [seat for seat in self.agents
                if seat not in self.controlled and game.player(seat).alive]
        closes = self.day.track(game, now, state["phase_end"], self._is_person, bots)
        if closes is not None:
            state["phase_end"] = max(state["phase_end"], closes)
        voting = set(self.day.held_ids())
        # deadlines for every question the clock runs on
        running = game.open
        self.deadlines = {i: t for i, t in self.deadlines.items() if i in running}
        self.bot_due = {i: t for i, t in self.bot_due.items() if i in running}
        for decision in running.values():
            if decision.id in voting:  # the day's vote: one clock, bots on their own plan
                self.deadlines[decision.id] = self.day.closes
                self.bot_due.pop(decision.id, None)
                continue
            if decision.id not in self.deadlines and not decision.standing:
                # a standing decision ("I am dead", "nominate") waits as long as the flow
                # offers it: it is withdrawn, never timed out on its own
                self.deadlines[decision.id] = self._deadline_for(decision, now)
            if (decision.seat in self.agents and decision.seat not in self.controlled
                    and decision.id not in self.bot_due):
                self.bot_due[decision.id] = now + self.timers.get("bot_delay", 0)
        if game.over:
            self.status = FINISHED
            state.setdefault("finished_at", now)
        state["deadlines"] = {str(k): v for k, v in self.deadlines.items()}

    def _phase_seconds(self, game: Game) -> float:
        """How long this phase lasts as it begins: the longest window the rules give its
        first questions (a clock's, a timed decision's), else the edition's length for the
        phase, else the game's own timer for a night or a day."""
        # (a clock that counts from the phase's beginning ends with the phase: not a window)
        timed = [d.seconds for d in game.open.values()
                 if d.seconds is not None and d.phase == game.phase and d.since != PHASE]
        seconds: float | None = float(max(timed)) if timed else None
        if seconds is None:
            given = self.edition.phase_seconds(game)
            seconds = float(given) if given is not None else None
        if seconds is not None:
            return seconds * float(self.timers.get("scale", 1.0))
        return float(self.timers["night" if is_night(self.edition, game.phase) else "day"])

    def _deadline_for(self, decision: Decision, now: float) -> float:
        timers = self.timers
        end = self.state.get("phase_end")
        if decision.since == PHASE and end is not None:
            # the night's clock ran from the night's beginning: it runs out as the night ends,
            # however soon its turns were over (the phase's end moves with pause and extend)
            return float(end)
        if decision.seconds is not None:  # the rules give this question its own window
            return now + decision.seconds * float(timers.get("scale", 1.0))
        if decision.seat == STORYTELLER:
            return now + timers["decision"]
        night = is_night(self.edition, decision.phase or "")
        if end is None:
            return now + timers["decision"]
        if night:
            at = min(now + timers["decision"], end)
            return at if at - now >= timers["grace"] else now + timers["grace"]
        return end if end - now >= timers["grace"] else now + timers["decision"]

    async def _commit_step(self, now: float, sources: list[str]) -> None:
        game = self.game
        assert game is not None
        self._settle_clock(now)
        entries = game.log[self.persisted:]
        rows = [
            LogRow(self.persisted + i, entry,
                   sources[i] if i < len(sources) and not entry.get("auto") else
                   ("engine" if entry.get("auto") else "server"), now)
            for i, entry in enumerate(entries)
        ]
        people = self.dirty_participants
        self.dirty_participants = []
        await self.store.save(self.id, status=self.status, state=self.state, log=rows,
                              participants=[p.row(self.id) for p in people])
        self.persisted += len(rows)
        self.broadcast()
        self.reschedule()
        if self.status == FINISHED and not self.unload_scheduled:
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

    def reschedule(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.game is None or self.status != RUNNING or self.paused or self.broken:
            return
        times = list(self.deadlines.values()) + list(self.bot_due.values())
        day = self.day.next_time()
        if day is not None:
            times.append(day)
        if not times:
            return
        delay = max(0.0, min(times) - time.time())
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(delay, self._wake)

    def _wake(self) -> None:
        self.timer = None
        if self.broken:
            return
        self.pending.append(Op("tick"))
        self._kick_pump()

    # -- control -----------------------------------------------------------------------------

    async def control(self, action: str, now: float | None = None, **kw: Any) -> None:
        """Pause, resume, extend: changes of the clock, stored like any step."""
        now = now or time.time()
        if self.status != RUNNING:
            raise ServerError(409, "not-running", "the game is not running")
        state = self.state
        if action == "pause":
            if self.paused:
                raise ServerError(409, "paused", "the game is already paused")
            state["paused_at"] = now
        elif action == "resume":
            if not self.paused:
                raise ServerError(409, "not-paused", "the game is not paused")
            shift = now - float(state.pop("paused_at"))
            self._shift(shift)
        elif action == "extend":
            seconds = float(kw["seconds"])
            extended = state.setdefault("extended", {})
            phase = self.game.phase if self.game is not None else ""
            given = float(extended.get(phase, 0.0))
            if given + seconds > MAX_EXTENSION_PER_PHASE:
                raise ServerError(
                    409, "too-much-time",
                    f"This phase has already been given {round(given)} extra seconds; "
                    f"at most {round(MAX_EXTENSION_PER_PHASE)} may be added to one phase.")
            extended[phase] = given + seconds
            decision = kw.get("decision")
            if decision is not None:
                if decision in self.deadlines and self.day.holds(decision):
                    # the day's ballots close together
                    self.day.extend(seconds)
                    for held in self.day.held_ids():
                        self.deadlines[held] = self.day.closes
                    self.state["phase_end"] = max(self.state.get("phase_end") or 0,
                                                  self.day.closes)
                elif decision in self.deadlines:
                    self.deadlines[decision] += seconds
                elif self.game is not None and decision in self.game.open:
                    raise ServerError(409, "no-clock",
                                      "That question waits without a clock; add time to the "
                                      "phase instead.")
                else:
                    raise ServerError(409, "stale", "That question has already been answered.")
                self.state["deadlines"] = {str(k): v for k, v in self.deadlines.items()}
            else:
                self._shift(seconds)
        await self.store.save(self.id, state=self.state)
        self.refresh()

    def refresh(self) -> None:
        """Send every connection its view again (the clock or the controls changed)."""
        for connection in self.connections:
            if connection.signature is not None:
                connection.signature = ()
        self.broadcast()
        self.reschedule()

    def _shift(self, seconds: float) -> None:
        self.day.shift(seconds)
        self.deadlines = {k: v + seconds for k, v in self.deadlines.items()}
        self.bot_due = {k: v + seconds for k, v in self.bot_due.items()}
        if self.state.get("phase_end") is not None:
            self.state["phase_end"] += seconds
        self.state["deadlines"] = {str(k): v for k, v in self.deadlines.items()}

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
        night = self._night_clock()
        if participant.kind == MODERATOR and night is not None:
            # every turn of the night is over, and dawn waits for the night's clock: the
            # moderator is told why nothing happens, and until when
            clock["curtain"] = {"until": self.deadlines.get(night.id),
                                "players_see": night.phase}
        return clock

    def _night_clock(self) -> Decision | None:
        """The night's clock, when it is what the game waits for (core.night.dawn_waits)."""
        if self.game is None:
            return None
        return next((d for d in self.game.open.values()
                     if d.seat == CLOCK and d.since == PHASE), None)

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
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
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
            live.pending.append(Op("tick"))
            live._kick_pump()
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
