"""The Wherewolf cards as data: faction (team), aura, mysticism, decisions, variants.

Every card carries the traits `aura` ("dark"/"white"), `mystic` (bool), `family` (the group of
cards it belongs with) and `variants` (the ids of the variants printed on it). Descriptions are
in our own words. `minor-vampire` and `wolf-descendant` are not dealt: players become them.
"""

from __future__ import annotations

from typing import Any

from ...core import Role

VILLAGE = "village"
CRIMINALS = "criminals"
WEREWOLVES = "werewolves"
VAMPIRES = "vampires"
LOVERS = "lovers"
MADMAN = "madman"
OUTCAST = "outcast-wolf"
TEAMS = (VILLAGE, CRIMINALS, WEREWOLVES, VAMPIRES, LOVERS, MADMAN, OUTCAST)

DARK = "dark"
WHITE = "white"

# The werewolves by strength: the strongest living one chooses the night's victim.
STRENGTH = ("pack-leader", "outcast-wolf", "pack-wolf", "wolf-descendant")
WOLVES = frozenset(STRENGTH) | {"cursed-wolf"}
VAMPIRE_ROLES = frozenset({"vampire", "minor-vampire"})
MYSTICS = ("seer", "wizard", "medium", "witch", "healer")  # in their night order
GUARDS = frozenset({"guard", "other-guard", "corrupt-guard"})
PEASANT_HIDDEN = ("hero", "wolf-descendant", "peasant")
PEASANT_HIDDEN_VARIANTS = ("sick-one", "sleeping-mystic", "monster")
# The innkeeper's morning news (the card's variants change what it reports); the first is the
# card's own news.
INN_NEWS = ("seer-found-a-dark-aura", "wizard-found-a-mystic", "healer-saved", "vampire-created")


def _role(
    role_id: str, name: str, team: str, aura: str, mystic: bool, family: str,
    description: str, decisions: tuple[str, ...] = (), information: tuple[str, ...] = (),
    variants: tuple[str, ...] = (), dealt: bool = True,
) -> Role:
    traits: dict[str, Any] = {"aura": aura, "mystic": mystic, "family": family,
                              "variants": list(variants)}
    if not dealt:
        traits["dealt"] = False
    return Role(role_id, name, team, description, decisions, information, traits)


# -- the werewolves ------------------------------------------------------------------------------

WEREWOLF_FAMILY = (
    _role("pack-leader", "Pack Leader", WEREWOLVES, DARK, False, "werewolves",
          "You lead the pack. On the first night the werewolves meet and learn that you are "
          "their leader; from the second night on, while you live, you alone pick the pack's "
          "victim. Beware: one of your wolves may be the outcast, who wants you dead.",
          decisions=("attack",), information=("{players, team: werewolves} on night 1",)),
    _role("pack-wolf", "Pack Wolf", WEREWOLVES, DARK, False, "werewolves",
          "You wake with the pack every night. When no stronger wolf is alive you choose the "
          "night's victim. Win when only the werewolves' side is left.",
          decisions=("attack",), information=("{players, team: werewolves} on night 1",)),
    _role("cursed-wolf", "Cursed Wolf", WEREWOLVES, DARK, False, "werewolves",
          "You meet the pack on the first night and never wake again, and you never choose a "
          "victim. If the village sends you to the stake you may show your card and take one "
          "player down with you.",
          decisions=("curse",), information=("{players, team: werewolves} on night 1",),
          variants=("with-the-pack", "wolf-cub")),
    _role("outcast-wolf", "Outcast Wolf", OUTCAST, DARK, False, "werewolves",
          "You wake with the pack, who take you for one of theirs, and the pack's attack cannot "
          "touch you. You win only if the werewolves win with you as the last wolf standing: "
          "once the pack leader is gone, you choose the victims, and may choose wolves.",
          decisions=("attack",), information=("{players, team: werewolves} on night 1",),
          variants=("beta-wolf",)),
    _role("traitor", "Traitor", WEREWOLVES, WHITE, False, "werewolves",
          "You side with the werewolves without knowing who they are; they learn who you are on "
          "the first night. Your aura looks clean to the seer. Help the pack to win.",
          variants=("unknown-traitor",)),
    _role("wolf-descendant", "Wolf Descendant", WEREWOLVES, DARK, False, "werewolves",
          "Werewolf blood woke in you when the pack attacked: you are a werewolf now and hunt "
          "with them. You are the weakest of the pack.",
          decisions=("attack",), dealt=False),
)

# -- the vampires --------------------------------------------------------------------------------

