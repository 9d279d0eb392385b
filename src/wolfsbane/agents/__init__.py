"""Who answers: bots, scripted seats, the automatic storyteller, AI-agent adapters."""

from __future__ import annotations

import importlib
import random

from ..core.edition import Edition
from ..core.errors import SetupError
from .base import Agent, SeatView, play_out
from .driver import Table
from .random_bot import RandomBot, random_answer


def bot_for(seat: str, rng: random.Random, edition: str | Edition) -> Agent:
    """The bot that fills an empty seat: the edition's own heuristic bot (`Edition.bot`).
    An edition without one has no bot to seat; it is never given another edition's."""
    if isinstance(edition, str):
        from ..editions import get_edition  # the registry imports every edition: on demand

        edition = get_edition(edition)
    if not edition.bot:
        raise SetupError(f"{edition.name} has no bot to fill a seat")
    module_name, class_name = edition.bot.split(":")
    module = importlib.import_module(f".{module_name}", __name__)
    bot: Agent = getattr(module, class_name)(seat, rng)
    return bot


__all__ = ["Agent", "RandomBot", "SeatView", "Table", "bot_for", "play_out", "random_answer"]
