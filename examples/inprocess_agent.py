"""An in-process agent: it remembers every accusation it hears and votes with the crowd.

    wolfsbane arena --seat sdk:examples.inprocess_agent:CrowdFollower --seat heuristic ...
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from wolfsbane.agents import Agent, SeatView, random_answer
from wolfsbane.core import Decision
from wolfsbane.core.events import Event


class CrowdFollower(Agent):
    def __init__(self, seat: str, rng: random.Random | None = None) -> None:
        super().__init__(seat, rng)  # required: it sets the seat, the rng and the cursor
        self.accusations: Counter[str] = Counter()

    def observe(self, events: list[Event]) -> None:
        for event in events:  # read-only copies: event.data cannot be changed
            message = event.data.get("message")
            if event.kind == "Said" and isinstance(message, dict) \
                    and message.get("type") in ("accuse", "vote") and message.get("player"):
                self.accusations[message["player"]] += 1

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        if decision.kind == "pick" and decision.max == 1 and "vote" in decision.name:
            named = [p for p, _ in self.accusations.most_common()
                     if p in decision.choices and p != self.seat]
            if named:
                return named[0]
        return random_answer(decision, self.rng)  # any legal answer (lists, yes-no, numbers)

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        if not self.accusations or channel != "village":  # not the pack's night channel
            return []  # a list of messages: say nothing
        target, _ = self.accusations.most_common(1)[0]
        return [] if target == self.seat else [{"type": "accuse", "player": target}]
