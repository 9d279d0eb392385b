"""The `wolfsbane` command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table

from .core import Edition, SetupError
from .editions import DEFAULT_EDITION, EDITIONS, PLANNED, get_edition

app = typer.Typer(
    name="wolfsbane",
    help="Moderate hidden-role games of the Werewolf family: play, watch, replay, check rules.",
    no_args_is_help=True,
    add_completion=False,
    # plain help: flags read as flags (Rich's layout writes "--watch <bool>")
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)


def _edition_or_exit(edition_id: str) -> Edition:
    try:
        return get_edition(edition_id)
    except SetupError as error:
        raise typer.BadParameter(str(error), param_hint="--edition") from None


@app.command()
def editions(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the rulesets wolfsbane offers (and those still to come)."""
    rows = [
        {"id": e.id, "name": e.name, "available": True, "players": [e.min_players, e.max_players],
         "summary": e.summary}
        for e in EDITIONS.values()
    ] + [
        {"id": key, "name": name, "available": False}
        for key, name in PLANNED.items() if key not in EDITIONS
    ]
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title="Editions")
    table.add_column("id")
    table.add_column("name")
    table.add_column("players")
    table.add_column("status")
    for row in rows:
        players = "{}-{}".format(*row["players"]) if row["available"] else ""
        table.add_row(row["id"], row["name"], players,
                      "available" if row["available"] else "not yet")
    console.print(table)


