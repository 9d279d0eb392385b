"""The `wolfsbane agent ...` and `wolfsbane arena` commands (registered by `cli.py`).

Heavy imports (httpx, websockets, openskill) wait until a command runs, so `wolfsbane --help`
stays quick.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape

from ..editions import DEFAULT_EDITION

err = Console(stderr=True)
out = Console()

agent_app = typer.Typer(
    help="Play a seat of a wolfsbane server with an agent (a language model).",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _timers(pairs: list[str]) -> dict[str, float]:
    timers: dict[str, float] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        try:
            timers[key.strip()] = float(value)
        except ValueError:
            raise typer.BadParameter(f"--timer takes NAME=SECONDS, not “{pair}”",
                                     param_hint="--timer") from None
    return timers


def _api_key(variable: str | None) -> str | None:
    if not variable:
        return None
    key = os.environ.get(variable)
    if not key:
        raise typer.BadParameter(f"the environment variable {variable} is not set",
                                 param_hint="--api-key-env")
    return key


@agent_app.command("llm")
def agent_llm(
    server: Annotated[str, typer.Option("--server", help="The wolfsbane server (http://host:port).")],  # noqa: E501
    base_url: Annotated[str, typer.Option("--base-url", help="The OpenAI-compatible endpoint (http://host:port or .../v1).")],  # noqa: E501
    model: Annotated[str, typer.Option("--model", help="The model's name at that endpoint.")],
    game: Annotated[Optional[str], typer.Option("--game", help="Join this game by its code (default: create one and fill it with bots).")] = None,  # noqa: UP045,E501
    name: Annotated[str, typer.Option("--name", help="The seat's name at the table.")] = "Model",
    api_key_env: Annotated[Optional[str], typer.Option("--api-key-env", metavar="VAR", help="The environment variable holding the endpoint's API key.")] = None,  # noqa: UP045,E501
    retries: Annotated[int, typer.Option("--retries", min=0, help="Asks again after an unusable reply, before the bot answers.")] = 2,  # noqa: E501
    timeout: Annotated[float, typer.Option("--timeout", min=0.1, help="Seconds to wait for each reply of the model.")] = 30.0,  # noqa: E501
    persona: Annotated[str, typer.Option("--persona", help="A sentence about the character the model plays.")] = "",  # noqa: E501
    edition: Annotated[str, typer.Option("--edition", "-e", help="A created game's edition.")] = DEFAULT_EDITION,  # noqa: E501
    bots: Annotated[int, typer.Option("--bots", min=0, help="Bots seated in a created game.")] = 7,  # noqa: E501
    timer: Annotated[Optional[list[str]], typer.Option("--timer", metavar="NAME=SECONDS", help="A created game's timer (night, day, decision, talk, vote, scale...; repeatable).")] = None,  # noqa: UP045,E501
    notes: Annotated[Optional[Path], typer.Option("--notes", help="Write the model's private reasoning, one JSON line per question, to this file.")] = None,  # noqa: UP045,E501
) -> None:
    """Play one seat through a chat model: the prompt is the seat's view in the edition's
    words, the reply a JSON action checked against the legal choices (asked again with the
    reason, then the edition's bot answers)."""
    import random

    import httpx

    from . import Client, InProcessAgent, SeatClosed, ServerRefused, play
    from .llm import ChatEndpoint, LLMAgent

    chat = ChatEndpoint(base_url, model, api_key=_api_key(api_key_env), timeout=timeout)
    client = Client(server)
    try:
        if game is None:
            seat = client.create_game(name, edition=edition, timers=_timers(timer or []))
            if bots:
                seat.add_bots(bots)
            seat.start()
            out.print(f"Created game {seat.code} with {bots} bots; {escape(seat.name)} plays.")
        else:
            seat = client.join(game, name)
            out.print(f"Joined game {seat.code} as {escape(seat.name)}; waiting for the start.")
        agent = LLMAgent(seat.name, random.Random(), chat=chat, retries=retries,
                         persona=persona)
        with seat.connect() as connection:
            report = play(connection, InProcessAgent(agent))
    except ServerRefused as error:
        err.print(f"The server refused: {escape(error.detail)}")
        raise typer.Exit(2) from None
    except (SeatClosed, TimeoutError, OSError, httpx.HTTPError) as error:
        err.print(f"The game could not be played: {escape(str(error))}")
        raise typer.Exit(2) from None
    if notes is not None:
        with notes.open("w", encoding="utf-8") as file:
            for note in agent.notes:
                file.write(json.dumps(note.as_dict(), ensure_ascii=False) + "\n")
            for line in agent.lines:
                file.write(json.dumps({"talk": line}, ensure_ascii=False) + "\n")
    fallbacks = sum(note.fallback for note in agent.notes)
    winner = report.outcome.winner if report.outcome else "nobody"
    out.print(f"The game is over: the {escape(winner)} won. {escape(seat.name)} answered "
              f"{len(agent.notes)} questions ({fallbacks} by the bot after unusable replies) "
              f"and said {len(agent.lines)} lines; the model was asked {chat.calls} times.")


def arena_command(
    seat: Annotated[list[str], typer.Option("--seat", help="An agent for a seat (repeat it, one per seat): heuristic, random, llm:URL:MODEL, sdk:module:Class.")],  # noqa: E501
    edition: Annotated[str, typer.Option("--edition", "-e", help="Edition id.")] = DEFAULT_EDITION,  # noqa: E501
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="How many games to play.")] = 100,  # noqa: E501
    players: Annotated[Optional[int], typer.Option("--players", "-n", help="Seats per game (default: one per --seat; the mix repeats to fill more).")] = None,  # noqa: UP045,E501
    preset: Annotated[Optional[str], typer.Option("--preset", help="A preset or published composition.")] = None,  # noqa: UP045,E501
    seed: Annotated[int, typer.Option("--seed", help="Fixes the seats, names and deals of every game.")] = 0,  # noqa: E501
    out_dir: Annotated[Optional[Path], typer.Option("--out", help="Write every game's log here, one JSONL file per seat.")] = None,  # noqa: UP045,E501
    api_key_env: Annotated[Optional[str], typer.Option("--api-key-env", metavar="VAR", help="The environment variable holding the LLM endpoints' API key.")] = None,  # noqa: UP045,E501
    llm_timeout: Annotated[float, typer.Option("--llm-timeout", min=0.1, help="Seconds to wait for each reply of a model.")] = 30.0,  # noqa: E501
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play games with seats filled by a mix of agents (seats and names shuffled each game)
    and report each agent's win rate with its 95% interval and an openskill rating."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from ..arena import ArenaError, format_arena, run_arena

    if os.getcwd() not in sys.path:  # sdk:module:Class finds modules here, as `python -m` does
        sys.path.insert(0, os.getcwd())
    try:
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                      transient=True, disable=as_json) as bar:
            task = bar.add_task("playing", total=games)
            result = run_arena(
                edition, seat, games=games, players=players, preset=preset, seed=seed,
                out=out_dir, api_key=_api_key(api_key_env), llm_timeout=llm_timeout,
                progress=lambda done: bar.update(task, completed=done))
    except ArenaError as error:
        err.print(f"[red]Cannot run the arena:[/red] {escape(str(error))}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(format_arena(result))
