"""Waiting semantics (core v2): any_of resumes on the first answer, standing decisions stay
open while offered again, the rest are withdrawn, and time is the clock seat's answer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wolfsbane.core import Edition, Game, IllegalAnswer, SetupError
from wolfsbane.core.decision import CLOCK, TIME, Decision
from wolfsbane.core.game import AUTO, MANUAL
from wolfsbane.core.record import replay

from .waiting_edition import CLOCK_VILLAGE

SEATS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
ROLES = ["werewolf", "villager", "villager", "villager", "villager", "villager"]


def editions(edition_id: str) -> Edition:
    assert edition_id == CLOCK_VILLAGE.id
    return CLOCK_VILLAGE


def new_game(storyteller: str = MANUAL) -> Game:
    return Game(CLOCK_VILLAGE, SEATS, roles=ROLES, seed=3, storyteller=storyteller)


def only(game: Game, seat: str, name: str) -> Decision:
    [decision] = [d for d in game.open.values() if d.seat == seat and d.name == name]
    return decision


def to_nominations(game: Game) -> None:
    game.answer(only(game, CLOCK, "talk").id, True)


def test_a_clock_alone_waits_for_its_time() -> None:
    game = new_game()
    [talk] = game.open.values()
    assert (talk.seat, talk.name, talk.kind, talk.seconds) == (CLOCK, "talk", TIME, 30.0)
    game.answer(talk.id, None)
    assert game.log[-1] == {"id": talk.id, "seat": CLOCK, "decision": "talk", "answer": True}
    assert {d.name for d in game.open.values()} == {"nominate", "day"}


def test_a_clock_is_only_told_that_its_time_is_up() -> None:
    game = new_game()
    [talk] = game.open.values()
    for wrong in ("Ann", False, 3, "later"):
        with pytest.raises(IllegalAnswer):
            game.answer(talk.id, wrong)
    assert talk.id in game.open and not game.log[1:]


def test_clock_is_a_reserved_seat_name() -> None:
    with pytest.raises(SetupError):
        Game(CLOCK_VILLAGE, [CLOCK, *SEATS[1:]], roles=ROLES)


def test_clock_ids_take_the_tables_slot_and_leave_each_seats_count_alone() -> None:
    game = new_game()
    to_nominations(game)
    stride = len(SEATS) + 1
    ids = {d.seat: d.id for d in game.open.values()}
    assert ids[CLOCK] % stride == 0  # the storyteller's slot, as the table's own
    for seat in SEATS:  # each seat's first question, whatever the clock was asked before
        assert ids[seat] == stride + SEATS.index(seat) + 1


def test_any_of_resumes_on_the_first_answer() -> None:
    game = new_game()
    to_nominations(game)
    game.answer(only(game, "Bob", "nominate").id, "Ann", seat="Bob")
    assert not game.by_name["Ann"].alive
    assert game.over  # the only werewolf is gone: the first nomination decided the day


def test_unanswered_decisions_offered_again_keep_their_ids() -> None:
    game = new_game()
    to_nominations(game)
    before = {d.seat: d.id for d in game.open.values()}
    game.answer(before["Bob"], None, seat="Bob")  # Bob passes: the flow offers the rest again
    after = {d.seat: d.id for d in game.open.values()}
    assert "Bob" not in after
    assert after == {seat: i for seat, i in before.items() if seat != "Bob"}
    assert not [e for e in game.events if e.kind == "DecisionWithdrawn"]


def test_decisions_not_offered_again_are_withdrawn_and_each_seat_is_told() -> None:
    game = new_game()
    to_nominations(game)
    left = {d.seat: d.id for d in game.open.values() if d.seat not in ("Bob", CLOCK)}
    day = only(game, CLOCK, "day")
    game.answer(day.id, True)  # the day's time is up: nobody nominated
    assert game.phase == "night 1"
    assert not set(left.values()) & set(game.open)
    withdrawn = [e for e in game.events if e.kind == "DecisionWithdrawn"]
    told = {e.data["player"]: (e.data["id"], e.audience) for e in withdrawn}
    for seat, decision_id in left.items():
        assert told[seat] == (decision_id, frozenset((seat,)))
    assert told["Bob"][1] == frozenset(("Bob",))
    with pytest.raises(IllegalAnswer):
        game.answer(left["Cy"], "Ann", seat="Cy")


def test_standing_decisions_say_so_and_survive_the_wire() -> None:
    game = new_game()
    to_nominations(game)
    nominate = only(game, "Cy", "nominate")
    shown = nominate.as_dict()
    assert shown["standing"] is True and "seconds" not in shown
    again = Decision.from_dict(json.loads(json.dumps(shown)))
    assert again.standing and again.id == nominate.id
    day = Decision.from_dict(only(game, CLOCK, "day").as_dict())
    assert day.seconds == 60.0 and not day.standing


def test_the_first_werewolf_to_choose_decides_the_night() -> None:
    game = Game(CLOCK_VILLAGE, SEATS, roles=["werewolf", "werewolf", *ROLES[2:]], seed=1)
    game.answer(only(game, CLOCK, "talk").id, True)
    game.answer(only(game, CLOCK, "day").id, True)
    ann, bob = only(game, "Ann", "attack"), only(game, "Bob", "attack")
    game.answer(bob.id, "Cy", seat="Bob")
    assert not game.by_name["Cy"].alive
    assert ann.id not in game.open
    assert game.phase == "day 2"


def test_the_night_clock_cuts_the_night_short() -> None:
    game = new_game()
    game.answer(only(game, CLOCK, "talk").id, True)
    game.answer(only(game, CLOCK, "day").id, True)
    game.answer(only(game, CLOCK, "night").id, True)
    assert all(p.alive for p in game.players) and game.phase == "day 2"


def test_an_automatic_storyteller_in_any_of_is_the_first_answer() -> None:
    class Draw(Edition):
        id = "draw"
        roles = CLOCK_VILLAGE.roles

        def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
            """Any cards will do."""

        def flow(self, game: Game):  # type: ignore[no-untyped-def]
            ask = game.ask(game.players[0], "wait", ["x"])
            coin = game.ask_storyteller("coin", ["heads", "tails"])
            decision, answer = yield game.any_of([ask, coin])
            game.announce({"first": decision.name, "answer": answer})
            yield game.clock("end", 1)

        def check_win(self, game: Game) -> None:
            return None

    game = Game(Draw(), ["A", "B"], roles=["villager", "villager"], storyteller=AUTO)
    [announced] = [e for e in game.events if e.kind == "Announced"]
    assert announced.data["first"] == "coin"
    withdrawn = [e for e in game.events if e.kind == "DecisionWithdrawn"]
    assert [(e.data["player"], e.data["decision"]) for e in withdrawn] == [("A", "wait")]


def test_replay_of_any_of_withdrawals_and_clocks_is_exact() -> None:
    game = new_game()
    to_nominations(game)
    game.answer(only(game, "Bob", "nominate").id, None, seat="Bob")
    game.answer(only(game, CLOCK, "day").id, True)
    game.answer(only(game, CLOCK, "night").id, True)
    record = json.loads(json.dumps(game.record()))
    again = replay(record, editions)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
    assert sorted(again.open) == sorted(game.open)
