"""What an edition declares as data: its roles, its options, its channels."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


@dataclass(frozen=True)
class Option:
    id: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # for an enumerated option
    minimum: float | None = None
    maximum: float | None = None

    def validate(self, value: Any) -> Any:
        default = self.default
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(map(str, self.choices))
                raise SetupError(f"option '{self.id}' takes one of {allowed}, not {value!r}")
            return value
        if isinstance(default, bool):
            if isinstance(value, str) and value.lower() in ("yes", "true", "on", "1"):
                return True
            if isinstance(value, str) and value.lower() in ("no", "false", "off", "0"):
                return False
            if not isinstance(value, bool):
                raise SetupError(f"option '{self.id}' takes true or false, not {value!r}")
            return value
        if isinstance(default, (int, float)):
            try:
                number = type(default)(value)
            except (TypeError, ValueError):
                raise SetupError(f"option '{self.id}' takes a number, not {value!r}") from None
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise SetupError(
                    f"option '{self.id}' must be between {self.minimum} and {self.maximum}"
                )
            return number
        if isinstance(default, dict):
            if not isinstance(value, dict):
                raise SetupError(f"option '{self.id}' takes a mapping, not {value!r}")
            return dict(value)
        return value


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


def resolve_options(specs: dict[str, Option], given: dict[str, Any] | None) -> dict[str, Any]:
    options = {key: spec.default for key, spec in specs.items()}
    for key, value in (given or {}).items():
        if key not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise SetupError(f"unknown option '{key}'; this edition's options are: {known}")
        options[key] = specs[key].validate(value)
    return options
