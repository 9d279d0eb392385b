"""Property tests: hundreds of random Millers Hollow games, legal and illegal answers mixed.

Every game is driven by a seeded random player that answers legally most of the time and
illegally now and then (the wrong seat, a choice not offered, a skipped required decision, a
closed decision, garbage of the wrong type, talk where it is not allowed). Along the way and at
the end we check, independently of the engine's own code:

- the game ends within a bound;
- an illegal answer raises IllegalAnswer and changes nothing at all;
- no dead player is asked anything, except the hunter's `shoot` and a dead sheriff's `successor`;
- the winners are those the final state says (recomputed from the rules, not from `check_win`),
  and no phase begins while a team has already won;
- replaying `game.record()` (through JSON) reproduces every event exactly;
- no seat's view holds what that seat may not know. What a seat may know is tracked here from
  the game's state and the answers given, not from the audiences the engine wrote on events.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wolfsbane.agents import random_answer
from wolfsbane.core import ARRANGE, PICK, STORYTELLER, YES_NO, Decision, Game, IllegalAnswer
from wolfsbane.core.game import AUTO, MANUAL
from wolfsbane.core.record import replay
from wolfsbane.core.view import view
from wolfsbane.editions import get_edition

EDITION = get_edition("millers-hollow")
SPECIALS = ("fortune-teller", "witch", "hunter", "cupid", "little-girl", "thief")
STORYTELLER_ONLY_KINDS = frozenset({"DeathCaused", "RoleChanged", "LoversLinked"})
DEAD_MAY_ANSWER = frozenset({"shoot", "successor"})
MAX_STEPS = 20_000  # answers, messages and refused attempts together
MAX_PHASES = 200
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Max",
         "Ned", "Ola", "Pip")


# -- set-ups ------------------------------------------------------------------------------------

@dataclass
class Setup:
    players: int
    deck: list[str]
    options: dict[str, Any]
    seed: int
    storyteller: str
    illegal_rate: float
    talk_rate: float

    @property
    def seats(self) -> list[str]:
        return list(NAMES[: self.players])


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(4, 16))
    wolves = draw(st.integers(1, max(1, players // 3)))
    specials = draw(st.lists(st.sampled_from(SPECIALS), unique=True,
                             max_size=min(len(SPECIALS), players - wolves)))
    deck = ["werewolf"] * wolves + specials + ["villager"] * (players - wolves - len(specials))
    if "thief" in specials:  # two more cards: one deals to the center what nobody holds
        deck += draw(st.lists(st.sampled_from(("villager", "werewolf", "witch", "hunter")),
                              min_size=2, max_size=2))
    options = {
        "sheriff": draw(st.booleans()),
        "little-girl-catch-chance": draw(st.sampled_from((0.0, 0.2, 0.5, 1.0))),
        "little-girl-sees": draw(st.sampled_from(("chat", "werewolf"))),
        "hunter-shoots-on-any-death": draw(st.booleans()),
        "werewolves-win-at-parity": draw(st.booleans()),
    }
    return Setup(
        players=players,
        deck=deck,
        options=options,
        seed=draw(st.integers(0, 2**32 - 1)),
        storyteller=draw(st.sampled_from((AUTO, AUTO, AUTO, MANUAL))),
        illegal_rate=draw(st.sampled_from((0.0, 0.1, 0.3))),
        talk_rate=draw(st.sampled_from((0.0, 0.05, 0.2))),
    )


# -- what a seat may know, tracked outside the engine -----------------------------------------

@dataclass
class Knowledge:
    """What each seat has legitimately learned, from the rules and the answers given."""

    dealt: dict[str, str] = field(default_factory=dict)  # seat -> the card first dealt
    inspected: dict[str, set[tuple[str, str]]] = field(default_factory=dict)  # seer -> seen
    shown: dict[str, set[str]] = field(default_factory=dict)  # little girl -> werewolves shown
    spied: dict[str, set[str]] = field(default_factory=dict)  # girl -> phases she spied in
    last_spied: tuple[str, set[str]] = ("", set())  # the last night a girl spied, and who
    options: dict[str, Any] = field(default_factory=dict)

    def knows_role(self, game: Game, seat: str, name: str, role: str) -> bool:
        player = game.by_name[name]
        me = game.by_name[seat]
        if name == seat:
            return role in (player.role, self.dealt.get(seat))
        if not player.alive:  # every death is announced with the card
            return role == player.role
        if (name, role) in self.inspected.get(seat, ()):
            return True
        if me.role == "werewolf" and role == "werewolf" == player.role:  # the pack
            return True
        return role == "werewolf" == player.role and name in self.shown.get(seat, ())


def _role_pairs(data: dict[str, Any]) -> list[tuple[str, str]]:
    """Every (player, role) an event's data states."""
    pairs: list[tuple[str, str]] = []
    if isinstance(data.get("player"), str) and "role" in data:
        pairs.append((data["player"], data["role"]))
    if data.get("team") == "werewolves" and isinstance(data.get("players"), list):
        pairs.extend((name, "werewolf") for name in data["players"])
    return pairs


