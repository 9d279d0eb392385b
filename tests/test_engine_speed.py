"""The constructs the engine keeps for speed stay equivalent to the plain ones they replace
(benchmarks/engine.py measures the speed; benchmarks/same_games.py compares whole games
between two source trees)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from wolfsbane.agents import random_answer
from wolfsbane.core import NUMBER, PARTS, Decision, Game
from wolfsbane.core import game as game_module
from wolfsbane.core.events import Event
from wolfsbane.core.game import MANUAL
from wolfsbane.editions import get_edition


def fields_of(cls: type) -> tuple[str, ...]:
    """A class's fields: its slots, or, in the compiled build (which keeps its fields in
    the object's own struct and has no `__slots__`), the attributes mypyc lists."""
    fields: tuple[str, ...] = getattr(cls, "__slots__", None) or cls.__mypyc_attrs__  # type: ignore[attr-defined]
    return tuple(field for field in fields if field != "__dict__")


def a_game() -> Game:
    return Game(get_edition("millers-hollow"), ["Ana", "Ben", "Cy", "Dee", "Eve"], seed=3,
                roles=["werewolf", "fortune-teller", "villager", "villager", "villager"])


def test_an_emitted_event_holds_every_field_an_event_is_made_with() -> None:
    game = a_game()
    emitted = game.emit("Announced", {"about": "test"}, "Ana")
    made = Event(emitted.index, "Announced", {"about": "test"}, frozenset({"Ana"}), game.phase)
    for field in fields_of(Event):
        assert getattr(emitted, field) == getattr(made, field), field
    assert emitted.key() == made.key()


def test_a_decision_takes_its_options_by_name_as_before() -> None:
    decision = Decision("Ana", "inspect", ["Ben", "Cy"], optional=True, prompt="Look?",
                        seconds=30.0, standing=True)
    assert (decision.kind, decision.optional, decision.prompt, decision.seconds,
            decision.standing) == ("pick", True, "Look?", 30.0, True)
    assert decision.validate("Cy") == "Cy"
    assert decision.validate(None) is None


def _parameters(source: Path, cls: str, method: str) -> list[tuple[str, str]]:
    """A method's parameters after `self` as written: (name, default or "")."""
    tree = ast.parse(source.read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    function = next(n for n in body if isinstance(n, ast.FunctionDef) and n.name == method)
    names = [a.arg for a in function.args.args[1:]]
    defaults = [ast.unparse(d) for d in function.args.defaults]
    return list(zip(names, [""] * (len(names) - len(defaults)) + defaults, strict=True))


def test_asking_takes_exactly_what_a_decision_is_made_with() -> None:
    """`Game.ask` (a native call in the compiled build; the Decision class itself in pure
    Python) has the parameters of `Decision`, in the same order, with the same defaults."""
    core = Path(game_module.__file__).parent
    asking = _parameters(core / "game.py", "Game", "ask")
    making = _parameters(core / "decision.py", "Decision", "__init__")
    assert asking == making
    game = a_game()
    asked = game.ask("Ana", "inspect", ["Ben", "Cy"], optional=True, prompt="Look?",
                     seconds=30.0, standing=True, reason="why")
    made = Decision("Ana", "inspect", ["Ben", "Cy"], optional=True, prompt="Look?",
                    seconds=30.0, standing=True, reason="why")
    assert _fields(asked) == _fields(made)


def test_the_game_keeps_its_fields_in_slots() -> None:
    game = a_game()
    assert not hasattr(game, "__dict__")
    for field in fields_of(Game):
        getattr(game, field)  # every slot is set once the game has begun


def _fields(decision: Decision) -> dict[str, object]:
    fields = {name: getattr(decision, name) for name in fields_of(Decision)
              if name != "_choice_set"}
    if decision.parts is not None:
        fields["parts"] = {name: _fields(part) for name, part in decision.parts.items()}
    return fields


def test_a_detached_decision_is_the_one_a_client_rebuilds_and_shares_nothing() -> None:
    met: list[Decision] = [
        Decision("Bo", "guess", kind=PARTS, truth={"player": "Cy", "role": "wolf"},
                 parts={"player": Decision("Bo", "player", ["Ana", "Cy"]),
                        "role": Decision("Bo", "role", ["wolf", "villager"])}),
        Decision("Ana", "count", kind=NUMBER, min=0, max=2, truth=1, seconds=20.0),
    ]
    for edition_id in ("millers-hollow", "licos", "wherewolf"):
        edition = get_edition(edition_id)
        game = Game(edition, [f"P{i}" for i in range(9)], seed=4, storyteller=MANUAL,
                    deck=edition.recommended_deck(9, {}))
        rng = random.Random(1)
        for _ in range(60):
            if not game.open:
                break
            decision = next(iter(game.open.values()))
            met.append(decision)
            game.answer(decision.id, random_answer(decision, rng))
    for decision in met:
        for truth in (False, True):
            plain = decision.as_dict_for_storyteller() if truth else decision.as_dict()
            rebuilt, copy = Decision.from_dict(plain), decision.detached(truth=truth)
            assert _fields(copy) == _fields(rebuilt), decision
            for name in ("default", "suggestion", "truth"):
                value = getattr(copy, name)
                if isinstance(value, (list, dict)):
                    assert value is not getattr(decision, name)


def test_a_seats_private_events_share_one_audience() -> None:
    game = Game(get_edition("millers-hollow"), [f"P{i}" for i in range(8)], seed=5)
    rng = random.Random(5)
    while game.open:
        decision = next(iter(game.open.values()))
        game.answer(decision.id, random_answer(decision, rng))
    singles: dict[str, set[int]] = {}
    told_alone = {"RoleDealt", "InfoGiven", "ReminderPlaced"}  # (a pack of one is a pack)
    for event in game.events:
        if event.kind in told_alone and event.audience:
            (seat,) = event.audience
            singles.setdefault(seat, set()).add(id(event.audience))
    assert singles and all(len(ids) == 1 for ids in singles.values())


def test_the_bots_table_copies_only_the_events_some_agent_is_handed() -> None:
    from wolfsbane.agents import RandomBot, Table

    edition = get_edition("millers-hollow")
    seats = [f"P{i}" for i in range(8)]
    game = Game(edition, seats, seed=9)
    table = Table(game, {seat: RandomBot(seat, random.Random(i)) for i, seat in
                         enumerate(seats)})
    table.play_out()
    copies = table._frozen
    assert len(copies) == len(game.events)
    hidden = [i for i, event in enumerate(game.events) if event.audience == frozenset()]
    assert hidden, "a game with deaths has storyteller-only notes"
    assert all(copies[i] is None for i in hidden)
    for copy, event in zip(copies, game.events, strict=True):
        if copy is not None:
            assert copy is not event and copy.data is not event.data
            assert (copy.index, copy.kind, copy.audience, copy.phase) == (
                event.index, event.kind, event.audience, event.phase)
