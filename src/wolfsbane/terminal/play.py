"""A game in the terminal: one person against bots, or bots alone (``--watch``).

The person sees only what their seat may see: everything shown to them comes from
`core.view.view(game, seat, since=cursor)`. Bots answer their own decisions and talk as the one
bot driver schedules it (`agents.driver.Table`, as in `agents.play_out`); when the person's seat
has an open decision the loop stops and asks them.
"""

from __future__ import annotations

import json
import random
import shlex
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule

from ..agents import DEFAULT_SKILL, Agent, bot_for, table_for
from ..core import ARRANGE, NUMBER, PARTS, YES_NO, Game, IllegalAnswer
from ..core.decision import CLOCK, Decision
from ..core.edition import Edition, deck_for, table_sizes
from ..core.game import AUTO, MANUAL
from ..core.view import view
from .dark import Narrator, Pace, ask_names, narrated
from .grimoire import StorytellerSession, has_night_sheet
from .prompts import (
    Prompter,
    Quit,
    Unclear,
    read_free_form,
    read_number,
    read_pick,
    read_several,
    read_yes_no,
    show_choices,
)
from .render import OWN_TOLD_BY_EVENTS, Line, Renderer, esc
from .timeline import Tracer, print_timeline, roles_table, winner_panel

# The person's name when they give none (the edition's character names come first).
DEFAULT_NAME = "Ana"

BOT_NAMES = (
    "Ada", "Bram", "Cleo", "Dara", "Elio", "Fern", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lena",
    "Milo", "Nora", "Otto", "Pia", "Quinn", "Rosa", "Sami", "Tess", "Ugo", "Vera", "Wren",
    "Yara", "Zeno", "Abel", "Bea", "Cyril", "Dina", "Emil",
)

# The night as the moderator tells it comes from the edition's night order: each turn's cues
# (its decisions, and what the person sees happen during it: see `cue`) and its words. Every
# turn is read every night of its kind whether or not that card is in play, so the words give
# nothing away; a turn's words are read before the person sees its events or is asked its
# decisions.
NightStep = tuple[str, tuple[str, ...], str]  # (who wakes: a turn's id, cues, words)


def night_script(edition: Edition, first: bool) -> list[NightStep]:
    """The steps of the first night, or of every later night, read in order."""
    turns = edition.night_order.get("first" if first else "other", ())
    if turns:
        return [(turn.id, (*turn.decisions, *turn.signs), turn.words or
                 f"{turn.called} wakes, does what must be done, and sleeps again.")
                for turn in turns]
    return [(role.id, role.decisions, f"The {role.name.lower()} wakes, does what must be done, and "
                             "sleeps again.")
            for role in edition.roles.values() if role.decisions]


def cue(event: dict[str, Any]) -> str | None:
    """What step of the night an event the person sees belongs to."""
    kind = event["kind"]
    if kind == "ActionTaken":
        return str(event.get("decision"))
    if kind == "VictimChosen":
        return "victim"
    if kind in ("Said", "Overheard"):
        return f"channel:{event.get('channel')}"
    if kind == "InfoGiven":
        if "about" in event:
            return f"info:{event['about']}"
        if "players" in event and "team" in event:
            return f"team:{event['team']}"
        if "player" in event and "role" in event:
            return "info:role"
    return None


# Standing decisions the person is offered as they open, and again when only the clock is
# left (Clocktower's nominations and calls for exile): Enter waits, and the others go on.
OFFERED_STANDING = frozenset({"nominate", "exile"})


# -- setting up --------------------------------------------------------------------------------

def seat_names(
    person: str | None, players: int, characters: tuple[str, ...] = ()
) -> list[str]:
    """The person's seat first (if any), then the edition's character names (where it has
    them) or friendly bot names."""
    names = [person] if person is not None else []
    taken = {n.lower() for n in names}
    base = characters if len(characters) >= players else BOT_NAMES
    pool = [n for n in base if n.lower() not in taken]
    number = 2
    while len(pool) < players:  # a very large table: Ada 2, Bram 2, ...
        pool += [f"{n} {number}" for n in base if f"{n} {number}".lower() not in taken]
        number += 1
    return names + pool[: max(0, players - len(names))]


