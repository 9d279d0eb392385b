"""Searching an edition's decks for the fairest at a table size.

The candidates are the decks a designer would try: the edition's presets and recommended deck
and their neighbours (one more or one fewer of the evil side's plain card, one power card in
or out), LiCOS's published compositions, or for Clocktower (whose type counts the player
count fixes) bags of different characters drawn by the automatic storyteller. Every candidate
plays the same seeds (common random numbers). The closest few are then played again on fresh
seeds, a larger sample that the choice of the best did not look at, and their intervals say
how sure the lab is.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Game, SetupError
from ..core.edition import Edition
from ..editions import get_edition
from .report import deck_text
from .run import SimulationResult, Workers, seats_for, simulate

BalanceProgress = Callable[[str, int, int], None]  # (what, candidates done, candidates)
FRESH_SEEDS = 10_000_000  # the finalists' second sample starts this far from the first


@dataclass(frozen=True)
class Candidate:
    label: str
    deck: tuple[str, ...]


@dataclass(frozen=True)
class Scored:
    candidate: Candidate
    result: SimulationResult
    team: str
    target: float

    @property
    def rate(self) -> float:
        return self.result.rate(self.team)

    @property
    def interval(self) -> tuple[float, float]:
        return self.result.interval(self.team)

    @property
    def distance(self) -> float:
        return abs(self.rate - self.target)

    def distance_interval(self) -> tuple[float, float]:
        """How far from the target the team's true rate may be, by its 95% interval."""
        low, high = self.interval
        far = max(abs(low - self.target), abs(high - self.target))
        if low <= self.target <= high:
            return (0.0, far)
        return (min(abs(low - self.target), abs(high - self.target)), far)


@dataclass(frozen=True)
class BalanceResult:
    edition: str
    players: int
    target: float
    team: str  # the main team, whose win rate is held to the target
    screened: list[Scored]  # every candidate, closest first (the screening sample)
    finalists: list[Scored]  # the closest few on a fresh, larger sample, closest first
    verdict: str

    @property
    def best(self) -> Scored:
        return self.finalists[0]

    def as_dict(self) -> dict[str, Any]:
        def row(scored: Scored) -> dict[str, Any]:
            return {"label": scored.candidate.label, "deck": list(scored.candidate.deck),
                    "games": scored.result.games, "rate": scored.rate,
                    "interval": list(scored.interval), "rates": dict(scored.result.rates)}
        return {"edition": self.edition, "players": self.players, "target": self.target,
                "team": self.team, "best": row(self.best),
                "finalists": [row(s) for s in self.finalists],
                "screened": [row(s) for s in self.screened], "verdict": self.verdict}


def main_team(edition: Edition, players: int, options: dict[str, Any]) -> str:
    """The team the lab balances: the one holding most cards of the recommended deck (the
    village, the good side)."""
    try:
        deck = edition.recommended_deck(players, options)
    except SetupError:
        deck = list(edition.roles)
    teams = Counter(edition.team_of(role) for role in deck)
    return teams.most_common(1)[0][0]


def _valid(edition: Edition, players: int, deck: list[str], options: dict[str, Any]) -> bool:
    try:
        Game(edition, seats_for(players), deck=deck, options=options, seed=0)
    except SetupError:
        return False
    return True


def plain_cards(edition: Edition, decks: list[list[str]], team: str) -> tuple[str, str | None]:
    """The main team's plain card and the other side's (the card a deck holds most of, over
    the edition's own decks and its recommended deck for the largest table)."""
    pool = [card for deck in decks for card in deck]
    with contextlib.suppress(SetupError):
        pool += edition.recommended_deck(edition.max_players, {})
    counts = Counter(pool)
    order = {card: index for index, card in enumerate(pool)}

    def plainest(cards: list[str]) -> str | None:
        # most copies; among equals the one dealt later, since decks list a side's leader
        # (Wherewolf's unique pack leader) before its rank and file
        return max(cards, key=lambda card: (counts[card], order[card]), default=None)

    good = plainest([card for card in counts if edition.team_of(card) == team])
    evil = plainest([card for card in counts if edition.team_of(card) != team])
    assert good is not None  # the main team is the one holding most cards
    return good, evil


