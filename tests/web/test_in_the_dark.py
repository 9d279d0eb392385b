"""Werewolf in the Dark in a real browser: a narrator device and four phones (390x844) play a
whole game against a real server, with two more players answering through the HTTP API so
that the game goes where the test wants: the Know phase, a night with a death and a body found,
the ghosts and their candles, the dusk (the guide, the seer and the ghosts' thumbs), the day's
vote, and the end. Every screen is checked with axe-core; screenshots of the dark phone, the
held card, the candle and the narrator land in test-output/screenshots/."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from wolfsbane.editions import EDITIONS

from ..server.helpers import Server
from .conftest import check_accessibility

DARK_JS = Path(__file__).resolve().parents[2] / "src" / "wolfsbane" / "web" / "js" / "dark.js"
CORE_WORDS = DARK_JS.parents[2] / "messages" / "core.en.json"
# ids a person never reads: cards, options and decisions of two words or more
ENGINE_IDS = frozenset(
    key for edition in EDITIONS.values()
    for key in (*edition.roles, *edition.options, *edition.table_decisions,
                *edition.storyteller_decisions)
    if "-" in key)
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
PHONES = ("Ann", "Bea", "Cyd", "Dee")
BY_API = ("Eli", "Fay")  # seats the test plays through the HTTP API
DECK = {"werewolf": 2, "seer": 1, "villager": 3}
# every vibration a page asks for, kept where the test can read it
RECORD_BUZZ = """
window.__buzz = [];
navigator.vibrate = (pattern) => { window.__buzz.push(pattern); return true; };
"""


@pytest.fixture
def dark_server(tmp_path: Path, browser: Any) -> Iterator[Server]:
    """A server of this test's own: it is killed and started again in the middle of a night."""
    srv = Server(str(tmp_path / "dark.db"), log=tmp_path / "server.log").start()
    yield srv
    srv.stop()


def new_page(browser: Any, viewport: dict[str, int], errors: list[str],
             scheme: str = "dark") -> Any:
    context = browser.new_context(viewport=viewport, device_scale_factor=1, color_scheme=scheme,
                                  bypass_csp=True, reduced_motion="no-preference")
    context.add_init_script(RECORD_BUZZ)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


