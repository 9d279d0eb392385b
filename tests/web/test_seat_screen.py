"""The seat screen, the table screen and the moderator's screen in a real browser: a card
that hides, a chat box that knows the channel's limit and keeps refused text, names checked
with a reason, the newest events on top, the village's talk on the table screen,
the moderator told that dawn waits for the night's clock, and who sees the bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from ..server.helpers import Server
from .conftest import check_accessibility
from .test_browser import DESKTOP, PHONE, QUICK, create_game, new_page, wait_for_seats


def test_a_phone_hides_its_card_and_keeps_what_was_typed(browser: Any, web_server: Server,
                                                         shots: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, PHONE, errors)
    # a seed in which Pia is a villager the first night spares: the day's chat must come
    # (with a random one, the night sometimes kills her or ends the game)
    create_game(page, web_server, "Pia", timers={**QUICK, "night": "3", "day": "60"},
                options={"sheriff": False}, seed=102)
    page.locator("#bot-count").fill("5")
    page.locator("#add-bots").click()
    wait_for_seats(page, 6)
    page.locator("#start-game").click()
    page.locator(".role-card .role-name").wait_for()

    # the card hides (its name, text and team colour go), and stays hidden after a reload
    toggle = page.get_by_role("button", name="Hide my card")
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.click()
    page.get_by_role("button", name="Show my card").wait_for()
    assert page.locator(".role-card .role-name").count() == 0
    assert "You were dealt" not in page.locator(".knows").inner_text()
    assert not page.locator(".chat").is_visible()
    assert "team-none" in (page.locator(".role-card").get_attribute("class") or "")
    assert page.locator("#card-toggle").evaluate("el => el === document.activeElement")
    page.reload()
    page.get_by_role("button", name="Show my card").wait_for()
    assert page.locator(".role-card .role-name").count() == 0
    page.screenshot(path=str(shots / "40-phone-card-hidden.png"), full_page=True)
    page.get_by_role("button", name="Show my card").click()
    page.locator(".role-card .role-name").wait_for()

    # the day: the chat box takes the channel's limit, counts, and keeps refused text
    page.locator(".phase.day").wait_for(timeout=20_000)
    box = page.locator(".chat-form input")
    box.wait_for()
    box.fill("x" * 600)  # a pasted message too long for the channel is kept whole
    assert len(box.input_value()) == 600
    assert "600 / 500 characters" in page.locator(".chat-count").inner_text()
    assert "100 too many" in page.locator(".chat-count").inner_text()
    page.locator(".chat-form button[type=submit]").click()
    page.locator(".toast.error", has_text="at most 500 characters").wait_for()
    assert len(box.input_value()) == 600, "an over-long message was cut or lost"
    page.locator(".toast.error").evaluate_all("els => els.forEach((el) => el.remove())")
    for n in range(12):  # more than the server lets one seat post at once
        box.fill(f"message {n}")
        page.locator(".chat-form button[type=submit]").click()
        page.wait_for_timeout(60)
        if page.locator(".toast.error").count():
            break
    page.locator(".toast.error").first.wait_for()
    assert box.input_value().startswith("message "), "a refused message was lost"

    # "Claim a role" starts on no card at all
    page.locator(".talk-helpers button", has_text="Claim a role").click()
    claim = page.locator(".helper select")
    assert claim.input_value() == ""
    assert claim.locator("option:checked").inner_text() == "Choose a card"
    page.locator(".helper button[type=submit]").click()
    page.locator(".toast", has_text="Choose a card first.").wait_for()

    # the newest events come first in "What happened"
    first_phase = page.locator(".history .tl-phase").first.inner_text()
    assert first_phase.startswith("Day"), first_phase
    # phase labels sit on lines of their own, and an event's icon on its text's first line
    layout = page.evaluate("""() => {
        const tops = [...document.querySelectorAll(".history .tl-phase")]
            .map((el) => el.getBoundingClientRect().top);
        const events = [...document.querySelectorAll(".timeline .tl-event")].map((li) => {
            const icon = li.querySelector(".tl-icon").getBoundingClientRect();
            const text = li.querySelector(".tl-text").getBoundingClientRect();
            return Math.abs(icon.top - text.top) < 8;
        });
        return {tops, events};
    }""")
    tops = layout["tops"]
    assert len(tops) >= 2 and len(set(round(t) for t in tops)) == len(tops), tops
    assert all(layout["events"])
    check_accessibility(page, "seat (phone, day)")
    page.screenshot(path=str(shots / "41-phone-seat-day.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(shots / "42-desktop-seat-day.png"), full_page=True)
    assert not errors, errors
    page.context.close()


def test_names_are_checked_in_the_form_with_a_reason(browser: Any, web_server: Server) -> None:
    page = new_page(browser)
    page.goto(web_server.url + "/")
    # the page focuses its main region for screen readers, without drawing a frame round it
    outline = page.evaluate("""() => {
        const main = document.getElementById("main");
        main.focus();
        return getComputedStyle(main).outlineStyle;
    }""")
    assert outline == "none"
    name = page.get_by_label("Your name")
    assert name.get_attribute("maxlength") == "24"
    assert "Up to 24 characters" in page.locator(".field", has=name).inner_text()
    for typed, reason in (("Bot 2", "would look like a bot's"),
                          ("everyone", "The game itself uses the word"),
                          ("<b>Ann</b>", "Names may use letters, digits, spaces and - ' . only.")):
        name.fill(typed)
        page.locator("#create-game").click()
        page.get_by_role("alert").filter(has_text=reason).wait_for()
        assert page.locator(".big-code").count() == 0
    page.context.close()


def test_the_table_screen_shows_what_the_village_says(browser: Any, web_server: Server,
                                                      shots: Path) -> None:
    errors: list[str] = []
    screen = new_page(browser, DESKTOP, errors, scheme="dark")
    # a seed in which Rui lives to see the day, and holds its vote back (with a random one
    # the first night killed the phone in 2 games of 24, and the test then never saw the day)
    code = create_game(screen, web_server, "Hall TV", mode="table", as_="spectator",
                       timers={**QUICK, "night": "4", "day": "25"}, options={"sheriff": False},
                       seed=101)
    phone = new_page(browser, PHONE, errors)
    phone.goto(f"{web_server.url}/?join={code}")
    phone.get_by_label("Your name").wait_for()
    check_accessibility(phone, "join")
    phone.get_by_label("Your name").fill("Rui")
    phone.locator("form button[type=submit]").click()
    phone.locator(".big-code").wait_for()
    screen.locator(".seat", has_text="Rui").wait_for()
    screen.locator("#bot-count").fill("6")
    screen.locator("#add-bots").click()
    wait_for_seats(screen, 7)
    check_accessibility(phone, "lobby (phone, not the host)")
    screen.locator("#start-game").click()
    screen.locator("#narration").wait_for()

    # the day (the phone holds its vote back, so the day runs its length): the bots' talk
    # reaches the table screen
    screen.locator(".phase.day").wait_for(timeout=30_000)
    screen.locator(".talk-card .msg").first.wait_for(timeout=15_000)
    assert screen.locator(".talk-card .msg").count() >= 1
    check_accessibility(screen, "table (day)")
    screen.screenshot(path=str(shots / "43-table-screen-day.png"), full_page=True)
    screen.set_viewport_size(PHONE)
    screen.screenshot(path=str(shots / "44-table-screen-phone.png"), full_page=True)
    assert not errors, errors
    for page in (screen, phone):
        page.context.close()


def test_the_moderator_is_told_that_dawn_waits_for_the_night_and_adds_time(
        browser: Any, web_server: Server, shots: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, DESKTOP, errors, scheme="dark")
    code = create_game(page, web_server, "Mo", as_="moderator", moderated=True,
                       timers={**QUICK, "night": "20", "day": "30", "decision": "1"})
    page.locator("#bot-count").fill("6")
    page.locator("#add-bots").click()
    wait_for_seats(page, 6)
    # the host hides which seats are bots: someone holding the code no longer sees it
    page.locator("#show-bots").uncheck()
    page.wait_for_function("document.querySelectorAll('.seat .badge').length >= 0")
    seats = httpx.get(f"{web_server.url}/api/games/{code}", timeout=10).json()["seats"]
    for _ in range(50):
        if not any(s["bot"] for s in seats):
            break
        page.wait_for_timeout(100)
        seats = httpx.get(f"{web_server.url}/api/games/{code}", timeout=10).json()["seats"]
    assert not any(s["bot"] for s in seats)
    assert page.locator(".seat .badge", has_text="bot").count() == 6  # the host still sees
    page.locator("#start-game").click()
    page.locator(".storyteller button", has_text="Use the suggestion").first.click()
    # the bots answer the night at once; dawn waits for the night's clock, and the moderator
    # is told so: the players still see the night until it runs out
    page.locator(".curtain", has_text="The players still see Night 1").wait_for(timeout=20_000)
    page.locator(".curtain", has_text="Every turn of this night is over").wait_for()
    page.locator("#extend-30").click()  # a longer night: its clock moves with the phase
    page.wait_for_timeout(500)
    assert page.locator(".toast.error").count() == 0, page.locator(".toast").all_inner_texts()
    check_accessibility(page, "moderator (curtain)")
    page.screenshot(path=str(shots / "45-moderator-curtain.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "46-moderator-phone.png"), full_page=True)
    assert not errors, errors
    page.context.close()
