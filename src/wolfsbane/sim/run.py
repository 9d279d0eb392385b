"""Playing all-bot games in parallel and folding them into running tallies.

Games are played in deterministic chunks: chunk `k` of a run of `games` holds the games
`k * size .. (k + 1) * size - 1` (`size = chunk_size(games)`, which depends on the number of
games only), and game `i` uses seed `seed + i`. A chunk comes back as one small `Tally` (and,
only when a per-game export is asked for, its rows), so a run's memory does not grow with its
games, nothing crosses a process boundary per game, and the counts are the same whatever the
number of workers, local or on a Ray cluster.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from ..agents import DEFAULT_SKILL, bot_for, play_out
from ..collector import collecting_rarely
from ..core import Game, SetupError
from ..core.chance import seeded
from ..core.edition import deck_for
from ..core.view import TABLE_CHANNELS
from ..editions import get_edition
from .stats import NO_DEATH, GameSummary, Herding, Tally, mean_interval, wilson_interval

Progress = Callable[[int, int], None]  # (games done, games in all)
RowsSink = Callable[[list[dict[str, Any]]], None]  # per-game rows of a finished chunk

MAX_CHUNK = 250  # games a chunk holds at most: a few hundred milliseconds of work
CHUNKS_WANTED = 64  # a small run is still split finely enough to keep every core busy


class SimulationError(RuntimeError):
    """A game of the simulation failed; the message says which one, to replay it alone."""


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares: a chunk is this, a seed and a range of games."""

    edition: str
    deck: tuple[str, ...]
    players: int
    options: dict[str, Any]
    skills: tuple[str, ...] | None = None  # each seat's bot level (None: the default)


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
    # per role (the card a seat holds at the end of the game): players, winners, survivors
    role_players: dict[str, int] = field(default_factory=dict)
    role_wins: dict[str, int] = field(default_factory=dict)
    role_survived: dict[str, int] = field(default_factory=dict)
    first_deaths: dict[str, int] = field(default_factory=dict)  # role -> games, or "nobody"
    days_histogram: dict[int, int] = field(default_factory=dict)  # days -> games
    days_squared: int = 0
    backend: str = "local"

    def rate(self, team: str) -> float:
        return self.rates.get(team, 0.0)

    def seat_rates(self, team: str) -> list[float | None]:
        """Per seat, how often a player of `team` in that seat won (None: never on it)."""
        games, wins = self.seat_games.get(team, []), self.seat_wins.get(team, [])
        return [w / g if g else None for g, w in zip(games, wins, strict=True)]

    def seat_interval(self, team: str, seat: int) -> tuple[float, float]:
        games, wins = self.seat_games.get(team, []), self.seat_wins.get(team, [])
        if seat >= len(games):
            return (0.0, 1.0)
        return wilson_interval(wins[seat], games[seat])

    def team_seat_rate(self, team: str) -> float:
        """How often a player of `team` won, over every seat: the mean seats are held to."""
        games = sum(self.seat_games.get(team, []))
        return sum(self.seat_wins.get(team, [])) / games if games else 0.0

    def uneven_seats(self, team: str) -> list[int]:
        """Seats (1 is the first) where a player of `team` won at a rate whose 95% interval
        leaves out the team's mean over every seat: where the seat, not the card, matters."""
        mean = self.team_seat_rate(team)
        out = []
        for seat, games in enumerate(self.seat_games.get(team, [])):
            low, high = self.seat_interval(team, seat)
            if games and not low <= mean <= high:
                out.append(seat + 1)
        return out

    def interval(self, team: str) -> tuple[float, float]:
        return self.intervals.get(team, wilson_interval(0, self.games))

    def role_win(self, role: str) -> tuple[float, float, float]:
        """(rate, low, high): how often a player holding `role` at the end won."""
        return _rate(self.role_wins.get(role, 0), self.role_players.get(role, 0))

    def role_survival(self, role: str) -> tuple[float, float, float]:
        """(rate, low, high): how often a player holding `role` at the end was alive."""
        return _rate(self.role_survived.get(role, 0), self.role_players.get(role, 0))

    def first_death(self, role: str) -> tuple[float, float, float]:
        """(rate, low, high): the share of games whose first death was a `role` player."""
        return _rate(self.first_deaths.get(role, 0), self.games)

    def length(self) -> tuple[float, float, float]:
        """(mean, low, high): the game's length in days begun, with its 95% interval (never
        below zero days, where a small sample's normal interval would reach)."""
        mean, low, high = mean_interval(self.average_days * self.games, self.days_squared,
                                        self.games)
        return (mean, max(0.0, low), high)

    def as_dict(self) -> dict[str, Any]:
        mean, low, high = self.length()
        return {
            "edition": self.edition,
            "players": self.players,
            "deck": list(self.deck),
            "options": dict(self.options),
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "backend": self.backend,
            "wins": dict(self.wins),
            "rates": dict(self.rates),
            "intervals": {team: list(pair) for team, pair in self.intervals.items()},
            "average_days": self.average_days,
            "length": {"mean": mean, "interval": [low, high],
                       "histogram": {str(k): v for k, v in sorted(self.days_histogram.items())}},
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "seat_games": {team: list(counts) for team, counts in self.seat_games.items()},
            "seat_wins": {team: list(counts) for team, counts in self.seat_wins.items()},
            "seat_intervals": {
                team: [list(self.seat_interval(team, seat)) for seat in range(len(counts))]
                for team, counts in self.seat_games.items()},
            "roles": {role: {"players": self.role_players[role],
                             "win": list(self.role_win(role)),
                             "survival": list(self.role_survival(role))}
                      for role in sorted(self.role_players)},
            "first_death": {role: list(self.first_death(role))
                            for role in sorted(self.first_deaths)},
            "herding": self.herding.as_dict(),
        }


