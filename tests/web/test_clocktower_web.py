"""Clocktower in the browser: a whole game run by a human storyteller from the grimoire, with
three phones and bots, through nominations, a clock-hand vote, a poisoned player's false
information, an execution and the end; and a practice game run by the automatic storyteller.
axe-core checks every screen visited; screenshots land in test-output/screenshots/."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

from ..server.helpers import Server, join
from .conftest import check_accessibility
from .test_browser import DESKTOP, PHONE, act, new_page, wait_for_seats

# quick clocks: the day is the edition's `day-seconds` (60, the least) times `scale`
TIMERS = {"night": "24", "day": "30", "decision": "12", "grace": "3", "bot_delay": "0.2",
          "scale": "0.6", "talk": "1", "vote": "3"}
# five players: three Townsfolk, a Minion, a Demon; the No Dashii poisons the nearest
# Townsfolk on each side, so that the Chef or the Empath (or both) receive false information
BAG = ["no-dashii", "evil-twin", "chef", "empath", "monk"]
PHONES = ["Ann", "Bob", "Cat"]
# the practice game has no person to wait for at night: shorter still
PRACTICE_TIMERS = {**TIMERS, "night": "6", "decision": "3", "scale": "0.2", "vote": "2"}
ENGINE_WORDS = re.compile(r"\b(no-dashii|red-herring|fortune-teller|info|register)\b")


def create_clocktower(page: Any, server: Server, name: str, *, as_: str, moderated: bool,
                      practice: bool = False, timers: dict[str, str] = TIMERS) -> str:
    page.goto(server.url + "/")
    page.get_by_label("Your name").fill(name)
    page.locator('select[name="edition"]').select_option("clocktower")
    if moderated:
        page.locator('input[name="moderated"]').check()
    if practice:
        page.locator("#practice").check()
    page.locator(f'input[name="as"][value="{as_}"]').check()
    page.locator("summary", has_text="Options").click()
    page.locator('input[name="day-seconds"]').fill("60")
    page.locator("summary", has_text="Timers").click()
    for key, value in timers.items():
        page.locator(f'input[name="{key}"]').fill(value)
    check_accessibility(page, "home (Clocktower)")
    page.locator("#create-game").click()
    page.wait_for_selector(".big-code")
    code: str = page.locator(".big-code").inner_text().split()[-1]
    return code


def choose_the_bag(st: Any) -> None:
    card = st.locator('.st-decision[data-name="characters"]:not(.answered)')
    card.wait_for(timeout=20_000)
    assert card.locator(".reason").inner_text().strip()  # the suggestion says why
    card.locator("summary", has_text="Choose other characters").click()
    for box in card.locator("input[type=checkbox]").all():
        box.set_checked(box.get_attribute("value") in BAG)
    card.locator("button", has_text="Use these").click()


class Storyteller:
    """Answers the storyteller's decisions from the grimoire, noting the false ones."""

    def __init__(self, page: Any, shots: Path) -> None:
        self.page = page
        self.shots = shots
        self.false_info: list[str] = []
        self.answered = 0
        self.night_checked = False
        self.day_checked = False
        self.told_by_parts = False
        self.parts_tried = False

    def act(self) -> bool:
        page = self.page
        cards = page.locator(".st-decision:not(.answered)")
        try:
            if not cards.count():
                return False
            card = cards.first
            name = card.get_attribute("data-name", timeout=1000)
            truth = card.locator(".truth")
            suggestion = card.locator(".suggestion")
            if name == "info" and truth.count() and suggestion.count():
                told, real = suggestion.inner_text(timeout=1000), truth.inner_text(timeout=1000)
                if told != real:  # a drunk or poisoned player: a false but plausible answer
                    reason = card.locator(".reason").inner_text(timeout=1000)
                    if not self.false_info:
                        page.screenshot(path=str(self.shots / "ct-grimoire-false-info.png"),
                                        full_page=True)
                    self.false_info.append(reason)
            use = card.locator("button.use-suggestion")
            parts = card.locator("form.parts-form button[type=submit]")
            if self.false_info and parts.count() and not self.parts_tried:
                self.parts_tried = True
                # the first false information is given part by part (the form starts at the
                # suggestion): a composite answer through the grimoire's own form
                status = card.locator(".decision-status").element_handle(timeout=1000)
                parts.click(timeout=1000)
                # the card may be redrawn at once: its own status element still says how it went
                page.wait_for_function("(el) => /Done|refused|not/.test(el.textContent)",
                                       arg=status, timeout=5000)
                self.told_by_parts = (status.text_content() or "").startswith("Done")
            elif use.count():
                use.click(timeout=1000)
            else:
                card.locator("button").first.click(timeout=1000)
            self.answered += 1
            if self.false_info and not self.night_checked:
                self.night_checked = True
                check_accessibility(page, "grimoire (a storyteller's decision)")
            return True
        except Exception:  # noqa: BLE001 - the card was replaced by a newer view
            return False


