"""How balanced the published LiCOS villages are when our bots play every seat.

Run as ``python benchmarks/licos_balance.py [--games N] [--workers W] [NAME ...]``: plays N
all-bot games (default 10,000) of each composition (default 5A, 9B, 11B and 15A) over several
processes, and prints each team's win rate with a 95% Wilson confidence interval, and the
games per second.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from wolfsbane.agents import bot_for, play_out
from wolfsbane.core import Game
from wolfsbane.editions import get_edition

DEFAULT = ("5A", "9B", "11B", "15A")
TEAMS = ("village", "werewolves", "werehamster")
CHUNK = 250
Z95 = 1.959964


def play_chunk(name: str, first_seed: int, count: int) -> Counter[str]:
    """Play `count` games of composition `name` with seeds from `first_seed`; count winners."""
    edition = get_edition("licos")
    players = int(name.split(":")[-1][:-1])
    deck = edition.preset(name, players)
    wins: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        seats = edition.cast(players, rng)
        game = Game(edition, seats, deck=deck, seed=seed)
        agents = {seat: bot_for(seat, random.Random(rng.random()), "licos") for seat in seats}
        play_out(game, agents)
        assert game.outcome is not None
        wins[game.outcome.winner] += 1
    return wins


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def run(name: str, games: int, workers: int, seed: int) -> tuple[Counter[str], float]:
    started = time.perf_counter()
    wins: Counter[str] = Counter()
    chunks = [(name, seed + start, min(CHUNK, games - start))
              for start in range(0, games, CHUNK)]
    if workers <= 1:
        for chunk in chunks:
            wins.update(play_chunk(*chunk))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(play_chunk, *zip(*chunks, strict=True)):
                wins.update(part)
    return wins, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("compositions", nargs="*", default=list(DEFAULT),
                        help="composition names (default: 5A 9B 11B 15A)")
    parser.add_argument("--games", type=int, default=10_000, help="games per composition")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: every core)")
    parser.add_argument("--seed", type=int, default=20261129, help="first seed")
    args = parser.parse_args()
    print(f"LiCOS balance: {args.games} all-bot games per composition, "
          f"{args.workers} processes, seeds from {args.seed}")
    for name in args.compositions:
        wins, seconds = run(name, args.games, args.workers, args.seed)
        total = sum(wins.values())
        parts = []
        for team in TEAMS + tuple(sorted(set(wins) - set(TEAMS))):
            low, high = wilson(wins[team], total)
            parts.append(f"{team} {wins[team] / total:6.1%} [{low:.1%}, {high:.1%}]")
        print(f"{name:>4}: " + "  ".join(parts) + f"  ({total / seconds:.0f} games/s)")


if __name__ == "__main__":
    main()
