"""Core concepts that the Clocktower family needs (issue #11, part C), each proved on a tiny
test edition of its own so that no real edition has to be written for them."""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core import NUMBER, PARTS, Decision, Game, IllegalAnswer, Role, SetupError, bind
from wolfsbane.core.changes import change_character
from wolfsbane.core.common import deal
from wolfsbane.core.deaths import grieving_partner
from wolfsbane.core.edition import Edition
from wolfsbane.core.events import STORYTELLER
from wolfsbane.core.player import Player
from wolfsbane.core.record import replay
from wolfsbane.core.reminders import (
    PUBLIC,
    SELF,
    Reminder,
    place_reminder,
    reminders_on,
    remove_reminders,
)
from wolfsbane.core.reminders import STORYTELLER as STORYTELLER_TOKEN
from wolfsbane.core.view import view
from wolfsbane.editions import get_edition

from .joining_edition import JoiningEdition
from .joining_edition import editions as joining_editions


class TinyEdition(Edition):
    """Three cards; the drunk believes they are the villager."""

    id = "tiny"
    name = "Tiny"
    min_players = 2
    max_players = 12
    roles = {
        "villager": Role("villager", "Villager", "village", "You are a villager."),
        "drunk": Role("drunk", "Drunk", "village", "You think you are someone else."),
        "wolf": Role("wolf", "Wolf", "wolves", "You are the wolf."),
    }

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        return ["wolf", "drunk"] + ["villager"] * (players - 2)

    def role_shown_to_self(self, player: Player) -> str:
        return "villager" if player.role == "drunk" else player.role

    def flow(self, game: Game) -> Generator[Any, Any, None]:
        yield from deal(game)
        game.begin_phase("day 1")
        yield game.ask(game.players[0], "pass", ("yes",), optional=True)


def dealt_roles(game: Game, seat: str) -> list[str]:
    return [e["role"] for e in view(game, seat)["events"] if e["kind"] == "RoleDealt"]


def test_deal_shows_the_card_shown_to_self_not_the_true_card() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "drunk", "wolf"])
    assert dealt_roles(game, "Bo") == ["villager"]
    assert "drunk" not in str(view(game, "Bo"))
    assert dealt_roles(game, "Cy") == ["wolf"]
    storyteller = view(game, STORYTELLER)
    truth = [e for e in storyteller["events"] if e["kind"] == "CardShown"]
    assert [(e["player"], e["role"], e["shown"]) for e in truth] == [("Bo", "drunk", "villager")]
    assert truth[0]["audience"] == []


def test_deal_shows_the_card_shown_when_the_storyteller_shuffles() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy", "Di"], seed=3)
    drunk = game.with_role("drunk")[0]
    assert dealt_roles(game, drunk.name) == ["villager"]


# -- a change of character ---------------------------------------------------------------------

def test_change_character_tells_the_storyteller_and_the_player_what_they_are_shown() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "villager", "wolf"])
    change_character(game, game.by_name["Ana"], "drunk")
    ana = game.by_name["Ana"]
    assert (ana.role, ana.team) == ("drunk", "village")
    changed = [e for e in game.events if e.kind == "RoleChanged"]
    assert [e.data for e in changed] == [{"player": "Ana", "role": "drunk", "team": "village"}]
    assert changed[0].audience == frozenset()
    told = [e["role"] for e in view(game, "Ana")["events"] if e.get("about") == "you-are"]
    assert told == ["villager"]  # a new Drunk is shown the card the Drunk is shown
    assert not any(e.get("about") == "you-are" for e in view(game, "Bo")["events"])
    change_character(game, game.by_name["Bo"], "wolf", tell=False)
    assert game.by_name["Bo"].team == "wolves"
    assert not any(e.get("about") == "you-are" for e in view(game, "Bo")["events"])


def test_change_character_keeps_one_shot_abilities_per_character() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "villager", "wolf"])
    ana, cy = game.by_name["Ana"], game.by_name["Cy"]
    cy.use("howl")
    assert cy.has_used("howl")
    change_character(game, ana, "wolf", tell=False)
    assert not ana.has_used("howl")  # Ana gains the wolf's unused ability
    ana.use("howl")
    change_character(game, ana, "villager", tell=False)
    assert not ana.has_used("howl")
    change_character(game, ana, "wolf", tell=False)
    assert ana.has_used("howl")  # spent as the wolf, still spent as the wolf


