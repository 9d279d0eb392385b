"""A day has time to talk, through the real server: the vote opens after a discussion window,
a ballot can be changed until the vote closes, the day closes on its clock or once every
person has locked, bots spread their words and ballots over the day, a bots-only game has no
window, a crash keeps the ballots and the clocks, and a timed-out answer is a timeout."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from typing import Any

import httpx

from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition

from .helpers import Seat, Server, api, auth, create, finished_record, join, start

# Millers Hollow: a one-second night, then a day of 6 s whose vote opens after 2 s of talk
MH_TIMERS = {"night": 1.0, "day": 6.0, "decision": 0.5, "grace": 0.2, "bot_delay": 0.0,
             "talk": 2.0, "vote": 2.0}
# LiCOS keeps its own clock: the morning (the talk) and noon (the vote), scaled
LICOS_TIMERS = {"night": 1.0, "day": 5.0, "decision": 0.5, "grace": 0.2, "bot_delay": 0.0,
                "scale": 0.1}


def people_and_bots(server: Server, people: int, bots: int, **body: Any,
                    ) -> tuple[str, dict[str, str]]:
    made = create(server, "P0", **body)
    code = made["code"]
    tokens = {"P0": made["token"]}
    for i in range(1, people):
        tokens[f"P{i}"] = join(server, code, f"P{i}")["token"]
    with api(server) as client:
        r = client.post(f"/api/games/{code}/bots", json={"count": bots},
                        headers=auth(tokens["P0"]))
        assert r.status_code in (200, 201), r.text
    return code, tokens


def log_so_far(server: Server, code: str) -> list[dict[str, Any]]:
    """The stored log of a running game, read straight from the server's database."""
    with contextlib.closing(sqlite3.connect(server.db)) as db:
        (game_id,) = db.execute("SELECT id FROM games WHERE code = ?", (code,)).fetchone()
        rows = db.execute("SELECT entry FROM answer_log WHERE game_id = ? ORDER BY seq",
                          (game_id,)).fetchall()
    return [json.loads(entry) for (entry,) in rows]


def said_in(message: dict[str, Any], phase: str) -> list[dict[str, Any]]:
    return [e for e in message.get("view", {}).get("events", ())
            if e["kind"] == "Said" and e["phase"] == phase]


def began(message: dict[str, Any], phase: str) -> bool:
    return any(e["kind"] == "PhaseBegan" and e.get("phase_name") == phase
               for e in message.get("view", {}).get("events", ()))


async def watch_day(seat: Seat, day: str, after: str, timeout: float = 40,
                    ) -> list[dict[str, Any]]:
    """Every message `seat` receives from the start of `day` to the start of `after` (or
    the end of the game)."""
    await seat.until(lambda m: began(m, day), timeout=timeout)
    seen = [seat.messages[-1]]
    while True:
        message = await seat.recv(timeout)
        seen.append(message)
        if began(message, after) or (message.get("view") or {}).get("over"):
            return seen


