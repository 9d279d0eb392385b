"""What the table hears and sees around the cards: the narrator's night order, and the first
names the server's bots sit under."""

from __future__ import annotations

from typing import Final

from ...core import NightTurn

THIEF: Final = NightTurn("thief", "Thief", ("steal",),
                  "The thief wakes and studies the two cards nobody was dealt.",
                  ("info:center", "info:steal"))
CUPID: Final = NightTurn("cupid", "Cupid", ("link",),
                  "Cupid wakes and lets an arrow fly: two hearts will beat as one.")
LOVERS: Final = NightTurn("lovers", "Lovers", (),
                   "A tap on the shoulder: the lovers open their eyes, find each other, and "
                   "sleep again.", ("info:lover",))
FORTUNE_TELLER: Final = NightTurn("fortune-teller", "Fortune Teller", ("inspect",),
                           "The fortune teller wakes and looks deep into one player's soul.",
                           ("info:role",))
# The little girl decides before the pack wakes, and peeks while it is awake.
LITTLE_GIRL: Final = NightTurn("little-girl", "Little Girl", ("spy",),
                        "The little girl lies very still... or is she peeking?")
WEREWOLVES: Final = NightTurn("werewolf", "Werewolves", ("attack",),
                       "The werewolves open their eyes and choose their prey.",
                       ("victim", "team:werewolves", "channel:werewolves", "info:attack"))
WITCH: Final = NightTurn("witch", "Witch", ("heal", "poison"),
                  "The witch wakes, learns who was attacked, and weighs her two potions.",
                  ("info:attack",))

# RULINGS: night 1 is the thief, Cupid, the lovers, then the standard turn; every night's
# standard turn is the fortune teller, the werewolves (the little girl may spy), the witch. The
# hunter never wakes: he shoots when he dies.
NIGHT_ORDER: Final[dict[str, tuple[NightTurn, ...]]] = {
    "first": (THIEF, CUPID, LOVERS, FORTUNE_TELLER, LITTLE_GIRL, WEREWOLVES, WITCH),
    "other": (FORTUNE_TELLER, LITTLE_GIRL, WEREWOLVES, WITCH),
}

BOT_NAMES: Final[tuple[str, ...]] = (
    "Adèle", "Basile", "Camille", "Denis", "Elise", "Fabien", "Gaspard", "Hélène", "Isaure",
    "Jules", "Lucie", "Martin", "Nadine", "Octave", "Pauline", "Quentin", "Rose", "Simon",
    "Thérèse", "Urbain", "Valentin", "Yvonne", "Zoé", "Armand", "Blanche", "Clement",
    "Delphine", "Eugène", "Florence", "Gilles",
)
