"""The simulator: reproducible whatever the number of workers, and honest statistics."""

from __future__ import annotations

import math

import pytest

from wolfsbane.core import SetupError
from wolfsbane.editions import EDITIONS
from wolfsbane.sim import SimulationResult, format_report, simulate, wilson_interval
from wolfsbane.sim.run import play_one, resolve_deck

FULL = ["werewolf", "werewolf", "fortune-teller", "witch", "hunter", "cupid", "villager",
        "villager"]


@pytest.fixture(scope="module")
def in_process() -> SimulationResult:
    return simulate("millers-hollow", FULL, players=8, games=40, seed=11, workers=1)


def test_same_counts_whatever_the_number_of_workers(in_process: SimulationResult) -> None:
    in_two = simulate("millers-hollow", FULL, players=8, games=40, seed=11, workers=2)
    assert in_two.workers == 2
    assert in_two.wins == in_process.wins
    assert in_two.average_days == in_process.average_days
    assert in_two.rates == in_process.rates


def test_each_game_is_seeded_from_seed_plus_index() -> None:
    first = play_one("millers-hollow", FULL, 8, {}, 11)
    again = play_one("millers-hollow", FULL, 8, {}, 11)
    assert [e.key() for e in first.events] == [e.key() for e in again.events]
    shifted = simulate("millers-hollow", FULL, players=8, games=1, seed=11, workers=1)
    assert shifted.wins[first.outcome.winner if first.outcome else "none"] == 1


def test_rates_sum_to_one_and_intervals_hold_them(in_process: SimulationResult) -> None:
    assert sum(in_process.wins.values()) == in_process.games == 40
    assert math.isclose(sum(in_process.rates.values()), 1.0)
    assert {"village", "werewolves"} <= set(in_process.wins)
    for team, rate in in_process.rates.items():
        low, high = in_process.intervals[team]
        assert 0.0 <= low <= rate <= high <= 1.0, (team, low, rate, high)
    assert in_process.average_days > 0
    assert in_process.games_per_second > 0


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    for wins in range(0, 31):
        low, high = wilson_interval(wins, 30)
        assert low <= wins / 30 <= high


def test_presets_options_progress_and_report() -> None:
    calls: list[tuple[int, int]] = []
    result = simulate("millers-hollow", "basic", players=6, games=12, seed=3, workers=1,
                      options={"sheriff": False}, progress=lambda done, total: calls.append(
                          (done, total)))
    assert result.deck.count("werewolf") == 1 and len(result.deck) == 6
    assert calls and calls[-1] == (12, 12)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    report = format_report(result)
    assert "village" in report and "werewolves" in report
    assert "sheriff=False" in report
    assert "12 games" in report
    assert result.as_dict()["wins"] == result.wins


def test_a_bad_setup_fails_at_once() -> None:
    with pytest.raises(SetupError):
        simulate("millers-hollow", ["villager"] * 8, players=8, games=5, workers=1)
    with pytest.raises(SetupError):
        simulate("millers-hollow", "no-such-preset", players=8, games=5, workers=1)
    with pytest.raises(SetupError):
        simulate("millers-hollow", FULL, players=8, games=5, workers=1,
                 options={"no-such-option": True})


def test_win_rate_by_seat_and_the_herding_figure_are_counted(
        in_process: SimulationResult) -> None:
    result = in_process
    seats = result.players
    for team, games in result.seat_games.items():
        assert len(games) == seats and len(result.seat_wins[team]) == seats
        assert all(0 <= w <= g for g, w in zip(games, result.seat_wins[team], strict=True))
    # every seat is on some team in every game
    assert [sum(column) for column in zip(*result.seat_games.values(), strict=True)] == \
        [result.games] * seats
    wolves = result.seat_games["werewolves"]
    # FULL holds two werewolf cards; a werewolf whom Cupid links to a villager ends with the
    # lovers: each seat counts with the team it ends the game on
    assert 0 < sum(wolves) <= 2 * result.games
    assert sum(wolves) + sum(result.seat_games.get("lovers", [])) >= 2 * result.games
    mean = result.team_seat_rate("werewolves")
    rates = [r for r in result.seat_rates("werewolves") if r is not None]
    assert min(rates) <= mean <= max(rates)
    herding = result.herding
    assert herding.executions > 0 and 0 <= herding.first_vote <= herding.first_named \
        <= herding.executions
    report = format_report(result)
    assert "win rate by seat" in report and "first player named" in report
    exported = result.as_dict()
    assert exported["seat_games"] == result.seat_games
    assert exported["herding"]["executions"] == herding.executions


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_the_simulators_bots_play_the_same_games_with_read_only_events(edition_id: str) -> None:
    """The simulator hands its bots plain copies of the events (faster to read). Handed
    read-only copies, where any change raises, the same bots play the very same games: none
    of them changes what it is handed."""
    deck = resolve_deck(edition_id, None, 8, {})
    for seed in range(4):
        plain = play_one(edition_id, deck, 8, {}, seed)
        guarded = play_one(edition_id, deck, 8, {}, seed, read_only=True)
        assert plain.log == guarded.log
        assert [(e.kind, e.data, e.audience) for e in plain.events] == \
            [(e.kind, e.data, e.audience) for e in guarded.events]