VAMPIRE_FAMILY = (
    _role("vampire", "Vampire", VAMPIRES, DARK, False, "vampires",
          "From the second night on you may bite a player. A werewolf or the vampire hunter "
          "kills you; a mystic shrugs it off; anyone else becomes your minor vampire, losing "
          "their powers. Win when only the vampires' side is left.",
          decisions=("bite",), variants=("open-attack", "blood-legacy")),
    _role("minor-vampire", "Minor Vampire", VAMPIRES, DARK, False, "vampires",
          "The vampire bit you: your old powers are gone, your aura is dark and you now win "
          "with the vampires. The other minor vampires do not know you.",
          dealt=False),
    _role("ghoul", "Ghoul", VAMPIRES, WHITE, False, "vampires",
          "On the first night you learn who the vampire is. Your clean aura lets you cover for "
          "your master; you cannot win alone, so keep a vampire alive.",
          information=("{player, role: vampire} on night 1",),
          variants=("right-hand", "sacrifice")),
)

# -- the criminals -------------------------------------------------------------------------------

CRIMINAL_FAMILY = (
    _role("assassin", "Assassin", CRIMINALS, DARK, False, "criminals",
          "You know the other criminals. Once, from the second night on, you wake in one "
          "mystic's turn: if that mystic is alive you kill them, otherwise you kill a player of "
          "your choice. No protection against the werewolves stops you.",
          decisions=("strike", "strike-target"), variants=("vigilante",)),
    _role("guild-master", "Guild Master", CRIMINALS, WHITE, False, "criminals",
          "You know the other criminals. On the third night you may recruit a player: a "
          "village player joins the criminals with a dark aura and keeps their powers; a "
          "werewolf or a guard kills you; anyone else is untouched.",
          decisions=("recruit",), variants=("open-recruitment", "dangerous-nights")),
    _role("spy", "Spy", CRIMINALS, WHITE, False, "criminals",
          "You know the other criminals. At each First Vote you may keep your eyes open and "
          "see every ballot: who votes whom, who votes twice, who defends whom.",
          decisions=("watch",), variants=("ongoing-investigations",)),
    _role("corrupt-guard", "Corrupt Guard", CRIMINALS, DARK, False, "criminals",
          "You meet the guards as one of them and also know the criminals. Win with the "
          "criminals: the honest guards must fall.",
          information=("{players, about: guards}", "{players, team: criminals}"),
          variants=("non-criminal",)),
)

# -- the village ---------------------------------------------------------------------------------

