"""The bots' play quality held to bounds on small samples (docs/bots.md has the full figures,
from benchmarks/bot_quality.py): the village does not hang a seer nobody contradicts, its
lynches beat chance from day 2, no seat is favoured, and the bots beat random villagers."""

from __future__ import annotations

import pytest

from wolfsbane.agents.quality import measure, seat_lines

Z999 = 3.29  # a 99.9% interval: a small sample's seats are held to it, so chance rarely fails

# (edition, players, preset, games): samples that play in a second or two each
SAMPLES = (
    ("millers-hollow", 8, None, 200),
    ("licos", 15, None, 60),
    ("wherewolf", 12, None, 80),
)


@pytest.mark.parametrize(("edition", "players", "preset", "games"), SAMPLES)
def test_village_does_not_hang_confirmed_seer(edition: str, players: int, preset: str | None,
                                              games: int) -> None:
    quality, _ = measure(edition, players, preset, games, "strong", baseline=False)
    assert quality.confirmed_games >= games // 3
    assert quality.confirmed_executed / quality.confirmed_games < 0.1


def test_village_does_not_hang_its_licos_seer_against_a_lying_madman() -> None:
    # LiCOS 15A: the madman's false seer claim used to get the real seer hanged in 57-69%
    quality, _ = measure("licos", 15, None, 60, "strong", baseline=False)
    assert quality.seer_executed / quality.seer_games < 0.2


@pytest.mark.parametrize(("edition", "players", "preset", "games"), SAMPLES)
def test_lynch_accuracy_is_above_chance_from_day_2(edition: str, players: int,
                                                   preset: str | None, games: int) -> None:
    quality, _ = measure(edition, players, preset, games, "strong", baseline=False)
    hits, executions = quality.lynch_later
    assert executions >= 40
    assert hits / executions > quality.chance_later / executions + 0.1


@pytest.mark.parametrize(("edition", "players", "games"),
                         (("millers-hollow", 8, 300), ("licos", 5, 300)))
def test_win_rate_by_seat_sits_within_the_team_mean_interval(edition: str, players: int,
                                                             games: int) -> None:
    quality, _ = measure(edition, players, None, games, "strong", baseline=False)
    _lines, outside, seats = seat_lines(quality, Z999)
    assert seats >= 2 * players
    assert outside == 0, "\n".join(_lines)


def test_heuristic_village_beats_random_villagers() -> None:
    quality, random_wins = measure("millers-hollow", 8, None, 150, "strong")
    assert quality.village_wins - random_wins >= 0.25 * quality.games
