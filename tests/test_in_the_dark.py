"""Werewolf in the Dark: each rule of RULINGS.md (in-the-dark) and of the rulebook as we run
it (docs/in-the-dark.md), one test named after each."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from wolfsbane.agents import bot_for, play_out, random_answer
from wolfsbane.cli import app
from wolfsbane.core import STORYTELLER, Decision, Game, IllegalAnswer, SetupError
from wolfsbane.core.decision import CLOCK, PHASE
from wolfsbane.core.game import AUTO, MANUAL
from wolfsbane.core.record import replay
from wolfsbane.core.view import view
from wolfsbane.editions import get_edition
from wolfsbane.editions.in_the_dark.presets import monsters_for

DARK = get_edition("in-the-dark")
NAMES = ("Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kit", "Lu")


def dark(roles: list[str], options: dict[str, Any] | None = None, seed: int = 0,
         storyteller: str = MANUAL) -> Game:
    return Game(DARK, list(NAMES[: len(roles)]), roles=roles, options=options or {},
                seed=seed, storyteller=storyteller)


def open_named(game: Game, name: str, seat: str | None = None) -> Decision:
    """The open decision `name` (of `seat`), once the storyteller's draws before it are made
    (their suggestions)."""
    def matching() -> list[Decision]:
        return [d for d in game.open.values() if d.name == name and seat in (None, d.seat)]

    while not matching() and seat != STORYTELLER and (pending := [
            d for d in game.open.values() if d.seat == STORYTELLER]):
        game.answer(pending[0].id, pending[0].suggestion)
    found = matching()
    assert found, f"{name} is not asked of {seat or 'anyone'}; open: {list(game.open.values())}"
    return found[0]


def answer(game: Game, seat: str, name: str, value: Any) -> None:
    game.answer(open_named(game, name, seat).id, value, seat=seat)


def run_out(game: Game, name: str) -> None:
    """The clock `name` runs out."""
    clock = open_named(game, name, CLOCK)
    game.answer(clock.id, True, seat=CLOCK)


def settle(game: Game, until: str) -> None:
    """Play on until phase `until` asks something: storyteller suggestions, clocks running
    out, every waited-on question at its default; standing questions are left alone."""
    for _ in range(500):
        if game.over or (game.phase == until and any(
                d.phase == until and d.seat not in (CLOCK, STORYTELLER)
                for d in game.open.values())):
            return
        waited = [d for d in game.open.values() if d.seat not in (CLOCK,) and not d.standing]
        if waited:
            decision = waited[0]
            value = decision.suggestion if decision.seat == STORYTELLER else decision.default
            game.answer(decision.id, value, seat=decision.seat)
            continue
        clocks = [d for d in game.open.values() if d.seat == CLOCK]
        assert clocks, f"stuck in {game.phase}"
        if game.phase == until and game.edition.is_night(until):
            return  # the night has begun: its standing questions are open
        game.answer(clocks[0].id, True, seat=CLOCK)
    raise AssertionError(f"{until} never came")


def night_with(game: Game, dead: list[str], finder: str | None, number: int = 1) -> None:
    """Night `number`: `dead` declare, then `finder` finds the first (or the time runs out)."""
    settle(game, f"night {number}")
    assert game.phase == f"night {number}"
    for body in dead:
        answer(game, body, "dead", True)
    if finder is None:
        run_out(game, "night")
    else:
        answer(game, finder, "body-found", dead[0])


def told(game: Game, seat: str, **wanted: Any) -> list[dict[str, Any]]:
    return [e.data for e in game.events if e.kind == "InfoGiven" and e.audience is not None
            and seat in e.audience and all(e.data.get(k) == v for k, v in wanted.items())]


def announced(game: Game, **wanted: Any) -> list[dict[str, Any]]:
    return [e.data for e in game.events if e.kind == "Announced"
            and all(e.data.get(k) == v for k, v in wanted.items())]


SIX = ["werewolf", "villager", "villager", "villager", "villager", "villager"]


# -- phases and the deck -------------------------------------------------------------------------

def test_the_phases_are_know_then_night_day_and_dusk_in_turn() -> None:
    game = dark(SIX)
    night_with(game, ["Ben"], "Cal")
    settle(game, "night 2")
    assert game.phases[1:] == ["know", "night 1", "day 1", "dusk 1", "night 2"]
    assert [DARK.phase_kind(p) for p in game.phases[1:]] == [
        "know", "night", "day", "dusk", "night"]


def test_presets_deal_one_monster_for_up_to_nine_villagers_from_6_to_30() -> None:
    assert [monsters_for(n) for n in (6, 10, 11, 20, 21, 30)] == [1, 1, 2, 2, 3, 3]
    for preset in DARK.presets:
        for players in range(6, 31):
            deck = DARK.preset(preset, players)
            assert len(deck) == players
            catalog = DARK.catalog({})
            monsters = [r for r in deck if catalog[r].team == "monsters"]
            assert len(monsters) == monsters_for(players), (preset, players)
            assert all(catalog[r].traits["dagger"] != "none" for r in monsters)
            DARK.check_deck(players, deck, {})
    for pair in (("ahab", "moby"), ("romeo", "juliet"), ("isolde", "tristan")):
        deck = DARK.preset("full", 30)
        assert deck.count(pair[0]) == deck.count(pair[1])
    with pytest.raises(SetupError):
        DARK.preset("standard", 5)


def test_default_factions_and_daggers_follow_the_rulings() -> None:
    roles = DARK.roles
    for wolf in ("werewolf", "alpha-wolf", "lone-wolf"):
        assert (roles[wolf].team, roles[wolf].traits["dagger"]) == ("monsters", "dagger")
    assert (roles["vampire"].team, roles["vampire"].traits["dagger"]) == ("monsters", "white")
    for knower in ("minion", "mother-of-monsters"):
        assert (roles[knower].team, roles[knower].traits["dagger"]) == ("monsters", "none")
    for villager in ("villager", "ahab", "moby", "isolde", "tristan", "abomination",
                     "dr-frankenstein", "lover", "seer", "vampire-hunter", "sheriff", "romeo",
                     "juliet"):
        assert (roles[villager].team, roles[villager].traits["dagger"]) == ("villagers", "none")


# -- know ------------------------------------------------------------------------------------

def test_each_knowing_character_is_told_whom_they_know_with_show_know_on_phones() -> None:
    game = dark(["werewolf", "vampire", "minion", "mother-of-monsters", "ahab", "moby",
                 "lover", "lover", "abomination", "dr-frankenstein", "isolde", "tristan"],
                {"show-know-on-phones": True})
    knows = {seat: sorted(told(game, seat, about="know")[0]["players"])
             for seat in NAMES if told(game, seat, about="know")}
    assert knows == {
        "Ana": [],  # the only werewolf: the vampire is no werewolf
        "Cal": ["Ana", "Ben", "Dee"],  # the minion knows every monster
        "Dee": ["Ana", "Ben", "Cal"],  # so does the mother of monsters
        "Eve": ["Fay"], "Fay": ["Eve"], "Gus": ["Hal"], "Hal": ["Gus"],
        "Ivy": ["Jon"], "Jon": ["Ivy"], "Kit": ["Lu"], "Lu": ["Kit"],
    }
    assert not told(game, "Ben", about="know")  # the vampire knows nobody


def test_without_show_know_on_phones_nobody_is_told_whom_they_know() -> None:
    game = dark(["werewolf", "alpha-wolf", "ahab", "moby", "villager", "villager"])
    assert not [e for e in game.events if e.kind == "InfoGiven" and e.data.get("about") == "know"]


def test_the_know_script_calls_the_dealt_knowing_characters_and_shows_the_deck() -> None:
    game = dark(["werewolf", "alpha-wolf", "minion", "ahab", "moby", "seer"])
    calls = [a["roles"] for a in announced(game, about="know-call")]
    assert calls == [["werewolf", "alpha-wolf"], ["minion"], ["ahab", "moby"]]
    assert announced(game, about="composition")[0]["roles"] == sorted(
        ["werewolf", "alpha-wolf", "minion", "ahab", "moby", "seer"])


def test_mystery_roles_hide_the_deck_and_call_every_possible_knowing_character() -> None:
    game = dark(SIX, {"mystery-roles": True})
    calls = [a["roles"] for a in announced(game, about="know-call")]
    assert ["werewolf", "alpha-wolf", "lone-wolf"] in calls
    assert ["lover"] in calls and ["minion"] in calls and ["mother-of-monsters"] in calls
    assert ["isolde", "tristan"] in calls
    assert not announced(game, about="composition")


def test_the_night_begins_once_the_guide_has_had_the_time_to_read_the_know_calls() -> None:
    # "Start an 8 minute timer ... Turn off the last light": the night's countdown starts in
    # the dark, after the calls, not while the knowing characters still have their eyes open
    game = dark(["werewolf", "alpha-wolf", "minion", "ahab", "moby", "seer"],
                {"know-seconds": 15})
    assert game.phase == "know"
    reading = open_named(game, "know", CLOCK)
    assert reading.seconds == 15 * 3  # three calls: the wolves, the minion, Ahab and Moby
    assert not [d for d in game.open.values() if d.name == "night"]
    run_out(game, "know")
    assert game.phase == "night 1"


def test_no_know_calls_or_know_seconds_zero_go_straight_to_the_night() -> None:
    assert dark(["seer"] + ["villager"] * 5).phase == "night 1"  # nobody knows anyone
    assert dark(SIX, {"know-seconds": 0}).phase == "night 1"


def test_a_scenario_may_begin_at_the_first_night_past_the_know_calls(tmp_path: Any) -> None:
    from wolfsbane.scenarios.loader import load_scenario
    from wolfsbane.scenarios.runner import run_scenario

    path = tmp_path / "night-first.yaml"
    path.write_text("""title: A script that starts with the night
