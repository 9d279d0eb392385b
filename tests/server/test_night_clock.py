"""Over real sockets: a night answered in a moment (bots that answer at once) tells the table
nothing until the night's clock, which the server gives the engine, runs out; and a server
killed mid-night keeps that clock."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from wolfsbane.core import Game
from wolfsbane.editions import get_edition

from .helpers import Seat, Server, api, auth, create, start

NIGHT = 3.0
DECK = ["werewolf", "werewolf", "fortune-teller", "witch", "cupid", "villager", "villager",
        "villager"]
SEATS = ["P0"] + [f"Bot {i}" for i in range(2, 9)]


def villager_seed() -> int:
    """A seed that deals P0 a plain villager, so that P0 is asked nothing at night."""
    edition = get_edition("millers-hollow")

    def villager(seed: int) -> bool:
        game = Game(edition, SEATS, deck=DECK, seed=seed, options={"sheriff": False})
        return game.by_name["P0"].role == "villager"

    return next(s for s in range(1000) if villager(s))


def bots_game(server: Server, night: float) -> tuple[str, str]:
    made = create(server, "P0", deck=DECK, seed=villager_seed(), options={"sheriff": False},
                  timers={"night": night, "day": 30, "decision": 10, "grace": 0.5,
                          "bot_delay": 0.0, "talk": 0.0})
    with api(server) as client:
        r = client.post(f"/api/games/{made['code']}/bots", headers=auth(made["token"]),
                        json={"count": 7})
        assert r.status_code == 201, r.text
    return made["code"], made["token"]


def test_a_night_the_bots_answer_at_once_tells_the_villager_nothing_until_its_clock(
    server: Server,
) -> None:
    code, token = bots_game(server, NIGHT)
    seat = Seat(server, code, token, "P0")
    arrivals: list[tuple[float, dict[str, Any]]] = []

    async def main() -> None:
        await seat.connect()
        start(server, code, token)
        while True:
            message = await seat.recv(timeout=15)
            if message["type"] in ("snapshot", "update"):
                arrivals.append((time.time(), message))
                if message["view"]["phase"] != "night 1":
                    break
        await seat.close()

    asyncio.run(main())
    began = next(at for at, m in arrivals if m["view"]["phase"] == "night 1")
    night = [(at, m) for at, m in arrivals if m["view"]["phase"] == "night 1"]
    # the night's first message: the deal and the night beginning; then nothing at all
    first_at, first = night[0]
    kinds = {e["kind"] for e in first["view"]["events"]}
    assert "PhaseBegan" in kinds and "PlayerDied" not in kinds
    for _at, message in night[1:]:
        assert not [e for e in message["view"]["events"]], message
        assert not message["view"]["decisions"]
    assert (seat.view or {})["you"]["role"] == "villager"  # asked nothing at night
    dawn_at, dawn = arrivals[-1]
    # the bots were done in a moment; dawn came when the night's clock ran out
    assert dawn_at - began >= NIGHT - 0.2, (dawn_at - began)
    assert dawn_at - began <= NIGHT + 2.0, (dawn_at - began)
    deadline = first["clock"]["phase_deadline"]
    assert dawn_at >= deadline - 0.05
    assert any(e["kind"] == "PhaseBegan" for e in dawn["view"]["events"])


def test_a_server_killed_mid_night_keeps_the_night_clock(fresh_server: Server) -> None:
    server = fresh_server
    code, token = bots_game(server, 6.0)
    start(server, code, token)
    with api(server) as client:
        seen = client.get(f"/api/games/{code}/view", headers=auth(token)).json()
    deadline = seen["clock"]["phase_deadline"]
    assert seen["view"]["phase"] == "night 1"
    time.sleep(1.5)  # the bots have answered the whole night; dawn waits
    server.kill()
    server.start()
    with api(server) as client:
        seen = client.get(f"/api/games/{code}/view", headers=auth(token)).json()
        assert seen["view"]["phase"] == "night 1"
        assert seen["clock"]["phase_deadline"] == deadline
        while seen["view"]["phase"] == "night 1":
            assert time.time() < deadline + 5, "the night did not end after its clock"
            time.sleep(0.1)
            seen = client.get(f"/api/games/{code}/view", headers=auth(token)).json()
        # not a moment before its clock ran out (the restored game replayed the stored
        # log, the nights' length with it, and answered the clock at its stored deadline)
        assert time.time() >= deadline - 0.05
