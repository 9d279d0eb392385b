"""Options are checked against the edition's typed schema when a game is created, so that no
stored game can fail to start; /api/editions describes every option for the web form."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from wolfsbane.editions import EDITIONS

from .helpers import Server, api, auth, create

BAD_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("wherewolf", {"extra-roles": 5}),
    ("wherewolf", {"extra-roles": True}),
    ("wherewolf", {"extra-roles": "abc"}),
    ("wherewolf", {"extra-roles": ["healer", "no-such-card"]}),
    ("wherewolf", {"extra-roles": ["minor-vampire"]}),  # players become it; never dealt
    ("wherewolf", {"extra-roles": {"healer": "x"}}),
    ("wherewolf", {"variants": "mayor"}),
    ("wherewolf", {"variants": ["mayor"]}),
    ("wherewolf", {"variants": {"mayor": "tyrant"}}),
    ("wherewolf", {"variants": {"no-such-card": "x"}}),
    ("wherewolf", {"variants": {"villager": "x"}}),
    ("wherewolf", {"variants": {"innkeeper": ["healer-saved", "gossip"]}}),
    ("wherewolf", {"day-seconds": "abc"}),
    ("wherewolf", {"day-seconds": 2.5}),
    ("wherewolf", {"day-seconds": -1}),
    ("wherewolf", {"day-seconds": True}),
    ("wherewolf", {"role-reveal": 3}),
    ("wherewolf", {"role-reveal": "maybe"}),
    ("millers-hollow", {"little-girl-catch-chance": "nan"}),
    ("millers-hollow", {"little-girl-catch-chance": "inf"}),
    ("millers-hollow", {"little-girl-catch-chance": "abc"}),
    ("millers-hollow", {"little-girl-catch-chance": 1e308}),
    ("millers-hollow", {"little-girl-catch-chance": True}),
    ("millers-hollow", {"little-girl-catch-chance": [0.1]}),
    ("millers-hollow", {"little-girl-sees": "everything"}),
    ("millers-hollow", {"little-girl-sees": 1}),
    ("millers-hollow", {"sheriff": {"a": "b"}}),
    ("millers-hollow", {"full-moon": True}),
    ("licos", {"chat-limit": 10}),
    ("licos", {"chat-limit": "10x99999"}),
    ("licos", {"noon-seconds": 5}),
    ("licos", {"night-seconds": "nan"}),
]


def post(server: Server, body: dict[str, Any]) -> httpx.Response:
    with api(server) as client:
        return client.post("/api/games", json={"name": "Host", **body})


def fill_and_start(server: Server, code: str, token: str, seats: int) -> httpx.Response:
    """The host and `seats - 1` more: bots, or people where the edition takes no bots (a game
    played in the dark, in one room)."""
    with api(server) as client:
        if seats > 1:
            edition = client.get(f"/api/games/{code}").json()["edition"]
            if EDITIONS[edition].played_in_the_dark:
                for number in range(seats - 1):
                    r = client.post(f"/api/games/{code}/join",
                                    json={"name": f"Friend {number + 1}", "as": "player"})
                    assert r.status_code == 201, r.text
            else:
                r = client.post(f"/api/games/{code}/bots", json={"count": seats - 1},
                                headers=auth(token))
                assert r.status_code == 201, r.text
        return client.post(f"/api/games/{code}/start", headers=auth(token))


@pytest.mark.parametrize(("edition", "options"), BAD_OPTIONS,
                         ids=[f"{e}-{json.dumps(o)}" for e, o in BAD_OPTIONS])
def test_bad_options_are_refused_at_creation_with_a_sentence(
        server: Server, edition: str, options: dict[str, Any]) -> None:
    r = post(server, {"edition": edition, "options": options})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] in ("setup", "invalid")
    if body["error"] == "setup":  # the edition's schema speaks: a sentence with the label
        detail = body["detail"]
        assert detail.endswith(".") and "Traceback" not in detail and "{'" not in detail
        label_named = any(o.label in detail for o in EDITIONS[edition].options.values())
        assert label_named or "option" in detail or "card" in detail or "variant" in detail


def test_a_raw_nan_is_refused(server: Server) -> None:
    with api(server) as client:
        r = client.post("/api/games", content=b'{"name": "Host", "options": '
                        b'{"little-girl-catch-chance": NaN}}',
                        headers={"Content-Type": "application/json"})
    assert r.status_code == 422


GOOD_OPTIONS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("wherewolf", {"extra-roles": ["healer", "witch", "vampire"]},
     {"extra-roles": ["healer", "witch", "vampire"]}),
    ("wherewolf", {"extra-roles": "healer, witch"}, {"extra-roles": ["healer", "witch"]}),
    ("wherewolf", {"variants": {"mayor": "large-village", "cursed-wolf": "the-wolf-cub"}},
     {"variants": {"mayor": "large-village", "cursed-wolf": "wolf-cub"}}),
    ("wherewolf", {"variants": {"innkeeper": ["healer-saved", "vampire-created"],
                                "peasant": []}},
     {"variants": {"innkeeper": ["healer-saved", "vampire-created"]}}),
    ("wherewolf", {"day-seconds": 120, "role-reveal": "yes"},
     {"day-seconds": 120, "role-reveal": True}),
    ("millers-hollow", {"little-girl-catch-chance": 0.5, "little-girl-sees": "werewolf"},
     {"little-girl-catch-chance": 0.5, "little-girl-sees": "werewolf"}),
    ("licos", {"chat-limit": "5x200", "noon-seconds": 30.0},
     {"chat-limit": "5x200", "noon-seconds": 30}),
]


@pytest.mark.parametrize(("edition", "options", "stored"), GOOD_OPTIONS,
                         ids=[f"{e}-{json.dumps(o)}" for e, o, _ in GOOD_OPTIONS])
def test_lists_and_mappings_can_be_set_over_http_and_the_game_starts(
        server: Server, edition: str, options: dict[str, Any], stored: dict[str, Any]) -> None:
    r = post(server, {"edition": edition, "options": options})
    assert r.status_code == 201, r.text
    made = r.json()
    with api(server) as client:
        info = client.get(f"/api/games/{made['code']}").json()
    for key, value in stored.items():
        assert info["options"][key] == value
    r = fill_and_start(server, made["code"], made["token"], 8)
    assert r.status_code == 200, r.text


def test_lobby_settings_are_in_words(server: Server) -> None:
    made = create(server, edition="millers-hollow",
                  options={"little-girl-catch-chance": 0.2, "sheriff": False})
    with api(server) as client:
        info = client.get(f"/api/games/{made['code']}").json()
    words = {item["id"]: (item["label"], item["value"]) for item in info["settings"]}
    assert words["sheriff"] == ("Elect a sheriff", "no")
    assert words["little-girl-catch-chance"] == ("Chance the little girl is caught", "0.2")
    assert words["little-girl-sees"] == ("What the little girl sees",
                                         "The pack's talk and victim")
    for label, _ in words.values():
        assert "-" not in label


def test_editions_expose_each_options_schema(server: Server) -> None:
    with api(server) as client:
        editions = {e["id"]: e for e in client.get("/api/editions").json()}
    for edition_id, edition in EDITIONS.items():
        options = editions[edition_id]["options"]
        assert set(options) == set(edition.options)
        for key, schema in options.items():
            assert schema["kind"] in ("boolean", "integer", "number", "seconds", "choice",
                                      "roles", "variants", "text")
            assert schema["label"] and schema["label"] != key
            assert schema["explanation"]
            assert schema["default"] == edition.options[key].default
    ww = editions["wherewolf"]["options"]
    assert ww["variants"]["kind"] == "variants"
    mayor = next(c for c in ww["variants"]["choices"] if c["id"] == "mayor")
    assert {v["id"] for v in mayor["variants"]} == {"large-village", "my-word-is-law"}
    assert all(v["label"] for v in mayor["variants"])
    extra = {c["id"] for c in ww["extra-roles"]["choices"]}
    assert "healer" in extra and "minor-vampire" not in extra
    chance = editions["millers-hollow"]["options"]["little-girl-catch-chance"]
    assert (chance["kind"], chance["minimum"], chance["maximum"]) == ("number", 0.0, 1.0)
    sees = editions["millers-hollow"]["options"]["little-girl-sees"]
    assert [c["id"] for c in sees["choices"]] == ["chat", "werewolf"]
    assert editions["wherewolf"]["options"]["day-seconds"]["kind"] == "seconds"
    assert len(editions["licos"]["compositions"]) == 36


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_edition_starts_with_its_defaults(server: Server, edition: str) -> None:
    # an edition a person runs starts with the automatic storyteller only in practice
    made = create(server, edition=edition, practice=EDITIONS[edition].storyteller_run)
    r = fill_and_start(server, made["code"], made["token"], 8)
    assert r.status_code == 200, r.text


def test_too_few_players_is_a_clean_409(server: Server) -> None:
    made = create(server, edition="millers-hollow")
    r = fill_and_start(server, made["code"], made["token"], 1)
    assert r.status_code == 409
    assert r.json()["error"] == "player-count"
    assert "players" in r.json()["detail"]


@pytest.mark.parametrize("preset", ["15A", "8A", "licos:15A", "licos:8b", "C"])
def test_licos_compositions_by_name(server: Server, preset: str) -> None:
    made = create(server, edition="licos", preset=preset)
    with api(server) as client:
        info = client.get(f"/api/games/{made['code']}").json()
    sizes = info["cards"]["sizes"]
    seats = sizes[0] if len(sizes) == 1 else 8
    assert seats == {"15A": 15, "8A": 8, "licos:15A": 15, "licos:8b": 8, "C": 8}[preset]
    r = fill_and_start(server, made["code"], made["token"], seats)
    assert r.status_code == 200, r.text
    with api(server) as client:
        info = client.get(f"/api/games/{made['code']}").json()
    names = [seat["name"] for seat in info["seats"]]
    characters = set(EDITIONS["licos"].character_names)
    assert all(name in characters for name in names[1:]), names  # bots play under characters
    assert not any(name.startswith("Bot ") for name in names)


def test_unknown_composition_is_refused(server: Server) -> None:
    r = post(server, {"edition": "licos", "preset": "16A"})
    assert r.status_code == 422
    assert "composition" in r.json()["detail"]


def test_a_deck_no_table_can_be_dealt_is_refused(server: Server) -> None:
    r = post(server, {"edition": "millers-hollow", "deck": ["villager"] * 6})
    assert r.status_code == 422
    assert "werewolf" in r.json()["detail"]


def test_lobby_shows_the_cards_recommended_deals_for_the_seats(server: Server) -> None:
    made = create(server, edition="millers-hollow")
    with api(server) as client:
        client.post(f"/api/games/{made['code']}/bots", json={"count": 7},
                    headers=auth(made["token"]))
        info = client.get(f"/api/games/{made['code']}").json()
    assert sorted(info["cards"]["deck"]) == sorted(
        EDITIONS["millers-hollow"].recommended_deck(8, {}))
    assert "witch" in info["cards"]["deck"] and "cupid" in info["cards"]["deck"]


def test_a_stored_game_with_bad_options_starts_cleanly_or_says_why(tmp_path: Path) -> None:
    """A lobby stored before options had schemas (`extra-roles: 5`) gets a 409 with a
    sentence at /start, also after a restart; never a 500."""
    db = tmp_path / "wolfsbane.db"
    srv = Server(str(db), log=tmp_path / "server.log").start()
    try:
        made = create(srv, edition="wherewolf")
        srv.stop()
        with sqlite3.connect(db) as conn:
            (config,) = conn.execute("SELECT config FROM games WHERE code = ?",
                                     (made["code"],)).fetchone()
            config = json.loads(config)
            config["options"]["extra-roles"] = 5
            conn.execute("UPDATE games SET config = ? WHERE code = ?",
                         (json.dumps(config), made["code"]))
        srv.start()
        r = fill_and_start(srv, made["code"], made["token"], 8)
        assert r.status_code == 409, r.text
        assert r.json()["error"] == "setup"
        assert "Extra possible cards" in r.json()["detail"]
    finally:
        srv.stop()
