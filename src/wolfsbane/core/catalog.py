"""What an edition declares as data: its roles, its options, its channels."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import SetupError

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Role:
    id: str
    name: str  # the card's name
    team: str
    description: str  # our own words, shown to the player holding the card
    decisions: tuple[str, ...] = ()
    information: tuple[str, ...] = ()  # what the role is told, e.g. "{player, role}"
    traits: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "team": self.team,
            "decisions": list(self.decisions),
            "information": list(self.information),
            "description": self.description,
        }
        out.update(self.traits)
        return out


# The kinds of option an edition may declare; each has its own control in the web form.
BOOLEAN = "boolean"  # yes or no
INTEGER = "integer"  # a whole number, between `minimum` and `maximum`
NUMBER = "number"  # any finite number, between `minimum` and `maximum`
SECONDS = "seconds"  # a whole number of seconds, between `minimum` and `maximum`
CHOICE = "choice"  # one of `choices`
ROLES = "roles"  # a list of the edition's role ids (each once), where `allows(role)`
VARIANTS = "variants"  # role id -> a variant id of that card, or a list of them
TEXT = "text"  # a short text an edition checks itself (a subclass overrides `check`)
KINDS = (BOOLEAN, INTEGER, NUMBER, SECONDS, CHOICE, ROLES, VARIANTS, TEXT)

_YES = ("yes", "true", "on", "1")
_NO = ("no", "false", "off", "0")
MAX_ITEMS = 64  # entries in a role list or a variant mapping


def words(identifier: str) -> str:
    """'little-girl-sees' -> 'Little girl sees': an id as words, for labels nobody wrote."""
    text = str(identifier).replace("-", " ").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _shown(value: Any) -> str:
    """A value as a person typed it, short: 'abc', 5, true, [...]."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError):
        text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _infer_kind(default: Any, choices: tuple[Any, ...] | None) -> str:
    if choices is not None:
        return CHOICE
    if isinstance(default, bool):
        return BOOLEAN
    if isinstance(default, int):
        return INTEGER
    if isinstance(default, float):
        return NUMBER
    if isinstance(default, dict):
        return VARIANTS
    if isinstance(default, (list, tuple)):
        return ROLES
    return TEXT


@dataclass(frozen=True)
class NightTurn:
    """One call of the night, in the order the edition's moderator calls them: who opens
    their eyes, what they may be asked then, and the words a narrator reads. Every turn is
    called every night of its kind, whether or not its card was dealt, so the calls give
    nothing away."""

    id: str  # a role id, or a group that wakes together ("lovers", "werewolves")
    called: str  # who is called, as read aloud: "Thief", "Werewolves"
    decisions: tuple[str, ...] = ()  # the decisions asked during this turn
    words: str = ""  # the narrator's sentence for the turn
    # what a seat sees happen during the turn, as the terminal names it ("info:center",
    # "team:werewolves", "channel:werewolves", "victim"): it places a told fact in its turn
    signs: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "called": self.called, "decisions": list(self.decisions),
                "words": self.words}


