"""Talk that agents can count on: turn-based talk (AIWolf style: rounds in an order shuffled
from the seed, one speaker at a time, Skip and Over, per-turn and per-day limits) and free
talk's guaranteed window before the day's vote closes, over real sockets; and the turns'
schedule itself (server/turns.py)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from wolfsbane.core import Game
from wolfsbane.editions import get_edition
from wolfsbane.server.turns import DEFAULTS, NotYourTurn, Turns

from .helpers import FAST, Seat, Server, api, auth, create, finished_record, join, start

SPARED = 11
TURNS = {"mode": "turns", "rounds": 2, "per_turn": 1, "per_day": 2, "turn_seconds": 30}


def lone_agent(server: Server, agents: int = 1, **body: Any) -> tuple[str, dict[str, str]]:
    """A Millers Hollow table of `agents` agents (Ann, Bob) and server bots, eight in all."""
    made = create(server, "Ann", **body)
    tokens = {"Ann": made["token"]}
    if agents > 1:
        tokens["Bob"] = join(server, made["code"], "Bob")["token"]
    with api(server) as client:
        r = client.post(f"/api/games/{made['code']}/bots", json={"count": 8 - agents},
                        headers=auth(made["token"]))
        assert r.status_code == 201, r.text
    return made["code"], tokens


def talk_of(message: dict[str, Any]) -> dict[str, Any]:
    return (message.get("clock") or {}).get("talk") or {}


async def when(seat: Seat, test: Any, timeout: float = 20) -> dict[str, Any]:
    """The seat's latest state if it passes `test`, else the next message that does."""
    latest = {"clock": seat.clock, "view": seat.view}
    if seat.view is not None and test(latest):
        return latest
    return await seat.until(test, timeout)


def test_turn_based_talk_over_a_socket(server: Server) -> None:
    # (a seed with which the first night spares both agents, so both talk on day 1)
    code, tokens = lone_agent(server, 2, preset="basic", talk=TURNS, seed=SPARED,
                              timers={**FAST, "day": 60.0, "vote": 1.0})
    ann, bob = (Seat(server, code, tokens[n], n) for n in ("Ann", "Bob"))
    seats = {"Ann": ann, "Bob": bob}

    async def main() -> None:
        await ann.connect()
        await bob.connect()
        start(server, code, tokens["Ann"])
        first = await ann.until(lambda m: talk_of(m).get("mode") == "turns", timeout=30)
        alive = {p["name"] for p in ann.view["players"] if p["alive"]}
        assert {"Ann", "Bob"} <= alive, f"seed {SPARED} no longer spares them"
        talk = talk_of(first)
        assert talk["round"] == 1 and talk["rounds"] == 2 and talk["per_turn"] == 1
        assert sorted(talk["order"]) == sorted(p["name"] for p in ann.view["players"]
                                               if p["alive"])
        # bots speak at once in their turns; the talk waits for a person's
        waiting = await when(ann, lambda m: talk_of(m).get("speaker") in seats)
        speaker = seats[talk_of(waiting)["speaker"]]
        other = bob if speaker is ann else ann
        mine = talk_of(await when(speaker, lambda m: talk_of(m).get("your_turn")))
        assert mine["turn_left"] == 1 and mine["day_left"] == 2
        assert mine["turn_deadline"] > time.time()
        # the vote waits for the talk; speaking out of turn is refused with a sentence
        await when(other, lambda m: talk_of(m).get("speaker") == speaker.name)
        vote = next(d for d in other.view["decisions"] if d["name"] in ("elect", "vote"))
        await other.send({"type": "answer", "decision": vote["id"], "answer": None,
                          "ref": "v"})
        early = await other.until(lambda m: m.get("ref") == "v")
        assert early["type"] == "error" and early["error"] == "vote-not-open"
        await other.send({"type": "say", "channel": "village", "message": "Me first!",
                          "ref": "s"})
        refused = await other.until(lambda m: m.get("ref") == "s")
        assert refused["type"] == "error" and refused["error"] == "not-your-turn"
        assert speaker.name in refused["detail"]
        await speaker.send({"type": "say", "channel": "village", "message": "I am plain.",
                            "ref": "s"})
        assert (await speaker.until(lambda m: m.get("ref") == "s"))["type"] == "ack"
        # from here on each person says Over in their turn, and the talk ends
        done: set[str] = set()
        message = {"clock": ann.clock}
        while True:
            talk = talk_of(message)
            if talk.get("done"):
                break
            name = talk.get("speaker")
            if name in seats and name not in done:
                done.add(name)
                await seats[name].send({"type": "over", "ref": "o"})
                reply = await seats[name].until(lambda m: m.get("ref") == "o")
                assert reply["type"] == "ack", reply
            message = await ann.until(lambda m: bool(talk_of(m)))
        assert (message["clock"]["vote"] or {}).get("open")
        await ann.send({"type": "skip", "ref": "k"})
        late = await ann.until(lambda m: m.get("ref") == "k")
        assert late["type"] == "error" and late["error"] == "not-your-turn"
        for seat in seats.values():
            await seat.close()

    asyncio.run(main())
    said = [e for e in ann.events.values() if e["kind"] == "Said"
            and e["channel"] == "village"]
    people = [e["player"] for e in said if e["player"] in seats]
    assert len(people) == 1  # the one message said in turn; the refused one never was
    assert len(said) > 1  # the bots spoke in their turns