def check_view(game: Game, seat: str, since: int, know: Knowledge) -> int:
    """Check one seat's view from event `since` on; return the next cursor."""
    seen = view(game, seat, since)
    me = game.by_name[seat]
    assert seen["you"]["name"] == seat
    assert seen["you"]["role"] in (me.role, know.dealt.get(seat))
    for entry in seen["players"]:
        if entry["name"] != seat:
            assert set(entry.get("markers", ())) <= {"sheriff"}, (seat, entry)
        if "role" in entry:
            assert know.knows_role(game, seat, entry["name"], entry["role"]), (seat, entry)
    for decision in seen["decisions"]:
        assert decision["seat"] == seat, (seat, decision)
    if "werewolves" in seen["channels"]:
        assert me.role == "werewolf" and me.alive, (seat, seen["channels"])
    if seen["channels"]:
        assert me.alive, (seat, seen["channels"])
    for event in seen["events"]:
        kind = event["kind"]
        where = (seat, me.role, event)
        assert kind not in STORYTELLER_ONLY_KINDS, where
        for name, role in _role_pairs(event):
            assert know.knows_role(game, seat, name, role), where
        if kind == "ActionTaken":
            assert event["player"] == seat or (
                me.role == "werewolf" and event["decision"] == "attack"), where
        elif kind == "VictimChosen" or (kind == "Said" and event["channel"] == "werewolves"):
            assert me.role == "werewolf", where
        elif kind == "Overheard":
            assert event["phase"] in know.spied.get(seat, ()), where
            assert know.options["little-girl-sees"] == "chat", where
            assert "player" not in event, where
        elif kind == "InfoGiven":
            about = event.get("about")
            if about == "attack":
                spied = event["phase"] in know.spied.get(seat, ())
                assert me.role == "witch" or spied, where
            elif about == "lover":
                assert me.bonds.get("lover") == event["player"], where
            elif about == "center":
                assert know.dealt.get(seat) == "thief", where
    return seen["cursor"]


# -- the checks on the outcome ---------------------------------------------------------------

def team_of(game: Game, name: str) -> str:
    player = game.by_name[name]
    partner = player.bonds.get("lover")
    if partner is not None:
        wolves = (player.role == "werewolf") + (game.by_name[partner].role == "werewolf")
        if wolves == 1:
            return "lovers"
    return "werewolves" if player.role == "werewolf" else "village"


def expected_winner(game: Game) -> str | None:
    """Who has won in this state, by the rules as RULINGS.md states them; None: nobody yet."""
    living = [p for p in game.players if p.alive]
    if not living:
        return "none"
    lovers = [p for p in game.players if team_of(game, p.name) == "lovers"]
    lovers_alive = bool(lovers) and all(p.alive for p in lovers)
    if lovers_alive and len(living) == 2:
        return "lovers"
    wolves = sum(p.role == "werewolf" for p in living)
    if wolves == 0:
        return "village"
    if wolves == len(living):
        return "werewolves"
    if (game.options["werewolves-win-at-parity"] and not lovers_alive
            and 2 * wolves >= len(living)):
        return "werewolves"
    return None


def check_outcome(game: Game) -> None:
    assert game.over and game.outcome is not None
    winner = expected_winner(game)
    assert game.outcome.winner == winner, (game.outcome, winner, game.players)
    wanted = {p.name for p in game.players if team_of(game, p.name) == winner}
    assert set(game.outcome.winners) == wanted, (game.outcome, wanted)
    assert game.events[-1].kind == "GameWon"
    assert not game.open


