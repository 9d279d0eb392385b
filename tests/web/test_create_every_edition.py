"""Every edition can be created from the home page with its defaults and started: the options
are real controls labelled in words, the lobby shows the settings and the cards in words, and
the first phase tells the table which cards may be in play. Screenshots land in
test-output/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from wolfsbane.editions import EDITIONS

from ..server.helpers import Server
from .conftest import check_accessibility
from .test_browser import new_page

# what each edition's first phase tells the table about the cards
CARDS_TOLD = {
    "millers-hollow": "The cards in this game:",
    "licos": "In this village:",
    "wherewolf": "The cards that may be in this village:",
    "in-the-dark": "The deck, face up:",  # on the dark phone, while the card is held
    # the storyteller's bag is secret: the table is told the script's jinxes
    "clocktower": "The Djinn's rule for the",
}
# the phase a table sees first, by its name in words where that is not the first phase's id
# capitalised (the Know phase in the dark: the guide's time for its calls, then the night)
FIRST_SHOWN = {"in-the-dark": "The Know phase"}


def option_ids(edition_id: str) -> list[str]:
    return list(EDITIONS[edition_id].options)


def open_lobby(page: Any, server: Server, edition_id: str, name: str) -> None:
    page.goto(server.url + "/")
    page.get_by_label("Your name").fill(name)
    page.locator('select[name="edition"]').select_option(edition_id)
    page.locator("summary", has_text="Options").click()


# option ids that are words of the page itself: the lobby's heading "Cards for 8 players" is
# no raw id of in-the-dark's option `cards`
PAGE_WORDS = frozenset({"cards"})


def assert_no_raw_ids(text: str, edition_id: str) -> None:
    for key in option_ids(edition_id):
        if key in PAGE_WORDS:
            continue
        assert not re.search(rf"(^|\n){re.escape(key)}\b", text, re.IGNORECASE), (key, text)
        if "-" in key:
            assert key not in text, (key, text)
    assert not re.search(r"\b(true|false)\b", text), text
    assert "[object Object]" not in text
    assert "undefined" not in text and "null" not in text


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_edition_is_created_from_the_form_with_its_defaults_and_starts(
        browser: Any, web_server: Server, shots: Path, edition_id: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    open_lobby(page, web_server, edition_id, "Ana")
    options = page.locator(".options")
    form_text = options.inner_text()
    assert_no_raw_ids(form_text, edition_id)
    for spec in EDITIONS[edition_id].options.values():  # each labelled, with its explanation
        assert spec.label in form_text, spec.label
        assert spec.description.split(";")[0][:30] in form_text, spec.description
    check_accessibility(page, f"home ({edition_id}'s options)")
    page.screenshot(path=str(shots / f"create-{edition_id}-form.png"), full_page=True)

    if EDITIONS[edition_id].storyteller_run:
        # a person runs these games; the form's defaults make a practice game of it
        page.locator("#practice").check()
    page.locator("#create-game").click()
    page.wait_for_selector(".big-code")
    settings = page.locator(".settings")
    settings.locator("#lobby-options").wait_for()
    assert_no_raw_ids(settings.inner_text(), edition_id)
    for spec in EDITIONS[edition_id].options.values():
        assert spec.label in settings.inner_text()

    if EDITIONS[edition_id].played_in_the_dark:
        # played in one room by the people in it: no bots, seven friends join with the code
        assert page.locator("#fill-bots").count() == 0
        code = page.locator(".big-code").inner_text().split()[-1]  # after "Game code"
        for friend in ("Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"):
            joined = httpx.post(f"{web_server.url}/api/games/{code}/join",
                                json={"name": friend, "as": "player"})
            assert joined.status_code == 201, joined.text
    else:
        page.locator("#fill-bots").click()
    page.locator("#start-game:enabled").wait_for()
    # the lobby names the cards "recommended" deals to the seats now taken
    deck = EDITIONS[edition_id].recommended_deck(8, {})
    cards = page.locator("#lobby-cards").inner_text()
    if EDITIONS[edition_id].storyteller_run:
        # the storyteller's bag stays secret: the lobby names how many of each type
        assert "Townsfolk" in cards and "Demon" in cards, cards
        assert not any(EDITIONS[edition_id].roles[r].name in cards for r in deck), cards
    for role_id in set(deck) if not EDITIONS[edition_id].storyteller_run else ():
        assert EDITIONS[edition_id].roles[role_id].name in cards, (role_id, cards)
    check_accessibility(page, f"lobby ({edition_id})")
    page.screenshot(path=str(shots / f"create-{edition_id}-lobby.png"), full_page=True)

    page.locator("#start-game").click()
    first = FIRST_SHOWN.get(edition_id, EDITIONS[edition_id].first_phase.capitalize())
    if EDITIONS[edition_id].played_in_the_dark:
        # a phone built for the dark: what the table was shown, only while the card is held
        page.locator(".dark-phase", has_text=first).wait_for(timeout=15_000)
        page.locator("#hold-card").hover()
        page.mouse.down()
        told = page.locator("#held-card .dark-deck", has_text=CARDS_TOLD[edition_id])
    else:
        page.locator(".phase-name", has_text=first).wait_for(timeout=15_000)
        told = page.get_by_text(CARDS_TOLD[edition_id]).first
    told.wait_for(timeout=15_000)
    sentence = told.inner_text()
    listed = sentence.split(":", 1)[1].strip(" .")
    assert listed, sentence  # never "In this village: ."
    check_accessibility(page, f"seat ({edition_id}, first phase)")
    page.screenshot(path=str(shots / f"create-{edition_id}-first-phase.png"), full_page=True)
    assert not errors, errors


def test_wherewolf_variants_and_extra_cards_from_the_form(
        browser: Any, web_server: Server, shots: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    open_lobby(page, web_server, "wherewolf", "Bea")
    page.locator("summary", has_text="Card variants").click()
    mayor = page.locator('fieldset.variant-role[data-role="mayor"]')
    mayor.get_by_label("Large village").check()
    page.locator('fieldset.variant-role[data-role="innkeeper"]').get_by_label(
        "Healer saved").check()
    extra = page.locator("fieldset.option-list")
    extra.get_by_label("Healer", exact=True).check()
    extra.get_by_label("Ghoul").check()
    page.locator('input[name="day-seconds"]').fill("90")
    page.screenshot(path=str(shots / "create-wherewolf-variants.png"), full_page=True)
    page.locator("#create-game").click()
    page.wait_for_selector(".big-code")
    options = page.locator("#lobby-options").inner_text()
    assert "Mayor: Large village" in options
    assert "Innkeeper: Healer saved" in options
    assert re.search(r"Extra possible cards: (Healer, Ghoul|Ghoul, Healer)", options), options
    assert "Length of a day: 90 s" in options
    page.locator("#fill-bots").click()
    page.locator("#start-game:enabled").wait_for()
    page.locator("#start-game").click()
    told = page.get_by_text(CARDS_TOLD["wherewolf"]).first
    told.wait_for(timeout=15_000)
    assert "Ghoul" in told.inner_text()  # an extra card is announced as possible
    assert not errors, errors


def test_a_licos_village_by_name_from_the_form(browser: Any, web_server: Server,
                                               shots: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    open_lobby(page, web_server, "licos", "Cleo")
    hint = page.locator(".role-counts .hint").first.text_content() or ""
    assert "thief" not in hint.lower()
    page.locator('select[name="composition"]').select_option("15A")
    assert page.locator('input[name="setup"][value="composition"]').is_checked()
    page.locator("#create-game").click()
    page.wait_for_selector(".big-code")
    fill = page.locator("#fill-bots")
    assert fill.inner_text() == "Fill to 15"
    fill.click()
    page.locator("#start-game:enabled").wait_for()
    seats = page.locator(".seats .seat .pname").all_inner_texts()
    assert not any("Bot " in s for s in seats), seats  # bots play under LiCOS's characters
    assert "15A" in page.locator("#lobby-cards").inner_text()
    page.screenshot(path=str(shots / "create-licos-15A-lobby.png"), full_page=True)
    page.locator("#start-game").click()
    page.locator(".phase-name", has_text="Day 1").wait_for(timeout=15_000)
    told = page.get_by_text(CARDS_TOLD["licos"]).first
    told.wait_for(timeout=15_000)
    assert "6 × Villager" in told.inner_text() or "Villager" in told.inner_text()
    assert not errors, errors
