"""What the table hears and sees around the cards: the narrator's night order, and the first
names the server's bots sit under."""

from __future__ import annotations

from ...core import NightTurn

# The assassin opens their eyes during the turn of the mystic they chose (RULINGS: "assassin, in
# the turn of the mystic it chose"); the engine takes that choice (`strike`) at the start of the
# night, so it belongs to the first mystic's turn, and the strike itself to every mystic's.
_STRIKE = ("strike-target",)

MADMAN = NightTurn("madman", "Madman", ("claim",),
                   "The madman wakes and picks the mystic he will pretend to be.")
JULIET = NightTurn("juliet", "Juliet", ("choose-romeo",), "Juliet wakes and chooses her Romeo.",
                   ("info:romeo",))
CRIMINALS = NightTurn("criminals", "Criminals", (),
                      "The criminals open their eyes and recognise their partners in crime.",
                      ("info:criminals", "team:criminals"))
GUARDS = NightTurn("guards", "Guards", (),
                   "The guards wake, recognise each other, and learn how many criminals walk "
                   "the streets.", ("info:guards",))
PRIEST = NightTurn("priest", "Priest", (), "The priest wakes and learns who has sinned.",
                   ("info:sinner", "info:bocca-di-rosa"))
PACK_MEETS = NightTurn("werewolves", "Werewolves", (),
                       "The werewolves open their eyes and recognise the pack.",
                       ("team:werewolves",))
CURSED_WOLF = NightTurn("cursed-wolf", "Cursed Wolf", (),
                        "The cursed wolf opens their eyes and is seen by the pack.")
VAMPIRE_HUNTER = NightTurn("vampire-hunter", "Vampire Hunter", (),
                           "The vampire hunter wakes and learns whether a vampire is abroad.",
                           ("info:vampire",))
GHOUL = NightTurn("ghoul", "Ghoul", (), "The ghoul wakes, looking for the vampire.",
                  ("info:vampire",))
SEER_FIRST = NightTurn("seer", "Seer", ("inspect",),
                       "The seer wakes and reads the aura of one player.")
WIZARD = NightTurn("wizard", "Wizard", ("inspect", *_STRIKE),
                   "The wizard wakes and senses whether one player is a mystic.")

ITEMS = NightTurn("items", "Whoever holds the amulet or the sword", ("pass-amulet", "pass-sword"),
                  "Whoever holds the amulet or the sword hands it on in the dark.")
SEER = NightTurn("seer", "Seer", ("strike", "inspect", *_STRIKE),
                 "The seer wakes and reads the aura of one player.")
MEDIUM = NightTurn("medium", "Medium", ("inspect", "learn", *_STRIKE),
                   "The medium wakes and questions the dead.")
WITCH = NightTurn("witch", "Witch", ("protect", *_STRIKE), "The witch wakes and shields one "
                                                            "player.")
PACK_HUNTS = NightTurn("werewolves", "Werewolves", ("attack",),
                       "The werewolves wake; the strongest of them chooses the prey.",
                       ("info:attack", "channel:werewolves"))
# With the guild master's "dangerous nights" he wakes during the vampire's turn.
VAMPIRE = NightTurn("vampire", "Vampire", ("bite", "recruit"), "The vampire wakes, thirsty.",
                    ("info:bite",))
GUILD_MASTER = NightTurn("guild-master", "Guild Master", ("recruit",),
                         "The guild master looks for a new recruit.", ("info:recruit",))
PRISON_GUARDS = NightTurn("guard", "Guards", ("imprison",),
                          "The guards may lock someone up for the night.")
HEALER = NightTurn("healer", "Healer", ("save", *_STRIKE),
                   "The healer wakes and learns who fell tonight.", ("info:night",))

# RULINGS, night 1 (no attack): madman, juliet, criminals, guards, priest, werewolves,
# cursed-wolf, vampire-hunter, ghoul, seer, wizard. Night 2 on: seer, wizard, medium, witch,
# werewolves, vampire, assassin (in a mystic's turn), guild-master (night 3), healer last; the
# amulet and the sword change hands first.
NIGHT_ORDER: dict[str, tuple[NightTurn, ...]] = {
    "first": (MADMAN, JULIET, CRIMINALS, GUARDS, PRIEST, PACK_MEETS, CURSED_WOLF, VAMPIRE_HUNTER,
              GHOUL, SEER_FIRST, WIZARD),
    "other": (ITEMS, SEER, WIZARD, MEDIUM, WITCH, PACK_HUNTS, VAMPIRE, GUILD_MASTER,
              PRISON_GUARDS, HEALER),
}

BOT_NAMES: tuple[str, ...] = (
    "Alba", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Hugo", "Irene", "Jacopo",
    "Livia", "Marco", "Nadia", "Oscar", "Paola", "Renzo", "Silvia", "Tito", "Ugo", "Vera",
    "Walter", "Ylenia", "Zeno", "Agata", "Bianca", "Cesare", "Dora", "Enzo", "Flora", "Guido",
)
