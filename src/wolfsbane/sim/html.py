"""The lab's HTML report: one self-contained page a browser opens (charts embedded as base64
PNG), each chart with its alt text, a caption and the table of the figures it draws, so that
the page reads the same with a screen reader (`pip install 'wolfsbane[lab]'` for matplotlib).
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from ..core import SetupError
from .report import changed_options, deck_words
from .run import SimulationResult
from .stats import NO_DEATH


@dataclass(frozen=True)
class Series:
    """Results drawn as one line of the player-count chart: one deck at several sizes."""

    label: str
    results: list[SimulationResult]


def _figure(width: float = 7.0, height: float = 3.6) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise SetupError("--html needs matplotlib: pip install 'wolfsbane[lab]'") from None
    # a Figure without pyplot: no global state, no display, safe in any process
    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join(
        "<tr>" + f'<th scope="row">{escape(row[0])}</th>'
        + "".join(f"<td>{escape(value)}</td>" for value in row[1:]) + "</tr>"
        for row in rows)
    return (f"<table><caption>{escape(caption)}</caption><thead><tr>{cells}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _chart(title: str, alt: str, figure: Any, table: str) -> str:
    return (f'<section class="chart"><h3>{escape(title)}</h3><figure>'
            f'<img src="data:image/png;base64,{_png(figure)}" alt="{escape(alt)}">'
            f"<figcaption>{escape(title)}; the figures are in the table below.</figcaption>"
            f"</figure>{table}</section>")


def _error_bars(rate: float, low: float, high: float) -> tuple[float, float]:
    return (max(0.0, rate - low), max(0.0, high - rate))


def players_chart(series: Sequence[Series]) -> str:
    figure = _figure()
    axes = figure.add_subplot()
    rows: list[list[str]] = []
    described: list[str] = []
    every_team = sorted({team for line in series for r in line.results
                         for team, n in r.wins.items() if n})
    # a team keeps its colour across decks; a deck keeps its line style and marker
    colours = {team: f"C{index % 10}" for index, team in enumerate(every_team)}
    styles = ["-", "--", ":", "-."]
    markers = ["o", "s", "^", "D", "v"]
    for number, line in enumerate(series):
        teams = sorted({team for r in line.results for team, n in r.wins.items() if n})
        for team in teams:
            points = sorted((r.players, r.rate(team), *r.interval(team)) for r in line.results)
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            errors = list(zip(*(_error_bars(p[1], p[2], p[3]) for p in points), strict=True))
            axes.errorbar(xs, ys, yerr=errors, marker=markers[number % len(markers)],
                          linestyle=styles[number % len(styles)], color=colours[team],
                          capsize=3, label=f"{line.label}: {team}")
            for players, rate, low, high in points:
                rows.append([f"{line.label}, {team}", str(players), _pct(rate),
                             f"{_pct(low)} - {_pct(high)}"])
            described.append(f"{team} ({line.label}) from {_pct(ys[0])} at {xs[0]} players "
                             f"to {_pct(ys[-1])} at {xs[-1]}")
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    axes.set_xticks(sorted({r.players for line in series for r in line.results}))
    axes.set_xlabel("players")
    axes.set_ylabel("win rate")
    axes.set_ylim(0, 1)
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    alt = ("Win rate by number of players, with 95% intervals: " + "; ".join(described) + ".")
    table = _table("Win rate by number of players (Wilson 95% intervals)",
                   ["deck and team", "players", "win rate", "95% interval"], rows)
    return _chart("Win rate by number of players", alt, figure, table)


def roles_chart(result: SimulationResult) -> str:
    roles = sorted(result.role_players, key=lambda r: (-result.role_players[r], r))
    figure = _figure(height=max(2.4, 0.45 * len(roles) + 1))
    axes = figure.add_subplot()
    wins = [result.role_win(role) for role in roles]
    alive = [result.role_survival(role) for role in roles]
    positions = list(range(len(roles)))
    axes.barh([p - 0.2 for p in positions], [w[0] for w in wins], height=0.4,
              xerr=list(zip(*(_error_bars(*w) for w in wins), strict=True)), capsize=3,
              label="won")
    axes.barh([p + 0.2 for p in positions], [a[0] for a in alive], height=0.4,
              xerr=list(zip(*(_error_bars(*a) for a in alive), strict=True)), capsize=3,
              label="alive at the end")
    axes.set_yticks(positions, roles)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of the players holding the role")
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    rows = [[role, str(result.role_players[role]), _pct(w[0]), f"{_pct(w[1])} - {_pct(w[2])}",
             _pct(a[0]), f"{_pct(a[1])} - {_pct(a[2])}"]
            for role, w, a in zip(roles, wins, alive, strict=True)]
    alt = "Win rate and survival by role: " + "; ".join(
        f"{role} won {_pct(w[0])}, survived {_pct(a[0])}"
        for role, w, a in zip(roles, wins, alive, strict=True)) + "."
    table = _table("Win rate and survival by role (Wilson 95% intervals)",
                   ["role", "players", "won", "95% interval", "alive", "95% interval"], rows)
    return _chart("Win rate and survival by role", alt, figure, table)


def seats_chart(result: SimulationResult) -> str:
    figure = _figure()
    axes = figure.add_subplot()
    rows: list[list[str]] = []
    described: list[str] = []
    for team in sorted(result.seat_games):
        points = [(seat + 1, rate, *result.seat_interval(team, seat))
                  for seat, rate in enumerate(result.seat_rates(team)) if rate is not None]
        if not points:
            continue
        axes.errorbar([p[0] for p in points], [p[1] for p in points],
                      yerr=list(zip(*(_error_bars(*p[1:]) for p in points), strict=True)),
                      marker="o", capsize=3, label=team)
        mean = result.team_seat_rate(team)
        axes.axhline(mean, linewidth=0.8, linestyle=":", color=axes.lines[-1].get_color())
        for seat, rate, low, high in points:
            rows.append([f"seat {seat}", team, _pct(rate), f"{_pct(low)} - {_pct(high)}"])
        best = max(points, key=lambda p: p[1])
        worst = min(points, key=lambda p: p[1])
        described.append(f"{team}: mean {_pct(mean)}, from {_pct(worst[1])} in seat "
                         f"{worst[0]} to {_pct(best[1])} in seat {best[0]}")
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate of a player of the team")
    axes.set_ylim(0, 1)
    axes.set_xticks(range(1, result.players + 1))
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    alt = "Win rate by seat, with 95% intervals: " + "; ".join(described) + "."
    table = _table("Win rate by seat (Wilson 95% intervals); dotted lines are team means",
                   ["seat", "team", "win rate", "95% interval"], rows)
    return _chart("Win rate by seat", alt, figure, table)


def length_chart(result: SimulationResult) -> str:
    figure = _figure(height=3.0)
    axes = figure.add_subplot()
    days = list(result.days_histogram)
    counts = [result.days_histogram[d] for d in days]
    axes.bar(days, counts)
    axes.set_xlabel("days begun")
    axes.set_ylabel("games")
    axes.set_xticks(days)
    mean, low, high = result.length()
    axes.axvline(mean, color="black", linewidth=0.8, linestyle=":")
    games = max(1, result.games)
    rows = [[f"{d} days", str(n), _pct(n / games)] for d, n in zip(days, counts, strict=True)]
    alt = (f"Game length: mean {mean:.2f} days (95% interval {low:.2f} to {high:.2f}); "
           + ", ".join(f"{n} games of {d} days" for d, n in zip(days, counts, strict=True))
           + ".")
    table = _table(f"Games by length; mean {mean:.2f} days, 95% interval {low:.2f} - "
                   f"{high:.2f}", ["length", "games", "share"], rows)
    return _chart("Game length", alt, figure, table)


def _summary(result: SimulationResult) -> str:
    rows = [[team, str(n), _pct(result.rate(team)),
             f"{_pct(result.interval(team)[0])} - {_pct(result.interval(team)[1])}"]
            for team, n in sorted(result.wins.items(), key=lambda item: (-item[1], item[0]))]
    firsts = [[("nobody died" if role == NO_DEATH else role), str(n),
               _pct(result.first_death(role)[0]),
               f"{_pct(result.first_death(role)[1])} - {_pct(result.first_death(role)[2])}"]
              for role, n in sorted(result.first_deaths.items(), key=lambda i: (-i[1], i[0]))
              if n]
    options = changed_options(result)
    return (f"<p>Deck: {escape(deck_words(result))}."
            + (" Options: " + escape(", ".join(f"{k}={v}" for k, v in sorted(options.items())))
               + "." if options else "")
            + f" {result.games} games, seeds {result.seed} to "
              f"{result.seed + max(0, result.games - 1)}.</p>"
            + _table("Wins by team (Wilson 95% intervals)",
                     ["team", "games won", "win rate", "95% interval"], rows)
            + _table("Who dies first (share of games, Wilson 95% intervals)",
                     ["role", "games", "share", "95% interval"], firsts))


def render(results: Sequence[SimulationResult], title: str = "wolfsbane balance report",
           series: Sequence[Series] | None = None) -> str:
    """The page for one simulation or a sweep's cells (`series` groups them by deck for the
    player-count chart; by default one series per deck of cards)."""
    if not results:
        raise SetupError("there is nothing to report: no simulation finished")
    if series is None:
        by_deck: dict[str, list[SimulationResult]] = {}
        for result in results:
            by_deck.setdefault(result.edition, []).append(result)
        series = [Series(label, group) for label, group in by_deck.items()]
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:auto;"
        "padding:1rem;color:#111;background:#fff}img{max-width:100%;height:auto}"
        "table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border:1px solid #999;"
        "padding:.2rem .5rem;text-align:left}caption{text-align:left;font-weight:600}"
        "</style></head><body><main>",
        f"<h1>{escape(title)}</h1>",
        "<p>All-bot games played by wolfsbane's simulator. Rates carry Wilson 95% intervals, "
        "lengths a normal 95% interval of the mean. The bots' play shapes these figures as "
        "much as the set-up does.</p>",
        "<h2>Across table sizes</h2>", players_chart(series),
    ]
    labels = {id(result): line.label for line in series for result in line.results}
    for result in results:
        label = labels.get(id(result))
        parts.append(f"<h2>{escape(result.edition)}, {result.players} players"
                     + (f", {escape(label)}" if label else "")
                     + f": {escape(deck_words(result))}</h2>")
        parts.append(_summary(result))
        parts.extend((roles_chart(result), seats_chart(result), length_chart(result)))
    parts.append("</main></body></html>")
    return "\n".join(parts)


def write_html(path: Path, results: Sequence[SimulationResult],
               title: str = "wolfsbane balance report",
               series: Sequence[Series] | None = None) -> None:
    path.write_text(render(results, title, series), encoding="utf-8")
