"""The web client's controls for NUMBER and PARTS decisions: a number input, and a group of
pickers, each answer checked before it is sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..server.helpers import Server

RENDER = """async ([decision]) => {
    const { decisionCard } = await import("/js/widgets.js");
    window.sent = [];
    const session = { view: { edition: "millers-hollow", seat: "Ana", players: [] }, clock: null };
    const card = decisionCard(session, decision, {
        onAnswer: async (d, answer) => { window.sent.push(answer); return { type: "ok" }; } });
    document.body.replaceChildren(card);
    return true;
}"""

NUMBER_DECISION = {"id": 7, "seat": "Ana", "name": "evil-neighbours", "kind": "number",
                   "choices": [], "min": 0, "max": 2, "optional": False, "default": None,
                   "prompt": "How many of your neighbours are evil?", "phase": "night 1"}
PARTS_DECISION = {
    "id": 8, "seat": "Ana", "name": "guess", "kind": "parts", "choices": [], "min": 1, "max": 1,
    "optional": False, "default": None, "prompt": "Name a player and a card.", "phase": "night 1",
    "parts": {
        "player": {"id": 0, "seat": "Ana", "name": "player", "kind": "pick",
                   "choices": ["Bo", "Cy"], "min": 1, "max": 1, "optional": False,
                   "default": None, "prompt": "", "phase": ""},
        "role": {"id": 0, "seat": "Ana", "name": "role", "kind": "pick",
                 "choices": ["werewolf", "witch"], "min": 1, "max": 1, "optional": False,
                 "default": None, "prompt": "", "phase": ""},
    },
}


def test_a_number_decision_is_a_number_input_checked_before_sending(
        browser: Any, web_server: Server, shots: Path) -> None:
    page = browser.new_page()
    page.goto(web_server.url + "/")
    page.evaluate(RENDER, [NUMBER_DECISION])
    field = page.locator("input[type=number]")
    field.fill("5")
    page.get_by_role("button", name="Confirm").click()
    assert page.locator(".decision-status").inner_text() == "Give a whole number from 0 to 2."
    assert page.evaluate("window.sent") == []
    field.fill("1")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_function("window.sent.length === 1")
    assert page.evaluate("window.sent") == [1]
    page.screenshot(path=str(shots / "decision-number.png"))
    page.close()


def test_a_parts_decision_is_a_group_of_pickers_answered_together(
        browser: Any, web_server: Server, shots: Path) -> None:
    page = browser.new_page()
    page.goto(web_server.url + "/")
    page.evaluate(RENDER, [PARTS_DECISION])
    page.get_by_label("player", exact=True).select_option("Cy")
    page.get_by_role("button", name="Confirm").click()
    assert page.locator(".decision-status").inner_text() == "Choose the role."
    page.get_by_label("role", exact=True).select_option("witch")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_function("window.sent.length === 1")
    assert page.evaluate("window.sent") == [{"player": "Cy", "role": "witch"}]
    page.screenshot(path=str(shots / "decision-parts.png"))
    page.close()
