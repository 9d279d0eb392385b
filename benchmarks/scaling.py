"""How cost grows with the table: games/s and memory per game at 8, 16 and 24 players, for
every edition (each edition's own recommended deck and default options).

Run as ``python benchmarks/scaling.py [SECONDS]`` (default 0.6 of CPU time per figure). For each
edition and table size (an edition that seats fewer than 24 is measured at its largest table
instead) it prints one row of a markdown table:

    | edition | players | random games/s | decisions/game | events/game | bots games/s |
    | finished game KB | game in progress KB | bot game in progress KB |

`random`: every open decision answered uniformly at random among its legal answers (a clock
once nothing else is open), an automatic storyteller. `bots`: the edition's bots, talking.
Memory is what tracemalloc counts as still held, after a collection: a finished random game;
a random game paused halfway through its decisions; a bot game paused halfway with its
agents. Medians over a few seeds. Then the fitted exponent k of cost ~ n^k from the smallest
to the largest table of each edition.
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from wolfsbane.agents import bot_for, random_answer, table_for
from wolfsbane.core import Game
from wolfsbane.core.compiled import is_compiled
from wolfsbane.core.decision import CLOCK, Decision
from wolfsbane.editions import EDITIONS, get_edition

SIZES = (8, 16, 24)
SEED = 20261201
MEMORY_SEEDS = 5


def sizes_for(edition_id: str) -> list[int]:
    edition = get_edition(edition_id)
    return sorted({max(edition.min_players, min(n, edition.max_players)) for n in SIZES})


def new_game(edition_id: str, players: int, seed: int) -> Game:
    return Game(get_edition(edition_id), [f"P{i}" for i in range(players)], seed=seed)


def next_question(game: Game) -> Decision:
    """The first open question that is not a clock's; a clock once nothing else is open."""
    open_ = game.open
    for decision in open_.values():
        if decision.seat != CLOCK:
            return decision
    return next(iter(open_.values()))


def play_random(game: Game, rng: random.Random, stop_after: int | None = None) -> int:
    """Answer at random until the game ends (or `stop_after` answers); returns the answers."""
    answered = 0
    while game.open and (stop_after is None or answered < stop_after):
        decision = next_question(game)
        game.answer(decision.id, True if decision.seat == CLOCK else random_answer(decision, rng))
        answered += 1
    return answered


def bots_for(game: Game, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    return {p.name: bot_for(p.name, random.Random(rng.random()), game.edition)
            for p in game.players}


def rate(play: Callable[[int], object], seconds: float) -> float:
    gc.collect()
    games = 0
    start = time.process_time()
    while True:
        play(SEED + games)
        games += 1
        spent = time.process_time() - start
        if spent >= seconds and games >= 3:
            return games / spent


def held_kb(make: Callable[[], object]) -> float:
    """KB still held by what `make` returns, after a collection."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    kept = make()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    del kept
    return size / 1024


def measure(edition_id: str, players: int, seconds: float) -> dict[str, float]:
    edition = get_edition(edition_id)

    def random_game(seed: int) -> Game:
        game = new_game(edition_id, players, seed)
        play_random(game, random.Random(seed))
        return game

    def bot_game(seed: int) -> Game:
        game = new_game(edition_id, players, seed)
        table_for(game, bots_for(game, seed)).play_out()
        return game

    samples = [random_game(SEED + i) for i in range(20)]
    decisions = statistics.mean(sum(1 for e in g.log if "id" in e and "auto" not in e)
                                for g in samples)
    events = statistics.mean(len(g.events) for g in samples)

    def halfway(seed: int) -> Game:
        game = new_game(edition_id, players, seed)
        total = len([e for e in random_game(seed).log if "id" in e and "auto" not in e])
        play_random(game, random.Random(seed), stop_after=total // 2)
        return game

    def bots_halfway(seed: int) -> tuple[Game, Any]:
        game = new_game(edition_id, players, seed)
        table = table_for(game, bots_for(game, seed))
        steps = len(bot_game(seed).log) // 2
        while steps > 0 and table.step():
            steps -= 1
        return game, table

    row = {
        "random": rate(random_game, seconds),
        "decisions": decisions,
        "events": events,
        "finished": statistics.median(held_kb(lambda s=s: random_game(SEED + s))
                                      for s in range(MEMORY_SEEDS)),
        "in_progress": statistics.median(held_kb(lambda s=s: halfway(SEED + s))
                                         for s in range(MEMORY_SEEDS)),
    }
    if edition.bot:
        row["bots"] = rate(bot_game, seconds)
        row["bots_in_progress"] = statistics.median(
            held_kb(lambda s=s: bots_halfway(SEED + s)) for s in range(MEMORY_SEEDS))
    return row


def exponent(small: tuple[int, float], large: tuple[int, float]) -> float:
    return math.log(large[1] / small[1]) / math.log(large[0] / small[0])


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 0.6
    build = "compiled (mypyc)" if is_compiled() else "pure Python"
    print(f"build: {build}")
    print("| edition | players | random games/s | decisions/game | events/game | bots games/s "
          "| finished game KB | game in progress KB | bot game in progress KB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    growth = []
    for edition_id in sorted(EDITIONS):
        rows = []
        for players in sizes_for(edition_id):
            row = measure(edition_id, players, seconds)
            rows.append((players, row))
            print(f"| {edition_id} | {players} | {row['random']:.0f} | {row['decisions']:.0f} | "
                  f"{row['events']:.0f} | {row.get('bots', 0):.0f} | {row['finished']:.1f} | "
                  f"{row['in_progress']:.1f} | {row.get('bots_in_progress', 0):.1f} |",
                  flush=True)
        (n0, first), (n1, last) = rows[0], rows[-1]
        if n1 > n0:
            growth.append((edition_id, n0, n1, {
                "time, random": exponent((n0, 1 / first["random"]), (n1, 1 / last["random"])),
                "time, bots": exponent((n0, 1 / first["bots"]), (n1, 1 / last["bots"]))
                if "bots" in first else float("nan"),
                "decisions": exponent((n0, first["decisions"]), (n1, last["decisions"])),
                "memory, finished": exponent((n0, first["finished"]), (n1, last["finished"])),
            }))
    print("\n| edition | from | to | " + " | ".join(f"{k} ~ n^k" for k in growth[0][3]) + " |")
    print("| --- | --- | --- |" + " --- |" * len(growth[0][3]))
    for edition_id, n0, n1, ks in growth:
        print(f"| {edition_id} | {n0} | {n1} | " + " | ".join(f"{k:.2f}" for k in ks.values())
              + " |")


if __name__ == "__main__":
    main()
