"""The command line: playing against bots, watching, saving, replaying, listing the catalog."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wolfsbane.cli import app
from wolfsbane.core import STORYTELLER, Game
from wolfsbane.core.record import replay as replay_record
from wolfsbane.editions import get_edition
from wolfsbane.terminal import play as play_module
from wolfsbane.terminal import timeline as timeline_module
from wolfsbane.terminal.play import choose_deck, seat_names
from wolfsbane.terminal.prompts import NOTHING, Unclear, read_pick, read_several, read_yes_no

ENV = {"COLUMNS": "220", "NO_COLOR": "1", "TERM": "dumb"}
REVEAL = "The cards are turned over"


def run(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=stdin, env=ENV)


def dealt_role(seed: int, players: int = 8, seat: str = "Ana") -> str:
    edition = get_edition("millers-hollow")
    names = seat_names(seat, players)
    game = Game(edition, names, deck=choose_deck(edition, players, "classic", None, {}),
                seed=seed)
    return game.by_name[seat].role


def answers(count: int = 200) -> str:
    """An empty line (the end of a first talk turn), garbage, an out-of-range number, then
    (empty line, 1) pairs: every prompt ends up answered with its first choice, every talk
    turn with silence."""
    return "\n".join(["", "xyzzy", "99"] + ["", "1"] * count) + "\n"


# -- watching --------------------------------------------------------------------------------

def test_watch_finishes_and_names_a_winner() -> None:
    result = run("play", "--watch", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output
    assert re.search(r"(wins?|Nobody wins): ", result.output)
    assert "Night 1" in result.output and "The vote" in result.output


def test_watch_speaks_each_editions_language() -> None:
    wherewolf = run("play", "--edition", "wherewolf", "--players", "8", "--watch", "--seed", "2")
    assert wherewolf.exit_code == 0, wherewolf.output
    assert "burned at the stake" in wherewolf.output and "hanged" not in wherewolf.output
    assert "The First Vote sends these players to the Second Vote:" in wherewolf.output
    assert "aura" in wherewolf.output and "Announcement:" not in wherewolf.output
    licos = run("play", "--edition", "licos", "--composition", "9B", "--watch", "--seed", "4")
    assert licos.exit_code == 0, licos.output
    assert "put to death" in licos.output


def test_watch_is_repeatable() -> None:
    first = run("play", "--watch", "--seed", "11", "--players", "10")
    second = run("play", "--watch", "--seed", "11", "--players", "10")
    assert first.exit_code == second.exit_code == 0
    assert first.output == second.output


# -- a person at the table -------------------------------------------------------------------

def test_play_with_scripted_input(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = run("play", "--seat", "Ana", "--seed", "5", "--save", str(saved), stdin=answers())
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You sit at the table as Ana" in out
    assert "Seed 5" in out
    # a bad answer gets a message and the question again
    assert "I did not understand “xyzzy”. Type the number of your choice" in out
    assert "There is no choice 99: type a number from 1 to" in out
    assert "Type the number of your choice, or 0 to skip." in out  # an empty answer
    assert "The game is over" in out or "the game stops here" in out
    assert saved.exists()
    record = json.loads(saved.read_text())
    assert record["seats"][0] == "Ana"


def _secret_fragments(out: str, record: dict[str, Any], seat: str) -> list[str]:
    """Fragments of what the person saw before the reveal that pair another player with a card
    they were never shown."""
    game = replay_record(record, get_edition)
    edition = game.edition
    known: set[tuple[str, str]] = set()
    for event in game.events:
        data = event.data
        public = event.audience is None
        mine = event.audience is not None and seat in event.audience
        if (public or mine) and "player" in data and "role" in data:
            known.add((data["player"], data["role"]))
    before = out.split(REVEAL)[0]
    leaks = []
    for line in before.splitlines():
        if "💬" in line or "👂" in line:
            continue  # what players claim is talk, not information
        for fragment in re.split(r"[,→]", line):
            for player in game.players:
                if player.name == seat:
                    continue
                for role_id in {player.role, edition.card_before(player) or player.role}:
                    card = edition.roles[role_id].name
                    if ((player.name, role_id) not in known
                            and re.search(rf"\b{re.escape(player.name)}\b", fragment)
                            and card in fragment):
                        leaks.append(fragment.strip())
    return leaks


@pytest.mark.parametrize(("seed", "players"), [(5, 8), (3, 8), (10, 8), (6, 10), (1, 10)])
def test_person_never_sees_hidden_cards(tmp_path: Path, seed: int, players: int) -> None:
    saved = tmp_path / "game.json"
    result = run("play", "--seat", "Ana", "--seed", str(seed), "--players", str(players),
                 "--save", str(saved), stdin=answers())
    assert result.exit_code == 0, result.output
    record = json.loads(saved.read_text())
    assert _secret_fragments(result.output, record, "Ana") == []
    if "The game is over" in result.output:
        # after the game every card is shown
        game = replay_record(record, get_edition)
        after = result.output.split(REVEAL)[1]
        for player in game.players:
            assert player.name in after


def test_person_sees_only_their_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything shown during play comes from view(game, "Ana"); the storyteller's view is
    read only once the game is over."""
    seats: list[str] = []
    real_play_view = play_module.view
    real_timeline_view = timeline_module.view

    def play_view(game: Game, seat: str, since: int = 0) -> dict[str, Any]:
        seats.append(seat)
        return real_play_view(game, seat, since)

    def timeline_view(game: Game, seat: str, since: int = 0) -> dict[str, Any]:
        assert seat != STORYTELLER or game.over, "the storyteller's view was read mid-game"
        return real_timeline_view(game, seat, since)

    monkeypatch.setattr(play_module, "view", play_view)
    monkeypatch.setattr(timeline_module, "view", timeline_view)
    result = run("play", "--seat", "Ana", "--seed", "5", stdin=answers())
    assert result.exit_code == 0, result.output
    assert seats and set(seats) == {"Ana"}


