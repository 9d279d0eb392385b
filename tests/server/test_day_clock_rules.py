"""The day's vote clock on its own (server/dayclock.py), in process: the talk window, ballots
that change until the close, locking, the bots' plan, and who may see what."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core import Game
from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition
from wolfsbane.server.dayclock import MISSING, DayClock, VoteNotOpen

SEATS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
TIMERS = {"talk": 60.0, "vote": 30.0, "decision": 10.0, "scale": 1.0}


def to_the_day(game: Game, rng: random.Random) -> None:
    """Answer every question of the night at random until the day's vote is asked."""
    while not any(d.name in game.edition.day_votes for d in game.open.values()):
        decision = next(iter(game.open.values()))
        game.answer(decision.id, random_answer(decision, rng))


def millers_hollow_day() -> Game:
    game = Game(get_edition("millers-hollow"), SEATS,
                roles=["werewolf", "fortune-teller", "villager", "villager", "villager",
                       "villager"], options={"sheriff": False}, seed=3)
    to_the_day(game, random.Random(3))
    return game


def clock(timers: dict[str, float] | None = None) -> tuple[DayClock, dict[str, Any]]:
    state: dict[str, Any] = {}
    game = millers_hollow_day()
    day = DayClock(state, game.edition, {"timers": timers or TIMERS, "seed": 3})
    return day, state


def people(*names: str) -> Any:
    return lambda seat: seat in names


def votes(game: Game) -> dict[str, Any]:
    return {d.seat: d for d in game.open.values() if d.name == "vote"}


def test_the_vote_opens_after_the_talk_and_closes_with_the_day() -> None:
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    closes = day.track(game, 1000.0, 1300.0, people("Ann"), ["Bo", "Cy", "Di", "Ed", "Flo"])
    assert closes == 1300.0
    standing = day.standing("Ann", everything=False, ballots_shown=False)
    assert standing is not None
    assert standing["opens"] == 1060.0 and standing["closes"] == 1300.0
    assert not standing["open"]
    # a day too short for the talk and the vote is lengthened to hold both
    short = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    assert short.track(game, 1000.0, 1020.0, people("Ann"), []) == 1090.0


def test_a_ballot_before_the_vote_opens_is_refused_with_a_sentence_and_changes_nothing() -> None:
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    day.track(game, 1000.0, 1300.0, people("Ann"), [])
    with pytest.raises(VoteNotOpen, match="The vote opens in 40 seconds"):
        day.ballot(votes(game)["Ann"], "Bo", True, 1020.0, people("Ann"))
    standing = day.standing("Ann", everything=False, ballots_shown=False)
    assert standing is not None and standing["voted"] == []


def test_a_vote_changed_twice_counts_the_last() -> None:
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    day.track(game, 1000.0, 1300.0, people("Ann"), [])
    mine = votes(game)["Ann"]
    day.ballot(mine, "Bo", False, 1100.0, people("Ann"))
    day.ballot(mine, "Cy", False, 1110.0, people("Ann"))
    day.ballot(mine, None, False, 1120.0, people("Ann"))
    day.ballot(mine, "Di", False, 1130.0, people("Ann"))
    final = {seat: ballot for _id, seat, ballot in day.close()}
    assert final["Ann"] == "Di"
    assert final["Bo"] is MISSING  # nobody cast it: the server decides (bot or timeout)
    assert not day.holds(mine.id)  # nothing is held once closed


def test_an_illegal_ballot_is_refused_and_keeps_the_one_before() -> None:
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    day.track(game, 1000.0, 1300.0, people("Ann"), [])
    mine = votes(game)["Ann"]
    day.ballot(mine, "Bo", False, 1100.0, people("Ann"))
    with pytest.raises(Exception, match="nobody may vote to hang themself"):
        day.ballot(mine, "Ann", False, 1110.0, people("Ann"))
    assert {seat: b for _i, seat, b in day.close()}["Ann"] == "Bo"


def test_the_vote_closes_early_only_when_every_person_has_locked() -> None:
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    is_person = people("Ann", "Bo")
    day.track(game, 1000.0, 1300.0, is_person, ["Cy", "Di", "Ed", "Flo"])
    mine = votes(game)
    day.ballot(mine["Ann"], "Cy", True, 1100.0, is_person)
    assert day.due(1100.0) != ("close", None)
    day.ballot(mine["Bo"], "Cy", False, 1101.0, is_person)  # cast, but not locked
    assert day.due(1101.0) != ("close", None)
    day.ballot(mine["Ann"], "Di", False, 1102.0, is_person)  # a change lifts the lock
    day.ballot(mine["Bo"], "Cy", True, 1103.0, is_person)
    assert day.due(1103.0) != ("close", None)
    day.ballot(mine["Ann"], "Di", True, 1104.0, is_person)
    assert day.due(1104.0) == ("close", None)


def test_a_vote_without_person_voters_waits_for_its_clock() -> None:
    """A person accused in a runoff has no ballot: the bots' vote still runs to its clock."""
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    # Ann is a person, alive, but (for the sake of the rule) not one of the voters
    day.track(game, 1000.0, 1300.0, people("Ann"), [])
    for decision in votes(game).values():
        if decision.seat != "Ann":
            day.ballot(decision, None, True, 1100.0, people())
    assert day.due(1100.0) != ("close", None)


