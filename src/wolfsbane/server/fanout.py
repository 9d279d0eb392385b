"""Fan-out: telling every connection of a live game what it may now see.

Game state leaves the server only here, through `core.view` for each connection's participant.
After every step `broadcast` sends each connection an update, or nothing when nothing it may
see has changed. Whether something has is decided by one signature of what the connection was
last told (`FanOut.signature`), so that a seat's messages never change because of what only
another seat may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core import STORYTELLER, Game
from ..core.decision import CLOCK
from ..core.view import PUBLIC_SEAT, TABLE_SEAT, public_view, view, visible_count
from .errors import ServerError
from .lobby import MODERATOR, PLAYER, Participant
from .protocol import PROTOCOL_VERSION
from .pump import Bucket

if TYPE_CHECKING:
    from .live import LiveGame

MAX_QUEUE = 1000  # messages waiting for one slow connection before it is dropped
MAX_QUEUE_BYTES = 4 * 1024 * 1024  # characters waiting for one slow connection (ditto)
MAX_SOCKETS_PER_TOKEN = 4  # open WebSockets per token; a fifth closes the oldest
SYNC_RATE, SYNC_BURST = 1.0, 3  # `sync` requests a second per socket, and the burst
CLOSE_TIMEOUT = 2.0  # seconds given to a close handshake with a client that does not read

# WebSocket close codes of our own (docs/protocol.md)
CLOSE_SLOW = 4408  # the client did not read its messages: its queue overflowed
CLOSE_REPLACED = 4409  # too many sockets for this token: the oldest was closed
CLOSE_NO_PONG = 4410  # the client asked for liveness pings and did not answer one in time

# what a connection was last told, its events apart (FanOut.signature)
Signature = tuple[Any, ...]


class Connection:
    """One WebSocket: who it speaks for, what it has been sent, and its outgoing queue.

    The queue is bounded in messages and in characters: a client that stops reading is
    dropped (close code CLOSE_SLOW) rather than allowed to hold the server's memory."""

    def __init__(self, participant: Participant, cursor: int,
                 send: Callable[[str], Any], close: Callable[[int], Any]) -> None:
        self.participant = participant
        self.cursor = cursor
        # None: nothing of the game sent yet (the next message is a snapshot)
        self.signature: Signature | None = None
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
        self.pings: set[int] = set()  # the liveness pings sent and not yet answered

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


