"""The storyteller's side of a Clocktower game in the terminal: the night sheet, the grimoire,
and a bots-only game whose every storyteller decision the person answers.

The night sheet is read from the edition's data: its night tables (`Edition.night_order`, one
per kind of night, in clocktower-base.md's order), each character's card text and decisions,
and the message catalogue's words for what a player is told. The grimoire is what the
storyteller seat's view holds (`grimoire`, `reminders`); the session shows it and asks the
person each storyteller decision with its suggestion and reason at hand.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.padding import Padding
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from ..core import ARRANGE, NUMBER, PICK, STORYTELLER, YES_NO, Game, IllegalAnswer
from ..core.edition import Edition
from ..core.game import MANUAL
from ..core.view import view
from ..messages import Words
from .prompts import (
    NOTHING,
    SKIP_WORDS,
    Prompter,
    Unclear,
    read_number,
    read_pick,
    read_several,
    read_yes_no,
    show_choices,
)
from .render import Renderer, esc

# The character types in the order a script sheet lists them.
TYPE_ORDER = ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric")
TYPE_TITLES = {"townsfolk": "Townsfolk", "outsider": "Outsiders", "minion": "Minions",
               "demon": "Demons", "traveller": "Travellers", "fabled": "Fabled",
               "loric": "Loric"}
NIGHT_KINDS = (("first", "The first night"), ("other", "Each other night"))

# How a field of what a player is told reads on the sheet, before the night fills it in.
FIELD_WORDS = {
    "number": "[number]", "player": "[player]", "players": "[players]", "role": "[character]",
    "roles": "[characters]", "alignment": "[good or evil]", "yes": "[yes or no]",
}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
STATE_WORDS = {"drunk": "drunk", "poisoned": "poisoned"}


def has_night_sheet(edition: Edition) -> bool:
    """Whether the edition's cards are characters of a script with a night order per kind of
    night (Clocktower): the sheet a storyteller runs the nights from."""
    return (all(kind in edition.night_order for kind, _ in NIGHT_KINDS)
            and any("type" in role.traits for role in edition.roles.values()))


@dataclass(frozen=True)
class SheetStep:
    """One step of a night on the storyteller's sheet."""

    slot: str  # the turn's id: a character's id, or a step of the night (dusk, dawn...)
    who: str  # who wakes, as the sheet names them
    does: str  # what happens: the card text, or the step's words
    chooses: tuple[str, ...]  # what they choose, as questions
    told: tuple[str, ...]  # what to tell them, as sentences with blanks named

    def as_dict(self) -> dict[str, Any]:
        return {"slot": self.slot, "who": self.who, "does": self.does,
                "chooses": list(self.chooses), "told": list(self.told)}


def _told_words(words: Words, data: Mapping[str, Any], slot: str) -> tuple[str, ...]:
    """The catalogue's sentences for what the character of `slot` is told, blanks named."""
    out = []
    for entry in data.get("events", ()):
        when = entry.get("when", {})
        if entry.get("kind") != "InfoGiven" or when.get("about") != slot:
            continue
        text = PLACEHOLDER.sub(lambda m: FIELD_WORDS.get(m.group(1), m.group(1)),
                               str(entry.get("text", "")))
        if text and text not in out:
            out.append(text)
    return tuple(out)


def night_sheet(edition: Edition) -> dict[str, list[SheetStep]]:
    """Each kind of night's steps in the order of its table."""
    data = edition.messages()
    words = Words(data)
    sheet: dict[str, list[SheetStep]] = {}
    for kind, _ in NIGHT_KINDS:
        steps = []
        for turn in edition.night_order[kind]:
            role = edition.roles.get(turn.id)
            chooses = tuple(
                words.prompt({"name": name, "seat": ""}) or words.decision_label(name)
                for name in turn.decisions)
            steps.append(SheetStep(
                slot=turn.id, who=role.name if role is not None else turn.called,
                does=role.description if role is not None else turn.words,
                chooses=chooses, told=_told_words(words, data, turn.id)))
        sheet[kind] = steps
    return sheet


def characters_by_type(edition: Edition) -> dict[str, list[Any]]:
    by_type: dict[str, list[Any]] = {kind: [] for kind in TYPE_ORDER}
    for role in edition.roles.values():
        by_type.setdefault(str(role.traits.get("type", "")), []).append(role)
    return {kind: roles for kind, roles in by_type.items() if roles}


