"""Conformance: every edition the registry offers plays random games without breaking the
engine's contract. A new edition is covered the day it is registered.

Each game is driven by a seeded random player that answers legally most of the time and
illegally now and then (another seat's decision, a choice not offered, garbage of the wrong
type, a closed decision, talk where it is not allowed). Along the way and at the end:

- the game ends within a bound, with an outcome;
- an illegal answer raises IllegalAnswer and changes nothing at all;
- nobody dead is asked anything, except what a rule of that edition lets the dead answer;
- replaying the record (through JSON) reproduces every event exactly;
- no seat's view holds what that seat may not know: no event addressed to others or to the
  storyteller only, no other seat's decision, no card of another player that was neither
  turned face up nor told to this seat, and only the seat's own card in its dealing event;
- the views are plain JSON (what the server sends).

Edition-specific knowledge oracles (which cards a seat may know from the rules alone) live in
the editions' own property tests (tests/test_properties.py, tests/test_wherewolf.py).
"""

from __future__ import annotations

import contextlib
import json
import random
from functools import partial
from typing import Any

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core import ARRANGE, PICK, STORYTELLER, YES_NO, Decision, Game, IllegalAnswer
from wolfsbane.core.catalog import BOOLEAN, CHOICE, INTEGER, NUMBER
from wolfsbane.core.decision import CLOCK
from wolfsbane.core.edition import Edition
from wolfsbane.core.game import AUTO, MANUAL
from wolfsbane.core.record import replay
from wolfsbane.core.view import public_view, view
from wolfsbane.editions import EDITIONS, get_edition

from .joining_edition import JoiningEdition
from .joining_edition import editions as joining_editions
from .waiting_edition import CLOCK_VILLAGE

# What the dead may still answer, by the rules of each edition (a rule of that edition's
# rulebook or RULINGS.md names each one). An edition not listed lets the dead answer nothing.
DEAD_MAY_ANSWER: dict[str, frozenset[str]] = {
    # the hunter shoots as he dies; a dying sheriff names a successor
    "millers-hollow": frozenset({"shoot", "successor"}),
    # the cursed wolf curses as he is sent to the stake
    "wherewolf": frozenset({"curse"}),
    # a new ghost keeps a token; the ghosts name their guide and judge the seer's player
    "in-the-dark": frozenset({"choose-ghost", "guide", "judge"}),
    # the dead keep a vote and may call an exile; the Klutz chooses as she learns she died;
    # an empowered Banshee nominates; a player the Bone Collector restored uses their ability
    "clocktower": frozenset({"vote", "exile", "choose", "nominate", "inspect", "charm",
                             "protect", "attack", "steal", "summon", "babysit"}),
}
MAX_STEPS = 20_000  # answers, messages and refused attempts together
NAMES = tuple(f"P{i}" for i in range(1, 31))
NOT_A_WORD = "zzz-not-a-name"
GARBAGE: tuple[Any, ...] = (
    12, -1, 3.5, float("nan"), True, {}, {"player": "x"}, [[]], [None], "", "  ", object(),
)
GAMES_PER_EDITION = 40


