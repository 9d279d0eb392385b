"""A game being played on the server: the engine, its wall clock, its seats and its connections.

The engine is pure; everything that has to do with time lives on the server. A `LiveGame` owns
one game and composes the parts that each do one job:

- `lobby.Lobby`: the participants, their tokens, the chairs, what the game's code shows;
- `pump.Pump`: the one task that takes the waiting operations (answers, messages, the clock's
  ticks), checks each actor may do it, applies them to the engine, stores the new log entries
  durably, and only then tells the seats;
- `clock.Clock`: deadlines, the phase's end, pause and extend, the day vote's clock;
- `bots.Bots`: when the server's bots move;
- `fanout.FanOut`: telling the seats, each through `core.view.view` (the only boundary between
  the engine and anyone playing), and only what each may see.

Nights keep their length by a rule of the engine: the server creates each game with
`night_seconds` (its night timer), so every night ends with the clock seat's "night" decision,
which counts from the night's beginning (`since=PHASE`); nothing of dawn exists before that clock
runs out, so how long a night lasts never tells anyone which roles are awake in it. The server
holds nothing back: it only answers the clocks, at their deadlines.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from typing import Any

from ..core import MANUAL, STORYTELLER, Game, IllegalAnswer, SetupError
from ..core.catalog import resolve_options
from ..core.record import play_log
from ..editions import get_edition
from .accounting import Accounting
from .bots import Bots
from .clock import DEFAULT_TIMERS, MAX_EXTENSION_PER_PHASE, Clock, is_night
from .dayclock import DayClock
from .errors import ServerError
from .fanout import (
    CLOSE_REPLACED,
    CLOSE_SLOW,
    CLOSE_TIMEOUT,
    MAX_QUEUE,
    MAX_QUEUE_BYTES,
    MAX_SOCKETS_PER_TOKEN,
    SYNC_BURST,
    SYNC_RATE,
    Connection,
    FanOut,
)
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
from .protocol import PROTOCOL_VERSION
from .pump import ANSWER_BURST, ANSWER_RATE, Bucket, Op, Pump
from .storage import LogRow, ParticipantRow, Store

# the names the rest of the server and its tests import from here, wherever they now live
__all__ = [
    "CLOSE_REPLACED", "CLOSE_SLOW", "CLOSE_TIMEOUT", "MAX_QUEUE", "MAX_QUEUE_BYTES",
    "MAX_SOCKETS_PER_TOKEN", "SYNC_BURST", "SYNC_RATE",
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
        self.fanout = FanOut(self)
        self.accounting = Accounting(self)

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

    def _replay(self, entries: list[dict[str, Any]]) -> Game:
        """The game as these log entries leave it: created as the start created it (from the
        stored deck), with a manual storyteller so that the log's own storyteller answers are
        the ones replayed. Its record is then `Game.record`, the one place that writes one."""
        roles = self.config.get("roles")
        opening = Game(self.edition, self.seats, roles=roles,
                       deck=None if roles else self.state["deck"],
                       options=self.config["options"], seed=self.config["seed"],
                       storyteller=MANUAL,
                       # games started before nights were timed by the engine have none
                       night_seconds=self.state.get("night_seconds"))
        return play_log(opening, entries)

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
        """The clock or the controls changed: tell whoever may see it (both are part of each
        connection's signature, so a seat is sent nothing about another seat's clock)."""
        self.broadcast()
        self.reschedule()

    # -- telling the seats (fanout.py) ---------------------------------------------------------

    def view_for(self, participant: Participant, since: int) -> dict[str, Any]:
        return self.fanout.view_for(participant, since)

    def message_for(self, participant: Participant, since: int,
                    kind: str) -> dict[str, Any]:
        return self.fanout.message_for(participant, since, kind)

    def broadcast(self) -> None:
        self.fanout.broadcast()

    def lobby_changed(self) -> None:
        # what a viewer is told depends on whether it sees the bots and may know the deck:
        # built once for each kind of viewer
        infos: dict[tuple[bool, bool], dict[str, Any]] = {}
        for connection in self.connections:
            viewer = connection.participant
            kind = (self.sees_bots(viewer), self.lobby.knows_deck(viewer))
            if kind not in infos:
                infos[kind] = self.public_info(viewer)
            connection.push({"type": "lobby", "protocol": PROTOCOL_VERSION, "game": infos[kind]})

    def attach(self, connection: Connection, since: int) -> None:
        self.fanout.attach(connection, since)

    def sync(self, connection: Connection, cursor: int) -> None:
        self.fanout.sync(connection, cursor)

    def detach(self, connection: Connection, code: int = 1000) -> None:
        self.fanout.detach(connection, code)

    def drop_participant(self, participant: Participant, code: int = 4403) -> None:
        for connection in list(self.connections):
            if connection.participant is participant:
                connection.push({"type": "closed", "reason": "removed from the game"})
                self.detach(connection, code)

    def hand_seat_to_bot(self, holder: Participant, reason: str, why: str) -> None:
        """A bot plays `holder`'s seat from now on (the host removed its player, or its
        errors passed the table's rule): the token holds no place any more, its sockets are
        told why and closed (4403), and the engine logs and tells everyone at the pump's
        next step."""
        if holder.token_hash:
            self.by_hash.pop(holder.token_hash, None)
        for connection in list(self.connections):
            if connection.participant is holder:
                connection.push({"type": "closed", "reason": why})
                self.detach(connection, 4403)
        holder.token_hash = None
        holder.bot = True
        if holder not in self.dirty_participants:
            self.dirty_participants.append(holder)
        self._make_agent(holder.name)
        self.pump.handovers.append((holder.name, reason))
        self.pump.tick()

    def close_all(self) -> None:
        self.clock.stop()
        for connection in list(self.connections):
            connection.shut(1012)
        self.connections.clear()


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
