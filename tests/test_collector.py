"""The simulator and the server run Python's cyclic garbage collector rarely, because a game
makes no reference cycles: every object of a finished game is freed by reference counting."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from wolfsbane.collector import RARELY, collecting_rarely
from wolfsbane.core import Game, IllegalAnswer
from wolfsbane.editions import EDITIONS, get_edition
from wolfsbane.sim import run
from wolfsbane.sim.run import Setup, play_chunk, play_one, resolve_deck


def _games_alive() -> int:
    """Games in memory (a game kept alive by a reference cycle is among them until the
    collector comes; a generator in the cycle may be closed by it, so its count of what it
    freed cannot tell)."""
    return sum(1 for thing in gc.get_objects() if type(thing) is Game)


@contextmanager
def _collector_off() -> Iterator[Callable[[], int]]:
    """The cyclic collector stopped, after one collection; yields how many games have come
    into memory since (not counting other tests' games the process still holds)."""
    gc.collect()
    gc.disable()
    try:
        before = _games_alive()
        yield lambda: _games_alive() - before
    finally:
        gc.enable()


def _a_basic_game() -> Game:
    deck = resolve_deck("millers-hollow", None, 8, {})
    return Game(get_edition("millers-hollow"), [f"P{n}" for n in range(8)], deck=deck)


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
@pytest.mark.parametrize("players", [8, 12])
def test_a_game_makes_no_reference_cycles(edition_id: str, players: int) -> None:
    deck = resolve_deck(edition_id, None, players, {})
    with _collector_off() as new_games:
        for seed in range(8):  # (a Clocktower bag refused once, then drawn, is among them)
            play_one(edition_id, deck, players, {}, seed)
        # nothing of the games is left for the cyclic collector: reference counting freed it
        alive = new_games()
        left = gc.collect()
    assert (alive, left) == (0, 0)


def test_collecting_rarely_is_undone_after() -> None:
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    with collecting_rarely():
        assert gc.get_threshold() == RARELY
        assert gc.get_freeze_count() > 0  # what was alive before stays out of the walks
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_collecting_rarely_leaves_what_the_process_froze_itself() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collecting_rarely():
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_a_simulation_chunk_collects_rarely(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []
    real = run.play_one

    def play_and_look(*args: object) -> object:
        seen.append(gc.get_threshold())
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(run, "play_one", play_and_look)
    deck = resolve_deck("millers-hollow", None, 8, {})
    before = gc.get_threshold()
    tally, _rows = play_chunk(Setup("millers-hollow", tuple(deck), 8, {}), 0, 0, 3)
    assert seen == [RARELY] * 3
    assert tally.games == 3
    assert gc.get_threshold() == before


def test_a_closed_game_frees_itself_and_takes_no_more_answers() -> None:
    with _collector_off() as new_games:
        game = _a_basic_game()
        asked = next(iter(game.open.values()))
        game.close()
        with pytest.raises(IllegalAnswer):
            game.answer(asked.id, None)
        del game, asked
        alive = new_games()  # freed at once, by reference counting
    assert alive == 0


def test_an_unfinished_game_left_open_waits_for_the_collector() -> None:
    """(Why `close` exists: an unfinished game and its flow refer to each other.)"""
    with _collector_off() as new_games:
        _a_basic_game()
        alive = new_games()
        gc.collect()
        after = new_games()
    assert (alive, after) == (1, 0)
