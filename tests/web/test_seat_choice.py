"""Choosing a seat in the lobby, in a real browser: a person sits on an empty chair and then on
a bot's, the host moves someone with the keyboard alone, and every page shows the new order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from ..server.helpers import Server, auth
from .test_browser import PHONE, create_game, new_page


def names_in_order(server: Server, code: str) -> list[tuple[int, str]]:
    seats = httpx.get(f"{server.url}/api/games/{code}", timeout=10).json()["seats"]
    return [(s["position"], s["name"]) for s in seats]


def test_a_person_picks_a_seat_and_the_host_moves_people(browser: Any, web_server: Server,
                                                         shots: Path) -> None:
    errors: list[str] = []
    host = new_page(browser, errors=errors)
    code = create_game(host, web_server, "Hana")
    host.locator("#bot-count").fill("2")
    host.locator("#add-bots").click()
    host.wait_for_function("document.querySelectorAll('.seat.chair:not(.empty)').length >= 3")
    b2, b3 = [name for _, name in names_in_order(web_server, code)][1:3]

    phone = new_page(browser, PHONE, errors)
    phone.goto(f"{web_server.url}/?join={code}")
    phone.get_by_label("Your name").fill("Ivo")
    phone.locator("form button[type=submit]").click()
    phone.locator(".big-code").wait_for()
    phone.locator(".seat", has_text="Ivo").wait_for()
    assert names_in_order(web_server, code) == [(1, "Hana"), (2, b2), (3, b3), (4, "Ivo")]
    # the chairs are numbered; empty ones and bots' have a button, people's do not
    chair5 = phone.locator('.chair[data-chair="5"]')
    assert "empty" in (chair5.text_content() or "")
    assert phone.get_by_role("button", name="Sit here: seat 1").count() == 0

    # an empty chair
    phone.get_by_role("button", name="Sit here: seat 5").click()
    phone.locator('.chair[data-chair="5"]', has_text="Ivo").wait_for()
    host.locator('.chair[data-chair="5"]', has_text="Ivo").wait_for()  # told over the socket
    assert names_in_order(web_server, code) == [(1, "Hana"), (2, b2), (3, b3), (5, "Ivo")]

    # a bot's chair, with the keyboard: the bot moves to the chair Ivo leaves
    button = phone.get_by_role("button", name=f"Sit here: seat 2 ({b2} moves to your seat)")
    button.focus()
    phone.keyboard.press("Enter")
    phone.locator('.chair[data-chair="2"]', has_text="Ivo").wait_for()
    assert names_in_order(web_server, code) == [(1, "Hana"), (2, "Ivo"), (3, b3), (5, b2)]
    phone.screenshot(path=str(shots / "07-lobby-pick-seat.png"), full_page=True)

    # the host moves Ivo to chair 4 with the keyboard alone, then cancels a second move
    host.locator('.chair[data-chair="2"]', has_text="Ivo").wait_for()
    host.get_by_role("button", name="Move Ivo to another seat").focus()
    host.keyboard.press("Enter")
    host.locator(".moving-note").wait_for()
    host.screenshot(path=str(shots / "08-lobby-host-moves.png"), full_page=True)
    target = host.get_by_role("button", name="Move Ivo here: seat 4")
    target.focus()
    host.keyboard.press("Enter")
    phone.locator('.chair[data-chair="4"]', has_text="Ivo").wait_for()
    assert names_in_order(web_server, code) == [(1, "Hana"), (3, b3), (4, "Ivo"), (5, b2)]
    host.get_by_role("button", name=f"Move {b3} to another seat").click()
    host.get_by_role("button", name="Cancel").click()
    assert host.locator(".moving-note").count() == 0

    # another person's chair has no button, and the server refuses it anyway
    ivo_token = phone.evaluate(
        "(code) => JSON.parse(localStorage.getItem('wolfsbane.seats'))[code].token", code)
    r = httpx.post(f"{web_server.url}/api/games/{code}/seat", json={"position": 1},
                   headers=auth(ivo_token), timeout=10)
    assert r.status_code == 409 and r.json()["error"] == "seat-taken"
    assert errors == []
    for page in (host, phone):
        page.context.close()