def _rate(hits: int, trials: int) -> tuple[float, float, float]:
    low, high = wilson_interval(hits, trials)
    return (hits / trials if trials else 0.0, low, high)


# -- one game, and a chunk of games (what a worker does) ----------------------------------------

def seats_for(players: int) -> list[str]:
    return [f"P{n}" for n in range(1, players + 1)]


def play_one(
    edition_id: str, deck: Sequence[str], players: int, options: dict[str, Any], seed: int,
    skills: Sequence[str] | None = None, *, read_only: bool = False,
    max_answers: int = 100_000,
) -> Game:
    """One all-bot game, a pure function of its arguments (`skills`: each seat's bot level,
    in seat order; default: every bot at the default level, `agents.skill`).

    The bots are handed plain copies of the events, faster to read than read-only ones
    (`agents.driver.frozen_event`): they are our own, which never change what they are
    handed, and the games are the same with `read_only=True`, where a change would raise
    (`tests/test_sim.py`). `max_answers`: how many answers before a game that will not end
    is given up (`agents.play_out`)."""
    edition = get_edition(edition_id)
    seats = seats_for(players)
    game = Game(edition, seats, deck=list(deck), options=options, seed=seed)
    # One generator for all the bots, seeded apart from the game's (whose stream deals the
    # cards): a Mersenne Twister seeding is about 25,000 instructions, and one per bot was 4 %
    # of a compiled bot game. The bots' draws are still a pure function of the seed.
    rng = seeded(f"{seed}:bots")
    levels = list(skills) if skills is not None else [DEFAULT_SKILL] * players
    agents = {seat: bot_for(seat, rng, edition, level)
              for seat, level in zip(seats, levels, strict=True)}
    return play_out(game, agents, max_answers=max_answers, read_only=read_only)


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


