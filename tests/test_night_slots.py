"""A timed night's turns in fixed slots (core.night.timed_turns): where a game times its nights
(`night_seconds`, what the server gives), every turn of the night's table has its own slot of
the night, whether or not its card was dealt or its holder is alive, and the next turn is called
only when the slot has run out. So when a seat is first asked or told anything in a night (how
many clocks have run out before, and how many seconds into the night) depends on the night's
table and the seat's own turn alone: never on the deal of the other cards, on whether their
holders are alive, or on how fast they answered. Played here on a table that keeps time as the
server does (tests/night_table.py), in simulated seconds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wolfsbane.core import Game
from wolfsbane.core.decision import CLOCK, PHASE, Decision
from wolfsbane.core.night import slot_ends, table_kind
from wolfsbane.editions import EDITIONS, get_edition

from .night_table import Contact, Pace, TimedTable, fast, seeded_answers, slow

NIGHT = 60.0
# In the dark every living player is asked at once as the night begins (LiCOS likewise), and
# a body found ends the night at once: how fast the others answer is the game itself there
# (RULINGS.md, in-the-dark), so the second test holds for the editions with turns only.
ASKED_AS_THE_NIGHT_BEGINS = ("licos", "in-the-dark")
TURN_NIGHTS = sorted(e for e in EDITIONS if e != "in-the-dark")
# Clocktower wakes a player at the step of the character whose ability reaches them, as its
# storyteller does at a table, and what they are then told or asked names that ability: a
# character changed in the night is told its new character at the step of the one that changed
# it (a Barber's swap, a Snake Charmer, the Fang Gu's jump), and a Cannibal is asked the
# executee's question at that character's step. Those moments tell the seat nothing the news
# does not; every other first moment depends on the seat's own card and what it hears alone.
CLOCKTOWER_WOKEN_BY_ANOTHER = {"InfoGiven:you-are"}
CLOCKTOWER_GAINED_ABILITIES = {"cannibal"}


def told_by_its_own_turn(edition_id: str, card: str, what: str) -> bool:
    return edition_id != "clocktower" or (
        what not in CLOCKTOWER_WOKEN_BY_ANOTHER and card not in CLOCKTOWER_GAINED_ABILITIES)


def counts(edition_id: str) -> range:
    edition = get_edition(edition_id)
    return range(edition.min_players, min(edition.max_players, edition.min_players + 7) + 1)


def first_contacts(table: TimedTable) -> dict[tuple[str, str], Contact]:
    return {key: contacts[0] for key, contacts in table.nights.items()}


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_when_a_seat_is_first_asked_or_told_anything_at_night_depends_on_its_own_turn_alone(
    edition_id: str,
) -> None:
    """Across decks of every size, deals, deaths and paces (each seat fast or slow), a seat
    holding a card first hears from the night after the same number of clocks, and is first
    asked something the same number of seconds into the night, whatever the other cards,
    their holders and their speed. (Within its own turn a seat may see the others woken with
    it act, as they would at a table: Wherewolf's pack sees its leader choose.)"""
    edition = get_edition(edition_id)
    heard: dict[tuple[str, str, str], set[int]] = {}
    asked: dict[tuple[str, str, str], set[float]] = {}
    nights = 0
    for players in counts(edition_id):
        for seed in range(5):
            seats = [f"P{i}" for i in range(players)]
            game = Game(edition, seats, seed=seed, night_seconds=NIGHT)
            rng = random.Random(f"{edition_id}:{players}:{seed}")
            table = TimedTable(game, {seat: rng.choice([fast, slow]) for seat in seats})
            table.play(seeded_answers(seed))
            for (seat, night), contacts in table.nights.items():
                card = table.cards[night].get(seat)
                if card is None:
                    continue  # dead as the night began
                kind = table_kind(int(night.split()[-1]))
                if not told_by_its_own_turn(edition_id, card, contacts[0].what):
                    continue
                heard.setdefault((kind, card, contacts[0].what), set()).add(contacts[0].clocks)
                question = next((c for c in contacts if c.what in table.questions), None)
                if question is not None and told_by_its_own_turn(edition_id, card,
                                                                 question.what):
                    asked.setdefault((kind, card, question.what), set()).add(question.offset)
                nights += 1
    assert nights >= 50
    assert {key: sorted(v) for key, v in heard.items() if len(v) > 1} == {}
    assert {key: sorted(v) for key, v in asked.items() if len(v) > 1} == {}
    assert any(offset > 0 for offsets in asked.values() for offset in offsets) or (
        edition_id in ASKED_AS_THE_NIGHT_BEGINS)  # the whole night asked as it begins


def paced_timeline(table: TimedTable, seat: str, night: str,
                   edition_id: str) -> list[tuple[str, int, float | None]]:
    """What `seat` was asked or told in `night`, in order: each thing, the clocks run out
    before it, and how many seconds into the night, where that moment is the night's own. It
    is not in the seat's own turn, where the seat sees those woken with it act as they do
    (the pack's votes, a Clocktower minion's fellows), nor in a Clocktower step that tells the
    seat what another character's ability did (its new character, that a Widow is in play),
    which comes as that character acts, nor once the night's clock has run out, when the
    dawn's deaths call the public's own questions (a hunter's shot, the sheriff's heir)."""
    contacts = table.nights.get((seat, night), [])
    card = table.cards[night].get(seat, "")

    def anothers_step(what: str) -> bool:
        kind, _, about = what.partition(":")
        return (edition_id == "clocktower" and kind == "InfoGiven" and about != card) or (
            not told_by_its_own_turn(edition_id, card, what))

    own_turns = {c.clocks for c in contacts if c.what in table.questions
                 or anothers_step(c.what)}
    return [(c.what, c.clocks,
             None if c.clocks in own_turns or c.offset >= NIGHT else c.offset)
            for c in contacts]


@pytest.mark.parametrize("edition_id", TURN_NIGHTS)
def test_a_seat_learns_nothing_at_night_from_how_fast_the_others_answer(
    edition_id: str,
) -> None:
    """The very same game (same deal, same answers) played twice, once with everybody else
    answering at once and once with everybody else answering at the last moment: each seat is
    asked and told the same things, in the same slots of every night, and outside its own turn
    at the same moments."""
    edition = get_edition(edition_id)
    players = edition.min_players + 3
    seats = [f"P{i}" for i in range(players)]
    nights = 0
    for seed in range(16):
        tables = {}
        for pace in (fast, slow):
            game = Game(edition, seats, seed=seed, night_seconds=NIGHT)
            table = TimedTable(game, {seat: pace for seat in seats[1:]})
            table.play(seeded_answers(seed))
            tables[pace] = table
        assert [e.key() for e in tables[fast].game.events] == [
            e.key() for e in tables[slow].game.events]  # the same game, at another pace
        assert tables[fast].nights.keys() == tables[slow].nights.keys()
        for seat, night in tables[fast].nights:
            assert (paced_timeline(tables[fast], seat, night, edition_id)
                    == paced_timeline(tables[slow], seat, night, edition_id)), (seed, seat, night)
            nights += 1
    assert nights >= 80


MH_DECK = ["werewolf", "werewolf", "fortune-teller", "witch", "villager", "villager",
           "villager", "villager"]
NO_SEER = [card if card != "fortune-teller" else "villager" for card in MH_DECK]
SEATS = [f"P{i}" for i in range(8)]


def pack_asked(deck: list[str], fortune_teller_hanged: bool, pace: Pace) -> list[Contact]:
    """When P0, a werewolf, is asked for the pack's prey in nights 1 and 2."""
    game = Game(get_edition("millers-hollow"), SEATS, roles=deck, seed=4, night_seconds=NIGHT,
                options={"sheriff": False})
    answers = seeded_answers(4)
    seer = "P2"

    def answer(decision: Decision) -> Any:
        if decision.name == "attack":
            return next((c for c in decision.choices if c != seer), None)  # spare P2
        if decision.name == "vote":  # day 1: the village hangs P2 (or nobody)
            return seer if fortune_teller_hanged and seer in decision.choices else None
        if decision.name == "poison" or decision.name == "heal":
            return None
        return answers(decision)

    table = TimedTable(game, {seat: pace for seat in SEATS[1:]})
    table.play(answer, until="day 2")
    assert game.by_name[seer].alive is not fortune_teller_hanged
    return [c for (seat, night), contacts in table.nights.items() if seat == "P0"
            for c in contacts if c.what == "attack"]


def test_the_pack_is_asked_at_the_same_moment_with_or_without_a_fortune_teller() -> None:
    """Millers Hollow's werewolves are told the pack and asked for their prey in their own
    slot: not the moment the fortune teller answers, and not at once where there is none, or
    she is dead."""
    table = get_edition("millers-hollow").night_order
    first = slot_ends(table["first"], NIGHT)
    other = slot_ends(table["other"], NIGHT)
    wolves_first = [t.id for t in table["first"]].index("werewolf")
    wolves_other = [t.id for t in table["other"]].index("werewolf")
    expected = [Contact(round(first[wolves_first - 1], 6), wolves_first, "attack"),
                Contact(round(other[wolves_other - 1], 6), wolves_other, "attack")]
    for deck, hanged in ((MH_DECK, False), (NO_SEER, False), (MH_DECK, True)):
        for pace in (fast, slow):
            asked = pack_asked(deck, hanged, pace)
            assert asked[:2] == expected, (deck, hanged, pace.__name__)


def test_a_timed_turn_s_questions_end_with_its_slot_and_a_clock_with_the_slot() -> None:
    """Each question of a turn that has no window of its own runs out with the turn's slot
    (counted from the night's beginning); a turn's end is a clock of the slot's end; the last
    is the night's own clock, once."""
    edition = get_edition("millers-hollow")
    game = Game(edition, SEATS, roles=MH_DECK, seed=1, night_seconds=NIGHT,
                options={"sheriff": False})
    ends = slot_ends(edition.night_order["first"], NIGHT)
    clocks: list[tuple[str, float | None]] = []
    while game.phase == "night 1" or game.phase == "setup":
        decision = game.next_open()
        assert decision is not None
        if decision.phase == "night 1" and decision.seat != CLOCK:
            assert decision.since == PHASE and decision.seconds in ends
            assert decision.seconds == ends[len(clocks)]
        if decision.seat == CLOCK:
            clocks.append((decision.name, decision.seconds))
        game.answer(decision.id, True if decision.seat == CLOCK else
                    seeded_answers(1)(decision), seat=decision.seat)
    names = ["night-turn"] * (len(ends) - 1) + ["night"]
    assert clocks == list(zip(names, ends, strict=True))
    assert ends[-1] == NIGHT


def test_slots_share_the_night_by_the_table_alone() -> None:
    """A turn that only tells has one share of the night, a turn that asks has two; the slots
    follow one another and the last ends with the night."""
    table = get_edition("millers-hollow").night_order["first"]  # the lovers only learn
    ends = slot_ends(table, 65.0)
    assert ends == [10.0, 20.0, 25.0, 35.0, 45.0, 55.0, 65.0]
    assert slot_ends((), 65.0) == []