def test_a_turn_not_used_is_a_skip_counted_as_a_timeout(server: Server) -> None:
    # (a seed with which Ann lives to talk on day 1)
    code, tokens = lone_agent(server, preset="basic", seed=SPARED,
                              talk={**TURNS, "rounds": 1, "turn_seconds": 0.3},
                              timers={**FAST, "day": 2.0})
    token = tokens["Ann"]
    ann = Seat(server, code, token, "Ann")

    async def main() -> None:
        await ann.connect()
        start(server, code, token)
        await ann.until(lambda m: m.get("clock", {}).get("talk", {}).get("your_turn"),
                        timeout=30)
        # Ann stays silent: her turn runs out and passes on; she answers nothing either
        await ann.until(lambda m: (m.get("clock", {}).get("talk") or {}).get("speaker")
                        not in (None, "Ann"), timeout=10)
        await ann.close()

    asyncio.run(main())
    record = finished_record(server, code, token, tries=400)
    missed = [e for e in record["log"] if e.get("seat") == "Ann" and e.get("timeout")]
    account = record["agents"]["Ann"]
    # every question that ran out is in the log as a timeout; her unused talk turns too
    assert account["timeouts"] > len(missed) >= 1
    assert account["answers"] == 0 and not account["replaced"]


def test_free_talk_guarantees_each_connected_agent_its_window(server: Server) -> None:
    window = 6.0
    code, tokens = lone_agent(server, preset="basic", talk={"guaranteed": window}, seed=SPARED,
                              timers={**FAST, "day": 1.0, "talk": 0.0, "vote": 0.5})
    token = tokens["Ann"]
    ann = Seat(server, code, token, "Ann")

    async def main() -> None:
        await ann.connect()
        start(server, code, token)
        asked = await ann.until(lambda m: (m.get("clock", {}).get("talk") or {}).get("until"),
                                timeout=30)
        heard = time.time()
        talk, vote = asked["clock"]["talk"], asked["clock"]["vote"]
        assert talk["mode"] == "free"
        assert vote["closes"] >= talk["until"] - 0.01
        assert talk["until"] >= heard + window - 2
        # the day cannot close before the window is over, though its own timer is 1 s
        phase = asked["view"]["phase"]
        moved = await ann.until(lambda m: m.get("view", {}).get("phase") not in (None, phase),
                                timeout=30)
        assert time.time() >= talk["until"] - 0.5
        assert moved
        await ann.close()

    asyncio.run(main())


# -- the schedule itself -------------------------------------------------------------------


def _day(players: int = 5) -> Game:
    edition = get_edition("millers-hollow")
    deck = ["werewolf", "fortune-teller", "villager", "villager", "villager"][:players]
    return Game(edition, [f"P{i}" for i in range(players)], seed=1, deck=deck)


def test_turn_order_is_a_shuffle_from_the_seed_new_each_round() -> None:
    settings = {**DEFAULTS, **TURNS, "per_day": 10, "rounds": 3}
    one = Turns.begin(_day(), 0.0, settings, 7, "day 1:1")
    again = Turns.begin(_day(), 0.0, settings, 7, "day 1:1")
    assert one["order"] == again["order"]
    assert sorted(one["order"]) == [f"P{i}" for i in range(5)]
    orders = {tuple(Turns.begin(_day(), 0.0, settings, seed, "day 1:1")["order"])
              for seed in range(8)}
    assert len(orders) > 1  # the seed shuffles it
    talk = Turns(one, settings)
    rounds = []
    for _ in range(3):
        rounds.append(list(one["order"]))
        for seat in rounds[-1]:
            assert talk.speaker == seat
            talk.spoke(seat, 1.0)
    assert talk.done  # three rounds, the most
    assert len({tuple(r) for r in rounds}) > 1  # a fresh order each round