def night_sheet_json(edition: Edition) -> dict[str, Any]:
    return {kind: [step.as_dict() for step in steps]
            for kind, steps in night_sheet(edition).items()}


def print_night_sheet(console: Console, edition: Edition) -> None:
    """The storyteller's night sheet, then the script's characters by type with their text."""
    titles = dict(NIGHT_KINDS)
    for kind, steps in night_sheet(edition).items():
        console.print(Rule(f"[bold]{esc(edition.name)}[/]: {esc(titles[kind].lower())}"))
        for number, step in enumerate(steps, 1):
            console.print(f"[bold]{number:>2}. {esc(step.who)}[/]")
            console.print(Padding(esc(step.does), (0, 0, 0, 5)))
            for question in step.chooses:
                console.print(Padding(f"[cyan]They choose:[/] {esc(question)}", (0, 0, 0, 5)))
            for told in step.told:
                console.print(Padding(f"[green]Tell them:[/] {esc(told)}", (0, 0, 0, 5)))
        console.print()
    console.print(Rule("[bold]The characters, by type[/]"))
    for kind, roles in characters_by_type(edition).items():
        console.print(f"[bold underline]{esc(TYPE_TITLES.get(kind, kind))}[/]")
        for role in roles:
            console.print(f"[bold]{esc(role.name)}[/]")
            console.print(Padding(esc(role.description), (0, 0, 1, 4)))


# -- the grimoire --------------------------------------------------------------------------

def grimoire_table(edition: Edition, seen: Mapping[str, Any]) -> Table:
    """Every seat of the storyteller's view: character, alignment, life, states with their
    causes, reminders."""
    words = Words(edition.messages())
    grimoire = seen.get("grimoire") or {}
    reminders: dict[str, list[str]] = {}
    for reminder in seen.get("reminders", ()):
        token = str(reminder.get("token", "")).replace("-", " ")
        by = reminder.get("character")
        label = f"{token} ({words.card(by)})" if by else token
        reminders.setdefault(str(reminder.get("player")), []).append(label)
    table = Table(title="The grimoire", title_style="bold", show_edge=False, pad_edge=False)
    for column in ("seat", "character", "alignment", "life", "drunk or poisoned", "reminders"):
        table.add_column(column)
    for seat in grimoire.get("seats", ()):
        card = words.card(seat["role"])
        if seat.get("believes"):
            card += f" (believes they are the {words.card(seat['believes'])})"
        if seat.get("ability"):
            card += f" (has the {words.card(seat['ability'])}'s ability)"
        life = "alive" if seat.get("alive") else (
            "dead, vote unused" if seat.get("vote_token") else "dead, vote spent")
        states = []
        for state in seat.get("states", ()):
            cause = state.get("by")
            character = state.get("character")
            source = f"{cause} as the {words.card(character)}" if cause and character else \
                words.card(character) if character else str(cause or "")
            word = STATE_WORDS.get(str(state.get("state")), str(state.get("state")))
            states.append(f"{word} by {source}" if source else word)
        team = words.term("alignment", seat.get("team"))
        table.add_row(esc(seat["player"]), esc(card), esc(team), esc(life),
                      esc("; ".join(states)) or "[dim]healthy[/]",
                      esc(", ".join(reminders.get(seat["player"], ()))))
    return table


def grimoire_notes(edition: Edition, seen: Mapping[str, Any],
                   options: Mapping[str, Any]) -> list[str]:
    """The table's set-up beside the seats: bluffs, red herring, Fabled and Loric in play."""
    words = Words(edition.messages())
    grimoire = seen.get("grimoire") or {}
    notes = []
    if grimoire.get("bluffs"):
        notes.append("The Demon's bluffs: " + words.cards_list(grimoire["bluffs"]) + ".")
    if grimoire.get("red_herring"):
        notes.append(f"The Fortune Teller's red herring: {grimoire['red_herring']}.")
    if grimoire.get("babysitter"):
        notes.append(f"Lil' Monsta's babysitter: {grimoire['babysitter']}.")
    in_play = [*options.get("fabled", ()), *options.get("loric", ())]
    notes.append("Fabled and Loric in play: " + (words.cards_list(in_play) if in_play
                                                 else "none") + ".")
    if grimoire.get("block"):
        notes.append(f"About to die: {grimoire['block']}.")
    return notes


