"""The balance lab: intervals, every figure of the report, chunked runs that do not depend on
the worker count, sweeps, per-game export, the HTML report and the balance search."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfsbane.cli import app
from wolfsbane.core import SetupError
from wolfsbane.editions import EDITIONS
from wolfsbane.sim import SimulationResult, format_report, mean_interval, simulate, wilson_interval
from wolfsbane.sim.run import chunk_ranges, chunk_size, play_chunk, play_one, summarise
from wolfsbane.sim.stats import NO_DEATH, Tally
from wolfsbane.sim.sweep import Deck, grid, parse_players, run_sweep, sweep_line

BASIC = ["werewolf", "werewolf", "fortune-teller", "villager", "villager", "villager",
         "villager", "villager"]


@pytest.fixture(scope="module")
def basic() -> SimulationResult:
    return simulate("millers-hollow", BASIC, players=8, games=60, seed=3, workers=1)


# -- intervals -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("wins", "trials", "low", "high"), [
    (50, 100, 0.4038, 0.5962),  # the textbook case
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 20, 0.0089, 0.2361),
    (600, 1000, 0.5693, 0.6299),
])
def test_wilson_interval_of_known_counts(wins: int, trials: int, low: float,
                                         high: float) -> None:
    got_low, got_high = wilson_interval(wins, trials)
    assert math.isclose(got_low, low, abs_tol=1e-4)
    assert math.isclose(got_high, high, abs_tol=1e-4)


def test_mean_interval_of_known_values() -> None:
    values = [2, 3, 3, 4, 2, 3]
    mean, low, high = mean_interval(sum(values), sum(v * v for v in values), len(values))
    # sample variance 17/30 = 0.5667, sd 0.7528; 1.96 * 0.7528 / sqrt(6) = 0.6023
    assert math.isclose(mean, 17 / 6)
    assert math.isclose(high - mean, 0.6023, abs_tol=1e-3)
    assert math.isclose(mean - low, high - mean)
    assert mean_interval(0, 0, 0) == (0.0, 0.0, 0.0)
    assert mean_interval(3, 9, 1) == (3.0, 3.0, 3.0)


# -- what one run reports ------------------------------------------------------------------------

def test_report_has_team_seat_role_survival_first_death_and_length(
        basic: SimulationResult) -> None:
    result = basic
    assert sum(result.wins.values()) == result.games == 60
    # roles: 2 werewolves, a fortune teller and 5 villagers in each game
    assert result.role_players == {"werewolf": 120, "fortune-teller": 60, "villager": 300}
    for role in result.role_players:
        for rate, low, high in (result.role_win(role), result.role_survival(role)):
            assert 0 <= low <= rate <= high <= 1
    # every player of the winning team wins: a villager wins as often as the village
    assert result.role_win("villager")[0] == pytest.approx(result.rate("village"))
    assert sum(result.first_deaths.values()) == result.games
    assert set(result.first_deaths) <= {"werewolf", "fortune-teller", "villager", NO_DEATH}
    assert sum(result.days_histogram.values()) == result.games
    mean, low, high = result.length()
    assert mean == pytest.approx(result.average_days)
    assert low < mean < high
    assert mean == pytest.approx(
        sum(d * n for d, n in result.days_histogram.items()) / result.games)
    text = format_report(result)
    for words in ("by role", "who dies first", "length in days", "win rate by seat",
                  "95% interval"):
        assert words in text
    exported = result.as_dict()
    assert exported["roles"]["werewolf"]["players"] == 120
    assert exported["length"]["interval"] == [low, high]
    assert len(exported["seat_intervals"]["village"]) == 8


def test_seats_whose_interval_leaves_out_the_team_mean_are_named() -> None:
    from dataclasses import replace

    from wolfsbane.sim.run import SimulationResult

    even = SimulationResult("millers-hollow", 5, BASIC[:5], {}, 100, 0, 1, {"village": 50},
                            2.0, 1.0, 100.0, seat_games={"village": [100] * 5},
                            seat_wins={"village": [50] * 5})
    assert even.uneven_seats("village") == []
    assert "leaves out their team's mean: none" in format_report(even)
    # seat 1 wins 80 of 100 against a mean of 60%: its interval [71%, 87%] leaves out 60%;
    # 55 of 100 [45%, 64%] holds it
    skewed = replace(even, seat_wins={"village": [80, 55, 55, 55, 55]})
    assert skewed.uneven_seats("village") == [1]
    assert "leaves out their team's mean: village 1" in format_report(skewed)


def test_first_death_and_survivors_come_from_the_game() -> None:
    game = play_one("millers-hollow", BASIC, 8, {}, 5)
    summary = summarise(game, 0, 5)
    deaths = [e.data for e in game.events if e.kind == "DeathCaused"]
    assert summary.first_death_seat == deaths[0]["player"]
    assert summary.first_death_role == game.by_name[deaths[0]["player"]].role
    assert set(summary.survivors) == {p.name for p in game.players if p.alive}
    row = summary.row()
    assert row["winner"] == summary.winner and row["days"] == summary.days


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_edition_reports_roles_seats_and_length(edition_id: str) -> None:
    players = 5 if edition_id == "licos" else 7
    result = simulate(edition_id, players=players, games=3, seed=1, workers=1)
    assert result.games == 3 and sum(result.role_players.values()) >= 3 * players
    assert sum(result.first_deaths.values()) == 3
    assert sum(result.days_histogram.values()) == 3
    assert "by role" in format_report(result)


# -- deterministic chunks ------------------------------------------------------------------------

def test_chunks_depend_on_the_number_of_games_only() -> None:
    assert chunk_size(1_000_000) == 250
    ranges = chunk_ranges(1_000_000)
    assert len(ranges) == 4000 and ranges[0] == (0, 250) and ranges[-1] == (999_750, 1_000_000)
    small = chunk_ranges(40)
    assert [start for start, _ in small] == list(range(40))
    assert sum(stop - start for start, stop in chunk_ranges(1001)) == 1001


def test_a_chunk_is_a_tally_and_chunks_add_up_to_the_whole() -> None:
    from wolfsbane.sim.run import Setup

    setup = Setup("millers-hollow", tuple(BASIC), 8, {})
    whole, _ = play_chunk(setup, 9, 0, 6)
    first, rows = play_chunk(setup, 9, 0, 4, with_rows=True)
    second, _ = play_chunk(setup, 9, 4, 6)
    merged = Tally()
    merged.add(second)
    merged.add(first)
    assert merged == whole
    assert rows is not None and [r["seed"] for r in rows] == [9, 10, 11, 12]


def test_a_chunk_sends_back_a_small_tally_however_many_games_it_held() -> None:
    """Constant memory: what a chunk returns does not grow with its games (no list per game
    unless rows are asked for)."""
    import pickle

    from wolfsbane.sim.run import Setup

    setup = Setup("millers-hollow", tuple(BASIC), 8, {})
    small, no_rows = play_chunk(setup, 0, 0, 5)
    large, _ = play_chunk(setup, 0, 0, 120)
    assert no_rows is None
    assert len(pickle.dumps(large)) < 1.5 * len(pickle.dumps(small)) < 2000


def test_one_worker_and_two_workers_give_the_same_result(basic: SimulationResult) -> None:
    in_two = simulate("millers-hollow", BASIC, players=8, games=60, seed=3, workers=2)
    assert in_two.workers == 2
    for name in ("wins", "seat_games", "seat_wins", "role_players", "role_wins",
                 "role_survived", "first_deaths", "days_histogram", "days_squared",
                 "herding"):
        assert getattr(in_two, name) == getattr(basic, name), name


# -- sweeps and export ---------------------------------------------------------------------------

def test_player_ranges() -> None:
    assert parse_players("8") == [8]
    assert parse_players("8..12") == [8, 9, 10, 11, 12]
    assert parse_players("8..16:4") == [8, 12, 16]
    assert parse_players("10, 8,8") == [8, 10]
    for bad in ("", "eight", "12..8", "8..12:0"):
        with pytest.raises(SetupError):
            parse_players(bad)


def test_sweep_grid_shape() -> None:
    decks = [Deck("basic", preset="basic"), Deck("classic", preset="classic"),
             Deck("cards", cards=tuple(BASIC), players=8)]
    cells = grid([6, 7, 8], decks)
    assert [(c.players, c.deck.label) for c in cells] == [
        (6, "basic"), (7, "basic"), (8, "basic"), (6, "classic"), (7, "classic"),
        (8, "classic"), (8, "cards")]
    results = run_sweep("millers-hollow", grid([5, 25], [Deck("basic", preset="basic")]),
                        games=4, seed=1, workers=1)
    assert results[0].result is not None and results[0].result.players == 5
    assert results[1].result is None and results[1].error  # 25 players: beyond the edition
    assert "cannot be dealt" in sweep_line(results[1])
    assert "village" in sweep_line(results[0])


def test_sweep_command_prints_a_line_per_cell_and_exports_a_row_per_game(
        tmp_path: Path) -> None:
    rows_csv, rows_json, summary = (tmp_path / "games.csv", tmp_path / "games.jsonl",
                                    tmp_path / "summary.json")
    outcome = CliRunner().invoke(app, [
        "simulate", "--sweep", "--players", "6..7", "--preset", "basic", "--deck", "classic",
        "--games", "5", "--workers", "1", "--csv", str(rows_csv), "--jsonl", str(rows_json),
        "--summary", str(summary)])
    assert outcome.exit_code == 0, outcome.output
    lines = [line for line in outcome.stdout.splitlines() if "players" in line]
    assert len(lines) == 4
    with rows_csv.open(encoding="utf-8") as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == 4 * 5
    assert {(row["players"], row["seed"]) for row in table} == {
        (p, str(s)) for p in ("6", "7") for s in range(5)}
    jsonl = [json.loads(line) for line in rows_json.read_text(encoding="utf-8").splitlines()]
    assert len(jsonl) == 20 and all(row["winner"] for row in jsonl)
    assert {row["deck"].count("werewolf") for row in jsonl if row["players"] == 6} == {1}
    cells = json.loads(summary.read_text(encoding="utf-8"))
    assert len(cells) == 4 and sum(cell["games"] for cell in cells) == 20


def test_sweep_of_every_composition_as_a_markdown_table() -> None:
    outcome = CliRunner().invoke(app, ["simulate", "--edition", "licos", "--sweep",
                                       "--composition", "all", "--players", "5", "--games",
                                       "2", "--workers", "1", "--markdown"])
    assert outcome.exit_code == 0, outcome.output
    rows = [line for line in outcome.stdout.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| players | deck |")
    assert len(rows) == 1 + 36  # the header, then one row per published village
    assert rows[1].startswith("| 4 | 4A | ") and rows[-1].startswith("| 15 | 15C | ")


def test_export_rows_are_written_as_games_finish(tmp_path: Path) -> None:
    from wolfsbane.sim.export import RowWriter

    path = tmp_path / "rows.csv"
    seen: list[int] = []
    with RowWriter(csv_path=path) as writer:
        def sink(rows: list[dict[str, object]]) -> None:
            writer.write(rows)
            # flushed: the file already holds every row written so far
            seen.append(len(path.read_text(encoding="utf-8").splitlines()) - 1)
        writer.set_cell("millers-hollow", 8, BASIC)
        simulate("millers-hollow", BASIC, players=8, games=130, seed=0, workers=1, rows=sink)
    assert seen == [3 * n for n in range(1, len(seen))] + [130] and len(seen) > 1


def test_simulate_command_errors_are_sentences(tmp_path: Path) -> None:
    runner = CliRunner()
    for arguments, words in (
            (["--players", "8..9"], "add --sweep"),
            (["--csv", str(tmp_path / "no" / "x.csv")], "does not exist"),
            (["--sweep", "--players", "x"], "not a number of players"),
            (["-e", "licos", "-c", "5A", "-n", "6"], "for 5 players")):
        outcome = runner.invoke(app, ["simulate", "--games", "2", "--workers", "1", *arguments])
        assert outcome.exit_code == 2, (arguments, outcome.output)
        assert words in " ".join(outcome.output.split()), (arguments, outcome.output)
        assert "Traceback" not in outcome.output


# -- the HTML report -----------------------------------------------------------------------------

def test_html_report_has_the_charts_and_their_figures(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    page = tmp_path / "report.html"
    outcome = CliRunner().invoke(app, [
        "simulate", "--sweep", "--players", "6,8", "--preset", "basic", "--games", "6",
        "--workers", "1", "--html", str(page)])
    assert outcome.exit_code == 0, outcome.output
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<html lang="en">' in html
    for title in ("Win rate by number of players", "Win rate and survival by role",
                  "Win rate by seat", "Game length"):
        assert f"<h3>{title}</h3>" in html
    images = html.count('<img src="data:image/png;base64,')
    assert images == 1 + 3 * 2  # the player-count chart, then three charts per cell
    assert html.count(' alt="') == images and 'alt=""' not in html
    assert html.count("<table>") >= images  # every chart has the table of its figures
    assert "<caption>Win rate by number of players (Wilson 95% intervals)</caption>" in html
    assert '<th scope="row">werewolf</th>' in html


# -- the balance search --------------------------------------------------------------------------

def test_balance_returns_a_deck_and_says_how_sure_it_is() -> None:
    from wolfsbane.sim.balance import balance, candidates

    decks = candidates("millers-hollow", 8)
    labels = [d.label for d in decks]
    assert labels[:2] == ["basic", "classic"] and "basic +1 werewolf" in labels
    assert len({tuple(sorted(d.deck)) for d in decks}) == len(decks)
    result = balance("millers-hollow", 8, target=0.5, games=12, workers=1, limit=4,
                     finalists=2)
    assert len(result.screened) == 4 and len(result.finalists) == 2
    assert result.team == "village"
    assert result.best.result.games == 48 and result.best.result.seed != result.screened[0] \
        .result.seed  # the finalists play fresh seeds
    assert result.best.distance <= result.finalists[1].distance
    assert result.best.candidate.label in result.verdict
    assert ("not distinguishable at this sample size" in result.verdict
            or "clearly closer" in result.verdict)
    assert result.as_dict()["best"]["deck"] == list(result.best.candidate.deck)


def test_balance_candidates_for_licos_and_clocktower() -> None:
    from wolfsbane.editions.clocktower.script import CHARACTERS, DEMON, MINION
    from wolfsbane.sim.balance import candidates

    assert [c.label for c in candidates("licos", 8)] == ["8A", "8B", "8C"]
    bags = candidates("clocktower", 8, limit=5)
    assert len(bags) == 5
    assert all(len([r for r in bag.deck if r not in ("lil-monsta", "marionette")]) == 8
               for bag in bags)
    # 8 players: one Demon and one Minion (the Summoner replaces the Demon it summons later)
    for bag in bags:
        evil = [r for r in bag.deck if CHARACTERS[r].type in (DEMON, MINION)]
        assert len(evil) == 2 or (len(evil) == 1 and "summoner" in evil), bag
    assert len({tuple(sorted(bag.deck)) for bag in bags}) == 5


def test_balance_command_shows_progress_and_errors() -> None:
    runner = CliRunner()
    outcome = runner.invoke(app, ["balance", "--edition", "licos", "--players", "5",
                                  "--games", "10", "--workers", "1", "--finalists", "2"])
    assert outcome.exit_code == 0, outcome.output
    assert "screening 5A" in outcome.stderr and "The fairest deck found is" in outcome.stdout
    bad = runner.invoke(app, ["balance", "--edition", "licos", "--players", "30",
                              "--games", "10"])
    assert bad.exit_code == 2 and "no deck the lab can try for 30 players" in bad.output
    bad = runner.invoke(app, ["balance", "--target", "2", "--games", "10"])
    assert bad.exit_code == 2 and "between 0 and 1" in bad.output


def test_ray_and_matplotlib_missing_are_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    outcome = CliRunner().invoke(app, ["simulate", "--games", "2", "--ray", "auto"])
    assert outcome.exit_code == 2
    assert "--ray needs Ray: pip install 'wolfsbane[ray]'" in outcome.output
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    outcome = CliRunner().invoke(app, ["simulate", "--games", "2", "--html", "report.html"])
    assert outcome.exit_code == 2
    assert "--html needs matplotlib: pip install 'wolfsbane[lab]'" in outcome.output


def test_progress_in_a_log_prints_games_per_second_and_the_time_left() -> None:
    import io

    from rich.console import Console

    from wolfsbane.sim.progress import GameProgress

    buffer = io.StringIO()
    with GameProgress(Console(file=buffer, width=200), every_seconds=0.0) as progress:
        simulate("millers-hollow", BASIC, players=8, games=20, seed=0, workers=1,
                 progress=progress.update)
    lines = buffer.getvalue().splitlines()
    assert 2 <= len(lines) <= 11  # at most one line a tenth of the run
    assert lines[-1].startswith("playing: 20/20 games, ")
    assert all("games/s" in line and "left" in line for line in lines)


def test_a_failing_game_is_named_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    import wolfsbane.sim.run as run

    def broken(edition_id: str, deck: object, players: int, options: object, seed: int) -> None:
        if seed == 3:
            raise RuntimeError("the bots have nothing to do, yet the game is not over")
        return real(edition_id, deck, players, options, seed)

    real = run.play_one
    monkeypatch.setattr(run, "play_one", broken)
    outcome = CliRunner().invoke(app, ["simulate", "--games", "6", "--workers", "1"])
    assert outcome.exit_code == 1
    words = " ".join(outcome.output.split())
    assert "The simulation stopped: game 3 (seed 3) failed: the bots have nothing to do" in words
    assert "wolfsbane play --watch --seed 3" in words and "Traceback" not in words
