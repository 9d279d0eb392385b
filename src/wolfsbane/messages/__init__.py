"""The words players read: one message catalogue per edition and language.

A catalogue is data (``messages/core.<lang>.json`` for what every edition shares, and
``editions/<id>/messages.<lang>.json`` for the edition's own words). The terminal renders from
it here; the server sends the same merged catalogue to the browser, whose ``web/js/text.js``
implements the same small rules. Keep the two in step: ``tests/test_messages.py`` renders
every event through both.

An entry says when it applies and what to say::

    {"kind": "InfoGiven", "when": {"about": "lover"},
     "text": "You are in love with {player}. ...",        # said to the one it is for
     "told": "{audience} falls in love with {player}.",   # the storyteller's view of it
     "self": "...",                                       # when {subject} is the reader
     "subject": "player", "tone": "private"}

``when`` maps a field to the value it must have: ``null`` (absent or null), ``"*"`` (present),
``"+"`` (a non-empty list), or a literal. The first entry that matches wins, the edition's
before the shared ones. Placeholders name fields of the event; how a value is written
depends on the field: players (``you`` for the reader), card names, team names, lists as
"A, B and C", numbers, or a term from the catalogue's ``terms`` under the field's name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from ..core.edition import Edition

Mark = Callable[[str, str], str]
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
PLAYER_FIELDS = frozenset({"player", "players", "by", "target", "targets", "winners",
                           "audience", "seat", "partner", "speaker", "holder"})
ROLE_FIELDS = frozenset({"role", "roles", "card", "cards"})
NUMBER_FIELDS = frozenset({"number", "day", "weight", "count", "seconds", "limit", "most",
                           "least", "players_count", "length", "messages", "size"})
TEXT_FIELDS = frozenset({"reason", "text", "detail", "field", "problem", "what"})
ALIASES = {"winner": "team", "side": "team"}  # fields written like another field
LISTS = ("events", "talk", "prompts")


def plain(kind: str, text: str) -> str:
    """The mark for plain text: words as they are."""
    return text


def _merge(base: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in extra.items():
        if key in LISTS:
            # the edition's words come first, after the few shared ones marked `first` (a
            # timed-out ballot reads the same whatever the edition calls its vote)
            base = list(out.get(key, []))
            out[key] = [e for e in base if e.get("first")] + list(value) + \
                [e for e in base if not e.get("first")]
        elif isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(dict(out[key]), value)
        else:
            out[key] = value
    return out


def _read(package: str, name: str) -> dict[str, Any]:
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _catalogue(edition_id: str, package: str, language: str) -> str:
    merged = _read("wolfsbane.messages", f"core.{language}.json")
    merged = _merge(merged, _read(package, f"messages.{language}.json"))
    merged["edition"] = edition_id
    merged["language"] = language
    return json.dumps(merged)


def catalogue(edition: Edition, language: str = "en") -> dict[str, Any]:
    """The merged catalogue of an edition (a fresh copy: callers may keep it)."""
    data: dict[str, Any] = json.loads(_catalogue(edition.id, edition.messages_package, language))
    cards = {role.id: role.name for role in edition.roles.values()}
    cards.update(data.get("cards", {}))
    data["cards"] = cards
    return data


def matches(when: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    for key, expected in when.items():
        value = data.get(key)
        if expected is None:
            if value is not None:
                return False
        elif expected == "*":
            if value is None:
                return False
        elif expected == "+":
            if not isinstance(value, list) or not value:
                return False
        elif isinstance(expected, bool) or isinstance(value, bool):
            if value is not expected:
                return False
        elif value != expected:
            return False
    return True


class Words:
    """Renders events, talk, answers and errors from one catalogue for one reader.

    ``viewer`` is the seat reading (``you``), or None for the storyteller and onlookers;
    ``mark(kind, text)`` dresses each piece (the terminal adds colour; plain text by default):
    kinds are ``text`` (the catalogue's own words), ``you``, ``player``, ``subject`` (the
    player a sentence is about), ``role``, ``value`` and ``talk`` (words a person typed).
    """

    def __init__(self, data: Mapping[str, Any], viewer: str | None = None,
                 mark: Mark = plain) -> None:
        self.data = data
        self.viewer = viewer
        self.mark = mark
        self.words: Mapping[str, str] = data.get("words", {})
        self.terms: Mapping[str, Mapping[str, str]] = data.get("terms", {})
        self.cards: Mapping[str, str] = data.get("cards", {})

    # -- pieces ------------------------------------------------------------------------------

    def word(self, key: str) -> str:
        return str(self.words.get(key, key))

    def term(self, group: str, key: Any) -> str:
        return str(self.terms.get(group, {}).get(str(key), str(key)))

    def card(self, role_id: Any) -> str:
        return self.mark("role", str(self.cards.get(str(role_id), str(role_id))))

    def player(self, name: Any, speaker: str | None = None, quoted: bool = False) -> str:
        """A player's name; ``you`` for the reader, except in words someone says (`quoted`),
        where only the speaker's own name changes (to ``myself``)."""
        if name is None:
            return self.mark("text", self.word("nobody"))
        if speaker is not None and name == speaker:
            return self.mark("text", self.word("myself"))
        if self.viewer is not None and name == self.viewer and not quoted:
            return self.mark("you", self.word("you"))
        return self.mark("player", str(name))

    def join(self, items: Sequence[str]) -> str:
        if not items:
            return self.mark("text", self.word("nobody"))
        if len(items) == 1:
            return items[0]
        sep, last = self.mark("text", self.word("list_separator")), \
            self.mark("text", self.word("list_last"))
        return sep.join(items[:-1]) + last + items[-1]

    def cards_list(self, roles: Sequence[Any]) -> str:
        """Card names, each once, with how many when there are several."""
        counts: dict[str, int] = {}
        for role in roles:
            counts[str(role)] = counts.get(str(role), 0) + 1
        return self.join([self.card(role) + (self.mark("text", f" ×{n}") if n > 1 else "")
                          for role, n in counts.items()])

    def value(self, field: str, value: Any, speaker: str | None = None,
              data: Mapping[str, Any] | None = None, quoted: bool = False) -> str:
        """One field of an event, written as the catalogue says fields of its name are."""
        field = ALIASES.get(field, field)
        if field == "message":
            if isinstance(value, Mapping) and (data or {}).get("during"):
                value = {**value, "during": (data or {})["during"]}
            return self.talk(value, (data or {}).get("player"))
        if field == "phase_name":
            return self.mark("text", self.phase(str(value)))
        if field == "decision":
            return self.mark("text", self.decision_label(str(value)))
        if field == "answer":
            return self.answer_value(value, speaker, quoted)
        if field in TEXT_FIELDS:
            return self.mark("value", str(value))
        if field == "about":  # what a question is about: a vote, or a player
            if str(value) in self.terms.get("about", {}):
                return self.mark("value", self.term("about", value))
            return self.answer_value(value, speaker, quoted)
        if field in ROLE_FIELDS:
            if isinstance(value, list):
                return self.cards_list(value)
            if isinstance(value, Mapping):
                return self.cards_list([r for r, n in value.items() for _ in range(int(n))])
            return self.card(value)
        if field in PLAYER_FIELDS:
            if isinstance(value, list):
                return self.join([self.player(v, speaker, quoted) for v in value])
            return self.player(value, speaker, quoted)
        if field in NUMBER_FIELDS:
            return self.mark("value", str(value))
        if field in self.terms:
            if isinstance(value, list):
                return self.join([self.mark("value", self.term(field, v)) for v in value])
            return self.mark("value", self.term(field, value))
        return self.answer_value(value, speaker, quoted)

    def answer_value(self, value: Any, speaker: str | None = None, quoted: bool = False) -> str:
        """An answer or a free value: a player, a card, yes/no, several, or nobody."""
        if isinstance(value, list):
            return self.join([self.answer_value(v, speaker, quoted) for v in value])
        if isinstance(value, Mapping):  # a composite answer ({player, role}), part by part
            return self.join([self.answer_value(v, speaker, quoted) for v in value.values()])
        if value is None:
            return self.mark("text", self.word("nobody"))
        if isinstance(value, bool):
            return self.mark("value", self.word("yes" if value else "no"))
        if isinstance(value, str) and value in self.cards:
            return self.card(value)
        if isinstance(value, str):
            return self.player(value, speaker, quoted)
        return self.mark("value", str(value))

    def fill(self, template: str, data: Mapping[str, Any], speaker: str | None = None,
             subject: str | None = None, quoted: bool = False) -> str:
        """The template with its fields written out; the `subject` field (who the sentence is
        about) is marked ``subject`` instead of ``player``."""
        out: list[str] = []
        at = 0
        for found in PLACEHOLDER.finditer(template):
            if found.start() > at:
                out.append(self.mark("text", template[at:found.start()]))
            field = found.group(1)
            written = self.value(field, data.get(field), speaker, data, quoted)
            if field == subject and isinstance(data.get(field), str) and written == \
                    self.mark("player", str(data[field])):
                written = self.mark("subject", str(data[field]))
            out.append(written)
            at = found.end()
        if at < len(template):
            out.append(self.mark("text", template[at:]))
        text = "".join(out)
        return _capitalise(text)

    # -- entries -----------------------------------------------------------------------------

    def pick(self, entries: Sequence[Mapping[str, Any]], data: Mapping[str, Any],
             kind: str | None = None) -> Mapping[str, Any] | None:
        for entry in entries:
            if kind is not None and entry.get("kind") != kind:
                continue
            if matches(entry.get("when", {}), data):
                return entry
        return None

    def variant(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> str:
        audience = data.get("audience")
        told_to_others = isinstance(audience, list) and (
            self.viewer is None or self.viewer not in audience)
        if told_to_others and "told" in entry:
            return str(entry["told"])
        subject = data.get(str(entry.get("subject", "player")))
        if self.viewer is not None and subject == self.viewer and "self" in entry:
            return str(entry["self"])
        return str(entry.get("text", ""))

    def event(self, event: Mapping[str, Any]) -> tuple[str, str] | None:
        """An event as (sentence, tone); None when the catalogue has no words for it.
        An empty sentence means: nothing to show (another event already says it)."""
        entry = self.pick(self.data.get("events", ()), event, kind=str(event.get("kind")))
        if entry is None:
            return None
        return (self.fill(self.variant(entry, event), event,
                          subject=str(entry.get("subject", "player"))),
                str(entry.get("tone", "")))

    def talk(self, message: Any, speaker: str | None) -> str:
        """A chat message as what the speaker says (without quotes)."""
        if isinstance(message, str):
            return self.mark("talk", message)
        if not isinstance(message, Mapping):
            return self.mark("talk", str(message))
        if message.get("type") == "text":
            return self.mark("talk", str(message.get("text", "")))
        entry = self.pick(self.data.get("talk", ()), message)
        if entry is None:
            return self.mark("text", self.word("unclear_message"))
        return self.fill(str(entry.get("text", "")), message, speaker=speaker, quoted=True)

    def prompt(self, decision: Mapping[str, Any]) -> str | None:
        """The question a decision asks, in the catalogue's words (None: it has none; the
        engine's own prompt is the fallback)."""
        entry = self.pick(self.data.get("prompts", ()), decision)
        if entry is None:
            return None
        entry = {"subject": "seat", **entry}
        return self.fill(self.variant(entry, decision), decision,
                         subject=str(entry.get("subject", "seat")))

    def about(self, value: Any) -> str:
        """What a question is about (a player, or a vote), as words."""
        return self.value("about", value)

    def decision(self, name: str) -> Mapping[str, Any]:
        decisions: Mapping[str, Mapping[str, Any]] = self.data.get("decisions", {})
        found = decisions.get(name)
        if found is None and name.startswith("pass-"):
            found = decisions.get("pass-item")
        return found or {}

    def decision_label(self, name: str) -> str:
        return str(self.decision(name).get("label") or self.word("a_question"))

    def skip_label(self, name: str) -> str:
        return str(self.decision(name).get("skip") or self.word("skip"))

    def error(self, code: str, params: Mapping[str, Any] | None = None) -> str | None:
        template = self.data.get("errors", {}).get(code)
        if template is None:
            return None
        params = dict(params or {})
        if "decision" in params:
            params["decision"] = self.decision_label(str(params["decision"]))
        return self.fill(str(template), params)

    def phase(self, phase: str) -> str:
        phases: Mapping[str, str] = self.data.get("phases", {})
        if phase in phases:
            return str(phases[phase])
        kind, _, number = phase.partition(" ")
        template = phases.get(kind)
        if template is None:
            return phase[:1].upper() + phase[1:]
        return str(template).replace("{number}", number)


def _capitalise(text: str) -> str:
    """Open the sentence with a capital, past any markup at its start."""
    depth = 0
    for i, char in enumerate(text):
        if char == "[" and text[i - 1:i] != "\\":
            depth += 1
        elif char == "]" and depth:
            depth -= 1
        elif depth == 0 and char.isalpha():
            return text[:i] + char.upper() + text[i + 1:]
        elif depth == 0 and not char.isspace() and char not in "“\"'(":
            return text
    return text
