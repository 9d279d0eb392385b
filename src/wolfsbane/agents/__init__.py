"""Who answers: bots, scripted seats, the automatic storyteller, AI-agent adapters."""

from __future__ import annotations

import random

from .base import Agent, SeatView, play_out
from .random_bot import RandomBot, random_answer


def bot_for(seat: str, rng: random.Random) -> Agent:
    """The bot that fills an empty seat: the best heuristic bot we have."""
    try:
        from .heuristic import HeuristicBot
    except ImportError:  # the heuristic bots are not in this build
        return RandomBot(seat, rng)
    return HeuristicBot(seat, rng)


__all__ = ["Agent", "RandomBot", "SeatView", "bot_for", "play_out", "random_answer"]
