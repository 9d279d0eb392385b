"""The server speaks in plain words: the catalogue for the browser, sentences of its own for
refusals (never pydantic's), and the catalogue's key for an engine's refusal."""

from __future__ import annotations

import re

import httpx

from .helpers import Server, auth
from .test_bad_input import opened

LIBRARY_WORDS = re.compile(r"String should|Input should|Field required|body\.|\['|\{'|value_error")


def test_the_editions_carry_their_message_catalogue(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        editions = client.get("/api/editions").json()
    for edition in editions:
        messages = edition["messages"]
        assert messages["edition"] == edition["id"]
        assert {"events", "talk", "decisions", "errors", "terms", "words", "cards"} <= set(messages)
    wherewolf = next(e for e in editions if e["id"] == "wherewolf")["messages"]
    verdict = next(e for e in wherewolf["events"] if e["kind"] == "PlayerExecuted")
    assert "burned at the stake" in verdict["text"]


def test_the_editions_declare_their_presets_and_phase_kinds(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        editions = {e["id"]: e for e in client.get("/api/editions").json()}
    for edition_id, edition in editions.items():
        assert set(edition["preset_words"]) == set(edition["presets"]), edition_id
        assert edition["phase_kinds"]["night"] == "night"
        assert edition["phase_kinds"]["day"] == "day"
    assert editions["millers-hollow"]["presets"] == ["basic", "classic"]
    assert "15A" in editions["licos"]["compositions"]
    assert "compositions" not in editions["wherewolf"]
    assert "thief" in editions["millers-hollow"]["deck_words"]
    assert "undealt" in editions["wherewolf"]["deck_words"]
    assert editions["licos"]["deck_words"] == "Deal exactly as many cards as seats."


def test_a_refused_form_is_told_in_our_words(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        wizard = client.post("/api/games", json={"name": "Ann", "as": "wizard",
                                                 "edition": "millers-hollow"})
        assert wizard.status_code == 422
        assert wizard.json() == {"error": "invalid", "detail":
                                 "The part you take must be player, moderator or spectator."}
        missing = client.post("/api/games", json={"edition": "millers-hollow"})
        assert missing.json()["detail"] == "The name is missing."
        spaces = client.post("/api/games", json={"name": "   ", "edition": "millers-hollow"})
        long = client.post("/api/games", json={"name": "x" * 200, "edition": "millers-hollow"})
        tags = client.post("/api/games", json={"name": "<b>Ann</b>"})
        for response in (wizard, missing, spaces, long, tags):
            assert response.status_code == 422
            detail = response.json()["detail"]
            assert detail.endswith(".") and detail[:1].isupper(), detail
            assert not LIBRARY_WORDS.search(response.text), response.text


def test_an_illegal_answer_names_its_catalogue_entry(server: Server) -> None:
    code, tokens, seat, decision = opened(server)
    # a name nobody has (as many as the question takes)
    bogus: object = "Nobody Here" if decision["max"] == 1 else \
        ["Nobody Here"] + [f"Nobody {i}" for i in range(1, decision["min"])]
    with httpx.Client(base_url=server.url, timeout=10) as client:
        refused = client.post(f"/api/games/{code}/answer", headers=auth(tokens[seat]),
                              json={"decision": decision["id"], "answer": bogus})
    body = refused.json()
    assert refused.status_code == 422 and body["error"] == "illegal", body
    assert body["message"] in ("not-a-choice", "not-a-choice-or-skip")
    assert body["params"]["choice"] == "Nobody Here"
    assert body["detail"].startswith("Nobody Here is not one of the choices")
    assert not LIBRARY_WORDS.search(refused.text)
