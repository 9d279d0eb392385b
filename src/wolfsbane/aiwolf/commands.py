"""The command line of the AIWolf compatibility: `wolfsbane aiwolf serve` and
`wolfsbane export aiwolf-log`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape

aiwolf_app = typer.Typer(help="AIWolf NLP agents play LiCOS villages on wolfsbane.",
                         no_args_is_help=True, rich_markup_mode=None)
export_app = typer.Typer(help="A finished game in another program's format.",
                         no_args_is_help=True, rich_markup_mode=None)
console = Console()
err = Console(stderr=True)


@aiwolf_app.command("serve")
def aiwolf_serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (AIWolf's is 8080).")] = 8080,  # noqa: E501
    players: Annotated[int, typer.Option("--players", "-n", help="Seats in each village.")] = 5,
    composition: Annotated[Optional[str], typer.Option("--composition", "-c", help="A published LiCOS village (5C, 11A...) or a letter; default: the A village.")] = None,  # noqa: UP045,E501
    bots: Annotated[int, typer.Option("--bots", help="Seats our bots play beside the agents.")] = 0,  # noqa: E501
    games: Annotated[Optional[int], typer.Option("--games", help="Stop after this many games (default: serve until stopped).")] = None,  # noqa: UP045,E501
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game (then +1 each).")] = 0,  # noqa: E501
    action_timeout: Annotated[float, typer.Option("--action-timeout", help="Seconds an agent has for each answer.")] = 60.0,  # noqa: E501
    response_timeout: Annotated[float, typer.Option("--response-timeout", help="Seconds an agent has to answer NAME.")] = 120.0,  # noqa: E501
    max_error_ratio: Annotated[float, typer.Option("--max-error-ratio", help="Errors over requests past which our bot takes the agent's seat.")] = 0.2,  # noqa: E501
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write each game's record and AIWolf log in this folder.")] = None,  # noqa: UP045,E501
) -> None:
    """Serve LiCOS villages to AIWolf NLP agents over WebSocket (ws://HOST:PORT/ws)."""
    import asyncio

    from .packets import Rules
    from .server import Room, run_room

    if not 4 <= players <= 15:
        raise typer.BadParameter("a LiCOS village has 4 to 15 players", param_hint="--players")
    if not 0 <= bots < players:
        raise typer.BadParameter("our bots may play some seats, not all of them",
                                 param_hint="--bots")
    if action_timeout <= 0 or response_timeout <= 0:
        raise typer.BadParameter("a timeout is a positive number of seconds")
    rules = Rules(action_timeout=action_timeout, response_timeout=response_timeout,
                  max_error_ratio=max_error_ratio)

    def done(result: object) -> None:
        record = getattr(result, "record", {})
        console.print(f"Game {escape(record['aiwolf']['game_id'])} is over: "
                      f"{escape(getattr(result, 'winner', ''))} won.", soft_wrap=True)

    room = Room(players=players, composition=composition, bots=bots, games=games, seed=seed,
                rules=rules, out=out, on_result=done)

    def ready(bound: int) -> None:
        console.print(f"AIWolf agents connect to ws://{host}:{bound}/ws "
                      f"({players - bots} agents a village).", soft_wrap=True)

    try:
        asyncio.run(run_room(room, host, port, ready=ready))
    except KeyboardInterrupt:
        return
    except OSError as error:
        err.print(f"Cannot listen on {escape(host)}:{port}: "
                  f"{escape(error.strerror or str(error))}")
        raise typer.Exit(2) from None


@export_app.command("aiwolf-log")
def export_aiwolf_log(
    file: Annotated[Path, typer.Argument(help="The record of a finished LiCOS game (saved by `play --save`, the server's /record or `aiwolf serve --out`).")],  # noqa: E501
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the log here instead of printing it.")] = None,  # noqa: UP045,E501
) -> None:
    """A finished LiCOS game as an AIWolf game log (CSV lines)."""
    from ..core import IllegalAnswer, SetupError
    from .log import aiwolf_log

    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        err.print(f"{escape(str(file))}: cannot read: {escape(error.strerror or 'failed')}",
                  soft_wrap=True)
        raise typer.Exit(2) from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        err.print(f"{escape(str(file))}: not a JSON record.", soft_wrap=True)
        raise typer.Exit(2) from None
    try:
        text = "\n".join(aiwolf_log(record)) + "\n"
    except (SetupError, IllegalAnswer, KeyError, TypeError, ValueError) as error:
        err.print(f"{escape(str(file))}: {escape(str(error))}", soft_wrap=True)
        raise typer.Exit(2) from None
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        err.print(f"{escape(str(out))}: cannot write: {escape(error.strerror or 'failed')}")
        raise typer.Exit(2) from None
    console.print(f"Wrote the AIWolf log to {escape(str(out))}.")