def check_replay(game: Game) -> None:
    record = json.loads(json.dumps(game.record()))
    again = replay(record, get_edition)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
    assert again.outcome == game.outcome
    plain = [{k: v for k, v in entry.items() if k != "auto"} for entry in record["log"]]
    assert again.log == plain


# -- illegal answers ------------------------------------------------------------------------------

GARBAGE: tuple[Any, ...] = ({"x": 1}, 3.5, 7, b"Ada", [["Ada"]], ("Ada", ["Bo"]), {"Ada"},
                            object())
NOT_A_WORD = "Nobody-at-all"


def snapshot(game: Game) -> tuple[Any, ...]:
    return (
        [e.key() for e in game.events],
        [e.index for e in game.events],
        repr(game.log),
        [(d.id, d.seat, d.name, d.answered) for d in game.open.values()],
        [(p.name, p.role, p.team, p.alive, sorted(p.markers), sorted(p.used),
          sorted(p.bonds.items()), repr(p.state)) for p in game.players],
        game.phase, list(game.phases), dict(game.revealed), repr(game.state),
        dict(game.said),
        game.rng.getstate(), game.outcome, dict(game._asked), game._waiting,
    )


def illegal_value(decision: Decision, game: Game, rng: random.Random) -> Any | None:
    """A value that `decision` must refuse, or None when none of the kind chosen fits."""
    how = rng.choice(("not-offered", "skip", "garbage"))
    if how == "garbage":
        return rng.choice(GARBAGE)
    if how == "skip":
        if decision.optional:
            return None
        return rng.choice(([], "", "no")) if decision.kind == PICK else "no-thanks"
    if decision.kind == YES_NO:
        return rng.choice(("maybe", 2, "perhaps"))
    if decision.kind == ARRANGE:
        return ["werewolf"] * 40
    outsiders = [name for name in game.by_name if name not in decision.choices]
    outsiders += [NOT_A_WORD, "storyteller"]
    if decision.forbidden:
        outsiders += list(decision.forbidden)
    if decision.max == 1:
        return rng.choice(outsiders)
    picked = list(decision.choices[: decision.max - 1]) + [rng.choice(outsiders)]
    return rng.choice((picked, [decision.choices[0]] * decision.max,
                       list(decision.choices[: decision.max + 1]) + [NOT_A_WORD]))


def try_illegal(game: Game, rng: random.Random, answered: list[int]) -> None:
    decisions = list(game.open.values())
    decision = rng.choice(decisions)
    seats = [p.name for p in game.players]
    how = rng.choice(("wrong-seat", "value", "value", "closed", "talk"))
    attempt: Callable[[], Any]
    if how == "wrong-seat":
        other = rng.choice([s for s in seats + [STORYTELLER, NOT_A_WORD] if s != decision.seat])
        attempt = partial(game.answer, decision.id, random_answer(decision, rng), seat=other)
    elif how == "closed":
        closed = rng.choice(answered) if answered and rng.random() < 0.7 else 10**9
        attempt = partial(game.answer, closed, random_answer(decision, rng))
    elif how == "talk":
        attempt = illegal_talk(game, rng)
    else:
        value = illegal_value(decision, game, rng)
        if value is None and decision.optional:
            return
        attempt = partial(game.answer, decision.id, value, seat=decision.seat)
    before = snapshot(game)
    try:
        attempt()
    except IllegalAnswer:
        pass
    else:
        raise AssertionError(f"{how} on {decision!r} was accepted")
    assert snapshot(game) == before, f"a refused {how} on {decision!r} changed the game"


def illegal_talk(game: Game, rng: random.Random) -> Callable[[], Any]:
    dead = [p.name for p in game.players if not p.alive]
    villagers = [p.name for p in game.players if p.role != "werewolf"]
    choices: list[tuple[str, str, Any]] = [
        (rng.choice(list(game.by_name)), "tavern", "hello"),
        (rng.choice(list(game.by_name)), "village", {"type": "shout"}),
        (rng.choice(list(game.by_name)), "village", {"type": "accuse", "player": NOT_A_WORD}),
        (rng.choice(list(game.by_name)), "village", {"type": "text", "text": "x" * 600}),
    ]
    if dead:
        choices.append((rng.choice(dead), "village", "I am a ghost"))
    if villagers:
        choices.append((rng.choice(villagers), "werewolves", "let me in"))
    if not game.phase.startswith("day"):
        choices.append((rng.choice(list(game.by_name)), "village", "it is night"))
    seat, channel, message = rng.choice(choices)
    return partial(game.say, seat, channel, message)


