"""The server's part in a game played in the dark. The app's clocks are the table's (the
narrator device shows them, every phone too): each participant's clock carries the running
countdowns by name, the Know phase's, then the night's; other editions' clocks pace turns that
must not show, and are never sent. Under mystery roles the deck is the host's secret: the
lobby shows it to nobody else, before the start or after."""

from __future__ import annotations

import asyncio
import time

import httpx

from .helpers import Seat, Server, auth, create, join, start

DECK = ["werewolf", "minion", "seer", "villager", "villager", "villager"]
# two monsters known in one call of the Know phase (the werewolves know each other)
PACK_DECK = ["werewolf", "werewolf", "seer", "villager", "villager", "villager"]
TIMERS = {"night": 5.0, "day": 30.0, "decision": 5.0, "grace": 0.5, "bot_delay": 0.0,
          "talk": 0.0, "vote": 1.0, "scale": 0.1}


def test_a_game_played_in_the_dark_shows_its_countdowns_to_everyone(server: Server) -> None:
    # (two werewolves: Ann's death below never ends the game, whatever card she is dealt;
    # with the recommended deck's one werewolf, one deal in six did, before any day came)
    made = create(server, "Hall", **{"as": "spectator"}, edition="in-the-dark", mode="table",
                  timers=TIMERS, deck=PACK_DECK,
                  options={"know-seconds": 100, "night-seconds": 300, "day-seconds": 30,
                           "ghost-wait-seconds": 0})
    code = made["code"]
    tokens = {name: join(server, code, name)["token"]
              for name in ("Ann", "Bea", "Cyd", "Dee", "Eli", "Fay")}
    start(server, code, made["token"])
    scale = TIMERS["scale"]

    async def main() -> None:
        table = Seat(server, code, made["token"], "table")
        ann = Seat(server, code, tokens["Ann"], "Ann")
        bea = Seat(server, code, tokens["Bea"], "Bea")
        for seat in (table, ann, bea):
            first = await seat.connect()
            # the guide's time for the Know phase's one call (100 s, scaled: long enough for a
            # busy shared server to connect three devices within it), on every device
            assert first["type"] == "snapshot" and first["view"]["phase"] == "know"
            assert set(first["clock"]["countdowns"]) == {"know"}
            assert first["clock"]["countdowns"]["know"] <= time.time() + 100 * scale + 1
        for seat in (table, ann, bea):
            night = await seat.until(lambda m: m.get("view", {}).get("phase") == "night 1")
            # then the night's countdown (300 s, scaled), the same on every device
            assert set(night["clock"]["countdowns"]) == {"night"}
            assert abs(night["clock"]["countdowns"]["night"] - (time.time() + 300 * scale)) < 3
        # Ann was killed; Bea finds her body: the day's countdown (30 s, scaled) follows
        dead = next(d for d in ann.view["decisions"] if d["name"] == "dead")  # type: ignore[index]
        await ann.send({"type": "answer", "decision": dead["id"], "answer": True, "ref": "d"})
        await ann.until(lambda m: m.get("type") == "ack")
        # (Bea's phone is told nothing of it: her "body found" offers everyone, as before)
        find = next(d for d in bea.view["decisions"] if d["name"] == "body-found")  # type: ignore[index]
        await bea.send({"type": "answer", "decision": find["id"], "answer": "Ann", "ref": "f"})
        reply = await bea.until(lambda m: m.get("ref") == "f")
        assert reply["type"] == "ack", reply
        day = await table.until(lambda m: m.get("view", {}).get("phase") == "day 1")
        countdowns = day["clock"]["countdowns"]
        assert countdowns == {}  # the new ghost keeps a token first: no clock runs
        message = await ann.until(lambda m: any(d["name"] == "choose-ghost"
                                                for d in m.get("view", {}).get("decisions", [])))
        choose = next(d for d in message["view"]["decisions"] if d["name"] == "choose-ghost")
        await ann.send({"type": "answer", "decision": choose["id"], "answer": choose["choices"][0]})
        day = await table.until(lambda m: bool(m.get("clock", {}).get("countdowns")))
        countdowns = day["clock"]["countdowns"]
        assert set(countdowns) == {"day"}
        assert countdowns["day"] <= time.time() + 30 * scale + 1
        for seat in (table, ann, bea):
            await seat.close()

    asyncio.run(main())


