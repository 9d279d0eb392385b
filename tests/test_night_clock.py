"""Dawn waits for the night's clock: where a game times its nights (`night_seconds`, what the
server gives), every night of every edition ends with the clock seat's "night" decision, which
counts from the night's beginning; nothing of dawn is told before it runs out, so a night in
which every seat answered at once looks to the table like one in which nobody did. Without it
(the simulator, the terminal, scenarios) nights end as they always did. And a decision may say
what running out of time answers (`lapse`), where the rules say so."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core import Game, IllegalAnswer, SetupError
from wolfsbane.core.decision import CLOCK, PHASE, UNANSWERED, Decision
from wolfsbane.core.record import replay
from wolfsbane.editions import EDITIONS, get_edition

NIGHT = 45.0
SEATS = [f"P{i}" for i in range(9)]
# Editions whose night a player's answer ends at once, by their rules: in the dark, "a body
# found ends the night" (RULINGS.md, in-the-dark) and the rulebook's countdown runs every
# night, timed or not. Their night clock is tested in their own tests (test_in_the_dark.py).
TURN_NIGHTS = sorted(e for e in EDITIONS if e != "in-the-dark")


def answer_one(game: Game, rng: random.Random) -> Decision:
    """Answer the first open decision, as a fast table would: every seat at once."""
    decision = game.next_open()
    assert decision is not None
    value = True if decision.seat == CLOCK else random_answer(decision, rng)
    game.answer(decision.id, value, seat=decision.seat)
    return decision


def night_clock_open(game: Game) -> Decision | None:
    return next((d for d in game.open.values()
                 if d.seat == CLOCK and d.name == "night" and d.since == PHASE), None)


@pytest.mark.parametrize("edition_id", TURN_NIGHTS)
def test_a_night_answered_at_once_tells_the_table_nothing_until_its_clock_runs_out(
    edition_id: str,
) -> None:
    edition = get_edition(edition_id)
    nights_seen = 0
    for seed in range(12):
        game = Game(edition, SEATS[: max(edition.min_players, 8)], seed=seed,
                    night_seconds=NIGHT)
        rng = random.Random(seed)
        clocked: set[str] = set()  # the nights whose clock was asked
        for _ in range(5000):
            if game.over:
                break
            clock = night_clock_open(game)
            if clock is not None:
                clocked.add(clock.phase)
                # the night's turns are over: the night clock is the one thing open
                assert list(game.open.values()) == [clock], game.open
                assert clock.phase == game.phase and edition.is_night(game.phase)
                expected = edition.night_seconds(game)
                assert clock.seconds == (NIGHT if expected is None else expected)
                assert clock.as_dict()["since"] == PHASE
                night_began = max(e.index for e in game.events if e.kind == "PhaseBegan"
                                  and e.data["phase_name"] == game.phase)
                told = game.events[night_began + 1:]
                # nothing the table would see: no public event, no new phase
                assert not [e for e in told if e.audience is None], told
                assert game.phases[-1] == game.phase
                nights_seen += 1
            answer_one(game, rng)
        assert game.over
        # a game won at dawn is won once the night's clock has run out, not before
        assert not edition.is_night(game.phases[-1]) or game.phases[-1] in clocked
    assert nights_seen >= 12  # every game saw at least one night through to its clock


@pytest.mark.parametrize("edition_id", TURN_NIGHTS)
def test_nights_end_without_a_clock_where_the_game_does_not_time_them(edition_id: str) -> None:
    """The simulator, the terminal and the scenarios play exactly as before."""
    edition = get_edition(edition_id)
    for seed in range(6):
        game = Game(edition, SEATS[: max(edition.min_players, 8)], seed=seed)
        rng = random.Random(seed)
        while not game.over:
            assert night_clock_open(game) is None
            answer_one(game, rng)
        assert "night_seconds" not in game.record()


def test_a_restart_mid_night_keeps_the_night_clock() -> None:
    """The record carries the nights' length; a game replayed from a log that stops while
    dawn waits has the very same clock open (same id, same length, counting from the
    phase), and the clock's running out, replayed, is exact."""
    edition = get_edition("millers-hollow")
    game = Game(edition, SEATS[:8], seed=3, night_seconds=NIGHT)
    rng = random.Random(3)
    while night_clock_open(game) is None:
        answer_one(game, rng)
    clock = night_clock_open(game)
    assert clock is not None
    record = json.loads(json.dumps(game.record()))
    assert record["night_seconds"] == NIGHT
    again = replay(record, get_edition)
    restored = night_clock_open(again)
    assert restored is not None
    assert (restored.id, restored.seconds, restored.since, restored.phase) == (
        clock.id, clock.seconds, clock.since, clock.phase)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
    for played in (game, again):
        played.answer(clock.id, True, seat=CLOCK)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
    assert again.phase == game.phase != clock.phase  # dawn came, and the day after it


