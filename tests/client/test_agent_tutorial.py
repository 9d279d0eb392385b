"""The in-process Agent tutorial in docs/agents.md: its example agent, its `play_out` block,
and the frozen copies an agent receives."""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wolfsbane.agents import SeatView, bot_for, play_out
from wolfsbane.core import Decision, Game
from wolfsbane.core.edition import deck_for
from wolfsbane.core.events import Event
from wolfsbane.editions import get_edition

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "agents.md"
EXAMPLE = REPO / "examples" / "inprocess_agent.py"


@pytest.fixture
def repo_importable() -> Iterator[None]:
    sys.path.insert(0, str(REPO))
    try:
        yield
    finally:
        sys.path.remove(str(REPO))


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_tutorial_shows_the_example_agent_exactly() -> None:
    assert EXAMPLE.read_text(encoding="utf-8") in python_blocks()


def test_the_tutorials_play_out_block_plays_a_whole_game(repo_importable: None) -> None:
    [block] = [b for b in python_blocks() if "play_out(game, agents)" in b]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, str(DOC), "exec"), {"__name__": "tutorial"})
    assert re.fullmatch(r"\w+ won; Ada (won|lost)\n", printed.getvalue())


def test_the_example_agent_receives_frozen_copies(repo_importable: None) -> None:
    from examples.inprocess_agent import CrowdFollower

    class Prodding(CrowdFollower):
        """Tries to change what it is handed; nothing of it may reach the game."""

        refused = 0
        decided = 0

        def observe(self, events: list[Event]) -> None:
            for event in events:
                with pytest.raises(TypeError):
                    event.data["player"] = "nobody"  # type: ignore[index]
                self.refused += 1
            super().observe(events)

        def decide(self, decision: Decision, game_view: SeatView) -> Any:
            answer = super().decide(decision, game_view)
            truth = game.open[decision.id]
            decision.prompt = "changed"
            decision.choices = ()
            assert truth.prompt != "changed" and truth.choices  # a copy, not the game's own
            self.decided += 1
            return answer

    edition = get_edition("millers-hollow")
    seats = ["Ada", "Bram", "Cleo", "Dov", "Esme", "Finn", "Gale", "Hugo"]
    game = Game(edition, seats, deck=deck_for(edition, 8, {}), seed=5)
    agents: dict[str, Any] = {s: bot_for(s, random.Random(n), edition)
                              for n, s in enumerate(seats)}
    agents["Ada"] = prodding = Prodding("Ada", random.Random(1))
    play_out(game, agents)
    assert game.outcome is not None
    assert prodding.refused > 0 and prodding.decided > 0
    assert prodding.accusations  # it heard the table's accusations
