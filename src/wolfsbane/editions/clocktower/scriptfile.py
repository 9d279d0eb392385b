"""Clocktower script files in the publisher's JSON format: parse, validate, report, export.

A script file is a JSON array of 5 to 201 items: official character ids as strings (or, in an
older form, objects holding only `id`), at most one `_meta` object, and homebrew characters
(objects with `id`, `name`, `team` and `ability`). Parsing is all or nothing: the first problem
found raises one ScriptFileError naming the item and the problem, and nothing is returned.

Pure: the caller reads the file; this module only sees its text.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from .script import (
    CHARACTER_TYPES,
    CHARACTERS,
    DAWN,
    DUSK,
    FIRST_NIGHT,
    NIGHT_STEPS,
    OTHER_NIGHTS,
    SCRIPT_NAME,
    Jinx,
    jinxes_of,
    normalise,
    publisher_id,
)

MIN_ITEMS: Final = 5
MAX_ITEMS: Final = 201
MAX_NAME: Final = 50
MAX_BOOTLEGGER_RULES: Final = 10
META_ID: Final = "_meta"

# Official characters by the publisher's id (as of 2025), beyond the ones on our script: an id
# listed here is a real character wolfsbane has no rules for; any other is unknown (a typo, or
# a character newer than this list).
_OFFICIAL_ID_LIST: Final = """
    washerwoman librarian investigator chef empath fortuneteller undertaker monk ravenkeeper
    virgin slayer soldier mayor butler drunk recluse saint poisoner spy scarletwoman baron imp
    bureaucrat thief gunslinger scapegoat beggar
    grandmother sailor chambermaid exorcist innkeeper gambler gossip courtier professor minstrel
    tealady pacifist fool tinker moonchild goon lunatic godfather devilsadvocate assassin
    mastermind zombuul pukka shabaloth po apprentice matron judge bishop voudon
    clockmaker dreamer snakecharmer mathematician flowergirl towncrier oracle savant seamstress
    philosopher artist juggler sage mutant sweetheart barber klutz eviltwin witch cerenovus
    pithag fanggu vigormortis nodashii vortox barista harlot butcher bonecollector deviant
    noble bountyhunter pixie general preacher king balloonist cultleader lycanthrope amnesiac
    nightwatchman engineer fisherman huntsman alchemist farmer magician choirboy poppygrower
    atheist cannibal banshee villageidiot highpriestess steward knight shugenja princess gnome
    alsaahir acrobat
    damsel golem heretic hatter plaguedoctor politician puzzlemaster snitch zealot ogre hermit
    goblin psychopath fearmonger boomdandy mezepheles marionette vizier harpy organgrinder xaan
    wizard summoner widow
    legion leviathan riot alhadikhia lilmonsta lordoftyphon kazali yaggababble ojo lleech
    gangster
    doomsayer angel buddhist hellslibrarian revolutionary fiddler toymaker fibbin duchess
    sentinel spiritofivory djinn stormcatcher deusexfiasco ferryman
    bootlegger gardener bigwig hindu pope tor zenomancer
"""
OFFICIAL_IDS: Final = frozenset(_OFFICIAL_ID_LIST.split())

_META_KEYS: Final = frozenset({
    "id", "name", "author", "logo", "background", "hideTitle", "almanac", "bootlegger",
    "firstNight", "otherNight",
})
_META_TEXT_KEYS: Final = ("author", "logo", "background", "almanac")
_HOMEBREW_REQUIRED: Final = ("id", "name", "team", "ability")
_HOMEBREW_OPTIONAL: Final = frozenset({
    "image", "edition", "flavor", "firstNight", "otherNight", "firstNightReminder",
    "otherNightReminder", "reminders", "remindersGlobal", "setup", "jinxes", "special",
})
_HOMEBREW_TEXT_KEYS: Final = ("edition", "flavor", "firstNightReminder", "otherNightReminder")

# What wolfsbane can do with one character of a script file.
Support = Literal["rules", "not-implemented", "unknown", "homebrew"]
RULES: Final = "rules"
NOT_IMPLEMENTED: Final = "not-implemented"
UNKNOWN: Final = "unknown"
HOMEBREW: Final = "homebrew"


class ScriptFileError(ValueError):
    """A script file that cannot be imported; the message names the item and the problem."""


@dataclass(frozen=True)
class ScriptMeta:
    """The `_meta` item: the script's name and the publisher's optional extras."""

    name: str
    author: str | None = None
    logo: str | None = None
    background: str | None = None
    almanac: str | None = None
    hide_title: bool | None = None
    bootlegger: tuple[str, ...] = ()
    first_night: tuple[str, ...] | None = None  # our ids, when the file overrides the order
    other_night: tuple[str, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        """The item in the publisher's format (ids in their spelling)."""
        out: dict[str, Any] = {"id": META_ID, "name": self.name}
        for key in _META_TEXT_KEYS:
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.hide_title is not None:
            out["hideTitle"] = self.hide_title
        if self.bootlegger:
            out["bootlegger"] = list(self.bootlegger)
        if self.first_night is not None:
            out["firstNight"] = [publisher_id(step) for step in self.first_night]
        if self.other_night is not None:
            out["otherNight"] = [publisher_id(step) for step in self.other_night]
        return out


