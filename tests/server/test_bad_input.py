"""Bad input gets a clear error and changes nothing."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import websockets

from wolfsbane.core import Game
from wolfsbane.editions import get_edition

from .helpers import Seat, Server, api, auth, start, table

SLOW = {"night": 130.0, "day": 60.0, "decision": 60.0, "grace": 1.0, "bot_delay": 0.0}
# the thief's turn opens the first night (its slot: 20 s of the 130), so someone is asked at once
THIEF_FIRST = ["thief", "werewolf", "werewolf", "fortune-teller", "witch", "villager",
               "villager", "villager", "villager", "villager"]


def thief_seed() -> int:
    """A seed that deals the thief's card to a seat (not to the two in the centre)."""
    edition = get_edition("millers-hollow")
    seats = [f"P{i}" for i in range(8)]
    return next(seed for seed in range(1000) if any(
        p.role == "thief" for p in Game(edition, seats, deck=THIEF_FIRST, seed=seed,
                                        options={"sheriff": False}).players))


def views(client: httpx.Client, code: str, tokens: dict[str, str]) -> dict[str, Any]:
    return {name: client.get(f"/api/games/{code}/view", headers=auth(token)).json()["view"]
            for name, token in tokens.items()}


def opened(server: Server) -> tuple[str, dict[str, str], str, dict[str, Any]]:
    """A started game, and a seat with an open decision."""
    code, tokens = table(server, 8, timers=SLOW, options={"sheriff": False}, deck=THIEF_FIRST,
                         seed=thief_seed())
    start(server, code, tokens["P0"])
    with api(server) as client:
        for name, seen in views(client, code, tokens).items():
            if seen["decisions"]:
                return code, tokens, name, seen["decisions"][0]
    raise AssertionError("nobody is asked anything on the first night")


def test_bad_http_requests_get_clear_errors_and_change_nothing(server: Server) -> None:
    code, tokens, seat, decision = opened(server)
    other = next(n for n in tokens if n != seat)
    with api(server) as client:
        before = views(client, code, tokens)
        bad: list[tuple[httpx.Response, int, str]] = []
        url = f"/api/games/{code}"
        answer = {"decision": decision["id"], "answer": decision["choices"][0]}
        bad.append((client.post(url + "/answer", json=answer), 401, "unauthorised"))
        bad.append((client.post(url + "/answer", json=answer,
                                headers=auth("x" * 43)), 401, "unauthorised"))
        bad.append((client.post(url + "/answer", json=answer, headers={"Authorization": "Basic"}),
                    401, "unauthorised"))
        # another seat's open decision is refused exactly like one that is not open
        bad.append((client.post(url + "/answer", json=answer, headers=auth(tokens[other])),
                    409, "stale"))
        bad.append((client.post(url + "/answer", json={**answer, "decision": 999999},
                                headers=auth(tokens[seat])), 409, "stale"))
        bad.append((client.post(url + "/answer", json={**answer, "answer": "Nobody"},
                                headers=auth(tokens[seat])), 422, "illegal"))
        # a composite answer is well formed, and refused by the rules for a plain question
        bad.append((client.post(url + "/answer", json={**answer, "answer": {"a": 1}},
                                headers=auth(tokens[seat])), 422, "illegal"))
        bad.append((client.post(url + "/answer", json={**answer, "answer": {"a": {"b": 1}}},
                                headers=auth(tokens[seat])), 422, "invalid"))
        bad.append((client.post(url + "/answer", content=b"{not json",
                                headers={**auth(tokens[seat]), "content-type":
                                         "application/json"}), 422, "invalid"))
        bad.append((client.post(url + "/answer", content=b"x" * 70_000,
                                headers={**auth(tokens[seat]), "content-type":
                                         "application/json"}), 413, "too-large"))
        bad.append((client.post(url + "/say", json={"channel": "village", "message": "hi"},
                                headers=auth(tokens[seat])), 422, "illegal"))
        bad.append((client.post(url + "/say", json={"channel": "village", "message": "x" * 3000},
                                headers=auth(tokens[seat])), 422, "invalid"))
        bad.append((client.post(url + "/start", headers=auth(tokens[other] if other != "P0"
                                                             else tokens["P1"])),
                    403, "not-host"))
        bad.append((client.post(url + "/pause", headers=auth(tokens["P1"])), 403, "not-host"))
        bad.append((client.post(url + "/takeover", json={"seat": "P1"},
                                headers=auth(tokens["P0"])), 403, "not-moderator"))
        bad.append((client.post(url + "/bots", json={"count": 1}, headers=auth(tokens["P0"])),
                    409, "started"))
        bad.append((client.post(url + "/join", json={"name": "Late"}), 409, "started"))
        bad.append((client.post(url + "/join", json={"name": "storyteller", "as": "spectator"}),
                    422, "bad-name"))
        bad.append((client.get(url + "/record", headers=auth(tokens["P0"])), 409,
                    "not-finished"))
        bad.append((client.get("/api/games/NOSUCH"), 404, "not-found"))
        for response, status, error in bad:
            assert response.status_code == status, (response.request.url, response.text)
            body = response.json()
            assert body["error"] == error and body["detail"], body
        assert views(client, code, tokens) == before