def print_grimoire(console: Console, edition: Edition, seen: Mapping[str, Any],
                   options: Mapping[str, Any]) -> None:
    console.print(grimoire_table(edition, seen))
    for note in grimoire_notes(edition, seen, options):
        console.print(f"  {esc(note)}")


# -- a bots-only game with the person as storyteller -----------------------------------------

class StorytellerSession:
    """The person runs the grimoire of a bots-only game: every storyteller decision is theirs."""

    def __init__(self, game: Game, bots: Any, console: Console, again: str) -> None:
        self.game = game
        self.edition = game.edition
        self.bots = bots
        self.console = console
        self.again = again
        self.renderer = Renderer(game.edition)
        self.words = Words(game.edition.messages())
        self.cursor = 0
        self.phase = ""
        # standing decisions already put to the person: (phase, name, reason); one is put
        # again when its reason changes (Hell's Librarian: somebody talked)
        self.offered: set[tuple[str, str, str]] = set()
        self.prompter = Prompter(console, {"grimoire": self.show_grimoire, "g": self.show_grimoire,
                                           "help": self.help, "?": self.help})

    def help(self) -> None:
        self.console.print(
            "[bold]At any prompt:[/] press Enter to take the suggestion, or type your own "
            "answer (a number from the list, a name). [cyan]grimoire[/] shows the grimoire, "
            "[cyan]quit[/] stops the game.")

    def look(self) -> dict[str, Any]:
        seen = view(self.game, STORYTELLER, since=self.cursor)
        self.cursor = seen["cursor"]
        for line in self.renderer.render([e for e in seen["events"] if e["kind"] not in QUIET]):
            if line.phase is not None:
                self.console.print(Rule(f"[bold]{esc(line.text)}[/]", style="dim"))
            else:
                self.console.print(f"  {line.text}" if line.public else f"  [dim]🔒[/] {line.text}")
        return seen

    def show_grimoire(self) -> None:
        print_grimoire(self.console, self.edition, view(self.game, STORYTELLER,
                                                        since=len(self.game.events)),
                       self.game.options)

    def run(self) -> None:
        game, console = self.game, self.console
        console.print(Panel(
            f"[bold]{esc(self.edition.name)}[/]: you are the storyteller of a game of bots "
            f"({', '.join(esc(p.name) for p in game.players)}).\n"
            f"Seed [bold]{game.seed}[/]. To run this very game again: [dim]{esc(self.again)}[/]\n"
            "Each of your decisions comes with a suggestion and its reason: press Enter to take "
            "it. Type [cyan]grimoire[/] at any prompt to see the grimoire.",
            title="wolfsbane: the storyteller's seat", border_style="magenta", expand=False))
        answers = 0
        while not game.over:
            decision = self._waiting_for_me()
            if decision is None:
                if not self.bots.step():
                    raise RuntimeError("the game is waiting for nobody, yet it is not over")
                answers += 1
                if answers > 100_000:
                    raise RuntimeError("the game did not end")
                continue
            seen = self.look()
            dealt = any(p.role for p in game.players)  # nothing to show before the bag
            if seen["phase"] != self.phase and dealt:
                self.phase = seen["phase"]
                print_grimoire(console, self.edition, seen, game.options)
            self._decide(decision)
        self.bots.finish()
        self.look()
        seen = view(game, STORYTELLER, since=len(game.events))
        console.print(Rule("[bold]The grimoire at the end[/]", style="magenta"))
        print_grimoire(console, self.edition, seen, game.options)
        from .timeline import winner_panel
        winner_panel(console, game, None)

    def _waiting_for_me(self) -> dict[str, Any] | None:
        """The storyteller decision to put to the person now: a plain one as soon as it is
        open; a standing one (through the day) once, when it is first offered."""
        for decision in self.game.open.values():
            if decision.seat != STORYTELLER:
                continue
            if not decision.standing:
                return decision.as_dict_for_storyteller()
            key = (decision.phase, decision.name, decision.reason)
            if key not in self.offered:
                self.offered.add(key)
                return decision.as_dict_for_storyteller()
        return None

    def _decide(self, decision: dict[str, Any]) -> None:
        console = self.console
        prompt = decision.get("prompt") or self.words.prompt(decision) or \
            self.words.decision_label(decision["name"])
        console.print(f"\n[bold magenta]❯ Storyteller:[/] [bold]{esc(prompt)}[/]")
        if decision.get("reason"):
            console.print(f"  [italic]{esc(decision['reason'])}[/]")
        suggestion = decision.get("suggestion")
        standing = bool(decision.get("standing"))
        console.print(f"  Suggested: [bold]{self._said(suggestion, decision)}[/]" +
                      ("" if standing else " [dim](press Enter to take it)[/]"))
        if decision.get("truth") is not None and decision["truth"] != suggestion:
            console.print(f"  The truth: {self._said(decision['truth'], decision)}")
        read, hint = self._reader(decision)
        while True:
            text = self.prompter.line("storyteller> ")
            if not text.strip():
                if standing:
                    console.print("[dim]You leave it open; it stays yours to decide during "
                                  "the day.[/]")
                    return
                value: Any = suggestion
            else:
                value = read(text)
                if value is NOTHING:
                    console.print(f"[dim]{hint}[/]")
                    continue
                if isinstance(value, Unclear):
                    console.print(f"[yellow]{value.message}[/]")
                    continue
            try:
                self.game.answer(decision["id"], value, seat=STORYTELLER)
            except IllegalAnswer as error:
                console.print(f"[yellow]{esc(self._plain_error(error))} Nothing has changed: "
                              f"answer again.[/]")
                continue
            console.print(f"[dim]You decided: {self._said(value, decision)}.[/]")
            return

    def _plain_error(self, error: IllegalAnswer) -> str:
        code = getattr(error, "code", None)
        params = getattr(error, "params", None)
        said = self.words.error(str(code), params) if code else None
        return said or str(error)

    def _said(self, value: Any, decision: dict[str, Any]) -> str:
        if decision["kind"] == YES_NO:
            return "yes" if value is True else "no"
        if value is None or value == []:
            return esc(self.words.skip_label(decision["name"]) if decision.get("optional")
                       else self.words.word("nobody"))
        if isinstance(value, Mapping):  # what a player learns, part by part as it is typed
            return "; ".join(f"{esc(key)}: {self.renderer.choice(part)}"
                             for key, part in value.items())
        return self.renderer.choice(value)

    def _reader(self, decision: dict[str, Any]) -> tuple[Any, str]:
        """How a typed line is read for this decision, with the alternatives shown first."""
        console, kind = self.console, decision["kind"]
        players = [p.name for p in self.game.players]
        if kind == YES_NO:
            console.print("  [cyan]1[/] yes   [cyan]2[/] no")
            return read_yes_no, "Type y or n, or press Enter for the suggestion."
        if kind == NUMBER:
            console.print(f"  [dim]A whole number from {decision['min']} to "
                          f"{decision['max']}.[/]")
            return (lambda text: read_number(text, decision)), "Type a number."
        if kind == PICK:
            skip = self.words.skip_label(decision["name"]) if decision["optional"] else None
            show_choices(console, self.edition, decision["choices"], skip)
            if decision["max"] > 1:
                return (lambda text: read_several(text, decision, self.edition, players)), \
                    "Type their numbers separated by spaces."
            return (lambda text: read_pick(text, decision, self.edition, players)), \
                "Type the number of your choice."
        if kind == ARRANGE:
            return self._arrange_reader(decision)
        return (lambda text: Unclear("Press Enter to take the suggestion.")), \
            "Press Enter to take the suggestion."

    def _arrange_reader(self, decision: dict[str, Any]) -> tuple[Any, str]:
        """A free-form decision (the bag, what a player learns): the suggestion, the truth, or
        the person's own answer: character names separated by commas (the bag), or each part
        as `field: value` separated by semicolons (what a player learns)."""
        console = self.console
        offered = [decision.get("suggestion")]
        truth = decision.get("truth")
        if truth is not None and truth != offered[0]:
            offered.append(truth)
        for number, option in enumerate(offered, 1):
            label = "the suggestion" if number == 1 else "the truth"
            console.print(f"  [cyan]{number}[/] {label}: {self._said(option, decision)}")
        sample = offered[0]
        if sample is None:  # nothing, or something for some players (Hell's Librarian)
            console.print("  [dim]Or type your own as name: what happens (separated by "
                          "semicolons), or no.[/]")

            def read_players(text: str) -> Any:
                word = text.strip()
                if word.lower() in SKIP_WORDS or word == "1":
                    return None
                return self._read_players(word)

            return read_players, "Press Enter to take the suggestion."
        if isinstance(sample, Mapping):
            fields = "; ".join(f"{key}: ..." for key in sample)
            console.print(f"  [dim]Or type your own as {esc(fields)} (names, separated by "
                          "commas).[/]")
        else:
            console.print("  [dim]Or type your own: character names, separated by commas, "
                          "from the script's:[/]")
            for kind, roles in characters_by_type(self.edition).items():
                if kind in ("townsfolk", "outsider", "minion", "demon"):
                    console.print(f"    [dim]{esc(TYPE_TITLES[kind])}:[/] "
                                  + esc(", ".join(role.name for role in roles)))

        def read(text: str) -> Any:
            word = text.strip()
            if word.isdigit():
                number = int(word)
                if 1 <= number <= len(offered):
                    return offered[number - 1]
                if not isinstance(sample, Mapping):
                    return Unclear(f"There is no choice {number}: type 1 to {len(offered)}, "
                                   "or your own answer.")
            if isinstance(sample, Mapping):
                return self._read_parts(word, sample)
            return [self._role_id(name) for name in word.split(",") if name.strip()]

        return read, "Press Enter to take the suggestion."

    def _read_parts(self, text: str, sample: Mapping[str, Any]) -> Any:
        answer: dict[str, Any] = {}
        for piece in text.split(";"):
            if not piece.strip():
                continue
            key, colon, value = piece.partition(":")
            key = key.strip().lower()
            if not colon or key not in sample:
                return Unclear("Type each part as field: value, separated by semicolons (the "
                               "fields are " + ", ".join(sample) + ").")
            answer[key] = self._part_value(value, sample[key])
        for key, value in sample.items():
            answer.setdefault(key, value)  # a part not typed keeps the suggestion's
        return answer

    def _read_players(self, text: str) -> Any:
        """`Name: word; Name: word` as {player: word}."""
        answer: dict[str, Any] = {}
        names = {p.name.lower(): p.name for p in self.game.players}
        for piece in text.split(";"):
            if not piece.strip():
                continue
            name, colon, value = piece.partition(":")
            player = names.get(name.strip().lower())
            if not colon or player is None:
                return Unclear("Type each as name: what happens (for example: Ada: die), "
                               "separated by semicolons, or no.")
            answer[player] = value.strip().lower()
        return answer

    def _part_value(self, text: str, like: Any) -> Any:
        words = [w.strip() for w in text.split(",") if w.strip()]
        if isinstance(like, bool):
            return text.strip().lower() in ("yes", "y", "true", "1")
        if isinstance(like, int):
            try:
                return int(text.strip())
            except ValueError:
                return text.strip()
        values = [self._name(w) for w in words]
        return values if isinstance(like, list) else (values[0] if values else None)

    def _name(self, word: str) -> str:
        """A player's name or a character's id, from what the person typed."""
        for player in self.game.players:
            if player.name.lower() == word.lower():
                return player.name
        return self._role_id(word)

    def _role_id(self, word: str) -> str:
        lowered = word.strip().lower()
        for role in self.edition.roles.values():
            if lowered in (role.id, role.name.lower()):
                return role.id
        return word.strip()


# Events the storyteller's terminal leaves out: a standing question's withdrawal and the
# clock running out are the flow's bookkeeping, not the story.
QUIET = frozenset({"DecisionWithdrawn"})


def storyteller_game(edition: Edition, names: list[str], deck: list[str],
                     options: dict[str, Any], seed: int) -> Game:
    """A game whose storyteller decisions wait for a person."""
    return Game(edition, names, deck=deck, options=options, seed=seed, storyteller=MANUAL)


__all__ = ["StorytellerSession", "has_night_sheet", "night_sheet", "night_sheet_json",
           "print_grimoire", "print_night_sheet", "storyteller_game"]
