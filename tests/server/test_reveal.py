"""The post-game reveal (server/web_extras.py) is the core replay of the game's record, with each
answer noted as it is replayed; a ballot the clock cast is told as one."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core import Game
from wolfsbane.core.edition import Edition
from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition
from wolfsbane.messages import catalogue
from wolfsbane.server.live import FINISHED, Hub, LiveGame
from wolfsbane.server.web_extras import reveal

SEATS = ["Ana", "Bea", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"]
DECK = ["werewolf", "werewolf", "fortune-teller"] + ["villager"] * 5


def finished(game: Game) -> LiveGame:
    """A live game around a finished engine game: all the reveal reads."""
    config = {"edition": game.edition.id, "options": game.options, "seed": game.seed,
              "timers": {}, "mode": "online", "moderated": False, "storyteller": "auto"}
    live = LiveGame(Hub(None), "g", "CODE", config,  # type: ignore[arg-type]
                    {"host": "", "seats": list(SEATS), "deck": list(DECK)}, 0.0)
    live.game = game
    live.status = FINISHED
    return live


def play(seed: int, late_closer: bool) -> tuple[Game, list[str]]:
    """Play to the end; in each day's vote the last ballot, which has the vote counted, is
    the clock's when `late_closer`. Returns the game and the seats whose ballot timed out,
    in order."""
    game = Game(get_edition("millers-hollow"), SEATS, deck=DECK, seed=seed)
    rng = random.Random(seed)
    late: list[str] = []
    while not game.over:
        decision = next(iter(game.open.values()))
        votes = [d for d in game.open.values() if d.name == "vote"]
        if late_closer and decision.name == "vote" and len(votes) == 1:
            late.append(decision.seat)
            game.answer(decision.id, None if decision.optional else random_answer(decision, rng),
                        seat=decision.seat, timeout=True)
            continue
        game.answer(decision.id, random_answer(decision, rng), seat=decision.seat)
    return game, late


def test_the_reveal_is_the_replay_with_each_answer_placed_among_the_events() -> None:
    game, _ = play(5, late_closer=False)
    told = reveal(finished(game))
    events = [e for e in told["timeline"] if e["kind"] != "Answered"]
    assert [e["index"] for e in events] == list(range(len(game.events)))
    answered = [e for e in told["timeline"] if e["kind"] == "Answered"]
    entries = [e for e in game.log if "id" in e]
    assert [(a["seat"], a["decision"], a["answer"]) for a in answered] == \
        [(e["seat"], e["decision"], e["answer"]) for e in entries]
    # each answer sits just before the first event it caused, in the phase it was asked in
    position = {id(e): i for i, e in enumerate(told["timeline"])}
    for answer in answered:
        later = [e for e in events if e["index"] >= answer["at"]]
        if later:
            assert position[id(answer)] < position[id(later[0])]
    assert told["outcome"]["winner"] == game.outcome.winner  # type: ignore[union-attr]


def test_a_timed_out_ballot_that_closes_the_vote_is_told_as_the_clocks() -> None:
    game, late = play(7, late_closer=True)
    assert late, "the game had a day vote"
    told = reveal(finished(game))
    marked = [e["player"] for e in told["timeline"]
              if e["kind"] == "VoteCast" and e.get("about") != "sheriff" and e.get("timeout")]
    assert marked == late


def test_replay_calls_on_answer_before_each_answer_with_its_decision_still_open() -> None:
    game, _ = play(3, late_closer=False)
    seen: list[tuple[int, str, int]] = []

    def note(replaying: Game, entry: dict[str, Any]) -> None:
        decision = replaying.open[entry["id"]]  # not yet answered
        seen.append((entry["id"], decision.seat, len(replaying.events)))

    again = replay(game.record(), get_edition, on_answer=note)
    assert [e.as_dict() for e in again.events] == [e.as_dict() for e in game.events]
    assert [i for i, _, _ in seen] == [e["id"] for e in game.log if "id" in e]
    assert all(0 <= at <= len(game.events) for _, _, at in seen)


WEB_TEXT = Path(__file__).resolve().parents[2] / "src" / "wolfsbane" / "web" / "js" / "text.js"
NODE = shutil.which("node")


def reveal_lines(edition: Edition, timeline: list[dict[str, Any]],
                 tmp_path: Path) -> list[list[str]]:
    """Each event of a reveal as the web client shows it: [its sentence, who saw it]."""
    module = tmp_path / "text.mjs"
    module.write_text(WEB_TEXT.read_text(encoding="utf-8"), encoding="utf-8")
    script = tmp_path / "reveal.mjs"
    script.write_text("""
import { readFileSync } from "node:fs";
const text = await import(process.argv[2]);
const input = JSON.parse(readFileSync(process.argv[3], "utf-8"));
text.setEditions([input.edition]);
const ed = input.edition.id;
process.stdout.write(JSON.stringify(input.events.map(
  (e) => [text.describe(ed, e, null), text.audienceNote(ed, e)])));
""", encoding="utf-8")
    data = tmp_path / "reveal.json"
    events = [e for e in timeline if e["kind"] != "Answered"]
    data.write_text(json.dumps({"edition": {"id": edition.id, "roles": [
        r.as_dict() for r in edition.roles.values()], "messages": catalogue(edition)},
        "events": events}), encoding="utf-8")
    assert NODE is not None
    done = subprocess.run([NODE, str(script), module.as_uri(), str(data)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines: list[list[str]] = json.loads(done.stdout)
    return lines


def test_the_reveal_says_once_who_was_told_a_fact_in_the_catalogues_words(
        tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed: the web client's renderer cannot be run")
    game, _ = play(5, late_closer=False)
    told = reveal(finished(game))
    events = [e for e in told["timeline"] if e["kind"] != "Answered"]
    lines = reveal_lines(game.edition, told["timeline"], tmp_path)
    private = 0
    for event, (sentence, note) in zip(events, lines, strict=True):
        audience = event.get("audience")
        if audience in (None, "everyone"):
            assert note == "", (sentence, note)
            continue
        private += 1
        if sentence.startswith("Told to"):  # the sentence names who was told: said once
            assert note == "", (sentence, note)
        elif audience:
            assert note.startswith("Seen by ") and all(name in note for name in audience)
        else:
            assert note == "Seen by the storyteller only"
        assert "{" not in note
    assert private, "the night's secrets are in the reveal"
    assert any(s.startswith("Told to") for s, _ in lines)