# -- NUMBER and PARTS decisions, and the storyteller-only truth ---------------------------------

@dataclass
class Asked:
    """What the asking edition's flow was answered."""

    answers: list[Any] = field(default_factory=list)
    told: int | None = None


def memory_of(game: Game) -> Asked:
    assert isinstance(game.state, Asked)
    return game.state


class AskingEdition(TinyEdition):
    """Asks a number and a composite answer, each with a truth only the storyteller sees."""

    id = "tiny-asking"

    def new_state(self) -> Asked:
        return Asked()

    def flow(self, game: Game) -> Generator[Any, Any, None]:
        yield from deal(game)
        game.begin_phase("night 1")
        names = [p.name for p in game.players]
        guess = Decision("Bo", "guess", kind=PARTS, truth={"player": "Cy", "role": "wolf"},
                         parts={"player": Decision("Bo", "player", names),
                                "role": Decision("Bo", "role", sorted(self.roles))})
        evil = Decision("Ana", "evil-neighbours", kind=NUMBER, min=0, max=2, truth=1)
        memory_of(game).answers = yield [evil, guess]
        memory_of(game).told = yield game.ask_storyteller("tell-number", kind=NUMBER, min=0, max=2)


def asking_game(storyteller: str = "manual") -> Game:
    return Game(AskingEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "drunk", "wolf"],
                storyteller=storyteller, seed=5)


def refusal(decision: Decision, value: Any) -> IllegalAnswer:
    with pytest.raises(IllegalAnswer) as caught:
        decision.validate(value)
    return caught.value


def test_number_decision_takes_a_whole_number_in_range_and_says_why_not() -> None:
    number = Decision("Ana", "count", kind=NUMBER, min=0, max=3)
    assert [number.validate(v) for v in (0, 3, "2", " 1 ", 2.0)] == [0, 3, 2, 1, 2]
    for wrong in (4, -1, "two", True, 1.5, [1], {"a": 1}, "--1", "²"):
        error = refusal(number, wrong)
        assert str(error) == "Give a whole number from 0 to 3."
        assert error.code == "number-range"
    assert refusal(number, None).code == "must-answer"
    assert Decision("Ana", "count", kind=NUMBER, min=0, max=3, optional=True,
                    default=0).validate(None) == 0


def test_parts_decision_validates_each_part_and_says_which_part_is_wrong() -> None:
    parts = Decision("Bo", "guess", kind=PARTS,
                     parts={"player": Decision("Bo", "player", ["Ana", "Cy"]),
                            "role": Decision("Bo", "role", ["wolf", "drunk"])})
    assert parts.validate({"player": "Cy", "role": "wolf"}) == {"player": "Cy", "role": "wolf"}
    error = refusal(parts, {"player": "Bo", "role": "wolf"})
    assert str(error).startswith("For the player: Bo is not one of the choices")
    assert error.code == "not-a-choice" and error.params["decision"] == "player"
    assert refusal(parts, {"player": "Cy"}).code == "must-answer"
    error = refusal(parts, {"player": "Cy", "role": "wolf", "colour": "red"})
    assert str(error) == "colour is not a part of this question; its parts are player, role."
    assert refusal(parts, "Cy").code == "answer-each-part"
    assert refusal(parts, ["Cy", "wolf"]).code == "answer-each-part"


def test_number_and_parts_decisions_round_trip_through_as_dict() -> None:
    game = asking_game()
    for decision in game.open.values():
        wire = json.loads(json.dumps(decision.as_dict()))
        again = Decision.from_dict(wire)
        assert again.as_dict() == decision.as_dict()
        assert again.truth is None  # a seat's copy never carries the truth
        told = Decision.from_dict(json.loads(json.dumps(decision.as_dict_for_storyteller())))
        assert told.truth == decision.truth
        answer = random_answer(again, random.Random(1))
        assert decision.validate(answer) == answer


def test_random_bot_answers_number_and_parts_legally() -> None:
    rng = random.Random(7)
    for _ in range(50):
        game = asking_game(storyteller="auto")
        while game.open:
            decision = game.next_open()
            game.answer(decision.id, random_answer(decision, rng), decision.seat)
        assert memory_of(game).told in (0, 1, 2)
        evil, guess = memory_of(game).answers
        assert 0 <= evil <= 2 and set(guess) == {"player", "role"}


