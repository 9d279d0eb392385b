"""An in-process agent over the wire sees what it sees in process: the `ObservedSeatView`
and events rebuilt from a seat's view match `SeatView` and the driver's frozen events."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wolfsbane.agents import SeatView, bot_for, table_for
from wolfsbane.agents.driver import frozen_event
from wolfsbane.client import Connection, InProcessAgent, ObservedSeatView
from wolfsbane.client.playing import engine_event
from wolfsbane.core import Game
from wolfsbane.core.edition import deck_for
from wolfsbane.core.view import view
from wolfsbane.editions import get_edition


def observe(connection: Connection, game: Game, seat: str) -> Any:
    message = {"type": "update", "view": view(game, seat, since=connection.cursor),
               "clock": {}}
    return connection._observe(message)


@pytest.mark.parametrize("edition_id", ["millers-hollow", "licos", "wherewolf", "clocktower"])
def test_the_wire_view_of_a_seat_is_its_seat_view(edition_id: str) -> None:
    edition = get_edition(edition_id)
    players = 9
    seats = [f"P{n}" for n in range(1, players + 1)]
    game = Game(edition, seats, deck=deck_for(edition, players, {}), seed=21)
    agents = {s: bot_for(s, random.Random(n), edition) for n, s in enumerate(seats)}
    table = table_for(game, agents)
    connection = Connection("ws://127.0.0.1:9", "CODE", "token")  # never opened
    compared = 0
    while not game.over and compared < 40:
        asked = [d for d in game.open.values() if d.seat == "P1"]
        if asked:
            observation = observe(connection, game, "P1")
            wire = ObservedSeatView(observation, tuple(edition.roles))
            local = SeatView(game, "P1")
            for name in ("phase", "my_role", "my_team", "edition", "alive", "players",
                         "channels"):
                assert getattr(wire, name) == getattr(local, name), name
            assert dict(wire.revealed) == dict(local.revealed)
            for player in local.players:
                assert wire.public_markers(player) == local.public_markers(player)
            wire_ids = {d.id for d in observation.decisions}
            assert wire_ids == {d.id for d in asked}
            for decision in observation.decisions:
                rebuilt = decision.as_decision()
                truth = game.open[decision.id]
                assert (rebuilt.choices, rebuilt.min, rebuilt.max, rebuilt.optional) == \
                    (truth.choices, truth.min, truth.max, truth.optional)
            compared += 1
        if not table.step():
            break
    assert compared > 0
    events = [engine_event(e) for e in observe(connection, game, "P1").events]
    assert all(type(e.data).__name__ == "FrozenDict" for e in events)


def test_an_in_process_bot_over_the_wire_answers_as_it_would_in_process() -> None:
    """Two twins of one bot (same seed), one fed in process, the other through the wire's
    copies of the same game, give the same answers."""
    edition = get_edition("millers-hollow")
    seats = [f"P{n}" for n in range(1, 9)]
    game = Game(edition, seats, deck=deck_for(edition, 8, {}), seed=8)
    agents = {s: bot_for(s, random.Random(n), edition) for n, s in enumerate(seats)}
    local = bot_for("P1", random.Random(77), edition)
    wired = InProcessAgent(bot_for("P1", random.Random(77), edition))
    table = table_for(game, agents, talk=False)
    connection = Connection("ws://127.0.0.1:9", "CODE", "token")
    fed = 0
    answered: set[int] = set()
    agreed = 0
    while not game.over:
        asked = [d for d in game.open.values() if d.seat == "P1" and d.id not in answered]
        if asked:
            local.observe([frozen_event(e) for e in game.events[fed:] if e.visible_to("P1")])
            fed = len(game.events)
            observation = observe(connection, game, "P1")
            wired.observe(observation)
            for request in observation.new_decisions:
                mine = local.decide(game.open[request.id].detached(), SeatView(game, "P1"))
                assert wired.decide(request, observation) == mine
                answered.add(request.id)
                agreed += 1
        if not table.step():
            break
    assert agreed > 2
