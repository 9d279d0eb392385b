"""Server clocks: every decision has a deadline; running out takes the default, or a random
legal answer for a required one; pause and extend move the clocks."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .helpers import Seat, Server, api, auth, create, join, start


def moderated(server: Server, timers: dict[str, float]) -> tuple[str, str, dict[str, str]]:
    made = create(server, "Mod", **{"as": "moderator"}, moderated=True, preset="classic",
                  timers=timers, options={"sheriff": False})
    tokens = {f"P{i}": join(server, made["code"], f"P{i}")["token"] for i in range(8)}
    return made["code"], made["token"], tokens


def kinds(seat: Seat) -> list[str]:
    return [seat.events[i]["kind"] for i in sorted(seat.events)]


def test_decisions_that_nobody_answers_time_out_to_defaults_or_random_legal_answers(
    server: Server,
) -> None:
    code, mod_token, tokens = moderated(
        server, {"night": 1.5, "day": 1.0, "decision": 0.4, "grace": 0.2, "bot_delay": 0})
    moderator = Seat(server, code, mod_token, "Mod")
    villager_clocks: list[dict[str, Any]] = []

    async def main() -> None:
        await moderator.connect()
        began = time.time()
        start(server, code, mod_token)
        await moderator.until(lambda m: any(
            e["kind"] == "PhaseBegan" and e.get("phase_name") == "day 1"
            for e in m.get("view", {}).get("events", ())), timeout=20)
        assert time.time() - began >= 1.5  # the night lasted its whole length
        for name, token in tokens.items():
            seat = Seat(server, code, token, name)
            await seat.connect()
            villager_clocks.append(seat.clock)
            await seat.close()

    asyncio.run(main())
    events = kinds(moderator)
    # the storyteller's deal ran out: its suggestion was dealt
    assert events.count("RoleDealt") == 8
    # cupid must link two lovers: nobody answered, so the server chose for them
    assert "LoversLinked" in events
    # optional night actions were skipped: nobody died in the night
    night = [moderator.events[i] for i in sorted(moderator.events)
             if moderator.events[i]["phase"] == "night 1"]
    assert not any(e["kind"] == "PlayerDied" for e in night)
    for clock in villager_clocks:
        assert clock["phase_deadline"] and clock["deadlines"]  # day 1's vote is on the clock


def test_pause_stops_the_clocks_and_extend_moves_them(server: Server) -> None:
    code, mod_token, tokens = moderated(
        server, {"night": 30, "day": 30, "decision": 1.0, "grace": 0.2, "bot_delay": 0})
    moderator = Seat(server, code, mod_token, "Mod")

    async def main() -> None:
        await moderator.connect()
        start(server, code, mod_token)
        deal = await moderator.until(lambda m: bool(m.get("view", {}).get("decisions")))
        first = deal["view"]["decisions"][0]
        deadline = moderator.clock["deadlines"][str(first["id"])]
        with api(server) as client:
            assert client.post(f"/api/games/{code}/pause", headers=auth(mod_token)).json()["ok"]
            # the host may pause too, a player may not
            r = client.post(f"/api/games/{code}/resume", headers=auth(tokens["P3"]))
            assert r.status_code == 403
            await asyncio.sleep(1.5)  # longer than the decision's clock
            seen = client.get(f"/api/games/{code}/view", headers=auth(mod_token)).json()
            assert [d["id"] for d in seen["view"]["decisions"]] == [first["id"]]
            assert seen["clock"]["paused"]
            r = client.post(f"/api/games/{code}/answer", headers=auth(mod_token),
                            json={"decision": first["id"], "answer": first["suggestion"]})
            assert r.status_code == 409 and r.json()["error"] == "paused"
            assert client.post(f"/api/games/{code}/resume", headers=auth(mod_token)).json()["ok"]
            seen = client.get(f"/api/games/{code}/view", headers=auth(mod_token)).json()
            moved = seen["clock"]["deadlines"][str(first["id"])]
            assert moved - deadline >= 1.4
            r = client.post(f"/api/games/{code}/extend", headers=auth(mod_token),
                            json={"seconds": 100})
            assert r.status_code == 200
            seen = client.get(f"/api/games/{code}/view", headers=auth(mod_token)).json()
            assert seen["clock"]["deadlines"][str(first["id"])] - moved >= 99.9
            r = client.post(f"/api/games/{code}/extend", headers=auth(mod_token),
                            json={"seconds": 0})
            assert r.status_code == 422

    asyncio.run(main())


def test_the_moderator_sees_dawn_wait_for_the_night_clock_and_gives_the_night_more_time(
    server: Server,
) -> None:
    """Once every turn of the night is over the moderator sees the night's clock, and is told
    that the players see the night until it runs out; nothing of the day is open yet (no
    seat is asked ahead of the table any more). +15 s on the night's clock makes the night
    15 s longer, and the day's questions open only once it has run out."""
    made = create(server, "Mod", **{"as": "moderator"}, moderated=True, preset="classic",
                  timers={"night": 8, "day": 30, "decision": 0.3, "grace": 0.2,
                          "bot_delay": 0, "talk": 2, "vote": 5})
    code, mod_token = made["code"], made["token"]
    tokens = {f"P{i}": join(server, code, f"P{i}")["token"] for i in range(8)}
    moderator = Seat(server, code, mod_token, "Mod")

    async def main() -> None:
        await moderator.connect()
        start(server, code, mod_token)
        await moderator.until(lambda m: "curtain" in moderator.clock, timeout=20)
        curtain = moderator.clock["curtain"]
        assert curtain["players_see"] == "night 1"
        view = moderator.view or {}
        assert view["phase"] == "night 1"
        night = [d for d in view["decisions"] if d["seat"] == "clock"]
        assert [(d["name"], d["since"]) for d in night] == [("night", "phase")]
        assert view["decisions"] == night  # nothing else is open: no day question ahead
        assert moderator.clock["deadlines"][str(night[0]["id"])] == curtain["until"]
        with api(server) as client:
            r = client.post(f"/api/games/{code}/extend", headers=auth(mod_token),
                            json={"seconds": 15, "decision": night[0]["id"]})
            assert r.status_code == 200, r.text
        await moderator.until(lambda m: moderator.clock.get("curtain", {}).get("until")
                              == curtain["until"] + 15)
        assert moderator.clock["phase_deadline"] == curtain["until"] + 15  # the night's end
        p0 = Seat(server, code, tokens["P0"], "P0")
        await p0.connect()
        await p0.until(lambda m: any(d["name"] == "elect"
                                     for d in (p0.view or {}).get("decisions", ())),
                       timeout=30)
        assert time.time() >= curtain["until"] + 15 - 0.5  # the night lasted 15 s longer
        await p0.close()
        with api(server) as client:
            r = client.post(f"/api/games/{code}/extend", headers=auth(mod_token),
                            json={"seconds": 15, "decision": night[0]["id"]})
            assert r.status_code == 409 and r.json()["detail"] == (
                "That question has already been answered.")
        await moderator.close()

    asyncio.run(main())