def choose_deck(edition: Edition, players: int, preset: str | None,
                roles: Sequence[str] | None, options: dict[str, Any]) -> list[str]:
    if roles:
        return [r.strip() for r in roles if r.strip()]
    return deck_for(edition, players, options, preset)


class Bots:
    """The bots at the table, played by the one bot driver (`agents.driver.Table`): they
    talk in its rounds before each kind of decision (the person's too) and answer their own
    decisions. A bot's mistake never stops the person's game: it answers at random, or says
    nothing."""

    def __init__(self, game: Game, agents: Mapping[str, Agent]) -> None:
        self.game = game
        self.agents = agents
        self.table = table_for(game, agents, strict=False)

    def discuss(self) -> None:
        """Before the next kind of decision, whoever is asked it, the bots talk it over."""
        self.table.discuss()

    def step(self) -> bool:
        """Answer one open decision of a bot (after the talk), or a clock once nobody has
        anything left to answer (the terminal keeps no wall clock); False when the table
        waits for the person, or for nobody."""
        return self.table.step()

    def finish(self) -> None:
        self.table.catch_up()


# -- the entry point ---------------------------------------------------------------------------

def play_in_terminal(
    edition: Edition,
    *,
    players: int = 8,
    seat: str | None = None,
    seed: int | None = None,
    preset: str | None = None,
    roles: Sequence[str] | None = None,
    composition: str | None = None,
    options: dict[str, Any] | None = None,
    watch: bool = False,
    storyteller: bool = False,
    save: Path | None = None,
    console: Console | None = None,
    pace: Pace | None = None,
    skill: str = DEFAULT_SKILL,
) -> Game | None:
    """Play a game in the terminal (or watch the bots play it, or run its grimoire as the
    storyteller of a bots-only game); returns the game (None when the input ended before a
    narrated game was set up). A game played in the room (Werewolf in the Dark) is narrated
    instead: the group types in what happens, on the clock of `pace` (the wall clock by
    default). `skill`: how well the bots play (`agents.skill`: easy or strong)."""
    console = console or Console()
    options = dict(options or {})
    chosen_seed = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    characters = tuple(edition.character_names)
    if characters:  # play under the edition's character names, in an order the seed decides
        characters = tuple(random.Random(chosen_seed).sample(characters, len(characters)))
    default_name = characters[0] if characters else DEFAULT_NAME
    person = None if watch or storyteller else (seat or default_name).strip() or default_name
    names = seat_names(person, players, characters)
    if not watch and narrated(edition):
        return _narrate(edition, players, chosen_seed, preset, roles, options, save, console,
                        pace)
    deck = choose_deck(edition, players, preset, roles, options)
    game = Game(edition, names, deck=deck, options=options, seed=chosen_seed,
                storyteller=MANUAL if storyteller else AUTO)
    tracer = Tracer(game)
    agents = {name: _bot(name, random.Random(f"{chosen_seed}/{name}"), edition, skill)
              for name in names if name != person}
    bots = Bots(game, agents)
    again = repeat_command(edition, players=players, seat=person, seed=chosen_seed,
                           preset=preset, roles=roles, options=options,
                           composition=composition,
                           default_seat=default_name if seat is None else None,
                           storyteller=storyteller, skill=skill)
    stopped = False
    try:
        if storyteller:
            StorytellerSession(game, bots, console, again).run()
        elif person is None:
            _watch(game, bots, tracer, console, chosen_seed)
        else:
            Session(game, person, bots, console, again).run(tracer)
    except (KeyboardInterrupt, EOFError, Quit) as reason:
        stopped = True
        console.print()
        why = "The input ended" if isinstance(reason, EOFError) else "You leave the table"
        console.print(f"[yellow]{why}; the game stops here.[/] "
                      f"[dim](Start it again with: {esc(again)})[/]")
    if save is not None:
        _save(game, save, console, stopped)
    return game