@dataclass(frozen=True)
class ScriptCharacter:
    """One character listed by a script file.

    `id` is ours when the character is official (`lil-monsta`), the file's own for homebrew;
    `homebrew` keeps a homebrew character's object as the file gave it.
    """

    id: str
    support: Support
    homebrew: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        if self.homebrew is not None:
            return str(self.homebrew["name"])
        known = CHARACTERS.get(self.id)
        return known.name if known else self.id

    @property
    def type(self) -> str | None:
        if self.homebrew is not None:
            return str(self.homebrew["team"])
        known = CHARACTERS.get(self.id)
        return known.type if known else None

    def as_json(self) -> str | dict[str, Any]:
        if self.homebrew is not None:
            return dict(self.homebrew)
        return publisher_id(self.id)


@dataclass(frozen=True)
class Script:
    """A script: its `_meta` (None when the file has none) and its characters in file order."""

    meta: ScriptMeta | None
    characters: tuple[ScriptCharacter, ...]

    @property
    def name(self) -> str | None:
        return self.meta.name if self.meta else None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(character.id for character in self.characters)

    def with_support(self, support: Support) -> tuple[ScriptCharacter, ...]:
        return tuple(c for c in self.characters if c.support == support)

    @property
    def fully_supported(self) -> bool:
        return all(character.support == RULES for character in self.characters)

    @property
    def bootlegger_rules(self) -> tuple[str, ...]:
        return self.meta.bootlegger if self.meta else ()

    @property
    def jinxes(self) -> tuple[Jinx, ...]:
        """The jinxes of our script among this script's characters (the Djinn announces them)."""
        return jinxes_of(frozenset(self.ids))

    def game_options(self) -> dict[str, Any]:
        """The `fabled`, `loric` and `bootlegger-rules` options a game of this script takes:
        the Djinn when the script has jinxes (or lists the Djinn), Hell's Librarian when
        listed, the Bootlegger when the script has homebrew characters or rules, the Gardener
        when listed."""
        listed = set(self.ids)
        fabled = [name for name in ("djinn", "hells-librarian")
                  if name in listed or (name == "djinn" and self.jinxes)]
        loric = [name for name in ("gardener", "bootlegger")
                 if name in listed or (name == "bootlegger" and (
                     self.bootlegger_rules or self.with_support(HOMEBREW)))]
        return {"fabled": fabled, "loric": loric,
                "bootlegger-rules": list(self.bootlegger_rules)}

    def first_night(self) -> tuple[str, ...]:
        return self._night(FIRST_NIGHT, "firstNight",
                           self.meta.first_night if self.meta else None)

    def other_night(self) -> tuple[str, ...]:
        return self._night(OTHER_NIGHTS, "otherNight",
                           self.meta.other_night if self.meta else None)

    def without_night_slot(self) -> tuple[ScriptCharacter, ...]:
        """Characters whose slot wolfsbane cannot place when the file gives no night lists:
        official characters it has no rules for (a storyteller places them by hand)."""
        if self.meta and self.meta.first_night is not None and self.meta.other_night is not None:
            return ()
        return self.with_support(NOT_IMPLEMENTED) + self.with_support(UNKNOWN)

    def _night(self, ours: tuple[str, ...], homebrew_key: str,
               given: tuple[str, ...] | None) -> tuple[str, ...]:
        """The file's own order when it gives one; otherwise our order for the characters we
        know, and homebrew characters that wake (by the file's number) just before dawn."""
        if given is not None:
            return given
        listed = set(self.ids)
        ordered = [step for step in ours if step in NIGHT_STEPS or step in listed]
        waking = sorted(
            ((float(c.homebrew[homebrew_key]), c.id) for c in self.with_support(HOMEBREW)
             if c.homebrew is not None and c.homebrew.get(homebrew_key, 0) > 0),
        )
        ordered[-1:-1] = [character_id for _, character_id in waking]
        return tuple(ordered)

    def as_json(self) -> list[Any]:
        """The script in the publisher's format: `_meta` first, then the characters."""
        items: list[Any] = [self.meta.as_json()] if self.meta else []
        items.extend(character.as_json() for character in self.characters)
        return items


