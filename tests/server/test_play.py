"""Whole games through the real server: clients over WebSockets, server-side bots, a moderator."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core import Decision
from wolfsbane.core.record import replay
from wolfsbane.editions import EDITIONS, get_edition

from .helpers import FAST, Seat, Server, api, auth, create, join, play_randomly, start, table


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_whole_game_of_each_edition_played_by_clients(
    server: Server, edition: str, tmp_path: Path
) -> None:
    players = max(get_edition(edition).min_players, min(8, get_edition(edition).max_players))
    # LiCOS keeps its own clock (morning, noon, night): the shortest it allows, scaled down
    quick = {"options": {"first-morning-seconds": 10, "morning-seconds": 10, "noon-seconds": 10,
                         "night-seconds": 10}} if edition == "licos" else {}
    if edition == "clocktower":  # a day ends when its clock runs out: the shortest day
        quick = {"options": {"day-seconds": 60}}
    if get_edition(edition).storyteller_run:
        quick["practice"] = True  # these clients play against the automatic storyteller
    code, tokens = table(server, players, edition=edition, **quick)
    seats = {name: Seat(server, code, token, name) for name, token in tokens.items()}

    async def main() -> None:
        for seat in seats.values():
            first = await seat.connect()
            assert first["type"] == "lobby"
        start(server, code, tokens["P0"])
        await asyncio.gather(*(play_randomly(seat, random.Random(i))
                               for i, seat in enumerate(seats.values())))
        for seat in seats.values():
            await seat.close()

    asyncio.run(main())
    outcomes = {json.dumps(seat.view["outcome"], sort_keys=True) for seat in seats.values()}
    assert len(outcomes) == 1
    with api(server) as client:
        record = client.get(f"/api/games/{code}/record", headers=auth(tokens["P1"])).json()
    game = replay(record, get_edition)
    assert game.over
    outcome = next(iter(seats.values())).view["outcome"]
    assert outcome["winner"] == game.outcome.winner
    # every seat saw exactly what core.view would have shown it, numbered for that seat alone
    for name, seat in seats.items():
        visible = [e for e in game.events if e.audience is None or name in e.audience]
        assert set(seat.events) == set(range(len(visible)))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    try:
        import wolfsbane.terminal  # noqa: F401
    except ImportError:
        return
    shown = subprocess.run([sys.executable, "-m", "wolfsbane.cli", "replay", str(path)],
                           capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr


def test_server_side_bots_play_a_game_to_its_end_with_a_spectator(server: Server) -> None:
    made = create(server, "Watcher", **{"as": "spectator"}, preset="classic")
    code, token = made["code"], made["token"]
    with api(server) as client:
        r = client.post(f"/api/games/{code}/bots", json={"count": 8}, headers=auth(token))
        assert r.status_code == 201
        assert len(client.get(f"/api/games/{code}").json()["seats"]) == 8
    watcher = Seat(server, code, token, "Watcher")

    async def main() -> None:
        await watcher.connect()
        start(server, code, token)
        await watcher.until(lambda m: m.get("view", {}).get("over"), timeout=60)
        await watcher.close()

    asyncio.run(main())
    assert watcher.view is not None and watcher.view["outcome"]["winner"]
    for event in watcher.events.values():
        assert event["kind"] not in ("RoleDealt", "InfoGiven", "DeathCaused", "ActionTaken")


def test_a_moderated_game_the_moderator_answers_the_storyteller_and_takes_over_a_seat(
    server: Server,
) -> None:
    made = create(server, "Mod", **{"as": "moderator"}, moderated=True,
                  timers={**FAST, "decision": 5.0})
    code, mod_token = made["code"], made["token"]
    tokens = {f"P{i}": join(server, code, f"P{i}")["token"] for i in range(6)}
    moderator = Seat(server, code, mod_token, "Mod")
    seats = {name: Seat(server, code, token, name) for name, token in tokens.items()}

    async def main() -> None:
        await moderator.connect()
        for seat in seats.values():
            await seat.connect()
        start(server, code, mod_token)
        deal = await moderator.until(lambda m: any(
            d["name"] == "deal" for d in m.get("view", {}).get("decisions", ())))
        decision = next(d for d in deal["view"]["decisions"] if d["name"] == "deal")
        assert decision["seat"] == "storyteller" and decision["suggestion"]
        await moderator.send({"type": "answer", "decision": decision["id"],
                              "answer": decision["suggestion"], "ref": "deal"})
        await moderator.until(lambda m: m.get("type") == "ack" and m.get("ref") == "deal")
        # the moderator sees every card
        roles = {p["name"]: p["role"] for p in moderator.view["players"]}
        assert all(roles.values())
        with api(server) as client:
            r = client.post(f"/api/games/{code}/takeover", json={"seat": "P5"},
                            headers=auth(mod_token))
            assert r.status_code == 200, r.text
        players = [play_randomly(seat, random.Random(i)) for i, seat in enumerate(seats.values())
                   if seat.name != "P5"]
        await asyncio.gather(*players, play_moderator(moderator),
                             watch_until_over(seats["P5"]))

    async def play_moderator(seat: Seat) -> None:
        rng = random.Random(5)
        answered: set[int] = set()
        while not (seat.view and seat.view["over"]):
            for d in seat.view["decisions"] if seat.view else ():
                if d["id"] in answered or d["seat"] not in ("storyteller", "P5"):
                    continue
                answered.add(d["id"])
                value = d.get("suggestion") if d["seat"] == "storyteller" else random_answer(
                    Decision.from_dict(d), rng)
                await seat.send({"type": "answer", "decision": d["id"], "answer": value})
            await seat.recv(timeout=30)

    async def watch_until_over(seat: Seat) -> None:
        # P5 is controlled: its own answers are refused
        while not (seat.view and seat.view["over"]):
            message = await seat.recv(timeout=30)
            if message.get("type") in ("snapshot", "update"):
                for d in message["view"]["decisions"]:
                    await seat.send({"type": "answer", "decision": d["id"], "answer": None,
                                     "ref": "mine"})
            if message.get("type") == "error" and message.get("ref") == "mine":
                assert message["error"] in ("controlled", "stale", "over")

    asyncio.run(main())
    assert moderator.view["over"]
    with api(server) as client:
        record = client.get(f"/api/games/{code}/record", headers=auth(mod_token)).json()
    sources = record["log"]
    assert not any(entry.get("auto") for entry in sources)  # the moderator answered them all