def _narrate(edition: Edition, players: int, seed: int, preset: str | None,
             roles: Sequence[str] | None, options: dict[str, Any], save: Path | None,
             console: Console, pace: Pace | None) -> Game | None:
    """The narrator of a game played in the room: the names typed in, then the game."""
    again = repeat_command(edition, players=players, seat="", seed=seed, preset=preset,
                           roles=roles, options=options, default_seat="")
    game: Game | None = None
    stopped = False
    try:
        # as many names as the group has players, unless the cards are named one by one
        sizes = [] if roles else table_sizes(edition, options, preset)
        names = ask_names(console, lambda prompt: console.input(f"[bold cyan]{prompt}[/]"),
                          players, seat_names(None, players), sizes)
        if len(names) != players:
            players = len(names)
            again = repeat_command(edition, players=players, seat="", seed=seed,
                                   preset=preset, roles=roles, options=options,
                                   default_seat="")
        deck = choose_deck(edition, players, preset, roles, options)
        game = Game(edition, names, deck=deck, options=options, seed=seed)
        tracer = Tracer(game)
        Narrator(game, console, pace, again).run(tracer)
    except (KeyboardInterrupt, EOFError, Quit) as reason:
        stopped = True
        console.print()
        why = "The input ended" if isinstance(reason, EOFError) else "The narrator stops"
        console.print(f"[yellow]{why}; the game stops here.[/] "
                      f"[dim](Start it again with: {esc(again)})[/]")
    if save is not None and game is not None:
        _save(game, save, console, stopped)
    return game


def repeat_command(edition: Edition, *, players: int, seat: str | None, seed: int,
                   preset: str | None, roles: Sequence[str] | None,
                   options: dict[str, Any], composition: str | None = None,
                   default_seat: str | None = None, storyteller: bool = False,
                   skill: str = DEFAULT_SKILL) -> str:
    """The command line that sets up this very game again (a published composition by its
    name; `default_seat`: the name the person gets without --seat, None when they chose it)."""
    parts = ["wolfsbane play", f"--edition {edition.id}"]
    if composition:
        parts.append(f"--composition {shlex.quote(composition)}")
    else:
        parts.append(f"--players {players}")
    if composition:
        pass  # the composition names the deck and the number of players
    elif roles:
        parts.append("--roles " + ",".join(roles))
    elif preset and preset != "classic":
        parts.append(f"--preset {preset}")
    parts += [f"--option {key}={json.dumps(value)}" for key, value in options.items()]
    if storyteller:
        parts.append("--storyteller")
    elif seat is None:
        parts.append("--watch")
    elif default_seat is None or seat != default_seat:
        parts.append(f"--seat {shlex.quote(seat)}")
    if skill != DEFAULT_SKILL:
        parts.append(f"--skill {skill}")
    parts.append(f"--seed {seed}")
    return " ".join(parts)


def _bot(seat: str, rng: random.Random, edition: Edition, skill: str = DEFAULT_SKILL) -> Agent:
    return bot_for(seat, rng, edition, skill)


def _save(game: Game, path: Path, console: Console, stopped: bool) -> None:
    try:
        path.write_text(json.dumps(game.record(), indent=2) + "\n", encoding="utf-8")
    except OSError as error:
        console.print(f"[red]Could not save the game to {esc(path)}: {esc(error.strerror)}[/]")
        return
    what = "what was played" if stopped else "the game"
    console.print(f"Saved {what} to [bold]{esc(path)}[/] "
                  f"[dim](see it again with: wolfsbane replay {esc(path)})[/]")


# -- watching ----------------------------------------------------------------------------------

