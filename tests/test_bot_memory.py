"""A bot's memory is built incrementally: it takes in each batch of new events once, and scores
on top of what it already knows. Whatever the batches, it must know what a memory handed the
same events at once knows, and score them alike.

Alike, not to the last bit: accusations and defences are scored on top of the base scores in
the order the memory meets them, batch by batch (all the new accusations of a batch, then its
defences), so a score made of both may differ in its last bits from the score made at once.
The games do not depend on batches that differ (the driver hands the same batches on every
run: benchmarks/same_games.py), and changing that order would change the games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wolfsbane.agents import bot_for, play_out
from wolfsbane.agents.driver import frozen_event
from wolfsbane.agents.memory import Memory
from wolfsbane.core import Game
from wolfsbane.core.events import Event
from wolfsbane.editions import get_edition

EDITION = get_edition("millers-hollow")
SEATS = [f"P{i}" for i in range(8)]
FULL_DECK = ["werewolf", "werewolf", "fortune-teller", "witch", "hunter", "cupid",
             "villager", "villager"]
BASIC_DECK = ["werewolf", "werewolf", "fortune-teller"] + ["villager"] * 5


def bot_game(seed: int, deck: list[str], sheriff: bool) -> Game:
    game = Game(EDITION, SEATS, deck=deck, options={"sheriff": sheriff}, seed=seed)
    rng = random.Random(seed)
    agents = {seat: bot_for(seat, random.Random(rng.random()), EDITION) for seat in SEATS}
    return play_out(game, agents)


def seen_by(game: Game, seat: str) -> list[Event]:
    """The copies of the events the seat was shown, in order (as the driver hands them)."""
    return [frozen_event(event) for event in game.events if event.visible_to(seat)]


def record(memory: Memory) -> dict[str, Any]:
    """Everything the memory knows (but its counters of changes, which count batches)."""
    # (compiled, a Memory keeps its fields in its own struct, which mypyc lists)
    fields = (vars(memory) if hasattr(memory, "__dict__") else
              {name: getattr(memory, name)
               for name in type(memory).__mypyc_attrs__})  # type: ignore[attr-defined]
    return {name: value for name, value in fields.items()
            if not name.startswith("_") and name not in ("version", "truth_version", "tick",
                                                         "intent_version", "__dict__")}


def scores(memory: Memory) -> dict[str, dict[str, float]]:
    return {"suspicion": memory.suspicion(), "credibility": memory.credibility(),
            "threats": memory.threats(), "pressures": memory.pressures()}


def assert_alike(batched: Memory, at_once: Memory, where: object) -> None:
    assert record(batched) == record(at_once), where
    theirs = scores(at_once)
    for name, mine in scores(batched).items():
        assert list(mine) == list(theirs[name]), where  # the same players, in the same order
        assert mine == pytest.approx(theirs[name], rel=1e-12, abs=1e-12), (name, where)


def fresh(seat: str) -> Memory:
    memory = Memory(seat)
    memory.meet(SEATS, SEATS)
    return memory


GAMES = [(seed, FULL_DECK, True) for seed in range(40)] + \
    [(seed, BASIC_DECK, False) for seed in range(40, 60)]


@pytest.mark.parametrize(("seed", "deck", "sheriff"), GAMES)
def test_a_memory_fed_in_batches_knows_and_scores_what_one_fed_everything_at_once_does(
        seed: int, deck: list[str], sheriff: bool) -> None:
    game = bot_game(seed, deck, sheriff)
    cuts = random.Random(seed)
    for seat in SEATS:
        events = seen_by(game, seat)
        batched = fresh(seat)
        fed = 0
        while fed < len(events):
            # batches of every size, one event at a time among them, scored between batches
            # (the scores are then built on top of the last ones, not from scratch)
            size = cuts.choice((1, 1, 2, 3, 5, 8))
            batched.observe(events[fed:fed + size])
            fed = min(len(events), fed + size)
            if cuts.random() < 0.5 or fed == len(events):
                at_once = fresh(seat)
                at_once.observe(events[:fed])
                assert_alike(batched, at_once, (seed, seat, fed))


def test_a_memory_fed_one_event_at_a_time_ends_as_one_fed_them_all_at_once() -> None:
    for seed in range(60, 80):
        game = bot_game(seed, FULL_DECK, True)
        for seat in SEATS:
            events = seen_by(game, seat)
            one_by_one = fresh(seat)
            for event in events:
                one_by_one.observe([event])
                one_by_one.suspicion()  # scored after every event
            at_once = fresh(seat)
            at_once.observe(events)
            assert_alike(one_by_one, at_once, (seed, seat))
