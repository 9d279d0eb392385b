"""The terminal asks every kind of question a rulebook may ask: a whole number within its
bounds, and a composite answer (`{player, role}`) part by part, each part as the question it
is; what the person answered is said back in words, never as a Python value."""

from __future__ import annotations

import io
from collections.abc import Iterator

from rich.console import Console

from wolfsbane.core import Game
from wolfsbane.core.view import view
from wolfsbane.terminal.play import Bots, Session
from wolfsbane.terminal.prompts import NOTHING, Unclear, read_number

from .test_core_concepts import asking_game

NUMBER_QUESTION = {"kind": "number", "min": 0, "max": 2, "optional": False}


def session_for(game: Game, seat: str, typed: list[str]) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    lines: Iterator[str] = iter(typed)
    console.input = lambda prompt="", **_: next(lines)  # type: ignore[method-assign]
    return Session(game, seat, Bots(game, {}), console, again=""), out


def own_decision(game: Game, seat: str, name: str) -> dict[str, object]:
    return next(d for d in view(game, seat)["decisions"] if d["name"] == name)


def test_read_number_takes_a_whole_number_within_its_bounds() -> None:
    assert read_number("2", NUMBER_QUESTION) == 2
    assert read_number(" 0 ", NUMBER_QUESTION) == 0
    assert read_number("", NUMBER_QUESTION) is NOTHING
    assert isinstance(read_number("3", NUMBER_QUESTION), Unclear)
    assert isinstance(read_number("two", NUMBER_QUESTION), Unclear)
    assert read_number("skip", {**NUMBER_QUESTION, "optional": True}) is None
    assert isinstance(read_number("skip", NUMBER_QUESTION), Unclear)


def test_the_terminal_asks_a_number_until_it_is_within_bounds() -> None:
    game = asking_game("auto")
    session, out = session_for(game, "Ana", ["7", "many", "1"])
    session._decide(own_decision(game, "Ana", "evil-neighbours"))
    printed = out.getvalue()
    assert "Type a whole number from 0 to 2" in printed
    assert "You answered: 1." in printed
    assert game.log[-1]["answer"] == 1


def test_the_terminal_asks_a_composite_answer_part_by_part() -> None:
    game = asking_game("auto")
    session, out = session_for(game, "Bo", ["1", "wolf"])
    session._decide(own_decision(game, "Bo", "guess"))
    answered = [entry for entry in game.log if entry.get("decision") == "guess"]
    assert answered[-1]["answer"] == {"player": "Ana", "role": "wolf"}
    printed = out.getvalue()
    assert "{" not in printed and "'player'" not in printed  # no Python value shown
    assert "You answered: Ana and" in printed
