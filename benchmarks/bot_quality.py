"""How well the bots play: the figures of docs/bots.md, reproducible from fixed seeds.

Run as ``python benchmarks/bot_quality.py [--games N] [--skill strong|easy] [--edition E]``.
For each set-up it plays N all-bot games (seeds 0..N-1, dealt as `wolfsbane simulate` deals
them) and prints:

- lynch accuracy: the share of the village's executions that hit a player of another team, on
  day 1 and on later days, beside chance (the share of such players among the living then);
- how often the village executes its own seer (fortune teller): in all, and when the seer had
  claimed without a counter-claim (a "confirmed" seer);
- the village's win rate when its seer found a wolf, and when it did not;
- the village's win rate with these bots against the same with random villagers (RandomBot
  answers for every village seat, the other teams keep their bots);
- win rate by seat per team, with 95% Wilson intervals, and how many seats have their
  team's mean outside their own 95% interval (about 1 in 20 is expected by chance).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from wolfsbane.agents.quality import measure, report

# (label, edition, players, preset or None for the recommended deck)
SETUPS: tuple[tuple[str, str, int, str | None], ...] = (
    ("MH 8 basic", "millers-hollow", 8, "basic"),
    ("MH 8 classic", "millers-hollow", 8, None),
    ("LiCOS 5A", "licos", 5, None),
    ("LiCOS 15A", "licos", 15, None),
    ("Wherewolf 12", "wherewolf", 12, None),
    ("In the Dark 8", "in-the-dark", 8, None),
    ("Clocktower 8", "clocktower", 8, None),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--skill", default="strong", choices=("easy", "strong"))
    parser.add_argument("--edition", default=None, help="only the set-ups of this edition")
    args = parser.parse_args(argv)
    print(f"bots at skill {args.skill}, seeds 0..{args.games - 1}")
    for label, edition_id, players, preset in SETUPS:
        if args.edition and edition_id != args.edition:
            continue
        started = time.perf_counter()
        quality, random_wins = measure(edition_id, players, preset, args.games, args.skill)
        print(report(label, quality, random_wins, time.perf_counter() - started), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
