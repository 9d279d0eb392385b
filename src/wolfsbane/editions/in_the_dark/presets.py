"""Decks by number of players (6 to 30), from the rulebook's set-up: "a good starting ratio
for Villagers to Monsters is 1 Monster for up to 9 Villagers", so a table of n players holds
ceil(n / 10) monsters (6-10 players: 1, 11-20: 2, 21-30: 3), each a monster who can kill; the
rest are villagers, mostly plain ones, as the Wolf Pack set-up recommends."""

from __future__ import annotations

from ...core import SetupError

MIN_PLAYERS = 6  # "Gather between 6 to 30 players."
MAX_PLAYERS = 30

PRESETS = ("basic", "standard", "full")
PRESET_WORDS = {
    "basic": "One werewolf for up to nine villagers, and plain villagers",
    "standard": "One killing monster for up to nine villagers, the seer, the sheriff and, "
                "from nine players, Ahab and Moby (the recommended cards)",
    "full": "Werewolves and the vampire, the seer and the vampire hunter, the sheriff, "
            "Romeo and Juliet and the knowing pairs, as the table grows",
}

# killing monsters, in the order a growing table adds them
_STANDARD_MONSTERS = ("werewolf", "alpha-wolf", "lone-wolf")
_FULL_MONSTERS = ("werewolf", "vampire", "alpha-wolf")
# (players from which the card or pair joins, the cards)
_STANDARD_VILLAGERS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (6, ("seer",)), (6, ("sheriff",)), (9, ("ahab", "moby")),
)
_FULL_VILLAGERS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (6, ("seer",)), (6, ("sheriff",)), (8, ("romeo", "juliet")), (11, ("vampire-hunter",)),
    (12, ("ahab", "moby")), (15, ("lover", "lover")), (18, ("isolde", "tristan")),
    (22, ("abomination", "dr-frankenstein")),
)


def monsters_for(players: int) -> int:
    """One monster for up to nine villagers: ceil(players / 10)."""
    return -(-players // 10)


def preset(name: str, players: int) -> list[str]:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"Werewolf in the Dark takes {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {players}.")
    if name == "classic":  # the name other editions give their recommended village
        name = "standard"
    wanted = monsters_for(players)
    if name == "basic":
        return ["werewolf"] * wanted + ["villager"] * (players - wanted)
    if name not in ("standard", "full"):
        raise SetupError(f"unknown preset '{name}'; presets: {', '.join(PRESETS)}")
    monsters, villagers = ((_STANDARD_MONSTERS, _STANDARD_VILLAGERS) if name == "standard"
                           else (_FULL_MONSTERS, _FULL_VILLAGERS))
    deck = list(monsters[:wanted])
    for joins, cards in villagers:
        if players >= joins and len(deck) + len(cards) <= players:
            deck += cards
    return deck + ["villager"] * (players - len(deck))
