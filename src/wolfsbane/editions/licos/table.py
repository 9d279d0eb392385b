"""What the table hears around the cards: the narrator's night order. LiCOS asks the night's
three powers at once, in this order; its bots play under the edition's character names."""

from __future__ import annotations

from ...core import NightTurn

WEREWOLVES = NightTurn("werewolf", "Werewolves", ("attack",),
                       "The werewolves whisper and choose their prey.", ("channel:werewolves",))
SEER = NightTurn("seer", "Seer", ("inspect",), "The seer looks into one player's heart.")
HUNTER = NightTurn("hunter", "Hunter", ("guard",), "The hunter stands guard over someone.")

# RULINGS: each werewolf attacks, each seer inspects, each hunter guards; there is no night
# before day 1, so the first night is like every other.
NIGHT_ORDER: dict[str, tuple[NightTurn, ...]] = {
    "first": (WEREWOLVES, SEER, HUNTER),
    "other": (WEREWOLVES, SEER, HUNTER),
}