# -- legal play ---------------------------------------------------------------------------------

def legal_answer(decision: Decision, rng: random.Random) -> Any:
    if decision.kind == ARRANGE:
        return decision.suggestion
    return random_answer(decision, rng)


def talk(game: Game, rng: random.Random) -> None:
    speakers = [(p.name, c) for p in game.players for c in game.channels_for(p.name)]
    if not speakers:
        return
    seat, channel = rng.choice(speakers)
    other = rng.choice(list(game.by_name))
    message = rng.choice(("I trust nobody.", {"type": "accuse", "player": other},
                          {"type": "claim", "role": "villager"},
                          {"type": "vote", "player": None}))
    game.say(seat, channel, message)


def learn(game: Game, decision: Decision, answer: Any, know: Knowledge) -> None:
    """What answering `decision` with `answer` lets its seat know, by the rules."""
    if decision.name == "inspect" and answer is not None:
        know.inspected.setdefault(decision.seat, set()).add((answer, game.by_name[answer].role))
    elif decision.name == "spy" and answer is True:
        know.spied.setdefault(decision.seat, set()).add(decision.phase)
        if know.last_spied[0] != decision.phase:
            know.last_spied = (decision.phase, set())
        know.last_spied[1].add(decision.seat)
    elif decision.name == "show-werewolf" and decision.about is not None:
        know.shown.setdefault(decision.about, set()).add(answer)


def learn_from_automatic_storyteller(game: Game, since: int, know: Knowledge) -> int:
    """The automatic storyteller showed a spying little girl a werewolf: she knows that one.
    (With two girls spying the same night, either may have been shown it.)"""
    for entry in game.log[since:]:
        if entry.get("auto") and entry.get("decision") == "show-werewolf":
            for girl in know.last_spied[1]:
                know.shown.setdefault(girl, set()).add(entry["answer"])
    return len(game.log)


def check_table(game: Game, know: Knowledge) -> None:
    for decision in game.open.values():
        if decision.seat == STORYTELLER:
            assert game.storyteller == MANUAL
            continue
        player = game.by_name[decision.seat]
        if not player.alive:
            assert decision.name in DEAD_MAY_ANSWER, f"dead {player} asked {decision!r}"
        if decision.name == "shoot":
            assert player.role == "hunter" and not player.alive
        if decision.name == "successor":
            assert not player.alive and "sheriff" not in player.markers


def play(setup: Setup) -> Game:
    rng = random.Random(setup.seed ^ 0x5EED)
    game = Game(EDITION, setup.seats, deck=setup.deck, options=setup.options, seed=setup.seed,
                storyteller=setup.storyteller)
    know = Knowledge(options=game.options)
    cursors = dict.fromkeys(setup.seats, 0)
    answered: list[int] = []
    log_seen = 0
    phase = game.phase
    steps = 0
    while not game.over:
        steps += 1
        assert steps < MAX_STEPS and len(game.phases) < MAX_PHASES, "the game does not end"
        assert game.open, "the game waits for nothing, yet is not over"
        if not know.dealt and all(p.role for p in game.players):
            know.dealt = {p.name: p.role for p in game.players}
        if game.phase != phase:
            phase = game.phase
            if phase != "night 1":
                assert expected_winner(game) is None, f"{phase} began after a win"
        check_table(game, know)
        if know.dealt:
            for seat in setup.seats:
                cursors[seat] = check_view(game, seat, cursors[seat], know)
        roll = rng.random()
        if roll < setup.illegal_rate:
            try_illegal(game, rng, answered)
            continue
        if roll < setup.illegal_rate + setup.talk_rate:
            talk(game, rng)
            continue
        decision = rng.choice(list(game.open.values()))
        if decision.name == "attack" and setup.talk_rate and rng.random() < 0.5:
            game.say(decision.seat, "werewolves", {"type": "accuse", "player": decision.seat})
        value = legal_answer(decision, rng)
        game.answer(decision.id, value, seat=decision.seat)
        answered.append(decision.id)
        learn(game, decision, decision.answer, know)
        log_seen = learn_from_automatic_storyteller(game, log_seen, know)
    if not know.dealt:
        know.dealt = {p.name: p.role for p in game.players}
    for seat in setup.seats:  # the whole game again, from the first event
        check_view(game, seat, 0, know)
    return game


