"""The web client in a real browser (Debian's chromium, driven by Playwright) against a real
server: a whole game by one person with bots, a table game with a narrating screen and two
phones, and a moderated game. Screenshots land in test-output/screenshots/."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

from ..server.helpers import Server
from .conftest import check_accessibility

QUICK = {"night": "4", "day": "10", "decision": "3", "grace": "0.5", "bot_delay": "0.1",
         "scale": "0.05", "talk": "1", "vote": "2"}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
README_SHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshot.png"
EVIL = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1">'


def new_page(browser: Any, viewport: dict[str, int] = DESKTOP, errors: list[str] | None = None,
             scheme: str = "light") -> Any:
    context = browser.new_context(viewport=viewport, device_scale_factor=1, color_scheme=scheme,
                                  bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def create_game(page: Any, server: Server, name: str, *, mode: str = "online",
                as_: str = "player", moderated: bool = False, edition: str = "millers-hollow",
                timers: dict[str, str] = QUICK, options: dict[str, bool] | None = None,
                seed: int | None = None) -> str:
    page.goto(server.url + "/")
    page.get_by_label("Your name").fill(name)
    page.locator('select[name="edition"]').select_option(edition)
    if mode == "table":
        page.locator('input[name="mode"][value="table"]').check()
    if moderated:
        page.locator('input[name="moderated"]').check()
    page.locator(f'input[name="as"][value="{as_}"]').check()
    for key, value in (options or {}).items():
        page.locator("summary", has_text="Options").click()
        box = page.locator(f'input[name="{key}"]')
        box.check() if value else box.uncheck()
    page.locator("summary", has_text="Timers").click()
    for key, value in timers.items():
        page.locator(f'input[name="{key}"]').fill(value)
    if seed is not None:
        page.locator('input[name="seed"]').fill(str(seed))
    page.locator("#create-game").click()
    page.wait_for_selector(".big-code")
    code: str = page.locator(".big-code").inner_text().split()[-1]
    return code


def act(page: Any, rng: random.Random) -> bool:
    """Answer one open decision on the page, if there is one; True if something was clicked."""
    cards = page.locator(".decision:not(.answered):not(.locked)")
    try:
        if cards.count() == 0:
            return False
        card = cards.first
        if "day-vote" in (card.get_attribute("class", timeout=1000) or ""):
            return vote_and_lock(card, rng)
        multi = card.locator("fieldset.multi input[type=checkbox]")
        if multi.count():
            for i in range(min(2, multi.count())):
                multi.nth(i).check(timeout=1000)
            card.locator("button", has_text="Confirm").click(timeout=1000)
            return True
        suggestion = card.locator("button", has_text="Use the suggestion")
        if suggestion.count():
            suggestion.first.click(timeout=1000)
            return True
        buttons = card.locator(".choices button:not([disabled])")
        n = buttons.count()
        if n == 0:
            return False
        buttons.nth(rng.randrange(n)).click(timeout=1000)
        return True
    except Exception:  # noqa: BLE001 - the card was replaced by a newer view; try again
        return False


def vote_and_lock(card: Any, rng: random.Random) -> bool:
    """A day's vote: pick a ballot (it stays open to change), then lock it."""
    if card.get_attribute("data-cast", timeout=1000) == "yes":
        lock = card.locator("button.lock-vote:not([disabled])")
        if lock.count():
            lock.click(timeout=1000)
            return True
        return False
    multi = card.locator("fieldset.multi input[type=checkbox]:not([disabled])")
    if multi.count():
        multi.first.check(timeout=1000)
        card.locator("button", has_text="Vote for these").click(timeout=1000)
        return True
    buttons = card.locator(".choices button.choice:not([disabled])")
    n = buttons.count()
    if n == 0:
        return False  # the village is still talking
    buttons.nth(rng.randrange(n)).click(timeout=1000)
    return True