def test_bots_ballots_are_planned_over_the_open_vote_and_may_change() -> None:
    game = millers_hollow_day()
    state: dict[str, Any] = {}
    day = DayClock(state, game.edition, {"timers": TIMERS, "seed": 3})
    bots = [seat for seat in votes(game) if seat != "Ann"]  # the living, but for Ann
    assert len(bots) >= 4
    day.track(game, 1000.0, 1300.0, people("Ann"), bots)
    plan = state["day_vote"]
    firsts = []
    for moments in plan["bot_ballots"].values():
        assert all(1060.0 < m < 1300.0 for m in moments)
        assert moments == sorted(moments)
        firsts.append(moments[0])
    assert len(plan["bot_ballots"]) == len(bots)
    assert len({round(m) for m in firsts}) == len(bots)  # not all at once
    assert any(len(m) == 2 for m in plan["bot_ballots"].values())  # some take a second look
    # the bots talk at several moments, most of them before the vote opens
    for seat in bots:
        talk = plan["bot_talk"][seat]
        assert len(talk) == 3 and sum(1 for m in talk if m < 1060.0) == 2
    # the plan is drawn from the game's seed: the same game plans the same day
    again: dict[str, Any] = {}
    DayClock(again, game.edition, {"timers": TIMERS, "seed": 3}).track(
        game, 1000.0, 1300.0, people("Ann"), bots)
    assert again == state
    # due() hands the moments out in order, the last ballot of a bot being final
    seen = []
    while (item := day.due(2000.0)) is not None:
        seen.append(item)
    kinds = [kind for kind, _ in seen]
    assert kinds[0] == "talk" and "open" in kinds and kinds.count("ballot") > len(bots)
    finals = [what[1] for kind, what in seen if kind == "ballot"]
    assert finals.count(True) == len(bots)


def test_a_bots_only_table_has_no_window() -> None:
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    assert day.track(game, 1000.0, 1300.0, people(), SEATS) is None
    assert not any(day.holds(d.id) for d in game.open.values())
    assert day.next_time() is None and day.due(5000.0) is None


def test_secret_ballots_show_who_voted_not_for_whom() -> None:
    game = millers_hollow_day()
    day = DayClock({}, game.edition, {"timers": TIMERS, "seed": 3})
    is_person = people("Ann", "Bo")
    day.track(game, 1000.0, 1300.0, is_person, [])
    day.ballot(votes(game)["Ann"], "Cy", False, 1100.0, is_person)
    other = day.standing("Bo", everything=False, ballots_shown=False)
    assert other is not None
    assert other["voted"] == ["Ann"] and other["left"] == len(votes(game)) - 1
    assert other["voters"] == [seat for seat in SEATS if seat in votes(game)]  # seat order
    assert "ballots" not in other
    assert "Cy" not in json.dumps({k: v for k, v in other.items() if k != "voters"})
    mine = day.standing("Ann", everything=False, ballots_shown=False)
    assert mine is not None
    assert list(mine["mine"].values()) == [{"answer": "Cy", "cast": True, "locked": False}]
    public = day.standing(None, everything=False, ballots_shown=False)
    assert public is not None and "mine" not in public and "ballots" not in public
    moderator = day.standing(None, everything=True, ballots_shown=False)
    assert moderator is not None and moderator["ballots"] == {"Ann": "Cy"}
    shown = day.standing("Bo", everything=False, ballots_shown=True)
    assert shown is not None and shown["ballots"] == {"Ann": "Cy"}


def test_each_edition_names_its_day_votes_and_whether_ballots_show() -> None:
    assert get_edition("millers-hollow").day_votes == {"elect", "vote"}
    assert get_edition("licos").day_votes == {"vote"}
    assert get_edition("wherewolf").day_votes == {"first-vote", "second-vote"}
    ww = Game(get_edition("wherewolf"), SEATS, options={"open-voting": True}, seed=1)
    assert ww.edition.ballots_shown(ww)
    assert not ww.edition.ballots_shown(Game(get_edition("wherewolf"), SEATS, seed=1))
    mh = millers_hollow_day()
    assert not mh.edition.ballots_shown(mh)


def test_licos_talks_through_its_morning_and_votes_at_noon() -> None:
    game = Game(get_edition("licos"), SEATS, options={"first-morning-seconds": 200,
                                                      "noon-seconds": 50}, seed=2)
    day = DayClock({}, game.edition, {"timers": {**TIMERS, "scale": 0.5}, "seed": 2})
    # the morning is the engine's clock: no vote to hold while the village talks
    assert day.track(game, 1000.0, 1100.0, people("Ann"), []) is None
    [morning] = game.open.values()
    game.answer(morning.id, True)
    closes = day.track(game, 1100.0, 1100.0, people("Ann"), [])
    standing = day.standing("Ann", everything=False, ballots_shown=False)
    assert standing is not None
    assert standing["opens"] == 1100.0 and standing["open"]  # noon: the vote is open
    assert closes == 1125.0  # for noon's 50 s, scaled


def test_pausing_moves_every_time_of_the_vote() -> None:
    game = millers_hollow_day()
    state: dict[str, Any] = {}
    day = DayClock(state, game.edition, {"timers": TIMERS, "seed": 3})
    day.track(game, 1000.0, 1300.0, people("Ann"), ["Bo"])
    before = json.loads(json.dumps(state))
    day.shift(30.0)
    after = state["day_vote"]
    assert after["opens"] == before["day_vote"]["opens"] + 30
    assert after["closes"] == before["day_vote"]["closes"] + 30
    assert after["bot_talk"]["Bo"] == [m + 30 for m in before["day_vote"]["bot_talk"]["Bo"]]


def test_a_timeout_is_recorded_as_a_timeout_and_replays_exactly() -> None:
    game = millers_hollow_day()
    mine = votes(game)
    for seat, decision in mine.items():
        if seat == "Ann":
            game.answer(decision.id, None, timeout=True)
        else:
            game.answer(decision.id, None)
    entries = [e for e in game.log if e.get("decision") == "vote"]
    assert [e["seat"] for e in entries if e.get("timeout")] == ["Ann"]
    again = replay(json.loads(json.dumps(game.record())), get_edition)
    assert again.log == game.log
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