def _neighbours(edition: Edition, base: list[str], team: str, plain_good: str,
                plain_evil: str | None) -> tuple[list[tuple[str, list[str]]],
                                                 list[tuple[str, list[str]]]]:
    """Decks one change away from `base`: (the other side's plain card one more or one fewer
    against the main team's, a power card of the main team in or out)."""

    def swap(out_card: str, in_card: str) -> list[str]:
        deck = list(base)
        deck.remove(out_card)
        deck.append(in_card)
        return deck

    sides: list[tuple[str, list[str]]] = []
    if plain_evil is not None and plain_good in base:
        sides.append((f"+1 {plain_evil}", swap(plain_good, plain_evil)))
    if plain_evil is not None and base.count(plain_evil) > 0 and \
            sum(1 for card in base if edition.team_of(card) != team) > 1:
        sides.append((f"-1 {plain_evil}", swap(plain_evil, plain_good)))
    powers: list[tuple[str, list[str]]] = []
    for role in edition.roles:
        if edition.team_of(role) != team or role == plain_good:
            continue
        if role in base:
            powers.append((f"-{role}", swap(role, plain_good)))
        elif base.count(plain_good) > 1:
            powers.append((f"+{role}", swap(plain_good, role)))
    return sides, powers


def _interleave(lists: list[list[tuple[str, list[str]]]]) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for row in range(max((len(items) for items in lists), default=0)):
        out.extend(items[row] for items in lists if row < len(items))
    return out


def candidates(edition_id: str, players: int, options: dict[str, Any] | None = None,
               seed: int = 0, limit: int = 24) -> list[Candidate]:
    """The decks the search tries at `players`, the edition's own first, every one legal,
    no two the same (as multisets), at most `limit`."""
    edition = get_edition(edition_id)
    options = dict(options or {})
    found: dict[tuple[str, ...], Candidate] = {}

    def offer(label: str, deck: list[str]) -> None:
        key = tuple(sorted(deck))
        # a deck for another table size is no candidate (Millers Hollow's thief takes two
        # spare cards: with none it is a plain villager, the same deck twice)
        if key not in found and len(found) < limit and \
                edition.players_for(list(deck)) == players and \
                _valid(edition, players, deck, options):
            found[key] = Candidate(label, tuple(deck))

    if edition.compositions():
        # published villages (LiCOS): the designer's compositions are the candidates
        for name, deck in edition.compositions().items():
            if edition.players_for(list(deck)) == players:
                offer(name, list(deck))
    elif "characters" in edition.storyteller_decisions:
        # Clocktower: the counts of each type are the player count's; vary the characters
        from ..editions.clocktower.setup import suggest_bag

        rng = random.Random(seed)
        for _attempt in range(limit * 4):
            bag, _change = suggest_bag(random.Random(rng.getrandbits(64)), players)
            offer(f"bag {len(found) + 1}", bag)
    else:
        bases: list[tuple[str, list[str]]] = []
        for preset in edition.presets:
            try:
                bases.append((preset, list(edition.preset(preset, players))))
            except SetupError:
                continue
        with contextlib.suppress(SetupError):
            bases.append(("recommended", list(edition.recommended_deck(players, options))))
        for label, deck in bases:
            offer(label, deck)
        team = main_team(edition, players, options)
        plain_good, plain_evil = plain_cards(edition, [deck for _, deck in bases], team)
        changes = [(label, _neighbours(edition, deck, team, plain_good, plain_evil))
                   for label, deck in bases]
        # the evil side's size first (it matters most), then power cards, base by base
        for label, (sides, _powers) in changes:
            for change, variant in sides:
                offer(f"{label} {change}", variant)
        for change, variant in _interleave(
                [[(f"{label} {c}", v) for c, v in powers] for label, (_s, powers) in changes]):
            offer(change, variant)
    if not found:
        raise SetupError(f"{edition.name} has no deck the lab can try for {players} players "
                         f"(it takes {edition.min_players} to {edition.max_players})")
    return list(found.values())


