"""The one bot driver (agents.driver.Table): its talk schedule, the copies agents receive, and
the seat bias it removes (issue 11 item 7, issue 15 item 1)."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import Any

import pytest

from wolfsbane.agents import Agent, RandomBot, SeatView, Table, bot_for, play_out
from wolfsbane.core import Decision, Event, Game, IllegalAnswer
from wolfsbane.editions import get_edition
from wolfsbane.sim import simulate
from wolfsbane.terminal.play import Bots

MH = get_edition("millers-hollow")
NAMES = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
BASIC = ["werewolf", "werewolf", "fortune-teller"] + ["villager"] * 5


def said(game: Game, channel: str = "village") -> list[Event]:
    return [e for e in game.events if e.kind == "Said" and e.data["channel"] == channel]


class Chatty(RandomBot):
    """Says one new line each turn it has heard something new, and answers at random."""

    def __init__(self, seat: str, rng: random.Random | None = None) -> None:
        super().__init__(seat, rng)
        self.turns = 0

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        self.turns += 1
        return [f"{self.seat} speaks for the {self.turns}th time"]


class Parrot(RandomBot):
    """Says the same words every turn."""

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        return ["I have nothing to add.", {"type": "vote", "player": game_view.alive[0]}]


def test_the_first_word_of_a_discussion_falls_to_any_seat_alike() -> None:
    first: Counter[str] = Counter()
    for seed in range(150):
        game = Game(MH, NAMES, deck=BASIC, seed=seed, options={"sheriff": False})
        play_out(game, {n: Chatty(n, random.Random(seed * 31 + i)) for i, n in enumerate(NAMES)})
        seen: set[str] = set()
        for event in said(game):
            if event.phase not in seen:
                seen.add(event.phase)
                first[event.data["player"]] += 1
    total = sum(first.values())
    assert total > 300
    # a fair schedule gives each of the 8 seats about 1/8 of the first words; seat order
    # gave them all to the first seat alive
    for name in NAMES:
        assert 0.06 < first[name] / total < 0.19, (name, first)


def test_talk_comes_in_several_rounds_and_every_vote_after_it() -> None:
    game = Game(MH, NAMES, deck=BASIC, seed=4, options={"sheriff": False})
    play_out(game, {n: Chatty(n, random.Random(i)) for i, n in enumerate(NAMES)})
    day = [e for e in said(game) if e.phase == "day 1"]
    turns = Counter(e.data["player"] for e in day)
    dead = {e.data["player"] for e in game.events
            if e.kind == "PlayerDied" and e.phase == "night 1"}
    assert set(turns) == set(NAMES) - dead and all(count >= 2 for count in turns.values()), turns
    # the talk of a round is in a shuffled order, not in seat order
    opening = [e.data["player"] for e in day[:len(turns)]]
    assert sorted(opening) == sorted(turns) and opening != [n for n in NAMES if n in turns]
    # the ballots of a vote come together after the talk: no word between the first and the
    # last, and words just before them
    log = game.log
    votes = [i for i, entry in enumerate(log) if entry.get("decision") == "vote"]
    blocks: list[list[int]] = []
    for index in votes:
        if blocks and not any("say" in entry for entry in log[blocks[-1][-1]:index]):
            blocks[-1].append(index)
        else:
            blocks.append([index])
    assert len(blocks) == sum(1 for phase in game.phases if phase.startswith("day"))
    for block in blocks:
        assert "say" in log[block[0] - 1]


def test_the_talk_order_is_the_games_own() -> None:
    def order(seed: int) -> list[str]:
        game = Game(MH, NAMES, deck=BASIC, seed=seed, options={"sheriff": False})
        play_out(game, {n: Chatty(n, random.Random(i)) for i, n in enumerate(NAMES)})
        return [e.data["player"] for e in said(game)]

    assert order(7) == order(7)
    assert order(7) != order(8)


def test_a_seat_does_not_repeat_itself_within_a_phase() -> None:
    game = Game(MH, NAMES, deck=BASIC, seed=2, options={"sheriff": False})
    play_out(game, {n: Parrot(n, random.Random(i)) for i, n in enumerate(NAMES)})
    lines = Counter((e.phase, e.data["player"], repr(e.data["message"])) for e in said(game))
    assert lines and max(lines.values()) == 1


def test_the_table_keeps_its_bots_within_a_channels_message_limit() -> None:
    licos = get_edition("licos")
    seats = [f"P{i}" for i in range(1, 6)]

    class Talker(RandomBot):
        def talk(self, channel: str, game_view: SeatView) -> list[Any]:
            return [f"line {i}" for i in range(30)]

    game = Game(licos, seats, deck=licos.compositions()["5A"], seed=3)
    play_out(game, {s: Talker(s, random.Random(i)) for i, s in enumerate(seats)})  # strict
    per_phase = Counter((e.phase, e.data["player"]) for e in said(game))
    limit, _length = game.channel("village").limits_in(game)
    assert limit is not None and max(per_phase.values()) == limit


def _vandalise_event(event: Event) -> None:
    data: Any = event.data
    for attempt in (lambda: data.__setitem__("player", "Nobody"),
                    lambda: data.pop("player"),
                    lambda: data.clear(),
                    lambda: data["message"].__setitem__("type", "x"),
                    lambda: data["players"].append("Nobody"),
                    lambda: setattr(event, "kind", "Forged"),
                    lambda: setattr(event, "audience", None),
                    lambda: setattr(event, "data", {})):
        with contextlib.suppress(TypeError, AttributeError, KeyError):
            attempt()


class Vandal(RandomBot):
    """Tries to change everything it is handed; what it may change must be its own copy."""

    def observe(self, events: list[Event]) -> None:
        for event in events:
            _vandalise_event(event)
        events.clear()

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        answer = super().decide(decision, game_view)
        decision.choices = ()
        decision.min = decision.max = 99
        decision.optional = False
        decision.id = -1
        revealed: Any = game_view.revealed
        for attempt in (lambda: revealed.__setitem__("Ana", "werewolf"),
                        lambda: game_view.players.append("Nobody"),
                        lambda: game_view.alive.clear()):
            with contextlib.suppress(TypeError, AttributeError):
                attempt()
        return answer

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        return []


@pytest.mark.parametrize("edition_id,players", [("millers-hollow", 8), ("licos", 9),
                                                 ("wherewolf", 10)])
def test_a_bot_that_mutates_what_it_is_given_changes_nothing_in_the_game(
        edition_id: str, players: int) -> None:
    edition = get_edition(edition_id)
    seats = [f"P{i}" for i in range(1, players + 1)]
    from wolfsbane.core.edition import deck_for

    deck = deck_for(edition, players, {})

    def run(bot: type[RandomBot]) -> Game:
        game = Game(edition, seats, deck=deck, seed=12)
        play_out(game, {s: bot(s, random.Random(i)) for i, s in enumerate(seats)}, talk=False)
        return game

    vandalised, plain = run(Vandal), run(RandomBot)
    assert vandalised.log == plain.log
    assert [e.key() for e in vandalised.events] == [e.key() for e in plain.events]
    assert all(e.kind != "Forged" for e in vandalised.events)


def test_agents_are_handed_frozen_events_and_decision_copies() -> None:
    events: list[Event] = []
    copies: list[bool] = []

    class Keeper(RandomBot):
        def observe(self, batch: list[Event]) -> None:
            events.extend(batch)

        def decide(self, decision: Decision, game_view: SeatView) -> Any:
            live = game.open.get(decision.id)
            copies.append(live is not None and live is not decision
                          and live.as_dict() == decision.as_dict())
            return super().decide(decision, game_view)

    game = Game(MH, NAMES, deck=BASIC, seed=5)
    play_out(game, {n: Keeper(n, random.Random(i)) for i, n in enumerate(NAMES)})
    assert copies and all(copies)
    live_events = {id(e) for e in game.events}
    assert events and not any(id(e) in live_events for e in events)
    said_events = [e for e in events if e.kind == "Said"]
    events[0].kind = "Forged"  # a copy: the game's own event keeps its kind
    assert game.events[events[0].index].kind != "Forged"
    with pytest.raises(TypeError):
        events[0].data["x"] = 1  # type: ignore[index]
    if said_events:
        with pytest.raises(TypeError):
            said_events[0].data["message"]["type"] = "x"


class Broken(Agent):
    """A bot that fails at everything."""

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        raise ValueError("confused")

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        raise ValueError("tongue-tied")


def test_a_failing_bot_does_not_stop_a_game_people_play() -> None:
    game = Game(MH, NAMES, deck=BASIC, seed=6)
    agents: dict[str, Agent] = {n: Broken(n, random.Random(i)) for i, n in enumerate(NAMES)}
    bots = Bots(game, agents)
    assert isinstance(bots.table, Table)
    steps = 0
    while not game.over and steps < 10_000:
        assert bots.step()
        steps += 1
    assert game.over


def test_a_failing_bot_is_found_in_a_simulation() -> None:
    game = Game(MH, NAMES, deck=BASIC, seed=6)
    with pytest.raises((ValueError, IllegalAnswer)):
        play_out(game, {n: Broken(n, random.Random(i)) for i, n in enumerate(NAMES)})


def test_the_table_waits_for_a_person_and_talks_before_they_are_asked() -> None:
    roles = ["werewolf", "werewolf", "fortune-teller"] + ["villager"] * 5  # Ana and Ben hunt
    game = Game(MH, NAMES, roles=roles, seed=9, options={"sheriff": False})
    agents = {n: bot_for(n, random.Random(i), "millers-hollow")
              for i, n in enumerate(NAMES) if n != "Ana"}
    table = Table(game, agents, strict=False)
    while table.step():
        pass
    assert not game.over
    asked = [d for d in game.open.values() if d.seat == "Ana"]
    assert [d.name for d in asked] == ["attack"]
    assert {e.data["player"] for e in said(game, "werewolves")} == {"Ben"}  # the pack talked


# -- the seat bias (issue 15 item 1): a smaller sample than the docs' and a loose bound ------

@pytest.mark.parametrize("edition_id,deck,players,games", [
    ("millers-hollow", "basic", 8, 800),
    ("licos", "5A", 5, 800),
    ("wherewolf", None, 12, 400),
])
def test_no_seat_is_far_from_its_teams_win_rate(edition_id: str, deck: str | None,
                                               players: int, games: int) -> None:
    cards = get_edition(edition_id).compositions().get(deck or "") or deck
    result = simulate(edition_id, cards, players=players, games=games, seed=1000, workers=1)
    for team in result.seat_games:
        mean = result.team_seat_rate(team)
        for seat, (count, rate) in enumerate(zip(result.seat_games[team],
                                                  result.seat_rates(team), strict=True)):
            if count < 60 or rate is None:
                continue  # too few games in that seat to judge
            # the old seat-order talk gave a werewolf in seat 1 about +20 points
            assert abs(rate - mean) < 0.13, (team, seat + 1, rate, mean, count)
