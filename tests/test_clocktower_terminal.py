"""Blood on the Clocktower on the command line: playing against bots, watching, running the
grimoire as the storyteller, and the night sheet of `wolfsbane roles`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from wolfsbane.cli import app
from wolfsbane.core import STORYTELLER, Game
from wolfsbane.core.view import view
from wolfsbane.editions import get_edition
from wolfsbane.messages import Words, catalogue
from wolfsbane.terminal.grimoire import grimoire_table, night_sheet

from .conftest import SHARED_RULES

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
EDITION = get_edition("clocktower")
BASE_RULES = SHARED_RULES / "clocktower-base.md"
# Words of the engine a person must never read: ids with a hyphen (characters, reminders,
# decisions) and the fallbacks for events the catalogue has no words for.
ENGINE_KEYS = sorted(
    {key for key in (*EDITION.roles, *EDITION.reminder_tokens, *EDITION.storyteller_decisions)
     if "-" in key})
VAGUE = ("announces something", "a question", "unknown event", "something happens")
WORDS = Words(catalogue(EDITION))
NOMINATE = WORDS.prompt({"name": "nominate", "seat": ""})
RAISE = WORDS.prompt({"name": "vote", "seat": ""})


def run(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=stdin, env=ENV)


def shown_engine_words(out: str) -> list[str]:
    """Engine keys and vague fallbacks in what a person read (the command line that replays
    the game aside)."""
    text = "\n".join(line for line in out.splitlines() if "wolfsbane play" not in line)
    found = [key for key in ENGINE_KEYS if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text)]
    return found + [words for words in VAGUE if words in text.lower()]


def every_prompt_answered(count: int = 400) -> str:
    """Garbage, then (empty line, 1, 2) in turn: a talk turn ends, a nomination is made or
    waited for, a hand goes up or stays down; every question ends up answered."""
    return "\n".join(["xyzzy"] + ["", "1", "2"] * count) + "\n"


# -- the night sheet -------------------------------------------------------------------------

def base_night_order() -> dict[str, list[str]]:
    """The night orders of clocktower-base.md, as the ids of their steps."""
    if not BASE_RULES.exists():
        pytest.skip("the shared rulebooks are not here (clocktower-base.md)")
    text = BASE_RULES.read_text(encoding="utf-8")
    orders = {}
    for kind, title in (("first", "First night"), ("other", "Other nights")):
        found = re.search(rf"^{title}: (.*?)\.\n\n", text, re.MULTILINE | re.DOTALL)
        assert found, f"no '{title}:' line in clocktower-base.md"
        steps = [s.strip().replace(" ", "-") for s in found.group(1).replace("\n", " ").split(",")]
        orders[kind] = steps
    return orders


def test_night_sheet_follows_the_night_order_of_the_base_rules() -> None:
    orders = base_night_order()
    listed = json.loads(run("roles", "--edition", "clocktower", "--json").stdout)["night_sheet"]
    for kind, steps in orders.items():
        assert [step["slot"] for step in listed[kind]] == steps, kind


def test_night_sheet_prints_the_steps_in_order_with_who_wakes() -> None:
    orders = base_night_order()
    result = run("roles", "--edition", "clocktower")
    assert result.exit_code == 0, result.output
    out = result.output
    first, other = out.split("each other night")[0], out.split("each other night")[1]
    for text, kind in ((first, "first"), (other.split("The characters, by type")[0], "other")):
        names = [EDITION.roles[s].name if s in EDITION.roles else None for s in orders[kind]]
        positions = [text.index(f". {name}\n") for name in names if name is not None]
        assert positions == sorted(positions), kind
        assert "Minion info" in text or kind == "other"
    assert out.index("Dusk") < out.index("Dawn")


def test_night_sheet_says_what_to_tell_and_what_they_choose() -> None:
    """Each step's questions are the catalogue's prompts, and what to tell is the catalogue's
    sentence with its blanks named (never a placeholder or an engine key)."""
    words = WORDS
    sheet = {step.slot: step for kind in ("first", "other") for step in night_sheet(EDITION)[kind]}
    for step in sheet.values():
        turn = next(t for k in ("first", "other") for t in EDITION.night_order[k]
                    if t.id == step.slot)
        assert step.chooses == tuple(words.prompt({"name": name, "seat": ""})
                                     for name in turn.decisions), step.slot
        assert step.does and not any("{" in told for told in step.told), step.slot
    assert any("[number]" in told for told in sheet["chef"].told)
    assert any("[players]" in told for told in sheet["fortune-teller"].told)
    assert sheet["widow"].chooses and sheet["fortune-teller"].chooses
    out = run("roles", "--edition", "clocktower").output
    assert f"They choose: {sheet['ogre'].chooses[0]}" in out
    assert f"Tell them: {sheet['empath'].told[0]}" in out


def test_roles_lists_the_characters_by_type_with_their_text() -> None:
    out = run("roles", "--edition", "clocktower").output
    catalogue = out.split("The characters, by type")[1]
    headings = [catalogue.index(f"\n{title}\n") for title in
                ("Townsfolk", "Outsiders", "Minions", "Demons", "Travellers", "Fabled", "Loric")]
    assert headings == sorted(headings)
    for role in EDITION.roles.values():
        assert role.name in catalogue
        assert role.description.split()[0] in catalogue
    assert not shown_engine_words(out.split("Decisions that belong to no card")[0])


# -- watching --------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed"), [(7, 3), (10, 8), (13, 21)])
def test_watch_tells_a_bots_game_to_its_end_in_plain_sentences(players: int, seed: int) -> None:
    result = run("play", "--edition", "clocktower", "--players", str(players), "--watch",
                 "--seed", str(seed))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The game is over" in out and ("Good wins" in out or "Evil wins" in out)
    assert "Night 1" in out and "Day 1" in out
    assert "Hands raised to execute" in out and "the next nominee needs" in out
    assert not shown_engine_words(out)


def test_watch_is_repeatable() -> None:
    args = ("play", "--edition", "clocktower", "--players", "9", "--watch", "--seed", "5")
    assert run(*args).output == run(*args).output


# -- playing against the bots ----------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed"), [(7, 4), (8, 2), (11, 6)])
def test_play_against_bots_to_the_end_of_the_game(tmp_path: Path, players: int,
                                                  seed: int) -> None:
    saved = tmp_path / "game.json"
    result = run("play", "--edition", "clocktower", "--players", str(players), "--seed",
                 str(seed), "--seat", "Ana", "--save", str(saved), stdin=every_prompt_answered())
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The game is over" in out, out[-3000:]
    assert "You are the " in out  # the character, with its text
    assert NOMINATE in out
    assert RAISE in out
    assert "the next nominee needs" in out
    record = json.loads(saved.read_text())
    mine = [e for e in record["log"] if e.get("seat") == "Ana"]
    assert any(e.get("decision") == "vote" for e in mine)
    before_reveal = out.split("The cards are turned over")[0]
    assert not shown_engine_words(before_reveal)


def test_the_person_nominates_and_the_table_raises_hands(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = run("play", "--edition", "clocktower", "--players", "7", "--seed", "4",
                 "--save", str(saved), stdin=every_prompt_answered())
    out = result.output
    person = json.loads(saved.read_text())["seats"][0]
    nominated = [e for e in json.loads(saved.read_text())["log"]
                 if e.get("seat") == person and e.get("decision") == "nominate" and e.get("answer")]
    assert nominated, "the person never nominated"
    hands = re.findall(r"Hands raised to execute .*?\((\d+)\)", out)
    assert hands, "no raised hands were shown"
    # each count comes with the threshold the next nominee needs
    assert len(re.findall(r"the next nominee needs \d+", out)) >= len(hands)


def test_waiting_at_a_nomination_lets_the_others_go_on() -> None:
    """Enter at the nomination waits: the bots nominate, and the person is offered it again."""
    result = run("play", "--edition", "clocktower", "--players", "7", "--seed", "4",
                 stdin="\nn\n" * 400)  # Enter at every nomination, hands kept down
    out = result.output
    day_one = out.split("Day 1")[1].split("Night 2")[0]
    assert day_one.count(NOMINATE) >= 2
    assert "Hands raised to execute" in day_one  # a bot's nomination, voted on
    assert "Enter lets the day end" in day_one


def test_told_shows_what_the_person_learned_night_by_night() -> None:
    stdin = "\n".join(["told"] + ["", "1", "2"] * 400) + "\n"
    result = run("play", "--edition", "clocktower", "--players", "7", "--seed", "4",
                 "--seat", "Ana", stdin=stdin)
    out = result.output
    assert "What you were told:" in out
    told = out.split("What you were told:")[1].split("\n\n")[0]
    assert "Before the first night: You are the " in told
    assert "Night 1:" in told


def test_a_nomination_the_rules_refuse_gets_a_sentence_and_is_asked_again() -> None:
    stdin = "\n".join(["", "Ana", "nobody-here", ""] + ["", "1", "2"] * 400) + "\n"
    result = run("play", "--edition", "clocktower", "--players", "7", "--seed", "4",
                 "--seat", "Ana", stdin=stdin)
    out = result.output
    assert "you may not nominate yourself" in out
    assert "I did not understand “nobody-here”" in out


# -- the storyteller's seat ------------------------------------------------------------------

def test_storyteller_runs_a_bots_game_to_the_end_taking_every_suggestion(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = run("play", "--edition", "clocktower", "--players", "8", "--seed", "11",
                 "--storyteller", "--save", str(saved), stdin="\n" * 600)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "you are the storyteller" in out
    assert "The game is over" in out
    assert "The grimoire" in out and "drunk or poisoned" in out
    assert "The Demon's bluffs:" in out and "Fabled and Loric in play: Djinn." in out
    assert "Suggested:" in out and "(press Enter to take it)" in out
    assert "A legal bag for 8 players" in out  # a decision's reason
    record = json.loads(saved.read_text())
    chosen = [e for e in record["log"] if e.get("seat") == STORYTELLER]
    assert chosen and not any(e.get("auto") for e in chosen)  # the person's, every one
    assert not shown_engine_words(out)
    replayed = run("replay", str(saved))
    assert replayed.exit_code == 0 and "The game is over" in replayed.output


def test_storyteller_answers_other_than_the_suggestion() -> None:
    """A pick typed by number is the storyteller's answer (the red herring, here)."""
    stdin = "\n".join(["", "", "", "3"] + [""] * 600) + "\n"
    result = run("play", "--edition", "clocktower", "--players", "8", "--seed", "11",
                 "--storyteller", stdin=stdin)
    out = result.output
    assert "You decided: Elio." in out or "You decided:" in out
    assert "The game is over" in out