class ApiSeat:
    """A seat played through the HTTP API: its view, and its answers."""

    def __init__(self, server: Server, code: str, name: str) -> None:
        self.base = f"{server.url}/api/games/{code}"
        self.name = name
        joined = httpx.post(f"{self.base}/join", json={"name": name, "as": "player"}).json()
        self.headers = {"Authorization": f"Bearer {joined['token']}"}

    def view(self) -> dict[str, Any]:
        reply = httpx.get(f"{self.base}/view", headers=self.headers)
        reply.raise_for_status()
        view: dict[str, Any] = reply.json()["view"]
        return view

    def asked(self, name: str, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for decision in self.view()["decisions"]:
                if decision["name"] == name:
                    return dict(decision)
            time.sleep(0.1)
        raise AssertionError(f"{self.name} was never asked {name}")

    def answer(self, name: str, answer: Any) -> None:
        decision = self.asked(name)
        reply = httpx.post(f"{self.base}/answer", headers=self.headers,
                           json={"decision": decision["id"], "answer": answer})
        assert reply.status_code == 200, reply.text


def create_dark_game(page: Any, server: Server) -> str:
    """The narrator device creates the game (the table's screen, around one table), with
    short clocks, whom-you-know shown on the phones, and a deck of its own."""
    page.goto(server.url + "/")
    page.get_by_label("Your name").fill("Sanctuary")
    page.locator('select[name="edition"]').select_option("in-the-dark")
    # played around one table: the form says so, and where the narrator device joins
    assert page.locator('input[name="mode"][value="table"]').is_checked()
    page.locator(".create", has_text="becomes the narrator").wait_for()
    page.locator('input[name="as"][value="spectator"]').check()
    page.locator('input[name="setup"][value="custom"]').check()
    for role, count in DECK.items():
        page.locator(f"#count-{role}").fill(str(count))
    page.locator("summary", has_text="Options").click()
    page.locator('input[name="know-seconds"]').fill("6")
    page.locator('input[name="night-seconds"]').fill("90")
    page.locator('input[name="day-seconds"]').fill("10")
    page.locator('input[name="ghost-wait-seconds"]').fill("4")
    page.locator('input[name="show-know-on-phones"]').check()
    page.locator("summary", has_text="Timers").click()
    page.locator('input[name="decision"]').fill("30")
    page.locator('input[name="seed"]').fill("12")
    check_accessibility(page, "home (the dark edition's form)")
    page.locator("#create-game").click()
    page.wait_for_selector(".big-code")
    code: str = page.locator(".big-code").inner_text().split()[-1]
    return code


def join_phone(browser: Any, server: Server, code: str, name: str, errors: list[str]) -> Any:
    # one phone set to a light theme: the dark screens are dark (and readable) all the same
    phone = new_page(browser, PHONE, errors, scheme="light" if name == PHONES[1] else "dark")
    phone.goto(f"{server.url}/?join={code}")
    phone.get_by_label("Your name").fill(name)
    if name == PHONES[0]:
        phone.get_by_text("Be the narrator device (in the sanctuary) / watch").wait_for()
        check_accessibility(phone, "join (phone)")
    phone.locator("form button[type=submit]").click()
    phone.locator(".big-code").wait_for()
    return phone


def held_card(phone: Any) -> str:
    """Press and hold the card button: the text shown while held (then let go)."""
    button = phone.locator("#hold-card")
    button.hover()
    phone.mouse.down()
    phone.locator("#held-card:not([hidden])").wait_for()
    text: str = phone.locator("#held-card").inner_text()
    phone.mouse.up()
    phone.locator("#held-card[hidden]").wait_for(state="attached")
    return text


def phase_is(page: Any, text: str, timeout: float = 40_000) -> None:
    page.locator(".dark-phase, .nar-phase", has_text=text).wait_for(timeout=timeout)


def ask(phone: Any, name: str, timeout: float = 40_000) -> Any:
    card = phone.locator(f'.dark-ask[data-name="{name}"]')
    card.wait_for(timeout=timeout)
    return card


def said(narrator: Any, text: str, timeout: float = 20_000) -> None:
    """Wait until the narrator has said `text` (what it said is kept with the session, shown
    in a folded log while the narrator screen is up)."""
    narrator.wait_for_function(
        "(text) => (window.wolfsbane.spoken || []).some((line) => line.includes(text))",
        arg=text, timeout=timeout)


def buzzes(page: Any) -> int:
    count: int = page.evaluate("window.__buzz.length")
    return count


def vote(phone: Any, target: str) -> None:
    """One tap on the name, then the confirmation: final once cast."""
    card = ask(phone, "vote")
    card.locator(f"#vote-{target}").click()
    phone.locator(".dark-confirm", has_text=f"Vote to execute {target}?").wait_for()
    phone.locator("#vote-yes").click()
    phone.locator('.dark-ask[data-name="vote"]').wait_for(state="detached")
    phone.locator(".dark-status", has_text=f"You voted to execute {target}. Your vote is final.") \
        .wait_for()


def test_a_whole_game_in_the_dark(browser: Any, dark_server: Server, shots: Path) -> None:
    web_server = dark_server
    errors: list[str] = []
    narrator = new_page(browser, LAPTOP, errors)
    code = create_dark_game(narrator, web_server)
    phones = {name: join_phone(browser, web_server, code, name, errors) for name in PHONES}
    api = {name: ApiSeat(web_server, code, name) for name in BY_API}
    narrator.locator(".seat", has_text="Fay").wait_for()
    check_accessibility(phones["Ann"], "lobby (phone)")
    check_accessibility(narrator, "lobby (narrator)")
    narrator.locator("#start-game").click()

    # the narrator device: the big clock, the voice (on: the host touched this device), the
    # Know phase's calls read out, then the night
    narrator.locator("#nar-clock").wait_for()
    narrator.locator("#voice-toggle", has_text="Mute the voice").wait_for()
    said(narrator, "Werewolf: open your eyes and see one another")
    # the phones are dark: nothing but the dim controls until the card is held; the guide's
    # time for the calls counts down on the narrator and on every phone
    ann = phones["Ann"]
    phase_is(ann, "The Know phase")
    assert ann.locator("#held-card").is_hidden()
    ann.screenshot(path=str(shots / "40-dark-phone.png"))
    assert narrator.locator("#nar-clock").inner_text().endswith("s")
    said(narrator, "Everyone, open your eyes.")
    said(narrator, "Night 1. Turn off the last light")
    phase_is(narrator, "Night 1")
    phase_is(ann, "Night 1")
    for phone in phones.values():  # Bea's phone prefers a light theme: dark all the same
        background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(0, 0, 0)", background
    check_accessibility(ann, "dark phone")
    check_accessibility(phones["Bea"], "dark phone (light theme)")

    # every phone reads the same, whatever its card: a glance at a neighbour's tells nothing
    faces = {name: tuple(phone.locator(".dark-status, .dark-actions, .dark-hold, .dark-question")
                         .all_inner_texts()) for name, phone in phones.items()}
    assert len(set(faces.values())) == 1, faces

    # who holds what: each phone's held card (the API seats read their own views)
    roles: dict[str, str] = {}
    cards: dict[str, str] = {}
    for name, phone in phones.items():
        cards[name] = held_card(phone)
        roles[name] = phone.evaluate("wolfsbane.view.you.role")
    for name, seat in api.items():
        roles[name] = seat.view()["you"]["role"]
    wolves = [n for n, r in roles.items() if r == "werewolf"]
    seer = next(n for n, r in roles.items() if r == "seer")
    assert len(wolves) == 2
    # a werewolf's phone knows the other werewolf, shown only while held
    for name in wolves:
        if name in phones:
            other = next(w for w in wolves if w != name)
            phones[name].locator(".dark-hold").hover()
            phones[name].mouse.down()
            phones[name].locator("#held-card", has_text=other).wait_for()
            check_accessibility(phones[name], "held card")
            phones[name].screenshot(path=str(shots / "41-held-card.png"))
            phones[name].mouse.up()
            assert "Werewolf" in cards[name] and other in cards[name]
    # no phone shows another player's card: a villager's knows nobody
    for name, text in cards.items():
        for other in PHONES + BY_API:
            if other != name and roles[name] != "werewolf":
                assert other not in text, (name, text)

    # night 1: a villager on a phone is killed in the dark, another phone finds the body
    victim = next(n for n in PHONES if roles[n] == "villager")
    finder = next(n for n in PHONES if n != victim)
    check_accessibility(narrator, "narrator (night)")
    narrator.screenshot(path=str(shots / "42-narrator-night.png"))
    # the narrator device may be a phone in the sanctuary: the same screen, as readable
    narrator.set_viewport_size(PHONE)
    check_accessibility(narrator, "narrator (phone)")
    narrator.screenshot(path=str(shots / "42b-narrator-phone.png"))
    narrator.set_viewport_size(LAPTOP)
    body_phone = phones[victim]
    body_phone.locator("#dark-dead").click()  # one tap arms it; a second declares
    body_phone.locator("#dark-dead.armed").click()
    body_phone.locator(".dark-status", has_text="You are a body").wait_for()
    assert body_phone.locator("#dark-body").count() == 0  # a body finds no body
    # a phone that locks and wakes picks up where it was
    body_phone.reload()
    body_phone.locator(".dark-status", has_text="You are a body").wait_for()
    phase_is(body_phone, "Night 1")
    check_accessibility(body_phone, "a body's phone")

    # the server is killed mid-night (kill -9) and started again: the narrator and the phones
    # reconnect by themselves, and the night goes on to the end it had
    night_ends = narrator.evaluate("wolfsbane.clock.countdowns.night")
    web_server.kill()
    narrator.locator(".conn-offline").wait_for()
    web_server.start()
    for page in (narrator, *phones.values()):
        page.locator(".conn-offline").wait_for(state="detached", timeout=20_000)
        page.wait_for_function(
            "(end) => Math.abs(wolfsbane.clock.countdowns.night - end) < 0.5", arg=night_ends)
    said(narrator, "Night 1. Turn off the last light")  # nothing said twice, nothing lost
    assert narrator.locator("#narration-log li", has_text="Night 1. Turn off").count() == 1

    finding = phones[finder]
    check_accessibility(finding, "dark phone (night)")
    finding.screenshot(path=str(shots / "40b-dark-phone-night.png"))
    # "I was killed" and "Body found" are big, one tap away, on every living phone alike
    for target in ("#dark-dead", "#dark-body"):
        box = finding.locator(target).bounding_box()
        assert box is not None and box["height"] >= 64 and box["width"] >= 64, (target, box)
    finding.locator("#dark-body").click()
    # every other living player is offered (a phone never shows who declared dead); naming one
    # who did not is refused with the reason, and changes nothing
    wrong = next(n for n in PHONES + BY_API if n not in (victim, finder))
    finding.locator(f'[id="body-{wrong}"]').click()
    finding.locator(".dark-status", has_text="has not declared dead").wait_for()
    finding.locator("#dark-body").click()
    check_accessibility(finding, "body found (names)")
    before, felt = buzzes(ann), buzzes(body_phone)
    finding.locator(f'[id="body-{victim}"]').click()

    # the night ends at once: the narrator rings and says so; the phones vibrate
    said(narrator, "Body found!")
    screen = narrator.locator(".screen-narrator")
    assert screen.get_attribute("data-alarm") == "body-found"
    assert int(screen.get_attribute("data-sounded") or 0) >= 1  # the WebAudio beeps played
    phase_is(ann, "Day 1")
    ann.wait_for_function(f"window.__buzz.length > {before}")

    # day 1: the new ghost keeps one of two tokens (its phone buzzes: a question arrived);
    # then the talk, then everyone points
    choose = ask(body_phone, "choose-ghost")
    body_phone.wait_for_function(f"window.__buzz.length > {felt}")
    check_accessibility(body_phone, "choose a ghost token")
    choose.locator("button").first.click()
    narrator.locator("#nar-news", has_text="keeps the ghost token").wait_for()
    executed = wolves[0]
    for name, phone in phones.items():
        if name == victim:
            continue
        if name == executed:
            card = ask(phone, "vote")
            check_accessibility(phone, "the vote")
            phone.screenshot(path=str(shots / "43-phone-vote.png"))
            target = next(n for n in PHONES + BY_API if n not in (victim, executed))
            vote(phone, target)
        else:
            vote(phone, executed)
    for name, seat in api.items():
        if name != executed:
            seat.answer("vote", executed)
        else:
            seat.answer("vote", None)
    narrator.locator("#nar-news", has_text=f"{executed} is executed").wait_for()
    narrator.locator("#nar-news", has_text="points at").first.wait_for()  # the votes, public
    check_accessibility(narrator, "narrator (day)")
    narrator.screenshot(path=str(shots / "46-narrator-day.png"))
    if executed in phones:
        ask(phones[executed], "choose-ghost").locator("button").first.click()
    else:
        api[executed].answer("choose-ghost", api[executed].asked("choose-ghost")["choices"][0])

    # dusk 1: the ghosts pick the guide; the seer points, the ghosts judge with a thumb
    phase_is(narrator, "Dusk 1")
    for ghost in (victim, executed):
        if ghost in phones:
            card = ask(phones[ghost], "guide")
            card.locator(f"button:text-is('{victim}')").click()
        else:
            api[ghost].answer("guide", victim)
    narrator.locator("#nar-news", has_text=f"{victim} is the ghost guide").wait_for()
    suspect = wolves[1] if wolves[1] != seer else wolves[0]
    living = next(n for n in PHONES if n not in (victim, executed, seer))
    phase_is(phones[living], "Dusk 1")
    check_accessibility(phones[living], "dusk (a living phone)")
    if seer in phones:
        card = ask(phones[seer], "inspect")
        check_accessibility(phones[seer], "the seer's point")
        card.locator(f"button:text-is('{suspect}')").click()
    else:
        api[seer].answer("inspect", suspect)
    thumbs = ask(body_phone, "judge")
    check_accessibility(body_phone, "the ghosts' thumbs")
    thumbs.locator(".thumb-up").click()
    if executed in phones:
        ask(phones[executed], "judge").locator(".thumb-down").click()
    else:
        api[executed].answer("judge", False)
    # the narrator never shows a secret: no card of anyone, not the seer's thumbs
    assert narrator.evaluate("wolfsbane.view.players.every((p) => !('role' in p))")
    assert "raised a thumb" not in narrator.locator("main").inner_text()
    for name, phone in phones.items():
        if name != seer:
            assert "raised a thumb" not in held_card(phone), name
    if seer in phones:
        phones[seer].locator(".dark-hold").hover()
        phones[seer].mouse.down()
        phones[seer].locator("#held-card", has_text="One ghost raised a thumb").wait_for()
        phones[seer].mouse.up()
    else:
        deadline = time.monotonic() + 20
        while not any(e.get("about") == "inspect" for e in api[seer].view()["events"]):
            assert time.monotonic() < deadline, "the seer was never told the thumbs"
            time.sleep(0.2)

    # night 2: the ghost's phone is a candle; the ghosts wait in the sanctuary, then may go
    phase_is(body_phone, "Night 2")
    body_phone.locator(".candle").wait_for()
    body_phone.locator(".ghost-wait", has_text="Wait in the sanctuary").wait_for()
    check_accessibility(body_phone, "candle")
    body_phone.screenshot(path=str(shots / "44-candle.png"))
    flame = body_phone.evaluate(
        "getComputedStyle(document.querySelector('.candle-flame')).animationName")
    assert flame == "candle-flicker"
    # a phone set to reduce motion keeps the candle still
    body_phone.emulate_media(reduced_motion="reduce")
    assert body_phone.evaluate(
        "getComputedStyle(document.querySelector('.candle-flame')).animationName") == "none"
    body_phone.emulate_media(reduced_motion="no-preference")
    # the host (the narrator device) pauses everyone where they are, and the game goes on
    narrator.locator(".host-bar summary").click()
    narrator.locator("#host-pause").click()
    said(narrator, "The game is paused")
    check_accessibility(narrator, "narrator (paused, host controls)")
    body_phone.locator(".dark-clock", has_text="paused").wait_for()
    narrator.locator("#nar-clock", has_text="paused").wait_for()
    narrator.locator("#host-resume").click()
    said(narrator, "The game goes on")
    body_phone.locator(".ghost-wait", has_text="You may leave the sanctuary").wait_for()
    said(narrator, "your wait is over")
    assert body_phone.locator("#dark-dead").count() == 0  # a ghost declares nothing
    second = next(n for n in PHONES if n not in (victim, executed) and roles[n] != "werewolf")
    other_finder = next(n for n in PHONES + BY_API
                        if n not in (victim, executed, second) and roles[n] != "werewolf")
    phones[second].locator("#dark-dead").click()
    phones[second].locator("#dark-dead.armed").click()
    if other_finder in phones:
        phones[other_finder].locator("#dark-body").click()
        phones[other_finder].locator(f'[id="body-{second}"]').click()
    else:
        api[other_finder].answer("body-found", second)
    narrator.locator("#nar-news", has_text=f"found {second}").wait_for()

    # day 2: the last werewolf is executed, and the villagers win
    ask(phones[second], "choose-ghost").locator("button").first.click()
    last = wolves[1]
    for name, phone in phones.items():
        if name in (victim, executed, second):
            continue
        if name == last:
            vote(phone, next(n for n in PHONES + BY_API
                             if n not in (victim, executed, second, last)))
        else:
            vote(phone, last)
    for name, seat in api.items():
        if name in (executed, second):
            continue
        seat.answer("vote", None if name == last else last)
    narrator.locator(".end-banner").wait_for(timeout=30_000)
    for phone in phones.values():
        phone.locator(".end-banner").wait_for()
    check_accessibility(narrator, "end (narrator)")
    check_accessibility(ann, "end (phone)")
    assert "Victory for the villagers" in narrator.locator(".end-banner").inner_text()
    # the narrator's last words: the execution and the winners, said as the end screen opens
    spoken = narrator.evaluate("wolfsbane.spoken")
    assert any(f"{last} is executed" in line for line in spoken), spoken
    assert any(line.startswith("The villagers win") for line in spoken), spoken
    narrator.screenshot(path=str(shots / "45-narrator-end.png"))
    assert not errors, errors


def test_every_word_of_the_dark_screens_is_in_the_message_catalogue() -> None:
    """The dark screens say everything in the catalogue's words (its `dark` section, which a
    second language translates): every key they use is there, as a plain sentence with only
    the fields they fill, and the section holds no word they never say."""
    source = DARK_JS.read_text(encoding="utf-8")
    used = set(re.findall(r'say\("([a-z_]+)"', source))
    used |= {key for pair in re.findall(r'say\([a-z]+ \? "([a-z_]+)" : "([a-z_]+)"\)', source)
             for key in pair}
    words = json.loads(CORE_WORDS.read_text(encoding="utf-8"))["dark"]
    assert used - set(words) == set(), "words the dark screens say that the catalogue lacks"
    assert set(words) - used == set(), "words in the catalogue the dark screens never say"
    fields = {"player", "ghost", "phase", "length", "number", "time", "team", "players", "calls"}
    for key, text in words.items():
        assert text.strip() == text and text, key
        assert set(re.findall(r"\{([a-z_]+)\}", text)) <= fields, (key, text)
        assert not any(engine_id in text for engine_id in ENGINE_IDS), (key, text)


def test_a_night_that_runs_out_rings_the_alarm_and_the_villagers_win(
        browser: Any, web_server: Server, shots: Path) -> None:
    """Nobody dies: the night's countdown runs out on the narrator device, which rings and
    says so, and a night without a death is the villagers' win."""
    errors: list[str] = []
    narrator = new_page(browser, LAPTOP, errors)
    narrator.goto(web_server.url + "/")
    made = httpx.post(f"{web_server.url}/api/games", json={
        "name": "Sanctuary", "as": "spectator", "edition": "in-the-dark", "mode": "table",
        "options": {"night-seconds": 10, "know-seconds": 0}, "timers": {"scale": 0.4}}).json()
    code = made["code"]
    for name in PHONES + BY_API[:2]:
        ApiSeat(web_server, code, name)
    narrator.goto(f"{web_server.url}/#/game/{code}?t={made['token']}")
    narrator.locator("#start-game").click()
    narrator.locator("#voice-toggle", has_text="Mute the voice").wait_for()
    phase_is(narrator, "Night 1")
    said(narrator, "Time's up!", timeout=20_000)
    assert narrator.evaluate("wolfsbane.alarms") == ["time"]
    narrator.locator(".end-banner", has_text="Victory for the villagers").wait_for()
    spoken = narrator.evaluate("wolfsbane.spoken")
    assert any(line.startswith("The villagers win") for line in spoken), spoken
    narrator.screenshot(path=str(shots / "47-narrator-time-up-end.png"))
    assert not errors, errors
