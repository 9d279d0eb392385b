"""A table that keeps time for the engine, as the server does, in simulated seconds: every
open question runs out at its deadline (counted from when it was asked, or from its phase's
beginning), each seat answers at its own pace within its window, and every clock is answered
when it runs out. It notes when, into each night, each seat was first asked or told anything,
so that tests can compare what a seat could learn from the timing of its night."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wolfsbane.agents import random_answer
from wolfsbane.core import Game
from wolfsbane.core.decision import CLOCK, PHASE, Decision

DECISION = 20.0  # the window of a question that carries none (the server's decision timer)

# how much of its window a seat takes to answer a question
Pace = Callable[[Decision], float]


def fast(decision: Decision) -> float:
    return 0.02


def slow(decision: Decision) -> float:
    return 0.95


@dataclass
class Contact:
    """Something a seat was asked or told during a night, and when."""

    offset: float  # seconds since the night began
    clocks: int  # how many clocks had run out in the night before
    what: str  # the decision's name, or the event's kind


@dataclass
class TimedTable:
    game: Game
    pace: dict[str, Pace] = field(default_factory=dict)  # by seat; others are fast
    now: float = 0.0
    asked_at: dict[int, float] = field(default_factory=dict)
    began: dict[str, float] = field(default_factory=dict)  # phase -> when it began
    # (seat, night) -> what the seat was asked or told in that night, in order
    nights: dict[tuple[str, str], list[Contact]] = field(default_factory=dict)
    # night -> each living seat's card as the night began
    cards: dict[str, dict[str, str]] = field(default_factory=dict)
    clocks: dict[str, int] = field(default_factory=dict)  # phase -> clocks run out in it
    questions: set[str] = field(default_factory=set)  # the names of the questions asked
    _events_seen: int = 0

    def deadline(self, decision: Decision) -> float:
        if decision.since == PHASE and decision.seconds is not None:
            return self.began[decision.phase] + decision.seconds
        asked = self.asked_at[decision.id]
        return asked + (decision.seconds if decision.seconds is not None else DECISION)

    def _observe(self) -> None:
        game = self.game
        night = game.edition.is_night(game.phase)
        for event in game.events[self._events_seen:]:
            if event.kind == "PhaseBegan":
                phase = event.data["phase_name"]
                self.began[phase] = self.now
                # as each seat holds it (a Marionette believes her good character)
                self.cards[phase] = {p.name: game.edition.role_shown_to_self(p)
                                     for p in game.players if p.alive}
                continue
            if not game.edition.is_night(event.phase):
                continue
            # what a seat is told names its subject (Clocktower: "a Widow is in play" comes at
            # the Widow's step): the moment it comes may depend on that, which it tells anyway
            about = event.data.get("about")
            what = event.kind if about is None else f"{event.kind}:{about}"
            for player in game.players:
                if event.visible_to(player.name):
                    self._note(player.name, event.phase, what)
        self._events_seen = len(game.events)
        for decision in game.open.values():
            if decision.id not in self.asked_at:
                self.asked_at[decision.id] = self.now
                if night and decision.seat in game.by_name:
                    self.questions.add(decision.name)
                    self._note(decision.seat, decision.phase, decision.name)

    def _note(self, seat: str, phase: str, what: str) -> None:
        self.nights.setdefault((seat, phase), []).append(
            Contact(round(self.now - self.began[phase], 6), self.clocks.get(phase, 0), what))

    def when(self, decision: Decision) -> tuple[float, int]:
        deadline = self.deadline(decision)
        if decision.seat == CLOCK:
            return (deadline, 1)
        asked = self.asked_at[decision.id]
        pace = self.pace.get(decision.seat, fast)(decision)
        return (asked + pace * max(0.0, deadline - asked), 0)

    def play(self, answer: Callable[[Decision], Any], steps: int = 20000,
             until: str | None = None) -> None:
        """Play to the game's end (or until the phase `until` begins)."""
        game = self.game
        self._observe()
        for _ in range(steps):
            if game.over or game.phase == until:
                return
            decision = min(game.open.values(), key=self.when)
            self.now = max(self.now, self.when(decision)[0])
            value = True if decision.seat == CLOCK else answer(decision)
            if decision.seat == CLOCK:
                self.clocks[decision.phase] = self.clocks.get(decision.phase, 0) + 1
            game.answer(decision.id, value, seat=decision.seat)
            self._observe()
        raise AssertionError("the game did not end")


def seeded_answers(seed: int) -> Callable[[Decision], Any]:
    """Answers that depend on the game's seed and the question alone, never on when it is
    answered: two tables that differ only in pace play the very same game."""
    def answer(decision: Decision) -> Any:
        return random_answer(decision, random.Random(f"{seed}:{decision.id}:{decision.seat}"))
    return answer
