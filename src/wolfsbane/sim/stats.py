"""The statistics the lab prints: Wilson intervals for rates, normal intervals for means, and
the running tallies that a chunk of games folds into (small, mergeable, picklable: a million
games cost the same memory as a hundred)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # The interval always holds the observed rate; rounding must not push it out.
    return (min(low, p), max(high, p))


def mean_interval(total: float, squares: float, count: int,
                  z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean of `count` values whose sum is `total` and sum of squares
    `squares`, with its normal 95% interval (mean +- z * sample sd / sqrt(n))."""
    if count <= 0:
        return (0.0, 0.0, 0.0)
    mean = total / count
    if count == 1:
        return (mean, mean, mean)
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    half = z * math.sqrt(variance / count)
    return (mean, mean - half, mean + half)


@dataclass
class Herding:
    """How often the village hangs the first name said aloud that day: executions, those of
    the first player named in a stated vote ("I will vote for X"), and those of the first
    player named at all (a stated vote or an accusation)."""

    executions: int = 0
    first_vote: int = 0
    first_named: int = 0

    def add(self, other: Herding) -> None:
        self.executions += other.executions
        self.first_vote += other.first_vote
        self.first_named += other.first_named

    def share(self, hits: int) -> float:
        return hits / self.executions if self.executions else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"executions": self.executions, "first_vote": self.first_vote,
                "first_named": self.first_named,
                "first_vote_share": self.share(self.first_vote),
                "first_named_share": self.share(self.first_named)}


def _bump(counts: dict[str, int], key: str, by: int = 1) -> None:
    counts[key] = counts.get(key, 0) + by


def _add_counts(into: list[int], counts: list[int]) -> None:
    if len(into) < len(counts):
        into.extend([0] * (len(counts) - len(into)))
    for index, count in enumerate(counts):
        into[index] += count


@dataclass
class Tally:
    """Everything the lab reports, as sums over games: merging two tallies is adding them, so
    the result of a run does not depend on how its games were split or in what order the
    pieces came back."""

    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)  # winning team -> games
    days: int = 0  # days begun, summed over games
    days_squared: int = 0
    days_histogram: dict[int, int] = field(default_factory=dict)  # days -> games
    # per team, per seat (index 0 is the first seat): games that seat ended on the team, and
    # games it won with it; how the talk schedule favours a seat shows here
    seat_games: dict[str, list[int]] = field(default_factory=dict)
    seat_wins: dict[str, list[int]] = field(default_factory=dict)
    # per role (the card a seat holds at the end): players who held it, who won, who survived
    role_players: dict[str, int] = field(default_factory=dict)
    role_wins: dict[str, int] = field(default_factory=dict)
    role_survived: dict[str, int] = field(default_factory=dict)
    first_deaths: dict[str, int] = field(default_factory=dict)  # role of the first to die
    herding: Herding = field(default_factory=Herding)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.days += other.days
        self.days_squared += other.days_squared
        for days, games in other.days_histogram.items():
            self.days_histogram[days] = self.days_histogram.get(days, 0) + games
        for mine, theirs in ((self.wins, other.wins), (self.role_players, other.role_players),
                             (self.role_wins, other.role_wins),
                             (self.role_survived, other.role_survived),
                             (self.first_deaths, other.first_deaths)):
            for key, count in theirs.items():
                _bump(mine, key, count)
        for seats_mine, seats_theirs in ((self.seat_games, other.seat_games),
                                         (self.seat_wins, other.seat_wins)):
            for team, counts in seats_theirs.items():
                _add_counts(seats_mine.setdefault(team, []), counts)
        self.herding.add(other.herding)

    def count_game(self, summary: GameSummary) -> None:
        self.games += 1
        _bump(self.wins, summary.winner)
        self.days += summary.days
        self.days_squared += summary.days * summary.days
        self.days_histogram[summary.days] = self.days_histogram.get(summary.days, 0) + 1
        _bump(self.first_deaths, summary.first_death_role or NO_DEATH)
        winners = set(summary.winners)
        survivors = set(summary.survivors)
        for index, (seat, role, team) in enumerate(
                zip(summary.seats, summary.roles, summary.teams, strict=True)):
            games = self.seat_games.setdefault(team, [])
            wins = self.seat_wins.setdefault(team, [])
            if len(games) <= index:
                games.extend([0] * (index + 1 - len(games)))
                wins.extend([0] * (index + 1 - len(wins)))
            won = seat in winners
            games[index] += 1
            wins[index] += won
            _bump(self.role_players, role)
            _bump(self.role_wins, role, won)
            _bump(self.role_survived, role, seat in survivors)
        self.herding.add(summary.herding)


NO_DEATH = "nobody"  # the first-death key of a game in which nobody died


@dataclass(frozen=True)
class GameSummary:
    """What the lab keeps of one game (and the per-game export writes as its row)."""

    index: int
    seed: int
    winner: str
    winners: tuple[str, ...]
    reason: str
    days: int
    seats: tuple[str, ...]
    roles: tuple[str, ...]  # the card each seat held at the end, in seat order
    teams: tuple[str, ...]
    survivors: tuple[str, ...]
    first_death_seat: str | None
    first_death_role: str | None
    first_death_cause: str | None
    herding: Herding

    def row(self) -> dict[str, Any]:
        """The flat row of the per-game export (CSV and JSON lines share its keys)."""
        return {
            "game": self.index, "seed": self.seed, "winner": self.winner,
            "reason": self.reason, "days": self.days,
            "roles": ";".join(self.roles), "teams": ";".join(self.teams),
            "winners": ";".join(self.winners), "survivors": ";".join(self.survivors),
            "first_death_seat": self.first_death_seat or "",
            "first_death_role": self.first_death_role or "",
            "first_death_cause": self.first_death_cause or "",
            "executions": self.herding.executions,
        }


ROW_FIELDS = ("game", "seed", "winner", "reason", "days", "roles", "teams", "winners",
              "survivors", "first_death_seat", "first_death_role", "first_death_cause",
              "executions")
