"""Saving and replaying games: a record is the creation parameters plus the log of answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import IllegalAnswer, SetupError
from .game import MANUAL, RECORD_FORMAT, Game

__all__ = ["RECORD_FORMAT", "new_game_from_record", "play_log", "replay"]

# called with the game and a log entry that answers a decision, just before the game takes it
# (the decision is still open: `game.open[entry["id"]]`)
AnswerHook = Callable[[Game, dict[str, Any]], None]


def new_game_from_record(record: dict[str, Any], editions: Any) -> Game:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise SetupError(f"This is not a wolfsbane record (expected the format "
                         f"“{RECORD_FORMAT}”).")
    edition = editions(record["edition"])
    return Game(
        edition,
        record["seats"],
        roles=record.get("roles"),
        deck=record.get("deck"),
        options=record.get("options"),
        seed=record.get("seed", 0),
        storyteller=MANUAL,
        night_seconds=record.get("night_seconds"),
    )


def replay(
    record: dict[str, Any],
    editions: Any,
    before: Callable[[Game], None] | None = None,
    on_answer: AnswerHook | None = None,
) -> Game:
    """Play a record's log again through the rules; the result has exactly the same events.
    `before(game)` is called once the game is created and before any answer is replayed (to
    subscribe to its events, say); `on_answer(game, entry)` before each answer is replayed
    (to note where in the events it falls, say)."""
    game = new_game_from_record(record, editions)
    if before is not None:
        before(game)
    log = record.get("log", ())
    if not isinstance(log, list):
        raise SetupError("the record's log is not a list")
    return play_log(game, log, on_answer)


def play_log(game: Game, log: Sequence[Any], on_answer: AnswerHook | None = None) -> Game:
    """Play log entries onto `game`, a game just created with a manual storyteller (or one
    that an earlier part of the same log has taken as far): `replay`'s loop, for callers that
    create the game themselves. A log that does not fit the rules raises IllegalAnswer."""
    for step, entry in enumerate(log):
        if not isinstance(entry, dict):
            raise SetupError(f"entry {step} of the record's log is not a mapping")
        if "say" in entry:
            game.say(entry["say"], entry["channel"], entry["message"])
            continue
        if "add_seat" in entry:
            game.add_seat(entry["add_seat"], entry["role"])
            continue
        if "bot" in entry:
            game.hand_to_bot(entry["bot"], str(entry.get("reason", "")))
            continue
        decision = game.open.get(entry["id"])
        if decision is None or decision.name != entry["decision"] or (
            decision.seat != entry["seat"]
        ):
            raise IllegalAnswer(
                f"the record does not fit these rules at entry {step}: "
                f"{entry.get('seat')} answering “{entry.get('decision')}”"
            )
        if on_answer is not None:
            on_answer(game, entry)
        game.answer(entry["id"], entry["answer"], seat=entry["seat"],
                    timeout=bool(entry.get("timeout")))
    return game
