"""Clocktower over the server: the grimoire (every token, state and its source), the
storyteller's suggestions, reasons and truths reach the storyteller's socket and never a
player's; a game needs a storyteller unless it is a practice game; the reveal tells every
storyteller choice with its reason."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from typing import Any

from .helpers import Seat, Server, api, auth, create, finished_record, join, play_randomly, start

TIMERS = {"night": 6.0, "day": 6.0, "decision": 3.0, "grace": 0.3, "bot_delay": 0.0,
          "talk": 0.0, "vote": 0.5, "scale": 0.1}
# what only the storyteller may read, as keys of a message
STORYTELLER_KEYS = ('"grimoire"', '"reason"', '"truth"', '"suggestion"', '"reminders"')
BAG = ["no-dashii", "evil-twin", "chef", "empath", "monk"]


async def run_storyteller(seat: Seat, until: float) -> int:
    """Answer every storyteller decision: the bag above, then each suggestion."""
    answered: set[int] = set()
    while time.monotonic() < until:
        view = seat.view
        if view is not None:
            if view["over"] or view["phase"] == "day 2":
                return len(answered)
            for d in view["decisions"]:
                if d["seat"] != "storyteller" or d["id"] in answered:
                    continue
                answered.add(d["id"])
                answer = BAG if d["name"] == "characters" else d.get("suggestion")
                await seat.send({"type": "answer", "decision": d["id"], "answer": answer})
        try:
            await seat.recv(timeout=max(0.1, until - time.monotonic()))
        except TimeoutError:
            break
    return len(answered)


def test_the_grimoire_reaches_the_storyteller_and_never_a_players_socket(
        server: Server) -> None:
    made = create(server, "Sue", **{"as": "moderator", "edition": "clocktower",
                                    "moderated": True, "seed": 5, "timers": TIMERS,
                                    "options": {"day-seconds": 60}})
    code = made["code"]
    tokens = {name: join(server, code, name)["token"] for name in ("Ann", "Bob", "Cat", "Dan",
                                                                     "Eve")}
    start(server, code, made["token"])

    async def scenario() -> tuple[Seat, dict[str, Seat], int]:
        st = Seat(server, code, made["token"], "storyteller")
        await st.connect()
        players = {name: Seat(server, code, token, name) for name, token in tokens.items()}
        for seat in players.values():
            await seat.connect()
        until = time.monotonic() + 60
        rng = random.Random(2)
        tasks = [asyncio.create_task(play_randomly(seat, rng, talk=False, stop_after=40))
                 for seat in players.values()]
        answered = await run_storyteller(st, until)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for seat in (st, *players.values()):
            await seat.close()
        return st, players, answered

    st, players, answered = asyncio.run(scenario())
    assert answered >= 3  # the bag, the Marionette, the information...
    # every answer was taken: a piece of information is a composite answer ({"number": 1})
    refused = [m for m in st.messages if m.get("type") == "error"]
    assert not refused, refused
    storyteller_raw = "".join(st.raw)
    for key in ('"grimoire"', '"reason"', '"truth"', '"suggestion"'):
        assert key in storyteller_raw, key  # the storyteller's own screen has them
    # the No Dashii poisons its nearest Townsfolk: the storyteller sees it, with its source
    assert re.search(r'"state": ?"poisoned", ?"by": ?"', storyteller_raw)
    for name, seat in players.items():
        raw = "".join(seat.raw)
        # the words a seat reads besides its own card's text (which may speak of poison)
        said = "".join(json.dumps({**m, "view": {**m["view"], "you": None}})
                       if "view" in m else json.dumps(m) for m in seat.messages)
        assert len(seat.raw) > 3, name
        # why the game ended is everyone's to know (a game over within the test's minute)
        for m in seat.messages:
            outcome = (m.get("view") or {}).get("outcome")
            if outcome:
                raw = raw.replace(f'"reason":{json.dumps(outcome["reason"])}', "")
        for key in STORYTELLER_KEYS:
            assert key not in raw, (name, key)
        assert "poisoned" not in said and "drunk" not in said, name
        assert "is_the_demon" not in raw and "red-herring" not in raw, name
    with api(server) as client:
        for name, token in tokens.items():
            view = client.get(f"/api/games/{code}/view", headers=auth(token)).json()
            assert "grimoire" not in json.dumps(view), name
        mine = client.get(f"/api/games/{code}/view", headers=auth(made["token"])).json()
        assert "grimoire" in mine["view"]


def test_a_clocktower_game_with_people_needs_a_storyteller_or_practice(
        server: Server) -> None:
    with api(server) as client:
        refused = client.post("/api/games", json={"name": "Tom", "edition": "clocktower"})
        assert refused.status_code == 422
        assert refused.json()["error"] == "setup"
        assert "practice" in refused.json()["detail"]
        made = client.post("/api/games", json={"name": "Tom", "edition": "clocktower",
                                               "practice": True})
        assert made.status_code == 201, made.text
        info = client.get(f"/api/games/{made.json()['code']}").json()
        assert info["practice"] is True and info["moderated"] is False


def test_the_reveal_tells_every_storyteller_choice_with_its_reason_and_the_grimoire(
        server: Server) -> None:
    made = create(server, "Tom", **{"edition": "clocktower", "practice": True, "seed": 11,
                                    "as": "spectator", "timers": TIMERS,
                                    "options": {"day-seconds": 60}})
    code = made["code"]
    with api(server) as client:
        assert client.post(f"/api/games/{code}/bots", json={"count": 6},
                           headers=auth(made["token"])).status_code == 201
    start(server, code, made["token"])
    finished_record(server, code, made["token"], tries=600)
    with api(server) as client:
        reveal: dict[str, Any] = client.get(f"/api/games/{code}/reveal",
                                            headers=auth(made["token"])).json()
    assert {s["player"] for s in reveal["grimoire"]["seats"]} == {
        p["name"] for p in reveal["players"]}
    choices = [e for e in reveal["timeline"]
               if e["kind"] == "Answered" and e["seat"] == "storyteller"]
    assert choices and all(c.get("reason") for c in choices)
    bag = next(c for c in choices if c["decision"] == "characters")
    assert bag["suggestion"] and bag["answer"]


def test_a_storyteller_at_the_grimoire_holds_the_night_while_they_think(server: Server) -> None:
    """A person's storyteller decision at night keeps no slot of the timed night: it waits
    for them past the whole night's length, the night does not end meanwhile, and it goes
    on (to day 1) once they answer."""
    timers = {"night": 3.0, "day": 60.0, "decision": 2.0, "grace": 0.3, "bot_delay": 0.0,
              "talk": 0.0, "vote": 0.5, "storyteller": 60.0}
    made = create(server, "Sue", **{"as": "moderator", "edition": "clocktower",
                                    "moderated": True, "seed": 5, "timers": timers,
                                    "options": {"day-seconds": 60}})
    code = made["code"]
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        join(server, code, name)
    start(server, code, made["token"])

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], list[str]]:
        st = Seat(server, code, made["token"], "storyteller")
        await st.connect()
        answered: set[int] = set()

        def night_question(m: dict[str, Any]) -> bool:
            view = st.view or {}
            return view.get("phase") == "night 1" and any(
                d["seat"] == "storyteller" and d["name"] != "characters"
                for d in view.get("decisions", ()))

        async def answer_setup(m: Any) -> bool:
            """Answer the storyteller's set-up (the bag, then each suggestion); is the night's
            first question of theirs here?"""
            view = st.view or {}
            if night_question(m):
                return True
            for d in view.get("decisions", ()) if view.get("phase") == "setup" else ():
                if d["seat"] == "storyteller" and d["id"] not in answered:
                    answered.add(d["id"])
                    await st.send({"type": "answer", "decision": d["id"],
                                   "answer": BAG if d["name"] == "characters"
                                   else d.get("suggestion")})
            return False

        until = time.monotonic() + 30
        while not await answer_setup(None) and time.monotonic() < until:
            try:
                await st.recv(timeout=1.0)
            except TimeoutError:
                continue
        assert st.view is not None
        asked = next(d for d in st.view["decisions"]
                     if d["seat"] == "storyteller" and d["name"] != "characters")
        await asyncio.sleep(4.5)  # longer than the whole night
        with api(server) as client:
            still = client.get(f"/api/games/{code}/view", headers=auth(made["token"])).json()
        phases: list[str] = []
        # then the storyteller answers each of their questions with its suggestion
        until = time.monotonic() + 40
        while time.monotonic() < until:
            view = st.view or {}
            phases.append(view.get("phase", ""))
            if view.get("phase") == "day 1" or view.get("over"):
                break
            for d in view.get("decisions", ()):
                if d["seat"] == "storyteller" and d["id"] not in answered:
                    answered.add(d["id"])
                    await st.send({"type": "answer", "decision": d["id"],
                                   "answer": BAG if d["name"] == "characters"
                                   else d.get("suggestion")})
            try:
                await st.recv(timeout=1.0)
            except TimeoutError:
                continue
        await st.close()
        return asked, still, phases

    asked, still, phases = asyncio.run(scenario())
    assert still["view"]["phase"] == "night 1"
    assert asked["id"] in [d["id"] for d in still["view"]["decisions"]], (
        "the storyteller's question was taken from them before they answered")
    assert "day 1" in phases



def test_the_storyteller_takes_back_their_last_answer_and_a_restart_keeps_it_taken_back(
        fresh_server: Server) -> None:
    """Undo: the storyteller's last answer is taken back (the question is open again, the same
    one), only the storyteller may do it, only while nobody has played since, and the cut log
    is what a restart after kill -9 plays again."""
    server = fresh_server
    timers = {**TIMERS, "storyteller": 60.0}
    made = create(server, "Sue", **{"as": "moderator", "edition": "clocktower",
                                    "moderated": True, "seed": 5, "timers": timers})
    code, st_token = made["code"], made["token"]
    players = {name: join(server, code, name)["token"] for name in ("Ann", "Bob", "Cat", "Dan",
                                                                     "Eve")}
    start(server, code, st_token)

    def view(token: str) -> dict[str, Any]:
        with api(server) as client:
            r = client.get(f"/api/games/{code}/view", headers=auth(token))
            assert r.status_code == 200, r.text
            seen: dict[str, Any] = r.json()["view"]
            return seen

    def post(path: str, token: str, body: Any = None) -> Any:
        with api(server) as client:
            return client.post(f"/api/games/{code}/{path}", headers=auth(token), json=body)

    bag = next(d for d in view(st_token)["decisions"] if d["name"] == "characters")
    # nothing answered yet: nothing to take back
    nothing = post("undo", st_token)
    assert nothing.status_code == 409 and nothing.json()["error"] == "no-undo"
    assert post("answer", st_token, {"decision": bag["id"], "answer": BAG}).status_code == 200
    assert not any(d["id"] == bag["id"] for d in view(st_token)["decisions"])
    # a player may not take the storyteller's answer back
    refused = post("undo", players["Ann"])
    assert refused.status_code == 403
    assert post("undo", st_token).status_code == 200
    reopened = [d for d in view(st_token)["decisions"] if d["name"] == "characters"]
    assert [d["id"] for d in reopened] == [bag["id"]]
    # kill -9 and start again: the stored log is the cut one
    server.kill()
    server.start()
    assert [d["id"] for d in view(st_token)["decisions"]
            if d["name"] == "characters"] == [bag["id"]]
    other_bag = ["no-dashii", "widow", "dreamer", "empath", "fortune-teller"]
    assert post("answer", st_token, {"decision": bag["id"], "answer": other_bag}
                ).status_code == 200
    # the game goes on with the new bag
    in_play = set(view(st_token)["grimoire"]["in_play"])
    assert {"widow", "dreamer"} <= in_play and "evil-twin" not in in_play, in_play


def test_only_the_storytellers_last_answer_with_nothing_played_since_can_be_taken_back() -> None:
    from wolfsbane.server.pump import last_storyteller_answer

    story = {"id": 1, "seat": "storyteller", "decision": "info", "answer": 2}
    engine = {"id": 2, "seat": "Ann", "decision": "choose", "answer": "Bob", "auto": True}
    seat = {"id": 3, "seat": "Ann", "decision": "choose", "answer": "Bob"}
    clock = {"id": 4, "seat": "clock", "decision": "night-turn", "answer": True}
    word = {"say": "Ann", "channel": "day", "message": "hello"}
    assert last_storyteller_answer([story]) == 0
    assert last_storyteller_answer([seat, story, engine]) == 1  # the engine's own answer goes too
    for since in (seat, clock, word):
        assert last_storyteller_answer([story, since]) is None
    assert last_storyteller_answer([]) is None
