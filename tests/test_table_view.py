"""The table screen of a game around one table hears the day's talk (the bots' claims and
accusations) and nothing secret; a seat's view says how long a message may be and how many it
may still post."""

from __future__ import annotations

import random

from wolfsbane.agents import random_answer
from wolfsbane.core import Game
from wolfsbane.core.view import TABLE_SEAT, public_view, view
from wolfsbane.editions import get_edition
from wolfsbane.editions.millers_hollow import state_of

SEATS = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _to_first_day(game: Game) -> None:
    rng = random.Random(0)
    while not game.phase.startswith("day"):
        decision = game.next_open()
        assert decision is not None
        value = decision.suggestion if decision.seat == "storyteller" else (
            None if decision.optional else random_answer(decision, rng))
        game.answer(decision.id, value, seat=decision.seat)


def test_the_table_screen_hears_the_village_but_not_the_pack() -> None:
    roles = ["werewolf", "werewolf", "fortune-teller", "villager", "villager", "villager",
             "villager", "villager"]
    game = Game(get_edition("millers-hollow"), SEATS, roles=roles, options={"sheriff": False},
                seed=3)
    wolves = [p.name for p in game.players if p.role == "werewolf"]
    state_of(game).werewolves_awake = True
    game.say(wolves[0], "werewolves", "let us eat Cal")
    state_of(game).werewolves_awake = False
    _to_first_day(game)
    speaker = game.alive_names()[0]
    game.say(speaker, "village", {"type": "accuse", "player": game.alive_names()[1]})

    table = public_view(game, seat=TABLE_SEAT)
    said = [e for e in table["events"] if e["kind"] == "Said"]
    assert [e["channel"] for e in said] == ["village"]
    assert said[0]["player"] == speaker
    assert "let us eat" not in str(table)
    # a spectator online sees no talk at all; the numbering of the table screen is its own
    assert not [e for e in public_view(game)["events"] if e["kind"] == "Said"]
    assert [e["index"] for e in table["events"]] == list(range(len(table["events"])))
    assert table["cursor"] == len(table["events"])


def test_a_seat_is_told_its_channels_limits() -> None:
    licos = get_edition("licos")
    roles = ["werewolf", "seer", "villager", "villager", "villager"]
    game = Game(licos, SEATS[:5], roles=roles, seed=1)
    _to_first_day(game)
    seat = game.alive_names()[0]
    limits = view(game, seat)["channel_limits"]
    assert limits["village"] == {"length": 140, "messages_left": 10}
    game.say(seat, "village", "hello")
    assert view(game, seat)["channel_limits"]["village"]["messages_left"] == 9

    mh = Game(get_edition("millers-hollow"), SEATS, options={"sheriff": False}, seed=2,
              deck=get_edition("millers-hollow").recommended_deck(8, {}))
    _to_first_day(mh)
    assert view(mh, mh.alive_names()[0])["channel_limits"]["village"] == {
        "length": 500, "messages_left": None}