@dataclass(frozen=True)
class Option:
    """An edition's option: what it is called, what it does, and which values it takes.

    `description` is the one-line explanation shown under the control; `label` is its name in
    words (never the id). `validate` refuses anything outside the kind's values with a sentence
    naming the option by its label, and returns the value in its one stored form."""

    id: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # for an enumerated option
    minimum: float | None = None
    maximum: float | None = None
    kind: str = ""  # one of KINDS; inferred from the default when left out
    label: str = ""  # words; the id in words when left out
    choice_labels: tuple[str, ...] | None = None  # words for each choice, in order
    # ROLES and VARIANTS: which of the edition's roles may be named (None: every role)
    allows: Callable[[Role], bool] | None = None
    aliases: tuple[tuple[str, str], ...] = ()  # VARIANTS: other spellings -> the variant id
    zero_words: str = ""  # SECONDS: what 0 means, in words ("untimed")

    def __post_init__(self) -> None:
        if not self.kind:
            object.__setattr__(self, "kind", _infer_kind(self.default, self.choices))
        if self.kind not in KINDS:
            raise ValueError(f"option {self.id}: unknown kind {self.kind!r}")
        if not self.label:
            object.__setattr__(self, "label", words(self.id))

    @property
    def explanation(self) -> str:
        return self.description

    # -- checking a value --------------------------------------------------------------------

    def validate(self, value: Any, roles: Mapping[str, Role] | None = None) -> Any:
        """The value in its stored form, or SetupError with a sentence for a person."""
        check = _CHECK_BY_KIND.get(self.kind)
        if check is not None:
            return getattr(self, check)(value)
        if self.kind == ROLES:
            return self._roles(value, roles)
        return self._variants(value, roles)

    def refuse(self, needs: str, value: Any) -> SetupError:
        return SetupError(f"{self.label} takes {needs}, not {_shown(value)}.")

    def _boolean(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _YES:
            return True
        if isinstance(value, str) and value.strip().lower() in _NO:
            return False
        raise self.refuse("yes or no (true or false)", value)

    def _bounds_text(self, unit: str = "") -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f" from {low:g} to {high:g}{unit}"
        if low is not None:
            return f" of at least {low:g}{unit}"
        if high is not None:
            return f" of at most {high:g}{unit}"
        return unit

    def _finite(self, value: Any, needs: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise self.refuse(needs, value)
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            raise self.refuse(needs, value) from None
        if not math.isfinite(number):
            raise self.refuse(needs, value)
        if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum):
            raise self.refuse(needs, value)
        return number

    def _whole(self, value: Any) -> int:
        unit = " seconds" if self.kind == SECONDS else ""
        needs = f"a whole number{self._bounds_text(unit)}"
        number = self._finite(value, needs)
        if not number.is_integer():
            raise self.refuse(needs, value)
        return int(number)

    def _number(self, value: Any) -> float:
        return self._finite(value, f"a number{self._bounds_text()}")

    def _choice(self, value: Any) -> Any:
        for choice in self.choices or ():
            if value == choice and type(value) is type(choice):
                return choice
        names = " or ".join(self.labels_of_choices())
        raise self.refuse(f"one of: {names}", value)

    def check_text(self, value: Any) -> Any:
        """TEXT: a short text; an edition with a format of its own overrides this."""
        if not isinstance(value, str) or len(value) > 200:
            raise self.refuse("a short text", value)
        return value

    def labels_of_choices(self) -> list[str]:
        choices = list(self.choices or ())
        if self.choice_labels and len(self.choice_labels) == len(choices):
            return list(self.choice_labels)
        return [words(str(c)) for c in choices]

    def allowed_roles(self, roles: Mapping[str, Role]) -> list[Role]:
        return [role for role in roles.values() if self.allows is None or self.allows(role)]

    def _role(self, role_id: Any, roles: Mapping[str, Role] | None) -> Role | None:
        if not isinstance(role_id, str):
            raise self.refuse("role names", role_id)
        if roles is None:
            return None
        role = roles.get(role_id)
        if role is None or (self.allows is not None and not self.allows(role)):
            raise SetupError(f"{self.label}: there is no card {_shown(role_id)} to choose here.")
        return role

    def _roles(self, value: Any, roles: Mapping[str, Role] | None) -> list[str]:
        if isinstance(value, str):  # "healer, witch" typed on a command line
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, (list, tuple)):
            raise self.refuse("a list of cards", value)
        if len(value) > MAX_ITEMS:
            raise SetupError(f"{self.label} takes at most {MAX_ITEMS} cards.")
        chosen: list[str] = []
        for role_id in value:
            self._role(role_id, roles)
            if role_id not in chosen:
                chosen.append(role_id)
        return chosen

    def canonical_variant(self, variant_id: str) -> str:
        return dict(self.aliases).get(variant_id, variant_id)

    def _variants(self, value: Any, roles: Mapping[str, Role] | None) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.refuse("a card variant for each card named", value)
        if len(value) > MAX_ITEMS:
            raise SetupError(f"{self.label} names at most {MAX_ITEMS} cards.")
        chosen: dict[str, Any] = {}
        for role_id, picked in value.items():
            role = self._role(role_id, roles)
            wanted = [picked] if isinstance(picked, str) else picked
            if not isinstance(wanted, (list, tuple)) or len(wanted) > MAX_ITEMS:
                raise self.refuse(f"variant names for {role.name if role else role_id}", picked)
            known = list(role.traits.get("variants") or ()) if role is not None else None
            ids: list[str] = []
            for variant_id in wanted:
                if not isinstance(variant_id, str):
                    raise self.refuse("variant names", variant_id)
                canonical = self.canonical_variant(variant_id)
                if known is not None and canonical not in known:
                    offered = ", ".join(words(v) for v in known) or "none"
                    raise SetupError(
                        f"{role.name if role else role_id} has no variant {_shown(variant_id)}; "
                        f"its variants: {offered}.")
                if canonical not in ids:
                    ids.append(canonical)
            if ids:
                chosen[role_id] = ids[0] if isinstance(picked, str) else ids
        return chosen

    # -- what a client is told ------------------------------------------------------------------

    def schema(self, roles: Mapping[str, Role]) -> dict[str, Any]:
        """The option as `/api/editions` describes it, for a form to render a control."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "label": self.label,
            "explanation": self.description,
            "description": self.description,
            "default": self.default,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": None,
        }
        if self.kind == CHOICE:
            out["choices"] = [{"id": c, "label": label} for c, label in
                              zip(self.choices or (), self.labels_of_choices(), strict=True)]
        elif self.kind == ROLES:
            out["choices"] = [{"id": role.id, "label": role.name}
                              for role in self.allowed_roles(roles)]
        elif self.kind == VARIANTS:
            out["choices"] = [
                {"id": role.id, "label": role.name,
                 "variants": [{"id": v, "label": words(v)} for v in role.traits["variants"]]}
                for role in self.allowed_roles(roles) if role.traits.get("variants")]
        return out

    def describe_value(self, value: Any, roles: Mapping[str, Role]) -> str:
        """The value in words, for the lobby's settings: 'yes', '20%', 'Healer, Witch'."""
        if self.kind == BOOLEAN:
            return "yes" if value else "no"
        if self.kind == CHOICE:
            for choice, label in zip(self.choices or (), self.labels_of_choices(), strict=True):
                if choice == value:
                    return label
            return str(value)
        if self.kind == SECONDS:
            return self.zero_words if value == 0 and self.zero_words else f"{value} s"
        if self.kind == ROLES:
            return ", ".join(roles[r].name if r in roles else str(r) for r in value) or "none"
        if self.kind == VARIANTS:
            parts = []
            for role_id, picked in (value or {}).items():
                ids = [picked] if isinstance(picked, str) else list(picked)
                name = roles[role_id].name if role_id in roles else str(role_id)
                parts.append(f"{name}: {', '.join(words(v) for v in ids)}")
            return "; ".join(parts) or "none"
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)


