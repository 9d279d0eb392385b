"""Blood on the Clocktower: the framework's rules (set-up, nights, states, storyteller
decisions, days, wins, views), each test named after the rule it shows, and our own scenarios
under tests/scenarios/clocktower."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wolfsbane.agents import random_answer
from wolfsbane.core import STORYTELLER, Decision, Game, IllegalAnswer
from wolfsbane.core.decision import CLOCK
from wolfsbane.core.game import AUTO, MANUAL
from wolfsbane.core.record import replay
from wolfsbane.core.view import view
from wolfsbane.editions import EDITIONS
from wolfsbane.editions.clocktower import Clocktower
from wolfsbane.editions.clocktower.days import hands, threshold
from wolfsbane.editions.clocktower.health import (
    add_condition,
    character_type,
    healthy,
    is_drunk,
    is_poisoned,
)
from wolfsbane.editions.clocktower.night import NIGHT_ORDER
from wolfsbane.editions.clocktower.script import FIRST_NIGHT, OTHER_NIGHTS
from wolfsbane.editions.clocktower.setup import COUNTS, check_bag, counts_for, suggest_bag
from wolfsbane.editions.clocktower.state import DRUNK, POISONED, Condition, seat_of, state_of
from wolfsbane.scenarios import load_scenario, run_scenario, scenario_files

from .conftest import OWN_SCENARIOS

EDITION = Clocktower()
NAMES = ("Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu",
         "Max", "Ned", "Ola", "Pip", "Quin", "Rae", "Sol")
OWN = OWN_SCENARIOS / "clocktower"


@pytest.fixture(autouse=True)
def clocktower_offered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Clocktower stays among the planned editions until the whole script runs; its tests
    run it as an offered one."""
    monkeypatch.setitem(EDITIONS, "clocktower", EDITION)
    yield


def game(roles: list[str], storyteller: str = MANUAL, seed: int = 1,
         **options: Any) -> Game:
    return Game(EDITION, list(NAMES[:len(roles)]), roles=roles, seed=seed,
                storyteller=storyteller, options=options)


def answer_until(g: Game, name: str) -> Decision:
    """Answer the storyteller's open decisions with their suggestions until `name` is
    asked; return it."""
    for _ in range(200):
        wanted = next((d for d in g.open.values() if d.name == name), None)
        if wanted is not None:
            return wanted
        mine = next(iter(g.open.values()))
        g.answer(mine.id, mine.suggestion if mine.seat == STORYTELLER else mine.choices[0])
    raise AssertionError(f"{name} was never asked")


def answer_suggestions(g: Game, until: str) -> None:
    """Answer the storyteller's open decisions with their suggestions until a seat (or the
    clock) is asked, or the phase `until` begins."""
    while not g.over and g.phase != until:
        open_now = [d for d in g.open.values() if d.seat == STORYTELLER]
        if not open_now:
            return
        g.answer(open_now[0].id, open_now[0].suggestion)


def drive(g: Game, rng: random.Random, max_answers: int = 5000) -> None:
    """Play to the end: every seat answers at random, the storyteller takes its suggestions,
    and a day's clock runs out now and then once only standing questions are left."""
    for _ in range(max_answers):
        if g.over:
            return
        open_now = list(g.open.values())
        waited = [d for d in open_now if not d.standing and d.seat != CLOCK]
        if waited:
            decision = waited[0]
        else:
            clocks = [d for d in open_now if d.seat == CLOCK]
            standing = [d for d in open_now if d.standing]
            if clocks and (not standing or rng.random() < 0.3):
                decision = clocks[0]
            else:
                decision = rng.choice(standing or open_now)
        if decision.seat == CLOCK:
            value: Any = True
        elif decision.seat == STORYTELLER:
            value = decision.suggestion
        else:
            value = random_answer(decision, rng)
        g.answer(decision.id, value, seat=decision.seat)
    raise AssertionError(f"the game did not end within {max_answers} answers")


