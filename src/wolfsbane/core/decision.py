"""Decisions: one question the engine asks one seat, and the validation of its answer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from .compiled import mypyc_attr
from .errors import IllegalAnswer

if TYPE_CHECKING:
    from .player import Player

UNANSWERED: Final[Any] = object()

PICK: Final = "pick"  # choose from `choices`; max == 1 answers a name, max > 1 a list
YES_NO: Final = "yes-no"
ARRANGE: Final = "arrange"  # a free-form answer checked by `check` (a deal, a bag of characters)
TIME: Final = "time"  # a clock's: its only answer is that the time is up

# The reserved seat that keeps time: its decisions are answered when their `seconds` run out
# (by the server's wall clock, the scenario runner or the bot driver), and the answer is
# logged like any other, so replay and crash recovery stay exact. Never a seat name.
CLOCK: Final = "clock"
NUMBER: Final = "number"  # a whole number from `min` to `max` (how many neighbours are evil...)
# one answer per named part, each its own decision: {player: PICK, role: PICK}
PARTS: Final = "parts"

# `Decision.since`: the decision's `seconds` count from the beginning of its phase
PHASE: Final = "phase"

_NO_WORDS: Final = frozenset({"no", "none", "skip", "abstain", "pass", ""})
_YES_WORDS: Final = frozenset({"yes", "y", "true"})


def _describe(choices: Sequence[str], limit: int = 12) -> str:
    if len(choices) > limit:
        return ", ".join(choices[:limit]) + f" (and {len(choices) - limit} more)"
    return ", ".join(choices)


# A compiled build (mypyc) lets editions that stay interpreted subclass it (Werewolf in the
# Dark's body found).
@mypyc_attr(allow_interpreted_subclasses=True)
class Decision:
    """One seat's open question. The flow yields it; the seat's answer is sent back.

    `optional` decisions may be skipped (the answer is then `default`); a required one must be
    answered with a legal choice. `forbidden` maps a choice that is not offered to the reason, so
    that trying it gets an explanation rather than a bare "not allowed".

    A `NUMBER` takes a whole number from `min` to `max`. `PARTS` takes a mapping with one
    answer for each of `parts` (name -> the decision that part is). `truth` is what the rules
    say is so (the number a Clocktower storyteller would give a sober, healthy Empath): only
    the storyteller's view shows it, beside the `suggestion`.

    `lapse` is what the rules say running out of time answers (a ballot not cast in time is
    no vote); whoever keeps the clock answers it with `timeout`, and the game accepts it then
    even where the seat itself could not skip the question.
    """

    __slots__ = (
        "id",
        "seat",
        "name",
        "kind",
        "choices",
        "min",
        "max",
        "optional",
        "default",
        "prompt",
        "about",
        "phase",
        "suggestion",
        "answer",
        "forbidden",
        "required_reason",
        "check",
        "audience",
        "standing",
        "seconds",
        "since",
        "lapse",
        "parts",
        "truth",
        "reason",
        "_choice_set",
    )

    def __init__(
        self,
        seat: str | Player,
        name: str,
        choices: Sequence[str] = (),
        # Everything below is passed by name. It is not keyword-only (no `*`) because Python
        # looks each keyword-only default up in a dictionary at every call, and a flow asks
        # all the time: these defaults are copied from a tuple instead.
        kind: str = PICK,
        min: int = 1,
        max: int = 1,
        optional: bool = False,
        default: Any = None,
        prompt: str = "",
        about: str | None = None,
        forbidden: dict[str, str] | None = None,
        required_reason: str = "",
        check: Callable[[Any], Any] | None = None,
        audience: frozenset[str] | None = None,
        standing: bool = False,
        seconds: float | None = None,
        since: str | None = None,
        lapse: Any = UNANSWERED,
        parts: dict[str, Decision] | None = None,
        truth: Any = None,
        reason: str = "",
    ) -> None:
        self.id = 0
        self.seat: str = seat if type(seat) is str else seat.name  # type: ignore[union-attr]
        self.name = name
        self.kind = kind
        self.choices = tuple(choices) if kind != YES_NO else ("yes", "no")
        self.min = min
        self.max = max
        self.optional = optional
        self.default = default
        self.prompt = prompt
        self.about = about
        self.phase = ""
        self.suggestion: Any = None
        self.answer: Any = UNANSWERED
        self.forbidden = forbidden
        self.required_reason = required_reason
        self.check = check
        self.audience = audience
        # standing: open across steps while the flow keeps offering it ("I am dead", "body
        # found", "nominate"); it is never timed out on its own, only withdrawn
        self.standing = standing
        self.seconds = seconds  # how long the seat has to answer, when the rules say so
        # where the `seconds` count from: None, from the moment it is asked; PHASE, from the
        # beginning of its phase (the night's clock, so that a fast night lasts as a slow one)
        self.since = since
        # what running out of time answers, where the rules say so (a ballot not cast in time
        # is no vote), even for a question that may not be skipped; UNANSWERED: they do not
        self.lapse = lapse
        self.parts = parts
        self.truth = truth
        # why the suggestion is what it is, in one sentence a storyteller reads ("Empath is
        # poisoned by the No Dashii: suggest 1, the truth is 0"): the storyteller's eyes only
        self.reason = reason
        self._choice_set: frozenset[str] | None = None

    @property
    def answered(self) -> bool:
        return self.answer is not UNANSWERED

    # -- validation --------------------------------------------------------------------------

    def validate(self, value: Any) -> Any:
        """Return the canonical form of `value`, or raise IllegalAnswer saying why not."""
        kind = self.kind
        if kind == PICK and self.max == 1:
            # The common case first: one offered name, or skipping an optional pick.
            # (a question offers a handful of names, mostly answered once: looking through
            # them is quicker than making a set of them first)
            if type(value) is str and value in self.choices:
                return value
            elif value is None and self.optional:
                return self.default
        try:
            if kind == YES_NO:
                return self._yes_no(value)
            if kind == TIME:
                return self._time_up(value)
            if kind == ARRANGE:
                if self.check is None:
                    return value
                return self.check(value)
            if kind == NUMBER:
                return self._whole_number(value)
            if kind == PARTS:
                return self._parts(value)
            if self.max == 1:
                return self._single(value)
            return self._several(value)
        except TypeError:  # unhashable garbage (a mapping, a set, a list inside a list...)
            raise IllegalAnswer("That is not an answer to this question.", "bad-answer",
                                decision=self.name) from None

    def _time_up(self, value: Any) -> bool:
        if value is None or value is True:
            return True
        raise IllegalAnswer("A clock is only ever told that its time is up.", "bad-answer",
                            decision=self.name)

    def _skip(self) -> Any:
        if self.optional:
            return self.default
        reason = self.required_reason or "it must be answered"
        raise IllegalAnswer(f"This question cannot be skipped: {reason}.", "must-answer",
                            decision=self.name, reason=reason)

    def _yes_no(self, value: Any) -> bool:
        if value is True or value is False:
            return value
        if isinstance(value, str):
            word = value.strip().lower()
            if word in _YES_WORDS:
                return True
            if word in _NO_WORDS:
                return False
        if value is None:
            if self.optional:
                return bool(self.default)
            return bool(self._skip())  # _skip raises for a required question
        raise IllegalAnswer("Answer yes or no.", "yes-or-no", decision=self.name)

    def _whole_number(self, value: Any) -> int | None:
        if value is None or (isinstance(value, str) and not value.strip()):
            skipped: int | None = self._skip()
            return skipped
        number: int | None = None
        if type(value) is int:
            number = value
        elif isinstance(value, float) and value.is_integer():
            number = int(value)
        elif isinstance(value, str):
            text = value.strip()
            digits = text[1:] if text.startswith("-") else text
            if digits.isascii() and digits.isdecimal():
                number = int(text)
        if number is None or not self.min <= number <= self.max:
            raise IllegalAnswer(f"Give a whole number from {self.min} to {self.max}.",
                                "number-range", decision=self.name, min=self.min,
                                max=self.max)
        return number

    def _parts(self, value: Any) -> dict[str, Any] | None:
        parts = self.parts or {}
        if value is None and self.optional:
            default: dict[str, Any] | None = self.default
            return default
        if not isinstance(value, dict):
            raise IllegalAnswer(f"Answer each part: {', '.join(parts)}.", "answer-each-part",
                                decision=self.name, parts=list(parts))
        unknown = [key for key in value if key not in parts]
        if unknown:
            shown = str(unknown[0]) if str(unknown[0]).isprintable() else "That"
            raise IllegalAnswer(
                f"{shown} is not a part of this question; its parts are {', '.join(parts)}.",
                "not-a-part", decision=self.name, part=shown, parts=list(parts))
        out: dict[str, Any] = {}
        for name, part in parts.items():
            try:
                out[name] = part.validate(value.get(name))
            except IllegalAnswer as refusal:
                raise IllegalAnswer(f"For the {name}: {refusal}", refusal.code,
                                    **refusal.params) from None
        return out

    def _is_skip(self, value: Any) -> bool:
        return (
            value is None
            or value is False
            or (isinstance(value, str) and value.strip().lower() in _NO_WORDS)
            or (isinstance(value, (list, tuple)) and len(value) == 0)
        )

    def _allowed(self, choice: Any) -> bool:
        if self._choice_set is None:
            self._choice_set = frozenset(self.choices)
        return choice in self._choice_set

    def _reject(self, choice: Any) -> IllegalAnswer:
        if self.forbidden and choice in self.forbidden:
            reason = self.forbidden[choice]
            return IllegalAnswer(f"You may not choose {choice}: {reason}.", "forbidden-choice",
                                 decision=self.name, choice=choice, reason=reason)
        options = _describe(self.choices)
        skip = ", or skip it" if self.optional else ""
        shown = choice if isinstance(choice, str) and choice.isprintable() else "That"
        return IllegalAnswer(
            f"{shown} is not one of the choices: choose one of {options}{skip}.",
            "not-a-choice-or-skip" if self.optional else "not-a-choice",
            decision=self.name, choice=shown, choices=list(self.choices))

    def _single(self, value: Any) -> Any:
        if self._is_skip(value) and not self._allowed(value):
            return self._skip()
        if isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]
        if not self._allowed(value):
            raise self._reject(value)
        return value

    def _several(self, value: Any) -> Any:
        if self._is_skip(value):
            return self._skip()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise IllegalAnswer("Give a list of choices.", "not-a-list", decision=self.name)
        picked = list(value)
        if len(set(picked)) != len(picked):
            raise IllegalAnswer("The same choice may not be named twice.",
                                "same-choice-twice", decision=self.name)
        if not self.min <= len(picked) <= self.max:
            count = str(self.min) if self.min == self.max else f"{self.min} to {self.max}"
            raise IllegalAnswer(f"Pick {count}, not {len(picked)}.", "how-many",
                                decision=self.name, count=count, number=len(picked))
        for choice in picked:
            if not self._allowed(choice):
                raise self._reject(choice)
        return picked

    # -- presentation ------------------------------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "choices": list(self.choices),
            "min": self.min,
            "max": self.max,
            "optional": self.optional,
            "default": self.default,
            "prompt": self.prompt,
            "phase": self.phase,
        }
        if self.about is not None:
            out["about"] = self.about
        if self.suggestion is not None:
            out["suggestion"] = self.suggestion
        if self.standing:
            out["standing"] = True
        if self.seconds is not None:
            out["seconds"] = self.seconds
        if self.since is not None:
            out["since"] = self.since
        if self.parts is not None:
            out["parts"] = {name: part.as_dict() for name, part in self.parts.items()}
        return out

    def as_dict_for_storyteller(self) -> dict[str, Any]:
        """`as_dict()` with the `truth` beside the suggestion: for the storyteller's eyes."""
        out = self.as_dict()
        if self.truth is not None:
            out["truth"] = self.truth
        if self.reason:
            out["reason"] = self.reason
        return out

    def detached(self, truth: bool = False) -> Decision:
        """A copy that shares nothing an agent could change with the game: the decision as a
        client rebuilds it from `as_dict()` (`from_dict`), with the `truth` only when asked
        for (the storyteller's copy), made without the dicts between (bots are handed one
        for every question of every simulated game)."""
        # (through the constructor: a compiled build makes its objects no other way)
        copy = Decision(
            self.seat, self.name, self.choices, self.kind, self.min, self.max,
            self.optional, _detached_value(self.default), self.prompt, self.about,
            None, "", None, None, self.standing, self.seconds, self.since, UNANSWERED,
            None if self.parts is None else
            {name: part.detached(truth) for name, part in self.parts.items()},
            _detached_value(self.truth) if truth else None, self.reason if truth else "")
        copy.id = self.id
        copy.phase = self.phase
        copy.suggestion = _detached_value(self.suggestion)
        return copy

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """A decision rebuilt from `as_dict()` (what a client receives), for agents that play
        over the wire and answer with the same code as local bots."""
        decision = cls(data["seat"], data["name"], data["choices"], kind=data["kind"],
                       min=data["min"], max=data["max"], optional=data["optional"],
                       default=data["default"], prompt=data.get("prompt", ""),
                       about=data.get("about"), standing=bool(data.get("standing")),
                       seconds=data.get("seconds"), since=data.get("since"),
                       parts={name: cls.from_dict(part)
                              for name, part in data["parts"].items()}
                       if "parts" in data else None,
                       truth=data.get("truth"), reason=data.get("reason", ""))
        decision.id = data["id"]
        decision.phase = data.get("phase", "")
        decision.suggestion = data.get("suggestion")
        return decision

    def __repr__(self) -> str:
        return f"Decision(#{self.id} {self.seat}:{self.name} {self.choices})"


class AnyOf:
    """`decision, answer = yield game.any_of(decisions)`: the flow resumes on the FIRST answer.
    The others stay open while the flow offers them again (the same objects keep their ids)
    and are withdrawn when it does not."""

    __slots__ = ("decisions",)

    def __init__(self, decisions: Sequence[Decision]) -> None:
        self.decisions = tuple(decisions)
        if not self.decisions:
            raise ValueError("any_of needs at least one decision to wait on")


_IMMUTABLE: Final = frozenset({str, int, float, bool, type(None), tuple, frozenset})


def _detached_value(value: Any) -> Any:
    """`value` itself when nothing in it can change, else a deep copy."""
    if type(value) in _IMMUTABLE and (type(value) is not tuple or
                                      all(type(v) in _IMMUTABLE for v in value)):
        return value
    import copy  # rare: only answers made of lists or mappings (a deal, a composite truth)

    return copy.deepcopy(value)
