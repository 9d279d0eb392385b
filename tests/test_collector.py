"""The simulator and the server run Python's cyclic garbage collector rarely, because a game
makes no reference cycles: every object of a finished game is freed by reference counting."""

from __future__ import annotations

import gc

import pytest

from wolfsbane.collector import RARELY, collecting_rarely
from wolfsbane.editions import EDITIONS
from wolfsbane.sim import run
from wolfsbane.sim.run import Setup, play_chunk, play_one, resolve_deck


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
@pytest.mark.parametrize("players", [8, 12])
def test_a_game_makes_no_reference_cycles(edition_id: str, players: int) -> None:
    deck = resolve_deck(edition_id, None, players, {})
    gc.collect()
    gc.disable()
    try:
        for seed in range(8):  # (a Clocktower bag refused once, then drawn, is among them)
            play_one(edition_id, deck, players, {}, seed)
        # nothing of the games is left for the cyclic collector: reference counting freed it
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0


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
