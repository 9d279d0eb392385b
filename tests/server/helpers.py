"""A real wolfsbane server in a subprocess, and clients that talk to it over real sockets."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from wolfsbane.agents import random_answer
from wolfsbane.core import Decision

FAST = {"night": 1.0, "day": 4.0, "decision": 1.0, "grace": 0.3, "bot_delay": 0.0, "talk": 0.0,
        "vote": 1.0,
        "scale": 0.03}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """`wolfsbane serve` in a subprocess: start, SIGKILL, start again on the same database."""

    def __init__(self, db: str, port: int | None = None, log: Path | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = log
        # the suite creates many games from one address: lift the creation limit unless a
        # test sets it (tests/server/test_limits.py checks the default)
        self.env = {"WOLFSBANE_CREATE_PER_MINUTE": "100000", **(env or {})}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wolfsbane.cli", "serve", "--port", str(self.port),
             "--db", self.db, "--log-level", "warning"],
            stdout=out, stderr=out,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env},
        )
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("server")
    srv = Server(str(folder / "wolfsbane.db"), log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(str(tmp_path / "wolfsbane.db"), log=tmp_path / "server.log").start()
    yield srv
    srv.kill()


def api(server: Server) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=10)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(server: Server, name: str = "Host", **body: Any) -> dict[str, Any]:
    body.setdefault("timers", FAST)
    with api(server) as client:
        r = client.post("/api/games", json={"name": name, **body})
        assert r.status_code == 201, r.text
        result: dict[str, Any] = r.json()
        return result


def join(server: Server, code: str, name: str, as_: str = "player") -> dict[str, Any]:
    with api(server) as client:
        r = client.post(f"/api/games/{code}/join", json={"name": name, "as": as_})
        assert r.status_code == 201, r.text
        result: dict[str, Any] = r.json()
        return result


def table(server: Server, players: int = 8, **body: Any) -> tuple[str, dict[str, str]]:
    """A game with `players` human seats P0..Pn-1 (P0 hosts); returns code and name->token."""
    made = create(server, "P0", **body)
    code = made["code"]
    tokens = {"P0": made["token"]}
    for i in range(1, players):
        tokens[f"P{i}"] = join(server, code, f"P{i}")["token"]
    return code, tokens


def finished_record(server: Server, code: str, token: str, tries: int = 150) -> dict[str, Any]:
    """The record of a game once it is over (the server refuses it before), polled."""
    with api(server) as client:
        for _ in range(tries):
            r = client.get(f"/api/games/{code}/record", headers=auth(token))
            if r.status_code == 200:
                record: dict[str, Any] = r.json()
                return record
            time.sleep(0.2)
    raise AssertionError("the game did not finish")


def start(server: Server, code: str, token: str) -> None:
    with api(server) as client:
        r = client.post(f"/api/games/{code}/start", headers=auth(token))
        assert r.status_code == 200, r.text



class Seat:
    """One WebSocket client: keeps the latest view and every message it received."""

    def __init__(self, server: Server, code: str, token: str, name: str = "") -> None:
        self.server = server
        self.code = code
        self.token = token
        self.name = name
        self.ws: Any = None
        self.cursor = 0
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.events: dict[int, dict[str, Any]] = {}
        self.view: dict[str, Any] | None = None
        self.clock: dict[str, Any] = {}
        self.conflicts: list[tuple[dict[str, Any], dict[str, Any]]] = []

    async def connect(self, cursor: int | None = None) -> dict[str, Any]:
        self.ws = await websockets.connect(f"{self.server.ws}/ws/{self.code}",
                                           max_size=2**22, open_timeout=10)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token,
                                       "cursor": self.cursor if cursor is None else cursor}))
        return await self.recv()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        self.messages.append(message)
        if message.get("type") in ("snapshot", "update"):
            seen = message["view"]
            for event in seen["events"]:
                known = self.events.get(event["index"])
                if known is not None and known != event:
                    self.conflicts.append((known, event))
                self.events[event["index"]] = event
            self.cursor = seen["cursor"]
            # an update leaves out `you` and `players` when they have not changed
            self.view = seen if message["type"] == "snapshot" else {**(self.view or {}), **seen}
            self.clock = message["clock"]
        return message

    async def until(self, test: Any, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: waited in vain; last view {self.view}")
            message = await self.recv(left)
            if test(message):
                return message


async def play_randomly(seat: Seat, rng: random.Random, *, talk: bool = True,
                        stop_after: float = 120, answer_as: str | None = None) -> None:
    """Answer every open decision at random (legal answers), and now and then say something,
    until the game is over."""
    answered: set[int] = set()
    said: set[tuple[str, str]] = set()
    deadline = time.monotonic() + stop_after
    while time.monotonic() < deadline:
        view = seat.view
        if view is not None and view["over"]:
            return
        if view is not None:
            if talk:
                for channel in view["channels"]:
                    key = (channel, view["phase"])
                    if key not in said:
                        said.add(key)
                        await seat.send({"type": "say", "channel": channel,
                                         "message": f"hello from {seat.name}"})
            for d in view["decisions"]:
                if d["id"] in answered:
                    continue
                if answer_as is not None and d["seat"] != answer_as:
                    continue
                answered.add(d["id"])
                value = random_answer(Decision.from_dict(d), rng)
                if d["kind"] == "arrange":
                    value = d.get("suggestion")
                await seat.send({"type": "answer", "decision": d["id"], "answer": value,
                                 "ref": d["id"]})
        try:
            message = await seat.recv(timeout=max(0.1, deadline - time.monotonic()))
        except TimeoutError:
            break
        if message.get("type") == "error" and message.get("error") == "vote-not-open":
            answered.discard(message.get("ref"))  # the village is still talking: vote later
    raise TimeoutError(f"{seat.name}: the game did not end")


def seat_events(game: Any, seat: str | None) -> dict[int, dict[str, Any]]:
    """What core.view shows `seat` (None: a spectator), keyed by the seat's own numbering."""
    from wolfsbane.core.view import PUBLIC_SEAT, visible_events

    return {e["index"]: e for e in visible_events(game, seat or PUBLIC_SEAT)}
