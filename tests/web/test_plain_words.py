"""Plain words in the browser: a whole Wherewolf game seen from a seat and its reveal show no
engine key, event kind or repr (the catalogue's words, rendered by text.js, on a real page)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx

from wolfsbane.editions import get_edition

from ..server.helpers import Server
from .test_browser import new_page, play_until_over

TIMERS = {"night": 4, "day": 10, "decision": 3, "grace": 0.5, "bot_delay": 0.1, "scale": 0.05,
          "talk": 1, "vote": 2}
KINDS = ("InfoGiven", "VoteCast", "PlayerExecuted", "PlayerDied", "ActionTaken", "Announced",
         "VictimChosen", "DeathCaused", "GameWon", "RoleDealt", "PhaseBegan", "Answered")
RAW = ("about:", "runoff:", "[object", "undefined", "None", "{'", "['", ": players")


def engine_keys() -> set[str]:
    edition = get_edition("wherewolf")
    keys = {role_id for role_id in edition.roles if "-" in role_id}
    keys |= {d for role in edition.roles.values() for d in role.decisions if "-" in d}
    keys |= {d for d in list(edition.table_decisions) + list(edition.storyteller_decisions)
             if "-" in d}
    return keys


def test_a_wherewolf_game_in_the_browser_reads_in_plain_words(browser: Any, web_server: Server,
                                                             shots: Path) -> None:
    with httpx.Client(base_url=web_server.url, timeout=10) as client:
        made = client.post("/api/games", json={"name": "Ann", "as": "player",
                                               "edition": "wherewolf", "timers": TIMERS,
                                               "seed": 12}).json()
        code, token = made["code"], made["token"]
        headers = {"Authorization": f"Bearer {token}"}
        assert client.post(f"/api/games/{code}/bots", json={"count": 11},
                           headers=headers).is_success
        assert client.post(f"/api/games/{code}/start", headers=headers).is_success
    errors: list[str] = []
    page = new_page(browser, errors=errors)
    page.goto(f"{web_server.url}/#/game/{code}?t={token}")
    page.locator(".decision, .timeline, .notes").first.wait_for()
    seen: list[str] = []

    def read() -> None:
        seen.append(page.locator("body").inner_text())

    play_until_over([page], random.Random(3), timeout=240, during=read)
    page.locator(".reveal .timeline").wait_for()
    read()
    page.screenshot(path=str(shots / "words-wherewolf-reveal.png"), full_page=True)
    text = "\n".join(seen)
    keys = engine_keys()
    found = [raw for raw in RAW if raw in text]
    found += [kind for kind in KINDS if re.search(rf"\b{kind}\b", text)]
    found += [key for key in keys if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text)]
    assert not found, [(f, text[max(0, text.find(f) - 200):text.find(f) + 100]) for f in found]
    assert "burned at the stake" in text and "was executed" not in text
    assert not errors, errors