def summarise(game: Game, index: int, seed: int) -> GameSummary:
    """What the lab keeps of a finished game."""
    assert game.outcome is not None
    first = next((event.data for event in game.events if event.kind == "DeathCaused"), None)
    first_seat = first.get("player") if first is not None else None
    first_role = game.by_name[first_seat].role if isinstance(first_seat, str) else None
    players = game.players
    return GameSummary(
        index=index, seed=seed, winner=game.outcome.winner,
        winners=tuple(game.outcome.winners), reason=game.outcome.reason,
        days=days_of(game),
        seats=tuple(p.name for p in players), roles=tuple(p.role for p in players),
        teams=tuple(p.team for p in players),
        survivors=tuple(p.name for p in players if p.alive),
        first_death_seat=first_seat if isinstance(first_seat, str) else None,
        first_death_role=first_role,
        first_death_cause=(str(first.get("cause")) if first is not None else None),
        herding=herding_of(game),
    )


def chunk_size(games: int) -> int:
    """Games per chunk: a function of the run's size only, never of the worker count."""
    return max(1, min(MAX_CHUNK, math.ceil(games / CHUNKS_WANTED)))


def chunk_ranges(games: int) -> list[tuple[int, int]]:
    """The chunks of a run as (first game, game after the last), chunk k at index k."""
    size = chunk_size(games)
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def play_chunk(setup: Setup, seed: int, start: int, stop: int,
               with_rows: bool = False) -> tuple[Tally, list[dict[str, Any]] | None]:
    """Games `start .. stop - 1` of a run (game i with seed `seed + i`) folded into a tally,
    with their per-game rows when asked for."""
    with collecting_rarely():  # a chunk's games make no cycles for the collector to find
        return _play_chunk(setup, seed, start, stop, with_rows)


def _play_chunk(setup: Setup, seed: int, start: int, stop: int,
                with_rows: bool) -> tuple[Tally, list[dict[str, Any]] | None]:
    tally = Tally()
    rows: list[dict[str, Any]] | None = [] if with_rows else None
    for index in range(start, stop):
        game_seed = seed + index
        try:
            levels = () if setup.skills is None else (setup.skills,)  # the default: unsaid
            game = play_one(setup.edition, setup.deck, setup.players, setup.options, game_seed,
                            *levels)
            summary = summarise(game, index, game_seed)
        except Exception as error:  # say which game, so it can be replayed alone
            raise SimulationError(
                f"game {index} (seed {game_seed}) failed: {error or type(error).__name__}. "
                f"Replay it alone with `wolfsbane play --watch --seed {game_seed}` and the "
                f"same cards and options."
            ) from error
        tally.count_game(summary)
        if rows is not None:
            rows.append(summary.row())
    return tally, rows


# -- where the chunks run ------------------------------------------------------------------------

ChunkResult = tuple[Tally, list[dict[str, Any]] | None]


class Workers:
    """Local worker processes, kept open across several runs (a sweep's cells, a balance's
    decks) so that each run does not start its own. One worker plays in this process."""

    def __init__(self, count: int | None = None) -> None:
        self.count = max(1, count if count is not None else (os.cpu_count() or 1))
        self._pool: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.count)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _run_local(setup: Setup, seed: int, ranges: list[tuple[int, int]], workers: int,
               with_rows: bool, shared: Workers | None = None) -> Iterator[ChunkResult]:
    """The chunks' results as they finish, on `workers` local processes (1: this one). At
    most a few chunks per worker are in flight, so a million games queue nothing."""
    if workers == 1:
        for start, stop in ranges:
            yield play_chunk(setup, seed, start, stop, with_rows)
        return
    own = shared is None
    pool_of = shared if shared is not None else Workers(workers)
    pool = pool_of.executor()
    queue = iter(ranges)
    pending: set[Future[ChunkResult]] = set()

    def top_up() -> None:
        for start, stop in queue:
            pending.add(pool.submit(play_chunk, setup, seed, start, stop, with_rows))
            if len(pending) >= workers * 3:
                return

    try:
        top_up()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
            top_up()
    finally:
        for future in pending:
            future.cancel()
        if own:
            pool_of.close()


def resolve_deck(edition_id: str, deck: Sequence[str] | str | None, players: int,
                 options: dict[str, Any]) -> list[str]:
    """The named deck, the preset named (a string), or the edition's recommended deck: the
    same default as the browser, `play` and the API (core.edition.deck_for)."""
    edition = get_edition(edition_id)
    if isinstance(deck, str):
        return deck_for(edition, players, options, preset=deck)
    return deck_for(edition, players, options, deck=list(deck) if deck is not None else None)


