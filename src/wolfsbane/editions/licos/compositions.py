"""The LiCOS village compositions and the limits every village respects, as data.

Each composition is the count of villager / seer / medium / hunter / mason / madman / werewolf /
werehamster cards, in that order, exactly as the LiCOS site publishes them (RULINGS.md).
"""

from __future__ import annotations

from collections import Counter

from ...core import SetupError

ORDER: tuple[str, ...] = (
    "villager", "seer", "medium", "hunter", "mason", "madman", "werewolf", "werehamster",
)

# role id -> the counts a village may hold
ALLOWED: dict[str, tuple[int, ...]] = {
    "villager": tuple(range(0, 7)),
    "seer": (0, 1, 2),
    "medium": (0, 1, 2),
    "hunter": (0, 1, 2),
    "mason": (0, 2),
    "madman": tuple(range(0, 10)),
    "werewolf": (1, 2, 3),
    "werehamster": (0, 1, 2, 3),
}

MIN_PLAYERS = 4
MAX_PLAYERS = 15

_PUBLISHED = """
4A 3/0/0/0/0/0/1/0   4B 2/1/0/0/0/0/1/0   4C 1/1/0/1/0/0/1/0
5A 3/1/0/0/0/0/1/0   5B 2/1/0/0/0/0/1/1   5C 1/1/0/1/0/1/1/0
6A 4/1/0/0/0/0/1/0   6B 3/1/0/0/0/0/1/1   6C 2/0/0/0/0/3/1/0
7A 5/1/0/0/0/0/1/0   7B 4/1/0/0/0/0/1/1   7C 3/1/0/1/0/1/1/0
8A 6/1/0/0/0/0/1/0   8B 4/1/0/0/0/1/1/1   8C 1/1/1/0/2/1/2/0
9A 5/1/1/0/0/0/2/0   9B 3/1/1/1/0/0/2/1   9C 4/1/0/1/0/1/1/1
10A 5/1/1/0/0/1/2/0  10B 4/1/1/1/0/0/2/1  10C 2/2/1/1/0/1/2/1
11A 5/1/1/1/0/1/2/0  11B 4/1/1/1/0/1/2/1  11C 3/2/1/1/0/1/2/1
12A 6/1/1/1/0/1/2/0  12B 5/1/1/1/0/1/2/1  12C 3/1/1/1/2/1/2/1
13A 5/1/1/1/2/1/2/0  13B 4/1/1/1/2/1/2/1  13C 3/2/1/1/2/1/2/1
14A 5/1/1/1/2/1/2/1  14B 0/2/0/2/0/9/1/0  14C 3/2/1/1/2/2/2/1
15A 6/1/1/1/2/1/2/1  15B 0/2/2/2/0/4/2/3  15C 3/2/1/1/2/2/3/1
"""


def _parse(text: str) -> dict[str, tuple[int, ...]]:
    table: dict[str, tuple[int, ...]] = {}
    words = text.split()
    for name, counts in zip(words[::2], words[1::2], strict=True):
        table[name] = tuple(int(n) for n in counts.split("/"))
    return table


COMPOSITIONS: dict[str, tuple[int, ...]] = _parse(_PUBLISHED)


def deck_of(counts: tuple[int, ...]) -> list[str]:
    """The cards of a composition, in catalog order."""
    return [role for role, count in zip(ORDER, counts, strict=True) for _ in range(count)]


def counts_of(deck: list[str]) -> dict[str, int]:
    """How many of each role a deck holds, in catalog order (zeros included)."""
    have = Counter(deck)
    return {role: have.get(role, 0) for role in ORDER}


def normalise_name(name: str) -> str:
    """'licos:15a' -> '15A'."""
    text = str(name).strip()
    if text.lower().startswith("licos:"):
        text = text[len("licos:"):]
    return text.upper()


def composition(name: str, players: int | None = None) -> list[str]:
    """The deck of a published composition by name ('15A', 'licos:15A', or 'A' with players)."""
    key = normalise_name(name)
    if key in ("A", "B", "C", "BASIC", "CLASSIC"):
        if players is None:
            raise SetupError(f"composition “{name}” needs a number of players")
        key = f"{players}{'A' if key in ('BASIC', 'CLASSIC') else key}"
    if key not in COMPOSITIONS:
        known = ", ".join(COMPOSITIONS)
        raise SetupError(f"unknown LiCOS composition “{name}”; the published ones are: {known}")
    size = int(key[:-1])
    if players is not None and players != size:
        raise SetupError(f"composition {key} is for {size} players, not {players}")
    return deck_of(COMPOSITIONS[key])


def check_counts(players: int, deck: list[str]) -> None:
    """Raise SetupError naming the first LiCOS limit this deck breaks."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(
            f"a LiCOS village has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
        )
    if len(deck) != players:
        raise SetupError(f"the deck has {len(deck)} cards for {players} players")
    for role, count in counts_of(deck).items():
        allowed = ALLOWED[role]
        if count in allowed:
            continue
        if role == "mason":
            raise SetupError(f"masons come as a pair: a village has 0 or 2, not {count}")
        low, high = allowed[0], allowed[-1]
        plural = "werewolves" if role == "werewolf" else f"{role}s"
        raise SetupError(
            f"a LiCOS village has {low} to {high} {plural}, not {count} "
            f"(the limit for the {role} is {low}-{high})"
        )
