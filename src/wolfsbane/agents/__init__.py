"""Who answers: bots, scripted seats, the automatic storyteller, AI-agent adapters."""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.edition import Edition
from ..core.errors import SetupError
from .base import Agent, SeatView, play_out
from .driver import Table
from .random_bot import RandomBot, random_answer
from .skill import DEFAULT_SKILL, SKILLS, check_skill

if TYPE_CHECKING:
    from ..core import Game


def bot_for(seat: str, rng: random.Random, edition: str | Edition,
            skill: str = DEFAULT_SKILL) -> Agent:
    """The bot that fills an empty seat: the edition's own heuristic bot (`Edition.bot`), at
    the skill level asked (`agents.skill`: easy or strong). An edition without one has no bot
    to seat; it is never given another edition's."""
    check_skill(skill)
    if isinstance(edition, str):
        from ..editions import get_edition  # the registry imports every edition: on demand

        edition = get_edition(edition)
    if not edition.bot:
        raise SetupError(f"{edition.name} has no bot to fill a seat")
    make = _bot_class(edition.bot)
    # an edition's bot may be any agent (docs/engine.md: a RandomBot): one without levels
    # plays as it always does
    bot: Agent = make(seat, rng, skill=skill) if _takes_skill(make) else make(seat, rng)
    return bot


def table_for(game: Game, agents: Mapping[str, Agent], **kwargs: Any) -> Table:
    """The driver that plays a game's bots: `Table`, or the one the edition's bot names as
    its `table` (bots that also act outside the engine's questions, in a room of their own:
    Werewolf in the Dark's kills and bodies found)."""
    table: Callable[..., Table] = Table
    if game.edition.bot:
        table = getattr(_bot_class(game.edition.bot), "table", Table)
    return table(game, agents, **kwargs)


@cache
def _takes_skill(make: Callable[..., Agent]) -> bool:
    """Whether a bot class takes a skill level (`agents.skill`): it says so (`takes_skill`,
    which a compiled class must, its signature showing only its base's), or its signature
    has the parameter."""
    return bool(getattr(make, "takes_skill", False)) or \
        "skill" in inspect.signature(make).parameters


@cache
def _bot_class(where: str) -> Callable[..., Agent]:
    """The class `Edition.bot` names ("module:Class" under this package), found once."""
    module_name, class_name = where.split(":")
    module = importlib.import_module(f".{module_name}", __name__)
    found: Callable[..., Agent] = getattr(module, class_name)
    return found


__all__ = ["DEFAULT_SKILL", "SKILLS", "Agent", "RandomBot", "SeatView", "Table", "bot_for",
           "play_out", "random_answer", "table_for"]