@app.command()
def roles(
    edition: Annotated[str, typer.Option("--edition", "-e", help="Edition id.")] = DEFAULT_EDITION,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print an edition's role catalog: ids, teams, decisions and what each role does."""
    from .terminal.grimoire import has_night_sheet, night_sheet_json, print_night_sheet

    chosen = _edition_or_exit(edition)
    catalog = [role.as_dict() for role in chosen.roles.values()]
    sheet = has_night_sheet(chosen)
    if as_json:
        print(json.dumps({
            "edition": chosen.id,
            "name": chosen.name,
            "roles": catalog,
            **({"night_sheet": night_sheet_json(chosen)} if sheet else {}),
            "table_decisions": chosen.table_decisions,
            "storyteller_decisions": chosen.storyteller_decisions,
            "options": {k: {"default": o.default, "description": o.description}
                        for k, o in chosen.options.items()},
        }, indent=2))
        return
    if sheet:  # a script's characters: the storyteller's night sheet, then the characters
        print_night_sheet(console, chosen)
        _print_other_decisions(chosen)
        return
    # One block per card, its text wrapped under it: readable at 80 columns and in a pipe,
    # where a wide table would squeeze the descriptions to a word per line.
    console.print(Rule(f"[bold]{escape(chosen.name)}[/]: the cards"))
    for role in chosen.roles.values():
        decides = ", ".join(role.decisions) or "nothing"
        console.print(f"[bold]{escape(role.name)}[/] [dim]({escape(role.id)}) · team "
                      f"{escape(role.team)} · decides: {escape(decides)}[/]")
        console.print(Padding(escape(role.description), (0, 0, 1, 4)))
    _print_other_decisions(chosen)


def _print_other_decisions(chosen: Edition) -> None:
    if chosen.table_decisions or chosen.storyteller_decisions:
        console.print(Rule("[bold]Decisions that belong to no card[/]"))
        for who, decisions in (("players", chosen.table_decisions),
                               ("storyteller", chosen.storyteller_decisions)):
            for name, when in decisions.items():
                console.print(f"[bold]{escape(name)}[/] [dim]({who})[/]")
                console.print(Padding(escape(when), (0, 0, 1, 4)))
    console.print(Rule("[bold]Options[/] (--option KEY=VALUE)"))
    for option in chosen.options.values():
        console.print(f"[bold]{escape(option.id)}[/] [dim](default "
                      f"{escape(json.dumps(option.default))})[/]")
        console.print(Padding(escape(option.description), (0, 0, 1, 4)))


@app.command()
def scenario(
    paths: Annotated[list[Path], typer.Argument(help="Scenario files or folders.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per scenario.")] = False,
) -> None:
    """Run conformance scenarios; exit 1 if any failed, 2 if a file is not a valid scenario."""
    from .scenarios import ScenarioFileError, load_scenario, run_scenario, scenario_files

    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    broken = 0
    for path in paths:
        if not path.exists():
            err.print(f"{path}: no such file or folder")
            broken += 1
    for path in scenario_files([p for p in paths if p.exists()]):
        try:
            loaded = load_scenario(path)
        except ScenarioFileError as error:
            broken += 1
            if as_json:
                print(json.dumps({"status": "invalid", "path": str(path), "detail": str(error)}))
            else:
                print(f"INVALID {error}")
            continue
        result = run_scenario(loaded)
        counts[result.status] += 1
        print(json.dumps(result.as_dict()) if as_json else result.line(), flush=True)
    if not as_json:
        print(f"{counts['PASS']} passed, {counts['FAIL']} failed, {counts['SKIP']} skipped")
    if broken:
        raise typer.Exit(2)
    if counts["FAIL"]:
        raise typer.Exit(1)


@app.command()
def play(
    edition: Annotated[str, typer.Option("--edition", "-e", help="Edition id.")] = DEFAULT_EDITION,
    players: Annotated[Optional[int], typer.Option("--players", "-n", help="Number of players (default 8, or the composition's).")] = None,  # noqa: UP045,E501
    seat: Annotated[Optional[str], typer.Option("--seat", help="Your name at the table.")] = None,  # noqa: UP045
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for a repeatable game.")] = None,  # noqa: UP045,E501
    preset: Annotated[Optional[str], typer.Option("--preset", help="A preset's name (Millers Hollow: basic, classic; default: the recommended cards).")] = None,  # noqa: UP045,E501
    composition: Annotated[Optional[str], typer.Option("--composition", "-c", help="A published composition by name (LiCOS: 4A ... 15C).")] = None,  # noqa: UP045,E501
    roles_: Annotated[Optional[str], typer.Option("--roles", help="Comma-separated role ids to deal instead of a preset.")] = None,  # noqa: UP045,E501
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="Edition option as KEY=VALUE (repeatable).")] = None,  # noqa: UP045,E501
    watch: Annotated[bool, typer.Option("--watch", help="Bots play every seat; print the whole game.")] = False,  # noqa: E501
    storyteller: Annotated[bool, typer.Option("--storyteller", help="Bots play every seat and you are the storyteller: you run the grimoire and answer every storyteller decision.")] = False,  # noqa: E501
    save: Annotated[Optional[Path], typer.Option("--save", help="Write the game's record (JSON) here.")] = None,  # noqa: UP045,E501
) -> None:
    """Play a game in the terminal against bots (or --watch the bots play, or run the game as
    its --storyteller)."""
    from .terminal import play_in_terminal

    chosen = _edition_or_exit(edition)
    try:
        options = _parse_options(option or [])
        deck, players = _choose_deck(chosen, roles_, composition, players)
        if watch and storyteller:
            raise SetupError("give either --watch or --storyteller, not both")
        if storyteller and type(chosen).grimoire is Edition.grimoire:
            raise SetupError(f"{chosen.name} keeps no grimoire: --storyteller is for "
                             "editions whose storyteller runs one (Blood on the Clocktower)")
        play_in_terminal(chosen, players=players, seat=seat, seed=seed, preset=preset,
                         roles=deck, composition=composition, options=options,
                         watch=watch, storyteller=storyteller, save=save, console=console)
    except SetupError as error:
        err.print(f"[red]Cannot set up the game:[/red] {error}")
        raise typer.Exit(2) from None


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by `play --save` or the server.")],
    seat: Annotated[Optional[str], typer.Option("--seat", help="Show only what this seat saw.")] = None,  # noqa: UP045,E501
) -> None:
    """Show a saved game as a timeline."""
    from .core import IllegalAnswer
    from .terminal import UnknownSeat, show_replay

    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        err.print(f"{file}: cannot read: {error.strerror}")
        raise typer.Exit(2) from None
    except json.JSONDecodeError as error:
        err.print(f"{file}: not a JSON record: {error}")
        raise typer.Exit(2) from None
    try:
        show_replay(record, seat=seat, console=console)
    except UnknownSeat as error:
        err.print(f"--seat: {error.args[0]}")
        raise typer.Exit(2) from None
    except (SetupError, IllegalAnswer, KeyError, TypeError, ValueError) as error:
        err.print(f"{file}: not a valid wolfsbane record: {error}")
        raise typer.Exit(2) from None


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[Optional[str], typer.Option("--db", help="A SQLite file, a sqlite:/// URL or a postgresql:// URL (default: a file in your data directory).")] = None,  # noqa: UP045,E501
    public_url: Annotated[str, typer.Option("--public-url", help="The address players use, for join links.")] = "",  # noqa: E501
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn's log level.")] = "info",
) -> None:
    """Run the game server: lobbies, live play over WebSockets, timers, bots."""
    from .server import serve as run_server

    run_server(host=host, port=port, db=db, public_url=public_url, log_level=log_level)