def test_a_werewolf_sees_the_pack_but_not_the_rest() -> None:
    assert dealt_role(3) == "werewolf"
    result = run("play", "--seat", "Ana", "--seed", "3", stdin=answers())
    assert result.exit_code == 0, result.output
    before = result.output.split(REVEAL)[0]
    assert "the rest of the pack" in before
    assert "The werewolves open their eyes" in before


def test_night_narration_names_every_step_not_the_cards_in_play() -> None:
    assert dealt_role(5) == "villager"
    result = run("play", "--seat", "Ana", "--seed", "5", stdin=answers())
    before = result.output.split(REVEAL)[0]
    # 8 players, classic: no thief and no little girl, yet they are narrated like the rest
    for words in ("The thief wakes", "Cupid wakes", "The fortune teller wakes",
                  "The little girl", "The werewolves open their eyes", "The witch wakes"):
        assert words in before


def test_two_picks_and_talk() -> None:
    assert dealt_role(2) == "cupid"
    lines = ["1", "1 2", "3", "2", "I trust nobody", "", "1"] + ["", "1"] * 150
    result = run("play", "--seat", "Ana", "--seed", "2", stdin="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Pick 2, not 1" in out
    assert "You are in love with Ada" in out
    assert "You: “I accuse Bram!”" in out
    assert "You: “I trust nobody”" in out


def test_engine_refusals_are_shown_as_they_are() -> None:
    assert dealt_role(3) == "werewolf"
    # the other werewolf is Dara: naming her is refused by the rules, with their reason
    lines = ["", "Dara", "1"] + ["", "1"] * 150
    result = run("play", "--seat", "Ana", "--seed", "3", stdin="\n".join(lines) + "\n")
    assert "werewolves do not attack their own pack" in result.output


def test_end_of_input_stops_politely_and_saves(tmp_path: Path) -> None:
    saved = tmp_path / "partial.json"
    result = run("play", "--seat", "Ana", "--seed", "2", "--save", str(saved), stdin="\n")
    assert result.exit_code == 0, result.output
    assert "the game stops here" in result.output
    assert "Saved what was played" in result.output
    shown = run("replay", str(saved))
    assert shown.exit_code == 0, shown.output
    assert "not finished" in shown.output


def test_quit_leaves_the_table() -> None:
    result = run("play", "--seat", "Ana", "--seed", "2", stdin="quit\n")
    assert result.exit_code == 0
    assert "You leave the table" in result.output


def test_fixed_roles_deck() -> None:
    result = run("play", "--watch", "--seed", "1", "--players", "5",
                 "--roles", "werewolf,fortune-teller,witch,villager,villager")
    assert result.exit_code == 0, result.output
    assert "Witch" in result.output


# -- saving and replaying --------------------------------------------------------------------

def test_saved_game_replays(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    played = run("play", "--watch", "--seed", "4", "--save", str(saved))
    assert played.exit_code == 0, played.output
    record = json.loads(saved.read_text())
    assert record["format"] == "wolfsbane-record/1"
    shown = run("replay", str(saved))
    assert shown.exit_code == 0, shown.output
    assert "The game is over" in shown.output
    assert "Night 1" in shown.output
    for seat in record["seats"]:
        assert seat in shown.output


def test_replay_as_one_seat(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run("play", "--watch", "--seed", "4", "--save", str(saved))
    record = json.loads(saved.read_text())
    game = replay_record(record, get_edition)
    villager = next(p for p in game.players if p.role == "villager")
    wolf = next(p for p in game.players if p.role == "werewolf")
    mine = run("replay", str(saved), "--seat", villager.name)
    assert mine.exit_code == 0, mine.output
    assert "only what that seat saw" in mine.output
    assert "The pack settles on" not in mine.output
    theirs = run("replay", str(saved), "--seat", wolf.name)
    assert "The pack settles on" in theirs.output
    nobody = run("replay", str(saved), "--seat", "Nobody")
    assert nobody.exit_code == 2
    assert "seats were" in nobody.output


@pytest.mark.parametrize("content", [
    "not json at all",
    json.dumps({"format": "something-else"}),
    json.dumps([1, 2, 3]),
    json.dumps({"format": "wolfsbane-record/1", "edition": "millers-hollow"}),
])
def test_replay_of_a_broken_file_exits_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "broken.json" in result.output


def test_replay_of_a_tampered_log_exits_2(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run("play", "--watch", "--seed", "4", "--save", str(saved))
    record = json.loads(saved.read_text())
    step = next(i for i, e in enumerate(record["log"]) if e.get("decision") == "vote")
    record["log"][step]["decision"] = "fly"
    saved.write_text(json.dumps(record))
    result = run("replay", str(saved))
    assert result.exit_code == 2
    assert "not a valid wolfsbane record" in result.output


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nope.json"))
    assert result.exit_code == 2
    assert "cannot read" in result.output


# -- bad set-ups -----------------------------------------------------------------------------

def test_bad_edition_lists_the_editions() -> None:
    result = run("play", "--edition", "nope", "--watch")
    assert result.exit_code != 0
    assert "millers-hollow" in result.output


@pytest.mark.parametrize("players", ["2", "99"])
def test_bad_player_count_says_what_is_allowed(players: str) -> None:
    result = run("play", "--players", players, "--watch")
    assert result.exit_code != 0
    assert "4 to 24" in result.output


def test_bad_role_lists_the_roles() -> None:
    result = run("play", "--watch", "--roles", "werewolf,dragon,villager,villager")
    assert result.exit_code != 0
    assert "fortune-teller" in result.output


def test_bad_preset_lists_the_presets() -> None:
    result = run("play", "--watch", "--preset", "chaos")
    assert result.exit_code != 0
    assert "basic" in result.output and "classic" in result.output


# -- the catalog -----------------------------------------------------------------------------

def test_roles_json_lists_every_role() -> None:
    result = run("roles", "--edition", "millers-hollow", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    ids = {role["id"] for role in data["roles"]}
    assert ids == set(get_edition("millers-hollow").roles)


def test_roles_table() -> None:
    result = run("roles")
    assert result.exit_code == 0
    assert "Fortune Teller" in result.output


def test_editions() -> None:
    result = run("editions")
    assert result.exit_code == 0
    assert "millers-hollow" in result.output
    listed = json.loads(run("editions", "--json").stdout)
    assert any(row["id"] == "millers-hollow" and row["available"] for row in listed)


# -- reading answers -------------------------------------------------------------------------

PICK = {"choices": ["Ada", "Bram", "Cleo"], "optional": True, "min": 1, "max": 1}
TWO = {"choices": ["Ana", "Ada", "Bram", "Cleo"], "optional": False, "min": 2, "max": 2}
EDITION = get_edition("millers-hollow")
PLAYERS = ["Ana", "Ada", "Bram", "Cleo"]


@pytest.mark.parametrize(("text", "expected"), [
    ("1", "Ada"), ("3", "Cleo"), ("bram", "Bram"), ("cl", "Cleo"), ("0", None),
    ("skip", None), ("Ana", "Ana"),  # not offered: the engine explains why
])
def test_read_pick(text: str, expected: Any) -> None:
    assert read_pick(text, PICK, EDITION, PLAYERS) == expected


def test_read_pick_unclear() -> None:
    assert read_pick("", PICK, EDITION, PLAYERS) is NOTHING
    assert isinstance(read_pick("7", PICK, EDITION, PLAYERS), Unclear)
    assert isinstance(read_pick("blah", PICK, EDITION, PLAYERS), Unclear)


def test_read_several() -> None:
    assert read_several("1 3", TWO, EDITION, PLAYERS) == ["Ana", "Bram"]
    assert read_several("Ada, Cleo", TWO, EDITION, PLAYERS) == ["Ada", "Cleo"]
    assert isinstance(read_several("1", TWO, EDITION, PLAYERS), Unclear)
    assert isinstance(read_several("1 9", TWO, EDITION, PLAYERS), Unclear)


def test_read_yes_no() -> None:
    assert read_yes_no("y") is True
    assert read_yes_no("No") is False
    assert read_yes_no("1") is True
    assert read_yes_no("") is NOTHING
    assert isinstance(read_yes_no("maybe"), Unclear)
