"""The evil side of the Clocktower script (minions.py, demons.py), its Travellers
(travellers.py) and its Fabled and Loric (fabled.py): a test per rule, and every scenario of
ours under tests/scenarios/clocktower with the shared ones."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wolfsbane.agents import RandomBot
from wolfsbane.agents.base import play_out
from wolfsbane.core import STORYTELLER, Game
from wolfsbane.core.decision import CLOCK
from wolfsbane.core.view import events_for
from wolfsbane.editions import EDITIONS
from wolfsbane.editions.clocktower import Clocktower
from wolfsbane.editions.clocktower.demons import fang_gu_has_jumped, no_dashii_neighbours
from wolfsbane.editions.clocktower.health import add_condition, demons, healthy, is_poisoned
from wolfsbane.editions.clocktower.minions import good_twin_of, summoner_pending, twins_both_live
from wolfsbane.editions.clocktower.script import JINXES
from wolfsbane.editions.clocktower.state import POISONED, Condition, state_of
from wolfsbane.scenarios import load_scenario, run_scenario, scenario_files

from .conftest import OWN_SCENARIOS, SHARED_SCENARIOS, needs_shared

OURS = OWN_SCENARIOS / "clocktower"
SHARED = SHARED_SCENARIOS / "clocktower"
EDITION = Clocktower()


@pytest.fixture(autouse=True)
def clocktower_offered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The edition stays planned until the whole script runs: offer it for these tests."""
    monkeypatch.setitem(EDITIONS, "clocktower", EDITION)
    yield


