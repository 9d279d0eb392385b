"""Nothing is lost: SIGKILL the server mid-game, start it again, and every game resumes exactly
where it was, clocks included; clients pick up from their cursor. On SQLite, and on PostgreSQL
when WOLFSBANE_TEST_POSTGRES names a database (.ci/run starts one)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition

from .helpers import Seat, Server, api, auth, create, join, play_randomly, seat_events, start, table
from .test_storage import POSTGRES, postgres_schema_url


@pytest.fixture(params=["sqlite", "postgres"])
def fresh_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A server of its own, on a SQLite file or on a fresh PostgreSQL schema."""
    if request.param == "postgres":
        if not POSTGRES:
            pytest.skip("set WOLFSBANE_TEST_POSTGRES=postgresql://... to test PostgreSQL")
        urls = postgres_schema_url()
        url = next(urls)
    else:
        urls = None
        url = str(tmp_path / "wolfsbane.db")
    srv = Server(url, log=tmp_path / "server.log").start()
    try:
        yield srv
    finally:
        srv.kill()
        if urls is not None:
            urls.close()  # drops the schema


def all_views(server: Server, code: str, tokens: dict[str, str]) -> dict[str, Any]:
    out = {}
    with api(server) as client:
        for name, token in tokens.items():
            seen = client.get(f"/api/games/{code}/view", headers=auth(token)).json()
            seen["clock"].pop("now")
            out[name] = seen
    return out


def test_a_killed_server_resumes_every_game_exactly_clocks_included(
    fresh_server: Server,
) -> None:
    server = fresh_server
    slow = {"night": 120.0, "day": 120.0, "decision": 60.0, "grace": 1.0, "bot_delay": 0.0}
    games = []
    for edition in ("millers-hollow", "licos"):
        code, tokens = table(server, 8, edition=edition, timers=slow)
        start(server, code, tokens["P0"])
        games.append((code, tokens))
    lobby = create(server, "Early", timers=slow)
    join(server, lobby["code"], "Second")
    # a few answers so that the log is not empty
    with api(server) as client:
        for code, tokens in games:
            for token in tokens.values():
                seen = client.get(f"/api/games/{code}/view", headers=auth(token)).json()
                for d in seen["view"]["decisions"]:
                    client.post(f"/api/games/{code}/answer", headers=auth(token),
                                json={"decision": d["id"], "answer": None})
    for _round in range(3):
        before = {code: all_views(server, code, tokens) for code, tokens in games}
        lobby_before = httpx.get(f"{server.url}/api/games/{lobby['code']}").json()
        server.kill()
        server.start()
        after = {code: all_views(server, code, tokens) for code, tokens in games}
        assert after == before
        assert httpx.get(f"{server.url}/api/games/{lobby['code']}").json() == lobby_before
    # a stranger still gets nothing; the tokens still work
    with api(server) as client:
        assert client.get(f"/api/games/{games[0][0]}/view").status_code == 401


def test_repeated_kills_during_live_play_lose_nothing(fresh_server: Server) -> None:
    server = fresh_server
    # Clocks keep running while the server is down (deadlines are absolute), so the nights
    # are long enough to outlast several restarts on a loaded machine, and the first kill
    # comes early: the game cannot end before the server has been killed twice.
    timers = {"night": 3.0, "day": 6.0, "decision": 3.0, "grace": 0.5, "bot_delay": 0.0,
              "scale": 0.06, "talk": 0.0, "vote": 2.0}
    code, tokens = table(server, 8, timers=timers, preset="classic")
    seats = {name: Seat(server, code, token, name) for name, token in tokens.items()}
    kills = 0

    async def resilient(seat: Seat, rng: random.Random) -> None:
        while True:
            try:
                if seat.ws is None:
                    await seat.connect()
                await play_randomly(seat, rng, stop_after=90)
                return
            except (websockets.ConnectionClosed, OSError, TimeoutError):
                if seat.view is not None and seat.view["over"]:
                    return
                seat.ws = None
                await asyncio.sleep(0.1 + rng.random() * 0.3)

    async def killer() -> None:
        nonlocal kills
        rng = random.Random(1)
        loop = asyncio.get_running_loop()
        for _ in range(4):
            await asyncio.sleep(0.2 + rng.random() * 0.6)
            if all(s.view and s.view["over"] for s in seats.values()):
                return
            server.kill()
            kills += 1
            await loop.run_in_executor(None, server.start)

    async def main() -> None:
        for seat in seats.values():
            await seat.connect()
        start(server, code, tokens["P0"])
        await asyncio.gather(killer(), *(resilient(seat, random.Random(i))
                                         for i, seat in enumerate(seats.values())))

    began = time.time()
    asyncio.run(main())
    assert kills >= 2, "the game ended before the server could be killed twice"
    assert time.time() - began < 120
    with api(server) as client:
        record = client.get(f"/api/games/{code}/record", headers=auth(tokens["P0"])).json()
    game = replay(record, get_edition)
    assert game.over
    for name, seat in seats.items():
        assert not seat.conflicts, (name, seat.conflicts[:2])
        expected = seat_events(game, name)
        assert seat.events == expected, name