def test_a_day_with_people_waits_for_its_clock_while_bots_talk_then_vote_over_it(
    server: Server,
) -> None:
    code, tokens = people_and_bots(server, 1, 5, timers=MH_TIMERS, seed=11,
                                   options={"sheriff": False})
    seat = Seat(server, code, tokens["P0"], "P0")

    async def main() -> list[dict[str, Any]]:
        await seat.connect()
        start(server, code, tokens["P0"])
        return await watch_day(seat, "day 1", "night 2")

    messages = asyncio.run(main())
    votes = [m["clock"]["vote"] for m in messages if m.get("clock", {}).get("vote")]
    first = votes[0]
    opens, closes = first["opens"], first["closes"]
    assert not first["open"] and first["voted"] == []
    assert closes - opens >= 2.0 - 0.01
    # the bots spoke while the village talked, at their own moments (not all as the day
    # began, and before any ballot); how many moments each bot has is in test_day_clock_rules
    day_began = messages[0]["clock"]["now"]
    talk_times = {round(m["clock"]["now"], 1) for m in messages
                  if said_in(m, "day 1") and m["clock"]["now"] < opens}
    assert talk_times and min(talk_times) > day_began + 0.1, talk_times
    # their ballots came one by one after the vote opened, not all at once
    growth = [(m["clock"]["now"], len(m["clock"]["vote"]["voted"])) for m in messages
              if m.get("clock", {}).get("vote")]
    counts = sorted({count for _now, count in growth})
    assert counts[0] == 0 and len(counts) >= 4, growth
    assert all(now >= opens - 0.05 for now, count in growth if count > 0)
    # the person never voted: the day waited for its clock
    ended = messages[-1]["clock"]["now"]
    assert ended >= closes - 0.05
    entries = [e for e in log_so_far(server, code) if e.get("decision") == "vote"]
    mine = [e for e in entries if e["seat"] == "P0"]
    assert len(mine) == 1 and mine[0]["timeout"] is True and mine[0]["answer"] is None
    assert not any(e.get("timeout") for e in entries if e["seat"] != "P0")


def test_licos_votes_open_at_noon_once_the_morning_clock_has_run_out(server: Server) -> None:
    code, tokens = people_and_bots(server, 1, 4, edition="licos", timers=LICOS_TIMERS,
                                   seed=5, options={"first-morning-seconds": 300,
                                                    "noon-seconds": 60})
    start(server, code, tokens["P0"])
    with api(server) as client:
        seen = client.get(f"/api/games/{code}/view", headers=auth(tokens["P0"])).json()
    # the morning is talk: nobody holds a ballot yet, and the day lasts the morning's clock
    # (300 s scaled to 30)
    assert not [d for d in seen["view"]["decisions"] if d["name"] == "vote"]
    assert seen["clock"]["vote"] is None
    assert abs(seen["clock"]["phase_deadline"] - seen["clock"]["now"] - 30) < 3
    assert not [e for e in log_so_far(server, code) if e.get("seat") == "clock"]


def test_the_server_answers_the_morning_clock_and_noon_lasts_its_own_window(
    server: Server,
) -> None:
    code, tokens = people_and_bots(server, 1, 4, edition="licos", timers=LICOS_TIMERS,
                                   seed=5, options={"first-morning-seconds": 10,
                                                    "noon-seconds": 60})
    start(server, code, tokens["P0"])
    deadline = time.time() + 15
    with api(server) as client:
        while True:
            seen = client.get(f"/api/games/{code}/view", headers=auth(tokens["P0"])).json()
            if (seen["clock"]["vote"] or {}).get("open"):
                break
            assert time.time() < deadline, "the morning clock never ran out"
            time.sleep(0.2)
    clocks = [e for e in log_so_far(server, code) if e.get("seat") == "clock"]
    assert clocks == [{"id": clocks[0]["id"], "seat": "clock", "decision": "morning",
                       "answer": True}]  # the time ran out: an answer, not a timeout
    standing = seen["clock"]["vote"]
    # noon: 60 s scaled to 6, from the moment the morning ran out
    assert abs(standing["closes"] - standing["opens"] - 6) < 0.01
    assert standing["opens"] <= seen["clock"]["now"]


async def ballot(seat: Seat, decision: int, answer: Any, lock: bool) -> dict[str, Any]:
    await seat.send({"type": "answer", "decision": decision, "answer": answer, "lock": lock,
                     "ref": f"b{decision}{answer}{lock}"})
    return await seat.until(lambda m: m.get("ref") == f"b{decision}{answer}{lock}")