def test_bad_websocket_messages_get_clear_errors_and_change_nothing(server: Server) -> None:
    code, tokens, seat, decision = opened(server)

    async def main() -> None:
        # a wrong token is refused and the socket closed
        async with websockets.connect(f"{server.ws}/ws/{code}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": "nope"}))
            reply = json.loads(await ws.recv())
            assert reply["type"] == "error" and reply["error"] == "unauthorised"
            await asyncio.wait_for(ws.wait_closed(), 5)
            assert ws.close_code == 4401
        # a first message that is not a hello
        async with websockets.connect(f"{server.ws}/ws/{code}") as ws:
            await ws.send("{bad")
            reply = json.loads(await ws.recv())
            assert reply["error"] == "hello"
        player = Seat(server, code, tokens[seat], seat)
        snapshot = await player.connect()
        assert snapshot["type"] == "snapshot"
        cursor = player.cursor
        cases: list[tuple[str, str]] = [
            ("{not json", "malformed"),
            (json.dumps({"type": "fly"}), "invalid"),
            (json.dumps({"type": "answer", "decision": "x"}), "invalid"),
            (json.dumps({"type": "answer", "decision": 999999, "answer": None}), "stale"),
            (json.dumps({"type": "answer", "decision": decision["id"], "answer": "Nobody"}),
             "illegal"),
            (json.dumps({"type": "say", "channel": "nowhere", "message": "hi"}), "illegal"),
            (json.dumps({"type": "say", "channel": "village", "message": "x" * 20_000}),
             "too-large"),
            (json.dumps({"type": "hello", "token": tokens[seat]}), "hello"),
        ]
        for text, error in cases:
            await player.ws.send(text)
            reply = await player.until(lambda m: m["type"] in ("error", "ack"))
            assert reply["type"] == "error" and reply["error"] == error, (text[:60], reply)
            assert reply["detail"]
        assert player.cursor == cursor
        # still alive and well
        await player.send({"type": "ping", "ref": 7})
        pong = await player.until(lambda m: m["type"] == "pong")
        assert pong["ref"] == 7
        # a message larger than the socket's limit closes the connection
        await player.ws.send("x" * 100_000)
        try:
            while True:
                await asyncio.wait_for(player.ws.recv(), 5)
        except websockets.ConnectionClosed:
            pass
        # and the game did not move
        again = Seat(server, code, tokens[seat], seat)
        await again.connect(cursor=0)
        assert again.cursor == cursor
        assert [d["id"] for d in again.view["decisions"]] == [decision["id"]]
        await again.close()

    asyncio.run(main())


def test_chat_is_rate_limited_and_stored_as_plain_text(server: Server) -> None:
    code, tokens = table(server, 4, options={"sheriff": False},
                         timers={"night": 0.5, "day": 60, "decision": 0.5, "grace": 0.2,
                                 "bot_delay": 0, "talk": 0})
    start(server, code, tokens["P0"])
    with api(server) as client:
        url = f"/api/games/{code}"
        deadline = time.time() + 15
        while time.time() < deadline:
            seen = client.get(url + "/view", headers=auth(tokens["P0"])).json()["view"]
            if "village" in seen["channels"]:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("day 1 never came")
        # cursors count what one seat has seen: take the listener's own
        cursor = client.get(url + "/view", headers=auth(tokens["P1"])).json()["view"]["cursor"]
        codes = [client.post(url + "/say", headers=auth(tokens["P0"]),
                             json={"channel": "village",
                                   "message": "<script>alert(1)</script>"}).status_code
                 for _ in range(12)]
        assert codes[0] == 200 and 429 in codes
        refused = client.post(url + "/say", headers=auth(tokens["P0"]),
                              json={"channel": "village", "message": "one more"})
        assert refused.json()["error"] == "rate-limited"
        said = client.get(url + f"/view?since={cursor}", headers=auth(tokens["P1"])).json()
        texts = [e["message"] for e in said["view"]["events"] if e["kind"] == "Said"]
        assert texts and all(t == {"type": "text", "text": "<script>alert(1)</script>"}
                             for t in texts)
        assert len(texts) == codes.count(200)