def test_truth_is_in_the_storyteller_view_only() -> None:
    game = asking_game()
    shown = {d["name"]: d for d in view(game, STORYTELLER)["decisions"]}
    assert shown["evil-neighbours"]["truth"] == 1
    assert shown["guess"]["truth"] == {"player": "Cy", "role": "wolf"}
    for seat in ("Ana", "Bo", "Cy"):
        seat_view = view(game, seat)
        assert all("truth" not in d for d in seat_view["decisions"])
        assert "truth" not in json.dumps(seat_view)
    game.answer_for("Ana", "evil-neighbours", 2)
    game.answer_for("Bo", "guess", {"player": "Ana", "role": "villager"})
    storyteller = game.next_open()
    assert storyteller.kind == NUMBER and storyteller.suggestion in (0, 1, 2)
    game.answer(storyteller.id, "1", STORYTELLER)
    assert memory_of(game).told == 1


# -- seats joining during the game -------------------------------------------------------------

def test_add_seat_joins_a_game_and_replays_exactly() -> None:
    game = Game(JoiningEdition(), ["Ana", "Bo", "Cy", "Di"],
                roles=["wolf", "villager", "villager", "villager"])
    game.answer_for("Ana", "attack", "Bo")  # night 1: Bo dies; day 1 opens its vote
    first_day = {d.seat: d.id for d in game.open.values()}
    traveller = game.add_seat("Eve", "traveller")
    assert (traveller.index, traveller.team) == (4, "village")
    assert game.log[-1] == {"add_seat": "Eve", "role": "traveller"}
    assert [e["role"] for e in view(game, "Eve")["events"] if e["kind"] == "RoleDealt"] == [
        "traveller"]
    assert any(e["kind"] == "SeatAdded" and e["player"] == "Eve"
               for e in view(game, "Cy")["events"])
    for seat in ("Ana", "Cy", "Di"):
        game.answer_for(seat, "vote", None)  # nobody is voted out
    game.answer_for("Ana", "attack", "Cy")
    asked = {d.seat: d.id for d in game.open.values()}
    assert "Eve" in asked  # the new seat votes on the next day
    ids = set(first_day.values()) | set(asked.values())
    assert len(ids) == len(first_day) + len(asked)  # no id is ever given twice
    record = json.loads(json.dumps(game.record()))
    assert record["seats"] == ["Ana", "Bo", "Cy", "Di"]
    again = replay(record, joining_editions)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
    assert {d.seat: d.id for d in again.open.values()} == asked


@dataclass
class Luggage:
    """A joining seat's own memory, as an edition types it."""

    bags: int = 0


class JoiningWithLuggage(JoiningEdition):
    def new_seat_state(self) -> Luggage:
        return Luggage()


def test_every_seat_gets_its_editions_typed_memory_even_one_that_joins() -> None:
    game = Game(JoiningWithLuggage(), ["Ana", "Bo", "Cy", "Di"],
                roles=["wolf", "villager", "villager", "villager"])
    traveller = game.add_seat("Eve", "traveller")
    assert all(p.state == Luggage() for p in game.players)
    assert len({id(p.state) for p in game.players}) == 5  # one memory per seat
    assert traveller.state == Luggage()
    assert Game(JoiningEdition(), ["Ana", "Bo", "Cy"]).players[0].state is None


def test_bound_lives_are_kept_in_typed_bonds_and_grief_reads_them() -> None:
    game = Game(JoiningEdition(), ["Ana", "Bo", "Cy"], roles=["wolf", "villager", "villager"])
    ana, bo, cy = game.players
    bind(game, ana, bo, "lover")
    assert (ana.bonds, bo.bonds, cy.bonds) == ({"lover": "Bo"}, {"lover": "Ana"}, {})
    assert {"lover"} <= ana.markers
    assert grieving_partner(game, ana, "lover") is bo
    assert grieving_partner(game, cy, "lover") is None
    bo.alive = False
    assert grieving_partner(game, ana, "lover") is None  # the dead grieve no more


