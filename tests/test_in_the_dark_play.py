"""Werewolf in the Dark away from the browser: the narrator in a terminal, typed in by the
group on a clock the test drives (no test sleeps), and the bots that play it in a simulated
room (`--watch`, `simulate`), whose every answer is legal."""

from __future__ import annotations

import contextlib
import io
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from wolfsbane.agents import Table, bot_for, table_for
from wolfsbane.agents.in_the_dark import DarkBot, DarkTable
from wolfsbane.cli import app
from wolfsbane.core import Game
from wolfsbane.core.edition import Edition, deck_for
from wolfsbane.editions import get_edition
from wolfsbane.sim import format_report, simulate
from wolfsbane.sim.run import play_one
from wolfsbane.terminal.dark import Narrator, big_clock, clock_text, duration
from wolfsbane.terminal.timeline import Tracer

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
NAMES = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay"]
# Ana hunts; Ben is the seer; Eve the sheriff
ROLES = ["werewolf", "seer", "villager", "villager", "sheriff", "villager"]


def test_the_edition_is_played_in_the_dark_by_its_own_bots() -> None:
    edition = get_edition("in-the-dark")
    assert edition.bot == "in_the_dark:DarkBot"
    assert edition.played_in_the_dark


class Group:
    """The group at the keyboard, and the clock: a script of typed lines (str) and of
    seconds that pass with nobody typing (float)."""

    def __init__(self, script: list[str | float]) -> None:
        self.script = list(script)
        self.seconds = 0.0
        self.typed: list[str] = []

    def now(self) -> float:
        return self.seconds

    def wait(self, seconds: float) -> bool:
        while self.script and not isinstance(self.script[0], str):
            step = min(seconds, float(self.script[0]))
            self.seconds += step
            seconds -= step
            left = float(self.script[0]) - step
            if left > 1e-9:
                self.script[0] = left
            else:
                self.script.pop(0)
            if seconds <= 1e-9:
                return False  # the wait is over before anyone types
        if self.script:
            return True  # a line is typed
        self.seconds += max(0.0, seconds)
        return False

    def input(self, prompt: str = "", **_: Any) -> str:
        while self.script and not isinstance(self.script[0], str):
            self.seconds += float(self.script.pop(0))
        if not self.script:
            raise EOFError
        line = str(self.script.pop(0))
        self.typed.append(line)
        return line


def narrate(script: list[str | float], roles: list[str] = ROLES,
            options: dict[str, Any] | None = None,
            terminal: bool = False) -> tuple[Game, str, Group]:
    edition = get_edition("in-the-dark")
    game = Game(edition, NAMES, roles=roles, options=options or {}, seed=3)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=terminal)
    group = Group(script)
    console.input = group.input  # type: ignore[method-assign]
    with contextlib.suppress(EOFError):  # a script may stop before the game ends
        Narrator(game, console, group).run(Tracer(game))
    return game, out.getvalue(), group


DEAL = [""] * 12  # each player: Enter to see the card, Enter to hide it
KNOW = [""]  # Enter: the guide has read the Know calls (else their clock runs out)
NIGHT = [""]  # Enter: the group is ready, the last light goes off, the night's clock starts


def answers(game: Game, name: str) -> list[dict[str, Any]]:
    return [entry for entry in game.log if entry.get("decision") == name]


# -- the narrator ------------------------------------------------------------------------------

