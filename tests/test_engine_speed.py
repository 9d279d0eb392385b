"""The constructs the engine keeps for speed stay equivalent to the plain ones they replace
(benchmarks/engine.py measures the speed; benchmarks/same_games.py compares whole games
between two source trees)."""

from __future__ import annotations

from wolfsbane.core import Decision, Game
from wolfsbane.core.events import Event
from wolfsbane.editions import get_edition


def a_game() -> Game:
    return Game(get_edition("millers-hollow"), ["Ana", "Ben", "Cy", "Dee", "Eve"], seed=3,
                roles=["werewolf", "fortune-teller", "villager", "villager", "villager"])


def test_an_emitted_event_holds_every_field_an_event_is_made_with() -> None:
    game = a_game()
    emitted = game.emit("Announced", {"about": "test"}, "Ana")
    made = Event(emitted.index, "Announced", {"about": "test"}, frozenset({"Ana"}), game.phase)
    for field in Event.__slots__:
        assert getattr(emitted, field) == getattr(made, field), field
    assert emitted.key() == made.key()


def test_a_decision_takes_its_options_by_name_as_before() -> None:
    decision = Decision("Ana", "inspect", ["Ben", "Cy"], optional=True, prompt="Look?",
                        seconds=30.0, standing=True)
    assert (decision.kind, decision.optional, decision.prompt, decision.seconds,
            decision.standing) == ("pick", True, "Look?", 30.0, True)
    assert decision.validate("Cy") == "Cy"
    assert decision.validate(None) is None


def test_the_game_keeps_its_fields_in_slots() -> None:
    game = a_game()
    assert not hasattr(game, "__dict__")
    for field in Game.__slots__:
        getattr(game, field)  # every slot is set once the game has begun