def test_add_seat_refuses_what_it_cannot_do_in_sentences_and_changes_nothing() -> None:
    game = Game(JoiningEdition(), ["Ana", "Bo", "Cy"], roles=["wolf", "villager", "villager"])
    before = (len(game.events), list(game.log), [p.name for p in game.players])
    for name, role, code in (("Bo", "traveller", "seat-taken"), ("", "traveller", "seat-name"),
                             (STORYTELLER, "traveller", "seat-name"),
                             ("clock", "traveller", "seat-name"),
                             ("Eve", "dragon", "no-such-role"), ("Eve", None, "no-such-role")):
        with pytest.raises(IllegalAnswer) as caught:
            game.add_seat(name, role)  # type: ignore[arg-type]
        assert caught.value.code == code and str(caught.value).endswith(".")
    assert (len(game.events), list(game.log), [p.name for p in game.players]) == before
    fixed = Game(TinyEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "drunk", "wolf"])
    with pytest.raises(IllegalAnswer) as caught:
        fixed.add_seat("Eve", "villager")
    assert caught.value.code == "no-joining"


def test_decision_ids_are_unique_per_seat_whatever_the_seats_that_join() -> None:
    game = Game(JoiningEdition(), [f"P{i}" for i in range(3)],
                roles=["wolf", "villager", "villager"])
    seen: set[int] = set()
    for slot in range(40):
        for count in range(1, 40):
            game._asked = {}
            seat = STORYTELLER if slot == 0 else f"S{slot}"
            if seat != STORYTELLER and seat not in game.by_name:
                game.by_name[seat] = Player(seat, slot - 1, "villager", "village")
            game._asked[seat] = count - 1
            number = game._number(seat)
            assert number not in seen
            seen.add(number)


# -- reminders ---------------------------------------------------------------------------------

class RemindingEdition(TinyEdition):
    id = "tiny-reminding"
    reminder_tokens = {"sheriff": PUBLIC, "lover": SELF, "poisoned": STORYTELLER_TOKEN}


def test_reminders_carry_their_source_and_are_seen_as_each_token_declares() -> None:
    game = Game(RemindingEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "drunk", "wolf"])
    ana, bo, cy = (game.by_name[name] for name in ("Ana", "Bo", "Cy"))
    place_reminder(game, "sheriff", ana)
    place_reminder(game, "lover", bo, ana)
    poison = place_reminder(game, "poisoned", cy, bo, character="poisoner")
    assert poison == Reminder("poisoned", "Bo", "poisoner", "Cy")
    assert game.reminders[1] == Reminder("lover", "Ana", "villager", "Bo")
    storyteller = view(game, STORYTELLER)
    assert storyteller["reminders"] == [r.as_dict() for r in game.reminders]
    assert storyteller["reminders"][2] == {"token": "poisoned", "player": "Cy", "by": "Bo",
                                           "character": "poisoner"}

    def tokens(seat: str) -> dict[str, list[str]]:
        return {p["name"]: p.get("reminders", []) for p in view(game, seat)["players"]}

    assert tokens("Ana") == {"Ana": ["sheriff"], "Bo": [], "Cy": []}
    assert tokens("Bo") == {"Ana": ["sheriff"], "Bo": ["lover"], "Cy": []}
    assert tokens("Cy") == {"Ana": ["sheriff"], "Bo": [], "Cy": []}  # poisoned, unaware
    for seat in ("Ana", "Bo", "Cy"):
        seat_view = json.dumps(view(game, seat))
        assert "poisoned" not in seat_view and "poisoner" not in seat_view
        assert '"by"' not in seat_view  # no seat is told who laid a token
    assert remove_reminders(game, "poisoned", cy) == [poison]
    assert [r.token for r in reminders_on(game, cy)] == []
    assert [e.kind for e in game.events][-1] == "ReminderRemoved"
    assert game.events[-1].audience == frozenset()


def test_a_reminder_token_the_edition_does_not_declare_is_a_mistake() -> None:
    game = Game(RemindingEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "drunk", "wolf"])
    with pytest.raises(ValueError, match="declares no reminder token"):
        place_reminder(game, "drunk", game.by_name["Bo"])
    assert game.reminders == []


def test_every_seat_needs_a_different_name() -> None:
    edition = get_edition("millers-hollow")
    with pytest.raises(SetupError, match="different name"):
        Game(edition, ["Ana", "Ben", "Cy", "Ana", "Eve", "Flo", "Gus", "Hal"], seed=1)
    with pytest.raises(SetupError, match="different name"):
        Game(edition, ["Ana", "Ben"] * 4, seed=1)


@pytest.mark.parametrize("name", ["", "storyteller", "x" * 41])
def test_a_seat_name_is_one_to_forty_characters_and_not_the_storytellers(name: str) -> None:
    with pytest.raises(SetupError, match="cannot be a seat name"):
        Game(get_edition("millers-hollow"),
             [name, "Ben", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"], seed=1)
