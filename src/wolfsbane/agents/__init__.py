"""Who answers: bots, scripted seats, the automatic storyteller, AI-agent adapters."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import cache

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
    bot: Agent = _bot_class(edition.bot)(seat, rng)
    return bot


@cache
def _bot_class(where: str) -> Callable[[str, random.Random], Agent]:
    """The class `Edition.bot` names ("module:Class" under this package), found once."""
    module_name, class_name = where.split(":")
    module = importlib.import_module(f".{module_name}", __name__)
    found: Callable[[str, random.Random], Agent] = getattr(module, class_name)
    return found


__all__ = ["Agent", "RandomBot", "SeatView", "Table", "bot_for", "play_out", "random_answer"]