def player_counts(edition: Edition) -> list[int]:
    """A spread of table sizes from the edition's smallest to a large one (capped so the
    suite stays quick)."""
    low = edition.min_players
    high = min(edition.max_players, 16)
    return sorted({low, (low + high) // 2, high, min(high, low + 4)})


def random_options(edition: Edition, rng: random.Random) -> dict[str, Any]:
    """A legal value for each yes/no, choice and bounded number option, drawn at random (the
    others keep their defaults: clocks, card lists and variants have tests of their own)."""
    options: dict[str, Any] = {}
    for key, spec in edition.options.items():
        if rng.random() < 0.5:
            continue
        if spec.kind == BOOLEAN:
            options[key] = rng.random() < 0.5
        elif spec.kind == CHOICE and spec.choices:
            options[key] = rng.choice(spec.choices)
        elif spec.kind in (INTEGER, NUMBER) and spec.minimum is not None \
                and spec.maximum is not None:
            value = rng.uniform(spec.minimum, spec.maximum)
            options[key] = round(value) if spec.kind == INTEGER else value
    return options


def new_game(edition: Edition, players: int, seed: int, storyteller: str,
             rng: random.Random, night_seconds: float | None = None) -> Game:
    seats = list(NAMES[:players])
    return Game(edition, seats, options=random_options(edition, rng), seed=seed,
                storyteller=storyteller, night_seconds=night_seconds)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything an answer could change; equal before and after a refused one."""
    return (
        [e.key() for e in game.events],
        repr(game.log),
        [(d.id, d.seat, d.name, d.answered) for d in game.open.values()],
        [(p.name, p.role, p.team, p.alive, sorted(p.markers), sorted(p.used),
          sorted(p.bonds.items()), repr(p.state)) for p in game.players],
        game.phase, list(game.phases), dict(game.revealed), repr(game.state),
        dict(game.said),
        game.rng.getstate(), game.outcome,
    )


def illegal_value(decision: Decision, game: Game, rng: random.Random) -> Any:
    how = rng.choice(("not-offered", "skip", "garbage"))
    if how == "garbage":
        return rng.choice(GARBAGE)
    if how == "skip" and not decision.optional:
        return rng.choice(([], "", "no")) if decision.kind == PICK else "no-thanks"
    if decision.kind == YES_NO:
        return rng.choice(("maybe", 2, "perhaps"))
    if decision.kind == ARRANGE:
        return [NOT_A_WORD] * 40
    outsiders = [name for name in game.by_name if name not in decision.choices]
    outsiders += [NOT_A_WORD, STORYTELLER]
    if decision.max == 1:
        return rng.choice(outsiders)
    return list(decision.choices[: decision.max]) + [rng.choice(outsiders)]


def try_illegal(game: Game, rng: random.Random, closed: list[int]) -> None:
    decision = rng.choice(list(game.open.values()))
    how = rng.choice(("wrong-seat", "value", "value", "closed", "talk"))
    if how == "wrong-seat":
        other = rng.choice([s for s in [*game.by_name, STORYTELLER, NOT_A_WORD]
                            if s != decision.seat])
        attempt = partial(game.answer, decision.id, random_answer(decision, rng), seat=other)
    elif how == "closed":
        stale = rng.choice(closed) if closed and rng.random() < 0.7 else 10**9
        attempt = partial(game.answer, stale, random_answer(decision, rng))
    elif how == "talk":
        seat = rng.choice([*game.by_name])
        channels = [c.name for c in game.edition.channels]
        channel = rng.choice([*channels, "tavern"])
        message = rng.choice(({"type": "shout"}, {"type": "accuse", "player": NOT_A_WORD},
                              "x" * 5000, 7, None))
        attempt = partial(game.say, seat, channel, message)
    else:
        value = illegal_value(decision, game, rng)
        if value is None:
            return
        attempt = partial(game.answer, decision.id, value, seat=decision.seat)
    before = snapshot(game)
    try:
        attempt()
    except IllegalAnswer:
        pass
    else:
        if how != "value":  # a rare garbage value can be legal ("" for an optional pick)
            raise AssertionError(f"{how} on {decision.name} of {decision.seat} was accepted")
        return
    assert snapshot(game) == before, f"a refused {how} on {decision.name} changed the game"


def legal_answer(decision: Decision, rng: random.Random) -> Any:
    if decision.kind == ARRANGE or (decision.seat == STORYTELLER and rng.random() < 0.5):
        return decision.suggestion
    return random_answer(decision, rng)


def talk(game: Game, rng: random.Random) -> None:
    speakers = [(p.name, c) for p in game.players for c in game.channels_for(p.name)]
    if not speakers:
        return
    seat, channel = rng.choice(speakers)
    other = rng.choice([*game.by_name])
    message = rng.choice(("I trust nobody.", {"type": "accuse", "player": other},
                          {"type": "defend", "player": other}))
    with contextlib.suppress(IllegalAnswer):  # a per-phase message limit reached, say
        game.say(seat, channel, message)


def roles_told(events: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """The (player, role) pairs a seat's visible events state."""
    pairs: set[tuple[str, str]] = set()
    for event in events:
        player, role = event.get("player"), event.get("role")
        if isinstance(player, str) and isinstance(role, str):
            pairs.add((player, role))
    return pairs


def check_views(game: Game, cursors: dict[str, int], told: dict[str, set[tuple[str, str]]],
                private_kinds: set[str]) -> None:
    """Each seat's new view (from its cursor) against what it may know."""
    for seat in game.by_name:
        seen = view(game, seat, cursors[seat])
        json.dumps(seen)
        assert seen["seat"] == seat and seen["you"]["name"] == seat
        for decision in seen["decisions"]:
            assert decision["seat"] == seat, f"{seat} sees {decision['seat']}'s decision"
        visible = {e.index for e in game.events if e.audience is None or seat in e.audience}
        numbered = [e["index"] for e in seen["events"]]
        assert numbered == list(range(cursors[seat], cursors[seat] + len(numbered)))
        assert len(visible) == seen["cursor"], f"{seat}'s cursor counts events it cannot see"
        for event in seen["events"]:
            assert event["kind"] not in private_kinds or event.get("player") in (seat, None), (
                f"{seat} sees {event['kind']} about {event.get('player')}")
            if event["kind"] == "RoleDealt":
                assert event.get("player") in (seat, None), f"{seat} sees another's deal"
        told[seat] |= roles_told(seen["events"])
        for entry in seen["players"]:
            if "role" in entry and entry["name"] != seat:
                pair = (entry["name"], entry["role"])
                assert entry["name"] in game.revealed or pair in told[seat], (
                    f"{seat} sees {entry['name']}'s card {entry['role']} without being told")
        cursors[seat] = seen["cursor"]
    public = public_view(game)
    json.dumps(public)
    for entry in public["players"]:
        assert "role" not in entry or entry["name"] in game.revealed


def storyteller_only_kinds(game: Game) -> set[str]:
    """Event kinds this game addressed to the storyteller alone (a seat must never see one
    of these about another player)."""
    return {e.kind for e in game.events if e.audience is not None and not e.audience}


def play(edition: Edition, players: int, seed: int, night_seconds: float | None = None) -> Game:
    rng = random.Random(f"conformance:{edition.id}:{players}:{seed}")
    storyteller = MANUAL if seed % 3 == 0 else AUTO
    game = new_game(edition, players, seed, storyteller, rng, night_seconds)
    cursors = dict.fromkeys(game.by_name, 0)
    told: dict[str, set[tuple[str, str]]] = {seat: set() for seat in game.by_name}
    closed: list[int] = []
    dead_may = DEAD_MAY_ANSWER.get(edition.id, frozenset())
    for _ in range(MAX_STEPS):
        if game.over:
            break
        assert game.open, f"{edition.id}: the game waits with nothing open in {game.phase}"
        for decision in game.open.values():
            if decision.seat not in (STORYTELLER, CLOCK):
                asked = game.by_name[decision.seat]
                assert asked.alive or decision.name in dead_may, (
                    f"{edition.id}: dead {asked.name} ({asked.role}) asked {decision.name}")
        roll = rng.random()
        if roll < 0.15:
            try_illegal(game, rng, closed)
            continue
        if roll < 0.3:
            talk(game, rng)
            continue
        if roll < 0.4 and edition.seats_may_join:
            join(game, rng, cursors, told)
            continue
        decision = rng.choice(list(game.open.values()))
        game.answer(decision.id, legal_answer(decision, rng), seat=decision.seat)
        closed.append(decision.id)
        if rng.random() < 0.3:
            check_views(game, cursors, told, storyteller_only_kinds(game))
    else:
        raise AssertionError(f"{edition.id}: no end after {MAX_STEPS} steps")
    assert game.outcome is not None
    check_views(game, cursors, told, storyteller_only_kinds(game))
    return game


def edition_by_id(edition_id: str) -> Edition:
    """The registry, and the test edition that waits on first answers, standing decisions
    and clocks (tests/waiting_edition.py), which no registry offers."""
    return CLOCK_VILLAGE if edition_id == CLOCK_VILLAGE.id else get_edition(edition_id)


def join(game: Game, rng: random.Random, cursors: dict[str, int],
         told: dict[str, set[tuple[str, str]]]) -> None:
    """A seat joins (a Traveller), or tries to join under a name already taken and is
    refused without any change."""
    taken = rng.choice([*game.by_name])
    before = snapshot(game)
    with pytest.raises(IllegalAnswer):
        game.add_seat(taken, rng.choice(sorted(game.edition.roles)))
    assert snapshot(game) == before, "a refused seat changed the game"
    roles = game.edition.joining_roles(game)
    if not roles:
        return  # the table is full
    name = f"J{len(game.players) + 1}"
    game.add_seat(name, rng.choice(roles))
    cursors[name] = 0
    told[name] = set()


def check_replay(game: Game, editions: Any = edition_by_id) -> None:
    record = json.loads(json.dumps(game.record()))
    again = replay(record, editions)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
    assert again.outcome == game.outcome


CASES = [
    pytest.param(edition_id, players, seed, id=f"{edition_id}-{players}p-seed{seed}")
    for edition_id, edition in [*sorted(EDITIONS.items()), (CLOCK_VILLAGE.id, CLOCK_VILLAGE)]
    for players in player_counts(edition)
    for seed in range(GAMES_PER_EDITION // len(player_counts(edition)) + 1)
]


@pytest.mark.parametrize(("edition_id", "players", "seed"), CASES)
def test_every_edition_conforms(edition_id: str, players: int, seed: int) -> None:
    game = play(edition_by_id(edition_id), players, seed)
    check_replay(game)


# An answer the rules let end a night before its clock: in the dark, "a body found ends the
# night" at once (RULINGS.md, in-the-dark), so such a night logs no end of its clock; in
# Clocktower the storyteller may end a certain game at dawn (`end-game`), before the clock.
NIGHT_CUT_SHORT_BY = {"in-the-dark": "body-found", "clocktower": "end-game"}

TIMED_CASES = [
    pytest.param(edition_id, players, seed, id=f"{edition_id}-{players}p-seed{seed}")
    for edition_id, edition in sorted(EDITIONS.items())
    for players in player_counts(edition)
    for seed in range(2)
]


@pytest.mark.parametrize(("edition_id", "players", "seed"), TIMED_CASES)
def test_every_edition_conforms_where_dawn_waits_for_the_night_clock(
    edition_id: str, players: int, seed: int,
) -> None:
    """The server's games (`night_seconds`): the same contract, the night clocks replayed."""
    game = play(edition_by_id(edition_id), players, seed, night_seconds=60.0)
    cut_short_by = NIGHT_CUT_SHORT_BY.get(edition_id)
    assert any(entry.get("seat") == CLOCK and entry.get("decision") == "night"
               or (cut_short_by is not None and entry.get("decision") == cut_short_by
                   and entry.get("answer") not in (None, False, "no"))
               for entry in game.log) or not any(game.edition.is_night(p) for p in game.phases)
    check_replay(game)


@pytest.mark.parametrize("edition_id", [*sorted(EDITIONS), CLOCK_VILLAGE.id])
def test_nothing_is_asked_once_the_game_is_over(edition_id: str) -> None:
    edition = edition_by_id(edition_id)
    game = play(edition, edition.min_players + 2, 1)
    assert not game.open
    with pytest.raises(IllegalAnswer):
        game.answer(1, None)
    with pytest.raises(IllegalAnswer):
        game.say(next(iter(game.by_name)), game.edition.channels[0].name, "hello")


def test_seats_joining_during_random_play_conform() -> None:
    """Seats join at random moments of random play: everything above still holds, the ids
    stay unique and the replay adds them where they joined."""
    joined = 0
    for seed in range(12):
        players = 4 + seed % 4
        game = play(JoiningEdition(), players, seed)
        joins = [entry for entry in game.log if "add_seat" in entry]
        assert len(game.players) == players + len(joins)
        joined += len(joins)
        ids = [entry["id"] for entry in game.log if "id" in entry]
        assert len(set(ids)) == len(ids)
        check_replay(game, joining_editions)
    assert joined >= 12, f"only {joined} seats joined in 12 games"
