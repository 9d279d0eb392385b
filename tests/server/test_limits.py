"""Nothing a client does grows without bound: sockets per token, a socket's outgoing queue (in
characters as in messages), sync requests, answers and chat, game creation, lobbies that never
start, finished games, the SQLite write-ahead log. And a refused request writes nothing."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from wolfsbane.server import live as live_module
from wolfsbane.server.live import (
    ANSWER_BURST,
    CLOSE_REPLACED,
    CLOSE_SLOW,
    MAX_EXTENSION_PER_PHASE,
    MAX_PARTICIPANTS,
    MAX_QUEUE_BYTES,
    MAX_SOCKETS_PER_TOKEN,
    SYNC_BURST,
    Connection,
    Participant,
)
from wolfsbane.server.storage import WAL_TRUNCATE_ABOVE, GameRow, Store

from .helpers import FAST, Seat, Server, api, auth, create, start, table

LONG = {"night": 600.0, "day": 600.0, "decision": 600.0, "grace": 1.0, "bot_delay": 0.0}


# -- a socket's outgoing queue ------------------------------------------------------------------

def stuck_connection() -> tuple[Connection, list[int]]:
    """A connection whose client never reads: every send waits forever."""
    closed: list[int] = []

    async def send(text: str) -> None:
        await asyncio.Event().wait()

    async def close(code: int) -> None:
        closed.append(code)

    who = Participant("p1", "player", "P1", None)
    return Connection(who, 0, send, close), closed


def test_a_socket_that_does_not_read_is_dropped_once_its_queue_passes_the_character_limit(
) -> None:
    async def main() -> None:
        connection, closed = stuck_connection()
        connection.start()
        chunk = {"type": "update", "view": {"text": "x" * 100_000}}
        pushed = 0
        while not connection.closed:
            connection.push(chunk)
            pushed += 1
            assert pushed < 1000
        await asyncio.sleep(0.05)
        assert closed == [CLOSE_SLOW]
        assert pushed * 100_000 <= MAX_QUEUE_BYTES + 2 * 100_050
        assert connection.queue.empty() and connection.queued_chars == 0

    asyncio.run(main())


def test_one_message_larger_than_the_limit_still_reaches_a_reading_client() -> None:
    async def main() -> None:
        sent: list[str] = []

        async def send(text: str) -> None:
            sent.append(text)

        async def close(code: int) -> None:
            pass

        connection = Connection(Participant("p1", "player", "P1", None), 0, send, close)
        connection.start()
        connection.push({"type": "snapshot", "view": "y" * (MAX_QUEUE_BYTES + 10)})
        await asyncio.sleep(0.05)
        assert len(sent) == 1 and not connection.closed

    asyncio.run(main())


def test_a_socket_that_does_not_read_is_dropped_once_its_queue_passes_the_message_limit(
) -> None:
    async def main() -> None:
        connection, closed = stuck_connection()
        connection.start()
        for _ in range(live_module.MAX_QUEUE + 5):
            connection.push({"type": "pong"})
        await asyncio.sleep(0.05)
        assert closed == [CLOSE_SLOW] and connection.queue.empty()

    asyncio.run(main())


# -- sockets, syncs, answers and chat ---------------------------------------------------------

def test_a_token_holds_at_most_four_sockets_and_a_fifth_closes_the_oldest(
    server: Server,
) -> None:
    code, tokens = table(server, 5, timers=LONG)
    start(server, code, tokens["P0"])

    async def main() -> None:
        seats = [Seat(server, code, tokens["P1"], f"P1-{i}") for i in range(MAX_SOCKETS_PER_TOKEN)]
        for seat in seats:
            await seat.connect()
        newest = Seat(server, code, tokens["P1"], "P1-new")
        await newest.connect()
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await seats[0].until(lambda m: False, timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_REPLACED
        for seat in [*seats[1:], newest]:
            await seat.send({"type": "ping", "ref": 1})
            assert (await seat.until(lambda m: m.get("type") == "pong"))["ref"] == 1
            await seat.close()

    asyncio.run(main())


def test_sync_requests_are_rate_limited_and_coalesced(server: Server) -> None:
    code, tokens = table(server, 5, timers=LONG)
    start(server, code, tokens["P0"])

    async def main() -> None:
        seat = Seat(server, code, tokens["P2"], "P2")
        await seat.connect()
        for _ in range(12):
            await seat.send({"type": "sync", "cursor": 0})
        replies: list[dict[str, Any]] = []
        with pytest.raises(TimeoutError):
            while True:
                replies.append(await seat.recv(timeout=1.5))
        snapshots = [m for m in replies if m["type"] == "snapshot"]
        limited = [m for m in replies if m.get("error") == "rate-limited"]
        assert 1 <= len(snapshots) <= SYNC_BURST
        assert len(snapshots) + len(limited) <= 12 and limited
        await seat.close()

    asyncio.run(main())


def game_row(server: Server, code: str) -> tuple[float, int]:
    with sqlite3.connect(server.db) as db:
        (updated, game_id), = db.execute("SELECT updated_at, id FROM games WHERE code = ?",
                                         (code,)).fetchall()
        (log,), = db.execute("SELECT count(*) FROM answer_log WHERE game_id = ?",
                             (game_id,)).fetchall()
    return float(updated), int(log)


def test_answers_are_rate_limited_alike_over_http_and_the_socket_and_refusals_write_nothing(
    server: Server,
) -> None:
    code, tokens = table(server, 5, timers=LONG)
    start(server, code, tokens["P0"])
    time.sleep(0.3)
    stored = game_row(server, code)
    with api(server) as client:
        url = f"/api/games/{code}"
        h = auth(tokens["P1"])
        statuses = [client.post(url + "/answer", headers=h,
                                json={"decision": 999, "answer": None}).status_code
                    for _ in range(ANSWER_BURST + 10)]
        assert statuses[0] == 409 and 429 in statuses
        assert statuses.count(409) <= ANSWER_BURST + 3
        refused_chat = [client.post(url + "/say", headers=h,
                                    json={"channel": "werewolves", "message": "x"}).status_code
                        for _ in range(10)]
        assert set(refused_chat) == {422}

    async def socket() -> dict[str, Any]:
        seat = Seat(server, code, tokens["P1"], "P1")
        await seat.connect()
        await seat.send({"type": "answer", "decision": 999, "answer": None, "ref": 7})
        reply = await seat.until(lambda m: m.get("ref") == 7)
        await seat.close()
        return reply

    assert asyncio.run(socket())["error"] == "rate-limited"
    assert game_row(server, code) == stored  # not one refused request was written


def test_chat_is_rate_limited_per_seat_over_http_and_the_socket(server: Server) -> None:
    code, tokens = table(server, 5, timers={**LONG, "night": 0.5})
    start(server, code, tokens["P0"])

    async def main() -> list[Any]:
        seat = Seat(server, code, tokens["P1"], "P1")
        await seat.connect()
        await seat.until(lambda m: "village" in (seat.view or {}).get("channels", ()),
                         timeout=30)
        with httpx.Client(base_url=server.url) as client:
            statuses = [client.post(f"/api/games/{code}/say", headers=auth(tokens["P1"]),
                                    json={"channel": "village", "message": "hi"}).status_code
                        for _ in range(8)]
        await seat.send({"type": "say", "channel": "village", "message": "hi", "ref": "s"})
        reply = await seat.until(lambda m: m.get("ref") == "s")
        await seat.close()
        return [statuses, reply]

    statuses, reply = asyncio.run(main())
    assert statuses[0] == 200 and 429 in statuses
    assert reply["error"] == "rate-limited"


# -- per server: creation, lobbies, finished games, the write-ahead log --------------------------

def test_game_creation_is_rate_limited_per_client_and_a_refusal_stores_nothing(
    tmp_path: Path,
) -> None:
    server = Server(str(tmp_path / "w.db"), log=tmp_path / "server.log",
                    env={"WOLFSBANE_CREATE_PER_MINUTE": "20"}).start()
    try:
        with api(server) as client:
            made = [client.post("/api/games", json={"name": "H"}) for _ in range(21)]
        assert [r.status_code for r in made[:20]] == [201] * 20
        assert made[20].status_code == 429
        assert made[20].json()["error"] == "rate-limited"
        with sqlite3.connect(server.db) as db:
            assert db.execute("SELECT count(*) FROM games").fetchone() == (20,)
    finally:
        server.kill()


def test_lobbies_are_not_reloaded_at_restart_and_expire_when_they_never_start(
    tmp_path: Path,
) -> None:
    server = Server(str(tmp_path / "w.db"), log=tmp_path / "server.log").start()
    try:
        fresh = create(server, "Fresh")
        stale = create(server, "Stale")
        server.kill()
        with sqlite3.connect(server.db) as db:
            db.execute("UPDATE games SET created_at = ? WHERE code = ?",
                       (time.time() - live_module.LOBBY_LIFETIME - 60, stale["code"]))
        server.start()
        assert httpx.get(server.url + "/api/health").json()["games"] == 0
        assert httpx.get(f"{server.url}/api/games/{fresh['code']}").status_code == 200
        assert httpx.get(server.url + "/api/health").json()["games"] == 1
        gone = httpx.get(f"{server.url}/api/games/{stale['code']}")
        assert gone.status_code == 404 and gone.json()["error"] == "not-found"
        with sqlite3.connect(server.db) as db:  # the database keeps it
            assert db.execute("SELECT count(*) FROM games").fetchone() == (2,)
    finally:
        server.kill()


def test_a_finished_game_leaves_memory_promptly_and_is_still_served(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "w.db"), log=tmp_path / "server.log").start()
    try:
        made = create(server, "Watcher", **{"as": "spectator"}, timers=FAST)
        code = made["code"]
        with api(server) as client:
            client.post(f"/api/games/{code}/bots", headers=auth(made["token"]),
                        json={"count": 8})
        start(server, code, made["token"])

        async def watch() -> None:
            seat = Seat(server, code, made["token"], "Watcher")
            await seat.connect()
            await seat.until(lambda m: bool((seat.view or {}).get("over")), timeout=60)
            await seat.close()

        asyncio.run(watch())
        deadline = time.time() + live_module.UNLOAD_AFTER * 3 + 5
        while httpx.get(server.url + "/api/health").json()["games"] and time.time() < deadline:
            time.sleep(0.5)
        assert httpx.get(server.url + "/api/health").json()["games"] == 0
        record = httpx.get(f"{server.url}/api/games/{code}/record",
                           headers=auth(made["token"]))
        assert record.status_code == 200 and record.json()["log"]
    finally:
        server.kill()


def test_the_sqlite_write_ahead_log_is_checkpointed_and_cut_back_while_the_server_runs(
    tmp_path: Path,
) -> None:
    path = tmp_path / "wal.db"
    wal = Path(f"{path}-wal")

    async def main() -> int:
        store = Store(str(path))
        store.open()
        try:
            await store.create_game(GameRow("g1", "ABCDEF", "running", "millers-hollow", {},
                                            {}, time.time()))
            biggest = 0
            state = {"padding": "z" * 200_000}
            for i in range(400):  # about 80 MB written through the log
                state["i"] = i
                await store.save("g1", state=state)
                biggest = max(biggest, wal.stat().st_size if wal.exists() else 0)
                if i % 20 == 0:
                    await asyncio.sleep(0.6)  # the checkpointer runs twice a second
            await asyncio.sleep(1.5)
            assert wal.stat().st_size <= WAL_TRUNCATE_ABOVE
            return biggest
        finally:
            store.close()

    biggest = asyncio.run(main())
    assert biggest <= WAL_TRUNCATE_ABOVE * 2


# -- protocol hygiene ---------------------------------------------------------------------------

def test_binary_frames_get_close_code_1003_before_and_after_hello(server: Server) -> None:
    code, tokens = table(server, 5, timers=LONG)

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{code}") as ws:
            await ws.send(b"\x00\x01binary")
            with pytest.raises(websockets.ConnectionClosed) as before:
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            assert before.value.rcvd is not None and before.value.rcvd.code == 1003
        seat = Seat(server, code, tokens["P1"], "P1")
        await seat.connect()
        await seat.ws.send(b"\xff" * 10)
        with pytest.raises(websockets.ConnectionClosed) as after:
            await seat.until(lambda m: False, timeout=5)
        assert after.value.rcvd is not None and after.value.rcvd.code == 1003

    asyncio.run(main())


def test_deeply_nested_json_gets_a_clean_error_and_the_socket_lives_on(server: Server) -> None:
    code, tokens = table(server, 5, timers=LONG)
    deep = "[" * 8000 + "]" * 8000

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{code}") as ws:
            await ws.send(deep)
            reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert reply["error"] == "hello"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
        seat = Seat(server, code, tokens["P1"], "P1")
        await seat.connect()
        await seat.send({"type": "ping", "nested": json.loads("[" * 500 + "]" * 500)})
        await seat.ws.send(deep)
        replies = [await seat.until(lambda m: m["type"] == "error"),
                   await seat.until(lambda m: m["type"] == "error")]
        assert {r["error"] for r in replies} == {"invalid", "malformed"}
        await seat.send({"type": "ping", "ref": "alive"})
        assert (await seat.until(lambda m: m.get("ref") == "alive"))["type"] == "pong"
        await seat.close()

    asyncio.run(main())


def test_a_streamed_body_over_the_limit_gets_413(server: Server) -> None:
    def chunks() -> Any:
        for _ in range(100):
            yield b"x" * 1024

    with api(server) as client:
        r = client.post("/api/games", content=chunks(),
                        headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json() == {"error": "too-large", "detail": "the request body is too large"}


def test_every_error_even_fastapis_own_has_the_documented_shape(server: Server) -> None:
    with api(server) as client:
        responses = [
            client.get("/api/no-such-thing"),
            client.delete("/api/games"),
            client.put("/api/games/ABCDEF/answer"),
            client.post("/api/games", content=b"[" * 20000 + b"]" * 20000,
                        headers={"content-type": "application/json"}),
            client.post("/api/games", content=b"\xff\xfe not json",
                        headers={"content-type": "application/json"}),
            client.get("/api/games/ABCDEF/view?since=many"),
        ]
    for r in responses:
        body = r.json()
        assert 400 <= r.status_code < 500, (r.request.url, r.status_code, r.text)
        assert isinstance(body.get("error"), str) and isinstance(body.get("detail"), str), body
    assert [r.status_code for r in responses[:2]] == [404, 405]


# -- what a host or a crowd can ask of one game ---------------------------------------------

def test_the_extra_time_given_to_one_phase_is_bounded(server: Server) -> None:
    code, tokens = table(server, 5, timers=LONG)
    start(server, code, tokens["P0"])
    host = auth(tokens["P0"])
    with api(server) as client:
        for _ in range(int(MAX_EXTENSION_PER_PHASE // 3600)):
            r = client.post(f"/api/games/{code}/extend", headers=host, json={"seconds": 3600})
            assert r.status_code == 200, r.text
        before = client.get(f"/api/games/{code}/view", headers=host).json()
        r = client.post(f"/api/games/{code}/extend", headers=host, json={"seconds": 60})
        assert r.status_code == 409 and r.json()["error"] == "too-much-time"
        assert "at most" in r.json()["detail"]
        after = client.get(f"/api/games/{code}/view", headers=host).json()
        def deadlines(view: dict[str, Any]) -> Any:
            return {k: v for k, v in (view.get("clock") or {}).items() if k != "now"}

        assert deadlines(after) == deadlines(before)  # the refusal changed nothing


def test_a_game_holds_at_most_its_number_of_people_whichever_way_they_come(
        server: Server) -> None:
    made = create(server, "Host")
    code = made["code"]
    with api(server) as client:
        for i in range(MAX_PARTICIPANTS - 1):
            r = client.post(f"/api/games/{code}/join", json={"name": f"Fan {i}",
                                                              "as": "spectator"})
            assert r.status_code == 201, r.text
        r = client.post(f"/api/games/{code}/join", json={"name": "Late", "as": "spectator"})
        assert r.status_code == 409 and r.json()["error"] == "full"
        assert "no room" in r.json()["detail"]