def test_an_illegal_storyteller_answer_says_why_and_changes_nothing(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    # the bag: a character the script does not have, then two Demons; then every suggestion
    stdin = "\n".join(["Wizard, Chef", "No Dashii, Fang Gu, Chef, Empath, Monk, Dreamer, "
                       "Recluse, Klutz"] + [""] * 600) + "\n"
    result = run("play", "--edition", "clocktower", "--players", "8", "--seed", "11",
                 "--storyteller", "--save", str(saved), stdin=stdin)
    out = result.output
    assert out.count("Nothing has changed: answer again.") >= 2
    assert "The game is over" in out
    bags = [e for e in json.loads(saved.read_text())["log"] if e.get("decision") == "characters"]
    assert len(bags) == 1  # the refused bags were never recorded


def scripted_session(game: Game, answer: Any) -> tuple[Any, Console]:
    """A storyteller session on `game` whose bots are random and whose person types what
    `answer(open storyteller decision)` returns (None at a prompt with nothing of theirs)."""
    import random

    from wolfsbane.agents import bot_for
    from wolfsbane.terminal.grimoire import StorytellerSession
    from wolfsbane.terminal.play import Bots

    console = Console(record=True, width=200, color_system=None)
    bots = Bots(game, {p.name: bot_for(p.name, random.Random(p.name), "clocktower")
                       for p in game.players})

    def typed(prompt: Any = "") -> str:
        decision = next((d for d in game.open.values() if d.seat == STORYTELLER), None)
        return answer(decision) if decision is not None else ""

    console.input = typed  # type: ignore[method-assign]
    return StorytellerSession(game, bots, console, "again"), console


def test_storyteller_is_refused_where_the_rules_fix_the_truth() -> None:
    """A healthy Dreamer's information is true: a false one typed by the storyteller gets the
    engine's sentence and changes nothing; Enter then takes the suggestion."""
    game = Game(EDITION, ["Ana", "Ben", "Cal", "Dot", "Eve", "Fay", "Gil"],
                roles=["no-dashii", "widow", "chef", "dreamer", "empath", "fortune-teller",
                       "monk"], seed=2, storyteller="manual")
    tried: list[int] = []

    def answer(decision: Any) -> str:
        if decision.name == "info" and "must be true" in decision.reason and not tried:
            tried.append(decision.id)
            return "player: Ana; roles: chef, empath"  # two good characters: false
        return ""

    session, console = scripted_session(game, answer)
    session.run()
    text = console.export_text()
    assert tried, "no healthy Dreamer's information was asked"
    assert "Nothing has changed: answer again." in text
    assert game.over
    dreamer = [e for e in game.log if e.get("decision") == "info" and e["id"] == tried[0]]
    assert len(dreamer) == 1 and dreamer[0]["answer"]["roles"] != ["chef", "empath"]


def test_grimoire_shows_poison_with_its_cause_and_the_reminders() -> None:
    game = Game(EDITION, ["Ana", "Ben", "Cal", "Dot", "Eve", "Fay", "Gil"],
                roles=["no-dashii", "chef", "empath", "fortune-teller", "monk", "dreamer",
                       "widow"], seed=2)
    seen = view(game, STORYTELLER)
    console = Console(record=True, width=200, color_system=None)
    console.print(grimoire_table(EDITION, seen))
    text = console.export_text()
    assert "No Dashii" in text and "evil" in text
    assert "poisoned by Ana as the No Dashii" in text  # the No Dashii's neighbours
    assert not shown_engine_words(text)


def test_watch_and_storyteller_cannot_be_combined() -> None:
    result = run("play", "--edition", "clocktower", "--watch", "--storyteller")
    assert result.exit_code == 2
    assert "either --watch or --storyteller" in result.output


def test_storyteller_needs_an_edition_that_keeps_a_grimoire() -> None:
    result = run("play", "--edition", "licos", "--storyteller")
    assert result.exit_code == 2
    assert "keeps no grimoire" in result.output


def test_a_standing_storyteller_decision_is_put_once_a_day_and_enter_leaves_it_open() -> None:
    """Hell's Librarian's penalty stands through the day: put to the storyteller once (again
    only when its reason changes); Enter leaves it open and the day goes on."""
    args = ("play", "--edition", "clocktower", "--players", "8", "--seed", "3", "--storyteller",
            "--option", 'fabled=["djinn","hells-librarian"]')
    waited = run(*args, stdin="\n" * 800).output
    days = waited.count("Day ") - waited.count("Day 1 ") + 1  # headings, roughly one a day
    asked = waited.count("Hell's Librarian: does something bad happen")
    assert 1 <= asked <= max(days, 1) + 1
    assert "You leave it open; it stays yours to decide during the day." in waited
    assert "The game is over" in waited


def test_a_penalty_is_typed_as_name_and_what_happens() -> None:
    game = Game(EDITION, ["Ana", "Ben", "Cal", "Dot", "Eve"], seed=1, storyteller="manual")
    session, _ = scripted_session(game, lambda decision: "")
    assert session._read_players("ana: die; Ben: Drunk") == {"Ana": "die", "Ben": "drunk"}
    assert "for example: Ada: die" in session._read_players("Nobody: die").message