def _verdict(finalists: list[Scored], target: float) -> str:
    best = finalists[0]
    low, high = best.interval
    words = (f"The fairest deck found is {best.candidate.label} "
             f"({deck_text(best.candidate.deck)}): {best.team} wins "
             f"{100 * best.rate:.1f}% (95% interval {100 * low:.1f}% - {100 * high:.1f}%) "
             f"over {best.result.games} games, against a target of {100 * target:.0f}%.")
    if low <= target <= high:
        words += " Its interval holds the target."
    else:
        words += (f" Its interval misses the target: no deck tried is fair at this size; "
                  f"the closest is {100 * best.distance:.1f} points away.")
    if len(finalists) == 1:
        return words + " It was the only legal candidate."
    runner = finalists[1]
    if best.distance_interval()[1] < runner.distance_interval()[0]:
        words += (f" It is clearly closer than the runner-up, {runner.candidate.label} "
                  f"({100 * runner.rate:.1f}%): their intervals do not overlap.")
    else:
        r_low, r_high = runner.interval
        words += (f" The runner-up, {runner.candidate.label}, wins {100 * runner.rate:.1f}% "
                  f"({100 * r_low:.1f}% - {100 * r_high:.1f}%): the two are not "
                  f"distinguishable at this sample size; play more games (--games) to "
                  f"separate them.")
    return words


def balance(
    edition_id: str, players: int, target: float = 0.5, games: int = 200, seed: int = 0,
    workers: int | None = None, options: dict[str, Any] | None = None,
    finalists: int = 3, limit: int = 24, progress: BalanceProgress | None = None,
    ray_address: str | None = None,
) -> BalanceResult:
    """Screen every candidate deck on `games` games, then play the `finalists` closest to
    `target` again on `4 * games` fresh games, and say how sure the lab is of the best."""
    if not 0.0 < target < 1.0:
        raise SetupError(f"the target is a win rate between 0 and 1, such as 0.5, not {target}")
    if games < 10:
        raise SetupError("give at least 10 games per deck (--games)")
    edition = get_edition(edition_id)
    options = dict(options or {})
    team = main_team(edition, players, options)
    decks = candidates(edition_id, players, options, seed=seed, limit=limit)
    with Workers(workers) as pool:
        screened, final = _search(edition_id, players, target, games, seed, pool, options,
                                  finalists, decks, team, progress, ray_address)
    return BalanceResult(edition_id, players, target, team, screened, final,
                         _verdict(final, target))


def _search(
    edition_id: str, players: int, target: float, games: int, seed: int, pool: Workers,
    options: dict[str, Any], finalists: int, decks: list[Candidate], team: str,
    progress: BalanceProgress | None, ray_address: str | None,
) -> tuple[list[Scored], list[Scored]]:
    screened: list[Scored] = []
    for number, candidate in enumerate(decks):
        if progress is not None:
            progress(f"screening {candidate.label}", number, len(decks))
        result = simulate(edition_id, list(candidate.deck), players=players, games=games,
                          seed=seed, pool=pool, options=options,
                          ray_address=ray_address)
        screened.append(Scored(candidate, result, team, target))
    screened.sort(key=lambda s: (s.distance, s.candidate.label))
    chosen = screened[:max(1, finalists)]
    final: list[Scored] = []
    for number, scored in enumerate(chosen):
        if progress is not None:
            progress(f"confirming {scored.candidate.label}", number, len(chosen))
        result = simulate(edition_id, list(scored.candidate.deck), players=players,
                          games=4 * games, seed=seed + FRESH_SEEDS, pool=pool,
                          options=options, ray_address=ray_address)
        final.append(Scored(scored.candidate, result, team, target))
    final.sort(key=lambda s: (s.distance, s.candidate.label))
    if progress is not None:
        progress("done", len(chosen), len(chosen))
    return screened, final


def format_balance(result: BalanceResult) -> str:
    lines = [f"{result.edition}, {result.players} players: the {result.team} team's win rate "
             f"held to {100 * result.target:.0f}%",
             f"screened {len(result.screened)} decks on {result.screened[0].result.games} "
             f"games each (closest first):"]
    width = max(len(s.candidate.label) for s in result.screened)
    for scored in result.screened:
        low, high = scored.interval
        lines.append(f"  {scored.candidate.label:<{width}}  {100 * scored.rate:5.1f}%  "
                     f"[{100 * low:4.1f}, {100 * high:4.1f}]  {deck_text(scored.candidate.deck)}")
    lines.append(f"finalists on {result.best.result.games} fresh games each:")
    for scored in result.finalists:
        low, high = scored.interval
        others = ", ".join(f"{team} {100 * rate:.1f}%"
                           for team, rate in sorted(scored.result.rates.items())
                           if team != result.team and rate)
        lines.append(f"  {scored.candidate.label:<{width}}  {100 * scored.rate:5.1f}%  "
                     f"[{100 * low:4.1f}, {100 * high:4.1f}]  ({others})")
    lines.append(result.verdict)
    return "\n".join(lines)
