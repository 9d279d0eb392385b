"""Every endpoint and message type, as every seat and as a stranger: no response holds a secret
that its reader may not know. And nights look the same whatever roles are in play."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from typing import Any

import httpx

from wolfsbane.core import Game
from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition

from .helpers import Seat, Server, api, auth, create, join, play_randomly, seat_events, start

TIMERS = {"night": 1.5, "day": 3.0, "decision": 1.5, "grace": 0.3, "bot_delay": 0.0,
          "talk": 0.0, "vote": 1.0}


def walk(client: httpx.Client, code: str, token: str | None, me: dict[str, Any] | None,
         others: list[dict[str, Any]], clocks: bool) -> list[tuple[str, int, str]]:
    """Call every endpoint as this token; return (what, status, body) for each."""
    h = auth(token) if token else {}
    url = f"/api/games/{code}"
    calls: list[tuple[str, httpx.Response]] = []
    get = client.get
    post = client.post
    calls.append(("health", get("/api/health")))
    calls.append(("editions", get("/api/editions")))
    calls.append(("info", get(url)))
    calls.append(("me", get(url + "/me", headers=h)))
    calls.append(("view", get(url + "/view", headers=h)))
    calls.append(("view-since", get(url + "/view?since=3", headers=h)))
    calls.append(("record", get(url + "/record", headers=h)))
    calls.append(("answer-bogus", post(url + "/answer", headers=h,
                                       json={"decision": 999999, "answer": None})))
    for d in range(1, 40, 7):
        calls.append(("answer-guess", post(url + "/answer", headers=h,
                                           json={"decision": d, "answer": "P1"})))
    calls.append(("say", post(url + "/say", headers=h,
                              json={"channel": "village", "message": "walking"})))
    calls.append(("say-wolves", post(url + "/say", headers=h,
                                     json={"channel": "werewolves", "message": "hi"})))
    if clocks:
        calls.append(("extend", post(url + "/extend", headers=h, json={"seconds": 1})))
        calls.append(("pause", post(url + "/pause", headers=h)))
        calls.append(("resume", post(url + "/resume", headers=h)))
    calls.append(("takeover", post(url + "/takeover", headers=h, json={"seat": "P1"})))
    calls.append(("handback", post(url + "/handback", headers=h, json={"seat": "P1"})))
    calls.append(("bots", post(url + "/bots", headers=h, json={"count": 1})))
    calls.append(("start", post(url + "/start", headers=h)))
    calls.append(("kick-bogus", client.delete(url + "/participants/nobody", headers=h)))
    if me is not None:
        calls.append(("host-self", post(url + "/host", headers=h, json={"to": me["id"]})))
    for other in others:
        calls.append(("kick-other-refused" if token else "kick",
                       client.delete(url + f"/participants/{other['id']}", headers={})))
    return [(what, r.status_code, r.text) for what, r in calls]


def test_no_response_to_anyone_holds_a_secret_they_may_not_know(server: Server) -> None:
    made = create(server, "P0", preset="classic", moderated=True, timers=TIMERS)
    code = made["code"]
    people: dict[str, dict[str, Any]] = {"P0": made}
    for i in range(1, 7):
        people[f"P{i}"] = join(server, code, f"P{i}")
    people["Mod"] = join(server, code, "Mod", "moderator")
    people["Watcher"] = join(server, code, "Watcher", "spectator")
    with api(server) as client:
        client.post(f"/api/games/{code}/bots", headers=auth(made["token"]), json={"count": 1})
    tokens = {name: p["token"] for name, p in people.items()}
    seen: dict[str, list[str]] = {name: [] for name in [*people, "stranger"]}
    stop = threading.Event()

    def walker() -> None:
        rounds = 0
        with api(server) as client:
            while not stop.is_set():
                rounds += 1
                for name in [*people, "stranger"]:
                    token = tokens.get(name)
                    me = people[name]["participant"] if name in people else None
                    others = [p["participant"] for n, p in people.items() if n != name]
                    for what, status, body in walk(client, code, token, me, others[:1],
                                                   clocks=rounds % 10 == 1):
                        seen[name].append(body)
                        if name == "stranger" and what not in ("health", "editions", "info"):
                            assert status in (401, 404, 409, 422), (what, status, body)
                        if what in ("takeover", "handback") and name != "Mod":
                            assert status in (401, 403), (name, what, status)
                        if what in ("bots", "start", "host-self") and name not in ("P0",):
                            assert status in (401, 403), (name, what, status)
                time.sleep(0.2)

    sockets = {name: Seat(server, code, token, name) for name, token in tokens.items()}

    async def moderate(seat: Seat) -> None:
        answered: set[int] = set()
        while not (seat.view and seat.view["over"]):
            for d in seat.view["decisions"] if seat.view else ():
                if d["seat"] == "storyteller" and d["id"] not in answered:
                    answered.add(d["id"])
                    await seat.send({"type": "answer", "decision": d["id"],
                                     "answer": d.get("suggestion")})
            await seat.recv(timeout=30)

    async def watch(seat: Seat) -> None:
        await seat.send({"type": "ping"})
        await seat.send({"type": "sync", "cursor": 0})
        await seat.send({"type": "say", "channel": "village", "message": "watching"})
        await seat.send({"type": "answer", "decision": 1, "answer": None})
        while not (seat.view and seat.view["over"]):
            await seat.recv(timeout=30)

    async def main() -> None:
        for seat in sockets.values():
            await seat.connect()
        thread = threading.Thread(target=walker)
        thread.start()
        try:
            # the walker, walking as the host, may have started the game already
            with api(server) as client:
                r = client.post(f"/api/games/{code}/start", headers=auth(tokens["P0"]))
                assert r.status_code == 200 or r.json()["error"] == "already-started", r.text
            tasks = [play_randomly(sockets[f"P{i}"], random.Random(i)) for i in range(7)]
            await asyncio.gather(*tasks, moderate(sockets["Mod"]), watch(sockets["Watcher"]))
            # a stranger's socket
            stranger = Seat(server, code, "not-a-token", "stranger")
            reply = await stranger.connect()
            seen["stranger"].extend(stranger.raw)
            assert reply["error"] == "unauthorised"
        finally:
            stop.set()
            thread.join()
        for name, seat in sockets.items():
            await seat.send({"type": "sync", "cursor": 0})
            await seat.recv()
            seen[name].extend(seat.raw)
            await seat.close()

    asyncio.run(main())
    with api(server) as client:
        record = client.get(f"/api/games/{code}/record", headers=auth(tokens["P1"])).json()
    game = replay(record, get_edition)
    seed = str(record["seed"])
    for name, bodies in seen.items():
        text = "\n".join(bodies)
        for other, token in tokens.items():
            if other != name:
                assert token not in text, f"{name} saw {other}'s token"
        before_end = [b for b in bodies if '"seed"' not in b or '"format"' not in b]
        assert seed not in "\n".join(before_end), f"{name} saw the seed"
        if name == "Mod":
            continue
        seat = name if name in game.by_name else None
        visible = seat_events(game, seat)
        for body in bodies:
            try:
                data = json.loads(body)
            except ValueError:
                continue
            check(data, name, seat, visible, game.revealed)


def check(data: Any, reader: str, seat: str | None, visible: dict[int, dict[str, Any]],
          revealed: dict[str, str], parent: str = "") -> None:
    if isinstance(data, list):
        for item in data:
            check(item, reader, seat, visible, revealed, parent)
        return
    if not isinstance(data, dict):
        return
    assert "suggestion" not in data and "audience" not in data, (reader, data)
    if data.get("format") == "wolfsbane-record/1":
        return  # the record of a finished game is for everyone
    if parent == "events" and "index" in data:
        assert visible.get(data["index"]) == data, (reader, data)
    if parent == "players" and "role" in data:
        assert data["name"] == seat or revealed.get(data["name"]) == data["role"], (reader, data)
    for key, value in data.items():
        check(value, reader, seat, visible, revealed, key)


def test_a_night_looks_the_same_whatever_roles_are_in_play(server: Server) -> None:
    """Two tables, one with only werewolves and villagers, one full of night roles: a plain
    villager receives the same messages at the same moments through the first night."""

    plain_deck = ["werewolf", "werewolf"] + ["villager"] * 6
    busy_deck = ["werewolf", "werewolf", "fortune-teller", "witch", "little-girl", "hunter",
                 "villager", "villager"]
    seats = ["P0"] + [f"Bot {i}" for i in range(2, 9)]
    edition = get_edition("millers-hollow")

    def p0_is_villager(deck: list[str], seed: int) -> bool:
        game = Game(edition, seats, deck=deck, seed=seed, options={"sheriff": False})
        return game.by_name["P0"].role == "villager"

    seed = next(s for s in range(1000)
                if p0_is_villager(plain_deck, s) and p0_is_villager(busy_deck, s))

    def night_of(deck: list[str]) -> list[tuple[str, tuple[str, ...], float, float]]:
        made = create(server, "P0", deck=deck, seed=seed, options={"sheriff": False},
                      timers={"night": 2.0, "day": 30, "decision": 2.0, "grace": 0.5,
                              "bot_delay": 0.0, "talk": 0.0})
        code = made["code"]
        with api(server) as client:
            client.post(f"/api/games/{code}/bots", headers=auth(made["token"]), json={"count": 7})
        # P0 watches as a player: find a deck position that makes P0 a villager
        seat = Seat(server, code, made["token"], "P0")
        shapes: list[tuple[str, tuple[str, ...], float, float]] = []

        async def main() -> None:
            await seat.connect()
            began = time.time()
            start(server, code, made["token"])
            while True:
                message = await seat.recv(timeout=10)
                if message["type"] not in ("snapshot", "update"):
                    continue
                v = message["view"]
                kinds = tuple(e["kind"] for e in v["events"])
                shapes.append((message["type"], kinds, round(time.time() - began, 1),
                               round(message["clock"]["phase_deadline"] - began, 1)))
                if v["phase"] != "night 1":
                    assert seat.view is not None and seat.view["you"]["role"] == "villager"
                    break
            await seat.close()

        asyncio.run(main())
        return shapes

    plain = night_of(plain_deck)
    busy = night_of(busy_deck)
    # the same messages through the night; the dawn's news differ, not its moment
    assert [s[:2] for s in plain[:-1]] == [s[:2] for s in busy[:-1]]
    assert len(plain) == len(busy)
    for a, b in zip(plain, busy, strict=True):
        assert abs(a[2] - b[2]) <= 0.3 and abs(a[3] - b[3]) <= 0.3, (plain, busy)
