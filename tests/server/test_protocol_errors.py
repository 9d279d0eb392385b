"""Timeouts and errors accounted, over real sockets: a missed deadline is a timeout in the
record (not an abstention); the liveness ping a hello asks for; an agent whose illegal answers
and timeouts pass the table's ratio is replaced by a bot, the game goes on, and everyone is told
(PlayedByBot, in the record too); and /docs works offline."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import httpx
import pytest
import websockets

from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition

from .helpers import FAST, Seat, Server, api, auth, create, finished_record, join, start


def agent_and_bots(server: Server, **body: Any) -> tuple[str, str, str]:
    """Ann (an agent) and seven bots, watched by a spectator: code, Ann's and the
    spectator's tokens."""
    # (a seed with which Ann lives through the first night, to be asked something)
    made = create(server, "Ann", preset="basic", seed=11, **body)
    with api(server) as client:
        r = client.post(f"/api/games/{made['code']}/bots", json={"count": 7},
                        headers=auth(made["token"]))
        assert r.status_code == 201, r.text
    watcher = join(server, made["code"], "Watcher", "spectator")["token"]
    return made["code"], made["token"], watcher


def test_a_missed_deadline_is_a_timeout_in_the_record_not_an_abstention(server: Server) -> None:
    code, token, _ = agent_and_bots(server, timers={**FAST, "day": 2.0})
    ann = Seat(server, code, token, "Ann")

    async def main() -> None:
        await ann.connect()
        start(server, code, token)
        # Ann answers her first question with a deliberate abstention where she may, and
        # then nothing at all
        message = await ann.until(lambda m: any(d["optional"] for d in
                                                m.get("view", {}).get("decisions", ())), 60)
        chosen = next(d for d in message["view"]["decisions"] if d["optional"])
        await ann.send({"type": "answer", "decision": chosen["id"], "answer": None,
                        "ref": "a"})
        reply = await ann.until(lambda m: m.get("ref") == "a")
        if reply["type"] == "error":  # the village still talks: try once the vote opens
            await asyncio.sleep(1.5)
            await ann.send({"type": "answer", "decision": chosen["id"], "answer": None,
                            "ref": "b"})
            await ann.until(lambda m: m.get("ref") == "b")
        await ann.close()

    asyncio.run(main())
    record = finished_record(server, code, token, tries=400)
    mine = [e for e in record["log"] if e.get("seat") == "Ann"]
    chosen_entries = [e for e in mine if not e.get("timeout")]
    late = [e for e in mine if e.get("timeout")]
    assert late, "Ann's unanswered questions are recorded as timeouts"
    assert all(e["answer"] is None for e in chosen_entries)
    account = record["agents"]["Ann"]
    assert account["timeouts"] >= len(late) and account["answers"] >= len(chosen_entries)


def test_an_agent_past_the_error_ratio_is_replaced_by_a_bot_and_the_game_goes_on(
    server: Server,
) -> None:
    code, token, watcher = agent_and_bots(
        server, timers={**FAST, "day": 3.0}, agents={"error_ratio": 0.5, "error_min": 3})
    ann = Seat(server, code, token, "Ann")
    spectator = Seat(server, code, watcher, "Watcher")

    async def main() -> None:
        await ann.connect()
        await spectator.connect()
        start(server, code, token)
        message = await ann.until(lambda m: bool(m.get("view", {}).get("decisions")), 60)
        decision = message["view"]["decisions"][0]
        # three illegal answers: a choice that is not one, a second, a third
        for i in range(3):
            await ann.send({"type": "answer", "decision": decision["id"],
                            "answer": f"nobody-{i}", "ref": i})
        closed = await ann.until(lambda m: m.get("type") == "closed", timeout=20)
        assert "bot" in closed["reason"]
        with pytest.raises(websockets.ConnectionClosed) as ended:
            await ann.recv(timeout=10)
        assert ended.value.rcvd is not None and ended.value.rcvd.code == 4403
        told = await spectator.until(lambda m: any(
            e["kind"] == "PlayedByBot" for e in m.get("view", {}).get("events", ())), 20)
        event = next(e for e in told["view"]["events"] if e["kind"] == "PlayedByBot")
        assert event == {**event, "player": "Ann", "reason": "errors"}
        await spectator.until(lambda m: m.get("view", {}).get("over"), timeout=120)
        await spectator.close()

    asyncio.run(main())
    with api(server) as client:
        # the token holds no place any more
        assert client.get(f"/api/games/{code}/me", headers=auth(token)).status_code == 401
        record = client.get(f"/api/games/{code}/record", headers=auth(watcher)).json()
        info = client.get(f"/api/games/{code}", headers=auth(watcher)).json()
    assert {"bot": "Ann", "reason": "errors"} in record["log"]
    assert record["agents"]["Ann"]["replaced"] is True
    assert record["agents"]["Ann"]["illegal"] >= 3
    assert info["agents"] == {"error_ratio": 0.5, "error_min": 3}
    game = replay(record, get_edition)  # the hand-over replays like the rest
    assert game.over and any(e.kind == "PlayedByBot" for e in game.events)