def our_script() -> Script:
    """The script wolfsbane runs with every rule enforced."""
    return Script(ScriptMeta(name=SCRIPT_NAME),
                  tuple(ScriptCharacter(character_id, RULES) for character_id in CHARACTERS))


def export_json(script: Script | None = None) -> str:
    """A script (ours by default) as the text of a publisher's script file."""
    return json.dumps((script or our_script()).as_json(), indent=2, ensure_ascii=False) + "\n"


# -- parsing -------------------------------------------------------------------------------------


def parse_script(text: str) -> Script:
    """A script file's text as a Script, or ScriptFileError naming the first problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScriptFileError(
            f"The file is not valid JSON (line {error.lineno}, column {error.colno})."
        ) from None
    except RecursionError:
        raise ScriptFileError("The file is not valid JSON (it is nested too deeply).") from None
    return parse_items(data)


def parse_items(data: object) -> Script:
    """A script file's decoded JSON as a Script, or ScriptFileError naming the first problem."""
    if not isinstance(data, list):
        raise ScriptFileError("A script file must be a JSON array of characters; "
                              f"this one is {_kind(data)}.")
    if not MIN_ITEMS <= len(data) <= MAX_ITEMS:
        raise ScriptFileError(f"A script file holds {MIN_ITEMS} to {MAX_ITEMS} items; this one "
                              f"holds {len(data)}.")
    meta: ScriptMeta | None = None
    characters: list[ScriptCharacter] = []
    seen: dict[str, int] = {}
    for number, item in enumerate(data, start=1):
        if isinstance(item, dict) and item.get("id") == META_ID:
            if meta is not None:
                raise ScriptFileError(f"Item {number} is a second _meta object; a script has "
                                      "at most one.")
            meta = _parse_meta(number, item)
            continue
        character = _parse_character(number, item)
        key = publisher_id(character.id)
        if key in seen:
            raise ScriptFileError(f"Item {number} ({character.name}) lists the same character "
                                  f"as item {seen[key]}.")
        seen[key] = number
        characters.append(character)
    return Script(meta, tuple(characters))


def _parse_character(number: int, item: object) -> ScriptCharacter:
    if isinstance(item, str):
        return _official(number, item, item)
    if not isinstance(item, dict):
        raise ScriptFileError(f"Item {number} is {_kind(item)}; a script's items are character "
                              "ids (strings) or objects.")
    if "id" not in item:
        raise ScriptFileError(f"Item {number} is an object without an 'id'.")
    if not isinstance(item["id"], str):
        raise ScriptFileError(f"Item {number}: its 'id' must be a string, not "
                              f"{_kind(item['id'])}.")
    if set(item) == {"id"}:
        return _official(number, item["id"], f"{{\"id\": {json.dumps(item['id'])}}}")
    return _homebrew(number, item)


def _official(number: int, raw: str, shown: str) -> ScriptCharacter:
    squashed = publisher_id(raw)
    if not squashed:
        raise ScriptFileError(f"Item {number} ({json.dumps(shown)[:60]}) is not a character "
                              "id: it has no letters or digits.")
    if squashed == publisher_id(META_ID) or normalise(raw) in NIGHT_STEPS:
        raise ScriptFileError(f"Item {number} ({raw[:60]}) is a night step or the _meta id, "
                              "not a character.")
    our_id = normalise(raw)
    if our_id in CHARACTERS:
        return ScriptCharacter(our_id, RULES)
    return ScriptCharacter(squashed, NOT_IMPLEMENTED if squashed in OFFICIAL_IDS else UNKNOWN)


