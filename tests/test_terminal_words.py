"""The terminal as a newcomer meets it: who is alive, secret ballots, each fact once, no
spoiler before the game, answers in their phase, a real default name, flags that read as
flags, `roles` at 80 columns, no stray numbers posted as chat, compositions by name."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from wolfsbane.cli import app
from wolfsbane.core import Game
from wolfsbane.editions import get_edition
from wolfsbane.terminal.play import choose_deck, seat_names
from wolfsbane.terminal.timeline import replay_traced, show_replay

ENV = {"COLUMNS": "220", "NO_COLOR": "1", "TERM": "dumb"}
REVEAL = "The cards are turned over"
RULE = re.compile(r"^─+ [☾☀]? ?(Night \d+|Day \d+|Before the first night)\b")


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=stdin, env=env or ENV)


def answers(count: int = 300) -> str:
    return "\n".join(["", "1"] * count) + "\n"


def seed_where(seat: str, role: str, players: int = 8) -> int:
    edition = get_edition("millers-hollow")
    for seed in range(500):
        names = seat_names(seat, players)
        game = Game(edition, names, deck=choose_deck(edition, players, "classic", None, {}),
                    seed=seed)
        if game.by_name[seat].role == role:
            return seed
    raise AssertionError(f"no seed deals {role} to {seat}")


def phases_of(lines: list[str]) -> list[tuple[str, str]]:
    """Each line with the phase heading it is printed under."""
    phase, out = "", []
    for line in lines:
        found = RULE.match(line.strip())
        if found:
            phase = found.group(1)
            continue
        out.append((phase, line))
    return out


def test_the_alive_list_names_only_the_living() -> None:
    result = run("play", "--edition", "wherewolf", "--players", "10", "--seat", "Ana",
                 "--seed", "4", stdin=answers())
    assert result.exit_code == 0, result.output
    rosters = [line for line in result.output.splitlines() if "At the table" in line]
    assert rosters
    with_dead = 0
    for line in rosters:
        count = int(re.search(r"\((\d+) alive\)", line).group(1))  # type: ignore[union-attr]
        living, _, dead = line.split("): ", 1)[1].partition(" Dead: ")
        assert len(living.rstrip(".").split(", ")) == count, line
        with_dead += bool(dead)
    assert with_dead, "the game never showed a dead player apart"


def test_a_secret_ballot_shows_the_voters_own_ballot_and_no_partial_count() -> None:
    result = run("play", "--edition", "wherewolf", "--players", "8", "--seat", "Ana",
                 "--seed", "2", stdin=answers())
    assert result.exit_code == 0, result.output
    played = result.output.split(REVEAL)[0]
    assert "(secret ballot)" in played
    assert "count:" not in played  # a count of one's own ballot would mislead
    assert "count:" in result.output.split(REVEAL)[1]  # the storyteller's real counts

    licos = run("play", "--edition", "licos", "--composition", "9A", "--seat", "Ana",
                "--seed", "3", stdin=answers())
    assert licos.exit_code == 0, licos.output
    played = licos.output.split(REVEAL)[0]
    assert "the counts are read out at dawn" in played
    assert re.search(r"received \d+ votes? on day 1\.", played)


def test_a_verdict_is_told_once() -> None:
    for args, verb in ((("--edition", "wherewolf", "--players", "10"), "burned at the stake"),
                       (("--edition", "licos", "--composition", "12A"), "put to death")):
        verdicts = 0
        for seed in range(1, 6):
            result = run("play", *args, "--watch", "--seed", str(seed))
            assert result.exit_code == 0, result.output
            told = re.findall(rf"(\w+)(?: \([^)]*\))? is {verb}\.", result.output)
            verdicts += len(told)
            for name in told:
                assert not re.search(rf"{name}(?: \([^)]*\))? has been {verb}", result.output)
        assert verdicts, f"no game of {args} put anyone to death"


def test_watching_and_replaying_give_no_ending_away_before_the_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    watched = run("play", "--watch", "--seed", "5", "--save", str(record))
    assert watched.exit_code == 0, watched.output
    game_record = json.loads(record.read_text())
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    for output in (watched.output, replayed.output):
        before = output.split("Night 1")[0]
        assert "won" not in before and " dead" not in before and " alive" not in before
        assert "lovers" not in before  # the team that wins in this seed, named only at the end
        assert "The cards dealt" in before
        after = output.split("Night 1", 1)[1]
        assert "Who was who" in after and "won" in after
    assert game_record["seed"] == 5


def test_replay_as_a_seat_puts_its_answers_in_their_phase(tmp_path: Path) -> None:
    seed = seed_where("Ana", "fortune-teller")
    record = tmp_path / "seer.json"
    played = run("play", "--seat", "Ana", "--seed", str(seed), "--save", str(record),
                 stdin=answers())
    assert played.exit_code == 0, played.output
    data = json.loads(record.read_text())
    game, places = replay_traced(data)
    expected = [place.phase for entry, place in zip(game.log, places, strict=False)
                if entry.get("seat") == "Ana" and entry.get("decision") == "inspect"
                and entry.get("answer") is not None]
    assert expected
    console = Console(record=True, width=200, color_system=None)
    show_replay(data, seat="Ana", console=console)
    lines = console.export_text().splitlines()
    printed = [phase for phase, line in phases_of(lines) if "You look at the card of" in line]
    assert [p.lower() for p in printed] == expected


def test_the_default_seat_has_a_real_name() -> None:
    result = run("play", "--seed", "2", stdin=answers())
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You sit at the table as Ana" in out
    assert "as You," not in out and "You is" not in out and "You wears" not in out
    assert "--seat" not in out.split("To play this very game again:")[1].splitlines()[0]


def test_help_shows_flags_as_flags() -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    assert "<bool>" not in result.output
    assert re.search(r"--watch\s+Bots play every seat", result.output)


def test_roles_reads_well_at_80_columns() -> None:
    result = run("roles", "--edition", "wherewolf", env={**ENV, "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    text = re.sub(r"\s+", " ", result.output)
    for role in get_edition("wherewolf").roles.values():
        # each description reads on lines of its own width, not a word per line
        assert role.description[:40] in result.output or role.description[:40] in text
        first_line = next(line for line in result.output.splitlines()
                          if line.strip() and role.description.startswith(line.strip()[:20]))
        assert len(first_line.split()) >= 5, first_line


def test_a_stray_number_at_the_say_prompt_is_not_posted() -> None:
    seed = seed_where("Ana", "villager")
    result = run("play", "--seat", "Ana", "--seed", str(seed),
                 stdin="\n".join(["9", ""] + ["", "1"] * 200) + "\n")
    assert result.exit_code == 0, result.output
    assert "There is no choice 9 here" in result.output
    assert "Ana: “9”" not in result.output and "You: “9”" not in result.output


def test_play_again_names_the_composition() -> None:
    result = run("play", "--edition", "licos", "--composition", "15A", "--seat", "Ana",
                 "--seed", "3", stdin="")
    again = result.output.split("To play this very game again:")[1].split("\n")[0]
    assert "--composition 15A" in again and "--roles" not in again
    assert "--composition 15A" in result.output.split("Start it again with:")[1]


def test_a_ballot_is_told_once_to_the_voter() -> None:
    result = run("play", "--edition", "wherewolf", "--players", "8", "--seat", "Ana",
                 "--seed", "2", stdin=answers())
    assert result.exit_code == 0, result.output
    played = result.output.split(REVEAL)[0]
    assert "You accuse" in played
    assert not re.search(r"You answered: [^\n]*\n\s*You (accuse|vote|name|abstain)", played)