VILLAGE_FAMILY = (
    _role("seer", "Seer", VILLAGE, WHITE, True, "village",
          "Each night you point at another player and learn whether their aura is dark or "
          "white. Dark usually means a werewolf, but not always.",
          decisions=("inspect",), information=("{player, aura} each night",)),
    _role("wizard", "Wizard", VILLAGE, WHITE, True, "village",
          "Each night you point at another player and learn whether they have mystic powers. "
          "Unmask the liars who claim to be mystics.",
          decisions=("inspect",), information=("{player, mystic} each night",),
          variants=("dark-wizard",)),
    _role("medium", "Medium", VILLAGE, WHITE, True, "village",
          "From the second night on you point at a dead player and learn whether their aura "
          "was dark or white.",
          decisions=("inspect", "learn"), information=("{player, aura} from night 2",),
          variants=("powerful-medium",)),
    _role("witch", "Witch", VILLAGE, WHITE, True, "village",
          "From the second night on you shield another player: if the werewolves attack them "
          "that night, the attack fails.",
          decisions=("protect",), variants=("curse",)),
    _role("healer", "Healer", VILLAGE, WHITE, True, "village",
          "From the second night on you learn who was killed in the night. Once in the game "
          "you may bring one of them back; never yourself.",
          decisions=("save",), information=("{players} killed each night from night 2",)),
    _role("mayor", "Mayor", VILLAGE, WHITE, False, "village",
          "Your vote counts twice in both votes of the day.",
          decisions=("decree",), variants=("large-village", "my-word-is-law")),
    _role("merchant", "Merchant", VILLAGE, WHITE, False, "village",
          "In each vote you may cast one vote for as many players as you like, one each. Vote "
          "for everyone and you have voted for no one.",
          variants=("dishonest-merchant", "five-votes", "power-of-money")),
    _role("pettifogger", "Pettifogger", VILLAGE, WHITE, False, "village",
          "During the First Vote you may defend another player: the votes against them do not "
          "count and they cannot be sent to the runoff.",
          decisions=("defend",), variants=("accusing-pettifogger", "dishonest-pettifogger")),
    _role("orator", "Orator", VILLAGE, WHITE, False, "village",
          "During the Second Vote you may plead for another player: if they get the most "
          "votes, nobody burns today (if they tie for the most, the other burns).",
          decisions=("pardon",), variants=("great-orator",)),
    _role("bocca-di-rosa", "Bocca di Rosa", VILLAGE, DARK, False, "village",
          "Your aura is dark though you are on the village's side. Every vote against you "
          "counts half, rounded down.",
          variants=("safe-haven", "scapegoat", "shady-contacts")),
    _role("sinner", "Sinner", VILLAGE, DARK, False, "village",
          "Your aura is dark though you are on the village's side. The priest learns who you "
          "are on the first night; you do not learn who the priest is.",
          information=("known to the priest",)),
    _role("priest", "Priest", VILLAGE, WHITE, False, "village",
          "On the first night you learn who the sinner is, if there is one, and whether Bocca "
          "di Rosa is in play. Clear their names before the village burns them.",
          information=("{about: sinner, player|yes} and {about: bocca-di-rosa, yes} on night 1",),
          variants=("aura-of-faith", "redeeming-priest")),
    _role("innkeeper", "Innkeeper", VILLAGE, WHITE, False, "village",
          "While you live, each morning the village hears whether the seer found a dark aura "
          "in the night (a variant may change the news). Nobody learns who you are from it.",
          information=("{about: inn, yes, news} each morning, for everyone",),
          variants=INN_NEWS),
    _role("hermit", "Hermit", VILLAGE, WHITE, False, "village",
          "The werewolves' attack fails against you: the pack learns only that it failed.",
          variants=("true-hermit",)),
    _role("peasant", "Peasant", VILLAGE, WHITE, False, "village",
          "You have no power you know of. The storyteller secretly gave you a hidden nature "
          "that shows if the werewolves attack you: a hero who takes the strongest wolf along, "
          "a wolf descendant who joins the pack, or a plain peasant who dies.",
          variants=("sick-one", "sleeping-mystic", "monster")),
    _role("vampire-hunter", "Vampire Hunter", VILLAGE, WHITE, False, "village",
          "On the first night you learn whether the vampire is in play. If the vampire bites "
          "you, the vampire dies instead.",
          information=("{about: vampire, yes} on night 1",),
          variants=("town-guard", "expert-hunter")),
    _role("guard", "Guard", VILLAGE, WHITE, False, "village",
          "On the first night you meet the other guards and learn how many criminals are in "
          "play. While a guard lives, the criminals cannot take the village's victory.",
          decisions=("imprison",),
          information=("{players, about: guards}", "{about: criminals, number}"),
          variants=("village-prisons",)),
    _role("other-guard", "Other Guard", VILLAGE, WHITE, False, "village",
          "A second guard, the same as the first in every way.",
          information=("{players, about: guards}", "{about: criminals, number}")),
    _role("madman", "Madman", MADMAN, WHITE, False, "village",
          "Before the first night you pick a mystic to pretend to be; you have none of its "
          "powers. You win if the village wins and the werewolves attacked you at least once.",
          decisions=("claim",), variants=("total-madness", "transfer-of-powers")),
    _role("juliet", "Juliet", LOVERS, WHITE, False, "lovers",
          "On the first night you choose your Romeo, who learns who you are. From then on each "
          "of you wins if the other is alive at the end; when one dies, the other follows. If "
          "you two are the last alive, you win together.",
          decisions=("choose-romeo",),
          variants=("romeo-beneath-the-balcony", "nighttime-suicide")),
)

ROLES: dict[str, Role] = {
    role.id: role
    for role in (*WEREWOLF_FAMILY, *VAMPIRE_FAMILY, *CRIMINAL_FAMILY, *VILLAGE_FAMILY)
}

# Variant ids accepted besides the kebab-case name itself ("the-wolf-cub" -> "wolf-cub").
VARIANT_ALIASES = {
    "the-wolf-cub": "wolf-cub", "the-beta-wolf": "beta-wolf", "the-true-hermit": "true-hermit",
    "the-sick-one": "sick-one", "the-sleeping-mystic": "sleeping-mystic",
    "the-monster": "monster",
}

ANTAGONISTS = frozenset({
    "pack-leader", "pack-wolf", "cursed-wolf", "outcast-wolf", "traitor", "vampire", "ghoul",
    "assassin", "guild-master", "spy", "corrupt-guard",
})


def aura_of_card(role_id: str) -> str:
    return str(ROLES[role_id].traits["aura"])


def mystic_card(role_id: str) -> bool:
    return bool(ROLES[role_id].traits["mystic"])