def run(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    assert result.status == "PASS", result.detail


def run_text(tmp_path: Path, text: str) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    run(path)


# -- the scenarios --------------------------------------------------------------------------

@pytest.mark.parametrize("path", scenario_files([OURS]), ids=lambda p: p.stem)
def test_our_clocktower_scenario(path: Path) -> None:
    run(path)


@needs_shared(SHARED)
@pytest.mark.parametrize("name", [
    "chef-librarian-empath-and-a-poisoned-monk",
    "mathematician-counts-what-went-wrong",
    "the-block-ties-and-a-dead-players-last-vote",
])
def test_shared_scenario_with_the_no_dashii_and_the_widow(name: str) -> None:
    run(SHARED / f"{name}.yaml")


def test_every_evil_traveller_fabled_and_loric_character_has_a_scenario_of_ours() -> None:
    texts = "\n".join(path.read_text(encoding="utf-8") for path in scenario_files([OURS]))
    for character in ("godfather", "widow", "summoner", "evil-twin", "marionette",
                      "no-dashii", "fang-gu", "lil-monsta", "apprentice", "bone-collector",
                      "scapegoat", "thief", "djinn", "hells-librarian", "gardener",
                      "bootlegger"):
        assert character in texts, character


# -- a small driver for rule tests ----------------------------------------------------------

def game_of(roles: list[str], seed: int = 3, storyteller: str = "auto",
            **options: Any) -> Game:
    """A game of these characters in seat order (Ana, Ben, Cal...). With a `manual`
    storyteller it waits at its first set-up decision, before anything happens."""
    names = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"][:len(roles)]
    return Game(EDITION, names, roles=roles, options=options, seed=seed,
                storyteller=storyteller)


def sicken(game: Game, name: str) -> None:
    """Poison a player from no character of the table (the way Hell's Librarian would)."""
    add_condition(game, game.by_name[name], Condition(POISONED, None, "hells-librarian"))


Asked = tuple[str, str, str, str, int, str]  # phase, seat, name, kind, choices, prompt


def drive(game: Game, answers: dict[tuple[str, str], Any], until: str) -> list[Asked]:
    """Answer the open decisions (a given answer, else the first legal one; no nominations)
    until the phase `until` begins; return the questions answered."""
    asked: list[Asked] = []
    for _ in range(500):
        if game.over or game.phase == until:
            return asked
        opened = list(game.open.values())
        waited = [d for d in opened if not d.standing and d.seat != CLOCK]
        if waited:
            decision = waited[0]
            key = (decision.seat, decision.name)
            if key in answers:
                value = answers[key]
            elif decision.seat == STORYTELLER:
                value = decision.suggestion
            else:
                value = decision.choices[0] if decision.choices else None
                if decision.kind == "parts":
                    value = {name: part.choices[0] for name, part in (decision.parts or {}
                                                                      ).items()}
        else:
            decision = next(d for d in opened if d.seat == CLOCK or d.name == "nominate")
            value = True if decision.seat == CLOCK else None
        asked.append((decision.phase, decision.seat, decision.name, decision.kind,
                      len(decision.choices), decision.prompt))
        game.answer(decision.id, value, seat=decision.seat)
    raise AssertionError("the game did not reach " + until)


def seen(game: Game, seat: str, phase: str) -> list[tuple[str, Any]]:
    """What `seat` saw during `phase`: each event's kind and data."""
    return [(e.kind, dict(e.data)) for e in events_for(game, seat) if e.phase == phase]


# -- No Dashii ------------------------------------------------------------------------------

def test_no_dashii_poisons_its_nearest_townsfolk_skipping_other_types() -> None:
    # Ana monk | Ben no-dashii | Cal widow | Dee ogre | Eve empath | Fay chef | Gus virgin
    game = game_of(["monk", "no-dashii", "widow", "ogre", "empath", "chef", "virgin"])
    ben = game.by_name["Ben"]
    assert [name for name, _ in no_dashii_neighbours(game, ben)] == ["Ana", "Eve"]
    assert is_poisoned(game, game.by_name["Ana"]) and is_poisoned(game, game.by_name["Eve"])
    assert not is_poisoned(game, game.by_name["Fay"])


def test_no_dashii_poisons_dead_townsfolk_too_and_ends_with_its_death() -> None:
    game = game_of(["monk", "no-dashii", "widow", "ogre", "empath", "chef", "virgin"])
    game.by_name["Ana"].alive = False
    assert is_poisoned(game, game.by_name["Ana"])
    game.by_name["Ben"].alive = False
    assert not is_poisoned(game, game.by_name["Ana"])
    assert not is_poisoned(game, game.by_name["Eve"])


# -- Widow ----------------------------------------------------------------------------------

def test_widow_poison_lasts_while_she_lives() -> None:
    game = game_of(["chef", "fang-gu", "widow", "empath", "klutz", "barber"])
    drive(game, {("Cal", "poison"): "Dee"}, "day 1")
    dee = game.by_name["Dee"]
    assert is_poisoned(game, dee)
    game.by_name["Cal"].alive = False
    assert healthy(game, dee)


def test_the_widows_poison_token_comes_off_the_grimoire_when_she_dies() -> None:
    from wolfsbane.core.deaths import Death, kill
    from wolfsbane.core.reminders import reminders_on

    game = game_of(["chef", "fang-gu", "widow", "empath", "klutz", "barber"])
    drive(game, {("Cal", "poison"): "Dee"}, "day 1")
    dee, cal = game.by_name["Dee"], game.by_name["Cal"]
    assert "poisoned" in [r.token for r in reminders_on(game, dee)]
    for _ in kill(game, [Death(cal, "execution")]):
        pass
    assert healthy(game, dee) and "poisoned" not in dee.markers
    assert "poisoned" not in [r.token for r in reminders_on(game, dee)]
    assert any(e.kind == "ReminderRemoved" and e.data["player"] == "Dee" for e in game.events)


def test_a_poisoned_widows_poison_does_nothing_and_counts_as_abnormal() -> None:
    game = game_of(["chef", "fang-gu", "widow", "empath", "klutz", "barber"],
                   storyteller="manual")
    sicken(game, "Cal")
    drive(game, {("Cal", "poison"): "Dee"}, "day 1")
    assert not is_poisoned(game, game.by_name["Dee"])
    assert "Cal" in [e.data["player"] for e in game.events if e.kind == "Abnormal"]


def test_a_poisoned_widow_sees_the_same_grimoire_as_a_healthy_one() -> None:
    def widow_night_1(sick: bool) -> list[tuple[str, Any]]:
        game = game_of(["chef", "fang-gu", "widow", "empath", "klutz", "barber"],
                       storyteller="manual")
        if sick:
            sicken(game, "Cal")
        drive(game, {("Cal", "poison"): "Dee"}, "day 1")
        return seen(game, "Cal", "night 1")

    healthy_view = widow_night_1(False)
    grimoire = next(data["grimoire"] for kind, data in healthy_view
                    if data.get("about") == "grimoire")
    assert {seat["player"]: seat["role"] for seat in grimoire["seats"]}["Ben"] == "fang-gu"
    assert all("states" not in seat and "healthy" not in seat for seat in grimoire["seats"])
    assert widow_night_1(True) == healthy_view


def test_widow_knows_player_is_told_even_when_the_widow_is_sick() -> None:
    game = game_of(["chef", "fang-gu", "widow", "empath", "klutz", "barber"])
    drive(game, {("Cal", "poison"): "Dee"}, "day 1")
    know = next(r.target for r in game.reminders if r.token == "know")
    assert game.by_name[know].team == "good"
    assert ("InfoGiven", {"about": "widow", "role": "widow"}) in seen(game, know, "night 1")


# -- Godfather ------------------------------------------------------------------------------

def test_godfather_is_told_the_outsiders_in_play() -> None:
    game = game_of(["monk", "no-dashii", "godfather", "ogre", "empath", "chef", "virgin"])
    drive(game, {}, "day 1")
    told = [data for kind, data in seen(game, "Cal", "night 1") if "roles" in data]
    assert {"about": "godfather", "roles": ["ogre"]} in told


# -- Summoner -------------------------------------------------------------------------------

def test_summoner_holds_off_good_until_it_can_no_longer_summon() -> None:
    game = game_of(["chef", "summoner", "empath", "monk", "virgin", "minstrel", "librarian"])
    state = state_of(game)
    assert not demons(game)
    for night in (1, 2, 3):
        state.night = night
        assert summoner_pending(game)
    state.night = 4
    assert summoner_pending(game) is None
    state.night = 2
    game.by_name["Ben"].alive = False
    assert summoner_pending(game) is None


def test_a_summoned_demon_is_evil_and_told_so() -> None:
    game = game_of(["chef", "summoner", "empath", "monk", "virgin", "minstrel", "librarian"])
    drive(game, {("Ben", "summon"): {"player": "Eve", "role": "no-dashii"}}, "day 3")
    eve = game.by_name["Eve"]
    assert (eve.role, eve.team) == ("no-dashii", "evil")
    assert demons(game) == [eve]


# -- Evil Twin ------------------------------------------------------------------------------

def test_evil_twin_is_paired_with_a_good_player() -> None:
    game = game_of(["chef", "no-dashii", "evil-twin", "virgin", "empath", "monk", "librarian"])
    twin = good_twin_of(game, game.by_name["Cal"])
    assert twin is not None and twin.team == "good"


def test_a_poisoned_evil_twin_does_not_hold_off_good() -> None:
    game = game_of(["chef", "no-dashii", "evil-twin", "virgin", "empath", "monk", "librarian"])
    assert twins_both_live(game)
    sicken(game, "Cal")
    assert twins_both_live(game) is None


# -- Fang Gu and Lil' Monsta ----------------------------------------------------------------

def test_fang_gu_jumps_only_once_a_game() -> None:
    game = game_of(["chef", "fang-gu", "widow", "ogre", "empath", "monk", "virgin"])
    drive(game, {("Cal", "poison"): "Eve", ("Fay", "protect"): "Ana",
                 ("Ben", "attack"): "Dee"}, "day 2")
    assert fang_gu_has_jumped(game)
    assert game.by_name["Dee"].role == "fang-gu" and not game.by_name["Ben"].alive


def test_lil_monsta_babysitter_is_the_demon() -> None:
    game = game_of(["chef", "widow", "godfather", "empath", "monk", "klutz", "librarian"])
    drive(game, {("Ben", "babysit"): "Cal", ("Cal", "babysit"): "Cal"}, "day 1")
    assert state_of(game).lil_monsta
    assert [p.name for p in demons(game)] == ["Cal"]
    assert not state_of(game).evil_info


# -- Travellers -----------------------------------------------------------------------------

def test_a_poisoned_thief_makes_no_vote_count_against(tmp_path: Path) -> None:
    run_text(tmp_path, """
title: a poisoned Thief
edition: clocktower
players: [{Ana: chef}, {Ben: no-dashii}, {Cal: widow}, {Dee: monk}, {Eve: virgin},
          {Hal: thief}]
setup: {traveller-alignment: {Hal: evil}, widow-know: Eve}
script:
  - phase: night 1
    actions: {Hal: {steal: Eve}, Cal: {poison: Hal}}
  - phase: day 1
  - phase: night 2
    actions: {Hal: {steal: Dee}, Dee: {protect: Ana}, Ben: {attack: Eve}}
  - phase: day 2
    nominations:
      - {by: Ana, nominee: Cal, votes: [Ana, Dee, Hal]}
    expect:
      announced: {about: votes, player: Cal, number: 3}
      executed: Cal
""")


def test_a_drunk_thiefs_night_looks_like_a_sober_one() -> None:
    def thief_night_2(poisoned: str) -> list[tuple[str, Any]]:
        game = game_of(["chef", "no-dashii", "widow", "monk", "virgin", "thief"], seed=5)
        drive(game, {("Cal", "poison"): poisoned, ("Fay", "steal"): "Dee",
                     ("storyteller", "traveller-alignment"): "evil"}, "day 2")
        assert is_poisoned(game, game.by_name["Fay"]) == (poisoned == "Fay")
        return seen(game, "Fay", "night 2")

    assert thief_night_2("Fay") == thief_night_2("Eve")


def test_scapegoat_is_not_offered_for_a_player_of_the_other_alignment(tmp_path: Path) -> None:
    run_text(tmp_path, """
title: an evil Scapegoat does not die for a good player
edition: clocktower
players: [{Ana: chef}, {Ben: no-dashii}, {Cal: widow}, {Dee: monk}, {Eve: virgin},
          {Hal: scapegoat}]
setup: {traveller-alignment: {Hal: evil}, widow-know: Eve}
script:
  - phase: night 1
    actions: {Cal: {poison: Dee}}
  - phase: day 1
    nominations:
      - {by: Ben, nominee: Ana, votes: [Ben, Cal, Dee]}
    expect:
      executed: Ana
      died: [Ana]
""")


def test_bone_collector_restores_once_a_game() -> None:
    game = game_of(["empath", "fang-gu", "widow", "monk", "klutz", "bone-collector"])
    drive(game, {("Cal", "poison"): "Eve", ("Dee", "protect"): "Eve", ("Ben", "attack"): "Ana",
                 ("storyteller", "traveller-alignment"): "good"}, "day 2")
    drive(game, {("Fay", "restore"): "Ana", ("Dee", "protect"): "Eve",
                 ("Ben", "attack"): "Dee"}, "day 3")
    assert game.by_name["Fay"].has_used("restore")
    drive(game, {("Ben", "attack"): "Eve"}, "day 4")
    assert not game.by_name["Dee"].alive  # a second dead player to restore, were it allowed
    restores = [entry for entry in game.log if entry["decision"] == "restore"]
    assert [entry["answer"] for entry in restores] == ["Ana"]


def test_apprentice_evil_gains_a_minion_ability(tmp_path: Path) -> None:
    run_text(tmp_path, """
title: an evil Apprentice gains the Widow's ability and poisons
edition: clocktower
players: [{Ana: chef}, {Ben: no-dashii}, {Cal: godfather}, {Dee: monk}, {Eve: virgin},
          {Hal: apprentice}]
setup: {traveller-alignment: {Hal: evil}}
script:
  - phase: night 1
    storyteller:
      apprentice-ability: {Hal: widow}
    actions: {Hal: {poison: Dee}}
    expect:
      told:
        Hal: [{about: apprentice, role: widow}, {about: grimoire}]
      status: {Dee: [poisoned]}
""")


# -- Fabled ---------------------------------------------------------------------------------

def test_djinn_announces_each_jinx_of_the_script() -> None:
    game = game_of(["chef", "no-dashii", "widow", "monk", "virgin"])
    jinxes = [e.data for e in game.events if e.kind == "Announced"
              and e.data.get("about") == "jinx"]
    assert [tuple(j["roles"]) for j in jinxes] == [jinx.pair for jinx in JINXES]
    assert all(j["rule"] for j in jinxes)


def test_something_bad_is_decided_once_a_day_and_bots_games_end() -> None:
    for seed in range(4):
        names = [f"P{i}" for i in range(8)]
        game = Game(EDITION, names, options={"fabled": ["djinn", "hells-librarian"]},
                    seed=seed)
        play_out(game, {n: RandomBot(n, random.Random(seed + i)) for i, n in enumerate(names)})
        assert game.over
        days = [p for p in game.phases if p.startswith("day")]
        decided = [e for e in game.events if e.kind == "SomethingBad"]
        assert len(decided) <= len(days)


def test_something_bad_refuses_a_penalty_that_is_not_die_or_drunk(tmp_path: Path) -> None:
    run_text(tmp_path, """
title: something bad is die or drunk
edition: clocktower
options: {fabled: [hells-librarian]}
players: [{Ana: chef}, {Ben: no-dashii}, {Cal: widow}, {Dee: monk}, {Eve: virgin}]
setup: {widow-know: Eve}
script:
  - phase: night 1
    actions: {Cal: {poison: Dee}}
  - phase: day 1
    storyteller:
      something-bad: {Eve: drunk}
    illegal:
      storyteller: {something-bad: {Eve: mute}}
    expect:
      status: {Eve: [drunk]}
""")


def test_bootlegger_announces_no_rule_it_was_not_given() -> None:
    game = game_of(["chef", "no-dashii", "widow", "monk", "virgin"], loric=["bootlegger"])
    announced = [e.data for e in game.events if e.kind == "Announced"
                 and e.data.get("about") == "bootlegger"]
    assert announced == [{"about": "bootlegger", "rules": []}]


# -- a drunk or poisoned evil player's view is a healthy one's -------------------------------

def private_shape(game: Game, asked: list[Asked], seat: str,
                  phases: tuple[str, ...]) -> list[Any]:
    """What `seat` could notice of its own abilities in these phases: the questions it was
    asked (name, kind, number of choices, wording) and the shape of what it was told."""
    told = [(e.phase, tuple(sorted((k, type(v).__name__) for k, v in e.data.items())))
            for e in events_for(game, seat) if e.kind == "InfoGiven" and e.phase in phases]
    return [[a for a in asked if a[1] == seat and a[0] in phases], told]


SICK_CASES = {
    "widow": (["chef", "fang-gu", "widow", "empath", "klutz", "barber"], "Cal",
              {("Cal", "poison"): "Dee"}, ("night 1",)),
    "godfather": (["monk", "no-dashii", "godfather", "ogre", "empath", "chef", "virgin"],
                  "Cal", {}, ("night 1",)),
    "no-dashii": (["chef", "no-dashii", "widow", "monk", "virgin"], "Ben",
                  {("Ben", "attack"): "Eve"}, ("night 1", "night 2")),
    "fang-gu": (["chef", "fang-gu", "widow", "empath", "klutz", "barber"], "Ben",
                {("Ben", "attack"): "Eve"}, ("night 1", "night 2")),
    "summoner": (["chef", "summoner", "empath", "monk", "virgin", "minstrel", "librarian"],
                 "Ben", {("Ben", "summon"): {"player": "Eve", "role": "fang-gu"}},
                 ("night 1", "night 2", "night 3")),
    "evil-twin": (["chef", "no-dashii", "evil-twin", "virgin", "empath", "monk", "librarian"],
                  "Cal", {}, ("night 1",)),
    "thief": (["chef", "no-dashii", "widow", "monk", "virgin", "thief"], "Fay",
              {("Fay", "steal"): "Dee"}, ("night 1", "night 2")),
}


@pytest.mark.parametrize("character", sorted(SICK_CASES))
def test_a_poisoned_evil_or_travelling_players_view_is_a_healthy_ones(character: str) -> None:
    roles, actor, answers, phases = SICK_CASES[character]
    shapes = []
    for sick in (False, True):
        game = game_of(roles, seed=11, storyteller="manual")
        if sick:
            sicken(game, actor)
        asked = drive(game, answers, f"day {len(phases)}")
        assert healthy(game, game.by_name[actor]) != sick or not game.by_name[actor].alive
        shapes.append(private_shape(game, asked, actor, phases))
    assert shapes[0][0] or shapes[0][1], "the actor was asked or told something"
    assert shapes[0] == shapes[1]


# -- replay ---------------------------------------------------------------------------------

REPLAY_BAGS = (
    ["chef", "widow", "godfather", "empath", "monk", "klutz", "librarian", "thief",
     "bone-collector"],  # no Demon dealt: Lil' Monsta
    ["chef", "summoner", "empath", "monk", "virgin", "minstrel", "librarian", "apprentice",
     "scapegoat"],
    ["chef", "fang-gu", "widow", "ogre", "empath", "monk", "barber", "scapegoat", "thief"],
    ["chef", "no-dashii", "evil-twin", "virgin", "empath", "monk", "librarian", "apprentice",
     "bone-collector", "thief"],
)


@pytest.mark.parametrize("seed", range(8))
def test_replay_of_a_game_with_the_evil_side_travellers_and_fabled_is_exact(seed: int) -> None:
    import json

    from wolfsbane.core.record import replay

    bag = REPLAY_BAGS[seed % len(REPLAY_BAGS)]
    names = [f"P{i}" for i in range(len(bag))]
    game = Game(EDITION, names, roles=bag, seed=seed,
                options={"fabled": ["djinn", "hells-librarian"], "loric": ["bootlegger"],
                         "bootlegger-rules": ["A homebrew rule."]})
    play_out(game, {n: RandomBot(n, random.Random(seed * 7 + i)) for i, n in enumerate(names)})
    assert game.over
    again = replay(json.loads(json.dumps(game.record())), lambda _id: EDITION)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]


def test_a_player_the_barber_makes_a_chef_starts_knowing_at_once() -> None:
    """Base rules: a player given a new character gains its ability at once, "you start
    knowing" included: the Barber's swap that makes Eve the Chef tells her the Chef's number."""
    from wolfsbane.core.deaths import Death, kill

    # Ana chef | Ben fang-gu | Cal widow | Dee empath | Eve klutz | Fay barber
    game = game_of(["chef", "fang-gu", "widow", "empath", "klutz", "barber"])
    drive(game, {}, "day 1")
    for _ in kill(game, [Death(game.by_name["Fay"], "execution")]):
        pass
    drive(game, {("Ben", "swap"): ["Ana", "Eve"], ("Ben", "attack"): "Dee"}, "day 2")
    eve = game.by_name["Eve"]
    assert eve.role == "chef" and game.by_name["Ana"].role == "klutz"
    told = [e.data for e in events_for(game, "Eve") if e.phase == "night 2"
            and e.kind == "InfoGiven"]
    assert any(t.get("about") == "you-are" and t.get("role") == "chef" for t in told), told
    assert any(t.get("about") == "chef" and "number" in t for t in told), told
