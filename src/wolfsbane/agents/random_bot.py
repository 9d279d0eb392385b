"""A bot that answers uniformly at random among the legal answers: for fuzzing and baselines."""

from __future__ import annotations

from typing import Any

from ..core import ARRANGE, PICK, YES_NO, Decision
from ..core.compiled import mypyc_attr
from ..core.decision import NUMBER, PARTS
from .base import Agent, SeatView


def random_answer(decision: Decision, rng: Any) -> Any:
    """A uniformly random legal answer (skipping counts as one choice when allowed)."""
    kind = decision.kind
    if kind != PICK:  # picks are most questions by far: one comparison for them
        if kind == YES_NO:
            return rng.random() < 0.5
        if kind == ARRANGE:
            return decision.suggestion
        if kind == NUMBER:
            if decision.optional and rng.random() < 0.1:
                return None
            return rng.randint(decision.min, decision.max)
        if kind == PARTS:
            parts = decision.parts or {}
            return {name: random_answer(part, rng) for name, part in parts.items()}
    choices = decision.choices
    if decision.max == 1:
        if decision.optional:
            pick = int(rng.random() * (len(choices) + 1))
            return choices[pick] if pick < len(choices) else None
        return choices[int(rng.random() * len(choices))]
    count = rng.randint(decision.min, min(decision.max, len(choices)))
    return rng.sample(choices, count)


# a bot of one's own may start from this one (one that talks, answering at random), in the
# compiled build too
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot(Agent):
    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        return random_answer(decision, self.rng)