def _watch(game: Game, bots: Bots, tracer: Tracer, console: Console, seed: int) -> None:
    steps = 0
    while not game.over:
        bots.discuss()
        if not bots.step():
            raise RuntimeError("the game is waiting for nobody, yet it is not over")
        steps += 1
        if steps > 100_000:
            raise RuntimeError("the game did not end")
    bots.finish()
    console.print(Rule(f"[bold]{esc(game.edition.name)}[/] — the bots play, seed {seed}"))
    console.print(roles_table(game, title="The cards dealt", final=False))
    # a driver whose bots act in a room of their own tells what happened there
    notes = [(at, f"[italic]{esc(text)}[/]") for at, text in getattr(bots.table, "story", ())]
    print_timeline(console, game, tracer.settle(), notes=notes)
    console.print(roles_table(game))
    winner_panel(console, game, None)


# -- one person at the table -------------------------------------------------------------------

class Session:
    def __init__(self, game: Game, seat: str, bots: Bots, console: Console, again: str) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.console = console
        self.again = again
        self.edition = game.edition
        self.renderer = Renderer(game.edition, you=seat)
        self.cursor = 0
        self.talked: set[tuple[str, str]] = set()
        self.rostered: set[str] = set()
        self.scripts = {first: night_script(self.edition, first) for first in (True, False)}
        self.night: str | None = None  # the night being narrated
        self.step = 0
        self.prompter = Prompter(console, {
            "help": self.help, "?": self.help, "table": self.table, "t": self.table,
            "me": self.me, "card": self.me, "told": self.told,
        })
        self.was_alive = True
        self.alive_now = True
        self.pending: str | None = None  # the night decision the person is about to answer
        self.role = ""  # the person's card, as they see it
        self.taught_talk = False  # the talk menu is explained in full once
        self.offered: set[int] = set()  # standing decisions put to the person as they opened
        self.offered_last: set[int] = set()  # ... and again once only the clock was left
        self.script = has_night_sheet(game.edition)  # characters of a script (Clocktower)

    # -- what the seat may see ---------------------------------------------------------------

    def look(self) -> dict[str, Any]:
        """The seat's view since last time; new events are shown to the person."""
        seen = view(self.game, self.seat, since=self.cursor)
        self.cursor = seen["cursor"]
        pending = seen["decisions"]
        night_asks = pending and self.edition.is_night(pending[0]["phase"])
        self.pending = pending[0]["name"] if night_asks else None
        self.alive_now = bool(seen["you"]["alive"])
        self.role = str(seen["you"].get("role") or "")
        self.show(seen["events"])
        return seen

    def show(self, events: list[dict[str, Any]]) -> None:
        """Print events, telling the night around them (without naming the cards in play)."""
        batch: list[dict[str, Any]] = []
        for event in events:
            phase = event["phase"]
            if event["kind"] == "GameWon":
                continue  # told in the closing panel
            if event["kind"] == "RoleDealt" and self.script and event.get("player") == self.seat:
                self._print([*batch, event])
                self._card_text(str(event.get("role")))
                continue
            if event["kind"] == "PhaseBegan":
                self._print(batch)
                if not self.alive_now and self.console.is_terminal:
                    time.sleep(0.7)  # the dead watch the game go by, not scroll past
                name = event.get("phase_name", phase)
                if self.edition.is_night(name):
                    self._nightfall(name)
                else:
                    if self.night is not None:
                        self._dawn()
                        self.console.print("  [italic]Nobody died during the night.[/]")
                    self.console.print(Rule(f"[bold yellow]☀ {esc(self.renderer.phase(name))}[/]",
                                            style="yellow"))
                    self.console.print("[italic]The village wakes.[/]")
                continue
            if self.night is not None and self.edition.is_night(phase):
                if event["kind"] in ("PlayerDied", "Announced"):
                    self._print(batch)
                    self._dawn()
                else:
                    step = cue(event)
                    if step is not None:
                        self._print(batch)
                        self._narrate_until(step)
            batch.append(event)
        self._print(batch)

    def _print(self, batch: list[dict[str, Any]]) -> None:
        for line in self.renderer.render(batch):
            self._line(line)
        batch.clear()

    def _line(self, line: Line) -> None:
        if line.phase is None:
            self.console.print(f"  {line.text}")

    def _nightfall(self, phase: str) -> None:
        self._dawn()
        self.night = phase
        self.step = 0
        self.console.print(Rule(f"[bold blue]☾ {esc(self.renderer.phase(phase))}[/]",
                                style="blue"))
        self.console.print("[italic]Night falls. Everyone closes their eyes.[/]")

    def _narrate_until(self, step: str | None) -> None:
        """Read the night's words up to the step with this cue (all of them: None)."""
        if self.night is None:
            return
        steps = self.scripts[self.night == "night 1"]
        stop = len(steps)
        if step is not None:
            # a turn's cues, or its own card's information (Clocktower: `info:chef`)
            found = [i for i, s in enumerate(steps) if step in s[1] or step == f"info:{s[0]}"]
            if not found:
                return
            # a cue told at several steps belongs to the one the person is about to act in,
            # the turn of their own card first (the seer's and the wizard's `inspect`)
            acting = [i for i in found if self.pending in steps[i][1]]
            own = [i for i in acting if steps[i][0] == self.role]
            stop = (own or acting or found)[0] + 1
        for _, _, words in steps[self.step:stop]:
            self.console.print(f"  [italic blue]{esc(words)}[/]")
        self.step = max(self.step, stop)

    def _dawn(self) -> None:
        if self.night is None:
            return
        self._narrate_until(None)
        self.console.print("  [italic blue]Everyone goes back to sleep... and the sun rises.[/]")
        self.night = None

    # -- commands at any prompt --------------------------------------------------------------

    def help(self) -> None:
        self.console.print(
            "[bold]At any prompt:[/] type the number of your choice (or a name). "
            "[cyan]0[/] skips when skipping is allowed. "
            "[cyan]table[/] shows who is alive, [cyan]me[/] shows your card, "
            "[cyan]quit[/] leaves the game (Ctrl-D or Ctrl-C work too)."
        )

    def table(self) -> None:
        """Who is alive (and, apart, who has died)."""
        seen = view(self.game, self.seat, since=len(self.game.events))
        living, dead = [], []
        for player in seen["players"]:
            name = esc(player["name"])
            if player["name"] == self.seat:
                name = f"[bold cyan]{name} (you)[/]"
            if "sheriff" in player.get("markers", ()):
                name += " [yellow]★[/]"
            if "role" in player:
                name += f" [dim]({self.renderer.role(player['role'])})[/]"
            (living if player["alive"] else dead).append(name)
        line = f"[bold]At the table[/] ({len(living)} alive): " + ", ".join(living) + "."
        if dead:
            line += " [dim]Dead: " + ", ".join(dead) + ".[/]"
        self.console.print(line)

    def _card_text(self, role_id: str) -> None:
        role = self.game.catalog.get(role_id)
        if role is not None:
            self.console.print(f"  [italic]{esc(role.description)}[/]")

    def told(self) -> None:
        """Everything the seat was told in private, night by night (the phone's notes)."""
        events = [e for e in view(self.game, self.seat)["events"]
                  if e["kind"] == "InfoGiven" or (e["kind"] == "RoleDealt"
                                                  and e.get("player") == self.seat)]
        if not events:
            self.console.print("[dim]You have been told nothing yet.[/]")
            return
        self.console.print("[bold]What you were told:[/]")
        for event in events:
            for line in self.renderer.render([event]):
                where = esc(self.renderer.phase(event["phase"])) if event["phase"] != "setup" \
                    else "Before the first night"
                self.console.print(f"  [dim]{where}:[/] {line.text}")

    def me(self) -> None:
        you = view(self.game, self.seat, since=len(self.game.events))["you"]
        role = self.renderer.role(you["role"])
        state = "" if you["alive"] else " [red](dead)[/]"
        self.console.print(f"You are [bold cyan]{esc(you['name'])}[/]{state}, the "
                           f"[bold magenta]{role}[/] "
                           f"({esc(self.renderer.team(you.get('team', 'none')))}).")
        if you.get("description"):
            self.console.print(f"[italic]{esc(you['description'])}[/]")
        if self.script:
            self.told()

    # -- the game ----------------------------------------------------------------------------

    def run(self, tracer: Tracer) -> None:
        game, console = self.game, self.console
        console.print(Panel(
            f"[bold]{esc(self.edition.name)}[/]\n"
            f"You sit at the table as [bold cyan]{esc(self.seat)}[/], with "
            + ", ".join(esc(p.name) for p in game.players if p.name != self.seat)
            + f".\nSeed [bold]{game.seed}[/]. To play this very game again: "
            f"[dim]{esc(self.again)}[/]\n"
            "Type [cyan]help[/] at any prompt.",
            title="wolfsbane", border_style="magenta", expand=False))
        steps = 0
        while not game.over:
            self.bots.discuss()
            standing = self._standing_to_offer()
            if standing is not None:
                self._offer_standing(standing)
                continue
            if self.bots.step():
                steps += 1
                if steps > 100_000:
                    raise RuntimeError("the game did not end")
                continue
            seen = self.look()
            self._mourn(seen)
            if not seen["decisions"]:
                raise RuntimeError("the game is waiting for nobody, yet it is not over")
            decision = seen["decisions"][0]
            if self.edition.is_night(decision["phase"]):
                self._narrate_until(decision["name"])
            self._speak(seen, decision)
            self._decide(decision)
        self.bots.finish()
        self.look()
        self._reveal(tracer)

    def _standing_to_offer(self) -> Decision | None:
        """The person's standing decision (a nomination) to put to them now: when it opens,
        and once more when only the clock is left to end the day; None while anyone has a
        question of their own to answer first."""
        mine, others_standing = [], False
        for decision in self.game.open.values():
            if decision.seat == self.seat:
                if not decision.standing:
                    return None
                if decision.name in OFFERED_STANDING:
                    mine.append(decision)
            elif decision.seat != CLOCK:
                if not decision.standing:
                    return None
                others_standing = True
        for decision in mine:
            if decision.id not in self.offered:
                self.offered.add(decision.id)
                return decision
            if not others_standing and decision.id not in self.offered_last:
                self.offered_last.add(decision.id)
                return decision
        return None

    def _offer_standing(self, decision: Decision) -> None:
        """Offer a standing decision: an answer, or Enter to wait while the others go on."""
        seen = self.look()
        asked = next((d for d in seen["decisions"] if d["id"] == decision.id), None)
        if asked is None:
            return
        self._speak(seen, asked)
        name = asked["name"]
        prompt = self.renderer.plain.prompt(asked) or asked.get("prompt") or \
            self.renderer.decision_label(name)
        last = decision.id in self.offered_last
        wait = ("Enter lets the day end" if last else "Enter waits and lets the others go on")
        self.console.print(f"\n[bold magenta]❯[/] [bold]{esc(prompt)}[/] [dim]({wait}; 0 for "
                           "nobody at all today)[/]")
        skip = self.renderer.skip_label(name)
        show_choices(self.console, self.edition, asked["choices"], skip, you=self.seat)
        players = [p.name for p in self.game.players]
        while True:
            text = self.prompter.line("> ")
            if not text.strip():
                return
            value = read_pick(text, asked, self.edition, players)
            if isinstance(value, Unclear):
                self.console.print(f"[yellow]{esc(value.message)}[/]")
                continue
            try:
                self.game.answer(asked["id"], value, seat=self.seat)
            except IllegalAnswer as error:
                self.console.print(f"[yellow]{esc(error)}[/]")
                continue
            if value is None:
                self.console.print(f"[dim]You answered: {esc(skip)}.[/]")
            return

    def _mourn(self, seen: dict[str, Any]) -> None:
        if self.was_alive and not seen["you"]["alive"]:
            self.was_alive = False
            self.console.print("[italic]You watch the rest of the game from beyond: you see "
                               "what the living see, no more.[/]")

    def _speak(self, seen: dict[str, Any], decision: dict[str, Any]) -> None:
        """Before the seat's first decision of a kind in a phase, it may talk on open channels."""
        channels = seen["channels"]
        key = (decision["phase"], decision["name"])
        if not channels or key in self.talked:
            return
        self.talked.add(key)
        if not self.edition.is_night(decision["phase"]) and decision["phase"] not in self.rostered:
            self.rostered.add(decision["phase"])
            self.table()
        channel = channels[0]
        if len(channels) > 1:
            self.console.print("Where do you speak? " + ", ".join(
                f"[cyan]{i}[/] {esc(c)}" for i, c in enumerate(channels, 1)))
            picked = self.prompter.ask(
                lambda text: read_pick(text, {"choices": channels, "optional": False},
                                       self.edition, []), "Type a number.")
            channel = picked or channels[0]
        where = "the pack (only werewolves hear you)" if channel == "werewolves" else \
            "the whole village" if channel == "village" else f"the {channel} channel"
        if not self.taught_talk:
            self.taught_talk = True
            self.console.print(
                f"[bold]Your turn to speak[/] to {esc(where)}. Type something to say it, or "
                "pick: [cyan]1[/] claim a role  [cyan]2[/] share a result  [cyan]3[/] accuse  "
                "[cyan]4[/] defend  [cyan]5[/] announce your vote.  "
                "[dim]Press Enter when you are done.[/]")
        else:
            self.console.print(
                f"[bold]Speak[/] to {esc(where)}? [dim](text, or 1 claim · 2 result · 3 accuse · "
                "4 defend · 5 vote; Enter to go on)[/]")
        while True:
            text = self.prompter.line("say> ").strip()
            if not text:
                return
            message = self._compose(text)
            if message is None:
                continue
            try:
                self.game.say(self.seat, channel, message)
            except IllegalAnswer as error:
                self.console.print(f"[yellow]{esc(error)}[/]")
                continue
            self.look()

    def _compose(self, text: str) -> Any:
        """What the person says: their words, or a message built from the menu; None when
        nothing is to be said (a number that is no menu entry is a slip, not chat)."""
        if text.isdigit() and text not in ("1", "2", "3", "4", "5"):
            self.console.print("[yellow]There is no choice "
                               f"{esc(text)} here: type 1 to 5 to pick from the menu, words to "
                               "say them, or press Enter to go on.[/]")
            return None
        if text not in ("1", "2", "3", "4", "5"):
            return text
        players = [p.name for p in self.game.players]
        others = [p for p in players if p != self.seat]
        role_ids = list(self.game.catalog)
        if text == "1":
            role = self._pick("Which card do you claim?", role_ids)
            return None if role is None else {"type": "claim", "role": role}
        if text == "2":
            player = self._pick("Whose card did your power show you?", others)
            if player is None:
                return None
            role = self._pick(f"And {player} is...?", role_ids)
            return None if role is None else {"type": "result", "player": player, "role": role}
        if text in ("3", "4"):
            verb = "accuse" if text == "3" else "defend"
            player = self._pick(f"Whom do you {verb}?", others)
            return None if player is None else {"type": verb, "player": player}
        player = self._pick("Whom will you vote for?", others, skip="I will abstain")
        if player is False:
            return None
        return {"type": "vote", "player": player}

    def _pick(self, question: str, choices: list[str], skip: str | None = None) -> Any:
        """Pick one of `choices` for a message; Enter cancels (returns None, or False when
        `skip` makes None an answer)."""
        self.console.print(f"{esc(question)} [dim](Enter to cancel)[/]")
        show_choices(self.console, self.edition, choices, skip)
        while True:
            text = self.prompter.line("  > ").strip()
            if not text:
                return False if skip else None
            if skip and text == "0":
                return None
            found = read_pick(text, {"choices": choices, "optional": False}, self.edition, [])
            if isinstance(found, str) and found in choices:
                return found
            self.console.print(f"[yellow]Type a number from 1 to {len(choices)}.[/]")

    def _decide(self, decision: dict[str, Any]) -> None:
        """Ask the person one decision until the engine accepts the answer."""
        console = self.console
        name = decision["name"]
        prompt = self.renderer.plain.prompt(decision) or decision.get("prompt") or \
            f"Your decision: {self.renderer.decision_label(name)}."
        console.print(f"\n[bold magenta]❯[/] [bold]{esc(prompt)}[/]")
        while True:
            value = self._read_answer(decision)
            try:
                self.game.answer(decision["id"], value, seat=self.seat)
            except IllegalAnswer as error:
                console.print(f"[yellow]{esc(error)}[/]")
                continue
            break
        if name not in OWN_TOLD_BY_EVENTS:  # a ballot is told by the vote's own line
            console.print(f"[dim]You answered: {self._said_answer(value, decision)}.[/]")

    def _read_answer(self, decision: dict[str, Any]) -> Any:
        """One answer typed for `decision`: a composite one (`{player, role}`) part by part,
        each part asked as the question it is."""
        if decision["kind"] == PARTS:
            answer: dict[str, Any] = {}
            for part_name, part in decision["parts"].items():
                words = self.renderer.plain.prompt(part) or part.get("prompt") or \
                    f"{self.renderer.decision_label(part_name)}:"
                self.console.print(f"[bold]{esc(words)}[/]")
                answer[part_name] = self._read_answer(part)
            return answer
        read, hint = self._reader(decision)
        return self.prompter.ask(read, hint)

    def _reader(self, decision: dict[str, Any]) -> tuple[Any, str]:
        """How a line is read as an answer to this kind of question, and the hint shown when
        the line is empty; the choices are shown first."""
        console = self.console
        name, kind = decision["name"], decision["kind"]
        if kind == YES_NO:
            console.print("[cyan]1[/] yes   [cyan]2[/] no")
            return read_yes_no, "Type y or n."
        if kind == NUMBER:
            low, high = decision["min"], decision["max"]
            console.print(f"[dim]Type a whole number from {low} to {high}.[/]")
            return (lambda text: read_number(text, decision)), \
                f"Type a number from {low} to {high}."
        if kind == ARRANGE:
            console.print("[dim]Type the answer as JSON, or as a comma-separated list.[/]")
            return read_free_form, "Type an answer."
        players = [p.name for p in self.game.players]
        skip = self.renderer.skip_label(name) if decision["optional"] else None
        show_choices(console, self.edition, decision["choices"], skip, you=self.seat)
        if decision["max"] > 1:
            count = decision["min"] if decision["min"] == decision["max"] else \
                f"{decision['min']} to {decision['max']}"
            console.print(f"[dim]Pick {count}: type their numbers separated by spaces "
                          "(for example: 1 3).[/]")
            return (lambda text: read_several(text, decision, self.edition, players)), \
                "Type their numbers, separated by spaces."
        return (lambda text: read_pick(text, decision, self.edition, players)), \
            "Type the number of your choice" + (", or 0 to skip." if skip else ".")

    def _said_answer(self, value: Any, decision: dict[str, Any]) -> str:
        if decision["kind"] == YES_NO:
            return "yes" if value is True else "no"
        if value is None or value == []:
            return esc(self.renderer.skip_label(decision["name"]))
        return self.renderer.choice(value)

    def _reveal(self, tracer: Tracer) -> None:
        game, console = self.game, self.console
        console.print()
        console.print(Rule("[bold]The cards are turned over[/]", style="magenta"))
        console.print(roles_table(game))
        console.print(Rule("[bold]What really happened[/]", style="magenta"))
        print_timeline(console, game, tracer.settle(), village_talk=False)
        winner_panel(console, game, self.seat)
