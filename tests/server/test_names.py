"""Names at the table: each refusal says why, names that would pass for a bot's or for the
game's own words are refused, bots sit under first names from the edition's list, and the host
chooses whether everyone sees which seats are bots."""

from __future__ import annotations

import asyncio

import pytest

from wolfsbane.editions import get_edition
from wolfsbane.server.app import name_problem

from .helpers import Seat, Server, api, auth, create, join


@pytest.mark.parametrize(("name", "reason"), [
    ("<b>Ann</b>", "Names may use letters, digits, spaces and - ' . only."),
    ("Bot 2", "would look like a bot's"),
    ("bot7", "would look like a bot's"),
    ("everyone", "The game itself uses the word"),
    ("Storyteller", "The game itself uses the word"),
    ("   ", "Please type a name."),
    ("x" * 200, "at most 24 characters long; this one has 200"),
    ("1234", "at least one letter"),
])
def test_a_refused_name_is_told_why(server: Server, name: str, reason: str) -> None:
    with api(server) as client:
        r = client.post("/api/games", json={"name": name})
        assert r.status_code == 422, r.text
        assert r.json()["error"] == "bad-name"
        assert reason in r.json()["detail"]
        code = create(server, "Ana")["code"]
        r = client.post(f"/api/games/{code}/join", json={"name": name, "as": "spectator"})
        assert r.status_code == 422 and reason in r.json()["detail"]


def test_ordinary_names_are_welcome_and_tidied() -> None:
    for name in ("Zoë", "Ann O'Neil", "J.-P. Sartre", "李小龍", "Ada 2"):
        assert name_problem(name) is None, name
    assert name_problem("Bot 2", bot=True) is None  # a host may name a bot so


def test_bots_sit_under_first_names_from_the_editions_list(server: Server) -> None:
    for edition_id in ("millers-hollow", "wherewolf", "licos"):
        edition = get_edition(edition_id)
        made = create(server, "Ana", edition=edition_id)
        with api(server) as client:
            added = client.post(f"/api/games/{made['code']}/bots", json={"count": 6},
                                headers=auth(made["token"])).json()["added"]
        names = [b["name"] for b in added]
        assert len(set(names)) == 6
        pool = edition.bot_names or edition.character_names
        assert all(n in pool for n in names), (edition_id, names)


def test_a_person_who_joins_under_a_bots_name_takes_it(server: Server) -> None:
    made = create(server, "Ana", seed=4)
    code = made["code"]
    with api(server) as client:
        bot = client.post(f"/api/games/{code}/bots", json={"count": 1},
                          headers=auth(made["token"])).json()["added"][0]
        joined = join(server, code, bot["name"].upper())
        seats = client.get(f"/api/games/{code}").json()["seats"]
    assert joined["participant"]["name"] == bot["name"].upper()
    by_id = {s["id"]: s for s in seats}
    assert by_id[bot["id"]]["name"] != bot["name"] and by_id[bot["id"]]["bot"]
    assert len({s["name"].casefold() for s in seats}) == 3


def test_the_host_chooses_whether_everyone_sees_the_bots(server: Server) -> None:
    made = create(server, "Ana")
    code, host = made["code"], made["token"]
    ben = join(server, code, "Ben")
    with api(server) as client:
        client.post(f"/api/games/{code}/bots", json={"count": 2}, headers=auth(host))
        info = client.get(f"/api/games/{code}").json()
        assert info["show_bots"] is True and sum(s["bot"] for s in info["seats"]) == 2
        r = client.post(f"/api/games/{code}/show-bots", json={"show": False},
                        headers=auth(ben["token"]))
        assert r.status_code == 403

        async def told_to_ben() -> dict[str, object]:
            watcher = Seat(server, code, ben["token"], "Ben")
            await watcher.connect()
            with api(server) as other:
                r = other.post(f"/api/games/{code}/show-bots", json={"show": False},
                               headers=auth(host))
                assert r.status_code == 200, r.text
            told = await watcher.until(lambda m: m.get("type") == "lobby"
                                       and m["game"]["show_bots"] is False)
            await watcher.close()
            return told

        told = asyncio.run(told_to_ben())
        assert not any(s["bot"] for s in told["game"]["seats"])  # type: ignore[index]
        hidden = client.get(f"/api/games/{code}").json()["seats"]
        assert not any(s["bot"] for s in hidden) and all(s["connected"] for s in hidden
                                                         if s["name"] not in ("Ana", "Ben"))
        assert not any(s["bot"] for s in client.get(
            f"/api/games/{code}", headers=auth(ben["token"])).json()["seats"])
        mine = client.get(f"/api/games/{code}", headers=auth(host)).json()["seats"]
        assert sum(s["bot"] for s in mine) == 2
        client.post(f"/api/games/{code}/start", headers=auth(host))
        r = client.post(f"/api/games/{code}/show-bots", json={"show": True}, headers=auth(host))
        assert r.status_code == 409
