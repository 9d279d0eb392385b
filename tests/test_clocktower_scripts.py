"""The Clocktower script as data (editions/clocktower/script.py) and script files in the
publisher's format (editions/clocktower/scriptfile.py, `wolfsbane script`)."""

from __future__ import annotations

import re

from wolfsbane.editions.clocktower import script
from wolfsbane.editions.clocktower.script import CHARACTERS, FIRST_NIGHT, OTHER_NIGHTS

from .conftest import SHARED_RULES, needs_shared

BASE_RULES = SHARED_RULES / "clocktower-base.md"
ALMANAC = SHARED_RULES / "clocktower-script.txt"


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
