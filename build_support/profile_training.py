"""The games the compiled build is trained on (setup.py's profile-guided build).

GCC's profile-guided optimisation compiles the engine once with counters, runs this, and
compiles it again knowing which paths are hot: those are laid out together and the rest moved
aside, which matters for mypyc's large generated code (the processor's instruction cache missed
about 2.6 times as often as on the interpreted peer's game, for two thirds of its instructions).

Run by setup.py in a process of its own, with the freshly built package first on the path:
the games the engine plays most, as `wolfsbane simulate` and the benchmarks play them (Millers
Hollow with random answers, with and without the sheriff, and with its bots). Deterministic
(fixed seeds), a few seconds, and nothing is written but the compiler's counters.
"""

from __future__ import annotations

import random

from wolfsbane.agents import random_answer
from wolfsbane.core import Game
from wolfsbane.editions import get_edition
from wolfsbane.sim.run import play_one

EDITION = get_edition("millers-hollow")
SEATS = [f"P{i}" for i in range(8)]
BASIC = ["werewolf", "werewolf", "fortune-teller"] + ["villager"] * 5
FULL = ["werewolf", "werewolf", "fortune-teller", "witch", "hunter", "cupid",
        "villager", "villager"]


def play_random(deck: list[str], options: dict[str, object], seed: int,
                answers: random.Random) -> None:
    """A game answered at random, as benchmarks/engine.py plays it (the benchmarks are not
    part of a source distribution, so the build has its own loop)."""
    game = Game(EDITION, SEATS, deck=deck, options=options, seed=seed)
    while game.open:
        decision = next(iter(game.open.values()))
        game.answer(decision.id, random_answer(decision, answers))
    game.close()


def main() -> None:
    answers = random.Random(1)
    for seed in range(2000):
        play_random(BASIC, {"sheriff": False}, seed, answers)
    for seed in range(1000):
        play_random(BASIC, {"sheriff": False, "werewolves-win-at-parity": True}, seed, answers)
        play_random(FULL, {"sheriff": True}, seed, answers)
    for seed in range(500):
        play_one(EDITION.id, FULL, 8, {"sheriff": True}, seed)


if __name__ == "__main__":
    main()