def test_a_removed_player_s_seat_is_told_to_be_played_by_a_bot(server: Server) -> None:
    made = create(server, "Host", preset="basic")
    code = made["code"]
    eve = join(server, code, "Eve")
    with api(server) as client:
        client.post(f"/api/games/{code}/bots", json={"count": 6}, headers=auth(made["token"]))
    start(server, code, made["token"])
    with api(server) as client:
        r = client.delete(f"/api/games/{code}/participants/{eve['participant']['id']}",
                          headers=auth(made["token"]))
        assert r.status_code == 200, r.text
    host = Seat(server, code, made["token"], "Host")

    async def main() -> None:
        first = await host.connect()
        if not any(e["kind"] == "PlayedByBot" for e in first["view"]["events"]):
            await host.until(lambda m: any(e["kind"] == "PlayedByBot"
                                           for e in m.get("view", {}).get("events", ())))
        await host.close()

    asyncio.run(main())
    event = next(e for e in host.events.values() if e["kind"] == "PlayedByBot")
    assert event["player"] == "Eve" and event["reason"] == "removed"


def test_the_liveness_ping_a_hello_asks_for(server: Server) -> None:
    made = create(server, "Ann")
    code, token = made["code"], made["token"]

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{code}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "cursor": 0, "ping": 1}))
            seen: list[dict[str, Any]] = []
            answered = 0
            while answered < 2:  # two pings answered in time: the socket stays open
                message = json.loads(await asyncio.wait_for(ws.recv(), 5))
                seen.append(message)
                if message["type"] == "ping":
                    assert message["deadline"] > 0 and isinstance(message["id"], int)
                    await ws.send(json.dumps({"type": "pong", "id": message["id"]}))
                    answered += 1
            assert seen[0]["type"] == "lobby" and seen[0]["protocol"] == "1.0"
            # then silence: the next ping goes unanswered and the socket is closed
            with pytest.raises(websockets.ConnectionClosed) as ended:
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    seen.append(message)
            assert ended.value.rcvd is not None and ended.value.rcvd.code == 4410
            assert seen[-1] == {"type": "closed", "reason": "no answer to the liveness ping"}

    asyncio.run(main())


def test_a_hello_without_ping_gets_no_pings(server: Server) -> None:
    made = create(server, "Ann")

    async def main() -> None:
        async with websockets.connect(f"{server.ws}/ws/{made['code']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": made["token"], "cursor": 0}))
            seen = []
            with pytest.raises(TimeoutError):
                while True:
                    seen.append(json.loads(await asyncio.wait_for(ws.recv(), 2.5)))
            assert seen and all(m["type"] == "lobby" for m in seen)

    asyncio.run(main())


def test_docs_loads_only_assets_the_server_serves(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        for page in ("/docs", "/redoc"):
            html = client.get(page)
            assert html.status_code == 200 and "<html" in html.text.lower()
            assets = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html.text)
            assert any(a.endswith(".js") for a in assets), page
            for asset in assets:
                assert asset.startswith("/"), f"{page} loads {asset} from elsewhere"
                r = client.get(asset)
                assert r.status_code == 200 and r.content, asset
            urls = re.findall(r"""url:\s*['"]([^'"]+)['"]""", html.text)
            for url in urls:
                assert url.startswith("/"), url
            assert "http://" not in html.text.replace(server.url, "")
            assert "https://" not in html.text