def test_a_vote_changed_twice_counts_the_last_and_locking_closes_the_day_early(
    server: Server,
) -> None:
    code, tokens = people_and_bots(server, 2, 3, edition="licos", timers=LICOS_TIMERS,
                                   seed=8, options={"first-morning-seconds": 10,
                                                    "noon-seconds": 600})
    seats = {name: Seat(server, code, token, name) for name, token in tokens.items()}

    async def main() -> tuple[float, float]:
        for s in seats.values():
            await s.connect()
        start(server, code, tokens["P0"])
        for s in seats.values():
            await s.until(lambda m: bool((m.get("clock") or {}).get("vote", {}) or {}) and
                          m["clock"]["vote"]["open"], timeout=20)
        ann, bea = seats["P0"], seats["P1"]
        mine = next(d for d in ann.view["decisions"] if d["name"] == "vote")
        theirs = next(d for d in bea.view["decisions"] if d["name"] == "vote")
        first, second, third = mine["choices"][:3]
        assert (await ballot(ann, mine["id"], first, False))["type"] == "ack"
        assert (await ballot(ann, mine["id"], second, False))["type"] == "ack"
        # the other person sees that P0 has voted, not for whom
        await bea.until(lambda m: "P0" in ((m.get("clock") or {}).get("vote") or {})
                        .get("voted", []), timeout=10)
        assert "ballots" not in bea.clock["vote"]
        assert ann.clock["vote"]["mine"][str(mine["id"])]["answer"] == second
        assert (await ballot(ann, mine["id"], third, True))["type"] == "ack"
        assert (await ballot(bea, theirs["id"], None, True))["type"] == "ack"
        closes = ann.clock["vote"]["closes"]
        await ann.until(lambda m: began(m, "night 1"), timeout=20)
        return closes, ann.clock["now"]

    closes, ended = asyncio.run(main())
    assert ended < closes - 30  # the day closed early: every person had locked
    entries = {e["seat"]: e for e in log_so_far(server, code) if e.get("decision") == "vote"}
    mine = entries["P0"]
    seen = seats["P0"].events.values()
    cast = [e for e in seen if e["kind"] == "VoteCast" and e["player"] == "P0"]
    assert cast and cast[0]["target"] == mine["answer"]
    assert "timeout" not in mine and "timeout" not in entries["P1"]
    assert entries["P1"]["answer"] is None
    assert mine["answer"] not in (None,)


def test_bots_only_games_have_no_window(server: Server) -> None:
    # the default timers (a 60 s talk, a 300 s day): bots alone still vote at once
    made = create(server, "Watcher", **{"as": "spectator"}, seed=3,
                  timers={"night": 0.5, "decision": 0.5, "grace": 0.2, "bot_delay": 0.0},
                  options={"sheriff": False})
    code, token = made["code"], made["token"]
    with api(server) as client:
        assert client.post(f"/api/games/{code}/bots", json={"count": 6},
                           headers=auth(token)).status_code in (200, 201)
    watcher = Seat(server, code, token, "Watcher")

    async def main() -> list[dict[str, Any]]:
        await watcher.connect()
        start(server, code, token)
        return await watch_day(watcher, "day 1", "night 2")

    began_at = time.monotonic()
    messages = asyncio.run(main())
    assert time.monotonic() - began_at < 15
    assert not any((m.get("clock") or {}).get("vote") for m in messages)


