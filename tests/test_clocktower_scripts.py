"""The Clocktower script as data (editions/clocktower/script.py) and script files in the
publisher's format (editions/clocktower/scriptfile.py, `wolfsbane script`)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wolfsbane.cli import app
from wolfsbane.editions.clocktower import script, scriptfile
from wolfsbane.editions.clocktower.script import CHARACTERS, FIRST_NIGHT, OTHER_NIGHTS
from wolfsbane.editions.clocktower.scriptfile import ScriptFileError, parse_items, parse_script

from .conftest import SHARED, SHARED_RULES, needs_shared

BASE_RULES = SHARED_RULES / "clocktower-base.md"
ALMANAC = SHARED_RULES / "clocktower-script.txt"
REAL_SCRIPTS = SHARED / "clocktower" / "scripts"
REAL_FILES = ("djinnsbargain.json", "1daymore.json", "deadpeople.json")
ENV = {"COLUMNS": "220", "NO_COLOR": "1", "TERM": "dumb"}


def _night_order(kind: str) -> tuple[str, ...]:
    """One night order as clocktower-base.md writes it, as our ids."""
    text = BASE_RULES.read_text(encoding="utf-8")
    found = re.search(rf"^{kind}: (.*?)\.\n\n", text, re.MULTILINE | re.DOTALL)
    assert found, kind
    names = [name.strip() for name in found.group(1).replace("\n", " ").split(",")]
    return tuple(name.replace(" ", "-") for name in names)


def test_the_script_has_thirty_three_characters_by_type() -> None:
    counts = {kind: len(script.of_type(kind)) for kind in script.CHARACTER_TYPES}
    assert counts == {"townsfolk": 13, "outsider": 4, "minion": 5, "demon": 3,
                      "traveller": 4, "fabled": 2, "loric": 2}
    assert len(CHARACTERS) == 33


def test_character_ids_are_the_kebab_case_of_their_names() -> None:
    for character in CHARACTERS.values():
        expected = re.sub(r"[^a-z0-9]+", "-", character.name.lower().replace("'", "")).strip("-")
        assert character.id == expected, character.name


def test_good_types_are_good_evil_types_evil_and_travellers_are_set_by_the_storyteller() -> None:
    for character in CHARACTERS.values():
        expected = {"townsfolk": "good", "outsider": "good", "minion": "evil",
                    "demon": "evil"}.get(character.type)
        assert character.team == expected, character.id


@needs_shared(BASE_RULES)
def test_night_orders_are_exactly_those_of_the_base_rules() -> None:
    assert _night_order("First night") == FIRST_NIGHT
    assert _night_order("Other nights") == OTHER_NIGHTS


def test_every_night_slot_is_a_character_of_the_script_or_a_night_step() -> None:
    for step in (*FIRST_NIGHT, *OTHER_NIGHTS):
        assert step in CHARACTERS or step in script.NIGHT_STEPS, step


def test_a_characters_night_positions_point_at_its_own_slot() -> None:
    for character in CHARACTERS.values():
        if character.first_night is not None:
            assert FIRST_NIGHT[character.first_night] == character.id
        else:
            assert character.id not in FIRST_NIGHT
        if character.other_night is not None:
            assert OTHER_NIGHTS[character.other_night] == character.id
        else:
            assert character.id not in OTHER_NIGHTS


def test_characters_that_never_wake_have_no_night_slot() -> None:
    never = ("virgin", "minstrel", "recluse", "klutz", "scapegoat", "cannibal", "djinn",
             "hells-librarian", "gardener", "bootlegger")
    assert [name for name in never if CHARACTERS[name].wakes] == []


def test_set_up_brackets_are_flagged_on_exactly_the_bracketed_characters() -> None:
    flagged = {character.id for character in CHARACTERS.values() if character.setup}
    assert flagged == {"village-idiot", "godfather", "summoner", "marionette", "lil-monsta",
                       "fang-gu"}


@needs_shared(ALMANAC)
def test_card_texts_are_in_our_own_words() -> None:
    almanac = ALMANAC.read_text(encoding="utf-8").lower()
    for character in CHARACTERS.values():
        words = character.ability.lower().split()
        # No run of eight consecutive words of our text appears in the almanac.
        for start in range(len(words) - 7):
            run = " ".join(words[start:start + 8])
            assert run not in almanac, (character.id, run)


def test_every_character_has_a_card_text_of_plain_sentences() -> None:
    for character in CHARACTERS.values():
        assert character.ability.endswith("."), character.id
        assert len(character.ability) > 40, character.id


def test_reminder_tokens_are_named() -> None:
    assert CHARACTERS["fortune-teller"].reminders == ("Red herring",)
    assert CHARACTERS["widow"].reminders == ("Poisoned", "Know")
    assert CHARACTERS["no-dashii"].reminders.count("Poisoned") == 2


def test_jinxes_pair_characters_of_the_script() -> None:
    pairs = {jinx.pair for jinx in script.JINXES}
    assert pairs == {("marionette", "lil-monsta"), ("marionette", "summoner"),
                     ("mathematician", "marionette"), ("recluse", "ogre")}
    for jinx in script.JINXES:
        assert jinx.first in CHARACTERS and jinx.second in CHARACTERS
    assert script.jinxes_of(frozenset({"recluse", "ogre", "chef"}))[0].pair == ("recluse", "ogre")
    assert script.jinxes_of(frozenset({"marionette"})) == ()


def test_names_normalise_to_our_ids_in_every_spelling() -> None:
    for spelling in ("lilmonsta", "lil-monsta", "Lil' Monsta", "lil_monsta", "LILMONSTA"):
        assert script.normalise(spelling) == "lil-monsta"
    assert script.normalise("fortuneteller") == "fortune-teller"
    assert script.normalise("hellslibrarian") == "hells-librarian"
    assert script.normalise("minioninfo") == "minion-info"
    assert script.normalise("demoninfo") == "demon-info"
    assert script.normalise("Scarlet Woman") == "scarletwoman"
    assert script.is_on_script("nodashii") and not script.is_on_script("imp")


def test_our_ids_export_in_the_publishers_spelling() -> None:
    assert CHARACTERS["lil-monsta"].publisher_id == "lilmonsta"
    assert script.publisher_id("minion-info") == "minioninfo"


# -- script files ------------------------------------------------------------------------------

FIVE = ["chef", "empath", "monk", "widow", "nodashii"]


def real(name: str) -> Any:
    return json.loads((REAL_SCRIPTS / name).read_text(encoding="utf-8"))


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args), env=ENV)


def refused(items: object) -> str:
    with pytest.raises(ScriptFileError) as caught:
        parse_items(items)
    return str(caught.value)


def test_export_writes_a_meta_with_the_name_then_every_id_in_the_publishers_spelling() -> None:
    exported = json.loads(scriptfile.export_json())
    assert exported[0] == {"id": "_meta", "name": script.SCRIPT_NAME}
    assert exported[1:] == [character.publisher_id for character in CHARACTERS.values()]
    assert "lilmonsta" in exported and "fortuneteller" in exported


def test_our_exported_script_imports_with_every_character_ruled() -> None:
    imported = parse_script(scriptfile.export_json())
    assert imported.ids == tuple(CHARACTERS)
    assert imported.fully_supported
    assert imported.first_night() == FIRST_NIGHT
    assert imported.other_night() == OTHER_NIGHTS
    assert [jinx.pair for jinx in imported.jinxes] == [jinx.pair for jinx in script.JINXES]


@needs_shared(REAL_SCRIPTS)
@pytest.mark.parametrize("name", REAL_FILES)
def test_a_real_script_round_trips_with_the_same_ids_and_meta(name: str) -> None:
    original = real(name)
    exported = json.loads(scriptfile.export_json(parse_items(original)))
    assert exported[0] == original[0]  # the _meta, key for key
    assert exported[1:] == [item if isinstance(item, dict) else script.publisher_id(item)
                            for item in original[1:]]


@needs_shared(REAL_SCRIPTS)
def test_a_real_script_reports_what_wolfsbane_runs_and_what_it_does_not() -> None:
    imported = parse_items(real("djinnsbargain.json"))
    ruled = {c.id for c in imported.with_support("rules")}
    assert ruled == {"chef", "librarian", "dreamer", "fortune-teller", "no-dashii",
                     "bone-collector", "apprentice", "scapegoat", "djinn"}
    missing = {c.id for c in imported.with_support("not-implemented")}
    assert {"investigator", "imp", "scarletwoman", "vortox", "judge"} <= missing
    assert missing.isdisjoint(CHARACTERS)
    assert [c.name for c in imported.with_support("homebrew")] == ["Djinn's Bargain"]
    assert imported.with_support("unknown") == ()
    assert not imported.fully_supported


@needs_shared(REAL_SCRIPTS)
def test_real_scripts_normalise_ids_to_ours() -> None:
    one_day_more = parse_items(real("1daymore.json"))
    assert {"lil-monsta", "fang-gu", "village-idiot", "fortune-teller"} <= set(one_day_more.ids)
    dead_people = parse_items(real("deadpeople.json"))
    assert {"snake-charmer", "fortune-teller", "fang-gu", "banshee"} <= set(dead_people.ids)


@needs_shared(REAL_SCRIPTS)
def test_meta_bootlegger_rules_become_the_bootlegger_and_its_rules() -> None:
    imported = parse_items(real("djinnsbargain.json"))
    options = imported.game_options()
    assert options["loric"] == ["bootlegger"]
    assert options["bootlegger-rules"] == real("djinnsbargain.json")[0]["bootlegger"]
    assert options["fabled"] == ["djinn"]


def test_the_djinn_joins_a_script_with_jinxed_characters() -> None:
    imported = parse_items([*FIVE, "recluse", "ogre"])
    assert [jinx.pair for jinx in imported.jinxes] == [("recluse", "ogre")]
    assert imported.game_options() == {"fabled": ["djinn"], "loric": [], "bootlegger-rules": []}
    assert parse_items(FIVE).game_options()["fabled"] == []


def test_night_lists_of_the_meta_override_the_order_and_are_normalised() -> None:
    imported = parse_items([{"id": "_meta", "name": "Mine",
                             "firstNight": ["dusk", "minioninfo", "Widow", "demoninfo", "dawn"],
                             "otherNight": ["dusk", "NoDashii", "empath", "dawn"]}, *FIVE])
    assert imported.first_night() == ("dusk", "minion-info", "widow", "demon-info", "dawn")
    assert imported.other_night() == ("dusk", "no-dashii", "empath", "dawn")
    assert json.loads(scriptfile.export_json(imported))[0]["otherNight"] == [
        "dusk", "nodashii", "empath", "dawn"]


def test_without_night_lists_a_script_follows_our_order_and_places_waking_homebrew() -> None:
    brew = {"id": "owl", "name": "Owl", "team": "townsfolk", "ability": "Hoot.",
            "firstNight": 30, "otherNight": 0}
    imported = parse_items([*FIVE, brew])
    assert imported.first_night() == ("dusk", "minion-info", "demon-info", "widow", "chef",
                                      "empath", "owl", "dawn")
    assert imported.other_night() == ("dusk", "monk", "no-dashii", "empath", "dawn")


def test_the_old_id_object_form_is_an_official_character() -> None:
    imported = parse_items([{"id": "chef"}, {"id": "Fortune Teller"}, "empath", "monk", "imp"])
    assert imported.ids == ("chef", "fortune-teller", "empath", "monk", "imp")
    assert [c.support for c in imported.characters] == ["rules"] * 4 + ["not-implemented"]


def test_an_id_that_is_no_character_is_reported_unknown() -> None:
    imported = parse_items([*FIVE, "chefff"])
    assert [c.id for c in imported.with_support("unknown")] == ["chefff"]


@pytest.mark.parametrize(("items", "words"), [
    ({"id": "_meta"}, ["JSON array", "an object"]),
    (["chef", "empath"], ["5 to 201", "holds 2"]),
    (["chef"] * 202, ["5 to 201", "holds 202"]),
    ([*FIVE, 7], ["Item 6", "a number"]),
    ([*FIVE, "Chef"], ["Item 6", "Chef", "item 1"]),
    ([*FIVE, "!!"], ["Item 6", "no letters or digits"]),
    ([*FIVE, "dawn"], ["Item 6", "night step"]),
    ([*FIVE, {"name": "Owl"}], ["Item 6", "without an 'id'"]),
    ([*FIVE, {"id": 3}], ["Item 6", "'id' must be a string"]),
    ([*FIVE, {"id": "owl", "name": "Owl", "team": "townsfolk"}],
     ["Item 6", "'owl'", "lacks 'ability'"]),
    ([*FIVE, {"id": "owl", "name": "Owl", "team": "townsfolk", "ability": "Hoot.",
              "colour": "brown"}], ["Item 6", "'owl'", "'colour'"]),
    ([*FIVE, {"id": "owl", "name": "Owl", "team": "bird", "ability": "Hoot."}],
     ["Item 6", "'bird'", "townsfolk"]),
    ([*FIVE, {"id": "owl", "name": "Owl", "team": "townsfolk", "ability": "Hoot.",
              "firstNight": "early"}], ["Item 6", "'firstNight'", "number"]),
    ([*FIVE, {"id": "owl", "name": "Owl", "team": "townsfolk", "ability": "Hoot.",
              "reminders": "Hoot"}], ["Item 6", "'reminders'", "list of texts"]),
    ([*FIVE, {"id": "owl", "name": "Owl", "team": "townsfolk", "ability": "Hoot.",
              "setup": "yes"}], ["Item 6", "'setup'", "true or false"]),
    ([{"id": "_meta", "author": "me"}, *FIVE], ["Item 1 (_meta)", "'name'"]),
    ([{"id": "_meta", "name": "x" * 51}, *FIVE], ["Item 1 (_meta)", "51 characters"]),
    ([{"id": "_meta", "name": "Mine", "colour": "red"}, *FIVE], ["Item 1 (_meta)", "'colour'"]),
    ([{"id": "_meta", "name": "Mine", "bootlegger": "one rule"}, *FIVE],
     ["Item 1 (_meta)", "'bootlegger'", "list"]),
    ([{"id": "_meta", "name": "Mine", "bootlegger": ["r"] * 11}, *FIVE],
     ["Item 1 (_meta)", "11 rules", "at most 10"]),
    ([{"id": "_meta", "name": "Mine", "firstNight": [1, 2]}, *FIVE],
     ["Item 1 (_meta)", "'firstNight'"]),
    ([{"id": "_meta", "name": "Mine"}, *FIVE, {"id": "_meta", "name": "Two"}],
     ["Item 7", "second _meta"]),
])
def test_a_malformed_script_gets_one_error_naming_the_item_and_the_problem(
    items: object, words: list[str],
) -> None:
    message = refused(items)
    for word in words:
        assert word in message, (word, message)
    assert "\n" not in message and "Traceback" not in message


def test_a_file_that_is_not_json_names_the_line_and_column() -> None:
    with pytest.raises(ScriptFileError, match=r"not valid JSON \(line 2, column 1\)"):
        parse_script('["chef",\n}')


def test_cli_script_export_prints_or_writes_the_file(tmp_path: Path) -> None:
    printed = run("script", "export")
    assert printed.exit_code == 0
    assert json.loads(printed.stdout) == json.loads(scriptfile.export_json())
    target = tmp_path / "ours.json"
    written = run("script", "export", "--out", str(target))
    assert written.exit_code == 0, written.output
    assert json.loads(target.read_text(encoding="utf-8")) == json.loads(scriptfile.export_json())


def test_cli_script_import_of_our_script_exits_zero(tmp_path: Path) -> None:
    target = tmp_path / "ours.json"
    target.write_text(scriptfile.export_json(), encoding="utf-8")
    result = run("script", "import", str(target))
    assert result.exit_code == 0, result.output
    assert "Every character of this script has its rules in wolfsbane." in result.stdout
    assert "The Djinn announces the jinx of the Recluse and the Ogre" in result.stdout


@needs_shared(REAL_SCRIPTS)
def test_cli_script_import_of_a_mixed_script_lists_what_is_missing_and_exits_one() -> None:
    result = run("script", "import", str(REAL_SCRIPTS / "djinnsbargain.json"))
    assert result.exit_code == 1, result.output
    assert "The Djinn's Bargain by phillyCHEEEEEZ: 31 characters." in result.stdout
    assert "Run with every rule enforced (9): Chef, Librarian" in result.stdout
    assert "Official characters without rules in wolfsbane yet (21;" in result.stdout
    assert "Homebrew characters (1;" in result.stdout
    assert "The Bootlegger announces this rule: Nominators may choose" in result.stdout
    as_json = run("script", "import", "--json", str(REAL_SCRIPTS / "djinnsbargain.json"))
    report = json.loads(as_json.stdout)
    assert report["options"]["loric"] == ["bootlegger"]
    assert len(report["not_implemented"]) == 21


def test_cli_script_import_of_a_malformed_file_imports_nothing_and_exits_two(
    tmp_path: Path,
) -> None:
    target = tmp_path / "bad.json"
    target.write_text(json.dumps([*FIVE, {"id": "owl", "name": "Owl"}]), encoding="utf-8")
    result = run("script", "import", str(target))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Item 6 (homebrew character 'owl') lacks 'team'" in result.stderr
    assert "Nothing was imported." in result.stderr
    missing = run("script", "import", str(tmp_path / "absent.json"))
    assert missing.exit_code == 2 and "cannot read" in missing.stderr