def test_the_narrator_runs_a_whole_game_typed_in_by_the_group() -> None:
    started = time.perf_counter()
    script: list[str | float] = [
        *DEAL, *KNOW, *NIGHT,
        # night 1: two minutes in, Cal is killed; twenty seconds later Dee finds him
        120.0, "1", "Cal", 20.0, "2", "Dee", "Cal",
        # day 1: Cal keeps his first token; the talk runs out; Ana, Ben, Dee, Eve and Fay
        # point (Dee is executed) and Dee keeps a token
        "1", 60.0, "Dee", "Dee", "Ana", "Dee", "Dee", "1",
        # dusk 1: the two ghosts name Cal the guide; the seer points at Ana; thumbs up, down
        "Cal", "Cal", "Ana", "up", "down", *NIGHT,
        # night 2: Ben killed after a minute (Enter, then what happened), found by the
        # sheriff at once
        60.0, "", "dead", "Ben", "found", "Eve", "Ben",
        # day 2: Ben's second token; who is who at the table; the talk cut short (Enter);
        # Ana, Eve and Fay point
        "2", "table", "", "Fay", "Ana", "Ana",
    ]
    game, printed, group = narrate(script)
    assert game.over and game.outcome is not None
    assert game.outcome.winner == "villagers"
    assert set(game.outcome.winners) == {"Ben", "Cal", "Dee", "Eve", "Fay"}  # Eve found a body
    assert [e["seat"] for e in answers(game, "dead")] == ["Cal", "Ben"]
    assert [e["seat"] for e in answers(game, "choose-ghost")] == ["Cal", "Dee", "Ben"]
    assert [(e["seat"], e["answer"]) for e in answers(game, "body-found")] == [
        ("Dee", "Cal"), ("Eve", "Ben")]
    assert [e["answer"] for e in answers(game, "judge")] == [True, False]
    assert answers(game, "guide")[0]["answer"] == "Cal"
    assert answers(game, "inspect")[0]["answer"] == "Ana"
    for heard in ("BODY FOUND!", "3…", "Point!", "Cal keeps the ghost token", "is the ghost guide",
                  "Ghosts, your wait is over", "The villagers win", "The night lasts 8 minutes",
                  "What happened?", "Everyone, open your eyes!",
                  "Ghosts, wait 30 seconds in the sanctuary"):
        assert heard in printed, heard
    assert re.search(r"Alive \(3\): Ana, Eve, Fay\. Ghosts: Ben \(Ghost \d+\), Cal \(Ghost 4\) "
                     r"the guide, Dee \(Ghost \d+\)\.", printed)
    assert not group.script, "every typed line was used"
    # the group's clock passed minutes; the test took a moment
    assert group.seconds >= 120 + 20 + 60 + 60
    assert time.perf_counter() - started < 10


def test_bad_input_gets_a_plain_sentence_and_changes_nothing() -> None:
    script: list[str | float] = [
        *DEAL, *KNOW, *NIGHT,
        "zzz",  # not a night command
        "1", "Zed", "Cal",  # not a player, then Cal declares dead
        "2", "Dee", "Cal",
        # Ana for herself, Ben for the ghost Cal, Dee for herself, Fay for herself: each
        # refused with its reason, and asked again
        "1", 60.0, "Ana", "Ben", "Cal", "Dee", "Dee", "Eve", "Ana", "Fay", "Ana",
    ]
    game, printed, _ = narrate(script)
    assert "Type [cyan]1[/]" not in printed  # no markup leaks as text
    assert "type 1 (or dead) when someone was killed" in printed
    assert "I did not understand “Zed”" in printed
    assert "nobody may vote for themself" in printed
    assert "Cal is a ghost" in printed
    votes = {e["seat"]: e["answer"] for e in answers(game, "vote")}
    assert votes == {"Ana": "Ben", "Ben": "Dee", "Dee": "Eve", "Eve": "Ana", "Fay": "Ana"}
    for line in printed.splitlines():
        assert "Traceback" not in line and "{'" not in line


def test_a_night_whose_clock_runs_out_with_no_death_is_the_villagers_win() -> None:
    game, printed, group = narrate([*DEAL, *KNOW, *NIGHT, 480.0, ""])  # nobody at the roll call
    assert game.outcome is not None and game.outcome.winner == "villagers"
    assert game.outcome.reason == "nobody died during the night"
    assert "Time's up! Everyone, back to the sanctuary." in printed
    assert 480 <= group.seconds < 600