def _homebrew(number: int, item: dict[str, Any]) -> ScriptCharacter:
    label = f"Item {number} (homebrew character {_quote(item['id'])})"
    for key in item:
        if key not in _HOMEBREW_OPTIONAL and key not in _HOMEBREW_REQUIRED:
            raise ScriptFileError(f"{label} has the key {_quote(key)}, which homebrew "
                                  "characters do not have.")
    for key in _HOMEBREW_REQUIRED:
        if key not in item:
            raise ScriptFileError(f"{label} lacks {_quote(key)}: a homebrew character needs "
                                  "an id, a name, a team and an ability.")
        if not isinstance(item[key], str) or not item[key].strip():
            raise ScriptFileError(f"{label}: {_quote(key)} must be a non-empty text.")
    if item["team"] not in CHARACTER_TYPES:
        raise ScriptFileError(f"{label}: its team {_quote(item['team'])} is not one of "
                              f"{', '.join(CHARACTER_TYPES)}.")
    for key in _HOMEBREW_TEXT_KEYS:
        if key in item and not isinstance(item[key], str):
            raise ScriptFileError(f"{label}: {_quote(key)} must be a text.")
    for key in ("firstNight", "otherNight"):
        if key in item and not _is_slot(item[key]):
            raise ScriptFileError(f"{label}: {_quote(key)} must be a number, 0 or more.")
    for key in ("reminders", "remindersGlobal"):
        if key in item and not _is_texts(item[key]):
            raise ScriptFileError(f"{label}: {_quote(key)} must be a list of texts.")
    if "image" in item and not (isinstance(item["image"], str) or _is_texts(item["image"])):
        raise ScriptFileError(f"{label}: 'image' must be a link or a list of links.")
    if "setup" in item and not isinstance(item["setup"], bool):
        raise ScriptFileError(f"{label}: 'setup' must be true or false.")
    if "jinxes" in item and not _is_jinxes(item["jinxes"]):
        raise ScriptFileError(f"{label}: 'jinxes' must be a list of objects with an 'id' and "
                              "a 'reason'.")
    if "special" in item and not (isinstance(item["special"], list)
                                  and all(isinstance(s, dict) for s in item["special"])):
        raise ScriptFileError(f"{label}: 'special' must be a list of objects.")
    return ScriptCharacter(item["id"], HOMEBREW, homebrew=dict(item))


def _parse_meta(number: int, item: dict[str, Any]) -> ScriptMeta:
    label = f"Item {number} (_meta)"
    for key in item:
        if key not in _META_KEYS:
            raise ScriptFileError(f"{label} has the key {_quote(key)}, which _meta does "
                                  "not have.")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ScriptFileError(f"{label} needs a 'name', a non-empty text.")
    if len(name) > MAX_NAME:
        raise ScriptFileError(f"{label}: its name has {len(name)} characters; at most "
                              f"{MAX_NAME} are allowed.")
    texts: dict[str, str | None] = {}
    for key in _META_TEXT_KEYS:
        value = item.get(key)
        if value is not None and not isinstance(value, str):
            raise ScriptFileError(f"{label}: {_quote(key)} must be a text.")
        texts[key] = value
    hide_title = item.get("hideTitle")
    if hide_title is not None and not isinstance(hide_title, bool):
        raise ScriptFileError(f"{label}: 'hideTitle' must be true or false.")
    rules = item.get("bootlegger", [])
    if not _is_texts(rules):
        raise ScriptFileError(f"{label}: 'bootlegger' must be a list of rule texts.")
    if len(rules) > MAX_BOOTLEGGER_RULES:
        raise ScriptFileError(f"{label}: 'bootlegger' has {len(rules)} rules; at most "
                              f"{MAX_BOOTLEGGER_RULES} are allowed.")
    return ScriptMeta(
        name=name, author=texts["author"], logo=texts["logo"],
        background=texts["background"], almanac=texts["almanac"], hide_title=hide_title,
        bootlegger=tuple(rules),
        first_night=_night_list(label, item, "firstNight"),
        other_night=_night_list(label, item, "otherNight"),
    )