# -- the properties ---------------------------------------------------------------------------

@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_games_keep_every_invariant(setup: Setup) -> None:
    game = play(setup)
    check_outcome(game)
    check_replay(game)


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 10))
def test_answers_after_the_end_are_refused(setup: Setup, decision_id: int) -> None:
    setup.illegal_rate = 0.0
    setup.talk_rate = 0.0
    game = play(setup)
    before = snapshot(game)
    for attempt in (lambda: game.answer(decision_id, None),
                    lambda: game.say(setup.seats[0], "village", "hello")):
        try:
            attempt()
        except IllegalAnswer:
            pass
        else:
            raise AssertionError("the game accepted something after its end")
    assert snapshot(game) == before


def test_garbage_of_every_type_is_refused_on_every_decision_kind() -> None:
    """Unhashable garbage (lists in lists, sets, mappings) is refused like any illegal answer."""
    deck = ["werewolf", "werewolf", "cupid", "thief", "witch", "villager", "villager",
            "werewolf", "werewolf"]
    game = Game(EDITION, list(NAMES[:7]), deck=deck, seed=3, storyteller=MANUAL)
    rng = random.Random(1)
    kinds_seen: set[tuple[str, int]] = set()
    while not game.over and len(kinds_seen) < 4:
        decision = next(iter(game.open.values()))
        kinds_seen.add((decision.kind, decision.max))
        for value in GARBAGE:
            before = snapshot(game)
            try:
                game.answer(decision.id, value)
            except IllegalAnswer:
                pass
            else:
                raise AssertionError(f"{value!r} accepted for {decision!r}")
            assert snapshot(game) == before
        game.answer(decision.id, legal_answer(decision, rng))
    assert len(kinds_seen) >= 3


# -- Werewolf in the Dark ---------------------------------------------------------------------
# The same kind of random games, in the dark, against an oracle of its own written from the
# rulings (in-the-dark), not from the engine's code: what each knower may know, that no phone
# shows a death or a body before the night is over, and who wins.

DARK = get_edition("in-the-dark")
DARK_CARDS = ("werewolf", "alpha-wolf", "lone-wolf", "vampire", "minion",
              "mother-of-monsters", "ahab", "moby", "lover", "lover", "seer",
              "vampire-hunter", "sheriff", "romeo", "juliet", "isolde", "tristan")
DARK_MONSTERS = frozenset({"werewolf", "alpha-wolf", "lone-wolf", "vampire", "minion",
                           "mother-of-monsters"})
WOLF_FAMILY = frozenset({"werewolf", "alpha-wolf", "lone-wolf"})
PARTNERS = {"ahab": "moby", "moby": "ahab", "isolde": "tristan", "tristan": "isolde",
            "lover": "lover"}


@st.composite
def dark_setups(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(6, 14))
    specials = draw(st.lists(st.sampled_from(DARK_CARDS), max_size=players - 1))
    deck = ["werewolf"] + specials[: players - 1]
    deck += ["villager"] * (players - len(deck))
    while 2 * sum(card in DARK_MONSTERS for card in deck) >= players:  # a minority at first
        last = max(i for i, card in enumerate(deck) if card in DARK_MONSTERS)
        deck[last] = "villager"
    options = {
        "show-know-on-phones": draw(st.booleans()),
        "mystery-roles": draw(st.booleans()),
        "app-checks-end": draw(st.booleans()),
        "monsters-win": draw(st.sampled_from(("no-longer-a-minority", "majority"))),
    }
    return Setup(players=players, deck=deck, options=options,
                 seed=draw(st.integers(0, 2**32 - 1)),
                 storyteller=draw(st.sampled_from((AUTO, MANUAL))),
                 illegal_rate=draw(st.sampled_from((0.0, 0.1, 0.3))), talk_rate=0.0)


