"""The game's chance: a seeded Mersenne Twister and the deal's shuffle, exactly as Python's
`random` makes them, without its interpreted frames.

`random.Random(seed)` runs two Python frames (`Random.__init__`, `Random.seed`, which for a
string also hashes it) around the C seeding, and `Random.shuffle` one more per card
(`_randbelow`). Compiled, the shuffle was a tenth of setting a game up, and the frames around
the eleven seedings of a bot game as the simulator plays it (the game's, the simulator's own,
its eight bots', the talk order's) 2 % of the game. The functions here do the same work in
the same order: the same seeding (an int as it is; a string as version 2 of `Random.seed`
turns it into an int), the same draws (`getrandbits`, a draw out of range drawn again), so
every seed keeps its game. `tests/test_engine_speed.py` compares them with `random` on many
seeds.
"""

from __future__ import annotations

import random
from _random import Random as MersenneTwister  # the C type under `random.Random`
from hashlib import sha512
from typing import Any


def seeded(seed: int | str) -> random.Random:
    """`random.Random(seed)`: the same generator, in the same state."""
    if isinstance(seed, str):  # as `Random.seed` (version 2) turns a string into a number
        text = seed.encode()
        seed = int.from_bytes(text + sha512(text).digest(), "big")
    rng = random.Random.__new__(random.Random)  # not seeded yet (`__init__` seeds)
    MersenneTwister.seed(rng, seed)  # the seeding itself, in C
    rng.gauss_next = None  # type: ignore[attr-defined]  # as `Random.seed` leaves it (untyped)
    return rng


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: Fisher and Yates from the last item down, each index drawn with
    as many random bits as its bound needs, a draw out of range drawn again."""
    if type(rng) is not random.Random:  # a generator of its own kind draws its own way
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for last in range(len(items) - 1, 0, -1):
        bound = last + 1
        bits = bound.bit_length()
        other = getrandbits(bits)
        while other >= bound:
            other = getrandbits(bits)
        items[last], items[other] = items[other], items[last]