def test_dawn_is_told_only_once_the_night_clock_runs_out() -> None:
    """The night's deaths and the next phase come after the clock's answer, never before."""
    edition = get_edition("millers-hollow")
    deaths = 0
    for seed in range(10):
        game = Game(edition, SEATS[:8], seed=seed, night_seconds=NIGHT,
                    options={"sheriff": False})
        rng = random.Random(seed)
        while night_clock_open(game) is None:
            answer_one(game, rng)
        clock = night_clock_open(game)
        assert clock is not None
        dusk = len(game.events)
        game.answer(clock.id, True, seat=CLOCK)
        while game.phase == "night 1":
            answer_one(game, rng)
        died = [e for e in game.events if e.kind == "PlayerDied" and e.phase == "night 1"]
        assert all(e.index >= dusk for e in died)
        assert all(e.index >= dusk for e in game.events
                   if e.kind == "PhaseBegan" and e.data["phase_name"] == "day 1")
        deaths += len(died)
    assert deaths  # some of these nights killed someone


@pytest.mark.parametrize("seconds", [0, -5, float("inf"), float("nan"), "90", True])
def test_a_night_lasts_a_positive_number_of_seconds(seconds: Any) -> None:
    with pytest.raises(SetupError):
        Game(get_edition("millers-hollow"), SEATS[:8], night_seconds=seconds)


def test_a_clock_counts_from_when_it_is_asked_or_from_its_phase_only() -> None:
    game = Game(get_edition("millers-hollow"), SEATS[:8])
    assert game.clock("morning", 10).since is None
    assert game.clock("night", 10, since=PHASE).since == PHASE
    with pytest.raises(ValueError):
        game.clock("night", 10, since="dawn")
    wire = Decision.from_dict(game.clock("night", 10, since=PHASE).as_dict())
    assert wire.since == PHASE


# -- what running out of time means, where the rules say it ---------------------------------

def first_vote(game: Game, rng: random.Random) -> Decision:
    for _ in range(5000):
        vote = next((d for d in game.open.values() if d.name == "first-vote"), None)
        if vote is not None:
            return vote
        answer_one(game, rng)
    raise AssertionError("no First Vote came")


def test_a_wherewolf_ballot_not_cast_in_time_is_no_vote() -> None:
    """Wherewolf's First and Second Votes must be cast around a table, but "a player who does
    not vote in time simply has no vote" (the Timed Game): that is what a timeout answers,
    even though the seat itself may not skip the ballot."""
    game = Game(get_edition("wherewolf"), SEATS, seed=2)
    rng = random.Random(2)
    vote = first_vote(game, rng)
    assert not vote.optional and vote.lapse is None
    with pytest.raises(IllegalAnswer):
        game.answer(vote.id, None, seat=vote.seat)  # the seat itself must vote
    game.answer(vote.id, None, seat=vote.seat, timeout=True)
    assert game.log[-1] == {"id": vote.id, "seat": vote.seat, "decision": "first-vote",
                            "answer": None, "timeout": True}
    while not game.over:
        answer_one(game, rng)
    again = replay(json.loads(json.dumps(game.record())), get_edition)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]


def test_a_timeout_answers_only_the_lapse_the_rules_give() -> None:
    """A timeout is no licence: any other answer is checked as the seat's would be."""
    game = Game(get_edition("wherewolf"), SEATS, seed=2)
    vote = first_vote(game, random.Random(2))
    with pytest.raises(IllegalAnswer):
        game.answer(vote.id, "no", seat=vote.seat, timeout=True)
    with pytest.raises(IllegalAnswer):
        game.answer(vote.id, vote.seat, seat=vote.seat, timeout=True)  # not themself


def test_a_question_the_rules_say_nothing_about_has_no_lapse() -> None:
    decision = Decision("P1", "link", ("P1", "P2"), min=2, max=2)
    assert decision.lapse is UNANSWERED


def test_a_person_at_the_grimoire_has_no_slot_of_a_timed_night() -> None:
    """A storyteller's question in a timed night carries no window of the turn's slot (a
    person holds the night while they think, server/clock.py), while the players' questions
    of the same night keep theirs."""
    from wolfsbane.core import MANUAL

    game = Game(get_edition("clocktower"), SEATS[:5], seed=5, storyteller=MANUAL,
                night_seconds=NIGHT)
    bag = ["no-dashii", "widow", "dreamer", "empath", "fortune-teller"]
    rng = random.Random(3)
    storyteller_at_night: list[Decision] = []
    seats_at_night: list[Decision] = []
    while game.phase != "day 1" and not game.over:
        decision = game.next_open()
        assert decision is not None
        if game.phase.startswith("night") and decision.seat != CLOCK:
            (storyteller_at_night if decision.seat == "storyteller"
             else seats_at_night).append(decision)
        if decision.seat == "storyteller":
            value = bag if decision.name == "characters" else decision.suggestion
        else:
            value = True if decision.seat == CLOCK else random_answer(decision, rng)
        game.answer(decision.id, value, seat=decision.seat)
    assert storyteller_at_night and seats_at_night
    assert all(d.seconds is None for d in storyteller_at_night)
    assert all(d.seconds is not None and d.since == PHASE for d in seats_at_night)