def test_a_crash_during_the_day_keeps_the_provisional_ballots_and_the_clocks(
    fresh_server: Server,
) -> None:
    server = fresh_server
    code, tokens = people_and_bots(server, 2, 3, edition="licos", timers=LICOS_TIMERS,
                                   seed=21, options={"first-morning-seconds": 10,
                                                     "noon-seconds": 900})
    start(server, code, tokens["P0"])

    def views() -> dict[str, Any]:
        out = {}
        with api(server) as client:
            for name, token in tokens.items():
                out[name] = client.get(f"/api/games/{code}/view", headers=auth(token)).json()
        return out

    deadline = time.time() + 20
    while not (views()["P0"]["clock"]["vote"] or {}).get("open"):  # after the morning
        assert time.time() < deadline
        time.sleep(0.2)
    before = views()
    decision = next(d for d in before["P0"]["view"]["decisions"] if d["name"] == "vote")
    with api(server) as client:
        r = client.post(f"/api/games/{code}/answer", headers=auth(tokens["P0"]),
                        json={"decision": decision["id"], "answer": decision["choices"][1],
                              "lock": False})
        assert r.status_code == 200, r.text
    before = views()
    server.kill()
    server.start()
    after = views()
    for name in tokens:
        was, now = before[name]["clock"]["vote"], after[name]["clock"]["vote"]
        assert now["opens"] == was["opens"] and now["closes"] == was["closes"]
        assert now.get("mine") == was.get("mine")
        assert set(was["voted"]) <= set(now["voted"]) and "P0" in now["voted"]
    assert after["P0"]["clock"]["vote"]["mine"][str(decision["id"])] == {
        "answer": decision["choices"][1], "cast": True, "locked": False}
    assert after["P0"]["clock"]["phase_deadline"] == before["P0"]["clock"]["phase_deadline"]
    # the ballot kept across the crash is the one counted
    other = next(d for d in after["P1"]["view"]["decisions"] if d["name"] == "vote")
    with api(server) as client:
        for name, d in (("P0", decision), ("P1", other)):
            r = client.post(f"/api/games/{code}/answer", headers=auth(tokens[name]),
                            json={"decision": d["id"], "answer": None, "lock": True}
                            if name == "P1" else {"decision": d["id"], "answer":
                                                  decision["choices"][1], "lock": True})
            assert r.status_code == 200, r.text
    deadline = time.time() + 20
    while True:
        entries = {e["seat"]: e for e in log_so_far(server, code)
                   if e.get("decision") == "vote"}
        if "P0" in entries and "P1" in entries:
            break
        assert time.time() < deadline
        time.sleep(0.2)
    assert entries["P0"]["answer"] == decision["choices"][1]


def test_wherewolf_open_voting_shows_whom_each_voter_names_while_the_vote_runs(
    server: Server,
) -> None:
    code, tokens = people_and_bots(server, 1, 5, edition="wherewolf", seed=4,
                                   options={"open-voting": True},
                                   timers={**MH_TIMERS, "talk": 0.5, "vote": 3.0})
    seat = Seat(server, code, tokens["P0"], "P0")

    async def main() -> list[dict[str, Any]]:
        await seat.connect()
        start(server, code, tokens["P0"])
        return await watch_day(seat, "day 1", "night 2")

    messages = asyncio.run(main())
    standings = [m["clock"]["vote"] for m in messages if (m.get("clock") or {}).get("vote")]
    shown = [s for s in standings if s.get("ballots")]
    assert shown, "the open vote never showed a ballot"
    for standing in shown:
        assert set(standing["ballots"]) == set(standing["voted"])
    # both of the day's votes were held for the clock: the First Vote and the Second Vote
    rounds = {tuple(s["voters"]) for s in standings}
    log = log_so_far(server, code)
    assert any(e.get("decision") == "first-vote" for e in log)
    if any(e.get("decision") == "second-vote" for e in log):
        assert len(rounds) >= 2


def test_the_reveal_says_a_timed_out_voter_did_not_answer_in_time(server: Server) -> None:
    code, tokens = people_and_bots(server, 1, 3, edition="licos", timers=LICOS_TIMERS,
                                   seed=2, options={"first-morning-seconds": 10,
                                                    "noon-seconds": 10, "night-seconds": 10})
    start(server, code, tokens["P0"])
    record = finished_record(server, code, tokens["P0"])
    game = replay(record, get_edition)
    assert game.over
    timed_out = [e for e in record["log"] if e.get("timeout")]
    assert any(e["seat"] == "P0" and e["decision"] == "vote" for e in timed_out)
    with httpx.Client(base_url=server.url, timeout=10) as client:
        reveal = client.get(f"/api/games/{code}/reveal", headers=auth(tokens["P0"])).json()
    late = [e for e in reveal["timeline"] if e["kind"] == "VoteCast" and e.get("timeout")]
    assert late and all(e["player"] == "P0" for e in late)
    answered = [e for e in reveal["timeline"] if e["kind"] == "Answered" and e["timeout"]]
    assert {e["seat"] for e in answered if e["decision"] == "vote"} == {"P0"}


