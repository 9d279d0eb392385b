"""Asking a person at the terminal: numbered choices, yes/no, two picks, talk.

Reading turns a line of input into an answer the engine can check, or into a message saying
why the line was not understood. The engine still has the last word: its `IllegalAnswer`
messages are shown as they are by the caller.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.console import Console

from ..core.edition import Edition
from .render import esc

SKIP_WORDS = frozenset({"0", "skip", "none", "nobody", "no one", "abstain", "pass", "-"})
YES_WORDS = frozenset({"y", "yes", "1", "oui", "ja", "si", "sure"})
NO_WORDS = frozenset({"n", "no", "2", "nope"})


class Quit(Exception):
    """The person asked to leave the table."""


@dataclass
class Unclear:
    """A line that is not an answer: why, said to the person."""

    message: str


NOTHING = Unclear("")  # an empty line: ask again, quietly


def choice_label(edition: Edition, choice: str) -> str:
    role = edition.roles.get(choice)
    return esc(role.name) if role is not None else esc(choice)


def show_choices(console: Console, edition: Edition, choices: Sequence[str],
                 skip: str | None, you: str | None = None) -> None:
    items = [f"[bold cyan]{i}[/] {choice_label(edition, c)}" + (" [dim](you)[/]" if c == you
                                                                 else "")
             for i, c in enumerate(choices, 1)]
    console.print(Columns(items, padding=(0, 3)))
    if skip is not None:
        console.print(f"[bold cyan]0[/] [dim]{esc(skip)}[/]")


def _match(text: str, choices: Sequence[str], edition: Edition) -> str | Unclear | None:
    """One token: a number, a choice's name (or a unique beginning of one)."""
    word = text.strip()
    if word.isdigit():
        number = int(word)
        if 1 <= number <= len(choices):
            return choices[number - 1]
        return Unclear(f"There is no choice {number}: type a number from 1 to {len(choices)}.")
    lowered = word.lower()
    labels = {c: [c.lower(), edition.roles[c].name.lower() if c in edition.roles else c.lower()]
              for c in choices}
    for choice, names in labels.items():
        if lowered in names:
            return choice
    starts = [c for c, names in labels.items() if any(n.startswith(lowered) for n in names)]
    if len(starts) == 1 and len(lowered) >= 2:
        return starts[0]
    return None


def read_pick(text: str, decision: dict[str, Any], edition: Edition,
              players: Sequence[str]) -> Any:
    """A line as the answer to a one-choice decision, or Unclear."""
    word = text.strip()
    if not word:
        return NOTHING
    if word.lower() in SKIP_WORDS:
        return None
    found = _match(word, decision["choices"], edition)
    if isinstance(found, (str, Unclear)):
        return found
    # a player or card not offered: let the engine say why (it knows the reason)
    for name in list(players) + list(edition.roles):
        if name.lower() == word.lower():
            return name
    skip = ", or 0 to skip" if decision["optional"] else ""
    return Unclear(f"I did not understand “{word}”. Type the number of your choice{skip}.")


def read_several(text: str, decision: dict[str, Any], edition: Edition,
                 players: Sequence[str]) -> Any:
    """A line as the answer to a several-choice decision (``1 3``, ``Ada, Bram``)."""
    word = text.strip()
    if not word:
        return NOTHING
    if word.lower() in SKIP_WORDS:
        return None
    whole = _match(word, decision["choices"], edition)
    tokens = [word] if isinstance(whole, str) else [
        t for t in re.split(r"[,\s]+" if "," not in word else r"\s*,\s*", word) if t
    ]
    picked = []
    for token in tokens:
        found = _match(token, decision["choices"], edition)
        if isinstance(found, Unclear):
            return found
        if found is None:
            for name in players:
                if name.lower() == token.lower():
                    found = name
                    break
        if found is None:
            return Unclear(f"I did not understand “{token}”. Type the numbers of your "
                           "choices, separated by spaces (for example: 1 3).")
        picked.append(found)
    count = decision["min"] if decision["min"] == decision["max"] else \
        f"{decision['min']} to {decision['max']}"
    if not decision["min"] <= len(picked) <= decision["max"]:
        return Unclear(f"Pick {count}, not {len(picked)}: type their numbers separated by "
                       "spaces (for example: 1 3).")
    return picked


def read_yes_no(text: str) -> Any:
    word = text.strip().lower()
    if not word:
        return NOTHING
    if word in YES_WORDS:
        return True
    if word in NO_WORDS:
        return False
    if word in SKIP_WORDS:
        return None
    return Unclear(f"Please answer yes or no (y/n), not “{text.strip()}”.")


def read_number(text: str, decision: dict[str, Any]) -> Any:
    """A line as a whole number from the decision's `min` to its `max` (or skip, when the
    question may be skipped)."""
    word = text.strip()
    if not word:
        return NOTHING
    if decision["optional"] and word.lower() in SKIP_WORDS - {"0"}:
        return None
    low, high = decision["min"], decision["max"]
    try:
        number = int(word)
    except ValueError:
        return Unclear(f"Type a whole number from {low} to {high}, not “{word}”.")
    if not low <= number <= high:
        return Unclear(f"Type a whole number from {low} to {high}.")
    return number


def read_free_form(text: str) -> Any:
    word = text.strip()
    if not word:
        return NOTHING
    try:
        return json.loads(word)
    except json.JSONDecodeError:
        return [part.strip() for part in word.split(",") if part.strip()]


class Prompter:
    """Reads lines from the person; a few words work at any prompt (help, table, me, quit)."""

    def __init__(self, console: Console, commands: dict[str, Callable[[], None]]) -> None:
        self.console = console
        self.commands = commands

    def line(self, prompt: str = "> ") -> str:
        while True:
            text = self.console.input(f"[bold cyan]{prompt}[/]")
            word = text.strip().lower()
            if word in ("quit", "exit", ":q"):
                raise Quit
            command = self.commands.get(word)
            if command is None:
                return text
            command()

    def ask(self, read: Callable[[str], Any], hint: str, prompt: str = "> ") -> Any:
        """Ask until `read` returns something other than Unclear."""
        while True:
            value = read(self.line(prompt))
            if value is NOTHING:
                self.console.print(f"[dim]{hint}[/]")
                continue
            if isinstance(value, Unclear):
                self.console.print(f"[yellow]{value.message}[/]")
                continue
            return value
