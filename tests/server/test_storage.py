"""The store, against SQLite and (when WOLFSBANE_TEST_POSTGRES names one) PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
import websockets

from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition
from wolfsbane.server.storage import GameRow, LogRow, ParticipantRow, Store

from .helpers import Seat, Server, api, auth, play_randomly, seat_events, start, table

POSTGRES = os.environ.get("WOLFSBANE_TEST_POSTGRES")


def postgres_schema_url() -> Iterator[str]:
    """A fresh schema in the test database, dropped afterwards."""
    import psycopg

    assert POSTGRES is not None
    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "sqlite-full", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    if request.param == "sqlite-full":
        yield f"sqlite:///{tmp_path / 'store.db'}?synchronous=full"
        return
    if not POSTGRES:
        pytest.skip("set WOLFSBANE_TEST_POSTGRES=postgresql://... to test PostgreSQL")
    yield from postgres_schema_url()


def test_the_store_keeps_games_participants_and_an_append_only_log(db_url: str) -> None:
    async def main() -> None:
        store = Store(db_url)
        store.open()
        try:
            now = time.time()
            await store.create_game(GameRow("g1", "ABCDEF", "lobby", "millers-hollow",
                                            {"seed": 5}, {"seats": []}, now))
            person = ParticipantRow("p1", "g1", "hash", "player", "Ana", False, True, now)
            # many writers at once: group commit keeps every one
            await asyncio.gather(*(
                store.save("g1", log=[LogRow(i, {"id": i, "answer": None}, "seat", now)],
                           participants=[person] if i == 0 else None)
                for i in range(50)
            ))
            # the log is append-only: a second entry with the same number is refused...
            with pytest.raises(Exception):  # noqa: B017 - sqlite and psycopg differ
                await store.save("g1", log=[LogRow(3, {"id": 99}, "seat", now)])
            # ...and takes nothing else with it
            await store.save("g1", status="running", state={"seats": ["Ana"], "held": False})
            loaded = await store.load("g1")
            assert loaded is not None
            game, people, log = loaded
            assert game.status == "running" and game.state["seats"] == ["Ana"]
            assert game.config == {"seed": 5}
            assert [p.name for p in people] == ["Ana"]
            assert [row.seq for row in log] == list(range(50))
            assert log[3].entry == {"id": 3, "answer": None}
            assert await store.find_code("ABCDEF") == "g1"
            assert await store.game_ids(("running",)) == ["g1"]
            if store.postgres or store.synchronous == "FULL":
                assert store.commits < 50  # the writes were committed in groups
        finally:
            store.close()

    asyncio.run(main())


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    store = Store(str(path))
    store.open()
    store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.fixture
def pg_url() -> Iterator[str]:
    if not POSTGRES:
        pytest.skip("set WOLFSBANE_TEST_POSTGRES to test PostgreSQL")
    yield from postgres_schema_url()


def test_a_game_on_postgresql_survives_a_kill(pg_url: str, tmp_path: Path) -> None:
    url = pg_url
    server = Server(url, log=tmp_path / "server.log").start()
    try:
        timers = {"night": 1.0, "day": 3.0, "decision": 1.0, "grace": 0.3,
                  "bot_delay": 0.0, "scale": 0.03, "talk": 0.0, "vote": 1.0}
        code, tokens = table(server, 8, timers=timers)
        seats = {n: Seat(server, code, t, n) for n, t in tokens.items()}

        async def resilient(seat: Seat, rng: random.Random) -> None:
            while True:
                try:
                    if seat.ws is None:
                        await seat.connect()
                    await play_randomly(seat, rng, stop_after=60)
                    return
                except (websockets.ConnectionClosed, OSError, TimeoutError):
                    if seat.view is not None and seat.view["over"]:
                        return
                    seat.ws = None
                    await asyncio.sleep(0.2)

        async def killer() -> None:
            await asyncio.sleep(1.0)
            server.kill()
            await asyncio.get_running_loop().run_in_executor(None, server.start)

        async def main() -> None:
            for seat in seats.values():
                await seat.connect()
            start(server, code, tokens["P0"])
            await asyncio.gather(killer(), *(resilient(s, random.Random(i))
                                             for i, s in enumerate(seats.values())))

        asyncio.run(main())
        with api(server) as client:
            record = client.get(f"/api/games/{code}/record",
                                headers=auth(tokens["P0"])).json()
        game = replay(record, get_edition)
        for name, seat in seats.items():
            assert not seat.conflicts
            expected = seat_events(game, name)
            assert seat.events == expected
    finally:
        server.kill()