def dark_known(game: Game, seat: str) -> set[str]:
    """Whom `seat` may know from the Know phase, by the rulings' list."""
    me = game.by_name[seat].role
    others = [p for p in game.players if p.name != seat]
    if me in WOLF_FAMILY:
        return {p.name for p in others if p.role in WOLF_FAMILY}
    if me in ("minion", "mother-of-monsters"):
        return {p.name for p in others if p.role in DARK_MONSTERS}
    if me in PARTNERS:
        return {p.name for p in others if p.role == PARTNERS[me]}
    return set()


def dark_winner(game: Game) -> tuple[str, set[str]] | None:
    """The faction that has won and its winners, from the table alone."""
    living = [p for p in game.players if p.alive]
    monsters = sum(p.role in DARK_MONSTERS for p in living)
    last = game.phases[-1]  # a night over without a death: the villagers' win at once
    quiet = game.over and DARK.is_night(last) and not any(
        e.kind == "PlayerDied" and e.phase == last for e in game.events)
    if quiet or monsters == 0:
        faction = "villagers"
    elif (2 * monsters > len(living) if game.options["monsters-win"] == "majority"
          else 2 * monsters >= len(living)):
        faction = "monsters"
    else:
        return None
    found = {e.data["by"] for e in game.events
             if e.kind == "Announced" and e.data.get("about") == "body-found"}
    winners = set()
    for p in game.players:
        if (p.role in DARK_MONSTERS) != (faction == "monsters"):
            continue
        if p.role == "sheriff" and not (p.alive and p.name in found):
            continue
        if p.role in ("romeo", "juliet") and p.alive:
            continue
        winners.add(p.name)
    return faction, winners


def check_dark_view(game: Game, seat: str) -> None:
    seen = view(game, seat)
    me = game.by_name[seat]
    night = DARK.is_night(game.phase)
    for entry in seen["players"]:
        if entry["name"] != seat:
            assert "role" not in entry, (seat, entry)  # no card is ever turned face up
            if night:  # who declared dead still stands on the table until the night ends
                assert entry["alive"] == ("ghost" not in entry.get("markers", ())), entry
    for event in seen["events"]:
        if isinstance(event.get("role"), str) and event.get("player") not in (None, seat):
            raise AssertionError(f"{seat} sees {event['player']}'s card: {event}")
        if event.get("about") == "know":
            assert set(event["players"]) == dark_known(game, seat), (seat, event)
        if event.get("about") in ("dead", "inspect", "vampires"):
            assert event["kind"] == "InfoGiven"
    for decision in seen["decisions"]:
        assert decision["seat"] == seat
        if decision["name"] == "body-found":
            # every other living player, whoever declared dead: no phone shows a body
            assert set(decision["choices"]) == {
                p.name for p in game.players if p.alive and p.name != seat}
        if decision["name"] in ("dead", "body-found", "vote", "inspect"):
            assert me.alive
        if decision["name"] in ("choose-ghost", "guide", "judge"):
            assert not me.alive


def play_dark(setup: Setup) -> Game:
    rng = random.Random(setup.seed)
    game = Game(DARK, setup.seats, roles=setup.deck, options=setup.options, seed=setup.seed,
                storyteller=setup.storyteller)
    answered: list[int] = []
    steps = 0
    while not game.over:
        steps += 1
        assert steps < MAX_STEPS and len(game.phases) < MAX_PHASES, "the game does not end"
        if DARK.is_night(game.phase):
            began = max(e.index for e in game.events if e.kind == "PhaseBegan")
            assert not [e for e in game.events[began:] if e.kind == "PlayerDied"], (
                "a death shows before the night is over")
        if game.options["app-checks-end"]:
            assert dark_winner(game) is None, f"{game.phase} goes on after a win"
        check_dark_view(game, rng.choice(setup.seats))
        if rng.random() < setup.illegal_rate:
            try_illegal(game, rng, answered)
            continue
        decision = rng.choice(list(game.open.values()))
        game.answer(decision.id, legal_answer(decision, rng), seat=decision.seat)
        answered.append(decision.id)
    return game


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dark_setups())
def test_random_dark_games_keep_every_invariant(setup: Setup) -> None:
    game = play_dark(setup)
    for seat in setup.seats:
        check_dark_view(game, seat)
    expected = dark_winner(game)
    assert game.outcome is not None and expected is not None
    assert (game.outcome.winner, set(game.outcome.winners)) == expected
    record = json.loads(json.dumps(game.record()))
    again = replay(record, get_edition)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]
