"""The seat-agent interface, and `play_out`, which lets agents play a game to its end.

An agent sees only what its seat may see: copies of the events `core.view.events_for` lets
through, and copies of its own open decisions (see `agents.driver`). It never touches the
game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from ..core import Decision, Game
from ..core.compiled import mypyc_attr
from ..core.events import Event
from .seat_view import SeatView


# every edition's bot is an Agent, in the compiled build too
@mypyc_attr(allow_interpreted_subclasses=True)
class Agent(ABC):
    """Plays one seat. Subclasses override `decide`, and `talk` if they speak."""

    def __init__(self, seat: str, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.rng = rng or random.Random(0)
        self.cursor = 0

    def observe(self, events: list[Event]) -> None:  # noqa: B027 - most bots remember nothing
        """Called with each batch of newly visible events, in order."""

    @abstractmethod
    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        """The answer to one of this seat's open decisions."""

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        """Messages to post on `channel` now (structured talk or text). Default: silence."""
        return []


def play_out(
    game: Game,
    agents: Mapping[str, Agent],
    *,
    talk: bool = True,
    max_answers: int = 100_000,
    on_event: Callable[[Event], None] | None = None,
    read_only: bool = True,
) -> Game:
    """Let the agents answer every open decision until the game ends, talking as the one bot
    driver schedules it (`agents.driver.Table`, or the edition's own: `agents.table_for`;
    rounds of talk in a shuffled order before each kind of decision, the answers after).
    `on_event(last event)` is called after each answer. `read_only=False`: the agents are
    handed events with plain dicts, faster to read (`agents.driver.frozen_event`)."""
    from . import table_for  # the driver builds on this module

    table = table_for(game, agents, talk=talk, read_only=read_only)
    return table.play_out(max_answers, on_event=on_event)


__all__ = ["Agent", "SeatView", "play_out"]
