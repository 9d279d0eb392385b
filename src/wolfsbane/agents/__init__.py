"""Who answers: bots, scripted seats, the automatic storyteller, AI-agent adapters."""

from __future__ import annotations

import importlib
import random

from .base import Agent, SeatView, play_out
from .random_bot import RandomBot, random_answer

# The heuristic bot of each edition, as "module:class" under this package, imported on first
# use so that simply loading an edition never loads every bot.
BOTS = {
    "millers-hollow": "heuristic:HeuristicBot",
    "licos": "licos:LicosBot",
    "wherewolf": "wherewolf:WherewolfBot",
}
DEFAULT_BOT = BOTS["millers-hollow"]


def bot_for(seat: str, rng: random.Random, edition: str | None = None) -> Agent:
    """The bot that fills an empty seat: the best heuristic bot we have for the edition."""
    module_name, class_name = BOTS.get(edition or "", DEFAULT_BOT).split(":")
    module = importlib.import_module(f".{module_name}", __name__)
    bot: Agent = getattr(module, class_name)(seat, rng)
    return bot


__all__ = ["Agent", "RandomBot", "SeatView", "bot_for", "play_out", "random_answer"]
