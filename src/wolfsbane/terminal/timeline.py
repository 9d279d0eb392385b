"""A finished (or stopped) game as a timeline: roles, then each phase's events and answers.

Events say what happened; some answers leave no event of their own (the witch keeping a potion,
the fortune teller's pick), so the timeline also places each logged answer at the point of the
game where it was given. `Tracer` notes those points while a game is played or replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from ..core import STORYTELLER, Event, Game
from ..core.record import replay
from ..core.view import events_for, view
from ..editions import get_edition
from .render import Line, Renderer, esc


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

def roles_table(game: Game, title: str = "Who was who", *, final: bool = True) -> Table:
    """Every player's card. `final`: the cards at the end, who lived and who won; otherwise
    the cards as dealt and the team each card starts on, which gives no ending away."""
    outcome = game.outcome if final else None
    winners = set(outcome.winners) if outcome else set()
    renderer = Renderer(game.edition)
    dealt = {e.data["player"]: e.data["role"] for e in game.events if e.kind == "RoleDealt"}
    table = Table(title=title, title_style="bold", show_edge=False, pad_edge=False)
    table.add_column("player", style="bold")
    table.add_column("card")
    table.add_column("team")
    if final:
        table.add_column("")
    edition = game.edition
    for player in game.players:
        role = player.role if final else dealt.get(player.name, player.role)
        card = edition.roles[role].name if role in edition.roles else role
        first = edition.card_before(player)
        if final and first and first != player.role:
            card += f" [dim](was {esc(edition.roles[first].name if first in edition.roles else first)})[/]"  # noqa: E501
        team = player.team if final else edition.team_of(role)
        row = [esc(player.name), esc(card) if "[" not in card else card,
               esc(renderer.team(team))]
        if final:
            status = renderer.word("alive") if player.alive else \
                f"[red]{esc(renderer.word('dead'))}[/]"
            if player.name in winners:
                status += f" [green]{esc(renderer.word('won'))}[/]"
            row.append(status)
        table.add_row(*row)
    return table


def print_timeline(
    console: Console,
    game: Game,
    places: list[Placed],
    *,
    seat: str | None = None,
    village_talk: bool = True,
    headings: bool = True,
    notes: Sequence[tuple[int, str]] = (),
) -> None:
    """Print the game phase by phase, as the storyteller saw it or as `seat` saw it.
    `notes`: lines (Rich markup) told at a point of the game, before its event `at`: what
    happened where the engine does not see (the room of a game played in the dark)."""
    if seat is None:
        events = view(game, STORYTELLER)["events"]
    else:
        # the seat's events with their place in the whole game, where the answers are placed
        events = [e.as_dict() for e in events_for(game, seat)]
    renderer = Renderer(game.edition, you=seat)
    if seat is None:
        renderer.cards = {e["player"]: e["role"] for e in events if e["kind"] == "RoleDealt"}
    answers: list[tuple[int, dict[str, Any]]] = []
    for entry, place in zip(game.log, places, strict=False):
        if "say" in entry or "add_seat" in entry:
            continue
        if seat is not None and entry.get("seat") != seat:
            continue
        answers.append((place.at, entry))
    # a note comes before the answers given at the same point (the tap before "I am dead")
    answers = [(at, {"note": text}) for at, text in notes] + answers
    answers.sort(key=lambda pair: pair[0])

    phase = "setup"
    batch: list[dict[str, Any]] = []

    def flush() -> None:
        for line in renderer.render(batch):
            _print_line(console, line, headings)
        batch.clear()

    def answers_before(index: int) -> None:
        """Print every answer given before event `index` of the game."""
        while answers and answers[0][0] <= index:
            _, entry = answers.pop(0)
            text = entry["note"] if "note" in entry else \
                renderer.answer(entry, own=seat is not None)
            if text is None:
                continue
            flush()
            console.print(f"  {text}")

    for event in events:
        answers_before(event["index"])
        if not village_talk and event["kind"] == "Said" and event.get("channel") == "village":
            continue
        if event["kind"] == "GameWon" or (event["kind"] == "RoleDealt" and seat is None):
            continue  # the cards and the winner are shown apart
        if event["kind"] == "DecisionWithdrawn":
            continue  # a button that went away: nothing happened in the game
        if event["kind"] == "PhaseBegan":
            flush()
            phase = event.get("phase_name", event["phase"])
            if headings:
                console.print(Rule(f"[bold]{esc(renderer.phase(phase))}[/]", style="dim"))
            continue
        if event["phase"] != phase and event["phase"] != "end":
            flush()
            phase = event["phase"]
        batch.append(event)
    flush()
    answers_before(len(game.events))
    flush()


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
            f"nobody called “{seat}” played this game; the seats were: "
            + ", ".join(p.name for p in game.players)
        )
    edition = game.edition
    console.print(Rule(f"[bold]{esc(edition.name)}[/] — replay of a game for "
                       f"{len(game.players)} players (seed {game.seed})"))
    if seat is None:
        console.print(roles_table(game, title="The cards dealt", final=False))
    else:
        console.print(f"As seen by [bold cyan]{esc(seat)}[/]: only what that seat saw.")
    print_timeline(console, game, places, seat=seat)
    if seat is None and game.over:
        console.print(roles_table(game))
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