def dealt_moderated_licos(server: Server, morning_seconds: int) -> tuple[str, str, str]:
    """A moderated LiCOS game of one person and four bots, started and dealt by the moderator:
    (its code, the moderator's token, the person's token)."""
    made = create(server, "Mod", **{"as": "moderator"}, moderated=True, edition="licos",
                  timers=LICOS_TIMERS, seed=6,
                  options={"first-morning-seconds": morning_seconds, "noon-seconds": 300})
    code, mod = made["code"], made["token"]
    player = join(server, code, "P1")["token"]
    with api(server) as client:
        assert client.post(f"/api/games/{code}/bots", json={"count": 4},
                           headers=auth(mod)).status_code in (200, 201)
    start(server, code, mod)
    with api(server) as client:
        deal = client.get(f"/api/games/{code}/view", headers=auth(mod)).json()["view"]
        d = next(d for d in deal["decisions"] if d["name"] == "deal")
        r = client.post(f"/api/games/{code}/answer", headers=auth(mod),
                        json={"decision": d["id"], "answer": d["suggestion"]})
        assert r.status_code == 200, r.text
    return code, mod, player


def test_the_moderators_extra_time_for_one_voter_extends_the_whole_vote(server: Server) -> None:
    code, mod, player = dealt_moderated_licos(server, morning_seconds=10)
    with api(server) as client:
        deadline = time.time() + 20
        while True:
            seen = client.get(f"/api/games/{code}/view", headers=auth(player)).json()
            if (seen["clock"].get("vote") or {}).get("open"):
                break
            assert time.time() < deadline
            time.sleep(0.2)
        vote = next(d for d in seen["view"]["decisions"] if d["name"] == "vote")
        closes = seen["clock"]["vote"]["closes"]
        r = client.post(f"/api/games/{code}/extend", headers=auth(mod),
                        json={"seconds": 15, "decision": vote["id"]})
        assert r.status_code == 200, r.text
        after = client.get(f"/api/games/{code}/view", headers=auth(player)).json()["clock"]
        grimoire = client.get(f"/api/games/{code}/view", headers=auth(mod)).json()
        everyone = grimoire["clock"]
        votes = [d["id"] for d in grimoire["view"]["decisions"] if d["name"] == "vote"]
    assert after["vote"]["closes"] == closes + 15
    assert after["deadlines"][str(vote["id"])] == closes + 15
    assert after["phase_deadline"] >= closes + 15
    # every voter's ballot closes together: the bots' too
    assert len(votes) == 5
    assert {everyone["deadlines"][str(i)] for i in votes} == {closes + 15}
    assert "locked" in everyone["vote"] and "ballots" in everyone["vote"]


def test_the_moderator_may_end_the_morning_early(server: Server) -> None:
    code, mod, _ = dealt_moderated_licos(server, morning_seconds=3000)
    with api(server) as client:
        seen = client.get(f"/api/games/{code}/view", headers=auth(mod)).json()["view"]
        morning = next(d for d in seen["decisions"] if d["seat"] == "clock")
        assert morning["name"] == "morning" and morning["seconds"] == 3000
        r = client.post(f"/api/games/{code}/answer", headers=auth(mod),
                        json={"decision": morning["id"], "answer": True})
        assert r.status_code == 200, r.text
        after = client.get(f"/api/games/{code}/view", headers=auth(mod)).json()["view"]
    assert {d["name"] for d in after["decisions"]} == {"vote"}  # noon, 3000 s early
    assert [e for e in log_so_far(server, code) if e.get("seat") == "clock"][0]["answer"]
