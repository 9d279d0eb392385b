"""The narrator of a game played in the dark, in a terminal (`wolfsbane play --edition
in-the-dark`).

The laptop stays in the sanctuary. It deals (each player in turn sees their card, and whom
they know, on a screen the others look away from), reads every phase aloud as printed lines,
shows the big clock and keeps every clock of the game from the wall clock, and the group types
in what happens in the room: who was killed and declares dead, who found which body, the
ghosts' tokens and guide, the thumbs at dusk, the day's votes. The storyteller's decisions
(the ghost tokens drawn, a tie-break) are the automatic storyteller's. Nothing a player may not
know stays on the screen: what is shown while eyes are closed is wiped when they open.

Time comes in as answers: the clock seat's decisions are answered here when their seconds have
passed on `Pace` (the wall clock; a test passes a scripted one and never sleeps).
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from rich.align import Align
from rich.console import Console, Group
from rich.live import Live
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from ..core import YES_NO, Decision, Game, IllegalAnswer
from ..core.catalog import words
from ..core.decision import CLOCK, PHASE
from ..core.edition import Edition
from ..core.events import STORYTELLER
from ..core.view import TABLE_SEAT, public_view, view
from .prompts import SKIP_WORDS, Quit, Unclear, read_pick
from .render import Renderer, esc
from .timeline import Tracer, print_timeline, roles_table, winner_panel


class Pace(Protocol):
    """Where the narrator's time comes from."""

    def now(self) -> float:
        """Seconds on a clock that only goes forward."""

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds`; True as soon as someone has typed a line to read."""


class WallPace:
    """The wall clock, and the keyboard: a line typed ends a wait at once. Where input
    cannot be watched (a pipe on some systems), a wait ends at once too, so that the next
    line is read as it comes."""

    def __init__(self, stream: Any = None) -> None:
        self.stream = stream if stream is not None else sys.stdin

    def now(self) -> float:
        return time.monotonic()

    def wait(self, seconds: float) -> bool:
        try:
            ready, _, _ = select.select([self.stream], [], [], max(0.0, seconds))
        except (OSError, ValueError, TypeError):
            return True
        return bool(ready)


# The narrator's words as each phase begins, from the rulebook (Part 1 and the Wolf Pack
# edition), where the edition's catalogue has none; {night}, {day} and {ghost} are the game's
# clock lengths.
SCRIPT: dict[str, list[str]] = {
    "night": ["The night lasts {night}. Turn off the last light: the night begins!",
              "Everyone alive, leave the sanctuary. Monsters, hunt. If you are killed, curl "
              "up and declare dead."],
    "day": ["Everyone back in the sanctuary, lights on.",
            "You have {day} to talk about whom to execute. Honesty is optional."],
}


def duration(seconds: float) -> str:
    """8 minutes, 1 minute, 30 seconds, 1 minute 30 seconds."""
    minutes, rest = divmod(int(seconds), 60)
    parts = []
    if minutes:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    if rest or not minutes:
        parts.append(f"{rest} second{'s' if rest != 1 else ''}")
    return " ".join(parts)


def narrated(edition: Edition) -> bool:
    """Whether the edition is played in the room, the app its narrator (a terminal runs the
    narrator for the group rather than one seat against bots)."""
    return edition.played_in_the_dark


# -- the big clock -----------------------------------------------------------------------------

_DIGITS = {
    "0": ("███", "█ █", "█ █", "█ █", "███"),
    "1": ("  █", "  █", "  █", "  █", "  █"),
    "2": ("███", "  █", "███", "█  ", "███"),
    "3": ("███", "  █", "███", "  █", "███"),
    "4": ("█ █", "█ █", "███", "  █", "  █"),
    "5": ("███", "█  ", "███", "  █", "███"),
    "6": ("███", "█  ", "███", "█ █", "███"),
    "7": ("███", "  █", "  █", "  █", "  █"),
    "8": ("███", "█ █", "███", "█ █", "███"),
    "9": ("███", "█ █", "███", "  █", "███"),
    ":": ("   ", " █ ", "   ", " █ ", "   "),
}


def clock_text(seconds: float) -> str:
    """m:ss, rounded up (a clock showing 0:00 has run out)."""
    left = max(0, int(-(-seconds // 1)))
    return f"{left // 60}:{left % 60:02d}"


def big_clock(seconds: float) -> str:
    """The time left in digits five lines high, readable across a room."""
    shown = clock_text(seconds)
    return "\n".join("  ".join(_DIGITS[ch][row] for ch in shown) for row in range(5))


# -- the narrator ------------------------------------------------------------------------------

MAX_NAME = 40  # the longest seat name a game takes
# What the narrator calls each clock of the game, and says when it runs out.
CLOCK_WORDS = {
    "night": ("The night", "Time's up! The night is over: everyone back to the sanctuary."),
    "ghost-wait": ("The ghosts leave", "Ghosts, you may leave the sanctuary now."),
    "day": ("The talk", "Time's up: the talk is over."),
    "know": ("The know phase", "Everyone, open your eyes!"),
}
QUIET_CLOCKS = frozenset({"ghost-wait"})  # no alarm: the night goes on
NIGHT_HELP = ("At the night's clock, type [cyan]1[/] (or [cyan]dead[/]) when someone was "
              "killed and declares dead, [cyan]2[/] (or [cyan]found[/]) when a body is found "
              "and verified, [cyan]time[/] for the time left, [cyan]table[/] for who is alive; "
              "Enter alone asks what happened.")


class Narrator:
    """Runs one game in the dark from a terminal in the sanctuary (see the module's text)."""

    def __init__(self, game: Game, console: Console, pace: Pace | None = None,
                 again: str = "", private_deal: bool = True) -> None:
        self.game = game
        self.edition = game.edition
        self.console = console
        self.pace: Pace = pace or WallPace()
        self.again = again
        self.private_deal = private_deal
        self.renderer = Renderer(game.edition, you=TABLE_SEAT)
        self.words = self.renderer.plain
        self.cursor = 0
        self.phase = ""
        self.phase_started = self.pace.now()
        self.first_seen: dict[int, float] = {}  # clock id -> when the narrator first saw it
        self.counted: set[str] = set()  # phases whose vote was counted down (3, 2, 1)
        self.dealt = False
        self.live = console.is_terminal

    # -- the game ------------------------------------------------------------------------------

    def run(self, tracer: Tracer) -> None:
        game = self.game
        self.console.print(Panel(
            f"[bold]{esc(self.edition.name)}[/]: this screen is the narrator. It keeps the "
            "clocks and says what happens; you tell it what happens in the dark.\n"
            "Players: " + ", ".join(esc(p.name) for p in game.players) + ".\n"
            f"Seed [bold]{game.seed}[/]. To play this very game again: "
            f"[dim]{esc(self.again)}[/]\n"
            "Type [cyan]help[/] at any prompt, [cyan]quit[/] to stop.",
            title="wolfsbane", border_style="magenta", expand=False))
        steps = 0
        while not game.over:
            steps += 1
            if steps > 100_000:
                raise RuntimeError("the game did not end")
            self.show_news()
            mine = [d for d in game.open.values()
                    if d.seat not in (CLOCK, STORYTELLER) and not d.standing]
            if mine:
                self.ask(mine[0])
                continue
            if self.edition.is_night(game.phase) or any(d.standing
                                                         for d in game.open.values()):
                self.timed_night()  # only time or a body found ends a night
                continue
            clocks = [d for d in game.open.values() if d.seat == CLOCK]
            if clocks:
                self.countdown(clocks)
                continue
            raise RuntimeError("the game is waiting for nobody, yet it is not over")
        self.show_news()
        self.reveal(tracer)

    # -- what everyone may see -----------------------------------------------------------------

    def show_news(self) -> None:
        """Print the public events since last time, and each phase's spoken words."""
        seen = public_view(self.game, since=self.cursor, seat=TABLE_SEAT)
        self.cursor = seen["cursor"]
        batch: list[dict[str, Any]] = []
        for event in seen["events"]:
            if event["kind"] == "GameWon":
                continue
            if event["kind"] == "PhaseBegan":
                self._print(batch)
                if not self.dealt:  # the cards are dealt before the first phase
                    self.dealt = True
                    if self.private_deal:
                        self.deal()
                phase = str(event.get("phase_name", event["phase"]))
                if self.edition.is_night(phase):
                    self.ready_for_the_night()
                self.begin(phase)
                continue
            batch.append(event)
        self._print(batch)

    def _print(self, batch: list[dict[str, Any]]) -> None:
        for line in self.renderer.render(batch):
            if line.phase is None:
                self.console.print(f"  {line.text}")
        batch.clear()

    def ready_for_the_night(self) -> None:
        """A night's countdown starts when the group is ready in the sanctuary, not the
        moment the know phase or the dusk is over: the narrator waits for Enter."""
        if self.phase:
            self.console.print("  [italic]“Everyone, open your eyes!”[/]")
        self.line("Press Enter to turn off the last light and start the night> ")

    def begin(self, phase: str) -> None:
        """A phase begins: its heading and the narrator's words for it."""
        self.phase = phase
        self.phase_started = self.pace.now()
        kind = self.edition.phase_kind(phase)
        style = {"night": "blue", "day": "yellow", "dusk": "magenta"}.get(kind, "white")
        self.console.print(Rule(f"[bold {style}]{esc(self.words.phase(phase))}[/]",
                                style=style))
        for line in self.spoken(phase):
            self.console.print(f"  [italic {style}]“{esc(line)}”[/]")

    def spoken(self, phase: str) -> list[str]:
        """What the narrator says as `phase` begins: the edition's script for the phase,
        from its message catalogue (`narration`), else the rulebook's words as the
        narrator reads them (`SCRIPT`)."""
        kind = self.edition.phase_kind(phase)
        lines = self.words.data.get("narration", {}).get(kind)
        if lines is None:
            lines = SCRIPT.get(kind, [])
            if kind == "night":  # the edition's own call for the night, where it has one
                first = phase == f"{kind} 1"
                called = [turn.words for turn in self.edition.night_order.get(
                    "first" if first else "other", ()) if turn.words]
                if called:
                    lines = [f"The night lasts {{night}}. {called[0]}", *called[1:]]
        if isinstance(lines, str):
            lines = [lines]
        lengths = self._seconds()
        said = [str(line).format(**lengths) for line in lines]
        if kind == "night" and any(not p.alive for p in self.game.players) and \
                self.game.options.get("ghost-wait-seconds"):
            said.append(f"Ghosts, wait {lengths['ghost']} in the sanctuary before you leave.")
        return said

    def _seconds(self) -> dict[str, str]:
        """The game's clock lengths, as the script says them ("8 minutes")."""
        out = {}
        for key, default in (("night", 480), ("day", 60), ("ghost", 30)):
            value = self.game.options.get(f"{key}-seconds" if key != "ghost" else
                                          "ghost-wait-seconds", default)
            out[key] = duration(float(value))
        return out

    # -- asking the group ----------------------------------------------------------------------

    def line(self, prompt: str = "> ") -> str:
        while True:
            text = self.console.input(f"[bold cyan]{prompt}[/]")
            word = text.strip().lower()
            if word in ("quit", "exit", ":q"):
                raise Quit
            if word in ("help", "?"):
                self.help()
                continue
            if word in ("table", "t"):
                self.table()
                continue
            return text

    def help(self) -> None:
        self.console.print(
            "[bold]At any prompt:[/] type the number of a choice (or a name). "
            "[cyan]0[/] or Enter skips when skipping is allowed. [cyan]table[/] shows who is "
            "alive, [cyan]quit[/] stops the game. " + NIGHT_HELP)

    def table(self) -> None:
        """Who is alive, and the ghosts with the tokens they keep face up (and the guide):
        what everyone in the sanctuary can see."""
        tokens: dict[str, str] = {}
        for event in public_view(self.game, seat=TABLE_SEAT)["events"]:
            if event["kind"] == "Announced" and event.get("about") == "ghost" and \
                    event.get("ghost"):
                tokens[str(event.get("player"))] = self.label(str(event["ghost"]))
        living, dead = [], []
        for player in public_view(self.game, seat=TABLE_SEAT)["players"]:
            name = esc(player["name"])
            if player["alive"]:
                living.append(name)
                continue
            if player["name"] in tokens:
                name += f" ({esc(tokens[player['name']])})"
            if "guide" in player.get("markers", ()):
                name += " [yellow]the guide[/]"
            dead.append(name)
        text = f"[bold]Alive[/] ({len(living)}): " + (", ".join(living) or "nobody")
        if dead:
            text += ". [dim]Ghosts:[/] " + ", ".join(dead) + "."
        self.console.print(text)

    def pick(self, question: str, choices: Sequence[str], skip: str | None = None,
             others: bool = False) -> str | None:
        """One of `choices` typed by number or name; None when `skip` allows it and the
        line is empty, 0 or a skip word. `others`: a player not offered may be typed too, for
        the game to say why it is refused (nobody may vote for themself)."""
        self.console.print(f"[bold]{esc(question)}[/]")
        self.show(choices, skip)
        while True:
            text = self.line("> ").strip()
            if not text or text.lower() in SKIP_WORDS:
                if skip is not None:
                    return None
                self.console.print(f"[yellow]Type a number from 1 to {len(choices)}.[/]")
                continue
            players = list(self.game.by_name) if others else []
            found = read_pick(text, {"choices": list(choices), "optional": skip is not None},
                              self.edition, players)
            if isinstance(found, str) and (found in choices or others):
                return found
            message = found.message if isinstance(found, Unclear) else \
                f"“{text}” is not one of the choices: type a number from 1 to {len(choices)}."
            self.console.print(f"[yellow]{esc(message)}[/]")

    def show(self, choices: Sequence[str], skip: str | None) -> None:
        items = [f"[bold cyan]{i}[/] {esc(self.label(c))}" for i, c in enumerate(choices, 1)]
        self.console.print("   ".join(items))
        if skip is not None:
            self.console.print(f"[bold cyan]0[/] [dim]{esc(skip)}[/]")

    def label(self, choice: str) -> str:
        if choice in self.game.by_name:
            return choice
        if choice in self.game.catalog:
            return self.words.card(choice)
        return words(choice) if choice == choice.lower() else choice  # ghost-4: "Ghost 4"

    def yes_no(self, question: str, yes: str = "yes", no: str = "no") -> bool:
        self.console.print(f"[bold]{esc(question)}[/] [cyan]1[/] {esc(yes)}   "
                           f"[cyan]2[/] {esc(no)}")
        while True:
            word = self.line("> ").strip().lower()
            if word in ("1", "y", "yes", "up", "u", "+") or word == yes:
                return True
            if word in ("2", "n", "no", "down", "d", "-") or word == no:
                return False
            self.console.print(f"[yellow]Type 1 for {esc(yes)} or 2 for {esc(no)}.[/]")

    def give(self, decision: Decision, value: Any) -> bool:
        """Answer for the seat; an engine refusal is said in its own sentence and changes
        nothing (False)."""
        try:
            self.game.answer(decision.id, value, seat=decision.seat)
        except IllegalAnswer as error:
            self.console.print(f"[yellow]{esc(error)}[/]")
            return False
        return True

    def ask(self, decision: Decision) -> None:
        """One question of a seat, typed in by the group (the seat's name is shown only when
        the question is a public one: a ghost's, a vote)."""
        name = decision.name
        if name == "vote":
            self.count_down_vote()
        while decision.id in self.game.open:
            value = self.read(decision)
            if self.give(decision, value):
                return

    def read(self, decision: Decision) -> Any:
        seat, name = decision.seat, decision.name
        prompt = self.words.prompt(decision.as_dict()) or decision.prompt or \
            self.words.decision_label(name)
        choices = list(decision.choices)
        skip = self.words.skip_label(name) if decision.optional else None
        if name == "vote":
            return self.pick(f"{seat} points at:", choices, skip or "Nobody (no vote)", True)
        if name == "choose-ghost":
            return self.pick(f"{seat} drew two ghost tokens: which does {seat} keep?", choices,
                             skip)
        if name == "guide":
            return self.pick(f"Ghost {seat}: who should guide the dusk?", choices, skip, True)
        if name == "judge":
            whom = decision.about if decision.about in self.game.by_name else "that player"
            return self.yes_no(f"Ghost {seat}: is {whom} a monster? Thumb up or down?",
                               "up", "down")
        if name == "inspect":
            # the seer's seat is secret: the guide types whom the seer points at
            return self.pick("Seer, point at a living player. Guide: whom does the seer point "
                             "at?", choices, skip, True)
        if decision.kind == YES_NO:
            return self.yes_no(f"{seat}: {prompt}")
        return self.pick(f"{seat}: {prompt}", choices, skip, True)

    def count_down_vote(self) -> None:
        if self.phase in self.counted:
            return
        self.counted.add(self.phase)
        for word in ("3", "2", "1"):
            self.console.print(f"[bold yellow]{word}…[/]")
            self.pace.wait(1.0)
        self.console.print("[bold yellow]Point![/] Everyone alive points at the player they "
                           "want executed; type each vote (Enter or 0: no vote).")

    # -- clocks ----------------------------------------------------------------------------------

    def due(self, clock: Decision) -> float:
        start = self.phase_started if clock.since == PHASE else \
            self.first_seen.setdefault(clock.id, self.pace.now())
        return start + (clock.seconds or 0.0)

    def clocks(self) -> list[Decision]:
        clocks = [d for d in self.game.open.values() if d.seat == CLOCK]
        for clock in clocks:
            self.first_seen.setdefault(clock.id, self.pace.now())
        return sorted(clocks, key=self.due)

    def alarm(self) -> None:
        """The terminal's bell: a body found, the night's time up."""
        self.console.file.write("\a")
        self.console.file.flush()

    def clock_name(self, clock: Decision) -> str:
        return CLOCK_WORDS.get(clock.name, (words(clock.name), ""))[0]

    def time_up(self, clock: Decision, rung: bool = False) -> None:
        """A clock has run out: answer it, with the terminal's bell for the phase's own
        countdown, and say what follows: the game's announcement, or the narrator's own
        sentence where the game announces nothing (everyone opens their eyes)."""
        if clock.name not in QUIET_CLOCKS and not rung:
            self.alarm()
        self.game.answer(clock.id, True)
        said = CLOCK_WORDS.get(clock.name, ("", ""))[1]
        coming = public_view(self.game, since=self.cursor, seat=TABLE_SEAT)["events"]
        announced = False
        for event in coming:
            if event["kind"] == "PhaseBegan":
                break
            announced = announced or event["kind"] == "Announced"
        if said and not announced:
            self.console.print(f"[bold red]{esc(said)}[/]")
        self.show_news()

    def countdown(self, clocks: list[Decision]) -> None:
        """Only clocks run, outside the night (the know phase, the day's talk): show the
        time; Enter goes on at once (the group is ready)."""
        clock = self.clocks()[0]
        left = self.due(clock) - self.pace.now()
        if left > 0:
            self.console.print(f"[dim]{esc(clock_text(left))} on the clock. Press Enter when "
                               "the group is ready to go on.[/]")
            if self.wait_until(self.due(clock), lambda: self._big(clock)):
                self.line("")
        if clock.id in self.game.open:
            self.time_up(clock)

    def wait_until(self, due: float, render: Callable[[], Any]) -> bool:
        """Wait until `due`, showing `render()` live on a terminal; True when a line was
        typed before (read it next)."""
        pace = self.pace
        if not self.live:
            return pace.wait(max(0.0, due - pace.now()))
        with Live(render(), console=self.console, refresh_per_second=4, transient=True) as live:
            while pace.now() < due:
                if pace.wait(min(0.25, due - pace.now())):
                    return True
                live.update(render())
        return False

    def _big(self, clock: Decision, note: str = "") -> Any:
        left = self.due(clock) - self.pace.now()
        colour = "red" if left <= 30 else "white"
        parts: list[Any] = [Align.center(Text(big_clock(left), style=f"bold {colour}"))]
        if note:
            parts.append(Align.center(Text(note, style="dim")))
        return Panel(Group(*parts), title=esc(self.words.phase(self.phase)), expand=False)

    # -- the night -------------------------------------------------------------------------------

    def timed_night(self) -> None:
        """Standing questions are open (who is dead, who found a body) while the clocks run:
        show the clock; when someone types, record what happened."""
        clocks = self.clocks()
        now = self.pace.now()
        main = clocks[-1] if clocks else None  # the phase's countdown: the one due last
        for clock in clocks:
            if self.due(clock) <= now:
                rung = clock is main and self.roll_call()
                self.time_up(clock, rung)
                return
        due = self.due(clocks[0]) if clocks else now + 3600
        note = "Press Enter to record a death or a body found."
        others = [f"{self.clock_name(c)} in {clock_text(self.due(c) - now)}"
                  for c in clocks[:-1]]
        if others:
            note = "; ".join(others) + ". " + note
        if not self.live:
            left = clock_text(self.due(main) - now) if main else "No time limit"
            self.console.print(f"[dim]{esc(left)} left. {esc(note)}[/]")
        typed = self.wait_until(due, lambda: self._big(main, note) if main else note)
        if not typed:
            return  # a clock runs out: answered on the next round
        text = self.line("night> ").strip().lower()
        if not text:  # Enter alone: what is there to record?
            self.console.print("[bold]What happened?[/] [cyan]1[/] someone was killed and "
                               "declares dead   [cyan]2[/] a body was found   "
                               "[dim](Enter: back to the clock)[/]")
            text = self.line("night> ").strip().lower()
            if not text:
                return
        if text == "time":
            if main:
                left = clock_text(self.due(main) - self.pace.now())
                self.console.print(f"[dim]{esc(left)} left.[/]")
            return
        if text in ("1", "dead", "d", "killed", "kill"):
            self.declare_dead()
        elif text in ("2", "found", "f", "body", "body found", "body-found"):
            self.body_found()
        else:
            self.console.print(f"[yellow]{NIGHT_HELP}[/]")

    def roll_call(self) -> bool:
        """The night's time is up and nobody found a body: before the night ends, those who
        were killed (still lying in the dark) say so, one name at a time. True when the
        alarm has rung for it."""
        if not self.standing("dead"):
            return False
        self.alarm()
        self.console.print("[bold red]The night's time has run out.[/] Who was killed "
                           "tonight? [dim](the dead say so now: type each name, then Enter "
                           "when there is nobody more)[/]")
        while True:
            open_dead = self.standing("dead")
            if not open_dead:
                return True
            who = self.pick("Who was killed?", list(open_dead), "Nobody more")
            if who is None:
                return True
            decision = open_dead[who]
            self.give(decision, True if decision.kind == YES_NO else decision.choices[0])

    def standing(self, name: str) -> dict[str, Decision]:
        return {d.seat: d for d in self.game.open.values() if d.name == name and d.standing}

    def declare_dead(self) -> bool:
        open_dead = self.standing("dead")
        if not open_dead:
            self.console.print("[yellow]Nobody can declare dead now.[/]")
            return False
        who = self.pick("Who was killed? (they declare dead)", list(open_dead), "Cancel")
        if who is None:
            return False
        decision = open_dead[who]
        return self.give(decision, True if decision.kind == YES_NO else decision.choices[0])

    def body_found(self) -> None:
        finders = self.standing("body-found")
        if not finders:
            self.console.print("[yellow]Nobody can report a body now.[/]")
            return
        finder = self.pick("Who found the body?", list(finders), "Cancel")
        if finder is None:
            return
        declared = list(finders[finder].choices)
        bodies = declared + [seat for seat in self.standing("dead") if seat != finder]
        body = self.pick("Whose body is it? (the body whispers “yes”)", bodies, "Cancel")
        if body is None:
            return
        if body not in declared:  # verified in the dark: the body declares dead first
            dead = self.standing("dead").get(body)
            if dead is None or not self.give(dead, True if dead.kind == YES_NO
                                             else dead.choices[0]):
                return
        decision = self.standing("body-found").get(finder)
        if decision is None:
            return
        if self.give(decision, body):
            self.alarm()
            self.console.print("[bold red]BODY FOUND![/] Everyone back to the sanctuary.")

    # -- secrets: the deal, and what is shown while eyes are closed -------------------------------

    def wipe(self) -> None:
        """Clear the screen and, where the terminal keeps one, its scrollback."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\033[3J")
            self.console.file.flush()

    def deal(self) -> None:
        """Each player in turn sees their card (and whom they know) while the others look
        away; the screen is wiped after each."""
        for player in self.game.players:
            self.console.print(Rule(f"[bold]Pass the keyboard to {esc(player.name)}[/]"))
            self.line(f"{player.name}, press Enter to see your card (everyone else looks "
                      "away)> ")
            seat = view(self.game, player.name)
            you = seat["you"]
            role = self.renderer.role(you.get("role"))
            self.console.print(f"You are the [bold magenta]{role}[/] "
                               f"({esc(self.words.term('team', you.get('team', '')))}).")
            if you.get("description"):
                self.console.print(f"[italic]{esc(you['description'])}[/]")
            for line in Renderer(self.edition, you=player.name).render(
                    [e for e in seat["events"] if e["kind"] == "InfoGiven"]):
                self.console.print(f"  {line.text}")
            self.line("Press Enter to hide it> ")
            self.wipe()

    # -- the end ---------------------------------------------------------------------------------

    def reveal(self, tracer: Tracer) -> None:
        console, game = self.console, self.game
        console.print(Rule("[bold]The cards are turned over[/]", style="magenta"))
        console.print(roles_table(game))
        console.print(Rule("[bold]What really happened[/]", style="magenta"))
        print_timeline(console, game, tracer.settle(), village_talk=False)
        winner_panel(console, game, None)


def ask_names(console: Console, line: Callable[[str], str], count: int,
              default: Iterable[str], sizes: Sequence[int] = ()) -> list[str]:
    """The players' names, typed once at the start (Enter: the default names): `count` of
    them, or any number of `sizes` (the deck is then made for as many)."""
    names = list(default)
    many = f"{sizes[0]} to {sizes[-1]}" if sizes else str(count)
    console.print(f"Who plays? Type the names ({esc(many)}) separated by commas, or press "
                  f"Enter for {esc(', '.join(names))}.")
    while True:
        text = line("names> ").strip()
        if not text:
            return names
        typed = [n.strip() for n in text.split(",") if n.strip()]
        if len(typed) != count and len(typed) not in sizes:
            said = "1 name" if len(typed) == 1 else f"{len(typed)} names"
            console.print(f"[yellow]That is {said}; this game is for {esc(many)} players.[/]")
            continue
        if len({n.lower() for n in typed}) != len(typed):
            console.print("[yellow]Two players have the same name: make every name "
                          "different.[/]")
            continue
        wrong = next((n for n in typed if len(n) > MAX_NAME or not n.isprintable()
                      or n.lower() in (STORYTELLER, CLOCK)), None)
        if wrong is not None:
            console.print(f"[yellow]“{esc(wrong[:60])}” cannot be a player's name: use a "
                          f"name of at most {MAX_NAME} letters.[/]")
            continue
        return typed
