"""What the `simulate` and `balance` commands do, once their options are read (cli.py
declares the options; this keeps the command line thin and the lab testable)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from ..agents.skill import seat_skills
from ..core import Edition, SetupError
from .balance import balance, format_balance
from .export import RowWriter
from .progress import GameProgress
from .report import format_report
from .run import SimulationResult, resolve_deck, simulate
from .sweep import (
    Cell,
    CellResult,
    Deck,
    grid,
    markdown_table,
    parse_players,
    run_sweep,
    sweep_line,
)

ALL = "all"  # `--preset all`, `--composition all`: every one the edition has


@dataclass
class SimulateRequest:
    edition: Edition
    players: str | None = None
    games: int = 1000
    presets: list[str] = field(default_factory=list)
    compositions: list[str] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # each a comma-separated deck
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    workers: int | None = None
    sweep: bool = False
    as_json: bool = False
    csv_path: Path | None = None
    jsonl_path: Path | None = None
    summary_path: Path | None = None
    html_path: Path | None = None
    ray: str | None = None
    markdown: bool = False
    skill: str | None = None  # the bots' level: one for all seats, or one per seat (--skill)


def _cards(edition: Edition, text: str) -> list[str]:
    deck = [role.strip() for role in text.split(",") if role.strip()]
    if not deck:
        raise SetupError("--roles names no card: give role ids separated by commas")
    for role_id in deck:
        edition.role(role_id)
    return deck


def decks_of(request: SimulateRequest) -> list[Deck]:
    """The grid's decks, in the order given: presets, compositions, named cards."""
    edition = request.edition
    presets = [name for given in request.presets
               for name in (edition.presets if given == ALL else (given,))]
    if ALL in request.presets and not edition.presets:
        raise SetupError(f"{edition.name} has no presets")
    decks = [Deck(name, preset=name) for name in presets]
    if request.compositions and not edition.compositions():
        raise SetupError(f"{edition.name} has no published compositions")
    names = [name for given in request.compositions
             for name in (edition.compositions() if given == ALL else (given,))]
    for name in names:
        # a composition names its own size (the engine's preset() takes None for it)
        cards = list(edition.preset(name, None))  # type: ignore[arg-type]
        decks.append(Deck(name, cards=tuple(cards), players=edition.players_for(cards)))
    for number, text in enumerate(request.roles, start=1):
        cards = _cards(edition, text)
        label = "cards" if len(request.roles) == 1 else f"cards {number}"
        decks.append(Deck(label, cards=tuple(cards), players=edition.players_for(cards)))
    return decks


def _player_counts(request: SimulateRequest, decks: list[Deck]) -> list[int]:
    if request.players is None:
        fixed = [deck.players for deck in decks if deck.players is not None]
        return [fixed[0]] if fixed and not request.sweep else [8]
    return parse_players(request.players)


def _check_paths(request: SimulateRequest) -> None:
    for path in (request.csv_path, request.jsonl_path, request.summary_path,
                 request.html_path):
        if path is not None and not path.parent.exists():
            raise SetupError(f"cannot write {path}: its folder {path.parent} does not exist")
    if request.html_path is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise SetupError("--html needs matplotlib: pip install 'wolfsbane[lab]'") from None


