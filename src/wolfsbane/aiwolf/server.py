"""`wolfsbane aiwolf serve`: a WebSocket server that AIWolf NLP agents connect to.

An agent connects (any path; AIWolf's own clients use `ws://HOST:PORT/ws`) and is asked its
NAME within the response timeout; it then waits in the room. As soon as enough agents wait to
fill a village's AIWolf seats (the table's size less the seats our bots play), a game starts
with them, their seats drawn from the game's seed, and the room fills again. Each game runs
on its own (`master.GameMaster`); its record (with the agents' names, the whole talk and the
error accounts) and its AIWolf log are written to `out` when it ends, and the agents'
connections are closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .log import aiwolf_log
from .master import AgentGone, GameMaster, GameResult
from .packets import Rules


class SocketRemote:
    """An agent's WebSocket: what it sends waits in a queue until the master asks."""

    def __init__(self, socket: ServerConnection) -> None:
        self.socket = socket
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self.closed = asyncio.Event()
        self.gone = False  # the agent closed its connection

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                text = message if isinstance(message, str) else message.decode("utf-8", "replace")
                self._queue.put_nowait(text.rstrip("\r\n"))
        except ConnectionClosed:
            pass
        finally:
            self.gone = True
            self._queue.put_nowait(None)  # the end: every later receive says so

    async def send(self, text: str) -> None:
        try:
            await self.socket.send(text)
        except ConnectionClosed as gone:
            raise AgentGone from gone

    async def receive(self) -> str:
        item = await self._queue.get()
        if item is None:
            self._queue.put_nowait(None)
            raise AgentGone
        return item

    def drain(self) -> None:
        while not self._queue.empty():
            if self._queue.get_nowait() is None:
                self._queue.put_nowait(None)
                return

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close()
        self.closed.set()


NAME_LENGTH = 40
MESSAGE_BYTES = 64 * 1024  # an answer is a name or a short utterance: far less than this


def clean_name(name: str) -> str:
    """What an agent answered to NAME, as the record and the log keep it: printable, one
    word per space, no comma (the log is comma-separated), at most NAME_LENGTH characters;
    an agent that gives none is "agent"."""
    printable = "".join(ch if ch.isprintable() else " " for ch in name)
    words = " ".join(printable.replace(",", " ").split())
    return words[:NAME_LENGTH].strip() or "agent"


def name_packet() -> str:
    return json.dumps({"request": "NAME", "info": None, "setting": None,
                       "talk_history": None, "whisper_history": None})


@dataclass
class Room:
    """The waiting room, and the games it started."""

    players: int = 5
    composition: str | None = None
    bots: int = 0
    games: int | None = None  # stop after this many games (None: serve until stopped)
    seed: int = 0
    rules: Rules = field(default_factory=Rules)
    options: dict[str, Any] | None = None
    out: Path | None = None
    on_result: Callable[[GameResult], None] | None = None
    results: list[GameResult] = field(default_factory=list)
    failures: list[BaseException] = field(default_factory=list)  # games that broke off
    _waiting: list[tuple[SocketRemote, str]] = field(default_factory=list)
    _started: int = 0
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    finished: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        if not 0 <= self.bots < self.players:
            raise ValueError("our bots may play some seats, not all of them")

    async def handler(self, socket: ServerConnection) -> None:
        remote = SocketRemote(socket)
        try:
            await remote.send(name_packet())
            name = await asyncio.wait_for(remote.receive(), self.rules.response_timeout)
        except (TimeoutError, AgentGone):
            await remote.close()
            return
        if self.games is not None and self._started >= self.games:
            await remote.close()
            return
        self._waiting.append((remote, clean_name(name)))
        self._start_games()
        await remote.closed.wait()  # the connection lives as long as its game

    def _start_games(self) -> None:
        wanted = self.players - self.bots
        self._waiting = [waiting for waiting in self._waiting if not waiting[0].gone]
        while len(self._waiting) >= wanted and (self.games is None
                                                 or self._started < self.games):
            joined, self._waiting = self._waiting[:wanted], self._waiting[wanted:]
            seed = self.seed + self._started
            self._started += 1
            task = asyncio.get_running_loop().create_task(self._play(joined, seed))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _play(self, joined: list[tuple[SocketRemote, str]], seed: int) -> None:
        # the seats follow the seed and the agents' names, never who connected first
        joined = sorted(joined, key=lambda waiting: waiting[1])
        seats: list[tuple[SocketRemote, str] | None] = [*joined, *([None] * self.bots)]
        random.Random(f"{seed}:aiwolf-seats").shuffle(seats)
        master = GameMaster([s[0] if s else None for s in seats],
                            [s[1] if s else "" for s in seats], composition=self.composition,
                            options=self.options, seed=seed, rules=self.rules,
                            game_id=f"wolfsbane-{seed}")
        try:
            result = await master.run()
            self.results.append(result)
            if self.out is not None:
                self._save(result)
            if self.on_result is not None:
                self.on_result(result)
        except Exception as error:  # noqa: BLE001 - kept for the caller, the room goes on
            self.failures.append(error)
        finally:
            for remote, _name in joined:
                await remote.close()
            if self.games is not None and len(self.results) + len(self.failures) >= self.games:
                self.finished.set()

    def _save(self, result: GameResult) -> None:
        assert self.out is not None
        self.out.mkdir(parents=True, exist_ok=True)
        game_id = result.record["aiwolf"]["game_id"]
        (self.out / f"{game_id}.json").write_text(json.dumps(result.record, indent=1))
        (self.out / f"{game_id}.log").write_text("\n".join(aiwolf_log(result.record)) + "\n")


async def run_room(room: Room, host: str = "127.0.0.1", port: int = 8080,
                   ready: Callable[[int], None] | None = None) -> list[GameResult]:
    """Serve the room until its games are played (or forever without a number of games).
    `ready(port)` is called once the server listens (port 0: any free port)."""
    async with serve(room.handler, host, port, ping_interval=None, close_timeout=2,
                     max_size=MESSAGE_BYTES) as server:
        bound = next(iter(server.sockets)).getsockname()[1]
        if ready is not None:
            ready(bound)
        await room.finished.wait()
    if room.failures:
        raise room.failures[0]
    return room.results