def test_the_dead_of_a_night_that_runs_out_die_when_it_ends() -> None:
    """Fay was recorded during the night; when the time is up nobody had found Cal, who
    says so at the roll call before the night ends."""
    game, printed, _ = narrate([*DEAL, *KNOW, *NIGHT, 100.0, "1", "Fay", 400.0, "Cal", "", "1"])
    assert "Time's up!" in printed and "Who was killed tonight?" in printed
    assert not game.by_name["Fay"].alive and not game.by_name["Cal"].alive
    assert "Fay died in the night and becomes a ghost" in printed
    assert "Cal died in the night and becomes a ghost" in printed
    assert game.phase == "day 1"


def test_a_body_not_yet_declared_declares_dead_when_it_is_found() -> None:
    """The finder touches the body and it whispers yes: typing the body found records its
    `dead` first, then the find."""
    game, printed, _ = narrate([*DEAL, *KNOW, *NIGHT, 30.0, "found", "Dee", "Fay"])
    assert [e["seat"] for e in answers(game, "dead")] == ["Fay"]
    assert answers(game, "body-found")[0]["answer"] == "Fay"
    assert "Body found! Dee found Fay." in printed


def test_the_deal_shows_each_player_their_card_then_wipes_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wiped: list[int] = []  # how much had been printed at each wipe
    monkeypatch.setattr(Console, "clear",
                        lambda self, home=True: wiped.append(len(self.file.getvalue())))
    game, printed, _ = narrate([*DEAL, *KNOW, *NIGHT, 480.0])
    assert len(wiped) == len(NAMES)
    assert "Pass the keyboard to Ana" in printed and "You are the Werewolf" in printed
    # each card is wiped before the next player comes; after the last, nothing on the
    # screen names a card until the cards are turned over at the end
    for start, end in zip(wiped, wiped[1:], strict=False):
        assert printed[start:end].count("You are the") == 1
    public = printed[wiped[-1]:].split("The cards are turned over")[0]
    assert "You are the" not in public and "Werewolf (the monsters)" not in public


def test_the_seers_turn_does_not_name_the_seer() -> None:
    script: list[str | float] = [*DEAL, *KNOW, *NIGHT, 60.0, "1", "Cal", "2", "Dee", "Cal", "1", "",
                                 "Dee", "Dee", "Ana", "Fay", "Ana", "1", "1"]
    _, printed, _ = narrate(script)
    asked = [line for line in printed.splitlines() if "point at a living player" in line]
    assert asked and all("Ben" not in line for line in asked)


def test_on_a_terminal_the_big_clock_counts_down_live(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Console, "clear", lambda self, home=True: None)
    game, printed, group = narrate([*DEAL, *KNOW, *NIGHT, 12.0, "2", "Dee", "Cal"], terminal=True,
                                   options={"night-seconds": 20})
    assert "███" in printed  # the digits five lines high
    assert "Press Enter to record a death or a body found." in printed
    assert answers(game, "body-found")[0]["answer"] == "Cal"
    assert "\a" in printed  # the alarm for the body found


def test_the_big_clock() -> None:
    assert clock_text(480) == "8:00"
    assert clock_text(65) == "1:05"
    assert clock_text(0.2) == "0:01"  # a clock that shows 0:00 has run out
    assert clock_text(-3) == "0:00"
    assert len(big_clock(480).splitlines()) == 5
    assert duration(480) == "8 minutes" and duration(30) == "30 seconds"
    assert duration(90) == "1 minute 30 seconds"


# -- the command line ------------------------------------------------------------------------

def run(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=stdin, env=ENV)