class FanOut:
    """Tells a live game's connections what they may see: a snapshot when one attaches or
    asks (`sync`), and after every step an update to each connection whose signature or count
    of events moved, and to no other."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live

    def view_for(self, participant: Participant, since: int) -> dict[str, Any]:
        """The one way game state leaves the server: through core.view for this participant."""
        game, seat = self._viewpoint(participant)
        if participant.kind in (MODERATOR, PLAYER):
            return view(game, seat, since)
        return public_view(game, since, seat)

    def clock_for(self, participant: Participant, seen: dict[str, Any]) -> dict[str, Any]:
        live = self.live
        deadlines = live.deadlines
        ids = [d["id"] for d in seen["decisions"]]
        clock = {
            "now": time.time(),
            "paused": live.paused,
            "phase_deadline": live.state.get("phase_end"),
            "deadlines": {str(i): deadlines[i] for i in ids if i in deadlines},
            "vote": self._vote_standing(participant),
        }
        talk = self._talk_standing(participant)
        if talk is not None:
            clock["talk"] = talk
        countdowns = self._countdowns()
        if countdowns is not None:
            clock["countdowns"] = countdowns
        curtain = self._curtain(participant)
        if curtain is not None:
            # every turn of the night is over, and dawn waits for the night's clock: the
            # moderator is told why nothing happens, and until when
            clock["curtain"] = curtain
        return clock

    def _countdowns(self) -> dict[str, float] | None:
        """In a game played in the dark, the app's clocks are the table's: the night's and the
        day's countdowns, the ghosts' wait, shown on the narrator device and on every phone.
        Each running clock's end, by its name (None in other editions, whose clocks pace
        turns that must not show)."""
        live = self.live
        game = live.game
        if game is None or not live.edition.played_in_the_dark:
            return None
        deadlines = live.deadlines
        return {d.name: deadlines[d.id] for d in game.open.values()
                if d.seat == CLOCK and d.id in deadlines}

    def _curtain(self, participant: Participant) -> dict[str, Any] | None:
        """For the moderator, while dawn waits for the night's clock: until when, and the
        night the players still see."""
        if participant.kind != MODERATOR:
            return None
        night = self.live.clock.night_clock()
        if night is None:
            return None
        return {"until": self.live.deadlines.get(night.id), "players_see": night.phase}

    def _vote_standing(self, participant: Participant) -> dict[str, Any] | None:
        """How the day's vote stands, as this participant may see it (server/dayclock.py)."""
        live = self.live
        if live.game is None:
            return None
        return live.day.standing(
            participant.name if participant.kind == PLAYER else None,
            everything=participant.kind == MODERATOR,
            ballots_shown=live.edition.ballots_shown(live.game))

    def _talk_standing(self, participant: Participant) -> dict[str, Any] | None:
        """The day's talk (whose turn, your counts; free talk's guaranteed window)."""
        if self.live.game is None:
            return None
        return self.live.day.talk_standing(
            participant.name if participant.kind == PLAYER else None)

    def message_for(self, participant: Participant, since: int,
                    kind: str) -> dict[str, Any]:
        seen = self.view_for(participant, since)
        out: dict[str, Any] = {"type": kind, "protocol": PROTOCOL_VERSION, "view": seen,
                               "clock": self.clock_for(participant, seen)}
        if participant.kind == MODERATOR:
            out["controlled"] = sorted(self.live.controlled)
        return out

    def _viewpoint(self, participant: Participant) -> tuple[Game, str]:
        """The game and the seat core.view numbers a participant's events for."""
        game = self.live.game
        if game is None:
            raise ServerError(409, "not-started", "the game has not started")
        if participant.kind == MODERATOR:
            return game, STORYTELLER
        if participant.kind == PLAYER:
            return game, participant.name
        # the table screen of a game around one table hears the day's talk, bots' included
        return game, TABLE_SEAT if self.live.config["mode"] == "table" else PUBLIC_SEAT

    def signature(self, participant: Participant) -> Signature:
        """Everything a participant's messages tell it, its events apart: the one measure of
        whether it must be told something. A snapshot records it and `broadcast` compares it,
        so the two can never disagree. It is built from the game's state, not from a view, so
        that a connection with nothing new costs next to nothing; and it reads only what this
        participant may see (its own decisions and their clocks), so that another seat's
        secret decision never changes it."""
        live = self.live
        game, seat = self._viewpoint(participant)
        if participant.kind == MODERATOR:
            ids = tuple(game.open)
            channels: tuple[str, ...] = ()
            controlled = tuple(sorted(live.controlled))
        elif participant.kind == PLAYER:
            ids = tuple(d.id for d in game.open.values() if d.seat == seat)
            channels = tuple(game.channels_for(seat))
            controlled = ()
        else:
            ids, channels, controlled = (), (), ()
        deadlines = live.deadlines
        return (
            game.phase,
            ids,
            channels,
            game.over,
            live.paused,
            live.state.get("phase_end"),
            tuple((i, deadlines[i]) for i in ids if i in deadlines),
            controlled,
            _frozen(self._vote_standing(participant)),
            _frozen(self._curtain(participant)),
            _frozen(self._countdowns()),
            _frozen(self._talk_standing(participant)),
        )

    def _send_snapshot(self, connection: Connection, since: int) -> None:
        """The whole view from `since` on (before the start: the lobby)."""
        live = self.live
        if live.game is None:
            connection.push({"type": "lobby", "protocol": PROTOCOL_VERSION,
                             "game": live.public_info(connection.participant)})
            return
        participant = connection.participant
        message = self.message_for(participant, since, "snapshot")
        connection.cursor = message["view"]["cursor"]
        connection.signature = self.signature(participant)
        connection.last_you = message["view"].get("you")
        connection.last_players = message["view"].get("players")
        connection.push(message)

    def broadcast(self) -> None:
        """Tell every connection what it may now see that it has not been told: an update
        with the new events and whatever else changed, or nothing at all when its signature
        and its count of events are as they were."""
        live = self.live
        if live.game is None:
            return
        for connection in list(live.connections):
            if connection.closed:
                continue
            participant = connection.participant
            game, seat = self._viewpoint(participant)
            signature = self.signature(participant)
            if (signature == connection.signature
                    and visible_count(game, seat) == connection.cursor):
                continue
            kind = "update" if connection.signature is not None else "snapshot"
            message = self.message_for(participant, connection.cursor, kind)
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

    def attach(self, connection: Connection, since: int) -> None:
        live = self.live
        self._limit_sockets(connection.participant)
        live.connections.append(connection)
        live.touched = time.monotonic()
        connection.start()
        self._send_snapshot(connection, since)

    def _limit_sockets(self, participant: Participant) -> None:
        """At most MAX_SOCKETS_PER_TOKEN open sockets per token: making room for a new one
        closes the oldest (CLOSE_REPLACED), so a reconnecting phone is never locked out."""
        mine = [c for c in self.live.connections
                if c.participant is participant and not c.closed]
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
        self._send_snapshot(connection, cursor)

    def detach(self, connection: Connection, code: int = 1000) -> None:
        with contextlib.suppress(ValueError):
            self.live.connections.remove(connection)
        connection.shut(code)


def _frozen(value: dict[str, Any] | None) -> str | None:
    """A part of a signature that no event marks (the day's vote standing: a ballot changes
    no event, yet the seats must be told), as a comparable text."""
    return None if value is None else json.dumps(value, sort_keys=True)
