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
from wolfsbane.core.catalog import BOOLEAN, ROLES, Option, resolve_options
from wolfsbane.core.chance import seeded, shuffle
from wolfsbane.core.events import STORYTELLER, Event
from wolfsbane.core.game import MANUAL
from wolfsbane.core.player import NO_MARKERS, NOTHING_USED
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


def _declared_fields(source: Path, cls: str) -> list[tuple[str, str]]:
    """A dataclass's fields as declared: (name, default or "")."""
    tree = ast.parse(source.read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    return [(n.target.id, ast.unparse(n.value) if n.value is not None else "")
            for n in body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]


def test_the_dataclasses_made_per_game_take_their_fields_in_order() -> None:
    """The dataclasses that a game makes as it goes write their `__init__` out (compiled,
    the one dataclasses would write runs interpreted): it takes the declared fields, in
    order, with their defaults, and sets each."""
    package = Path(game_module.__file__).parent.parent
    made = [("core/deaths.py", "Death"), ("editions/millers_hollow/seat.py", "MillersHollowSeat"),
            ("editions/millers_hollow/__init__.py", "MillersHollowState"),
            ("editions/millers_hollow/__init__.py", "Night")]
    for path, cls in made:
        declared = _declared_fields(package / path, cls)
        assert _parameters(package / path, cls, "__init__") == declared, cls
    from wolfsbane.editions.millers_hollow import Night
    night = Night(2, ["thief"], victim="Ana", healed=True)
    assert (night.number, night.center, night.spies, night.arrows, night.victim,
            night.frightened, night.healed, night.poisoned) == (
        2, ["thief"], (), (), "Ana", None, True, ())
    assert night == Night(2, ["thief"], victim="Ana", healed=True)  # still a dataclass


def test_asking_the_storyteller_takes_what_a_decision_is_made_with() -> None:
    """`Game.ask_storyteller` spells out the options of `Decision` (but its seat), in the
    same order, with the same defaults, and then its own `suggest`."""
    core = Path(game_module.__file__).parent
    asking = _parameters(core / "game.py", "Game", "ask_storyteller")
    making = _parameters(core / "decision.py", "Decision", "__init__")
    assert asking == making[1:]
    game = a_game()
    asked = game.ask_storyteller("tie-break", ["Ben", "Cy"], about="Ana", prompt="Break it.",
                                 suggest=lambda rng: "Cy")
    made = Decision(STORYTELLER, "tie-break", ["Ben", "Cy"], about="Ana", prompt="Break it.")
    assert _fields(asked) == _fields(made) | {"suggestion": "Cy"}


def test_the_games_generator_is_pythons_random_in_the_same_state() -> None:
    for seed in [0, 1, -1, 7, 2**31, 2**64 - 1, -(2**70), 123456789123456789]:
        assert seeded(seed).getstate() == random.Random(seed).getstate(), seed
    for text in ["", "1:talk-order", "seed", "é:ü", "42:bot:Ana"]:
        assert seeded(text).getstate() == random.Random(text).getstate(), text
    made = seeded(5)
    assert type(made) is random.Random and made.random() == random.Random(5).random()


def test_the_deals_shuffle_draws_as_pythons_shuffle() -> None:
    for seed in range(300):
        for size in [0, 1, 2, 3, 5, 8, 13, 24, 40]:
            ours, pythons = random.Random(seed), random.Random(seed)
            cards, expected = list(range(size)), list(range(size))
            shuffle(ours, cards)
            pythons.shuffle(expected)
            assert cards == expected, (seed, size)
            assert ours.getstate() == pythons.getstate()  # the same draws, no more


def test_a_generator_of_another_kind_shuffles_its_own_way() -> None:
    class Counting(random.Random):
        shuffled = 0

        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            self.shuffled += 1
            super().shuffle(x)

    rng = Counting(3)
    cards = [1, 2, 3]
    shuffle(rng, cards)
    assert rng.shuffled == 1


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


def test_a_seats_audience_of_one_is_shared_by_every_game_and_kept_bounded() -> None:
    seats = [f"P{i}" for i in range(8)]
    first, second = (Game(get_edition("millers-hollow"), seats, seed=seed) for seed in (1, 2))
    for seat in seats:
        assert first.alone(seat) is second.alone(seat) == frozenset({seat})
    kept = game_module._AUDIENCES_KEPT
    for number in range(kept + 10):  # a server meets names without end
        assert first.alone(f"guest {number}") == frozenset({f"guest {number}"})
        assert len(game_module._AUDIENCES_OF_ONE) <= kept


def test_marking_a_player_changes_no_other_players_markers() -> None:
    game = a_game()
    ana, ben = game.players[:2]
    assert ana.markers is ben.markers  # both carry none: one empty set
    ana.mark("sheriff")
    ana.mark("sheriff")
    assert ana.markers == {"sheriff"} and ben.markers == set() and not NO_MARKERS
    ana.unmark("lover")  # not carried: nothing happens
    ana.unmark("sheriff")
    assert ana.markers == set() and not NO_MARKERS


def test_spending_an_ability_spends_it_for_that_player_alone() -> None:
    game = a_game()
    ana, ben = game.players[:2]
    ana.use("potion")
    assert ana.has_used("potion") and not ben.has_used("potion") and not NOTHING_USED
    assert ana.used == {("werewolf", "potion")}


def test_each_game_gets_its_own_copy_of_a_default_that_can_change() -> None:
    specs = {"cards": Option("cards", ["villager"], "The cards", kind=ROLES),
             "sheriff": Option("sheriff", True, "A sheriff", kind=BOOLEAN)}
    first = resolve_options(specs, None)
    second = resolve_options(specs, {"sheriff": False})
    assert list(first) == list(specs)  # in the options' order
    assert first == {"cards": ["villager"], "sheriff": True}
    assert second == {"cards": ["villager"], "sheriff": False}
    first["cards"].append("werewolf")
    assert second["cards"] == ["villager"] and specs["cards"].default == ["villager"]
    assert resolve_options(specs, None)["cards"] == ["villager"]


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


def _played_with_log_reads(seed: int, read_every_answer: bool) -> Game:
    edition = get_edition("millers-hollow")
    game = Game(edition, [f"P{i}" for i in range(8)], seed=seed,
                deck=["werewolf", "werewolf", "fortune-teller", "witch", "hunter", "cupid",
                      "villager", "villager"])
    rng = random.Random(seed)
    while game.open:
        decision = next(iter(game.open.values()))
        game.answer(decision.id, random_answer(decision, rng), timeout=rng.random() < 0.1)
        if read_every_answer:  # (the automatic storyteller may have answered after it)
            assert decision.id in [entry["id"] for entry in game.log]
    return game


def test_the_log_reads_the_same_whenever_it_is_read() -> None:
    # answers are kept compact until the log is read: read after every answer or only at the
    # end, it is the same list of the same entries, the automatic storyteller's and the
    # timed-out answers marked as ever
    for seed in range(20):
        read_often = _played_with_log_reads(seed, True)
        read_once = _played_with_log_reads(seed, False)
        assert read_often.log == read_once.log
        assert read_once.log is read_once.log
        assert all(type(entry) is dict for entry in read_once.log)
    entries = [entry for seed in range(20) for entry in _played_with_log_reads(seed, False).log]
    assert {"id", "seat", "decision", "answer"} <= set(entries[0])
    assert any(entry.get("auto") is True for entry in entries)  # the deal, tie-breaks
    assert any(entry.get("timeout") is True for entry in entries)
    assert all(entry.get("auto", True) is True and entry.get("timeout", True) is True
               for entry in entries)


def test_the_log_keeps_talk_and_answers_in_the_order_they_came() -> None:
    game = a_game()
    for name, answer in (("inspect", None), ("attack", "Ben")):
        asked = next(d for d in game.open.values() if d.name == name)
        game.answer(asked.id, answer)
    game.say("Cy", "village", {"type": "text", "text": "Who did this?"})
    vote = next(d for d in game.open.values() if d.seat == "Cy")  # the sheriff's election
    game.answer(vote.id, None)
    assert [next(iter(entry)) for entry in game.log] == ["id", "id", "say", "id"]
    assert game.log[2] == {"say": "Cy", "channel": "village",
                           "message": {"type": "text", "text": "Who did this?"}}
    assert game.record()["log"] == game.log
