"""The post-game reveal (server/web_extras.py) is the core replay of the game's record, with each
answer noted as it is replayed; a ballot the clock cast is told as one."""

from __future__ import annotations

import random
from typing import Any

from wolfsbane.agents import random_answer
from wolfsbane.core import Game
from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition
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

