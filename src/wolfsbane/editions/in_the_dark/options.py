"""The edition's options: the clocks, the checks, the Wolf Pack's variant, the ghost tokens
and the group's own cards."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core import Option, Role, SetupError
from ...core.catalog import BOOLEAN, CHOICE, SECONDS, TEXT
from .cards import own_cards

DEFAULT_POOL = [f"ghost-{number}" for number in range(1, 16)]  # the Wolf Pack's 15 tokens
NO_LONGER_A_MINORITY = "no-longer-a-minority"
MAX_TOKENS = 60


@dataclass(frozen=True)
class GhostPool(Option):
    """`ghost-pool`: the group's ghost tokens, a list of names (or one text of names separated
    by commas), at least two, each once: the ids a scenario pins, and what the table reads."""

    def check_text(self, value: Any) -> Any:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise self.refuse("a list of ghost tokens", value)
        if len(value) > MAX_TOKENS:
            raise SetupError(f"{self.label}: at most {MAX_TOKENS} tokens.")
        tokens: list[str] = []
        for token in (v.strip() for v in value):
            if not token or len(token) > 40 or not token.isprintable() or "," in token:
                raise SetupError(f"{self.label}: each token has a name of 1 to 40 letters, "
                                 "digits or signs, without commas.")
            if token in tokens:
                raise SetupError(f"{self.label}: the token {token} is named twice.")
            tokens.append(token)
        if len(tokens) < 2:
            raise SetupError(f"{self.label}: at least two tokens, since each ghost draws two.")
        return tokens

    def describe_value(self, value: Any, roles: Mapping[str, Role]) -> str:
        return ", ".join(str(token) for token in value or ()) or "none"


@dataclass(frozen=True)
class MonstersWin(Option):
    """`monsters-win`: a choice that also takes the rulebooks' other words for the original
    rule ("minority": once no longer a minority)."""

    def validate(self, value: Any, roles: Mapping[str, Role] | None = None) -> Any:
        if value in ("minority", "not-a-minority", "no-longer-minority"):
            value = NO_LONGER_A_MINORITY
        return super().validate(value, roles)


@dataclass(frozen=True)
class OwnCards(Option):
    """`cards`: the group's own cards, a list of {name, faction, dagger, knows, dusk, win}
    (or the same as JSON text)."""

    def check_text(self, value: Any) -> Any:
        if isinstance(value, str):
            if len(value) > 20_000:
                raise SetupError(f"{self.label}: the list is too long.")
            try:
                value = json.loads(value) if value.strip() else []
            except ValueError:
                raise self.refuse("a list of cards written as JSON", value) from None
        return own_cards(value)

    def describe_value(self, value: Any, roles: Mapping[str, Role]) -> str:
        return ", ".join(f"{card['name']} ({card['faction']})" for card in value or ()) \
            or "none"


OPTIONS: dict[str, Option] = {
    "know-seconds": Option(
        "know-seconds", 20, "How long the guide gives each call of the Know phase (eyes open, "
        "look, eyes closed) before the lights go out and the night's countdown starts.",
        minimum=0, maximum=120, kind=SECONDS, label="Time for each Know call",
        zero_words="the night follows at once"),
    "night-seconds": Option(
        "night-seconds", 480, "How long a night lasts at most: it ends sooner when a body is "
        "found.", minimum=10, maximum=3600, kind=SECONDS, label="Length of the night"),
    "day-seconds": Option(
        "day-seconds", 60, "How long the village talks before the count of three and the vote.",
        minimum=10, maximum=3600, kind=SECONDS, label="Length of the day"),
    "ghost-wait-seconds": Option(
        "ghost-wait-seconds", 30, "How long the ghosts wait in the sanctuary before they may "
        "leave it at night.", minimum=0, maximum=600, kind=SECONDS,
        label="Ghosts' wait in the sanctuary", zero_words="no wait"),
    "app-checks-end": Option(
        "app-checks-end", True, "The app checks whether the game is over when a night ends, "
        "after an execution and at each dusk, instead of the raised hands (without it, the "
        "end is found at dusk only).", kind=BOOLEAN, label="The app checks the end"),
    "show-know-on-phones": Option(
        "show-know-on-phones", False, "Each knowing character's phone also shows whom they "
        "know.", kind=BOOLEAN, label="Show whom you know on your phone"),
    "mystery-roles": Option(
        "mystery-roles", False, "The deck is not shown face up, and every possible knowing "
        "or dusk character is called.", kind=BOOLEAN, label="Mystery roles"),
    "monsters-win": MonstersWin(
        "monsters-win", NO_LONGER_A_MINORITY, "When the monsters win: once they are no "
        "longer a minority (the original rules), or only once they are strictly the majority "
        "(the Wolf Pack edition).", choices=(NO_LONGER_A_MINORITY, "majority"), kind=CHOICE,
        label="The monsters win", choice_labels=("when no longer a minority",
                                                 "when strictly the majority")),
    "ghost-pool": GhostPool(
        "ghost-pool", DEFAULT_POOL, "The group's ghost tokens, each named once: each new "
        "ghost draws two and keeps one.", kind=TEXT, label="Ghost tokens"),
    "cards": OwnCards(
        "cards", [], "The group's own cards: name, faction, dagger, whom it knows, dusk "
        "ability and win.", kind=TEXT, label="Own cards"),
}