def test_skip_over_and_the_limits_end_the_talk() -> None:
    settings = {**DEFAULTS, **TURNS, "per_day": 1, "rounds": 5}
    state = Turns.begin(_day(4), 0.0, settings, 1, "k")
    talk = Turns(state, settings)
    a, b, c, d = state["order"]
    assert talk.speaker == a
    try:
        talk.skip(c, 0.0)
    except NotYourTurn as error:
        assert a in str(error)
    else:
        raise AssertionError("a skip out of turn was taken")
    talk.over(b, 0.0)  # Over may be said at any time: no more turns today
    talk.spoke(a, 0.0)  # its one message of the day: no more turns either
    assert talk.speaker == c and talk.standing(c)["turn_left"] == 1
    talk.skip(c, 0.0)
    talk.skip(d, 0.0)
    # round 2: only c and d may still speak; both skip, a whole round without a word
    assert state["round"] == 2 and talk.speaker in (c, d)
    talk.skip(talk.speaker, 0.0)  # type: ignore[arg-type]
    talk.skip(talk.speaker, 0.0)  # type: ignore[arg-type]
    assert talk.done and talk.speaker is None
    assert talk.standing(a) == {**talk.standing(None), "your_turn": False, "day_left": 0,
                                "turn_left": 0}
    try:
        talk.over(c, 0.0)
    except NotYourTurn:
        pass
    else:
        raise AssertionError("Over was taken after the talk")


def test_the_table_s_talk_and_error_rule_in_the_lobby_s_words(server: Server) -> None:
    made = create(server, "Ann", talk=TURNS, agents={"error_ratio": 0.25})
    with api(server) as client:
        info = client.get(f"/api/games/{made['code']}").json()
        words = {item["id"]: item["value"] for item in info["settings"]}
        assert words["talk"] == ("in turns: up to 2 rounds, 1 message a turn and 2 a day, "
                                 "30 seconds a turn")
        assert words["agents"] == "a bot takes over a seat whose errors pass 25%"
        assert info["talk"]["mode"] == "turns"
        # before the start nobody takes turns: Skip is refused with a sentence
        r = client.post(f"/api/games/{made['code']}/turn", json={"action": "skip"},
                        headers=auth(made["token"]))
        assert r.status_code == 409 and r.json()["error"] == "not-started"
        bad = client.post("/api/games", json={"name": "Bea", "talk": {"mode": "rounds"}})
        assert bad.status_code == 422
        assert bad.json()["detail"] == "The mode must be free or turns."


def test_skip_by_http_when_nobody_takes_turns(server: Server) -> None:
    code, tokens = lone_agent(server, preset="basic", timers={**FAST, "day": 2.0})
    start(server, code, tokens["Ann"])
    with api(server) as client:
        r = client.post(f"/api/games/{code}/turn", json={"action": "over"},
                        headers=auth(tokens["Ann"]))
    assert r.status_code == 409 and r.json() == {
        "error": "no-turns", "detail": "Nobody is taking turns to talk now."}


def test_turn_based_talk_survives_a_killed_server(fresh_server: Server) -> None:
    server = fresh_server
    code, tokens = lone_agent(server, 2, preset="basic", talk={**TURNS, "turn_seconds": 120},
                              seed=SPARED, timers={**FAST, "day": 60.0})
    ann = Seat(server, code, tokens["Ann"], "Ann")

    async def waiting_for_a_person() -> dict[str, Any]:
        await ann.connect()
        start(server, code, tokens["Ann"])
        message = await when(ann, lambda m: talk_of(m).get("speaker") in ("Ann", "Bob"), 30)
        await ann.close()
        return talk_of(message)

    before = asyncio.run(waiting_for_a_person())
    server.kill()
    server.start()
    with api(server) as client:
        after = client.get(f"/api/games/{code}/view", headers=auth(tokens["Ann"])).json()
    talk = after["clock"]["talk"]
    for key in ("round", "order", "speaker", "turn_deadline", "over"):
        assert talk[key] == before[key], key


def test_a_bot_takes_about_the_bot_delay_to_speak_in_its_turn() -> None:
    settings = {**DEFAULTS, **TURNS, "bot_delay": 2.0}
    talk = Turns(Turns.begin(_day(), 100.0, settings, 1, "k"), settings)

    def bot(_seat: str) -> bool:
        return False

    at = talk.next_time(bot)
    assert at is not None and 101.0 <= at <= 103.0  # 0.5 to 1.5 times the delay
    assert talk.due(100.5, bot) is None
    assert talk.due(103.0, bot) == ("bot", talk.speaker)