_resolve_deck = resolve_deck  # the name earlier callers knew


def simulate(
    edition_id: str,
    deck: Sequence[str] | str | None = None,
    players: int = 8,
    games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
    rows: RowsSink | None = None,
    ray_address: str | None = None,
    pool: Workers | None = None,
    skills: Sequence[str] | None = None,
) -> SimulationResult:
    """Play `games` all-bot games and tally them.

    `deck` is a list of role ids, a preset's name (`basic`, `classic`...) or None for the
    edition's recommended deck. Game `i` uses seed `seed + i`. `workers` processes play them
    (default: every local core; 1 plays in this process), or the Ray cluster at
    `ray_address` ("local" starts one in this process). `progress(done, total)` is called in
    this process as chunks finish; `rows(list of per-game rows)` too, when given. `pool`:
    local workers shared with other runs (their count replaces `workers`). `skills`: each
    seat's bot level in seat order (easy or strong; default: strong everywhere).
    """
    if games < 0:
        raise SetupError("the number of games cannot be negative")
    options = dict(options or {})
    cards = resolve_deck(edition_id, deck, players, options)
    edition = get_edition(edition_id)
    probe = Game(edition, seats_for(players), deck=cards, options=options, seed=seed)
    resolved_options = dict(probe.options)  # SetupError now, not in a worker
    setup = Setup(edition_id, tuple(cards), players, options,
                  tuple(skills) if skills is not None else None)
    ranges = chunk_ranges(games)
    total = Tally()
    started = time.perf_counter()
    if ray_address is not None:
        from .cluster import run_on_ray

        results: Iterator[ChunkResult] = run_on_ray(ray_address, setup, seed, ranges,
                                                    rows is not None)
        workers = 0
        backend = f"ray {ray_address}"
    else:
        if pool is not None:
            workers = pool.count
        workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
        if pool is None:
            workers = min(workers, max(1, len(ranges)))
        results = _run_local(setup, seed, ranges, workers, rows is not None, pool)
        backend = "local"
    for tally, chunk_rows in results:
        total.add(tally)
        if rows is not None and chunk_rows is not None:
            rows(chunk_rows)
        if progress is not None:
            progress(total.games, games)
    seconds = time.perf_counter() - started
    if ray_address is not None:
        from .cluster import cluster_cpus

        workers = cluster_cpus()
    return _result(edition_id, players, cards, resolved_options, games, seed, workers,
                   backend, seconds, total)


def _result(edition_id: str, players: int, cards: list[str], options: dict[str, Any],
            games: int, seed: int, workers: int, backend: str, seconds: float,
            total: Tally) -> SimulationResult:
    edition = get_edition(edition_id)
    teams = set()
    for role_id in cards:
        try:
            teams.add(edition.team_of(role_id))
        except SetupError:  # a card of the game's own catalog (a script's), not the edition's
            continue
    wins = {team: total.wins.get(team, 0) for team in sorted(teams | set(total.wins))}
    rates = {team: (count / games if games else 0.0) for team, count in wins.items()}
    intervals = {team: wilson_interval(count, games) for team, count in wins.items()}
    seat_count = max([players, *(len(c) for c in total.seat_games.values())])
    for counts in (*total.seat_games.values(), *total.seat_wins.values()):
        counts.extend([0] * (seat_count - len(counts)))
    first_deaths = dict(total.first_deaths)
    first_deaths.setdefault(NO_DEATH, 0)
    return SimulationResult(
        edition=edition_id,
        players=players,
        deck=cards,
        options=options,
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
        role_players=total.role_players,
        role_wins=total.role_wins,
        role_survived=total.role_survived,
        first_deaths=first_deaths,
        days_histogram=dict(sorted(total.days_histogram.items())),
        days_squared=total.days_squared,
        backend=backend,
    )