def play_until_over(pages: list[Any], rng: random.Random, timeout: float = 90,
                    during: Any = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(p.locator(".end-banner").count() for p in pages):
            return
        clicked = False
        for page in pages:
            clicked = act(page, rng) or clicked
        if during is not None:
            during()
        if not clicked:
            pages[0].wait_for_timeout(150)
    raise AssertionError("the game did not end in time")


def test_one_person_plays_a_whole_game_with_bots(browser: Any, web_server: Server,
                                                 shots: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors, scheme="dark")
    rng = random.Random(5)

    # a name that would be refused is explained on the page, with the reason
    page.goto(web_server.url + "/")
    check_accessibility(page, "home")
    page.get_by_label("Your name").fill("<script>x</script>")
    page.locator("#create-game").click()
    page.get_by_role("alert").filter(
        has_text="Names may use letters, digits, spaces and - ' . only.").wait_for()
    page.screenshot(path=str(shots / "01-home.png"), full_page=True)

    code = create_game(page, web_server, "Ann O'Bold", seed=11)
    expect_text(page, "#join-link", f"/?join={code}")
    page.wait_for_function("document.querySelector('img.qr').naturalWidth > 0")
    page.locator("#bot-count").fill("7")
    # the host picks the bots' level by its label (strong by default: docs/bots.md)
    assert page.get_by_label("Level").input_value() == "strong"
    page.get_by_label("Level").select_option("easy")
    page.locator("#add-bots").click()
    wait_for_seats(page, 8)
    assert not page.locator(".seat .pname", has_text="Bot ").count()  # bots have first names
    check_accessibility(page, "lobby")
    page.screenshot(path=str(shots / "02-lobby.png"), full_page=True)
    page.locator("#start-game").click()
    page.locator(".role-card .role-name").wait_for()
    role = page.locator(".role-card .role-name").inner_text()
    assert role and role != "Not dealt yet"

    # a reload picks up where the player was
    page.reload()
    page.locator(".role-card .role-name").wait_for()
    assert page.locator(".role-card .role-name").inner_text() == role
    assert page.locator(".players .player.me").count() == 1
    check_accessibility(page, "seat")

    state = {"said": False, "night": False, "day": False}

    def during() -> None:
        if page.locator(".end-banner").count():
            return
        phase = page.locator(".phase-name")
        if not phase.count():
            return
        try:
            label = phase.first.inner_text(timeout=500)
        except Exception:  # noqa: BLE001 - the screen changed meanwhile
            return
        if "Night" in label and not state["night"] and page.locator(".decision").count():
            state["night"] = True
            page.screenshot(path=str(shots / "03-seat-night.png"), full_page=True)
        if "Day" in label and not state["said"]:
            form = page.locator(".chat-form:visible")
            if form.count():
                try:
                    form.locator("input").fill("Morning all. Who did the pack go for?")
                    form.locator("button").click(timeout=1000)
                    page.locator(".talk-helpers button", has_text="Accuse").click(timeout=1000)
                    page.locator(".helper button[type=submit]").click(timeout=1000)
                    page.locator(".msg .badge", has_text="accuses").first.wait_for(timeout=3000)
                    if os.environ.get("WOLFSBANE_README_SHOT"):
                        page.screenshot(path=str(README_SHOT))
                    form.locator("input").fill(EVIL)
                    form.locator("button").click(timeout=1000)
                    state["said"] = True
                    page.locator(".msg .what", has_text="window.__pwned").first.wait_for(
                        timeout=3000)
                    page.screenshot(path=str(shots / "04-seat-day-chat.png"), full_page=True)
                except Exception:  # noqa: BLE001 - the day ended meanwhile; try the next one
                    pass

    play_until_over([page], rng, timeout=120, during=during)
    assert state["said"], "never managed to talk during a day"
    # the evil message is shown as text and never ran
    assert page.evaluate("window.__pwned") is None
    page.locator(".reveal .timeline").wait_for()
    check_accessibility(page, "end")
    timeline = page.locator(".reveal .timeline").inner_text()
    assert "is dealt the" in timeline and "votes to hang" in timeline
    assert page.locator(".reveal-roles .player").count() == 8
    page.screenshot(path=str(shots / "05-end-reveal.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(shots / "05b-end-top.png"))

    # play again with the same people: a new lobby with the same bots
    page.locator("#play-again").click()
    page.locator(".big-code").wait_for()
    new_code = page.locator(".big-code").inner_text().split()[-1]
    assert new_code != code
    assert page.locator(".seats .seat").count() >= 8
    assert page.locator("#start-game").is_enabled()
    page.screenshot(path=str(shots / "06-rematch-lobby.png"), full_page=True)
    assert not errors, errors


def wait_for_seats(page: Any, count: int) -> None:
    page.wait_for_function(
        f"document.querySelectorAll('.seat.chair:not(.empty)').length >= {count}")


def expect_text(page: Any, selector: str, text: str) -> None:
    value = page.locator(selector).input_value()
    assert text in value, value


def test_a_table_game_with_a_narrating_screen_and_two_phones(browser: Any, web_server: Server,
                                                             shots: Path) -> None:
    errors: list[str] = []
    screen = new_page(browser, errors=errors)
    timers = {**QUICK, "night": "8", "day": "8"}
    code = create_game(screen, web_server, "Kitchen TV", mode="table", as_="spectator",
                       timers=timers, options={"sheriff": False})
    phones = []
    for name in ("Bea", "Cyd"):
        phone = new_page(browser, PHONE, errors)
        phone.goto(f"{web_server.url}/?join={code}")
        phone.get_by_label("Your name").fill(name)
        phone.locator("form button[type=submit]").click()
        phone.locator(".big-code").wait_for()
        phones.append(phone)
    screen.locator(".seat", has_text="Cyd").wait_for()
    screen.locator("#bot-count").fill("4")
    screen.locator("#add-bots").click()
    wait_for_seats(screen, 6)
    phones[0].screenshot(path=str(shots / "10-phone-lobby.png"), full_page=True)
    screen.locator("#start-game").click()
    screen.locator("#narration").wait_for()
    screen.locator("#voice-toggle").click()

    # the first night: every role with a night ability is called, whatever was dealt
    screen.wait_for_function(
        "document.getElementById('narration-log').textContent.includes('The night is ending')",
        timeout=15_000)
    narration = screen.locator("#narration-log").text_content() or ""
    # the first night's order (RULINGS): thief, Cupid, the lovers, the fortune teller, the
    # little girl (who peeks while the pack is awake), the werewolves, the witch
    called = ["Thief", "Cupid", "Lovers", "Fortune Teller", "Little Girl", "Werewolves",
              "Witch"]
    for role in called:
        assert f"{role}, open your eyes" in narration
        assert f"{role}, close your eyes" in narration
    opened = [narration.index(f"{role}, open your eyes") for role in called]
    assert opened == sorted(opened), narration
    assert "Hunter" not in narration  # the hunter never wakes
    check_accessibility(screen, "table")
    screen.screenshot(path=str(shots / "11-table-screen-night.png"), full_page=True)

    # each phone shows its own card only
    roles = []
    for phone in phones:
        # (a phone redraws once its socket brings the night's end: slower on a busy machine)
        phone.locator(".role-card .role-name").wait_for(timeout=30_000)
        roles.append(phone.locator(".role-card .role-name").inner_text())
        assert phone.locator(".board-players").count() == 0
    check_accessibility(phones[0], "seat (phone)")
    phones[0].screenshot(path=str(shots / "12-phone-seat.png"), full_page=True)
    assert screen.locator(".role-card").count() == 0

    # the host (the table screen) pauses and resumes the game
    screen.locator(".host-bar summary").click()
    screen.locator("#host-pause").click()
    screen.locator(".phase .badge", has_text="Paused").wait_for()
    phones[1].locator(".phase .badge", has_text="Paused").wait_for()
    screen.screenshot(path=str(shots / "12b-table-screen-paused.png"), full_page=True)
    screen.locator("#host-resume").click()
    screen.locator("#host-pause").wait_for()

    play_until_over(phones, random.Random(3), timeout=120)
    screen.locator(".end-banner").wait_for(timeout=15_000)
    screen.screenshot(path=str(shots / "13-table-screen-end.png"), full_page=True)
    phones[1].screenshot(path=str(shots / "14-phone-end.png"), full_page=True)
    assert not errors, errors


def test_a_moderated_game(browser: Any, web_server: Server, shots: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    code = create_game(page, web_server, "Mo", as_="moderator", moderated=True,
                       timers={**QUICK, "decision": "20"})
    page.locator("#bot-count").fill("6")
    page.locator("#add-bots").click()
    wait_for_seats(page, 6)
    page.locator("#start-game").click()
    # the deal waits on the moderator, with the automatic suggestion ready
    page.locator(".storyteller .decision").first.wait_for()
    page.screenshot(path=str(shots / "20-moderator-deal.png"), full_page=True)
    page.locator(".storyteller button", has_text="Use the suggestion").first.click()
    page.locator(".grim-role").first.wait_for()
    assert page.locator(".grim-seat").count() == 6
    check_accessibility(page, "moderator")
    # pause and resume the clock
    page.locator("#pause").click()
    page.locator("#resume").wait_for()
    page.locator("#resume").click()
    page.locator("#pause").wait_for()
    # take over a seat, then play the storyteller until the end
    seat = page.locator(".grim-seat:not(.dead)").first
    taken = seat.get_attribute("data-name")
    seat.locator("button", has_text="Take over").click()
    page.locator(".grim-seat.controlled").wait_for()
    page.locator("#speak-as").select_option(taken)
    # speak for the seat on a channel (the server says whether it is open now)
    chat = page.locator(".chat-form input")
    chat.fill(f"{taken} says hello, by the moderator's hand")
    page.locator(".chat-form button").click()
    page.screenshot(path=str(shots / "21-moderator-grimoire.png"), full_page=True)
    play_until_over([page], random.Random(9), timeout=120)
    page.screenshot(path=str(shots / "22-moderator-end.png"), full_page=True)
    page.locator(".reveal .timeline").wait_for()
    page.screenshot(path=str(shots / "22-moderator-end.png"), full_page=True)
    assert code
    assert not errors, errors


def test_a_person_changes_a_vote_and_the_day_waits_for_its_clock(
    browser: Any, web_server: Server, shots: Path,
) -> None:
    errors: list[str] = []
    screen = new_page(browser, errors=errors)
    timers = {**QUICK, "night": "4", "day": "14", "talk": "4", "vote": "4"}
    code = create_game(screen, web_server, "Kitchen TV", mode="table", as_="spectator",
                       timers=timers, options={"sheriff": False}, seed=4)
    phone = new_page(browser, PHONE, errors)
    phone.goto(f"{web_server.url}/?join={code}")
    phone.get_by_label("Your name").fill("Bea")
    phone.locator("form button[type=submit]").click()
    phone.locator(".big-code").wait_for()
    screen.locator(".seat", has_text="Bea").wait_for()
    screen.locator("#bot-count").fill("5")
    screen.locator("#add-bots").click()
    screen.wait_for_function("document.querySelectorAll('.seats .seat').length >= 6")
    screen.locator("#start-game").click()

    # day 1: the village talks first; the vote's buttons wait, and say when they open
    card = phone.locator(".day-vote")
    card.wait_for(timeout=20_000)
    assert phone.locator(".phase-name").inner_text() == "Day 1"
    talk = phone.locator(".vote-clock").inner_text()
    if "Votes open in" in talk:
        assert card.locator("button.choice[disabled]").count() >= 2
        phone.screenshot(path=str(shots / "30-phone-vote-opens-soon.png"), full_page=True)
    phone.locator(".vote-clock", has_text="The vote closes in").wait_for(timeout=10_000)
    assert "as soon as everyone has locked their vote" in phone.locator(".vote-clock").inner_text()

    # a tap is not final: Bea votes, changes her mind, and the day does not end on it
    choices = card.locator("button.choice:not(.abstain)")
    first = choices.nth(0).inner_text()
    second = choices.nth(1).inner_text()
    choices.nth(0).click()
    phone.locator(".day-vote .decision-status", has_text=f"Your vote: {first}.").wait_for()
    phone.locator(".day-vote button.choice:not(.abstain)").nth(1).click()
    phone.locator(".day-vote .decision-status", has_text=f"Your vote: {second}.").wait_for()
    assert phone.locator(".day-vote button.chosen").inner_text() == second

    # the table screen shows who has voted and how many are left; the bots vote one by one
    screen.locator(".vote-board .vote-summary").wait_for()
    assert re.search(r"\d+ of \d+ ha(s|ve) voted; \d+ (is|are) left\.",
                     screen.locator(".vote-board .vote-summary").inner_text())
    screen.screenshot(path=str(shots / "31-table-screen-vote-standing.png"), full_page=True)
    screen.locator(".vote-board .vote-summary", has_text="All ").wait_for(timeout=15_000)
    assert screen.locator(".vote-board .voter.voted").count() == screen.locator(
        ".vote-board .voter").count()
    phone.screenshot(path=str(shots / "32-phone-vote-changed.png"), full_page=True)
    # everyone has a ballot, yet the day waits for its clock: Bea has not locked hers
    closes = phone.evaluate("wolfsbane.clock.vote.closes")
    now = phone.evaluate("Date.now() / 1000 + wolfsbane.skew")
    assert closes - now > 0.5, "the vote closed before the test could look"
    assert phone.locator(".phase-name").inner_text() == "Day 1"
    # the next night, or the end when the hanging won the game (the bots' names, and so their
    # play, come from the edition's list)
    phone.locator(".phase-name", has_text="Night 2").or_(phone.locator(".end-banner")).first \
        .wait_for(timeout=20_000)
    ended = phone.evaluate("Date.now() / 1000 + wolfsbane.skew")
    assert ended >= closes - 0.5
    # the ballot that counted is the last one
    phone.get_by_text(re.compile(rf"(You vote|Bea votes) to hang {re.escape(second)}\.")).first \
        .wait_for(timeout=5_000)
    phone.screenshot(path=str(shots / "33-phone-after-the-vote.png"), full_page=True)
    assert not errors, errors
