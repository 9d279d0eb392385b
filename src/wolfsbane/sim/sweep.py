"""A grid of set-ups: player counts times decks (presets, named cards, compositions), one
simulation per cell, on the same seeds (common random numbers: cells differ by their set-up,
not by their luck)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..agents.skill import seat_skills
from ..core import SetupError
from ..editions import get_edition
from .run import Progress, RowsSink, SimulationResult, Workers, simulate

_RANGE = re.compile(r"^\s*(\d+)\s*\.\.\s*(\d+)\s*(?::\s*(\d+)\s*)?$")


def parse_players(text: str) -> list[int]:
    """'8' -> [8]; '8..12' -> [8, 9, 10, 11, 12]; '8..16:2' -> [8, 10, ... 16];
    '8,10,13' -> [8, 10, 13]."""
    counts: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        match = _RANGE.match(part)
        if match:
            low, high = int(match.group(1)), int(match.group(2))
            step = int(match.group(3) or 1)
            if step < 1 or high < low:
                raise SetupError(f"the player range “{part}” is empty: write it low..high "
                                 "(or low..high:step), such as 8..16")
            counts.extend(range(low, high + 1, step))
        elif part.isdigit():
            counts.append(int(part))
        else:
            raise SetupError(f"“{part}” is not a number of players: write 8, 8..16, "
                             "8..16:2 or 8,10,12")
    if not counts:
        raise SetupError("give at least one number of players")
    return sorted(dict.fromkeys(counts))


@dataclass(frozen=True)
class Deck:
    """One column of the grid: a preset (dealt at each player count), the recommended deck
    (likewise), or named cards (a single player count: theirs)."""

    label: str
    preset: str | None = None
    cards: tuple[str, ...] | None = None
    players: int | None = None  # fixed by the cards; None: dealt at every count of the grid

    def choice(self) -> Sequence[str] | str | None:
        return list(self.cards) if self.cards is not None else self.preset


@dataclass(frozen=True)
class Cell:
    players: int
    deck: Deck


@dataclass(frozen=True)
class CellResult:
    cell: Cell
    result: SimulationResult | None
    error: str | None = None


def grid(player_counts: Sequence[int], decks: Sequence[Deck]) -> list[Cell]:
    """Every deck at every player count (a deck of fixed cards at its own count only)."""
    decks = list(decks) or [Deck("recommended")]
    cells: list[Cell] = []
    for deck in decks:
        if deck.players is not None:
            cells.append(Cell(deck.players, deck))
            continue
        cells.extend(Cell(players, deck) for players in player_counts)
    return cells


def run_sweep(
    edition_id: str, cells: Sequence[Cell], games: int, seed: int = 0,
    workers: int | None = None, options: dict[str, Any] | None = None,
    progress: Progress | None = None, rows: RowsSink | None = None,
    on_cell: Callable[[Cell], None] | None = None, ray_address: str | None = None,
    skill: str | None = None,
) -> list[CellResult]:
    """Simulate every cell on seeds `seed .. seed + games - 1`; a cell whose deck cannot be
    dealt at its size is reported, not fatal. `progress(done, total)` counts games over the
    whole grid. `skill`: every bot's level (agents.skill; default strong)."""
    get_edition(edition_id)
    with Workers(workers) as pool:
        return _sweep(edition_id, cells, games, seed, pool, options, progress, rows, on_cell,
                      ray_address, skill)


def _sweep(
    edition_id: str, cells: Sequence[Cell], games: int, seed: int, pool: Workers,
    options: dict[str, Any] | None, progress: Progress | None, rows: RowsSink | None,
    on_cell: Callable[[Cell], None] | None, ray_address: str | None,
    skill: str | None = None,
) -> list[CellResult]:
    out: list[CellResult] = []
    total = games * len(cells)
    for number, cell in enumerate(cells):
        if on_cell is not None:
            on_cell(cell)
        offset = number * games

        def cell_progress(done: int, _total: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + done, total)

        try:
            result = simulate(edition_id, cell.deck.choice(), players=cell.players,
                              games=games, seed=seed, options=options, pool=pool,
                              progress=cell_progress, rows=rows, ray_address=ray_address,
                              skills=seat_skills(skill, cell.players) if skill else None)
        except SetupError as error:
            out.append(CellResult(cell, None, str(error)))
            if progress is not None:
                progress(offset + games, total)
            continue
        out.append(CellResult(cell, result))
    return out


def sweep_line(cell_result: CellResult) -> str:
    """One line per cell: size, deck, then each team's rate with its interval."""
    cell = cell_result.cell
    head = f"{cell.players:>3} players  {cell.deck.label:<14}"
    result = cell_result.result
    if result is None:
        return f"{head}  cannot be dealt: {cell_result.error}"
    teams = "  ".join(
        f"{team} {100 * result.rate(team):5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}]"
        for team, (low, high) in sorted(result.intervals.items(),
                                        key=lambda item: (-result.wins[item[0]], item[0])))
    mean, low_d, high_d = result.length()
    return f"{head}  {teams}  days {mean:.2f} [{low_d:.2f}, {high_d:.2f}]"


def markdown_table(results: Sequence[CellResult]) -> str:
    """The sweep as a Markdown table (one row per cell), ready for the docs."""
    lines = ["| players | deck | team win rates, 95% Wilson interval | days (95% interval) "
             "| games | games/s |", "|---|---|---|---|---|---|"]
    for cell_result in results:
        cell, result = cell_result.cell, cell_result.result
        if result is None:
            lines.append(f"| {cell.players} | {cell.deck.label} | cannot be dealt: "
                         f"{cell_result.error} | | | |")
            continue
        teams = "; ".join(
            f"{team} {100 * result.rate(team):.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
            for team, (low, high) in sorted(result.intervals.items(),
                                            key=lambda item: (-result.wins[item[0]], item[0]))
            if result.wins[team])
        mean, low_d, high_d = result.length()
        lines.append(f"| {cell.players} | {cell.deck.label} | {teams} | {mean:.2f} "
                     f"[{low_d:.2f}, {high_d:.2f}] | {result.games:,} | "
                     f"{result.games_per_second:,.0f} |")
    return "\n".join(lines)