def test_other_editions_send_no_countdowns(server: Server) -> None:
    made = create(server, "Hall", **{"as": "spectator"}, mode="table", timers=TIMERS,
                  options={"sheriff": False})
    code = made["code"]
    tokens = {name: join(server, code, name)["token"]
              for name in ("Ann", "Bea", "Cyd", "Dee", "Eli", "Fay")}
    start(server, code, made["token"])

    async def main() -> None:
        for token in (made["token"], tokens["Ann"]):
            seat = Seat(server, code, token)
            first = await seat.connect()
            assert first["type"] == "snapshot"
            assert "countdowns" not in first["clock"]
            await seat.close()

    asyncio.run(main())


def info(server: Server, code: str, token: str) -> dict[str, object]:
    reply = httpx.get(f"{server.url}/api/games/{code}", headers=auth(token) if token else {})
    assert reply.status_code == 200, reply.text
    got: dict[str, object] = reply.json()
    return got


def test_mystery_roles_keep_the_deck_from_everyone_but_the_host(server: Server) -> None:
    made = create(server, "Guide", edition="in-the-dark", mode="table", timers=TIMERS,
                  deck=DECK, options={"mystery-roles": True})
    code = made["code"]
    tokens = {name: join(server, code, name)["token"] for name in ("Ann", "Bea", "Cyd", "Dee")}
    watcher = join(server, code, "Wall", as_="spectator")["token"]
    join(server, code, "Eli")
    host = info(server, code, made["token"])
    assert host["setup"] == {"deck": DECK}
    assert sorted(host["cards"]["deck"]) == sorted(DECK)  # type: ignore[index]
    for token in (tokens["Ann"], watcher, ""):
        lobby = info(server, code, token)
        assert lobby["setup"] == {}
        assert lobby["cards"]["deck"] is None and lobby["cards"]["secret"]  # type: ignore[index]
        assert "minion" not in str(lobby)

    async def lobby_message() -> dict[str, object]:
        seat = Seat(server, code, tokens["Bea"], "Bea")
        first = await seat.connect()
        await seat.close()
        return first

    pushed = asyncio.run(lobby_message())
    assert pushed["type"] == "lobby" and "minion" not in str(pushed)
    start(server, code, made["token"])
    assert sorted(info(server, code, made["token"])["deck"]) == sorted(DECK)  # type: ignore[arg-type]
    for token in (tokens["Ann"], watcher):
        assert "deck" not in info(server, code, token)


def test_without_mystery_roles_the_table_sees_the_deck(server: Server) -> None:
    made = create(server, "Guide", edition="in-the-dark", mode="table", timers=TIMERS, deck=DECK)
    code = made["code"]
    token = join(server, code, "Ann")["token"]
    for name in ("Bea", "Cyd", "Dee", "Eli"):
        join(server, code, name)
    lobby = info(server, code, token)
    assert lobby["setup"] == {"deck": DECK}
    assert sorted(lobby["cards"]["deck"]) == sorted(DECK)  # type: ignore[index]


def test_a_game_played_in_the_dark_takes_no_bots(server: Server) -> None:
    made = create(server, "Hall", **{"as": "spectator"}, edition="in-the-dark", mode="table")
    refused = httpx.post(f"{server.url}/api/games/{made['code']}/bots", json={"count": 1},
                         headers=auth(made["token"]))
    assert refused.status_code == 409
    assert refused.json()["error"] == "no-bots"
    assert "played in one room by the people in it" in refused.json()["detail"]
    lobby = httpx.get(f"{server.url}/api/games/{made['code']}").json()
    assert lobby["seats"] == []  # nothing changed


def test_a_seat_left_to_a_bot_in_the_dark_is_never_killed_and_finds_no_body(
        server: Server) -> None:
    made = create(server, "Hall", **{"as": "spectator"}, edition="in-the-dark", mode="table",
                  timers=TIMERS, options={"know-seconds": 0, "night-seconds": 20,
                                          "ghost-wait-seconds": 0})
    code = made["code"]
    joined = {name: join(server, code, name)
              for name in ("Ann", "Bea", "Cyd", "Dee", "Eli", "Fay")}
    start(server, code, made["token"])
    # Fay leaves the room: the host removes her, and her seat is played by a bot
    removed = httpx.delete(f"{server.url}/api/games/{code}/participants/"
                           f"{joined['Fay']['participant']['id']}", headers=auth(made["token"]))
    assert removed.status_code == 200, removed.text

    async def main() -> None:
        table = Seat(server, code, made["token"], "table")
        await table.connect()
        # the night runs its whole clock (20 s scaled to 2 s): nobody declared, nobody found
        await table.until(lambda m: m.get("view", {}).get("phase") not in (
            None, "know", "night 1"), timeout=30)
        players = {p["name"]: p for p in table.view["players"]}  # type: ignore[index]
        assert players["Fay"]["alive"]
        await table.close()

    asyncio.run(main())
