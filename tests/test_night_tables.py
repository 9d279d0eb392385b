"""One core loop (core/night.py) runs each edition's night table: the slots in the table's
order, each by its ability, and a table that an edition's abilities do not match is refused.
(tests/test_night_order.py checks the tables against the rulebooks' order and the flow.)"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from wolfsbane.core import Decision, Game, NightTurn
from wolfsbane.core.night import check_table, narrated_only, run_night, table_kind, tells_only
from wolfsbane.editions import get_edition
from wolfsbane.editions.licos import NIGHT_ABILITIES as LICOS_ABILITIES
from wolfsbane.editions.millers_hollow import NIGHT_ABILITIES as MILLERS_HOLLOW_ABILITIES
from wolfsbane.editions.wherewolf.flow import NIGHT_ABILITIES as WHEREWOLF_ABILITIES

OWL = NightTurn("owl", "Owl", ("hoot",), "The owl wakes.")
FOX = NightTurn("fox", "Fox", (), "The fox wakes.")
BAT = NightTurn("bat", "Bat", (), "The bat wakes.")


def a_game() -> Game:
    return Game(get_edition("millers-hollow"), ["Ana", "Ben", "Cy", "Dee", "Eve"], seed=1,
                roles=["werewolf", "villager", "villager", "villager", "villager"])


def test_run_night_runs_every_slot_in_the_order_of_its_table() -> None:
    ran: list[str] = []

    def owl(game: Game, night: list[str]) -> Generator[Any, Any, None]:
        answer = yield "hoot?"
        night.append(f"owl:{answer}")

    def fox(game: Game, night: list[str]) -> None:
        night.append("fox")

    flow = run_night(a_game(), (FOX, OWL, BAT),
                     {"owl": owl, "fox": fox, "bat": tells_only(lambda g: ran.append("bat"))},
                     ran)
    assert next(flow) == "hoot?"
    assert ran == ["fox"]
    with pytest.raises(StopIteration):
        flow.send("yes")
    assert ran == ["fox", "owl:yes", "bat"]


def test_turns_called_together_ask_in_one_batch_then_go_on_in_the_tables_order() -> None:
    ran: list[str] = []
    game = a_game()
    hoot, squeak, screech = (Decision(seat, name, ["yes", "no"])
                             for seat, name in (("Ana", "hoot"), ("Ben", "squeak"),
                                                ("Cy", "screech")))

    def owl(game: Game, night: list[str]) -> Generator[Any, Any, None]:
        night.append("owl wakes")
        first, second = yield [hoot, squeak]
        night.append(f"owl:{first},{second}")
        again = yield "the owl asks once more"  # on its own, after the batch
        night.append(f"owl again:{again}")

    def fox(game: Game, night: list[str]) -> None:
        night.append("fox")  # tells only: nothing to ask

    def bat(game: Game, night: list[str]) -> Generator[Any, Any, None]:
        night.append("bat wakes")
        answer = yield screech  # a single decision joins the batch too
        night.append(f"bat:{answer}")

    flow = run_night(game, (OWL, FOX, BAT), {"owl": owl, "fox": fox, "bat": bat}, ran,
                     together=True)
    assert next(flow) == [hoot, squeak, screech]  # every turn's questions, in table order
    assert ran == ["owl wakes", "fox", "bat wakes"]
    assert flow.send(["yes", "no", "no"]) == "the owl asks once more"
    assert ran[-1] == "owl:yes,no"
    with pytest.raises(StopIteration):
        flow.send("later")
    assert ran[-2:] == ["owl again:later", "bat:no"]


def test_turns_called_together_with_nothing_to_ask_ask_nothing() -> None:
    def quiet(game: Game, night: list[str]) -> Generator[Any, Any, None]:
        return
        yield  # a generator that finds nobody to ask

    ran: list[str] = []
    flow = run_night(a_game(), (OWL, FOX), {"owl": quiet, "fox": quiet}, ran, together=True,
                     dawn=lambda game, night: night.append("dawn"))
    with pytest.raises(StopIteration):
        next(flow)
    assert ran == ["dawn"]


def test_turns_called_together_cannot_wait_on_the_first_answer() -> None:
    def waits(game: Game, night: None) -> Generator[Any, Any, None]:
        yield game.any_of([Decision("Ana", "hoot", ["yes"])])

    with pytest.raises(TypeError, match="ask a decision or a batch of them, not AnyOf"):
        next(run_night(a_game(), (OWL,), {"owl": waits}, None, together=True))


def test_a_slot_without_its_ability_is_refused() -> None:
    with pytest.raises(ValueError, match="no ability for fox"):
        list(run_night(a_game(), (OWL, FOX), {"owl": narrated_only}, None))


def test_an_ability_the_table_never_calls_is_refused() -> None:
    with pytest.raises(ValueError, match="no slot for bat"):
        check_table((OWL,), {"owl": narrated_only, "bat": narrated_only})


def test_night_one_runs_the_first_table_and_every_later_night_the_other() -> None:
    assert table_kind(1) == "first"
    assert [table_kind(n) for n in (2, 3, 10)] == ["other"] * 3


@pytest.mark.parametrize(("edition_id", "abilities"), [
    ("millers-hollow", MILLERS_HOLLOW_ABILITIES), ("wherewolf", WHEREWOLF_ABILITIES),
    ("licos", LICOS_ABILITIES)])
def test_each_night_table_of_the_edition_has_exactly_its_abilities(
        edition_id: str, abilities: dict[str, dict[str, Any]]) -> None:
    edition = get_edition(edition_id)
    assert set(abilities) == set(edition.night_order)
    for kind, table in edition.night_order.items():
        check_table(table, abilities[kind])
