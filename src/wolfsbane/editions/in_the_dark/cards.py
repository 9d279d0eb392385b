"""The characters of Werewolf in the Dark as data: faction, dagger, whom each knows, its dusk
ability and its own win, as RULINGS.md (in-the-dark) sets them by default; and the group's own
cards (option `cards`), which join the catalog of one game."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from ...core import Role, SetupError

VILLAGERS, MONSTERS, VILLAINS = "villagers", "monsters", "villains"
FACTIONS = (VILLAGERS, MONSTERS, VILLAINS)

# the dagger icons of the Wolf Pack cards: none, the dagger (kills), the white dagger (kills
# once each night), the dagger with dots (kills under the card's own conditions)
DAGGERS = ("none", "dagger", "white", "dotted")
# what a card does at dusk: the seer's look judged by the ghosts, the vampire hunter's
# raised hands of the vampire ghosts; or nothing
DUSK_ABILITIES = ("inspect", "vampires")
# `knows` may name this instead of card ids: every other monster at the table
ALL_MONSTERS = "monsters"
# other spellings a group may write for the ids above
FACTION_ALIASES = {"villager": VILLAGERS, "monster": MONSTERS, "villain": VILLAINS}
DAGGER_ALIASES = {"white-dagger": "white", "dotted-dagger": "dotted", "dots": "dotted",
                  "dagger-with-dots": "dotted", "no": "none"}
DUSK_ALIASES = {"seer": "inspect", "vampire-hunter": "vampires"}

WOLVES = ("werewolf", "alpha-wolf", "lone-wolf")


def card(role_id: str, name: str, faction: str, description: str, *, dagger: str = "none",
         knows: Iterable[str] = (), dusk: str | None = None, win: str = "",
         decisions: tuple[str, ...] = (), information: tuple[str, ...] = ()) -> Role:
    """One character card; its dark traits are kept in `Role.traits` (the catalog shows them)."""
    if dusk == "inspect":
        decisions = (*decisions, "inspect")
        information = (*information, "{about: inspect, player, number}")
    elif dusk == "vampires":
        information = (*information, "{about: vampires, players}")
    known = tuple(knows)
    if known:
        information = (*information, "{about: know, players}")
    return Role(role_id, name, faction, description, decisions=decisions,
                information=information,
                traits={"dagger": dagger, "knows": list(known), "dusk": dusk, "win": win})


ROLES: dict[str, Role] = {role.id: role for role in (
    card("villager", "Villager", VILLAGERS,
         "You are one of the village. Survive the dark, find the bodies and vote out the "
         "monsters."),
    card("werewolf", "Werewolf", MONSTERS,
         "You hunt in the dark: a firm, harmless double tap kills. You know the Alpha Wolf "
         "and the Lone Wolf.", dagger="dagger", knows=WOLVES),
    card("alpha-wolf", "Alpha Wolf", MONSTERS,
         "You hunt with the wolves: a double tap kills. You know the other werewolves.",
         dagger="dagger", knows=WOLVES),
    card("lone-wolf", "Lone Wolf", MONSTERS,
         "A wolf who hunts alone but knows the pack: a double tap kills.",
         dagger="dagger", knows=WOLVES),
    card("vampire", "Vampire", MONSTERS,
         "A monster of the night who may kill only once each night. The vampire hunter may "
         "learn of you once you are a ghost.", dagger="white"),
    card("minion", "Minion", MONSTERS,
         "You serve the monsters without a blade: you know every monster, and none of them "
         "knows you. You count as a monster.", knows=(ALL_MONSTERS,)),
    card("mother-of-monsters", "Mother of Monsters", MONSTERS,
         "You know every monster and they do not know you. You carry no blade and count as "
         "a monster.", knows=(ALL_MONSTERS,)),
    card("ahab", "Ahab", VILLAGERS, "You know Moby, and Moby knows you.", knows=("moby",)),
    card("moby", "Moby", VILLAGERS, "You know Ahab, and Ahab knows you.", knows=("ahab",)),
    card("isolde", "Isolde", VILLAGERS, "You know Tristan, and Tristan knows you.",
         knows=("tristan",)),
    card("tristan", "Tristan", VILLAGERS, "You know Isolde, and Isolde knows you.",
         knows=("isolde",)),
    card("abomination", "Abomination", VILLAGERS,
         "You know Dr. Frankenstein, and your maker knows you.", knows=("dr-frankenstein",)),
    card("dr-frankenstein", "Dr. Frankenstein", VILLAGERS,
         "You know the Abomination you made, and it knows you.", knows=("abomination",)),
    card("lover", "Lover", VILLAGERS, "You know the other Lover, and they know you.",
         knows=("lover",)),
    card("seer", "Seer", VILLAGERS,
         "At each dusk you point at a living player; the ghosts show you with their thumbs "
         "whether they believe that player is a monster.", dusk="inspect"),
    card("vampire-hunter", "Vampire Hunter", VILLAGERS,
         "At each dusk the ghosts who were vampires raise their hands for you alone.",
         dusk="vampires"),
    card("sheriff", "Sheriff", VILLAGERS,
         "You win with the villagers only if you are alive at the end and have found and "
         "verified at least one body.",
         win="alive at the end, having found and verified at least one body"),
    card("romeo", "Romeo", VILLAGERS,
         "You win with the villagers only if you are dead when the game ends.",
         win="dead at the end"),
    card("juliet", "Juliet", VILLAGERS,
         "You win with the villagers only if you are dead when the game ends.",
         win="dead at the end"),
)}

# the personal wins the engine keeps (each card's own condition beside its faction's)
WIN_ALIVE_WITH_A_BODY = frozenset({"sheriff"})
WIN_DEAD = frozenset({"romeo", "juliet"})

_NOT_ID = re.compile(r"[^a-z0-9]+")
# an apostrophe joins the letters around it: "Hunter's Hound" is hunters-hound, as the other
# editions' ids (Hell's Librarian is hells-librarian), not hunter-s-hound
_APOSTROPHES = re.compile(r"['\u2018\u2019`]")
# letters that no accent stripping turns into plain ones
_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "ł": "l", "đ": "d"})
MAX_OWN_CARDS = 30
MAX_TEXT = 200


def kebab(name: str) -> str:
    """'Dr. Frankenstein' -> 'dr-frankenstein', "Hunter's Hound" -> 'hunters-hound', 'Señor
    Lobo' -> 'senor-lobo': a card's id from its name (an accented letter keeps its letter)."""
    letters = unicodedata.normalize(
        "NFKD", _APOSTROPHES.sub("", name.lower()).translate(_LIGATURES))
    return _NOT_ID.sub("-", "".join(c for c in letters if not unicodedata.combining(c))).strip("-")


def _text(value: Any, what: str, limit: int = MAX_TEXT) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise SetupError(f"Own cards: {what} is a short line of text.")
    return value.strip()


def own_card(entry: Any, known_ids: Iterable[str]) -> dict[str, Any]:
    """One of the group's own cards in its stored form, or SetupError with a sentence."""
    if not isinstance(entry, Mapping):
        raise SetupError("Own cards: each card is given as its name, faction, dagger, whom it "
                         "knows, its dusk ability and its win.")
    unknown = [str(key) for key in entry if key not in
               ("id", "name", "faction", "dagger", "knows", "dusk", "win", "text")]
    if unknown:
        raise SetupError("Own cards: a card has a name, id, faction, dagger, knows, dusk, win "
                         "and text, nothing else.")
    name = _text(entry.get("name"), "a card's name", 40)
    if not name:
        raise SetupError("Own cards: every card needs a name.")
    role_id = _text(entry.get("id"), "a card's id", 40) or kebab(name)
    if not role_id or kebab(role_id) != role_id:
        raise SetupError(f"Own cards: {name} needs an id of lowercase letters, digits and "
                         "dashes.")
    # a group's card with a rulebook card's id changes what it gives; what it leaves out stays
    # the rulebook's: a minion the group makes a villain still knows all monsters
    entry = {**rulebook_traits(role_id), **entry}
    faction = entry.get("faction", VILLAGERS)
    faction = FACTION_ALIASES.get(faction, faction) if isinstance(faction, str) else faction
    if faction not in FACTIONS:
        raise SetupError(f"Own cards: the faction of {name} is villagers, monsters or "
                         "villains.")
    dagger = entry.get("dagger", "none")
    if dagger is None or dagger is False:
        dagger = "none"
    dagger = DAGGER_ALIASES.get(dagger, dagger) if isinstance(dagger, str) else dagger
    if dagger not in DAGGERS:
        raise SetupError(f"Own cards: the dagger of {name} is none, dagger, white or dotted.")
    knows_given = entry.get("knows") or []
    if isinstance(knows_given, str):
        knows_given = [part.strip() for part in knows_given.split(",") if part.strip()]
    if not isinstance(knows_given, (list, tuple)) or len(knows_given) > MAX_OWN_CARDS:
        raise SetupError(f"Own cards: {name} knows a list of cards, or all monsters.")
    ids = set(known_ids) | {role_id}
    knows: list[str] = []
    for known in knows_given:
        if not isinstance(known, str) or (known != ALL_MONSTERS and known not in ids):
            raise SetupError(f"Own cards: {name} can know only cards of the deck's catalog, "
                             "or all monsters.")
        if known not in knows:
            knows.append(known)
    dusk = entry.get("dusk")
    if dusk in ("", "none", False):
        dusk = None
    dusk = DUSK_ALIASES.get(dusk, dusk) if isinstance(dusk, str) else dusk
    if dusk is not None and dusk not in DUSK_ABILITIES:
        raise SetupError(f"Own cards: the dusk ability of {name} is inspect (as the seer), "
                         "vampires (as the vampire hunter) or none.")
    return {"id": role_id, "name": name, "faction": faction, "dagger": dagger,
            "knows": knows, "dusk": dusk, "win": _text(entry.get("win"), "a card's win"),
            "text": _text(entry.get("text"), "a card's text")}


