"""The smallest complete edition of docs/engine.md is real: the code on that page, as it is
printed there, plays through the conformance checks every registered edition passes, and does
what its rules say."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from wolfsbane.agents import bot_for
from wolfsbane.agents.base import play_out
from wolfsbane.core import Game
from wolfsbane.core.game import MANUAL

from .test_conformance import check_replay, play

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"
BLOCK = re.compile(r"<!-- example: hamlet -->\n```python\n(.*?)```", re.S)


@pytest.fixture(scope="module")
def hamlet(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    found = BLOCK.search(DOC.read_text(encoding="utf-8"))
    assert found, "docs/engine.md lost its example edition"
    path = tmp_path_factory.mktemp("example") / "hamlet.py"
    path.write_text(found.group(1), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("hamlet_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [4, 7, 12])
def test_the_example_edition_conforms(hamlet: ModuleType, players: int) -> None:
    edition = hamlet.Hamlet()
    for seed in range(6):
        game = play(edition, players, seed)
        check_replay(game, lambda edition_id: edition)


def test_the_example_edition_plays_to_the_end_with_its_bots(hamlet: ModuleType) -> None:
    edition = hamlet.Hamlet()
    game = Game(edition, ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay"], seed=3)
    play_out(game, {seat: bot_for(seat, random.Random(seat), edition) for seat in game.by_name})
    assert game.outcome is not None and game.outcome.winner in ("village", "werewolves")


def test_the_example_seer_is_told_the_card_she_looks_at(hamlet: ModuleType) -> None:
    game = Game(hamlet.Hamlet(), ["Ana", "Ben", "Cal", "Dee"],
                roles=["werewolf", "seer", "villager", "villager"], seed=1)
    game.answer_for("Ana", "attack", "Cal")
    game.answer_for("Ben", "inspect", "Ana")
    told = [e.data for e in game.events if e.kind == "InfoGiven" and e.audience == {"Ben"}]
    assert {"player": "Ana", "role": "werewolf"} in told
    assert not game.by_name["Cal"].alive  # the pack's victim dies at dawn


def test_the_example_night_runs_in_its_table_order(hamlet: ModuleType) -> None:
    game = Game(hamlet.Hamlet(), ["Ana", "Ben", "Cal", "Dee"],
                roles=["werewolf", "seer", "villager", "villager"], seed=1, storyteller=MANUAL)
    assert [d.name for d in game.open.values()] == ["attack"]
    game.answer_for("Ana", "attack", "Cal")
    assert [d.name for d in game.open.values()] == ["inspect"]