def run_simulate(request: SimulateRequest, out: Console, err: Console) -> None:
    """Run one simulation or a sweep; print the report, write the files asked for."""
    _check_paths(request)
    if request.sweep and request.skill and "," in request.skill:
        raise SetupError("--skill names one level per seat for one table size: give a single "
                         "level (easy or strong) for a --sweep")
    decks = decks_of(request)
    counts = _player_counts(request, decks)
    if request.sweep:
        cells = grid(counts, decks)
    else:
        if len(decks) > 1 or len(counts) > 1:
            raise SetupError("several decks or player counts make a grid: add --sweep")
        deck = decks[0] if decks else Deck("recommended")
        players = counts[0]
        if deck.players is not None:
            if request.players is None or request.roles:
                # named cards: the number of players given (the thief's spare cards) or
                # the deck's own
                players = players if request.players is not None else deck.players
            elif players != deck.players:
                raise SetupError(f"composition {deck.label} is for {deck.players} players, "
                                 f"not {players}")
        cells = [Cell(players, deck)]
    with RowWriter(request.csv_path, request.jsonl_path) as writer, \
            GameProgress(err, enabled=not request.as_json) as progress:
        sink = writer.write if writer.active else None
        if request.sweep:
            def on_cell(cell: Any) -> None:
                progress.describe(f"{cell.players} players, {cell.deck.label}")
                writer.set_cell(request.edition.id, cell.players, _cards_of(request, cell))

            results = run_sweep(request.edition.id, cells, request.games, seed=request.seed,
                                workers=request.workers, options=request.options,
                                progress=progress.update, rows=sink, on_cell=on_cell,
                                ray_address=request.ray, skill=request.skill)
        else:
            cell = cells[0]
            writer.set_cell(request.edition.id, cell.players, _cards_of(request, cell))
            result = simulate(request.edition.id, cell.deck.choice(), players=cell.players,
                              games=request.games, seed=request.seed, workers=request.workers,
                              options=request.options, progress=progress.update, rows=sink,
                              ray_address=request.ray,
                              skills=(seat_skills(request.skill, cell.players)
                                      if request.skill else None))
            results = [CellResult(cell, result)]
    finished = [r.result for r in results if r.result is not None]
    summary: Any = ([r.as_dict() for r in finished] if request.sweep
                    else finished[0].as_dict())
    if request.summary_path is not None:
        request.summary_path.write_text(json.dumps(summary, indent=2), encoding="utf-8")
    if request.html_path is not None:
        _write_html(request, results)
    if request.as_json:
        print(json.dumps(summary, indent=2))
    elif request.markdown:
        out.print(markdown_table(results), highlight=False, soft_wrap=True, markup=False)
    elif request.sweep:
        for line in map(sweep_line, results):
            out.print(line, highlight=False, soft_wrap=True)
    else:
        out.print(format_report(finished[0]), highlight=False, soft_wrap=True, markup=False)
    written = [str(p) for p in (request.csv_path, request.jsonl_path, request.summary_path,
                                request.html_path) if p is not None]
    if written and not request.as_json:
        err.print(f"wrote {', '.join(written)}", highlight=False)
    if not finished:
        raise SetupError("no cell of the grid could be dealt: "
                         + "; ".join(r.error or "" for r in results))


def _cards_of(request: SimulateRequest, cell: Cell) -> list[str]:
    """The cards a cell deals, for its export rows (none when it cannot be dealt)."""
    try:
        return resolve_deck(request.edition.id, cell.deck.choice(), cell.players,
                            request.options)
    except SetupError:
        return []


def _write_html(request: SimulateRequest, results: list[CellResult]) -> None:
    from .html import Series, write_html

    by_deck: dict[str, list[SimulationResult]] = {}
    for cell_result in results:
        if cell_result.result is not None:
            by_deck.setdefault(cell_result.cell.deck.label, []).append(cell_result.result)
    series = [Series(label, group) for label, group in by_deck.items()]
    write_html(request.html_path, [r for group in by_deck.values() for r in group],  # type: ignore[arg-type]
               title=f"{request.edition.name}: balance report", series=series)


def run_balance(edition: Edition, players: int, target: float, games: int, seed: int,
                workers: int | None, options: dict[str, Any], finalists: int, limit: int,
                as_json: bool, ray: str | None, out: Console, err: Console) -> None:
    with GameProgress(err, description="searching", enabled=not as_json) as progress:
        def step(what: str, done: int, total: int) -> None:
            progress.describe(what)
            if not progress.live and progress.enabled:  # a log: one line a deck
                err.print(f"{what} ({done + 1}/{total})" if what != "done" else "done",
                          highlight=False)

        result = balance(edition.id, players, target=target, games=games, seed=seed,
                         workers=workers, options=options, finalists=finalists, limit=limit,
                         progress=step, ray_address=ray)
    if as_json:
        print(json.dumps(result.as_dict(), indent=2))
    else:
        out.print(format_balance(result), highlight=False, soft_wrap=True, markup=False)