# -- scenarios -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", scenario_files([OWN]), ids=lambda p: p.stem)
def test_our_clocktower_scenario(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    assert result.status == "PASS", result.detail


def test_we_have_at_least_twenty_five_scenarios_of_our_own() -> None:
    assert len(scenario_files([OWN])) >= 25


# -- set-up --------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(5, 16))
def test_the_automatic_storyteller_fills_a_legal_bag_for_every_count(players: int) -> None:
    rng = random.Random(players)
    for _ in range(40):
        bag, change = suggest_bag(rng, players)
        assert check_bag(players, bag, change) == bag
        drawn = [r for r in bag if r not in ("lil-monsta", "marionette")]
        assert len(drawn) == players


def test_set_up_counts_are_the_base_rules_table() -> None:
    assert COUNTS[5] == (3, 0, 1, 1) and COUNTS[10] == (7, 0, 2, 1) and COUNTS[15] == (9, 2, 3, 1)
    assert all(sum(COUNTS[n]) == n for n in range(5, 16))


def test_every_bracket_is_applied_once() -> None:
    base = counts_for(8, ["no-dashii"])
    assert (base["townsfolk"], base["outsider"], base["minion"], base["demon"]) == (5, 1, 1, 1)
    assert counts_for(8, ["godfather"], 1)["outsider"] == 2
    assert counts_for(8, ["godfather"], -1)["outsider"] == 0
    fang = counts_for(8, ["fang-gu"])
    assert (fang["outsider"], fang["townsfolk"]) == (2, 4)
    summoner = counts_for(8, ["summoner"])
    assert (summoner["demon"], summoner["townsfolk"]) == (0, 6)
    monsta = counts_for(8, ["lil-monsta"])
    assert (monsta["demon"], monsta["minion"]) == (0, 2)
    marionette = counts_for(8, ["marionette", "no-dashii"])
    assert (marionette["minion"], marionette["townsfolk"]) == (0, 6)


def test_an_illegal_bag_is_refused_with_a_sentence() -> None:
    with pytest.raises(IllegalAnswer, match="Townsfolk"):
        check_bag(5, ["no-dashii", "widow", "chef", "empath", "recluse"], 0)
    with pytest.raises(IllegalAnswer, match="twice"):
        check_bag(5, ["no-dashii", "widow", "chef", "chef", "empath"], 0)
    with pytest.raises(IllegalAnswer, match="one token a seat"):
        check_bag(5, ["no-dashii", "widow", "chef"], 0)
    # up to three Village Idiots, which replace Townsfolk
    assert check_bag(5, ["no-dashii", "widow", "village-idiot", "village-idiot", "chef"], 0)


def test_a_drawn_game_deals_the_storytellers_bag() -> None:
    g = Game(EDITION, list(NAMES[:9]), seed=3, storyteller=MANUAL)
    characters = next(d for d in g.open.values() if d.name == "characters")
    assert characters.reason and characters.suggestion
    with pytest.raises(IllegalAnswer):
        g.answer(characters.id, ["chef"] * 9)
    bag = ["fang-gu", "widow", "chef", "empath", "monk", "virgin", "recluse", "klutz", "ogre"]
    g.answer(characters.id, bag)
    assert sorted(p.role for p in g.players) == sorted(bag)


def test_with_the_gardener_the_storyteller_assigns_every_seat() -> None:
    g = Game(EDITION, list(NAMES[:5]), seed=3, storyteller=MANUAL,
             options={"loric": ["gardener"]})
    characters = next(d for d in g.open.values() if d.name == "characters")
    bag = ["chef", "empath", "no-dashii", "monk", "widow"]
    g.answer(characters.id, bag)
    assert [p.role for p in g.players] == bag


def test_an_automatic_game_draws_a_legal_bag_and_plays_to_the_end() -> None:
    for seed in range(8):
        g = Game(EDITION, list(NAMES[:7 + seed]), seed=seed, storyteller=AUTO)
        drawn = [p.role for p in g.players]
        counts = Counter(character_type(r) for r in drawn)
        assert counts["demon"] + counts["minion"] >= 2 or "lil-monsta" in state_of(g).in_play
        drive(g, random.Random(seed))
        assert g.over and g.outcome is not None and g.outcome.winner in ("good", "evil")


def test_players_beyond_fifteen_are_travellers_with_a_secret_alignment() -> None:
    g = Game(EDITION, list(NAMES[:17]), seed=5, storyteller=AUTO)
    travellers = [p for p in g.players if character_type(p.role) == "traveller"]
    assert len(travellers) == 2 and all(p.team in ("good", "evil") for p in travellers)
    announced = [e.data for e in g.events if e.kind == "Announced"
                 and e.data.get("about") == "traveller"]
    assert {a["player"] for a in announced} == {p.name for p in travellers}


def test_lil_monsta_in_play_is_a_setup_decision_when_no_demon_is_dealt() -> None:
    g = game(["chef", "empath", "widow", "godfather", "monk", "virgin", "librarian"])
    asked = next(d for d in g.open.values() if d.name == "lil-monsta")
    assert asked.suggestion is True and asked.reason
    g.answer(asked.id, True)
    answer_suggestions(g, "day 1")
    assert state_of(g).lil_monsta and not state_of(g).evil_info


# -- the night tables ----------------------------------------------------------------------

def test_the_night_tables_are_the_base_rules_order() -> None:
    assert tuple(t.id for t in NIGHT_ORDER["first"]) == FIRST_NIGHT
    assert tuple(t.id for t in NIGHT_ORDER["other"]) == OTHER_NIGHTS
    assert FIRST_NIGHT[0] == "dusk" and FIRST_NIGHT[-1] == "dawn"


def test_a_drunk_player_still_wakes_and_chooses() -> None:
    g = game(["village-idiot", "village-idiot", "fang-gu", "chef", "godfather"])
    drunk_pick = answer_until(g, "drunk-village-idiot")
    g.answer(drunk_pick.id, "Ben")
    answer_suggestions(g, "day 1")
    # the two Village Idiots are woken together, the drunk one like the sober one
    asked = {d.seat: d.name for d in g.open.values() if d.seat != STORYTELLER}
    assert asked == {"Ana": "inspect", "Ben": "inspect"}
    g.answer_for("Ana", "inspect", "Cal")
    assert {d.seat: d.name for d in g.open.values()} == {"Ben": "inspect"}
    assert is_drunk(g, g.by_name["Ben"]) and not healthy(g, g.by_name["Ben"])


# -- states --------------------------------------------------------------------------------

def test_a_state_ends_when_its_source_dies() -> None:
    g = game(["chef", "no-dashii", "widow", "empath", "monk"])
    answer_suggestions(g, "day 1")
    chef, widow = g.by_name["Ana"], g.by_name["Cal"]
    add_condition(g, g.by_name["Eve"], Condition(POISONED, widow.name, "widow"))
    assert is_poisoned(g, g.by_name["Eve"])
    widow.alive = False
    assert not is_poisoned(g, g.by_name["Eve"])
    assert chef.alive


def test_a_state_survives_a_change_of_character() -> None:
    g = game(["chef", "fang-gu", "widow", "empath", "monk"])
    answer_suggestions(g, "day 1")
    eve = g.by_name["Eve"]
    add_condition(g, eve, Condition(DRUNK, None, "minstrel"))
    eve.role = "virgin"
    assert is_drunk(g, eve)
    assert "drunk" in eve.markers


def test_a_state_ends_when_its_source_loses_the_ability() -> None:
    g = game(["chef", "fang-gu", "widow", "empath", "monk"])
    answer_suggestions(g, "day 1")
    widow, eve = g.by_name["Cal"], g.by_name["Eve"]
    add_condition(g, eve, Condition(POISONED, widow.name, "widow"))
    widow.role = "godfather"  # the Widow's ability is gone with her character
    assert not is_poisoned(g, eve)


def test_a_once_per_game_ability_used_while_drunk_is_spent() -> None:
    g = game(["virgin", "chef", "fang-gu", "monk", "godfather"])
    answer_suggestions(g, "day 1")
    virgin = g.by_name["Ana"]
    add_condition(g, virgin, Condition(DRUNK, None, "minstrel"))
    g.answer_for("Ben", "nominate", "Ana")  # a Townsfolk nominates the drunk Virgin
    assert g.by_name["Ben"].alive  # nothing happens...
    assert virgin.has_used("purity")  # ...and the ability is gone
    assert state_of(g).abnormal == ["Ana"]  # it should have worked: the Mathematician counts


# -- storyteller decisions -----------------------------------------------------------------

def _storyteller_decisions(seed: int) -> list[Decision]:
    """Every storyteller decision of a random manual game answered with its suggestions."""
    rng = random.Random(seed)
    g = Game(EDITION, list(NAMES[:rng.randint(5, 15)]), seed=seed, storyteller=MANUAL)
    seen: list[Decision] = []
    for _ in range(4000):
        if g.over:
            break
        open_now = list(g.open.values())
        mine = [d for d in open_now if d.seat == STORYTELLER]
        seen.extend(d for d in mine if d not in seen)
        waited = [d for d in open_now if not d.standing and d.seat != CLOCK]
        decision = (mine[0] if mine else waited[0] if waited
                    else next((d for d in open_now if d.seat == CLOCK), open_now[0]))
        if decision.seat == CLOCK:
            value: Any = True
        elif decision.seat == STORYTELLER:
            value = decision.suggestion
        else:
            value = random_answer(decision, rng)
        g.answer(decision.id, value, seat=decision.seat)
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_every_storyteller_decision_has_a_suggestion_and_a_reason(seed: int) -> None:
    for decision in _storyteller_decisions(seed):
        assert decision.reason, decision.name
        assert decision.suggestion is not None or decision.optional, decision.name
        shown = decision.as_dict_for_storyteller()
        assert shown["reason"] == decision.reason
        assert "reason" not in decision.as_dict()


def test_a_poisoned_players_info_suggests_false_and_says_why() -> None:
    # the No Dashii (Ben) poisons its nearest Townsfolk: Ana, and Dee past the Widow
    g = game(["empath", "no-dashii", "widow", "monk", "chef"])
    info = answer_until(g, "info")
    assert info.about == "Ana"
    assert info.truth == {"number": 1} and info.suggestion != info.truth
    assert info.reason.startswith("Empath Ana is poisoned by the ")
    assert "the No Dashii (Ben)" in info.reason
    assert "the truth is 1" in info.reason


def test_a_healthy_players_info_contradicting_the_truth_is_refused() -> None:
    g = game(["librarian", "recluse", "fang-gu", "empath", "godfather"])
    info = answer_until(g, "info")
    with pytest.raises(IllegalAnswer, match="must be true"):
        g.answer(info.id, {"players": ["Cal", "Dee"], "role": "recluse"})
    with pytest.raises(IllegalAnswer):
        g.answer(info.id, {"colour": "red"})
    g.answer(info.id, {"players": ["Ben", "Cal"], "role": "recluse"})


# -- days ----------------------------------------------------------------------------------

def _day(roles: list[str]) -> Game:
    g = game(roles)
    answer_suggestions(g, "day 1")
    for decision in list(g.open.values()):
        if decision.seat != STORYTELLER and not decision.standing \
                and decision.seat != CLOCK:
            g.answer(decision.id, random_answer(decision, random.Random(0)))
        answer_suggestions(g, "day 1")
    assert g.phase == "day 1"
    return g


def _vote(g: Game, hands_up: set[str]) -> None:
    for decision in [d for d in g.open.values() if d.name == "vote"]:
        g.answer(decision.id, decision.seat in hands_up)


def test_the_block_needs_half_the_living_rounded_up() -> None:
    g = _day(["chef", "fang-gu", "monk", "empath", "godfather"])
    assert threshold(g) == 3
    g.by_name["Dee"].alive = False
    assert threshold(g) == 2


def test_a_dead_players_vote_is_spent_once_used() -> None:
    g = _day(["chef", "fang-gu", "monk", "empath", "godfather"])
    dee = g.by_name["Dee"]
    dee.alive = False
    g.answer_for("Ana", "nominate", "Eve")
    assert any(d.seat == "Dee" and d.name == "vote" for d in g.open.values())
    _vote(g, {"Dee"})
    assert not seat_of(dee).vote_token
    g.answer_for("Cal", "nominate", "Ben")
    assert not any(d.seat == "Dee" for d in g.open.values())


def test_an_empowered_banshee_counts_two_hands_and_nominates_twice() -> None:
    g = _day(["banshee", "fang-gu", "monk", "empath", "godfather"])
    banshee = g.by_name["Ana"]
    seat_of(banshee).empowered = True
    banshee.alive = False
    assert hands(g, banshee) == 2
    g.answer_for("Ana", "nominate", "Eve")
    _vote(g, {"Ana", "Cal"})
    votes = [e.data for e in g.events if e.kind == "Announced"
             and e.data.get("about") == "votes"]
    assert votes[-1]["number"] == 3
    assert seat_of(banshee).vote_token  # she needs no token
    g.answer_for("Ana", "nominate", "Ben")  # a second nomination the same day
    _vote(g, set())


def test_a_voter_the_thief_chose_counts_minus_one() -> None:
    g = _day(["chef", "fang-gu", "monk", "empath", "godfather", "thief"])
    state_of(g).negative["Cal"] = "Fay"
    assert hands(g, g.by_name["Cal"]) == -1
    g.by_name["Fay"].alive = False  # the Thief's ability ends with her
    assert hands(g, g.by_name["Cal"]) == 1


def test_a_dead_player_may_be_executed_and_it_is_the_days_execution() -> None:
    g = _day(["chef", "fang-gu", "monk", "empath", "godfather"])
    g.by_name["Dee"].alive = False
    g.answer_for("Ana", "nominate", "Dee")
    _vote(g, {"Ana", "Cal", "Eve"})
    clock = next(d for d in g.open.values() if d.seat == CLOCK)
    g.answer(clock.id, True)
    answer_suggestions(g, "night 2")
    executed = [e.data["player"] for e in g.events if e.kind == "PlayerExecuted"]
    assert executed == ["Dee"]
    assert not any(e.kind == "PlayerDied" and e.data["player"] == "Dee" for e in g.events)


def test_the_exile_threshold_option_counts_the_living() -> None:
    g = game(["chef", "fang-gu", "godfather", "monk", "empath", "scapegoat"],
             **{"exile-threshold": "living-players"})
    answer_suggestions(g, "day 1")
    for name in ("Ana", "Dee"):
        g.by_name[name].alive = False
    g.answer_for("Ben", "exile", "Fay")
    _vote(g, {"Ben", "Cal"})  # 2 of 4 living: enough; of all six it would not be
    assert not g.by_name["Fay"].alive


def test_nothing_is_asked_once_a_win_holds() -> None:
    g = _day(["chef", "fang-gu", "monk", "empath", "godfather"])
    g.answer_for("Ana", "nominate", "Ben")
    _vote(g, {"Ana", "Cal", "Dee"})
    clock = next(d for d in g.open.values() if d.seat == CLOCK)
    g.answer(clock.id, True)
    assert g.over and g.outcome is not None and g.outcome.winner == "good"
    assert not g.open


def test_evil_wins_when_two_players_are_left_travellers_not_counted() -> None:
    g = _day(["chef", "fang-gu", "monk", "empath", "godfather", "scapegoat"])
    for name in ("Cal", "Dee"):
        g.by_name[name].alive = False
    g.answer_for("Ana", "nominate", "Eve")
    _vote(g, {"Ana", "Ben", "Fay"})
    clock = next(d for d in g.open.values() if d.seat == CLOCK)
    g.answer(clock.id, True)
    assert g.over and g.outcome is not None and g.outcome.winner == "evil"
    assert "two" in g.outcome.reason


# -- views ---------------------------------------------------------------------------------

def test_the_grimoire_is_shown_to_the_storyteller_seat_alone() -> None:
    g = game(["chef", "no-dashii", "widow", "empath", "monk"])
    add_condition(g, g.by_name["Dee"], Condition(POISONED, "Cal", "widow"))
    answer_suggestions(g, "day 1")
    grimoire = view(g, STORYTELLER)["grimoire"]
    assert {s["player"]: s["role"] for s in grimoire["seats"]}["Ben"] == "no-dashii"
    states = {s["player"]: s["states"] for s in grimoire["seats"]}
    assert states["Dee"] and states["Dee"][0]["character"] == "widow"
    for seat in NAMES[:5]:
        seen = view(g, seat)
        assert "grimoire" not in seen
        assert all("poisoned" not in p.get("markers", []) for p in seen["players"])


def _shape(g: Game, seat: str) -> Any:
    """What a seat could notice of its own view: its card and team, the questions it is
    asked (name, kind, choices, wording) and the shape of what it is told."""
    seen = view(g, seat)
    told = [(e["kind"], tuple(sorted((k, type(v).__name__) for k, v in e.items()
                                     if k not in ("index", "kind", "phase"))))
            for e in seen["events"] if e["kind"] in ("InfoGiven", "RoleDealt")]
    asked = [(d["name"], d["kind"], len(d["choices"]), d["prompt"], d["optional"])
             for d in seen["decisions"]]
    return (seen["you"]["role"], seen["you"].get("team"), told, asked,
            sorted(p.get("reminders", []) == [] for p in seen["players"]))


def test_a_drunk_players_view_does_not_differ_from_a_sober_ones() -> None:
    """Three Village Idiots, one of them drunk, and with a No Dashii in half the games one
    more may be poisoned (random seats, random choices): after each night the view of every
    drunk or poisoned one has the same shape as every sober one's."""
    compared = sum(_compare_idiots(seed) for seed in range(16))
    assert compared >= 16


def _compare_idiots(seed: int) -> int:
    rng = random.Random(seed)
    demon = "no-dashii" if seed % 2 else "fang-gu"
    roles = ["village-idiot", "village-idiot", "village-idiot", demon, "godfather",
             "chef", "empath"]
    rng.shuffle(roles)
    g = game(roles, seed=seed, storyteller=AUTO)
    idiots = [p.name for p in g.players if p.role == "village-idiot"]
    compared = 0
    steps = 0
    while not g.over and steps < 400 and state_of(g).night < 4:
        if g.phase.startswith("day"):  # each night's turns are over: compare what it gave
            living = [n for n in idiots if g.by_name[n].alive]
            impaired = [n for n in living if not healthy(g, g.by_name[n])]
            sober = [n for n in living if n not in impaired]
            shapes = {name: _comparable(_shape(g, name)) for name in living}
            for bad in impaired:
                for good in sober:
                    assert shapes[bad] == shapes[good], (bad, good)
                    compared += 1
        open_now = list(g.open.values())
        waited = [d for d in open_now if not d.standing and d.seat != CLOCK]
        decision = waited[0] if waited else next(d for d in open_now if d.seat == CLOCK)
        value = True if decision.seat == CLOCK else random_answer(decision, rng)
        if decision.name == "inspect":
            # every idiot asks about the same player, so that the answers' shapes compare
            value = next(c for c in decision.choices if c not in idiots) \
                if any(c not in idiots for c in decision.choices) else value
        g.answer(decision.id, value, seat=decision.seat)
        steps += 1
    return compared


def _comparable(shape: Any) -> Any:
    role, team, told, asked, _ = shape
    return role, team, told, asked


# -- replay --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_replay_is_exact(seed: int) -> None:
    g = Game(EDITION, list(NAMES[:5 + seed * 3]), seed=seed, storyteller=AUTO)
    drive(g, random.Random(seed))
    again = replay(json.loads(json.dumps(g.record())), lambda _id: EDITION)
    assert [e.key() for e in again.events] == [e.key() for e in g.events]


def test_with_the_ogre_friend_rule_the_ogre_follows_the_friend_unknowing() -> None:
    g = game(["ogre", "fang-gu", "chef", "monk", "godfather"], **{"ogre-friend-rule": True})
    befriend = answer_until(g, "befriend")
    g.answer(befriend.id, "Cal")
    answer_suggestions(g, "day 1")
    ana, cal = g.by_name["Ana"], g.by_name["Cal"]
    assert ana.team == "good"
    cal.team = "evil"  # the friend changes alignment
    from wolfsbane.editions.clocktower.health import sync_markers

    sync_markers(g)
    assert ana.team == "evil"
    assert view(g, "Ana")["you"]["team"] == "good"  # the Ogre is not told


def test_a_traveller_who_joins_gets_an_alignment_at_the_next_dusk() -> None:
    g = game(["chef", "fang-gu", "monk", "empath", "godfather"], storyteller=AUTO)
    assert g.phase == "day 1"
    g.add_seat("Zed", "scapegoat")
    clock = next(d for d in g.open.values() if d.seat == CLOCK)
    g.answer(clock.id, True)
    assert g.by_name["Zed"].team in ("good", "evil")
    assert seat_of(g.by_name["Zed"]).traveller


ABILITY_WHILE_DEAD = frozenset({"nominate", "vote", "exile", "choose"})


@pytest.mark.parametrize("seed", range(6))
def test_nobody_dead_uses_an_ability_that_does_not_work_even_if_dead(seed: int) -> None:
    """Dead players are asked only what the rules leave them: a vote (their token), an exile
    call, the Klutz's choice as she learns she died, an empowered Banshee's nominations."""
    rng = random.Random(seed)
    g = Game(EDITION, list(NAMES[:rng.randint(5, 12)]), seed=seed, storyteller=AUTO)
    for _ in range(5000):
        if g.over:
            break
        for decision in g.open.values():
            if decision.seat in g.by_name and not g.by_name[decision.seat].alive:
                seat = seat_of(g.by_name[decision.seat])
                assert decision.name in ABILITY_WHILE_DEAD or seat.regained, decision
                if decision.name == "nominate":
                    assert seat.empowered
        open_now = list(g.open.values())
        waited = [d for d in open_now if not d.standing and d.seat != CLOCK]
        decision = waited[0] if waited else (
            next(d for d in open_now if d.seat == CLOCK) if rng.random() < 0.4
            else rng.choice(open_now))
        value = True if decision.seat == CLOCK else random_answer(decision, rng)
        g.answer(decision.id, value, seat=decision.seat)
    assert g.over


def test_only_a_traveller_not_yet_in_play_may_join() -> None:
    g = game(["chef", "fang-gu", "monk", "empath", "godfather"], storyteller=AUTO)
    with pytest.raises(IllegalAnswer, match="Nobody may join this game as the Chef"):
        g.add_seat("Zed", "chef")
    g.add_seat("Zed", "thief")
    with pytest.raises(IllegalAnswer):
        g.add_seat("Yan", "thief")
    assert "thief" not in EDITION.joining_roles(g)


def test_a_bag_with_the_godfather_asks_which_way_the_outsiders_change() -> None:
    g = Game(EDITION, list(NAMES[:8]), seed=2, storyteller=MANUAL)
    characters = answer_until(g, "characters")
    bag = ["no-dashii", "godfather", "chef", "empath", "monk", "virgin", "recluse", "klutz"]
    g.answer(characters.id, bag)  # 4 Townsfolk, 2 Outsiders: one Outsider more
    change = answer_until(g, "outsider-count")
    assert change.choices == ("1",) and change.reason
    g.answer(change.id, "1")
    assert state_of(g).outsider_change == 1
    assert sorted(p.role for p in g.players) == sorted(bag)


def test_a_nights_deaths_are_learnt_at_dawn() -> None:
    """The Demon's kill is the storyteller's alone until dawn: every other seat's view still
    has the dead alive, with no death among its events; at dawn the table is told."""
    from wolfsbane.core.view import view

    roles = ["no-dashii", "chef", "empath", "librarian", "godfather"]
    # a timed night (as the server plays it): dawn waits for the night's clock
    g = Game(EDITION, list(NAMES[:5]), roles=roles, seed=1, storyteller=MANUAL,
             night_seconds=45.0)
    answer_suggestions(g, "day 1")
    for _ in range(400):  # through day 1 to the Demon's attack of night 2
        attack = next((d for d in g.open.values() if d.name == "attack"), None)
        if attack is not None:
            break
        d = next(d for d in g.open.values() if not d.standing or d.seat == CLOCK)
        g.answer(d.id, d.suggestion if d.seat == STORYTELLER else True if d.seat == CLOCK
                 else d.default if d.optional else d.choices[0])
    assert attack is not None and g.phase == "night 2"
    prey = next(c for c in attack.choices if c not in ("Ana",))
    g.answer(attack.id, prey)
    assert not g.by_name[prey].alive and g.untold_deaths == [prey]
    for seat in ("Ben", "Cal", "Eve", prey):
        seen = view(g, seat)
        assert next(p for p in seen["players"] if p["name"] == prey)["alive"]
        assert not any(e["kind"] == "PlayerDied" for e in seen["events"])
    assert not next(p for p in view(g, STORYTELLER)["players"] if p["name"] == prey)["alive"]
    for _ in range(400):
        if g.phase == "day 2" or g.over:
            break
        d = next(iter(g.open.values()))
        g.answer(d.id, d.suggestion if d.seat == STORYTELLER else True if d.seat == CLOCK
                 else d.default if d.optional else d.choices[0])
    seen = view(g, "Ben")
    assert not next(p for p in seen["players"] if p["name"] == prey)["alive"]
    assert any(e["kind"] == "PlayerDied" and e.get("player") == prey for e in seen["events"])
