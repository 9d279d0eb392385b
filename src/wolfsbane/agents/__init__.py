"""Who answers: bots, scripted seats, the automatic storyteller, AI-agent adapters."""

from __future__ import annotations

import random
from collections.abc import Callable

from .base import Agent, SeatView, play_out
from .random_bot import RandomBot, random_answer

# Editions whose bots live in their own module register a factory here: edition id -> factory.
EDITION_BOTS: dict[str, Callable[[str, random.Random], Agent]] = {}


def bot_for(seat: str, rng: random.Random, edition: str | None = None) -> Agent:
    """The bot that fills an empty seat: the best heuristic bot we have for the edition."""
    if edition is not None and edition in EDITION_BOTS:
        return EDITION_BOTS[edition](seat, rng)
    try:
        from .heuristic import HeuristicBot
    except ImportError:  # the heuristic bots are not in this build
        return RandomBot(seat, rng)
    return HeuristicBot(seat, rng)


__all__ = ["Agent", "RandomBot", "SeatView", "bot_for", "play_out", "random_answer"]
