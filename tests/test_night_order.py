"""Each edition's night order (the narrator's table) agrees with its flow: seeded bot games
ask their night decisions in the order of the table, and every night decision has its turn."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wolfsbane.agents import SeatView, bot_for
from wolfsbane.core import STORYTELLER, Game, NightTurn
from wolfsbane.core.decision import CLOCK
from wolfsbane.core.view import events_for
from wolfsbane.editions import EDITIONS, get_edition

from .conftest import SHARED_RULES, needs_shared

# Asked at dawn, while the night phase has not ended: the deaths' consequences, not a turn.
DAWN = {"millers-hollow": {"shoot", "successor"}, "wherewolf": {"curse"}, "licos": set(),
        "in-the-dark": set(), "clocktower": {"choose"}}
# A card's power used in a phase of its own, not at night: the in-the-dark seer's at dusk.
NOT_AT_NIGHT = {"in-the-dark": {"inspect"}}

SEATS = [f"P{n}" for n in range(1, 25)]

SETUPS: dict[str, list[tuple[list[str], dict[str, Any]]]] = {
    "millers-hollow": [
        (["werewolf", "werewolf", "fortune-teller", "witch", "hunter", "cupid", "little-girl",
          "thief", "villager", "villager", "villager", "villager"], {}),
        (["werewolf", "werewolf", "fortune-teller", "witch", "little-girl", "villager",
          "villager", "villager"], {"little-girl-sees": "werewolf"}),
    ],
    "wherewolf": [
        (["pack-leader", "pack-wolf", "vampire", "assassin", "guild-master", "seer", "witch",
          "healer", "wizard", "medium", "madman", "juliet", "priest", "ghoul",
          "vampire-hunter", "guard", "other-guard", "peasant"], {"amulet": True, "sword": True}),
        (["pack-leader", "cursed-wolf", "assassin", "seer", "wizard", "medium", "witch",
          "healer", "mayor", "peasant", "peasant", "sinner"], {}),
    ],
    "licos": [
        (["werewolf", "werewolf", "seer", "hunter", "medium", "madman", "werehamster",
          "villager", "villager", "villager", "villager"], {}),
    ],
    "clocktower": [
        (["no-dashii", "widow", "godfather", "snake-charmer", "fortune-teller", "monk",
          "dreamer", "village-idiot", "empath", "chef", "librarian", "mathematician", "ogre",
          "klutz", "thief"], {}),
        (["fang-gu", "summoner", "evil-twin", "barber", "recluse", "monk", "dreamer",
          "fortune-teller", "banshee", "virgin", "apprentice", "bone-collector"], {}),
    ],
    "in-the-dark": [
        (["werewolf", "alpha-wolf", "vampire", "seer", "vampire-hunter", "sheriff", "romeo",
          "juliet", "villager", "villager", "villager", "villager"], {}),
    ],
}


def night_asks(edition_id: str, roles: list[str], options: dict[str, Any],
               seed: int) -> list[tuple[str, str]]:
    """(night phase, decision name) for every seat's decision asked at night, in the order
    the game asked them."""
    edition = get_edition(edition_id)
    seats = SEATS[: len(roles)]
    game = Game(edition, seats, roles=roles, options=options, seed=seed)
    rng = random.Random(seed)
    agents = {seat: bot_for(seat, random.Random(rng.getrandbits(64)), edition_id)
              for seat in seats}
    views = {seat: SeatView(game, seat) for seat in seats}
    seen: set[int] = set()
    asked: list[tuple[str, str]] = []
    for _ in range(20_000):
        if game.over:
            break
        for decision in sorted(game.open.values(), key=lambda d: d.id):
            if decision.id in seen:
                continue
            seen.add(decision.id)
            if decision.seat not in (STORYTELLER, CLOCK) and "night" in (decision.phase or ""):
                asked.append((decision.phase or "", decision.name))
        decision = game.next_open()
        assert decision is not None
        if decision.seat == STORYTELLER:
            value = decision.suggestion
        elif decision.seat == CLOCK:
            value = True  # the time is up
        else:
            agent = agents[decision.seat]
            agent.observe(events_for(game, agent.seat, agent.cursor))
            agent.cursor = len(game.events)
            value = agent.decide(decision, views[decision.seat])
        game.answer(decision.id, value, seat=decision.seat)
    return asked


def out_of_order(turns: tuple[NightTurn, ...], names: list[str], dawn: set[str]) -> str | None:
    """Walk the night's decisions through its turns, never going back: None if they fit, else
    the first decision that comes too early or has no turn."""
    position = 0
    for name in names:
        later = [i for i in range(position, len(turns)) if name in turns[i].decisions]
        if later:
            position = later[0]
            continue
        if name in dawn:
            position = len(turns)  # the night's turns are over once dawn has begun
            continue
        earlier = [t.id for t in turns if name in t.decisions]
        return (f"{name} asked after the {turns[position].id} turn, though its turn "
                f"({', '.join(earlier)}) comes earlier" if earlier else f"{name} has no turn")
    return None


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_night_decisions_are_asked_in_the_order_of_the_night_table(edition_id: str) -> None:
    edition = get_edition(edition_id)
    assert set(edition.night_order) == {"first", "other"}
    nights_checked = 0
    for roles, options in SETUPS[edition_id]:
        for seed in range(6):
            asked = night_asks(edition_id, roles, options, seed)
            nights: dict[str, list[str]] = {}
            for phase, name in asked:
                nights.setdefault(phase, []).append(name)
            for phase, names in nights.items():
                kind = "first" if phase == "night 1" else "other"
                problem = out_of_order(edition.night_order[kind], names, DAWN[edition_id])
                assert problem is None, f"{edition_id} {phase} (seed {seed}): {problem}"
                nights_checked += 1
    assert nights_checked >= 6


def test_every_night_decision_of_a_card_has_a_turn() -> None:
    for edition in EDITIONS.values():
        in_turns = {d for turns in edition.night_order.values() for t in turns
                    for d in t.decisions}
        for role in edition.roles.values():
            for decision in role.decisions:
                if decision in DAWN[edition.id] or decision in edition.table_decisions \
                        or decision in NOT_AT_NIGHT.get(edition.id, ()):
                    continue
                if decision in in_turns:
                    continue
                # a card's day power (a vote, a defence) is no night turn
                assert not decision.startswith(("claim", "attack", "inspect")), (
                    edition.id, role.id, decision)


def test_the_hunter_is_never_called_at_night_in_millers_hollow() -> None:
    order = get_edition("millers-hollow").night_order
    assert all(t.id != "hunter" for turns in order.values() for t in turns)
    first = [t.id for t in order["first"]]
    assert first.index("thief") < first.index("cupid") < first.index("lovers") < first.index(
        "fortune-teller") < first.index("little-girl") < first.index("werewolf") < first.index(
        "witch")


def test_licos_calls_the_werewolves_the_seer_and_the_hunter_every_night() -> None:
    """licos.txt's night: the werewolves attack, the seer looks, the hunter guards; RULINGS:
    there is no night before day 1, so the first night is called like every other."""
    order = get_edition("licos").night_order
    for kind in ("first", "other"):
        assert [(t.id, t.decisions) for t in order[kind]] == [
            ("werewolf", ("attack",)), ("seer", ("inspect",)), ("hunter", ("guard",))]
    assert order["first"] == order["other"]
    assert "channel:werewolves" in order["other"][0].signs  # the pack talks in its turn


LICOS_RULES = SHARED_RULES / "licos.txt"


@needs_shared(LICOS_RULES)
def test_licos_night_table_calls_whom_its_rules_page_wakes_in_its_order() -> None:
    """licos.txt's "Night" section names, each on a line of its own before what they do,
    who acts at night; the table calls them in that order (those who only wait until
    morning have no turn)."""
    lines = [line.strip() for line in LICOS_RULES.read_text(encoding="utf-8").splitlines()]
    night = lines[lines.index("Night") + 1: lines.index("From the second morning on")]
    # a heading is a short line followed by a sentence (the line after it ends with a stop)
    woken = [line for line, after in zip(night, night[1:], strict=False)
             if line and not line.endswith(".") and after.endswith(".")
             and not line.startswith("Other")]
    order = get_edition("licos").night_order
    for kind in ("first", "other"):
        assert [t.called for t in order[kind]] == woken == ["Werewolves", "Seer", "Hunter"]


def test_licos_asks_the_nights_powers_together_in_the_order_of_its_table() -> None:
    """The LiCOS server asks the night's three powers at once, each within the night's
    length: one batch, in the table's order."""
    edition = get_edition("licos")
    roles = ["werewolf", "hunter", "seer", "villager", "villager", "werewolf", "villager",
             "villager"]
    seats = SEATS[: len(roles)]
    game = Game(edition, seats, roles=roles, seed=3)
    [morning] = game.open.values()
    game.answer(morning.id, True)
    for decision in list(game.open.values()):
        game.answer(decision.id, None, seat=decision.seat)  # everyone abstains at noon
    assert game.phase == "night 1"
    asked = sorted(game.open.values(), key=lambda d: d.id)
    assert sorted(d.name for d in asked) == ["attack", "attack", "guard", "inspect"]
    assert all(d.seconds == edition.options["night-seconds"].default for d in asked)
    opened = [d.name for d in game.open.values()]  # in the order the flow asked them
    assert opened == ["attack", "attack", "inspect", "guard"]


def test_the_night_table_is_in_the_editions_api() -> None:
    from wolfsbane.server.app import _editions

    listed = {e["id"]: e for e in _editions()}
    mh = listed["millers-hollow"]["night_order"]
    assert [t["id"] for t in mh["first"]][:3] == ["thief", "cupid", "lovers"]
    assert mh["other"][0] == {"id": "fortune-teller", "called": "Fortune Teller",
                              "decisions": ["inspect"], "words": mh["other"][0]["words"]}
    assert listed["licos"]["bot_names"][:1] and listed["wherewolf"]["bot_names"]
    licos = listed["licos"]["night_order"]
    assert [t["id"] for t in licos["first"]] == [t["id"] for t in licos["other"]] == [
        "werewolf", "seer", "hunter"]


def test_the_terminal_reads_licos_night_from_its_table() -> None:
    from wolfsbane.terminal.play import night_script

    for first in (True, False):
        script = night_script(get_edition("licos"), first)
        assert [(who, cues[0]) for who, cues, _ in script] == [
            ("werewolf", "attack"), ("seer", "inspect"), ("hunter", "guard")]
        assert script[0][2] == "The werewolves whisper and choose their prey."
