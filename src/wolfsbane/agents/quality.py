"""How well the bots play, measured: the figures of docs/bots.md (`benchmarks/bot_quality.py`
prints them; tests/test_bot_quality.py holds the bots to them on smaller samples).

For all-bot games it counts the village's executions that hit another team (lynch accuracy)
beside chance, how often the village executes its own seer (fortune teller), with and without
a counter-claim, the village's wins when the seer found a wolf and when not, and each team's
win rate by seat with the seats outside the 95% interval of their team's mean.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import Game
from ..core.edition import deck_for
from ..core.view import TABLE_CHANNELS
from ..editions import get_edition
from ..sim.run import seats_for
from ..sim.stats import Z95, wilson_interval
from . import Agent, RandomBot, bot_for, play_out
from .memory import result_says_wolf

VILLAGE_TEAMS = ("village", "villagers", "good")
SEER_ROLES = ("fortune-teller", "seer")


@dataclass
class Quality:
    games: int = 0
    village_wins: int = 0
    lynch_day1: list[int] = field(default_factory=lambda: [0, 0])  # [hits, executions]
    lynch_later: list[int] = field(default_factory=lambda: [0, 0])
    chance_day1: float = 0.0  # summed over executions
    chance_later: float = 0.0
    seer_games: int = 0
    seer_executed: int = 0
    confirmed_games: int = 0  # games in which the seer claimed without a counter-claim
    confirmed_executed: int = 0  # ... and was executed while still unchallenged
    found_wolf: list[int] = field(default_factory=lambda: [0, 0])  # [village wins, games]
    found_none: list[int] = field(default_factory=lambda: [0, 0])
    seat_games: dict[str, list[int]] = field(default_factory=dict)
    seat_wins: dict[str, list[int]] = field(default_factory=dict)

    def add_game(self, game: Game) -> None:
        assert game.outcome is not None
        self.games += 1
        team_of = {p.name: p.team for p in game.players}
        village = next((t for t in VILLAGE_TEAMS if t in team_of.values()), "village")
        won = game.outcome.winner == village
        self.village_wins += won
        winners = set(game.outcome.winners)
        for index, player in enumerate(game.players):
            games = self.seat_games.setdefault(player.team, [0] * len(game.players))
            wins = self.seat_wins.setdefault(player.team, [0] * len(game.players))
            games[index] += 1
            wins[index] += player.name in winners
        dealt: dict[str, str] = {}
        alive: set[str] = {p.name for p in game.players}
        claims: dict[str, list[str]] = {}  # seer role -> who claimed it, in order
        seer_found = False
        seers: set[str] = set()
        for event in game.events:
            kind, data = event.kind, event.data
            if kind == "RoleDealt" and data.get("player") in team_of:
                dealt.setdefault(data["player"], str(data.get("role")))
                if dealt[data["player"]] in SEER_ROLES:
                    seers.add(data["player"])
            elif kind == "InfoGiven" and event.audience and seers & set(event.audience) and \
                    data.get("about") is None and isinstance(data.get("player"), str):
                # what the seer's power showed: a werewolf, a dark aura
                if result_says_wolf(dict(data)) or data.get("aura") == "dark":
                    seer_found = True
            elif kind == "Said" and data.get("channel") in TABLE_CHANNELS:
                message = data.get("message")
                if isinstance(message, dict) and message.get("type") == "claim" and \
                        message.get("role") in SEER_ROLES:
                    who = claims.setdefault(message["role"], [])
                    if data["player"] not in who:
                        who.append(data["player"])
            elif kind == "PlayerExecuted":
                victim = data.get("player")
                if victim not in alive:
                    continue
                day1 = event.phase in ("day 1", "day 0")
                others = [n for n in alive if team_of[n] != village]
                chance = len(others) / len(alive) if alive else 0.0
                hit = team_of.get(victim) != village
                tally = self.lynch_day1 if day1 else self.lynch_later
                tally[0] += hit
                tally[1] += 1
                if day1:
                    self.chance_day1 += chance
                else:
                    self.chance_later += chance
                if victim in seers:
                    self.seer_executed += 1
                    role = dealt.get(victim, "")
                    if claims.get(role, [None])[0] == victim and len(claims[role]) == 1:
                        self.confirmed_executed += 1
            if kind == "PlayerDied":
                alive.discard(data.get("player"))
        if seers:
            self.seer_games += 1
            seer = next(iter(seers))
            role = dealt.get(seer, "")
            if claims.get(role, [None])[0] == seer:
                self.confirmed_games += 1
            tally = self.found_wolf if seer_found else self.found_none
            tally[0] += won
            tally[1] += 1


def _pct(hits: float, total: float) -> str:
    return f"{100 * hits / total:5.1f}%" if total else "   - "


def _random_village(game: Game, seat: str, rng: random.Random, skill: str) -> Agent:
    player = game.by_name[seat]
    if player.team in VILLAGE_TEAMS:
        return RandomBot(seat, rng)
    return bot_for(seat, rng, game.edition, skill=skill)


def _bots(game: Game, seat: str, rng: random.Random, skill: str) -> Agent:
    return bot_for(seat, rng, game.edition, skill=skill)


def play(edition_id: str, players: int, preset: str | None, seed: int, skill: str,
         make: Callable[[Game, str, random.Random, str], Agent] = _bots) -> Game:
    edition = get_edition(edition_id)
    deck = deck_for(edition, players, {}, preset=preset) if preset else \
        deck_for(edition, players, {})
    seats = seats_for(players)
    game = Game(edition, seats, deck=deck, options={}, seed=seed)
    rng = random.Random(seed)
    agents = {seat: make(game, seat, random.Random(rng.getrandbits(64)), skill)
              for seat in seats}
    return play_out(game, agents)


def measure(edition_id: str, players: int, preset: str | None, games: int,
            skill: str, baseline: bool = True) -> tuple[Quality, int]:
    """`games` games of the set-up, measured; and (with `baseline`) how many of the same
    seeds the village wins when RandomBot answers for every village seat."""
    quality = Quality()
    random_village_wins = 0
    for seed in range(games):
        quality.add_game(play(edition_id, players, preset, seed, skill))
        if baseline:
            game = play(edition_id, players, preset, seed, skill, _random_village)
            assert game.outcome is not None
            random_village_wins += game.outcome.winner in VILLAGE_TEAMS
    return quality, random_village_wins


def seat_lines(quality: Quality, z: float = Z95) -> tuple[list[str], int, int]:
    """Per team, the win rate of each seat (* when the seat's 95% interval, or the `z` one,
    does not hold the team's mean), how many seats were out of line, of how many."""
    lines: list[str] = []
    outside = seats = 0
    for team in sorted(quality.seat_games):
        games, wins = quality.seat_games[team], quality.seat_wins[team]
        total = sum(games)
        if not total:
            continue
        mean = sum(wins) / total
        cells = []
        for g, w in zip(games, wins, strict=True):
            if not g:
                cells.append("  -  ")
                continue
            # a seat is out of line when its own interval misses the team's mean (the test of
            # a proportion against a known rate: tiny samples are not flagged for noise)
            low, high = wilson_interval(w, g, z)
            seats += 1
            bad = not low <= mean <= high
            outside += bad
            cells.append(f"{100 * w / g:3.0f}%{'*' if bad else ' '}")
        lines.append(f"    {team:<12} mean {100 * mean:4.1f}%: " + " ".join(cells))
    return lines, outside, seats


def report(label: str, quality: Quality, random_wins: int, seconds: float) -> str:
    q = quality
    lines = [f"{label}: {q.games} games in {seconds:.1f} s"]
    lines.append(
        f"  lynch hits another team: day 1 {_pct(*q.lynch_day1)} (chance "
        f"{_pct(q.chance_day1, q.lynch_day1[1])}), later {_pct(*q.lynch_later)} (chance "
        f"{_pct(q.chance_later, q.lynch_later[1])})")
    lines.append(
        f"  village executes its seer: {_pct(q.seer_executed, q.seer_games)} of games with one; "
        f"confirmed seer executed: {_pct(q.confirmed_executed, q.confirmed_games)} of "
        f"{q.confirmed_games} games where the seer claimed unopposed")
    lines.append(
        f"  village wins {_pct(q.village_wins, q.games)}; when the seer found a wolf "
        f"{_pct(*q.found_wolf)} ({q.found_wolf[1]} games), when not {_pct(*q.found_none)}")
    if random_wins >= 0 and q.games:
        lines.append(f"  random villagers against the same bots: village wins "
                     f"{_pct(random_wins, q.games)}")
    seats, outside, count = seat_lines(q)
    lines.append(f"  win rate by seat (* a seat whose 95% interval misses the team's mean: "
                 f"{outside} of {count} seats):")
    lines += seats
    return "\n".join(lines)
