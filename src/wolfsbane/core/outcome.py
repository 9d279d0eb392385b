"""How a game ended."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Outcome:
    winner: str  # a team id, or "none"
    winners: tuple[str, ...]
    reason: str
    extra: dict[str, str] = field(default_factory=dict)


class GameOver(Exception):
    """Raised inside an edition's flow to end the game at once."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome
