"""The names LiCOS players play under: a character each, never their own name.

Our own list, in the spirit of the LiCOS cast: first names from many places, one or more for
each letter, so that a table of up to fifteen reads like a small international village.
"""

from __future__ import annotations

import random

CHARACTER_NAMES: tuple[str, ...] = (
    "Aziz", "Bozena", "Chidi", "Dunya", "Emeka", "Fenna", "Goran", "Hanae", "Ilkka", "Jovana",
    "Kwame", "Lior", "Mireille", "Nikolai", "Oona", "Pavlo", "Qadira", "Ravi", "Sunniva",
    "Tariq", "Ugne", "Vikram", "Wiebke", "Xiadani", "Yerlan", "Zuzana",
)


def cast(players: int, rng: random.Random | None = None) -> list[str]:
    """Character names for a table of `players`: in list order, or drawn with `rng`."""
    if not 0 < players <= len(CHARACTER_NAMES):
        raise ValueError(f"there are {len(CHARACTER_NAMES)} character names, not {players}")
    if rng is None:
        return list(CHARACTER_NAMES[:players])
    return rng.sample(CHARACTER_NAMES, players)