def test_a_question_that_runs_out_takes_what_the_rules_say_and_chance_only_last() -> None:
    """The server reads what running out means off the decision: a Wherewolf ballot not cast
    in time is no vote (its `lapse`), though the seat must vote; a skippable question takes
    its default; only a required one the rules say nothing of gets a seeded random answer."""
    from types import SimpleNamespace

    from wolfsbane.core import Decision
    from wolfsbane.server.clock import Clock

    clock = SimpleNamespace(live=SimpleNamespace(config={"seed": 7}))
    ballot = Decision("P1", "first-vote", ("P2", "P3"), lapse=None)
    assert Clock.timeout_answer(clock, ballot) is None  # type: ignore[arg-type]
    skippable = Decision("P1", "look", ("P2", "P3"), optional=True)
    assert Clock.timeout_answer(clock, skippable) is None  # type: ignore[arg-type]
    link = Decision("P1", "link", ("P1", "P2", "P3"), min=2, max=2)
    link.id = 12
    drawn = Clock.timeout_answer(clock, link)  # type: ignore[arg-type]
    assert link.validate(drawn) == drawn
    assert Clock.timeout_answer(clock, link) == drawn  # type: ignore[arg-type]


def test_the_default_night_gives_every_asking_turn_its_time(server: Server) -> None:
    """A night's turns each have a slot of it, so the default night is long enough for each
    turn that asks something to have half a question's time: a Wherewolf night, which calls
    ten turns, is longer than a Millers Hollow one; a night timer the host sets is kept."""
    from wolfsbane.core.night import ASKED_SHARES, TOLD_SHARES, night_needed
    from wolfsbane.editions import get_edition
    from wolfsbane.server.clock import DEFAULT_TIMERS

    nights: dict[str, float] = {}
    for edition in ("millers-hollow", "wherewolf"):
        made = create(server, edition=edition, timers={})
        with api(server) as client:
            info = client.get(f"/api/games/{made['code']}", headers=auth(made["token"])).json()
        nights[edition] = info["timers"]["night"]
        tables = get_edition(edition).night_order.values()
        for table in tables:
            shares = sum(ASKED_SHARES if t.decisions else TOLD_SHARES for t in table)
            slot = nights[edition] * ASKED_SHARES / shares
            assert slot >= DEFAULT_TIMERS["online"]["decision"] / 2, (edition, slot)
        assert nights[edition] >= DEFAULT_TIMERS["online"]["night"]
        assert nights[edition] == max(DEFAULT_TIMERS["online"]["night"],
                                      -(-night_needed(tables, 15.0) // 1))
    assert nights["wherewolf"] > nights["millers-hollow"]
    made = create(server, edition="wherewolf", timers={"night": 40})
    with api(server) as client:
        info = client.get(f"/api/games/{made['code']}", headers=auth(made["token"])).json()
    assert info["timers"]["night"] == 40
