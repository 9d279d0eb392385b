"""Proof that a change to the engine changed no behaviour: the same seeded games, played on two
source trees, give the same events, questions, logs and outcomes.

    python benchmarks/same_games.py                 # this tree's fingerprints, as JSON
    python benchmarks/same_games.py --against SRC   # compare with the tree whose package is in SRC
    python benchmarks/same_games.py --games 40 --bot-games 10 --timed-games 10 --against SRC

Per edition it plays seeded games of several table sizes and random options: answered at
random (an automatic and a manual storyteller), by the edition's bots, and with timed nights.
Each game's fingerprint covers every event's `key()`, every question asked (seat, name,
kind, choices, whether it may be skipped, its prompt, its audience, its seconds), the log and
the outcome. `--against` runs this same file under the other tree and names the first game
that differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

from wolfsbane.agents import bot_for, play_out, random_answer
from wolfsbane.core import Game
from wolfsbane.core.catalog import BOOLEAN, CHOICE
from wolfsbane.core.decision import CLOCK, Decision
from wolfsbane.core.game import AUTO, MANUAL
from wolfsbane.editions import EDITIONS, get_edition

GAMES = 200  # random games per edition and storyteller
BOT_GAMES = 60  # bot games per edition
TIMED_GAMES = 60  # random games with timed nights per edition
MAX_ANSWERS = 20_000


def sizes(edition_id: str) -> list[int]:
    edition = get_edition(edition_id)
    low, high = edition.min_players, min(edition.max_players, 16)
    return sorted({low, (low + high) // 2, high, min(high, low + 4)})


def options_for(edition_id: str, rng: random.Random) -> dict[str, Any]:
    """Yes/no and choice options drawn at random (numbers keep their defaults)."""
    options: dict[str, Any] = {}
    for key, spec in get_edition(edition_id).options.items():
        if rng.random() < 0.5:
            continue
        if spec.kind == BOOLEAN:
            options[key] = rng.random() < 0.5
        elif spec.kind == CHOICE and spec.choices:
            options[key] = rng.choice(spec.choices)
    return options


def asked(decision: Decision) -> tuple[Any, ...]:
    audience = None if decision.audience is None else tuple(sorted(decision.audience))
    return (decision.id, decision.seat, decision.name, decision.kind, decision.choices,
            decision.min, decision.max, decision.optional, repr(decision.default),
            decision.prompt, decision.about, decision.phase, audience, decision.seconds,
            decision.since, decision.standing, repr(decision.suggestion))


def fingerprint(game: Game, questions: list[tuple[Any, ...]]) -> str:
    outcome = game.outcome
    whole = {
        "events": [repr(event.key()) for event in game.events],
        "questions": [repr(question) for question in questions],
        "log": repr(game.log),
        "outcome": None if outcome is None else repr((outcome.winner, outcome.winners,
                                                      outcome.reason)),
    }
    return hashlib.sha256(json.dumps(whole, sort_keys=True).encode()).hexdigest()


def play_random(game: Game, rng: random.Random) -> list[tuple[Any, ...]]:
    questions = []
    answers = 0
    while game.open and answers < MAX_ANSWERS:
        # the first question asked that is not a clock; a clock once nothing else is open
        decision = next((d for d in game.open.values() if d.seat != CLOCK),
                        next(iter(game.open.values())))
        questions.append(asked(decision))
        game.answer(decision.id, True if decision.seat == CLOCK else random_answer(decision, rng))
        answers += 1
    return questions


def games(edition_id: str, counts_of: dict[str, int] | None = None,
          ) -> Iterator[tuple[str, Callable[[], str]]]:
    """(name, play) for every game of the edition: `play` returns the game's fingerprint."""
    edition = get_edition(edition_id)
    counts = sizes(edition_id)
    how_many = {"games": GAMES, "bot_games": BOT_GAMES, "timed_games": TIMED_GAMES,
                **(counts_of or {})}

    def random_game(seed: int, storyteller: str, night_seconds: float | None) -> str:
        rng = random.Random(seed)
        seats = [f"P{i}" for i in range(counts[seed % len(counts)])]
        game = Game(edition, seats, options=options_for(edition_id, rng), seed=seed,
                    storyteller=storyteller, night_seconds=night_seconds)
        return fingerprint(game, play_random(game, rng))

    def bot_game(seed: int) -> str:
        rng = random.Random(seed)
        seats = [f"P{i}" for i in range(counts[seed % len(counts)])]
        game = Game(edition, seats, options=options_for(edition_id, rng), seed=seed)
        agents = {seat: bot_for(seat, random.Random(rng.random()), edition) for seat in seats}
        play_out(game, agents, max_answers=MAX_ANSWERS)
        return fingerprint(game, [])  # the bots' questions are in the log and the events

    for seed in range(how_many["games"]):
        for storyteller in (AUTO, MANUAL):
            yield (f"{edition_id} random {storyteller} seed {seed}",
                   lambda seed=seed, storyteller=storyteller: random_game(seed, storyteller,
                                                                          None))
    for seed in range(how_many["timed_games"]):
        yield (f"{edition_id} random timed seed {seed}",
               lambda seed=seed: random_game(seed, AUTO, 30.0))
    if edition.bot:
        for seed in range(how_many["bot_games"]):
            yield f"{edition_id} bots seed {seed}", lambda seed=seed: bot_game(seed)


def all_fingerprints(counts_of: dict[str, int] | None = None) -> dict[str, str]:
    out: dict[str, str] = {}
    for edition_id in sorted(EDITIONS):
        for name, play in games(edition_id, counts_of):
            try:
                out[name] = play()
            except Exception as error:  # a game that breaks is part of its behaviour
                out[name] = f"error: {type(error).__name__}: {error}"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="the src directory of the tree to compare with")
    parser.add_argument("--games", type=int, default=GAMES,
                        help="random games per edition and storyteller")
    parser.add_argument("--bot-games", type=int, default=BOT_GAMES, help="bot games per edition")
    parser.add_argument("--timed-games", type=int, default=TIMED_GAMES,
                        help="random games with timed nights per edition")
    arguments = parser.parse_args()
    counts_of = {"games": arguments.games, "bot_games": arguments.bot_games,
                 "timed_games": arguments.timed_games}
    mine = all_fingerprints(counts_of)
    if not arguments.against:
        json.dump(mine, sys.stdout, indent=1)
        print()
        return
    environment = dict(os.environ, PYTHONPATH=arguments.against)
    theirs = json.loads(subprocess.run(
        [sys.executable, __file__, "--games", str(arguments.games), "--bot-games",
         str(arguments.bot_games), "--timed-games", str(arguments.timed_games)],
        env=environment, check=True, capture_output=True,
        text=True).stdout)
    differing = [name for name in mine if theirs.get(name) != mine[name]]
    missing = sorted(set(theirs) ^ set(mine))
    print(f"{len(mine)} games compared: {len(differing)} differ, {len(missing)} only on one side")
    for name in (differing + missing)[:10]:
        print(f"  differs: {name}: {mine.get(name)} / {theirs.get(name)}")
    sys.exit(1 if differing or missing else 0)


if __name__ == "__main__":
    main()
