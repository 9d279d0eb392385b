"""The Clocktower script wolfsbane runs, as data: its 33 characters, its two night orders and
its jinxes.

Everything here is pure and fixed. Card texts are in our own words (the almanac's wording is
the publisher's). Ids are the kebab-case of the names (RULINGS: `fortune-teller`,
`lil-monsta`); the publisher's script files spell the same names with everything but letters
and digits removed (`lilmonsta`), and `normalise` maps either spelling, or a printed name such
as "Lil' Monsta", to our id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

CharacterType = Literal["townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric"]
TOWNSFOLK: Final = "townsfolk"
OUTSIDER: Final = "outsider"
MINION: Final = "minion"
DEMON: Final = "demon"
TRAVELLER: Final = "traveller"
FABLED: Final = "fabled"
LORIC: Final = "loric"
CHARACTER_TYPES: Final[tuple[CharacterType, ...]] = (
    TOWNSFOLK, OUTSIDER, MINION, DEMON, TRAVELLER, FABLED, LORIC,
)

GOOD: Final = "good"
EVIL: Final = "evil"
TEAMS: Final = (GOOD, EVIL)

# The name our script carries in an exported file (the publisher allows at most 50 characters).
SCRIPT_NAME: Final = "Wolfsbane's Clocktower"

# The steps of a night that belong to no character.
DUSK: Final = "dusk"
MINION_INFO: Final = "minion-info"
DEMON_INFO: Final = "demon-info"
DAWN: Final = "dawn"
NIGHT_STEPS: Final = (DUSK, MINION_INFO, DEMON_INFO, DAWN)

# The night orders exactly as clocktower-base.md lists them, one tuple per night kind.
FIRST_NIGHT: Final[tuple[str, ...]] = (
    DUSK, "apprentice", "thief", MINION_INFO, "summoner", DEMON_INFO, "marionette",
    "lil-monsta", "widow", "snake-charmer", "godfather", "evil-twin", "librarian", "chef",
    "empath", "fortune-teller", "dreamer", "village-idiot", "ogre", "mathematician", DAWN,
)
OTHER_NIGHTS: Final[tuple[str, ...]] = (
    DUSK, "thief", "bone-collector", "snake-charmer", "monk", "summoner", "fang-gu",
    "no-dashii", "lil-monsta", "godfather", "barber", "banshee", "empath", "fortune-teller",
    "dreamer", "village-idiot", "mathematician", DAWN,
)


@dataclass(frozen=True)
class Character:
    """One character of the script.

    `team` is the side the character is dealt to: None for Travellers (the storyteller sets
    their alignment in secret) and for Fabled and Loric (nobody holds them). `first_night` and
    `other_night` are positions in FIRST_NIGHT and OTHER_NIGHTS, None when the character does
    not wake that kind of night (the Cannibal wakes in the slot of the ability it has eaten).
    `setup` marks a character whose bracket changes the bag before it is filled.
    """

    id: str
    name: str
    type: CharacterType
    team: str | None
    first_night: int | None
    other_night: int | None
    reminders: tuple[str, ...]
    setup: bool
    ability: str

    @property
    def publisher_id(self) -> str:
        return publisher_id(self.id)

    @property
    def wakes(self) -> bool:
        return self.first_night is not None or self.other_night is not None


_DEALT_TEAM: Final[dict[CharacterType, str | None]] = {
    TOWNSFOLK: GOOD, OUTSIDER: GOOD, MINION: EVIL, DEMON: EVIL,
    TRAVELLER: None, FABLED: None, LORIC: None,
}


def _position(order: tuple[str, ...], character_id: str) -> int | None:
    return order.index(character_id) if character_id in order else None


def _character(character_id: str, name: str, kind: CharacterType, ability: str,
               reminders: tuple[str, ...] = (), setup: bool = False) -> Character:
    return Character(
        id=character_id, name=name, type=kind, team=_DEALT_TEAM[kind],
        first_night=_position(FIRST_NIGHT, character_id),
        other_night=_position(OTHER_NIGHTS, character_id),
        reminders=reminders, setup=setup, ability=ability,
    )


TOWNSFOLK_CHARACTERS: Final = (
    _character("chef", "Chef", TOWNSFOLK,
               "On the first night you are told how many pairs of evil players sit side by "
               "side."),
    _character("librarian", "Librarian", TOWNSFOLK,
               "On the first night you are shown two players and an Outsider character: one of "
               "the two is that Outsider. If no Outsider is in play, you are told so.",
               reminders=("Outsider", "Wrong")),
    _character("empath", "Empath", TOWNSFOLK,
               "Every night you are told how many of your two nearest living neighbours are "
               "evil."),
    _character("dreamer", "Dreamer", TOWNSFOLK,
               "Every night you point at someone other than yourself who is not a Traveller. "
               "You are shown one good and one evil character; that player is one of them."),
    _character("village-idiot", "Village Idiot", TOWNSFOLK,
               "Every night you point at a player and are told whether they are good or evil. "
               "Up to two more Village Idiots may be in play; when there are several, one of "
               "the extras is drunk.",
               reminders=("Drunk",), setup=True),
    _character("snake-charmer", "Snake Charmer", TOWNSFOLK,
               "Every night you point at a living player. If you picked the Demon, the two of "
               "you trade characters and sides, and the former Demon stays poisoned.",
               reminders=("Poisoned",)),
    _character("mathematician", "Mathematician", TOWNSFOLK,
               "Every night you are told how many players' abilities have misfired since dawn "
               "because of some other character's ability."),
    _character("fortune-teller", "Fortune Teller", TOWNSFOLK,
               "Every night you point at two players and learn whether a Demon is among them. "
               "One good player, unknown to you, always looks like a Demon to you.",
               reminders=("Red herring",)),
    _character("monk", "Monk", TOWNSFOLK,
               "Every night but the first you point at another player; the Demon cannot harm "
               "them that night.",
               reminders=("Safe",)),
    _character("virgin", "Virgin", TOWNSFOLK,
               "The first time anyone nominates you, a Townsfolk nominator is executed on the "
               "spot. Either way the ability is then gone.",
               reminders=("No ability",)),
    _character("minstrel", "Minstrel", TOWNSFOLK,
               "If a Minion is executed and dies, everybody else except the Travellers is drunk "
               "until dusk of the following day.",
               reminders=("Everyone drunk",)),
    _character("cannibal", "Cannibal", TOWNSFOLK,
               "You hold the ability of the last player who died by execution. If that player "
               "was evil you are poisoned instead, until a good player dies by execution.",
               reminders=("Poisoned", "Lunch")),
    _character("banshee", "Banshee", TOWNSFOLK,
               "If the Demon kills you, everyone hears of it, and from then on you may make two "
               "nominations a day and raise both hands on every vote.",
               reminders=("Has ability",)),
)

OUTSIDER_CHARACTERS: Final = (
    _character("ogre", "Ogre", OUTSIDER,
               "On your first night you point at another player and silently join their side, "
               "without being told which it is. Drunk or poisoned, this still happens.",
               reminders=("Friend",)),
    _character("recluse", "Recluse", OUTSIDER,
               "Even after death you may be taken for an evil player, a Minion or a Demon by "
               "the abilities that look at you."),
    _character("klutz", "Klutz", OUTSIDER,
               "Once you learn you are dead, you must name a living player in public. If they "
               "are evil, your side loses."),
    _character("barber", "Barber", OUTSIDER,
               "On the day or night you die, the Demon may pick two players, neither another "
               "Demon, who trade characters.",
               reminders=("Haircuts tonight",)),
)

MINION_CHARACTERS: Final = (
    _character("widow", "Widow", MINION,
               "On your first night you study the Grimoire and poison one player for as long "
               "as you live. A good player is told that a Widow is in play.",
               reminders=("Poisoned", "Know")),
    _character("godfather", "Godfather", MINION,
               "You begin knowing which Outsiders are in play. On a night after an Outsider "
               "died during the day, you point at a player and they die. One Outsider more or "
               "fewer is in play.",
               reminders=("Died today", "Dead"), setup=True),
    _character("summoner", "Summoner", MINION,
               "You receive three bluffs. There is no Demon at first: on the third night you "
               "point at a player and choose a Demon, and they become that evil Demon.",
               reminders=("Night 1", "Night 2", "Night 3"), setup=True),
    _character("evil-twin", "Evil Twin", MINION,
               "You and a player on the other side are shown each other's characters. If the "
               "good twin is executed, evil wins; while you both live, good cannot win.",
               reminders=("Twin",)),
    _character("marionette", "Marionette", MINION,
               "You sit beside the Demon and believe you hold a good character, but you are an "
               "evil Minion whose good ability never works. The Demon knows who you are.",
               reminders=("Is the Marionette",), setup=True),
)

DEMON_CHARACTERS: Final = (
    _character("lil-monsta", "Lil' Monsta", DEMON,
               "No player holds this Demon. Every night the Minions pick who looks after it, "
               "and that player counts as the Demon. From the second night on, someone may die "
               "each night. One more Minion is in play.",
               reminders=("Is the Demon", "Dead"), setup=True),
    _character("no-dashii", "No Dashii", DEMON,
               "Every night but the first you point at a player and they die. The nearest "
               "Townsfolk on either side of you are poisoned.",
               reminders=("Dead", "Poisoned", "Poisoned")),
    _character("fang-gu", "Fang Gu", DEMON,
               "Every night but the first you point at a player and they die. The first "
               "Outsider you kill this way turns into an evil Fang Gu and you die in their "
               "place. One more Outsider is in play.",
               reminders=("Dead", "Once"), setup=True),
)

TRAVELLER_CHARACTERS: Final = (
    _character("apprentice", "Apprentice", TRAVELLER,
               "On your first night you are given the ability of a Townsfolk if you are good, "
               "or of a Minion if you are evil.",
               reminders=("Is the Apprentice",)),
    _character("bone-collector", "Bone Collector", TRAVELLER,
               "Once in the game, on a night after the first, you may point at a dead player: "
               "they have their ability back until dusk.",
               reminders=("No ability", "Has ability")),
    _character("scapegoat", "Scapegoat", TRAVELLER,
               "When a player on your side is executed, the storyteller may execute you in "
               "their place."),
    _character("thief", "Thief", TRAVELLER,
               "Every night you point at another player: tomorrow each of their votes takes "
               "one away from the count instead of adding one.",
               reminders=("Negative vote",)),
)

FABLED_CHARACTERS: Final = (
    _character("djinn", "Djinn", FABLED,
               "Some characters on this script clash; everyone is told the special rule that "
               "settles each such pair before the game begins."),
    _character("hells-librarian", "Hell's Librarian", FABLED,
               "Whoever talks while the storyteller has asked for silence may have something "
               "bad happen to them.",
               reminders=("Something bad",)),
)

LORIC_CHARACTERS: Final = (
    _character("gardener", "Gardener", LORIC,
               "No bag is drawn: the storyteller hands every player their character."),
    _character("bootlegger", "Bootlegger", LORIC,
               "This game uses homebrew characters or rules, and everyone is told them before "
               "it begins."),
)

# The whole script, in the order an exported file lists it.
CHARACTERS: Final[dict[str, Character]] = {
    character.id: character
    for group in (TOWNSFOLK_CHARACTERS, OUTSIDER_CHARACTERS, MINION_CHARACTERS,
                  DEMON_CHARACTERS, TRAVELLER_CHARACTERS, FABLED_CHARACTERS, LORIC_CHARACTERS)
    for character in group
}


def of_type(kind: CharacterType) -> tuple[Character, ...]:
    """The script's characters of one type, in script order."""
    return tuple(character for character in CHARACTERS.values() if character.type == kind)