class Phone:
    """One player's phone: night choices, one nomination a day among the phones, hands raised
    for the phones' own nominee and kept down for anyone else's."""

    def __init__(self, page: Any, name: str, table: dict[str, Any]) -> None:
        self.page = page
        self.name = name
        self.table = table  # shared by the phones: today's nominee

    def act(self) -> bool:
        page = self.page
        cards = page.locator(".decision:not(.answered):not(.locked)")
        try:
            if not cards.count():
                return False
            card = cards.first
            name = card.get_attribute("data-name", timeout=1000)
            phase = page.locator(".phase-name").inner_text(timeout=1000)
            if name == "nominate":
                if self.table.get(phase) is None:
                    buttons = card.locator(".choices button.choice")
                    names = [b.inner_text(timeout=1000) for b in buttons.all()]
                    # the living first, bots before phones: each execution brings the end
                    # nearer (good wins with the Demon's, evil at two living players)
                    living = set(page.locator(".sq-seat:not(.dead)").evaluate_all(
                        "els => els.map(e => e.dataset.name)"))
                    ranked = sorted(names, key=lambda n: (n not in living, n in PHONES))
                    pick = ranked[0]
                    self.table[phase] = pick
                    card.locator(".choices button.choice", has_text=pick).first.click(timeout=1000)
                else:
                    card.locator("button.skip").click(timeout=1000)
                return True
            if name == "vote" and "day-vote" in (card.get_attribute("class") or ""):
                if card.get_attribute("data-cast", timeout=1000) == "yes":
                    lock = card.locator("button.lock-vote:not([disabled])")
                    if lock.count():
                        lock.click(timeout=1000)
                        return True
                    return False
                heading = card.locator("h3").inner_text(timeout=1000)
                raise_hand = bool(self.table.get(phase)) and self.table[phase] in heading
                label = "Raise my hand" if raise_hand else "Keep my hand down"
                button = card.locator("button.choice:not([disabled])", has_text=label)
                if not button.count():
                    return False  # the town is still talking
                if raise_hand and not self.table.get(f"shot {phase}"):
                    self.table[f"shot {phase}"] = True
                    check_accessibility(page, "phone (the hands)")
                    page.screenshot(path=str(self.table["shots"] / "ct-phone-vote.png"),
                                    full_page=True)
                button.click(timeout=1000)
                return True
            buttons = card.locator(".choices button:not([disabled])")
            if buttons.count():
                buttons.first.click(timeout=1000)
                return True
            boxes = card.locator("fieldset.multi input[type=checkbox]")
            if boxes.count():
                for i in range(min(2, boxes.count())):
                    boxes.nth(i).check(timeout=1000)
                card.locator("button", has_text="Confirm").click(timeout=1000)
                return True
            return False
        except Exception:  # noqa: BLE001 - the card was replaced by a newer view
            return False