@dataclass(frozen=True)
class Channel:
    """A place to talk: who hears it, when it is open, and who overhears it without names."""

    name: str
    members: Callable[[Game], Iterable[str]]
    is_open: Callable[[Game], bool]
    eavesdroppers: Callable[[Game], Iterable[str]] = lambda game: ()
    max_messages: int | None = None  # per seat per phase
    max_length: int = 500
    # optional: (max_messages, max_length) read from the game, for limits set by an option
    limits: Callable[[Game], tuple[int | None, int]] | None = None

    def limits_in(self, game: Game) -> tuple[int | None, int]:
        """(messages per seat per phase, characters per message) in this game."""
        if self.limits is not None:
            return self.limits(game)
        return self.max_messages, self.max_length


# The method checking a value of each simple kind of option (role lists and variants need
# the catalog as well).
_CHECK_BY_KIND = {
    BOOLEAN: "_boolean", INTEGER: "_whole", SECONDS: "_whole", NUMBER: "_number",
    CHOICE: "_choice", TEXT: "check_text",
}

_IMMUTABLE = frozenset({bool, int, float, str, type(None)})

# Each edition's defaults, read off its options once rather than at every game: by the id of
# the options' mapping, (that mapping, the defaults in its order, the names whose default can
# be changed in place). The mapping is kept with them, so that an id reused by another is
# never taken for one already read; an edition's options are a constant of its class, so a
# handful are kept, and any number beyond it starts the memory afresh.
_DEFAULTS: dict[int, tuple[Mapping[str, Option], dict[str, Any], tuple[str, ...]]] = {}
_DEFAULTS_KEPT = 64


def _defaults(specs: Mapping[str, Option]) -> tuple[dict[str, Any], tuple[str, ...]]:
    kept = _DEFAULTS.get(id(specs))
    if kept is None or kept[0] is not specs:
        if len(_DEFAULTS) >= _DEFAULTS_KEPT:
            _DEFAULTS.clear()
        kept = _DEFAULTS[id(specs)] = (
            specs, {key: spec.default for key, spec in specs.items()},
            tuple(key for key, spec in specs.items() if type(spec.default) not in _IMMUTABLE))
    return kept[1], kept[2]


def resolve_options(specs: Mapping[str, Option], given: Mapping[str, Any] | None,
                    roles: Mapping[str, Role] | None = None) -> dict[str, Any]:
    """Every option's value: the defaults, with each given value checked against its option's
    kind (and, for role lists and variants, against `roles`, the edition's catalog)."""
    if given is not None and not isinstance(given, Mapping):
        raise SetupError("the options must be given as names and values")
    defaults, changeable = _defaults(specs)
    options = defaults.copy()
    # a default that can be changed in place (a card list) is copied for each game; the
    # others are shared as they are (copying them costs every game for nothing)
    for key in changeable:
        options[key] = copy.deepcopy(options[key])
    for key, value in (given or {}).items():
        if key not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise SetupError(f"There is no option {_shown(key)} here; the options are: "
                             f"{known}.")
        options[key] = specs[key].validate(value, roles)
    return options
