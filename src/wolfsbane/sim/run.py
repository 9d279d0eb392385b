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
from ..core.view import TABLE_CHANNELS
from ..editions import get_edition

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval
Progress = Callable[[int, int], None]  # (games done, games in all)


class SimulationError(RuntimeError):
    """A game of the simulation failed; the message says which one, to replay it alone."""


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
    # per team, per seat (index 0 is the first seat): games that seat ended on the team, and
    # games it won with it; how the talk schedule favours a seat shows here
    seat_games: dict[str, list[int]] = field(default_factory=dict)
    seat_wins: dict[str, list[int]] = field(default_factory=dict)
    herding: Herding = field(default_factory=Herding)

    def rate(self, team: str) -> float:
        return self.rates.get(team, 0.0)

    def seat_rates(self, team: str) -> list[float | None]:
        """Per seat, how often a player of `team` in that seat won (None: never on it)."""
        games, wins = self.seat_games.get(team, []), self.seat_wins.get(team, [])
        return [w / g if g else None for g, w in zip(games, wins, strict=True)]

    def team_seat_rate(self, team: str) -> float:
        """How often a player of `team` won, over every seat: the mean seats are held to."""
        games = sum(self.seat_games.get(team, []))
        return sum(self.seat_wins.get(team, [])) / games if games else 0.0

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
            "seat_games": {team: list(counts) for team, counts in self.seat_games.items()},
            "seat_wins": {team: list(counts) for team, counts in self.seat_wins.items()},
            "herding": self.herding.as_dict(),
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


def herding_of(game: Game) -> Herding:
    """Which of the game's executions hit the first player named aloud in their phase (on the
    table's channel: what the whole village hears)."""
    first_vote: dict[str, str] = {}
    first_named: dict[str, str] = {}
    out = Herding()
    for event in game.events:
        kind = event.kind
        if kind == "Said":
            data = event.data
            message = data.get("message")
            if data.get("channel") not in TABLE_CHANNELS or not isinstance(message, dict):
                continue
            target = message.get("player")
            if not isinstance(target, str):
                continue
            if message.get("type") == "vote":
                first_vote.setdefault(event.phase, target)
                first_named.setdefault(event.phase, target)
            elif message.get("type") == "accuse":
                first_named.setdefault(event.phase, target)
        elif kind == "DeathCaused" and event.data.get("cause") == "execution":
            victim = event.data.get("player")
            out.executions += 1
            out.first_vote += first_vote.get(event.phase) == victim
            out.first_named += first_named.get(event.phase) == victim
    return out


@dataclass
class _Tally:
    wins: dict[str, int] = field(default_factory=dict)
    days: int = 0
    games: int = 0
    seat_games: dict[str, list[int]] = field(default_factory=dict)
    seat_wins: dict[str, list[int]] = field(default_factory=dict)
    herding: Herding = field(default_factory=Herding)

    def add(self, other: _Tally) -> None:
        for team, count in other.wins.items():
            self.wins[team] = self.wins.get(team, 0) + count
        self.days += other.days
        self.games += other.games
        for mine, theirs in ((self.seat_games, other.seat_games),
                             (self.seat_wins, other.seat_wins)):
            for team, counts in theirs.items():
                _add_counts(mine.setdefault(team, []), counts)
        self.herding.add(other.herding)

    def count_seats(self, game: Game) -> None:
        """Each seat's team at the end, and whether it won (the dead win with their team)."""
        assert game.outcome is not None
        winners = set(game.outcome.winners)
        for index, player in enumerate(game.players):
            games = self.seat_games.setdefault(player.team, [])
            wins = self.seat_wins.setdefault(player.team, [])
            if len(games) <= index:
                games.extend([0] * (index + 1 - len(games)))
                wins.extend([0] * (index + 1 - len(wins)))
            games[index] += 1
            wins[index] += player.name in winners


def _add_counts(into: list[int], counts: list[int]) -> None:
    if len(into) < len(counts):
        into.extend([0] * (len(counts) - len(into)))
    for index, count in enumerate(counts):
        into[index] += count


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
        tally.count_seats(game)
        tally.herding.add(herding_of(game))
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
    seat_count = max([players, *(len(c) for c in total.seat_games.values())])
    for counts in (*total.seat_games.values(), *total.seat_wins.values()):
        counts.extend([0] * (seat_count - len(counts)))
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
        seat_games=total.seat_games,
        seat_wins=total.seat_wins,
        herding=total.herding,
    )


# -- the report ----------------------------------------------------------------------------------

def _deck_text(deck: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for role_id in deck:
        counts[role_id] = counts.get(role_id, 0) + 1
    return ", ".join(f"{role_id} x{n}" if n > 1 else role_id for role_id, n in counts.items())


def format_report(result: SimulationResult) -> str:
    """A plain-text table of the result, for the command line."""
    edition = get_edition(result.edition)
    deck = _deck_text(result.deck)
    if "characters" in edition.storyteller_decisions and list(result.deck) == \
            edition.recommended_deck(result.players, result.options):
        # the storyteller fills the bag (Clocktower): each game draws its own from its seed
        deck = "a legal bag drawn by the automatic storyteller for each game"
    lines = [f"{result.edition}: {result.players} players; deck: {deck}"]
    specs = edition.options
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
    lines.append("win rate by seat (a player of the team in seat 1, 2, ...):")
    for team in sorted(result.seat_games):
        rates = " ".join("  -  " if rate is None else f"{100 * rate:3.0f}%"
                         for rate in result.seat_rates(team))
        lines.append(f"  {team:<{width}}  mean {100 * result.team_seat_rate(team):3.0f}%: "
                     f"{rates}")
    herding = result.herding
    if herding.executions:
        lines.append(
            f"executions of the first player named that day: "
            f"{100 * herding.share(herding.first_vote):.1f}% (first stated vote), "
            f"{100 * herding.share(herding.first_named):.1f}% (first vote or accusation), "
            f"of {herding.executions}")
    return "\n".join(lines)