def rulebook_traits(role_id: str) -> dict[str, Any]:
    """A rulebook card's faction, dagger, knowledge, dusk ability and win, in the terms of the
    group's own cards; nothing for an id the rulebook does not have."""
    role = ROLES.get(role_id)
    if role is None:
        return {}
    return {"faction": role.team, "dagger": dagger_of(role), "knows": knows_of(role),
            "dusk": dusk_of(role), "win": str(role.traits.get("win") or "")}


def own_cards(value: Any) -> list[dict[str, Any]]:
    """The option `cards` in its stored form: every card checked, ids unique."""
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        raise SetupError("Own cards takes a list of cards.")
    if len(value) > MAX_OWN_CARDS:
        raise SetupError(f"Own cards takes at most {MAX_OWN_CARDS} cards.")
    ids = {entry.get("id") or kebab(str(entry.get("name", "")))
           for entry in value if isinstance(entry, Mapping)}
    cards: list[dict[str, Any]] = []
    for entry in value:
        made = own_card(entry, set(ROLES) | {i for i in ids if isinstance(i, str)})
        if any(made["id"] == other["id"] for other in cards):
            raise SetupError(f"Own cards: two cards have the id {made['id']}.")
        cards.append(made)
    return cards


def role_of_own(entry: Mapping[str, Any]) -> Role:
    """A group's card as a Role of the game's catalog."""
    words = entry.get("text") or f"A card of your group: one of the {entry['faction']}."
    if entry.get("win"):
        words = f"{words} Your win: {entry['win']}."
    return card(entry["id"], entry["name"], entry["faction"], words, dagger=entry["dagger"],
                knows=entry["knows"], dusk=entry["dusk"], win=entry.get("win", ""))


def catalog(options: Mapping[str, Any]) -> dict[str, Role]:
    """The cards one game may hold: the rulebook's, then the group's own (which may replace a
    rulebook card of the same id: a group that sets the vampire's faction its own way)."""
    cards = dict(ROLES)
    for entry in options.get("cards") or ():
        cards[entry["id"]] = role_of_own(entry)
    return cards


def dagger_of(role: Role) -> str:
    return str(role.traits.get("dagger", "none"))


def knows_of(role: Role) -> list[str]:
    return list(role.traits.get("knows") or ())


def dusk_of(role: Role) -> str | None:
    dusk = role.traits.get("dusk")
    return str(dusk) if dusk else None
