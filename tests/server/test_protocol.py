"""The typed protocol (server/protocol.py) holds what the server really sends: every message of
whole games over real sockets, in every edition, for players, a spectator and a moderator,
fits the models with no field the models do not name; the published JSON Schema and the
reference in docs/protocol.md are the models'; /openapi.json describes the replies."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wolfsbane.core.talk import TALK_TYPES
from wolfsbane.editions import EDITIONS, get_edition
from wolfsbane.server.protocol import (
    EVENT_KINDS,
    PROTOCOL_VERSION,
    TALK_ACTS,
    GameInfo,
    Record,
    Reveal,
    ServerMessageModel,
    View,
    reference_markdown,
    schema_text,
    undeclared_fields,
)

from .helpers import FAST, Seat, Server, api, auth, create, join, play_randomly, start, table

ROOT = Path(__file__).resolve().parents[2]
QUICK: dict[str, dict[str, Any]] = {
    "licos": {"options": {"first-morning-seconds": 10, "morning-seconds": 10,
                          "noon-seconds": 10, "night-seconds": 10}},
    "clocktower": {"options": {"day-seconds": 60}, "practice": True},
}


def checked(raw: list[str]) -> list[dict[str, Any]]:
    """Every message as sent, validated against the protocol: none may carry a field (or an
    event, decision or talk kind) the models do not name."""
    out = []
    for text in raw:
        message = json.loads(text)
        model = ServerMessageModel.model_validate({"message": message})
        assert undeclared_fields(model.message) == [], (message.get("type"), text[:300])
        if message["type"] in ("snapshot", "update", "lobby"):
            assert message["protocol"] == PROTOCOL_VERSION
        out.append(message)
    return out


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_message_of_a_whole_game_fits_the_protocol(server: Server, edition: str) -> None:
    players = max(get_edition(edition).min_players, min(8, get_edition(edition).max_players))
    code, tokens = table(server, players, edition=edition, **QUICK.get(edition, {}))
    watcher = join(server, code, "Watcher", "spectator")["token"]
    seats = {name: Seat(server, code, token, name) for name, token in tokens.items()}
    spectator = Seat(server, code, watcher, "Watcher")

    async def main() -> None:
        for seat in (*seats.values(), spectator):
            await seat.connect()
        start(server, code, tokens["P0"])
        await asyncio.gather(*(play_randomly(seat, random.Random(i))
                               for i, seat in enumerate(seats.values())),
                             spectator.until(lambda m: m.get("view", {}).get("over"), 120))
        for seat in (*seats.values(), spectator):
            await seat.close()

    asyncio.run(main())
    kinds: set[str] = set()
    for seat in (*seats.values(), spectator):
        for message in checked(seat.raw):
            kinds.update(e["kind"] for e in message.get("view", {}).get("events", ()))
    assert {"PhaseBegan", "GameWon"} <= kinds
    with api(server) as client:
        for path in ("", "/view?since=0", "/record", "/reveal"):
            r = client.get(f"/api/games/{code}{path}", headers=auth(tokens["P1"]))
            assert r.status_code == 200, r.text
            body = r.json()
            model = {"": GameInfo, "/record": Record, "/reveal": Reveal}.get(path)
            if model is None:
                assert body["protocol"] == PROTOCOL_VERSION
                assert undeclared_fields(View.model_validate(body["view"])) == []
            else:
                assert undeclared_fields(model.model_validate(body)) == [], path


@pytest.mark.parametrize("edition", ["millers-hollow", "clocktower"])
def test_a_moderators_messages_fit_the_protocol(server: Server, edition: str) -> None:
    setup: dict[str, Any] = ({"preset": "classic"} if edition == "millers-hollow"
                             else {"options": {"day-seconds": 60}})
    made = create(server, "Mod", **{"as": "moderator"}, moderated=True, edition=edition,
                  timers={**FAST, "decision": 5.0, "storyteller": 5.0}, **setup)
    code, mod_token = made["code"], made["token"]
    tokens = {f"P{i}": join(server, code, f"P{i}")["token"] for i in range(8)}
    moderator = Seat(server, code, mod_token, "Mod")
    seats = [Seat(server, code, token, name) for name, token in tokens.items()]

    async def play_moderator() -> None:
        answered: set[int] = set()
        while not (moderator.view and moderator.view["over"]):
            for d in moderator.view["decisions"] if moderator.view else ():
                if d["id"] not in answered and d["seat"] == "storyteller":
                    answered.add(d["id"])
                    await moderator.send({"type": "answer", "decision": d["id"],
                                          "answer": d.get("suggestion")})
            await moderator.recv(timeout=30)

    async def main() -> None:
        await moderator.connect()
        for seat in seats:
            await seat.connect()
        start(server, code, mod_token)
        await asyncio.gather(play_moderator(), *(play_randomly(seat, random.Random(i))
                                                 for i, seat in enumerate(seats)))

    asyncio.run(main())
    messages = checked(moderator.raw)
    snapshot = next(m for m in messages if m["type"] == "snapshot")
    assert snapshot["view"]["seat"] == "storyteller"
    assert any(e.get("audience") for m in messages for e in m.get("view", {}).get("events", ()))


def test_every_edition_s_view_of_simulated_games_fits_the_protocol() -> None:
    """The engine's views (all that a message's `view` is) for every edition and preset, at
    many moments of whole games: every event, decision and talk kind has its model."""
    from wolfsbane.agents import bot_for, table_for
    from wolfsbane.core import Game
    from wolfsbane.core.edition import deck_for
    from wolfsbane.core.view import public_view, view

    seen: set[str] = set()
    for edition in EDITIONS.values():
        setups = [(p, None) for p in edition.presets] + [(None, None)] + [
            (None, deck) for deck in list(edition.compositions().values())[:6]]
        for preset, deck in setups:
            players = len(deck) if deck else min(edition.max_players, 10)
            seats = [f"P{i}" for i in range(1, players + 1)]
            try:
                game = Game(edition, seats, seed=3,
                            deck=deck or deck_for(edition, players, {}, preset))
            except Exception:  # noqa: BLE001 - a preset for other table sizes
                continue
            agents = {s: bot_for(s, random.Random(s), edition) for s in seats}
            steps = [0]

            def look(_event: Any, game: Game = game, seats: list[str] = seats,
                     steps: list[int] = steps) -> None:
                steps[0] += 1
                if steps[0] % 5:
                    return
                for seat in ("storyteller", *seats[:3]):
                    model = View.model_validate(view(game, seat))
                    assert undeclared_fields(model) == [], (game.edition.id, seat)
                View.model_validate(public_view(game))

            table_for(game, agents).play_out(on_event=look)
            seen.update(e.kind for e in game.events)
    assert seen <= set(EVENT_KINDS), seen - set(EVENT_KINDS)


def test_the_talk_acts_are_the_engine_s_talk_vocabulary() -> None:
    assert set(TALK_ACTS) == set(TALK_TYPES)


def test_the_published_json_schema_is_the_models() -> None:
    committed = (ROOT / "docs" / "protocol.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(), "run: wolfsbane protocol schema > docs/protocol.schema.json"
    schema = json.loads(committed)
    assert schema["version"] == PROTOCOL_VERSION
    for name in ("ServerWsMessage", "ClientWsMessage", "View", "Said", "PickDecision",
                 "YesNoDecision", "ClaimAct", "Clock", "TalkStanding", "PingMessage"):
        assert name in schema["$defs"], name
    printed = subprocess.run([sys.executable, "-m", "wolfsbane.cli", "protocol", "schema"],
                             capture_output=True, text=True, timeout=60)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == committed


def test_docs_protocol_md_carries_the_reference_generated_from_the_models() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert reference_markdown() in doc, (
        "regenerate: wolfsbane protocol reference --update docs/protocol.md")
    for kind in EVENT_KINDS:
        assert f"`{kind}`" in doc


def test_openapi_describes_every_reply(server: Server) -> None:
    with api(server) as client:
        schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    for name in ("View", "GameInfo", "Record", "Reveal", "Said", "PickDecision", "Clock",
                 "EditionInfo", "Health", "Joined"):
        assert name in components, name
    view_reply = schema["paths"]["/api/games/{code}/view"]["get"]["responses"]["200"]
    assert view_reply["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/GameMessage"}
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            if path.endswith("qr.svg"):
                continue
            content = operation["responses"].get("200") or operation["responses"].get("201")
            body = content["content"]["application/json"]["schema"] if content else {}
            assert body != {} and body.get("additionalProperties") is not True, (method, path)


def test_a_moderated_storyteller_decision_is_typed_with_its_suggestion() -> None:
    from wolfsbane.server.protocol import PickDecision

    model = View.model_validate({
        "edition": "millers-hollow", "seat": "storyteller", "phase": "setup", "events": [],
        "decisions": [{"id": 1, "seat": "storyteller", "name": "deal", "kind": "pick",
                       "choices": ["a"], "min": 1, "max": 1, "optional": False,
                       "default": None, "prompt": "Deal", "suggestion": "a"}],
        "channels": [], "over": False, "outcome": None, "cursor": 0})
    assert isinstance(model.decisions[0], PickDecision)
    assert model.decisions[0].suggestion == "a"


def test_an_unknown_event_kind_is_kept_but_flagged() -> None:
    model = View.model_validate({
        "edition": "x", "seat": "A", "phase": "day 1", "channels": [], "decisions": [],
        "over": False, "outcome": None, "cursor": 1,
        "events": [{"index": 0, "kind": "Brandnew", "phase": "day 1", "thing": 1}]})
    assert undeclared_fields(model)  # the server keeps working; the tests catch the drift

