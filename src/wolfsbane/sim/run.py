"""Playing all-bot games in parallel and summing up who won."""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from ..agents import bot_for, play_out
from ..core import Game, SetupError
from ..core.edition import deck_for
from ..editions import get_edition

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
Progress = Callable[[int, int], None]  # (games done, games in all)


class SimulationError(RuntimeError):
    """A game of the simulation failed; the message says which one, to replay it alone."""


@dataclass(frozen=True)
class SimulationResult:
    edition: str
    players: int
    deck: list[str]
    options: dict[str, Any]
    games: int
    seed: int
    workers: int
    wins: dict[str, int]  # team id (or "none") -> games won, every team of the deck listed
    average_days: float  # days begun per game, on average
    seconds: float
    games_per_second: float
    rates: dict[str, float] = field(default_factory=dict)
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)  # Wilson, 95%

    def rate(self, team: str) -> float:
        return self.rates.get(team, 0.0)

    def interval(self, team: str) -> tuple[float, float]:
        return self.intervals.get(team, wilson_interval(0, self.games))

    def as_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "players": self.players,
            "deck": list(self.deck),
            "options": dict(self.options),
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "wins": dict(self.wins),
            "rates": dict(self.rates),
            "intervals": {team: list(pair) for team, pair in self.intervals.items()},
            "average_days": self.average_days,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }


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


# -- one game, and a run of games (what a worker does) ------------------------------------------

def seats_for(players: int) -> list[str]:
    return [f"P{n}" for n in range(1, players + 1)]


def play_one(
    edition_id: str, deck: Sequence[str], players: int, options: dict[str, Any], seed: int
) -> Game:
    """One all-bot game, a pure function of its arguments."""
    edition = get_edition(edition_id)
    seats = seats_for(players)
    game = Game(edition, seats, deck=list(deck), options=options, seed=seed)
    rng = random.Random(seed)
    agents = {seat: bot_for(seat, random.Random(rng.getrandbits(64)), edition_id)
              for seat in seats}
    return play_out(game, agents)


def days_of(game: Game) -> int:
    return sum(1 for phase in game.phases if phase.startswith("day"))


@dataclass
class _Tally:
    wins: dict[str, int] = field(default_factory=dict)
    days: int = 0
    games: int = 0

    def add(self, other: _Tally) -> None:
        for team, count in other.wins.items():
            self.wins[team] = self.wins.get(team, 0) + count
        self.days += other.days
        self.games += other.games


def _play_range(
    edition_id: str, deck: Sequence[str], players: int, options: dict[str, Any],
    seed: int, start: int, stop: int,
) -> _Tally:
    tally = _Tally()
    for index in range(start, stop):
        try:
            game = play_one(edition_id, deck, players, options, seed + index)
        except Exception as error:  # say which game, so it can be replayed alone
            raise SimulationError(
                f"game {index} (seed {seed + index}) failed: {type(error).__name__}: {error}"
            ) from error
        assert game.outcome is not None
        winner = game.outcome.winner
        tally.wins[winner] = tally.wins.get(winner, 0) + 1
        tally.days += days_of(game)
        tally.games += 1
    return tally


# -- the simulation ------------------------------------------------------------------------------

def _resolve_deck(edition_id: str, deck: Sequence[str] | str | None, players: int,
                  options: dict[str, Any]) -> list[str]:
    """The named deck, the preset named (a string), or the edition's recommended deck: the
    same default as the browser, `play` and the API (core.edition.deck_for)."""
    edition = get_edition(edition_id)
    if isinstance(deck, str):
        return deck_for(edition, players, options, preset=deck)
    return deck_for(edition, players, options, deck=list(deck) if deck is not None else None)


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(100, math.ceil(games / (workers * 8))))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def simulate(
    edition_id: str,
    deck: Sequence[str] | str | None = None,
    players: int = 8,
    games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play `games` all-bot games and count the winners.

    `deck` is a list of role ids, a preset's name (`basic`, `classic`...) or None for the
    edition's recommended deck. Game `i` uses seed `seed + i`. `workers` processes play them
    (default: every local core; 1 plays in this process). `progress(done, total)` is called in
    this process as games finish.
    """
    if games < 0:
        raise SetupError("the number of games cannot be negative")
    options = dict(options or {})
    cards = _resolve_deck(edition_id, deck, players, options)
    edition = get_edition(edition_id)
    probe = Game(edition, seats_for(players), deck=cards, options=options, seed=seed)
    resolved_options = dict(probe.options)  # SetupError now, not in a worker
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    workers = min(workers, max(1, games))
    ranges = _chunks(games, workers)
    total = _Tally()
    started = time.perf_counter()
    if workers == 1:
        for start, stop in ranges:
            total.add(_play_range(edition_id, cards, players, options, seed, start, stop))
            if progress is not None:
                progress(total.games, games)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[_Tally]] = {
                pool.submit(_play_range, edition_id, cards, players, options, seed, start, stop)
                for start, stop in ranges
            }
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    total.add(future.result())
                if progress is not None:
                    progress(total.games, games)
    seconds = time.perf_counter() - started
    teams = {edition.team_of(role_id) for role_id in cards}
    wins = {team: total.wins.get(team, 0) for team in sorted(teams | set(total.wins))}
    rates = {team: (count / games if games else 0.0) for team, count in wins.items()}
    intervals = {team: wilson_interval(count, games) for team, count in wins.items()}
    return SimulationResult(
        edition=edition_id,
        players=players,
        deck=cards,
        options=resolved_options,
        games=games,
        seed=seed,
        workers=workers,
        wins=wins,
        average_days=(total.days / games if games else 0.0),
        seconds=seconds,
        games_per_second=(games / seconds if seconds > 0 else 0.0),
        rates=rates,
        intervals=intervals,
    )


# -- the report ----------------------------------------------------------------------------------

def _deck_text(deck: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for role_id in deck:
        counts[role_id] = counts.get(role_id, 0) + 1
    return ", ".join(f"{role_id} x{n}" if n > 1 else role_id for role_id, n in counts.items())


def format_report(result: SimulationResult) -> str:
    """A plain-text table of the result, for the command line."""
    lines = [
        f"{result.edition}: {result.players} players; deck: {_deck_text(result.deck)}",
    ]
    specs = get_edition(result.edition).options
    changed = {key: value for key, value in result.options.items()
               if key not in specs or specs[key].default != value}
    if changed:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in sorted(changed.items())))
    lines.append(
        f"{result.games} games (seeds {result.seed}..{result.seed + max(0, result.games - 1)}) "
        f"in {result.seconds:.1f} s on {result.workers} worker"
        f"{'s' if result.workers != 1 else ''}: {result.games_per_second:.0f} games/s; "
        f"average length {result.average_days:.2f} days"
    )
    width = max([len("team")] + [len(team) for team in result.wins])
    lines.append(f"{'team':<{width}}  {'wins':>7}  {'rate':>6}  95% interval (Wilson)")
    for team, count in sorted(result.wins.items(), key=lambda item: (-item[1], item[0])):
        low, high = result.interval(team)
        lines.append(
            f"{team:<{width}}  {count:>7}  {100 * result.rate(team):5.1f}%  "
            f"{100 * low:5.1f}% - {100 * high:5.1f}%"
        )
    return "\n".join(lines)