def _night_list(label: str, item: dict[str, Any], key: str) -> tuple[str, ...] | None:
    if key not in item:
        return None
    steps = item[key]
    if not _is_texts(steps):
        raise ScriptFileError(f"{label}: {_quote(key)} must be a list of character ids.")
    normalised = []
    for step in steps:
        our_id = normalise(step)
        if not our_id:
            raise ScriptFileError(f"{label}: {_quote(key)} holds {_quote(step)}, which is not "
                                  "an id.")
        normalised.append(our_id)
    return tuple(normalised)


def _is_texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(entry, str) for entry in value)


def _is_slot(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and value >= 0)


def _is_jinxes(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(jinx, dict) and isinstance(jinx.get("id"), str)
        and isinstance(jinx.get("reason"), str) for jinx in value)


def _quote(value: object) -> str:
    """A name from the file, quoted and cut short, for an error message."""
    text = str(value)
    return f"'{text[:40]}...'" if len(text) > 40 else f"'{text}'"


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    return "an object"


# -- the import report ---------------------------------------------------------------------------


def report(script: Script) -> dict[str, Any]:
    """What wolfsbane can do with a script, as plain data (the `--json` report)."""
    def listing(support: Support) -> list[dict[str, Any]]:
        return [{"id": c.id, "name": c.name, "type": c.type} for c in script.with_support(support)]

    return {
        "name": script.name,
        "author": script.meta.author if script.meta else None,
        "characters": len(script.characters),
        "rules": listing(RULES),
        "not_implemented": listing(NOT_IMPLEMENTED),
        "unknown": listing(UNKNOWN),
        "homebrew": listing(HOMEBREW),
        "fully_supported": script.fully_supported,
        "bootlegger": list(script.bootlegger_rules),
        "jinxes": [{"roles": list(jinx.pair), "rule": jinx.rule} for jinx in script.jinxes],
        "options": script.game_options(),
        "first_night": list(script.first_night()),
        "other_night": list(script.other_night()),
        "night_order_from_file": bool(script.meta and (script.meta.first_night is not None
                                                       or script.meta.other_night is not None)),
        "without_night_slot": [c.id for c in script.without_night_slot()],
    }


def report_lines(script: Script) -> list[str]:
    """The import report as sentences for a person."""
    title = script.name or "This script (it has no _meta name)"
    by = f" by {script.meta.author}" if script.meta and script.meta.author else ""
    lines = [f"{title}{by}: {len(script.characters)} characters."]

    def names(characters: tuple[ScriptCharacter, ...]) -> str:
        return ", ".join(c.name for c in characters)

    sections: tuple[tuple[Support, str, str], ...] = (
        (RULES, "Run with every rule enforced", ""),
        (NOT_IMPLEMENTED, "Official characters without rules in wolfsbane yet",
         "a human storyteller runs them by hand"),
        (UNKNOWN, "Not characters wolfsbane knows", "a misspelt or newer id?"),
        (HOMEBREW, "Homebrew characters", "their text comes from the file, with no rules checks"),
    )
    for support, label, note in sections:
        listed = script.with_support(support)
        if listed:
            counted = f"{len(listed)}; {note}" if note else str(len(listed))
            lines.append(f"{label} ({counted}): {names(listed)}.")
    if script.fully_supported:
        lines.append("Every character of this script has its rules in wolfsbane.")
    for rule in script.bootlegger_rules:
        lines.append(f"The Bootlegger announces this rule: {rule}")
    for jinx in script.jinxes:
        first, second = (CHARACTERS[role].name for role in jinx.pair)
        lines.append(f"The Djinn announces the jinx of the {first} and the {second}: {jinx.rule}")
    for night, given, steps in (
        ("First night", script.meta.first_night if script.meta else None, script.first_night()),
        ("Other nights", script.meta.other_night if script.meta else None, script.other_night()),
    ):
        source = "as the file gives it" if given is not None else "in wolfsbane's order"
        lines.append(f"{night} ({source}): {_steps(steps)}.")
    if script.without_night_slot():
        lines.append("The file gives no night order of its own, so the characters without rules "
                     "have no slot: the storyteller wakes them where their ability needs it.")
    return lines


def _steps(steps: tuple[str, ...]) -> str:
    shown = []
    for step in steps:
        known = CHARACTERS.get(step)
        if known:
            shown.append(known.name)
        elif step in (DUSK, DAWN):
            shown.append(step)
        else:
            shown.append(step.replace("-", " "))
    return ", ".join(shown)