def test_a_whole_clocktower_game_with_a_human_storyteller_three_phones_and_bots(
        browser: Any, web_server: Server, shots: Path) -> None:
    errors: list[str] = []
    st = new_page(browser, DESKTOP, errors=errors)
    code = create_clocktower(st, web_server, "Sue", as_="moderator", moderated=True)
    phones: list[Any] = []
    for name in PHONES:
        token = join(web_server, code, name)["token"]
        page = new_page(browser, PHONE, errors=errors)
        page.goto(f"{web_server.url}/#/game/{code}?t={token}")
        phones.append(page)
    st.locator("#bot-count").fill("2")
    st.locator("#add-bots").click()
    wait_for_seats(st, 5)
    check_accessibility(st, "lobby (Clocktower, the storyteller)")
    st.locator("#start-game").click()
    choose_the_bag(st)
    st.locator(".grim-token .tok-role", has_text="No Dashii").wait_for(timeout=20_000)
    # the storyteller takes the bag back (nobody has played since) and chooses it again
    st.locator("#undo").click()
    st.locator(".toast", has_text="taken back").wait_for(timeout=10_000)
    choose_the_bag(st)
    st.locator(".grim-token .tok-role", has_text="No Dashii").wait_for(timeout=20_000)
    # the grimoire: every token in the circle, the night sheet with its steps
    assert st.locator(".grim-square .sq-seat").count() == 5
    assert st.locator(".night-sheet li").count() > 5
    st.screenshot(path=str(shots / "ct-grimoire-night.png"), full_page=True)

    storyteller = Storyteller(st, shots)
    table: dict[str, Any] = {"shots": shots}
    players = [Phone(page, name, table) for page, name in zip(phones, PHONES, strict=True)]
    seen_phone_night = seen_square = seen_sweep = False
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if st.locator(".end-banner").count() and all(p.locator(".end-banner").count()
                                                      for p in phones):
            break
        # the storyteller looks between each phone's move
        clicked = storyteller.act()
        for player in players:
            clicked = player.act() or clicked
            clicked = storyteller.act() or clicked
        if not seen_phone_night and phones[0].locator(".role-card .role-name").count():
            phase = phones[0].locator(".phase-name").inner_text()
            if phase.startswith("Night"):
                seen_phone_night = True
                check_accessibility(phones[0], "phone (night)")
                phones[0].screenshot(path=str(shots / "ct-phone-night.png"), full_page=True)
        if not seen_square and st.locator(".sq-nomination").count():
            seen_square = True
            check_accessibility(st, "grimoire (a day's nomination)")
            st.screenshot(path=str(shots / "ct-grimoire-day.png"), full_page=True)
            # the grimoire on a phone: the tokens fall back to a list, nothing wider than it
            st.set_viewport_size(PHONE)
            wide = st.evaluate("document.documentElement.scrollWidth")
            st.screenshot(path=str(shots / "ct-grimoire-phone.png"), full_page=True)
            check_accessibility(st, "grimoire (on a phone)")
            st.set_viewport_size(DESKTOP)
            assert wide <= PHONE["width"] + 1, wide
        if not seen_sweep and phones[1].locator(".square .sweeping").count():
            seen_sweep = True  # the clock hand goes round the circle seat by seat
            phones[1].screenshot(path=str(shots / "ct-phone-clock-hand.png"), full_page=True)
        if not clicked:
            st.wait_for_timeout(150)
    else:
        st.screenshot(path=str(shots / "ct-grimoire-stuck.png"), full_page=True)
        raise AssertionError("the Clocktower game did not end in time")

    st.screenshot(path=str(shots / "ct-grimoire-end.png"), full_page=True)
    phones[0].screenshot(path=str(shots / "ct-phone-end.png"), full_page=True)
    assert storyteller.answered >= 3
    assert storyteller.told_by_parts, "the grimoire's form for information was not taken"
    assert storyteller.false_info, "no poisoned player's false information was given"
    assert any("poisoned" in reason for reason in storyteller.false_info), storyteller.false_info
    assert table.get("Day 1") or table.get("Day 2"), "the phones never nominated"
    assert seen_square, "no nomination reached the town square"
    # the end: the grimoire revealed to everyone, with every storyteller choice and why
    for page, who in ((st, "storyteller"), (phones[0], "phone")):
        page.locator(".grimoire-reveal").wait_for(timeout=20_000)
        text = page.locator(".grimoire-reveal").inner_text()
        assert "False information" in text, text
        assert "No Dashii" in text
        check_accessibility(page, f"end ({who})")
    story = st.locator(".reveal").inner_text()
    assert "is executed" in story, "no execution in the whole story"
    for page in phones:
        assert not ENGINE_WORDS.search(page.locator("main").inner_text())
    assert not errors, errors


def test_a_practice_clocktower_game_run_by_the_automatic_storyteller(
        browser: Any, web_server: Server, shots: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, PHONE, errors=errors)
    create_clocktower(page, web_server, "Pia", as_="player", moderated=False, practice=True,
                      timers=PRACTICE_TIMERS)
    page.locator("#bot-count").fill("4")
    page.locator("#add-bots").click()
    wait_for_seats(page, 5)
    check_accessibility(page, "lobby (a practice game)")
    page.locator("#start-game").click()
    page.locator(".role-card .role-name").wait_for(timeout=20_000)
    page.locator(".square .sq-seat").first.wait_for()
    assert page.locator(".square .sq-seat").count() == 5
    check_accessibility(page, "phone (a practice game)")
    page.screenshot(path=str(shots / "ct-practice-phone.png"), full_page=True)
    # the phone never holds the storyteller's words
    assert "suggest" not in page.locator("main").inner_text().lower()
    rng = random.Random(4)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not page.locator(".end-banner").count():
        if not act(page, rng):
            page.wait_for_timeout(150)
    if not page.locator(".end-banner").count():
        page.screenshot(path=str(shots / "ct-practice-stuck.png"), full_page=True)
        raise AssertionError("the practice game did not end in time")
    page.locator(".grimoire-reveal").wait_for(timeout=20_000)
    check_accessibility(page, "end (a practice game)")
    page.screenshot(path=str(shots / "ct-practice-end.png"), full_page=True)
    assert not errors, errors


def test_a_clocktower_game_without_a_storyteller_is_refused_unless_practice(
        web_server: Server) -> None:
    import httpx

    with httpx.Client(base_url=web_server.url, timeout=10) as client:
        refused = client.post("/api/games", json={"name": "Tom", "edition": "clocktower"})
        assert refused.status_code == 422
        assert "storyteller" in refused.json()["detail"]
        practice = client.post("/api/games", json={"name": "Tom", "edition": "clocktower",
                                                   "practice": True})
        assert practice.status_code == 201, practice.text
        moderated = client.post("/api/games", json={"name": "Tom", "edition": "clocktower",
                                                    "moderated": True, "as": "moderator"})
        assert moderated.status_code == 201, moderated.text
