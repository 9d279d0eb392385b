"""Choosing a seat in the lobby: empty chairs, bots' chairs, other people's chairs (refused),
the host moving people, who may do what, the lobby watchers told, and the order kept over a
restart and handed to the game at the start."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from .helpers import Seat, Server, api, auth, create, join


def chairs(client: httpx.Client, code: str) -> dict[str, int]:
    """Name -> chair, from the public lobby info (listed in chair order)."""
    seats = client.get(f"/api/games/{code}").json()["seats"]
    positions = [s["position"] for s in seats]
    assert positions == sorted(positions)
    return {s["name"]: s["position"] for s in seats}


def sit(client: httpx.Client, code: str, token: str | None, position: Any,
        participant: str | None = None) -> httpx.Response:
    body: dict[str, Any] = {"position": position}
    if participant is not None:
        body["participant"] = participant
    return client.post(f"/api/games/{code}/seat", json=body,
                       headers=auth(token) if token else {})


def test_players_pick_empty_and_bot_seats_but_not_people_s(server: Server) -> None:
    made = create(server, "Ana")
    code, ana = made["code"], made["token"]
    ben = join(server, code, "Ben")
    with api(server) as client:
        b3, b4 = [bot["name"] for bot in client.post(
            f"/api/games/{code}/bots", json={"count": 2}, headers=auth(ana)).json()["added"]]
        assert chairs(client, code) == {"Ana": 1, "Ben": 2, b3: 3, b4: 4}

        # an empty chair: Ben moves to 6, leaving 2 empty; the list stays in table order
        r = sit(client, code, ben["token"], 6)
        assert r.status_code == 200, r.text
        assert r.json()["moved_bot"] is None
        assert chairs(client, code) == {"Ana": 1, b3: 3, b4: 4, "Ben": 6}

        # a bot's chair: Ana takes the second bot's, and the bot moves to the chair she left
        r = sit(client, code, ana, 4)
        assert r.status_code == 200, r.text
        assert r.json()["moved_bot"] == b4
        assert chairs(client, code) == {b4: 1, b3: 3, "Ana": 4, "Ben": 6}

        # another person's chair is refused, and nothing changes
        r = sit(client, code, ben["token"], 4)
        assert r.status_code == 409 and r.json()["error"] == "seat-taken"
        assert "Ana" in r.json()["detail"]
        # no such chair; not a chair number at all
        r = sit(client, code, ben["token"], 25)  # Miller's Hollow seats 24
        assert r.status_code == 422 and r.json()["error"] == "no-such-seat"
        assert sit(client, code, ben["token"], 0).status_code == 422
        assert sit(client, code, ben["token"], "3").status_code == 422
        r = client.post(f"/api/games/{code}/seat", json={"position": 3, "extra": 1},
                        headers=auth(ben["token"]))
        assert r.status_code == 422 and r.json()["error"] == "invalid"
        # a stranger, and a spectator who has no seat
        assert sit(client, code, None, 2).status_code == 401
        assert sit(client, code, "not-a-token", 2).status_code == 401
        sue = join(server, code, "Sue", "spectator")
        r = sit(client, code, sue["token"], 2)
        assert r.status_code == 409 and r.json()["error"] == "not-seated"
        assert chairs(client, code) == {b4: 1, b3: 3, "Ana": 4, "Ben": 6}

        # a newcomer sits after the last chair taken
        join(server, code, "Cy")
        assert chairs(client, code)["Cy"] == 7

        # the game is dealt in table order, and the empty chairs close up
        r = client.post(f"/api/games/{code}/start", headers=auth(ana))
        assert r.status_code == 200, r.text
        assert chairs(client, code) == {b4: 1, b3: 2, "Ana": 3, "Ben": 4, "Cy": 5}
        seen = client.get(f"/api/games/{code}/view", headers=auth(ben["token"])).json()
        assert [p["name"] for p in seen["view"]["players"]] == [
            b4, b3, "Ana", "Ben", "Cy"]
        # after the start, nobody moves
        r = sit(client, code, ben["token"], 7)
        assert r.status_code == 409 and r.json()["error"] == "started"
        r = sit(client, code, ana, 7, ben["participant"]["id"])
        assert r.status_code == 409 and r.json()["error"] == "started"


def test_the_host_moves_anyone_others_only_themselves(server: Server) -> None:
    made = create(server, "Ana")
    code, ana = made["code"], made["token"]
    ben = join(server, code, "Ben")
    cy = join(server, code, "Cy")
    mo = join(server, code, "Mo", "spectator")
    with api(server) as client:
        bot = client.post(f"/api/games/{code}/bots", json={"count": 1},
                          headers=auth(ana)).json()["added"][0]
        # the host moves Ben to an empty chair, and the bot onto Ben's old one
        r = sit(client, code, ana, 8, ben["participant"]["id"])
        assert r.status_code == 200, r.text
        r = sit(client, code, ana, 2, bot["id"])
        assert r.status_code == 200, r.text
        assert chairs(client, code) == {"Ana": 1, bot["name"]: 2, "Cy": 3, "Ben": 8}
        # the host may not put someone on another person's chair either
        r = sit(client, code, ana, 1, cy["participant"]["id"])
        assert r.status_code == 409 and r.json()["error"] == "seat-taken"
        # Cy may not move Ben, nor the bot; naming oneself is fine
        r = sit(client, code, cy["token"], 5, ben["participant"]["id"])
        assert r.status_code == 403 and r.json()["error"] == "not-host"
        assert sit(client, code, cy["token"], 5, bot["id"]).status_code == 403
        r = sit(client, code, cy["token"], 5, cy["participant"]["id"])
        assert r.status_code == 200, r.text
        # no such participant; a spectator has no chair to move
        assert sit(client, code, ana, 6, "nobody").status_code == 404
        r = sit(client, code, ana, 6, mo["participant"]["id"])
        assert r.status_code == 409 and r.json()["error"] == "not-seated"
        assert chairs(client, code) == {"Ana": 1, bot["name"]: 2, "Cy": 5, "Ben": 8}
        # a removed player's chair falls empty; the others keep theirs
        client.delete(f"/api/games/{code}/participants/{cy['participant']['id']}",
                      headers=auth(ana))
        assert chairs(client, code) == {"Ana": 1, bot["name"]: 2, "Ben": 8}


def test_lobby_watchers_are_told_and_the_order_survives_a_restart(
        fresh_server: Server) -> None:
    made = create(fresh_server, "Ana")
    code, ana = made["code"], made["token"]
    ben = join(fresh_server, code, "Ben")
    with api(fresh_server) as client:
        b3, b4 = [bot["name"] for bot in client.post(
            f"/api/games/{code}/bots", json={"count": 2}, headers=auth(ana)).json()["added"]]

    async def watch() -> None:
        watcher = Seat(fresh_server, code, ben["token"], "Ben")
        first = await watcher.connect()
        assert first["type"] == "lobby"
        async with httpx.AsyncClient(base_url=fresh_server.url, timeout=10) as client:
            r = await client.post(f"/api/games/{code}/seat", json={"position": 4},
                                  headers=auth(ben["token"]))
            assert r.status_code == 200, r.text
        told = await watcher.until(lambda m: m.get("type") == "lobby" and any(
            s["name"] == "Ben" and s["position"] == 4 for s in m["game"]["seats"]))
        assert [s["name"] for s in told["game"]["seats"]] == ["Ana", b4, b3, "Ben"]
        await watcher.close()

    asyncio.run(watch())
    with api(fresh_server) as client:
        r = sit(client, code, ana, 7, ben["participant"]["id"])
        assert r.status_code == 200, r.text
        before = chairs(client, code)
    assert before == {"Ana": 1, b4: 2, b3: 3, "Ben": 7}

    fresh_server.kill()
    fresh_server.start()
    with api(fresh_server) as client:
        assert chairs(client, code) == before
        # and the restored lobby goes on: Ben still moves, a newcomer sits after the last
        assert sit(client, code, ben["token"], 5).status_code == 200
        join(fresh_server, code, "Cy")
        assert chairs(client, code) == {"Ana": 1, b4: 2, b3: 3, "Ben": 5, "Cy": 6}