@app.command()
def simulate(
    edition: Annotated[str, typer.Option("--edition", "-e", help="Edition id.")] = DEFAULT_EDITION,
    players: Annotated[Optional[str], typer.Option("--players", "-n", metavar="N", help="Number of players (default 8, or the composition's); with --sweep a grid such as 8..16, 8..16:2 or 8,10,12.")] = None,  # noqa: UP045,E501
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="How many games to play (per cell of a sweep).")] = 1000,  # noqa: E501
    preset: Annotated[Optional[list[str]], typer.Option("--preset", "--deck", metavar="NAME", help="A preset's name (basic, classic; all: every preset); repeat it with --sweep.")] = None,  # noqa: UP045,E501
    composition: Annotated[Optional[list[str]], typer.Option("--composition", "-c", metavar="NAME", help="A published composition by name (LiCOS: 4A ... 15C; all: every one); repeatable with --sweep.")] = None,  # noqa: UP045,E501
    roles_: Annotated[Optional[list[str]], typer.Option("--roles", metavar="CARDS", help="Comma-separated role ids (the deck); repeatable with --sweep.")] = None,  # noqa: UP045,E501
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="Edition option as KEY=VALUE (repeatable).")] = None,  # noqa: UP045,E501
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed SEED+i.")] = 0,
    workers: Annotated[Optional[int], typer.Option("--workers", "-w", min=1, help="Processes (default: every core).")] = None,  # noqa: UP045,E501
    sweep: Annotated[bool, typer.Option("--sweep", help="A grid: every deck at every player count, one line per cell.")] = False,  # noqa: E501
    csv_file: Annotated[Optional[Path], typer.Option("--csv", metavar="FILE", help="Write one CSV row per game, as games finish.")] = None,  # noqa: UP045,E501
    jsonl_file: Annotated[Optional[Path], typer.Option("--jsonl", metavar="FILE", help="Write one JSON object per game and line, as games finish.")] = None,  # noqa: UP045,E501
    summary_file: Annotated[Optional[Path], typer.Option("--summary", metavar="FILE", help="Write the summary (every figure and interval) as JSON.")] = None,  # noqa: UP045,E501
    html_file: Annotated[Optional[Path], typer.Option("--html", metavar="FILE", help="Write an HTML report with charts (needs wolfsbane[lab]).")] = None,  # noqa: UP045,E501
    ray: Annotated[Optional[str], typer.Option("--ray", metavar="ADDRESS", help="Play the chunks on a Ray cluster (host:port, auto, or local; needs wolfsbane[ray]).")] = None,  # noqa: UP045,E501
    markdown: Annotated[bool, typer.Option("--markdown", help="Print a Markdown table, a row per cell.")] = False,  # noqa: E501
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    skill: Annotated[Optional[str], typer.Option("--skill", metavar="LEVEL", help="Bot level: easy or strong (default), for every seat or one per seat in seat order (easy,strong,...).")] = None,  # noqa: UP045,E501
) -> None:
    """Play many all-bot games and report win rates by team, seat and role, survival, who
    dies first and the game's length, each with a 95% interval (or a --sweep grid)."""
    from .sim import SimulationError
    from .sim.commands import SimulateRequest, run_simulate

    chosen = _edition_or_exit(edition)
    try:
        request = SimulateRequest(
            chosen, players=players, games=games, presets=list(preset or []),
            compositions=list(composition or []), roles=list(roles_ or []),
            options=_parse_options(option or []), seed=seed, workers=workers, sweep=sweep,
            as_json=as_json, csv_path=csv_file, jsonl_path=jsonl_file,
            summary_path=summary_file, html_path=html_file, ray=ray,
            markdown=markdown, skill=skill)
        run_simulate(request, console, err)
    except SimulationError as error:
        err.print(f"[red]The simulation stopped:[/red] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(1) from None
    except SetupError as error:
        err.print(f"[red]Cannot set up the simulation:[/red] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    except OSError as error:
        err.print(f"Cannot write a file: {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None


@app.command("balance")
def balance_command(
    edition: Annotated[str, typer.Option("--edition", "-e", help="Edition id.")] = DEFAULT_EDITION,
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 8,
    target: Annotated[float, typer.Option("--target", help="The main team's win rate to aim at.")] = 0.5,  # noqa: E501
    games: Annotated[int, typer.Option("--games", "-g", min=10, help="Games per deck screened (finalists play 4x as many, on fresh seeds).")] = 200,  # noqa: E501
    candidates: Annotated[int, typer.Option("--candidates", min=1, help="How many decks to try at most.")] = 24,  # noqa: E501
    finalists: Annotated[int, typer.Option("--finalists", min=1, help="How many of the closest decks to confirm.")] = 3,  # noqa: E501
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", metavar="KEY=VALUE", help="Edition option as KEY=VALUE (repeatable).")] = None,  # noqa: UP045,E501
    seed: Annotated[int, typer.Option("--seed", help="The first game's seed.")] = 0,
    workers: Annotated[Optional[int], typer.Option("--workers", "-w", min=1, help="Processes (default: every core).")] = None,  # noqa: UP045,E501
    ray: Annotated[Optional[str], typer.Option("--ray", metavar="ADDRESS", help="Play on a Ray cluster (needs wolfsbane[ray]).")] = None,  # noqa: UP045,E501
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Search the edition's decks for the fairest at this table size (the main team's win
    rate closest to the target) and say how sure the search is."""
    from .sim import SimulationError
    from .sim.commands import run_balance

    chosen = _edition_or_exit(edition)
    try:
        run_balance(chosen, players, target, games, seed, workers,
                    _parse_options(option or []), finalists, candidates, as_json, ray,
                    console, err)
    except SimulationError as error:
        err.print(f"[red]The search stopped:[/red] {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(1) from None
    except SetupError as error:
        err.print(f"[red]Cannot search for a balanced deck:[/red] {escape(str(error))}",
                  soft_wrap=True)
        raise typer.Exit(2) from None


def _choose_deck(
    edition: Edition, roles: str | None, composition: str | None, players: int | None
) -> tuple[list[str] | None, int]:
    """The deck to deal (None: the edition's preset) and the number of players."""
    if roles and composition:
        raise SetupError("give either --roles or --composition, not both")
    if composition:
        if not edition.compositions():
            raise SetupError(f"{edition.name} has no published compositions")
        deck = list(edition.preset(composition, players))
        return deck, len(deck)
    if roles:
        deck = [role.strip() for role in roles.split(",") if role.strip()]
        for role_id in deck:
            edition.role(role_id)
        if players is None:
            players = edition.players_for(deck)
        return deck, players
    return None, players if players is not None else 8


def _parse_options(pairs: list[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs:
        if "=" not in pair:
            raise SetupError(f"--option takes KEY=VALUE, not “{pair}”")
        key, value = pair.split("=", 1)
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


script_app = typer.Typer(
    help="Blood on the Clocktower script files in the publisher's JSON format.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(script_app, name="script")


@script_app.command("export")
def script_export(
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the file here instead of printing it.")] = None,  # noqa: UP045,E501
) -> None:
    """Write wolfsbane's Clocktower script as a publisher's script file (_meta, then ids)."""
    from .editions.clocktower.scriptfile import export_json

    print_or_write(export_json(), out)
    if out is not None:
        console.print(f"Wrote the script to {escape(str(out))}.")


def print_or_write(text: str, out: Path | None) -> None:
    """`text` on standard output, or into the file `out`; a file that cannot be written is
    said in a sentence (exit 2), never a traceback."""
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        err.print(f"{escape(str(out))}: cannot write: {escape(error.strerror or 'failed')}",
                  soft_wrap=True)
        raise typer.Exit(2) from None


@script_app.command("import")
def script_import(
    file: Annotated[Path, typer.Argument(help="A script file (JSON) in the publisher's format.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Read a script file and report what wolfsbane can run of it.

    Exit 0: every character has its rules in wolfsbane; 1: the file is valid but some
    characters are unknown, homebrew or without rules; 2: the file cannot be read or is
    malformed (nothing is imported).
    """
    from .editions.clocktower.scriptfile import (
        ScriptFileError,
        parse_script,
        report,
        report_lines,
    )

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        err.print(f"{escape(str(file))}: cannot read: {escape(error.strerror or 'failed')}",
                  soft_wrap=True)
        raise typer.Exit(2) from None
    except UnicodeDecodeError:
        err.print(f"{escape(str(file))}: not a text file (it is not UTF-8).", soft_wrap=True)
        raise typer.Exit(2) from None
    try:
        imported = parse_script(text)
    except ScriptFileError as error:
        err.print(f"{escape(str(file))}: {escape(str(error))} Nothing was imported.",
                  soft_wrap=True)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(report(imported), indent=2, ensure_ascii=False))
    else:
        for line in report_lines(imported):
            console.print(escape(line), soft_wrap=True)
    if not imported.fully_supported:
        raise typer.Exit(1)


# Agents of your own: an LLM seat on a server, and the arena (wolfsbane.client.commands)
from .client.commands import agent_app, arena_command  # noqa: E402 - registered after the rest

app.add_typer(agent_app, name="agent")
app.command("arena")(arena_command)

# AIWolf NLP agents on LiCOS villages, and AIWolf game logs (wolfsbane.aiwolf.commands)
from .aiwolf.commands import aiwolf_app, export_app  # noqa: E402 - registered after the rest

app.add_typer(aiwolf_app, name="aiwolf")
app.add_typer(export_app, name="export")


protocol_app = typer.Typer(
    help="The server's agent protocol (docs/protocol.md).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(protocol_app, name="protocol")


@protocol_app.command("schema")
def protocol_schema_command(
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the file here instead of printing it.")] = None,  # noqa: UP045,E501
) -> None:
    """Print the protocol's JSON Schema: every WebSocket message either way, every HTTP body
    and reply (docs/protocol.schema.json is this output)."""
    from .server.protocol import schema_text

    print_or_write(schema_text(), out)


@protocol_app.command("reference")
def protocol_reference_command(
    update: Annotated[Optional[Path], typer.Option("--update", help="Replace the reference section of this page (docs/protocol.md) instead of printing it.")] = None,  # noqa: UP045,E501
) -> None:
    """Print the message reference docs/protocol.md carries (generated from the models)."""
    from .server.protocol import REFERENCE_BEGIN, REFERENCE_END, reference_markdown

    text = reference_markdown()
    if update is None:
        sys.stdout.write(text)
        return
    page = update.read_text(encoding="utf-8")
    if REFERENCE_BEGIN not in page or REFERENCE_END not in page:
        err.print(f"{update} has no generated reference section to replace")
        raise typer.Exit(1)
    before, rest = page.split(REFERENCE_BEGIN, 1)
    after = rest.split(REFERENCE_END, 1)[1].lstrip("\n")
    update.write_text(before + text + after, encoding="utf-8")


def main() -> None:
    app()


if __name__ == "__main__":
    sys.exit(main())

