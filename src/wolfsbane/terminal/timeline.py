"""A finished (or stopped) game as a timeline: roles, then each phase's events and answers.

Events say what happened; some answers leave no event of their own (the witch keeping a potion,
the fortune teller's pick), so the timeline also places each logged answer at the point of the
game where it was given. `Tracer` notes those points while a game is played or replayed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from ..core import STORYTELLER, Event, Game
from ..core.record import replay
from ..core.view import view
from ..editions import get_edition
from .render import SKIP_LABELS, Line, Renderer, esc, phase_title, team_name


@dataclass(frozen=True)
class Placed:
    """Where a log entry belongs: before event `at`, during `phase`."""

    at: int
    phase: str


class Tracer:
    """Places every log entry of a game between its events (subscribe before play goes on)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.places: list[Placed] = [Placed(0, "setup") for _ in game.log]
        game.subscribe(self._on_event)

    def _on_event(self, event: Event) -> None:
        game = self.game
        if len(self.places) < len(game.log):
            before = game.events[event.index - 1].phase if event.index > 0 else "setup"
            self.places.extend(Placed(event.index, before)
                               for _ in range(len(game.log) - len(self.places)))

    def settle(self) -> list[Placed]:
        game = self.game
        if len(self.places) < len(game.log):
            phase = game.events[-1].phase if game.events else game.phase
            self.places.extend(Placed(len(game.events), phase)
                               for _ in range(len(game.log) - len(self.places)))
        return self.places


def replay_traced(record: dict[str, Any]) -> tuple[Game, list[Placed]]:
    """Replay a record as `core.record.replay` does, noting where each answer was given."""
    tracers: list[Tracer] = []
    game = replay(record, get_edition, before=lambda game: tracers.append(Tracer(game)))
    return game, tracers[0].settle()


# -- printing ----------------------------------------------------------------------------------

def roles_table(game: Game, title: str = "Who was who") -> Table:
    outcome = game.outcome
    winners = set(outcome.winners) if outcome else set()
    table = Table(title=title, title_style="bold", show_edge=False, pad_edge=False)
    table.add_column("player", style="bold")
    table.add_column("card")
    table.add_column("team")
    table.add_column("")
    edition = game.edition
    for player in game.players:
        card = edition.roles[player.role].name if player.role in edition.roles else player.role
        first = player.state.get("was")
        if first and first != player.role:
            card += f" [dim](was {esc(edition.roles[first].name if first in edition.roles else first)})[/]"  # noqa: E501
        status = "alive" if player.alive else "[red]dead[/]"
        if player.name in winners:
            status += " [green]won[/]"
        table.add_row(esc(player.name), card, esc(team_name(player.team)), status)
    return table


def print_timeline(
    console: Console,
    game: Game,
    places: list[Placed],
    *,
    seat: str | None = None,
    village_talk: bool = True,
    headings: bool = True,
) -> None:
    """Print the game phase by phase, as the storyteller saw it or as `seat` saw it."""
    who = seat if seat is not None else STORYTELLER
    events = view(game, who)["events"]
    renderer = Renderer(game.edition, you=seat)
    if seat is None:
        renderer.cards = {e["player"]: e["role"] for e in events if e["kind"] == "RoleDealt"}
    answers: dict[int, list[dict[str, Any]]] = {}
    for entry, place in zip(game.log, places, strict=False):
        if "say" in entry:
            continue
        if seat is not None and entry.get("seat") != seat:
            continue
        answers.setdefault(place.at, []).append(entry)

    phase = "setup"
    batch: list[dict[str, Any]] = []

    def flush() -> None:
        for line in renderer.render(batch):
            _print_line(console, line, headings)
        batch.clear()

    def answers_before(index: int) -> None:
        for entry in answers.pop(index, []):
            if seat is not None:
                text = _own_answer(renderer, entry)
            else:
                text = renderer.answer(entry)
                if text is None:
                    continue
                # a pack member's pick is already echoed as an event
                if entry.get("decision") == "attack":
                    continue
            if text is None:
                continue
            flush()
            console.print(f"  {text}")

    for event in events:
        index = event["index"]
        if index in answers:
            answers_before(index)
        if not village_talk and event["kind"] == "Said" and event.get("channel") == "village":
            continue
        if event["kind"] == "GameWon" or (event["kind"] == "RoleDealt" and seat is None):
            continue  # the cards and the winner are shown apart
        if event["kind"] == "PhaseBegan":
            flush()
            phase = event.get("phase_name", event["phase"])
            if headings:
                console.print(Rule(f"[bold]{esc(phase_title(phase))}[/]", style="dim"))
            continue
        if event["phase"] != phase and event["phase"] != "end":
            flush()
            phase = event["phase"]
        batch.append(event)
    for index in sorted(answers):
        answers_before(index)
    flush()


def _own_answer(renderer: Renderer, entry: dict[str, Any]) -> str | None:
    name, value = entry.get("decision"), entry.get("answer")
    if name == "deal":
        return None
    if isinstance(value, bool) or value is None or value == []:
        shown = "yes" if value is True else esc(SKIP_LABELS.get(str(name), "no" if value is
                                                                 False else "skip"))
    else:
        shown = renderer.choice(value)
    return f"[cyan]Your answer[/] [dim]({esc(name)})[/]: {shown}."


def _print_line(console: Console, line: Line, headings: bool) -> None:
    if line.phase is not None:
        if headings:
            console.print(Rule(f"[bold]{esc(line.text)}[/]", style="dim"))
        return
    console.print(f"  {line.text}" if line.public else f"  [dim]🔒[/] {line.text}")


def show_replay(record: dict[str, Any], *, seat: str | None = None,
                console: Console | None = None) -> None:
    """Replay a saved record and print its timeline (only what `seat` saw, when given)."""
    console = console or Console()
    game, places = replay_traced(record)
    if seat is not None and seat not in game.by_name:
        raise UnknownSeat(
            f"nobody called {seat!r} played this game; the seats were: "
            + ", ".join(p.name for p in game.players)
        )
    edition = game.edition
    console.print(Rule(f"[bold]{esc(edition.name)}[/] — replay of a game for "
                       f"{len(game.players)} players (seed {game.seed})"))
    if seat is None:
        console.print(roles_table(game, title="The cards"))
    else:
        console.print(f"As seen by [bold cyan]{esc(seat)}[/]: only what that seat saw.")
    print_timeline(console, game, places, seat=seat)
    winner_panel(console, game, seat)
    if not game.over:
        console.print("[yellow]The record stops here: the game was not finished.[/]")


def winner_panel(console: Console, game: Game, person: str | None) -> None:
    outcome = game.outcome
    if outcome is None:
        return
    renderer = Renderer(game.edition, you=person)
    text = renderer.outcome({"winner": outcome.winner, "winners": list(outcome.winners),
                             "reason": outcome.reason})
    if person is not None:
        verdict = ("[bold green]You won![/]" if person in outcome.winners
                   else "[bold red]You lost.[/]")
        text = f"{verdict}\n{text}"
    console.print(Panel(text, title="The game is over", border_style="green", expand=False))


class UnknownSeat(LookupError):
    """`replay --seat` names someone who did not play."""