@dataclass(frozen=True)
class Jinx:
    """Two characters of the script whose abilities clash, and the Djinn's rule for them."""

    first: str
    second: str
    rule: str

    @property
    def pair(self) -> tuple[str, str]:
        return (self.first, self.second)


JINXES: Final[tuple[Jinx, ...]] = (
    Jinx("marionette", "lil-monsta",
         "With Lil' Monsta in play, the Marionette only comes into play once a player looks "
         "after Lil' Monsta, and she must sit beside that player."),
    Jinx("marionette", "summoner",
         "With the Summoner in play, the Marionette only comes into play once the summoned "
         "Demon exists, and she must sit beside it."),
    Jinx("mathematician", "marionette",
         "The Marionette's good ability failing counts as an ability that misfired for the "
         "Mathematician."),
    Jinx("recluse", "ogre",
         "If the Recluse counts as evil when the Ogre befriends them, the Ogre turns evil and "
         "is told so."),
)


def jinxes_of(character_ids: set[str] | frozenset[str]) -> tuple[Jinx, ...]:
    """The script's jinxes whose two characters are both among `character_ids`."""
    return tuple(jinx for jinx in JINXES
                 if jinx.first in character_ids and jinx.second in character_ids)


# -- names and ids -------------------------------------------------------------------------------

_NOT_ALPHANUMERIC: Final = re.compile(r"[^a-z0-9]")


def publisher_id(name: str) -> str:
    """The publisher's spelling of a name or id: lowercase, letters and digits only
    ('lil-monsta', "Lil' Monsta" and 'lil_monsta' all give 'lilmonsta')."""
    return _NOT_ALPHANUMERIC.sub("", name.lower())


# Publisher spelling -> our id, for every character and every night step of the script.
_OUR_IDS: Final[dict[str, str]] = {
    publisher_id(known): known for known in (*CHARACTERS, *NIGHT_STEPS)
}


def normalise(name: str) -> str:
    """Our id for a name in any spelling ('lilmonsta' -> 'lil-monsta', 'minioninfo' ->
    'minion-info'); a name that is not on our script comes back in the publisher's spelling."""
    squashed = publisher_id(name)
    return _OUR_IDS.get(squashed, squashed)


def is_on_script(name: str) -> bool:
    """Whether a name in any spelling is one of this script's characters."""
    return normalise(name) in CHARACTERS