edition: in-the-dark
players: [{Ana: werewolf}, {Ben: villager}, {Cal: villager}, {Dee: villager},
          {Eve: villager}, {Fay: villager}]
script:
  - phase: night 1
    actions: {Ben: {dead: yes}, Cal: {body-found: Ben}}
    expect: {died: [Ben], over: false}
""", encoding="utf-8")
    result = run_scenario(load_scenario(path))
    assert result.status == "PASS", result.line()


# -- the night ---------------------------------------------------------------------------------

def test_the_night_countdown_is_a_clock_of_night_seconds_from_the_nights_beginning() -> None:
    game = dark(SIX, {"night-seconds": 300})
    settle(game, "night 1")
    countdown = open_named(game, "night", CLOCK)
    assert (countdown.seconds, countdown.since, countdown.phase) == (300.0, PHASE, "night 1")
    assert DARK.night_seconds(game) == 300.0
    for seat in NAMES[:6]:
        assert open_named(game, "dead", seat).standing
        assert open_named(game, "body-found", seat).standing


def test_body_found_ends_the_night_at_once() -> None:
    game = dark(SIX)
    night_with(game, ["Ben", "Dee"], "Cal")
    assert game.phase == "day 1"
    assert announced(game, about="body-found") == [
        {"about": "body-found", "player": "Ben", "by": "Cal"}]
    assert {e.data["player"] for e in game.events if e.kind == "PlayerDied"} == {"Ben", "Dee"}


def test_body_found_must_name_a_player_who_declared_dead_this_night() -> None:
    game = dark(SIX)
    settle(game, "night 1")
    answer(game, "Ben", "dead", True)
    find = open_named(game, "body-found", "Cal")
    before = (len(game.events), len(game.log), sorted(game.open))
    for wrong in ("Dee", "Cal", "Nobody"):
        with pytest.raises(IllegalAnswer) as refused:
            game.answer(find.id, wrong, seat="Cal")
        assert "Ben" not in str(refused.value)  # a refusal names no body
    assert (len(game.events), len(game.log), sorted(game.open)) == before
    game.answer(find.id, "Ben", seat="Cal")
    assert game.phase == "day 1"


def test_no_phone_shows_who_declared_dead() -> None:
    game = dark(SIX)
    settle(game, "night 1")
    before = {seat: view(game, seat)["decisions"] for seat in ("Cal", "Dee")}
    answer(game, "Ben", "dead", True)
    for seat in ("Cal", "Dee"):
        after = view(game, seat)
        assert after["decisions"] == before[seat]  # the same names, whoever is dead
        assert not [e for e in after["events"] if e.get("about") == "dead"]
        assert all(p["alive"] for p in after["players"])
    assert told(game, "Ben", about="dead")


def test_a_ghost_can_neither_declare_dead_nor_find_a_body() -> None:
    game = dark(SIX)
    night_with(game, ["Ben"], "Cal")
    settle(game, "night 2")
    assert not [d for d in game.open.values() if d.seat == "Ben"]
    with pytest.raises(IllegalAnswer):
        game.answer_for("Ben", "dead", True)
    with pytest.raises(IllegalAnswer):
        game.answer_for("Ben", "body-found", "Cal")
    # and a ghost is no body to find
    assert "Ben" not in open_named(game, "body-found", "Cal").as_dict()["choices"]


def test_a_player_who_declared_dead_finds_no_body_and_cannot_take_it_back() -> None:
    game = dark(SIX)
    settle(game, "night 1")
    answer(game, "Ben", "dead", True)
    answer(game, "Cal", "dead", True)
    assert not [d for d in game.open.values() if d.seat == "Ben"]
    with pytest.raises(IllegalAnswer):
        game.answer_for("Ben", "body-found", "Cal")


def test_not_dead_and_no_body_leave_the_buttons_where_they_were() -> None:
    game = dark(SIX)
    settle(game, "night 1")
    answer(game, "Ben", "dead", False)
    answer(game, "Cal", "body-found", None)
    assert game.phase == "night 1"
    assert open_named(game, "dead", "Ben").standing
    assert open_named(game, "body-found", "Cal").standing


def test_the_ghosts_wait_in_the_sanctuary_for_ghost_wait_seconds() -> None:
    game = dark(SIX, {"ghost-wait-seconds": 45})
    settle(game, "night 1")
    assert not [d for d in game.open.values() if d.name == "ghost-wait"]  # no ghost yet
    answer(game, "Ben", "dead", True)
    answer(game, "Cal", "body-found", "Ben")
    settle(game, "night 2")
    wait = open_named(game, "ghost-wait", CLOCK)
    assert (wait.seconds, wait.since) == (45.0, PHASE)
    run_out(game, "ghost-wait")
    assert announced(game, about="ghosts-leave")
    assert game.phase == "night 2" and open_named(game, "night", CLOCK)


def test_a_night_with_no_death_is_the_villagers_win_at_once() -> None:
    game = dark(["werewolf", "sheriff", "romeo", "villager", "villager", "villager"])
    night_with(game, [], None)
    assert game.outcome is not None and game.outcome.winner == "villagers"
    # the sheriff found no body, Romeo is alive: neither wins
    assert set(game.outcome.winners) == {"Dee", "Eve", "Fay"}
    assert announced(game, about="time-up")


def test_the_dead_die_when_the_night_ends_and_their_cards_stay_hidden() -> None:
    game = dark(["werewolf", "seer", "villager", "villager", "villager", "villager"])
    settle(game, "night 1")
    answer(game, "Ben", "dead", True)
    assert game.by_name["Ben"].alive  # nobody sees a death before the lights go on
    answer(game, "Cal", "body-found", "Ben")
    assert not game.by_name["Ben"].alive
    death = announced(game, about="death", player="Ben")
    assert death and "role" not in death[0]
    assert "Ben" not in game.revealed


@pytest.mark.parametrize("app_checks_end", [True, False])
def test_nobody_left_standing_ends_the_night(app_checks_end: bool) -> None:
    game = dark(["werewolf", "villager", "villager", "villager", "villager", "villager"],
                {"app-checks-end": app_checks_end})
    settle(game, "night 1")
    for seat in NAMES[:6]:
        answer(game, seat, "dead", True)
    assert announced(game, about="nobody-standing")
    assert game.outcome is not None and game.outcome.winner == "villagers"


# -- ghosts ------------------------------------------------------------------------------------

def test_each_new_ghost_draws_two_tokens_and_keeps_one_publicly() -> None:
    game = dark(SIX, {"ghost-pool": ["wisp", "shade", "banshee"]})
    night_with(game, ["Ben"], "Cal")
    draw = open_named(game, "draw", STORYTELLER)
    assert (draw.about, draw.min, draw.max, draw.choices) == ("Ben", 2, 2,
                                                              ("wisp", "shade", "banshee"))
    game.answer(draw.id, ["shade", "banshee"])
    keep = open_named(game, "choose-ghost", "Ben")
    assert keep.choices == ("shade", "banshee") and keep.default == "shade"
    game.answer(keep.id, "banshee", seat="Ben")
    assert announced(game, about="ghost") == [
        {"about": "ghost", "player": "Ben", "ghost": "banshee"}]
    # the pool shrinks by the kept token: two are left, and the next ghost draws them
    settle(game, "day 1")
    assert game.state.pool == ["wisp", "shade"]  # type: ignore[attr-defined]


def test_the_last_token_is_kept_without_a_choice_and_none_when_the_pool_is_empty() -> None:
    game = dark(["werewolf", *["villager"] * 9], {"ghost-pool": ["wisp", "shade"]},
                storyteller=AUTO)
    night_with(game, ["Ben"], "Cal")
    settle(game, "day 1")
    answer(game, "Ben", "choose-ghost", "wisp")
    night_over = [e for e in game.events if e.kind == "Announced"
                  and e.data.get("about") == "ghost"]
    assert night_over[-1].data == {"about": "ghost", "player": "Ben", "ghost": "wisp"}
    settle(game, "night 2")
    night_with(game, ["Dee", "Eve"], "Fay", number=2)
    settle(game, "dusk 2")
    ghosts = {a["player"]: a["ghost"] for a in announced(game, about="ghost")}
    assert ghosts["Dee"] == "shade" and ghosts["Eve"] is None


def test_no_draw_once_the_game_is_over() -> None:
    game = dark(SIX)
    night_with(game, ["Ben", "Cal", "Dee", "Eve"], "Fay")
    assert game.outcome is not None and game.outcome.winner == "monsters"
    assert not [e for e in game.log if e.get("decision") in ("draw", "choose-ghost")]


# -- the day -------------------------------------------------------------------------------------

def test_the_day_vote_follows_the_countdown_and_is_final_once_cast() -> None:
    game = dark(SIX, {"day-seconds": 90})
    night_with(game, ["Ben"], "Cal")
    settle(game, "day 1")
    answer(game, "Ben", "choose-ghost", None)
    countdown = open_named(game, "day", CLOCK)
    assert countdown.seconds == 90.0
    assert not [d for d in game.open.values() if d.name == "vote"]  # not before the count
    run_out(game, "day")
    assert announced(game, about="vote-now")
    ballots = {d.seat: d for d in game.open.values() if d.name == "vote"}
    assert set(ballots) == {"Ana", "Cal", "Dee", "Eve", "Fay"}  # living players only
    game.answer(ballots["Cal"].id, "Ana", seat="Cal")
    with pytest.raises(IllegalAnswer):
        game.answer(ballots["Cal"].id, "Dee", seat="Cal")
    with pytest.raises(IllegalAnswer):
        game.answer_for("Cal", "vote", "Dee")


def test_nobody_may_vote_for_themself_or_a_ghost_and_a_vote_names_one_player() -> None:
    game = dark(SIX)
    night_with(game, ["Ben"], "Cal")
    settle(game, "day 1")
    settle_votes = open_named  # the ballots are asked once the countdown runs out
    answer(game, "Ben", "choose-ghost", None)
    run_out(game, "day")
    ballot = settle_votes(game, "vote", "Dee")
    for wrong in ("Dee", "Ben", ["Ana", "Fay"]):
        with pytest.raises(IllegalAnswer):
            game.answer(ballot.id, wrong, seat="Dee")
    assert ballot.default is None and ballot.optional


def test_a_vote_not_cast_in_time_is_no_vote() -> None:
    game = dark(SIX)
    night_with(game, ["Ben"], "Cal")
    settle(game, "day 1")
    answer(game, "Ben", "choose-ghost", None)
    run_out(game, "day")
    ballot = open_named(game, "vote", "Dee")
    assert ballot.lapse is None and ballot.seconds
    game.answer(ballot.id, None, seat="Dee", timeout=True)
    assert game.log[-1]["timeout"] is True and game.log[-1]["answer"] is None


def test_most_votes_executes_and_a_tie_executes_no_one() -> None:
    game = dark(["werewolf", *["villager"] * 7], seed=1)
    night_with(game, ["Ben"], "Cal")
    settle(game, "day 1")
    answer(game, "Ben", "choose-ghost", None)
    run_out(game, "day")
    for voter, target in {"Ana": "Cal", "Cal": "Ana", "Dee": "Ana", "Eve": "Cal"}.items():
        answer(game, voter, "vote", target)
    for voter in ("Fay", "Gus", "Hal"):
        answer(game, voter, "vote", None)
    assert announced(game, about="execution", reason="tie")
    assert not [e for e in game.events if e.kind == "PlayerExecuted"]
    night_with(game, ["Dee"], "Eve", number=2)
    settle(game, "day 2")
    answer(game, "Dee", "choose-ghost", None)
    run_out(game, "day")
    for voter, target in {"Ana": "Cal", "Cal": "Ana", "Eve": "Ana", "Fay": "Ana",
                          "Gus": None, "Hal": None}.items():
        answer(game, voter, "vote", target)
    assert [e.data["player"] for e in game.events if e.kind == "PlayerExecuted"] == ["Ana"]
    assert game.outcome is not None and game.outcome.winner == "villagers"


def test_the_executed_players_ghost_is_chosen_in_the_same_step() -> None:
    game = dark(["werewolf", "alpha-wolf", *["villager"] * 6])
    night_with(game, ["Cal"], "Dee")
    settle(game, "day 1")
    answer(game, "Cal", "choose-ghost", None)
    run_out(game, "day")
    for voter in ("Ana", "Ben", "Dee", "Eve", "Fay", "Gus", "Hal"):
        answer(game, voter, "vote", "Eve" if voter != "Eve" else "Ana")
    draw = open_named(game, "draw", STORYTELLER)
    assert draw.about == "Eve" and draw.phase == "day 1"
    game.answer(draw.id, draw.suggestion)
    answer(game, "Eve", "choose-ghost", None)
    assert announced(game, about="ghost", player="Eve")
    assert game.phase == "dusk 1"


# -- dusk ------------------------------------------------------------------------------------

def test_a_single_ghost_guides_without_being_asked() -> None:
    game = dark(SIX)
    night_with(game, ["Ben"], "Cal")
    settle(game, "dusk 1")
    assert not [e for e in game.log if e.get("decision") == "guide"]
    assert announced(game, about="guide") == [{"about": "guide", "player": "Ben"}]


def test_the_ghosts_pick_their_guide_and_a_tie_goes_to_the_tie_break() -> None:
    game = dark(["werewolf", *["villager"] * 9])
    night_with(game, ["Ben", "Cal"], "Dee")
    settle(game, "dusk 1")
    answer(game, "Ben", "guide", "Ben")
    answer(game, "Cal", "guide", "Cal")
    tie = open_named(game, "tie-break", STORYTELLER)
    assert (tie.about, set(tie.choices)) == ("guide", {"Ben", "Cal"})
    game.answer(tie.id, "Cal")
    assert announced(game, about="guide") == [{"about": "guide", "player": "Cal"}]
    assert game.by_name["Cal"].markers == {"ghost", "guide"}
    assert game.by_name["Ben"].markers == {"ghost"}
    seen = {p["name"]: p for p in view(game, "Ana")["players"]}
    assert "guide" in str(seen["Cal"]) and "ghost" in str(seen["Ben"])  # public markers
    # the guide leads every later dusk: nobody is asked again
    settle(game, "dusk 2")
    assert len([e for e in game.log if e.get("decision") == "guide"]) == 2


def test_the_seer_is_told_how_many_ghosts_raised_a_thumb() -> None:
    game = dark(["werewolf", "seer", *["villager"] * 6])
    night_with(game, ["Cal", "Dee", "Eve"], "Fay")
    settle(game, "dusk 1")
    for ghost in ("Cal", "Dee", "Eve"):
        answer(game, ghost, "guide", "Cal")
    inspect = open_named(game, "inspect", "Ben")
    assert "Ben" not in inspect.choices and "Cal" not in inspect.choices
    game.answer(inspect.id, "Ana", seat="Ben")
    judges = {d.seat: d for d in game.open.values() if d.name == "judge"}
    assert set(judges) == {"Cal", "Dee", "Eve"} and judges["Cal"].about == "Ana"
    game.answer(judges["Cal"].id, True, seat="Cal")
    game.answer(judges["Dee"].id, True, seat="Dee")
    game.answer(judges["Eve"].id, False, seat="Eve")
    assert told(game, "Ben", about="inspect") == [
        {"about": "inspect", "player": "Ana", "number": 2}]
    assert not [e for e in game.events if e.kind == "InfoGiven"
                and e.data.get("about") == "inspect" and e.audience != frozenset({"Ben"})]


def test_the_vampire_hunter_is_told_the_vampire_ghosts() -> None:
    game = dark(["werewolf", "vampire", "vampire-hunter", *["villager"] * 9])
    night_with(game, ["Dee"], "Eve")
    settle(game, "day 1")
    answer(game, "Dee", "choose-ghost", None)
    run_out(game, "day")
    for voter in NAMES:
        if game.by_name[voter].alive:
            answer(game, voter, "vote", "Ben" if voter != "Ben" else "Ana")
    settle(game, "dusk 1")
    for ghost in ("Ben", "Dee"):
        answer(game, ghost, "guide", "Dee")
    assert told(game, "Cal", about="vampires") == [{"about": "vampires", "players": ["Ben"]}]
    assert announced(game, about="dusk-call", roles=["vampire-hunter"])


def test_the_end_is_checked_at_dusk_before_any_dusk_ability() -> None:
    # without the app's checks when the night ends and after the execution, the dusk finds
    # the end, before the seer is called
    game = dark(["werewolf", "alpha-wolf", "seer", "villager", "villager", "villager"],
                {"app-checks-end": False})
    night_with(game, ["Dee", "Eve"], "Fay")
    assert not game.over  # two monsters against two: over, but not checked yet
    settle(game, "day 1")
    answer(game, "Dee", "choose-ghost", None)
    answer(game, "Eve", "choose-ghost", None)
    run_out(game, "day")
    for voter in ("Ana", "Ben", "Cal", "Fay"):
        answer(game, voter, "vote", None)
    settle(game, "dusk 1")
    answer(game, "Dee", "guide", "Dee")
    answer(game, "Eve", "guide", "Dee")
    assert announced(game, about="hands")
    assert game.outcome is not None and game.outcome.winner == "monsters"
    assert not [e for e in game.log if e.get("decision") == "inspect"]
    assert not announced(game, about="dusk-call")


# -- wins --------------------------------------------------------------------------------------

def test_monsters_win_once_no_longer_a_minority() -> None:
    game = dark(SIX)
    night_with(game, ["Ben", "Cal", "Dee"], "Eve")
    assert not game.over  # 1 monster against 2
    settle(game, "day 1")
    for ghost in ("Ben", "Cal", "Dee"):
        answer(game, ghost, "choose-ghost", None)
    run_out(game, "day")
    answer(game, "Ana", "vote", "Eve")
    answer(game, "Eve", "vote", "Fay")
    answer(game, "Fay", "vote", "Eve")
    assert game.outcome is not None and game.outcome.winner == "monsters"
    assert game.outcome.winners == ("Ana",)


def test_monsters_win_takes_the_rulebooks_words() -> None:
    assert Game(DARK, list(NAMES[:6]), options={"monsters-win": "minority"}).options[
        "monsters-win"] == "no-longer-a-minority"
    with pytest.raises(SetupError):
        Game(DARK, list(NAMES[:6]), options={"monsters-win": "always"})


def test_with_monsters_win_majority_the_monsters_need_strictly_more() -> None:
    game = dark(["werewolf", "alpha-wolf", *["villager"] * 6], {"monsters-win": "majority"})
    night_with(game, ["Cal", "Dee", "Eve", "Fay"], "Gus")
    assert not game.over  # 2 monsters against 2: not a majority
    other = dark(["werewolf", "alpha-wolf", *["villager"] * 6])
    night_with(other, ["Cal", "Dee", "Eve", "Fay"], "Gus")
    assert other.outcome is not None and other.outcome.winner == "monsters"


def test_minion_and_mother_of_monsters_count_as_monsters() -> None:
    game = dark(["werewolf", "minion", "mother-of-monsters", *["villager"] * 5])
    night_with(game, ["Dee", "Eve"], "Fay")
    assert game.outcome is not None and game.outcome.winner == "monsters"
    assert set(game.outcome.winners) == {"Ana", "Ben", "Cal"}


BANDIT = {"name": "Bandit", "faction": "villains", "dagger": "dotted",
          "win": "the last outlaw standing"}


def test_villains_win_when_every_monster_is_eliminated_while_a_villain_lives() -> None:
    game = dark(["werewolf", "bandit", *["villager"] * 6], {"cards": [BANDIT]})
    night_with(game, ["Cal"], "Dee")
    settle(game, "day 1")
    answer(game, "Cal", "choose-ghost", None)
    run_out(game, "day")
    for voter in ("Ben", "Dee", "Eve", "Fay", "Gus", "Hal"):
        answer(game, voter, "vote", "Ana")
    answer(game, "Ana", "vote", "Ben")
    assert game.outcome is not None and game.outcome.winner == "villains"
    assert game.outcome.winners == ("Ben",)


def test_villagers_win_when_every_monster_and_villain_is_eliminated() -> None:
    game = dark(["werewolf", "bandit", *["villager"] * 6], {"cards": [BANDIT]})
    night_with(game, ["Ben"], "Dee")
    settle(game, "day 1")
    answer(game, "Ben", "choose-ghost", None)
    run_out(game, "day")
    for voter in ("Cal", "Dee", "Eve", "Fay", "Gus", "Hal"):
        answer(game, voter, "vote", "Ana")
    answer(game, "Ana", "vote", "Cal")
    assert game.outcome is not None and game.outcome.winner == "villagers"
    assert set(game.outcome.winners) == {"Cal", "Dee", "Eve", "Fay", "Gus", "Hal"}


def test_the_sheriff_wins_only_alive_having_verified_a_body() -> None:
    game = dark(["werewolf", "sheriff", "sheriff", *["villager"] * 5])
    night_with(game, ["Dee"], "Ben")  # Ben finds Dee; Cal finds nobody
    settle(game, "day 1")
    answer(game, "Dee", "choose-ghost", None)
    run_out(game, "day")
    for voter in ("Ben", "Cal", "Eve", "Fay", "Gus", "Hal"):
        answer(game, voter, "vote", "Ana")
    answer(game, "Ana", "vote", "Ben")
    assert game.outcome is not None and game.outcome.winner == "villagers"
    assert "Ben" in game.outcome.winners and "Cal" not in game.outcome.winners


def test_romeo_and_juliet_win_only_if_dead_at_the_end() -> None:
    game = dark(["werewolf", "romeo", "juliet", *["villager"] * 5])
    night_with(game, ["Ben"], "Dee")
    settle(game, "day 1")
    answer(game, "Ben", "choose-ghost", None)
    run_out(game, "day")
    for voter in ("Cal", "Dee", "Eve", "Fay", "Gus", "Hal"):
        answer(game, voter, "vote", "Ana")
    answer(game, "Ana", "vote", "Cal")
    assert game.outcome is not None and game.outcome.winner == "villagers"
    assert "Ben" in game.outcome.winners  # Romeo, dead
    assert "Cal" not in game.outcome.winners  # Juliet, alive


def test_nothing_is_asked_once_a_win_holds() -> None:
    game = dark(SIX)
    night_with(game, ["Ben", "Cal", "Dee", "Eve"], "Fay")
    assert game.over and not game.open
    with pytest.raises(IllegalAnswer):
        game.answer_for("Fay", "vote", "Ana")


# -- the group's own cards and options ------------------------------------------------------------

def test_own_cards_join_the_catalog_and_a_saved_game_replays() -> None:
    cards = [{"name": "Night Nurse", "faction": "villagers", "knows": ["seer"],
              "dusk": "inspect", "win": "heal the village"}, BANDIT]
    game = dark(["werewolf", "night-nurse", "seer", "bandit", "villager", "villager"],
                {"cards": cards, "show-know-on-phones": True}, storyteller=AUTO)
    role = game.catalog["night-nurse"]
    assert (role.team, role.traits["dusk"], role.traits["knows"]) == (
        "villagers", "inspect", ["seer"])
    assert told(game, "Ben", about="know") == [{"about": "know", "players": ["Cal"]}]
    assert game.team_of("bandit") == "villains"
    mine = view(game, "Ben")["you"]
    assert (mine["card"], mine["team"]) == ("Night Nurse", "villagers")
    assert "heal the village" in mine["description"]
    night_with(game, ["Eve"], "Fay")
    record = json.loads(json.dumps(game.record()))
    assert record["options"]["cards"][0]["id"] == "night-nurse"
    again = replay(record, get_edition)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]


def test_own_cards_are_checked_with_a_sentence() -> None:
    for bad in ([{"name": "X", "faction": "pirates"}], [{"faction": "villagers"}],
                [{"name": "X", "dagger": "sword"}], [{"name": "X", "dusk": "fly"}],
                [{"name": "X", "knows": ["dragon"]}], "not json", 5,
                [{"name": "X"}, {"name": "X"}]):
        with pytest.raises(SetupError) as refused:
            Game(DARK, list(NAMES[:6]), options={"cards": bad})
        assert "Own cards" in str(refused.value)
    from_text = Game(DARK, list(NAMES[:6]), options={"cards": json.dumps([BANDIT])})
    assert from_text.options["cards"][0]["id"] == "bandit"
    # the other ways a group writes a faction, a dagger or a dusk ability
    spelled = Game(DARK, list(NAMES[:6]), options={"cards": [
        {"name": "Rogue", "faction": "villain", "dagger": "white-dagger", "dusk": "seer"}]})
    assert {k: spelled.options["cards"][0][k] for k in ("faction", "dagger", "dusk")} == {
        "faction": "villains", "dagger": "white", "dusk": "inspect"}


def test_the_ghost_pool_is_the_groups_list() -> None:
    game = Game(DARK, list(NAMES[:6]), options={"ghost-pool": "wisp, shade, banshee"})
    assert game.options["ghost-pool"] == ["wisp", "shade", "banshee"]
    assert Game(DARK, list(NAMES[:6])).options["ghost-pool"] == [
        f"ghost-{n}" for n in range(1, 16)]
    assert Game(DARK, list(NAMES[:6]), options={"ghost-pool": ["The Headless Knight", "Wisp"]}
                ).options["ghost-pool"] == ["The Headless Knight", "Wisp"]
    for bad in (["wisp"], ["wisp", "wisp"], ["", "shade"], ["a\nb", "shade"], 7, [3, 4]):
        with pytest.raises(SetupError):
            Game(DARK, list(NAMES[:6]), options={"ghost-pool": bad})


def test_the_roles_command_lists_the_catalog_with_teams_and_decisions() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["roles", "--edition", "in-the-dark", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    by_id = {role["id"]: role for role in data["roles"]}
    assert set(by_id) == set(DARK.roles)
    assert by_id["seer"]["team"] == "villagers" and by_id["seer"]["decisions"] == ["inspect"]
    assert by_id["vampire"]["dagger"] == "white"
    assert {"dead", "body-found", "vote", "choose-ghost", "guide", "judge"} <= set(
        data["table_decisions"])
    assert {"draw", "tie-break"} <= set(data["storyteller_decisions"])
    text = runner.invoke(app, ["roles", "--edition", "in-the-dark"])
    assert text.exit_code == 0
    assert "Mother of Monsters" in text.output and "team monsters" in text.output
    assert "body-found" in text.output


# -- time and secrets ------------------------------------------------------------------------------

def test_a_restart_mid_night_keeps_the_countdown() -> None:
    game = dark(SIX, storyteller=AUTO)
    settle(game, "night 1")
    answer(game, "Ben", "dead", True)
    clock = open_named(game, "night", CLOCK)
    again = replay(json.loads(json.dumps(game.record())), get_edition)
    restored = open_named(again, "night", CLOCK)
    assert (restored.id, restored.seconds, restored.since) == (clock.id, clock.seconds,
                                                               clock.since)
    for played in (game, again):
        played.answer_for("Cal", "body-found", "Ben")
    assert [e.key() for e in again.events] == [e.key() for e in game.events]


def roles_seen(events: list[dict[str, Any]]) -> set[tuple[str, str]]:
    return {(e["player"], e["role"]) for e in events
            if isinstance(e.get("player"), str) and isinstance(e.get("role"), str)}


@pytest.mark.parametrize("seed", range(12))
def test_random_dark_games_end_and_keep_every_secret(seed: int) -> None:
    """Random play (legal and refused answers): the game ends; no seat sees another's card,
    another's `dead`, the seer's number or a death before its night is over; refusals
    change nothing; the record replays."""
    rng = random.Random(f"dark:{seed}")
    players = rng.randint(6, 14)
    preset = rng.choice(DARK.presets)
    options = {"mystery-roles": rng.random() < 0.5, "show-know-on-phones": rng.random() < 0.5,
               "app-checks-end": rng.random() < 0.7,
               "monsters-win": rng.choice(["no-longer-a-minority", "majority"])}
    game = Game(DARK, [f"P{i}" for i in range(players)], deck=DARK.preset(preset, players),
                options=options, seed=seed, storyteller=rng.choice([AUTO, MANUAL]))
    for _ in range(5000):
        if game.over:
            break
        decision = rng.choice(list(game.open.values()))
        if rng.random() < 0.1 and decision.seat not in (CLOCK, STORYTELLER):
            before = (len(game.events), len(game.log), sorted(game.open))
            with pytest.raises(IllegalAnswer):
                game.answer(decision.id, "zzz-nobody", seat=decision.seat)
            assert (len(game.events), len(game.log), sorted(game.open)) == before
            continue
        value = (True if decision.seat == CLOCK else decision.suggestion
                 if decision.seat == STORYTELLER else random_answer(decision, rng))
        game.answer(decision.id, value, seat=decision.seat)
        if game.edition.is_night(game.phase):
            # nothing of the night's deaths shows before the night is over
            night_began = max(e.index for e in game.events if e.kind == "PhaseBegan")
            assert not [e for e in game.events[night_began:] if e.kind == "PlayerDied"]
    assert game.over
    for seat in game.by_name:
        seen = view(game, seat)
        own = game.by_name[seat].role
        assert roles_seen(seen["events"]) <= {(seat, own)}, seat
        for event in seen["events"]:
            if event.get("about") in ("dead", "inspect", "vampires", "know"):
                assert event["kind"] == "InfoGiven"
    again = replay(json.loads(json.dumps(game.record())), get_edition)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]


def test_the_editions_bots_finish_a_game() -> None:
    for seed in range(5):
        seats = [f"P{i}" for i in range(8)]
        game = Game(DARK, seats, seed=seed)
        agents = {s: bot_for(s, random.Random(f"{seed}/{s}"), DARK) for s in seats}
        play_out(game, agents)
        assert game.outcome is not None


def test_an_own_cards_id_is_the_kebab_case_of_its_name() -> None:
    """RULINGS: an own card's `id` defaults to the kebab-case of its name, as every edition's
    ids (`lil-monsta`, `hells-librarian`): an apostrophe joins, an accent keeps its letter."""
    from wolfsbane.editions.in_the_dark.cards import kebab
    assert kebab("Dr. Frankenstein") == "dr-frankenstein"
    assert kebab("Hunter's Hound") == kebab("Hunter\u2019s Hound") == "hunters-hound"
    assert kebab("Señor Lobo") == "senor-lobo"
    assert kebab("Œil de Bœuf") == "oeil-de-boeuf"
    assert kebab("Волк") == ""  # nothing to make an id of: the card must be given one