def test_play_in_the_dark_from_the_command_line(tmp_path: Path) -> None:
    """`wolfsbane play --edition in-the-dark`: the names, the deal, the know phase, a night
    (a villager killed and found), the day's votes, to the end (a pipe is read line by line,
    and Enter cuts the talk short: no clock has to run out)."""
    edition = get_edition("in-the-dark")
    game = Game(edition, NAMES, deck=deck_for(edition, 6, {}), seed=5)
    monster = next(p.name for p in game.players if p.team == "monsters")
    victim, finder = [p.name for p in game.players if p.team != "monsters"][:2]
    # two slips first (a name twice, too few names), then the six names: a game for six
    # although --players was not given
    lines = ["Ana, ana, Cal, Dee, Eve, Fay", "Ana", ", ".join(NAMES), *DEAL, *KNOW, *NIGHT,
             "1", victim, "2", finder, victim, "1", ""]
    lines += ["0" if name == monster else monster for name in NAMES if name != victim]
    saved = tmp_path / "dark.json"
    result = run("play", "--edition", "in-the-dark", "--seed", "5",
                 "--save", str(saved), stdin="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Who plays? Type the names (6 to 30)" in result.output
    assert "Two players have the same name" in result.output
    assert "That is 1 names" not in result.output and "That is 1 name;" in result.output
    assert f"Body found! {finder} found {victim}." in result.output
    assert "The villagers win" in result.output
    assert "wolfsbane play --edition in-the-dark --players 6" in result.output
    # the saved game replays: every typed answer and every clock's end is in its record
    shown = run("replay", str(saved))
    assert shown.exit_code == 0, shown.output
    assert re.search(rf"{finder}\b.* found the body of {victim}\b", shown.output)
    assert "The villagers win" in shown.output


def test_watch_plays_a_bots_only_game_to_its_end() -> None:
    result = run("play", "--edition", "in-the-dark", "--watch", "--seed", "7", "--players", "10")
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output
    assert "taps" in result.output  # the room's story: who killed whom
    assert re.search(r"points at \w+: ", result.output)  # a vote and its reason
    assert "The time for the day's countdown is up." in result.output
    again = run("play", "--edition", "in-the-dark", "--watch", "--seed", "7", "--players", "10")
    assert again.output == result.output


def test_simulate_from_the_command_line() -> None:
    result = run("simulate", "--edition", "in-the-dark", "--players", "8", "--games", "20",
                 "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "95% interval" in result.output and "monsters" in result.output


@pytest.mark.parametrize("players", [6, 30])
def test_simulate_gives_win_rates_with_intervals(players: int) -> None:
    result = simulate("in-the-dark", players=players, games=24, seed=7, workers=1)
    assert result.games == 24 == sum(result.wins.values())
    assert {"villagers", "monsters"} <= set(result.wins)
    assert abs(sum(result.rates.values()) - 1) < 1e-9
    for team, rate in result.rates.items():
        low, high = result.interval(team)
        assert 0 <= low <= rate <= high <= 1
    assert result.average_days > 0
    assert f"in-the-dark: {players} players" in format_report(result)


# -- the bots --------------------------------------------------------------------------------

OWN_VILLAIN = {"name": "Hooded Figure", "faction": "villains", "dagger": "dotted"}
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("standard", 6, {}), ("full", 8, {}), ("full", 12, {"monsters-win": "majority"}),
    ("basic", 11, {"mystery-roles": True}), ("full", 16, {"show-know-on-phones": True}),
    ("full", 22, {"ghost-wait-seconds": 0}), ("standard", 30, {}),
]


def room_games() -> Iterator[tuple[Game, DarkTable]]:
    edition = get_edition("in-the-dark")
    for preset, players, options in SETUPS:
        for seed in range(12):
            game = Game(edition, [f"P{i}" for i in range(1, players + 1)],
                        deck=deck_for(edition, players, options, preset), options=options,
                        seed=seed)
            agents = {p.name: bot_for(p.name, random.Random(seed * 100 + p.index), edition)
                      for p in game.players}
            table = table_for(game, agents)
            assert isinstance(table, DarkTable)
            table.play_out()
            yield game, table


def test_bots_never_answer_illegally_over_many_seeds() -> None:
    """Strict play (the simulator's): any illegal answer a bot gives is raised. Every game
    ends, in each set-up, with a group's own villain card too."""
    finished = 0
    for game, _ in room_games():
        assert game.over
        finished += 1
    edition = get_edition("in-the-dark")
    options = {"cards": [OWN_VILLAIN]}
    deck = ["werewolf", "hooded-figure", "seer", "sheriff"] + ["villager"] * 6
    for seed in range(10):
        game = play_one("in-the-dark", deck, 10, options, seed)
        assert game.over and game.outcome is not None
        finished += 1
    assert finished == len(SETUPS) * 12 + 10
    assert edition.id == "in-the-dark"


def test_only_a_card_with_a_dagger_kills_and_a_white_dagger_once_a_night() -> None:
    for game, table in room_games():
        kills: dict[tuple[str, str], int] = {}
        for at, text in table.story:
            found = re.match(r"In the dark, (\S+) taps (\S+) twice\.", text)
            if not found:
                continue
            killer = game.by_name[found.group(1)]
            dagger = game.catalog[killer.role].traits["dagger"]
            assert dagger != "none", text
            phase = game.events[at - 1].phase if at else "setup"
            kills[(killer.name, phase)] = kills.get((killer.name, phase), 0) + 1
            if dagger == "white":
                assert kills[(killer.name, phase)] == 1, text


def test_a_night_ends_with_a_body_found_or_its_clock() -> None:
    for game, _ in room_games():
        for phase in [p for p in game.phases if p.startswith("night")]:
            ends = [e for e in game.events if e.phase == phase and e.kind == "Announced"
                    and e.data.get("about") in ("body-found", "time-up")]
            assert len(ends) == 1 or game.phase == "end", phase


def test_the_edition_s_bots_play_in_a_room_of_their_own() -> None:
    edition = get_edition("in-the-dark")
    game = Game(edition, NAMES, roles=ROLES, seed=1)
    agents = {name: bot_for(name, random.Random(1), edition) for name in NAMES}
    assert isinstance(table_for(game, agents), DarkTable)
    other = get_edition("millers-hollow")
    village = Game(other, NAMES + ["Gus", "Hal"], seed=1)
    table = table_for(village, {n: bot_for(n, random.Random(1), other) for n in village.by_name})
    assert type(table) is Table


def bot(seat: str, edition: Edition | None = None) -> DarkBot:
    agent = bot_for(seat, random.Random(1), edition or get_edition("in-the-dark"))
    assert isinstance(agent, DarkBot)
    return agent


def dark_game() -> Game:
    return Game(get_edition("in-the-dark"), NAMES, roles=ROLES, seed=3)


def test_a_villager_who_heard_the_kill_votes_for_the_killer_and_says_why() -> None:
    game = dark_game()
    table = DarkTable(game, {name: bot(name) for name in NAMES})
    fay = table.agents["Fay"]
    assert isinstance(fay, DarkBot)
    fay.hears("Ana", "Cal")
    view = table.view("Fay")
    fay.sync(view)
    assert fay._vote(["Ana", "Ben", "Dee", "Eve"], optional=True) == "Ana"
    assert "heard Ana right where Cal died" in fay.why["vote"]
    fay.phase = "day 1"
    said = fay.talk("village", view)
    assert {"type": "accuse", "player": "Ana"} in said
    assert {"type": "vote", "player": "Ana"} in said  # backed with her vote
    assert fay.talk("village", view) == []  # said once a day, not again


def test_a_ghost_raises_its_thumb_for_its_killer_and_a_monster_covers_its_pack() -> None:
    from wolfsbane.core import YES_NO, Decision

    victim = bot("Cal")
    victim.tapped("Ana")
    judged = Decision("Cal", "judge", kind=YES_NO, about="Ana")
    assert victim._judge(judged) is True
    wolf = bot("Ana")
    wolf._team = "monsters"
    wolf.allies = {"Dee"}
    assert wolf._judge(Decision("Ana", "judge", kind=YES_NO, about="Dee")) is False


def test_a_werewolf_never_taps_a_monster_it_knows() -> None:
    edition = get_edition("in-the-dark")
    game = Game(edition, NAMES, roles=["werewolf", "alpha-wolf", "villager", "villager",
                                       "seer", "villager"], seed=1)
    table = DarkTable(game, {name: bot(name) for name in NAMES})
    table.step()  # the know phase: the wolves open their eyes and see each other
    ana = table.agents["Ana"]
    assert isinstance(ana, DarkBot)
    view = table.view("Ana")
    assert ana.meets("Ben", view) is False
    assert ana.meets("Cal", view) is True
    assert ana.prey(["Ben", "Cal"], view) == "Cal"
