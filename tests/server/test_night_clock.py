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


# -- a night's turns in fixed slots ------------------------------------------------------------

WOLF_NIGHT = 3.9
NO_SEER = [card if card != "fortune-teller" else "villager" for card in DECK]


def werewolf_seed(deck: list[str]) -> int:
    """A seed that deals P0 a werewolf (and Cupid to nobody who could link P0: any will do)."""
    edition = get_edition("millers-hollow")

    def werewolf(seed: int) -> bool:
        game = Game(edition, SEATS, deck=deck, seed=seed, options={"sheriff": False})
        return game.by_name["P0"].role == "werewolf"

    return next(s for s in range(1000) if werewolf(s))


def pack_asked_at(server: Server, deck: list[str]) -> float:
    """Seconds into night 1 at which P0, a werewolf among bots that answer at once, is first
    sent the pack's question."""
    made = create(server, "P0", deck=deck, seed=werewolf_seed(deck), options={"sheriff": False},
                  timers={"night": WOLF_NIGHT, "day": 30, "decision": 10, "grace": 0.5,
                          "bot_delay": 0.0, "talk": 0.0})
    code, token = made["code"], made["token"]
    with api(server) as client:
        r = client.post(f"/api/games/{code}/bots", headers=auth(token), json={"count": 7})
        assert r.status_code == 201, r.text
    seat = Seat(server, code, token, "P0")
    asked: list[float] = []
    night_ends: list[float] = []

    async def main() -> None:
        await seat.connect()
        start(server, code, token)
        while True:
            message = await seat.recv(timeout=15)
            if message["type"] not in ("snapshot", "update"):
                continue
            if message["view"]["phase"] != "night 1":
                continue
            night_ends.append(message["clock"]["phase_deadline"])
            if any(d["name"] == "attack" for d in message["view"]["decisions"]):
                asked.append(time.time())
                break
        await seat.close()

    asyncio.run(main())
    assert (seat.view or {})["you"]["role"] == "werewolf"
    began = night_ends[0] - WOLF_NIGHT  # the night's clock runs from the night's beginning
    return asked[0] - began


def test_a_werewolf_is_asked_for_its_prey_at_the_same_moment_with_or_without_a_fortune_teller(
    server: Server,
) -> None:
    """The pack's turn has its slot of the night: its question opens when the turns before it
    have had theirs, not when the fortune teller (a bot, at once) answered, nor at once where
    nobody holds her card."""
    from wolfsbane.core.night import slot_ends

    table = get_edition("millers-hollow").night_order["first"]
    wolves = [turn.id for turn in table].index("werewolf")
    slot_begins = slot_ends(table, WOLF_NIGHT)[wolves - 1]
    with_seer = pack_asked_at(server, DECK)
    without = pack_asked_at(server, NO_SEER)
    for offset in (with_seer, without):
        assert slot_begins - 0.05 <= offset <= slot_begins + 0.6, (offset, slot_begins)
    assert abs(with_seer - without) <= 0.5, (with_seer, without)
