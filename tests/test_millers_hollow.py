"""The Werewolves of Millers Hollow, one test per rule, driving the engine directly.

Each test is named after the rule it checks, in the rulebook's or RULINGS.md's words, and plays
the game through `Game.answer_for` with the storyteller in manual mode unless chance is the
point of the test.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from wolfsbane.agents import RandomBot
from wolfsbane.agents.base import play_out
from wolfsbane.core import (
    ARRANGE,
    STORYTELLER,
    YES_NO,
    Decision,
    Game,
    IllegalAnswer,
    SetupError,
)
from wolfsbane.core.record import replay
from wolfsbane.core.view import events_for, view
from wolfsbane.editions import get_edition

MH = get_edition("millers-hollow")
NAMES = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]

Answers = dict[tuple[str, str], Any]


# -- helpers -----------------------------------------------------------------------------------

def new_game(
    *cast: str,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    storyteller: str = "manual",
    center: list[str] | None = None,
) -> Game:
    """A game dealt `cast` in seat order (Ana, Ben, ...); the sheriff is off unless asked for."""
    game = Game(MH, NAMES[: len(cast)], roles=list(cast),
                options={"sheriff": False, **(options or {})}, seed=seed,
                storyteller=storyteller)
    if "thief" in cast and storyteller == "manual":
        game.answer_for(STORYTELLER, "center", center or ["villager", "villager"])
    return game


def first_open(game: Game) -> Decision:
    return game.next_open()


def play(
    game: Game,
    answers: Answers | None = None,
    until: str | None = None,
    stop_at: tuple[str, str] | None = None,
) -> list[str]:
    """Answer every decision asked, oldest first, until the first decision of phase `until`,
    or until `stop_at` (seat, decision) is asked, or the game ends. Unlisted decisions get
    their default (storyteller: its suggestion); a required one left unlisted fails the
    test, and so does an answer never asked for.
    Returns the decisions asked, as 'seat:name'."""
    wanted = dict(answers or {})
    asked: list[str] = []
    while game.open and not game.over:
        if len(asked) > 500:
            raise AssertionError(f"the game went on and on: {asked[-20:]}")
        decision = first_open(game)
        key = (decision.seat, decision.name)
        if (until is not None and decision.phase == until) or key == stop_at:
            break
        asked.append(f"{decision.seat}:{decision.name}")
        if key in wanted:
            value = wanted.pop(key)
        elif decision.seat == STORYTELLER:
            value = decision.suggestion
        elif decision.optional:
            value = decision.default
        else:
            raise AssertionError(f"{decision.seat} is asked {decision.name!r} with no answer")
        game.answer_for(decision.seat, decision.name, value)
    assert not wanted, f"never asked: {sorted(wanted)}"
    return asked


def told(game: Game, seat: str) -> list[dict[str, Any]]:
    return [e.data for e in game.events
            if e.kind == "InfoGiven" and e.audience is not None and seat in e.audience]


def announced(game: Game) -> list[dict[str, Any]]:
    return [e.data for e in game.events if e.kind == "Announced"]


def died(game: Game, phase: str | None = None) -> list[str]:
    return [e.data["player"] for e in game.events
            if e.kind == "PlayerDied" and (phase is None or e.phase == phase)]


def alive(game: Game) -> set[str]:
    return set(game.alive_names())


def snapshot(game: Game) -> tuple[Any, ...]:
    return (len(game.events), len(game.log), tuple(sorted(game.open)), game.phase,
            tuple((p.alive, p.role, p.team, frozenset(p.markers), frozenset(p.used))
                  for p in game.players))


SIX = ("werewolf", "werewolf", "villager", "villager", "villager", "villager")


# -- set-up ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, wolves", [
    (8, 2), (9, 2), (11, 2), (12, 3), (15, 3), (17, 3), (18, 4), (20, 4), (24, 4),
])
def test_recommended_werewolves_by_player_count(players: int, wolves: int) -> None:
    deck = MH.preset("basic", players)
    counts = Counter(deck)
    assert len(deck) == players
    assert counts["werewolf"] == wolves
    assert counts["fortune-teller"] == 1
    assert counts["villager"] == players - wolves - 1
    assert set(counts) == {"werewolf", "fortune-teller", "villager"}
    assert Counter(MH.recommended_deck(players, {}))["werewolf"] == wolves


@pytest.mark.parametrize("players", range(MH.min_players, MH.max_players + 1))
def test_recommended_deck_is_the_classic_village_the_summary_promises(players: int) -> None:
    deck = MH.recommended_deck(players, {})
    assert deck == MH.preset("classic", players)
    MH.check_deck(players, deck, {})
    if players >= 8:  # "a fortune teller, a witch, cupid's lovers and a sheriff"
        assert {"fortune-teller", "witch", "cupid"} <= set(deck)


def test_roles_catalog_matches_rulings() -> None:
    expected = {
        "werewolf": ("werewolves", ("attack",)),
        "villager": ("village", ()),
        "fortune-teller": ("village", ("inspect",)),
        "thief": ("village", ("steal",)),
        "hunter": ("village", ("shoot",)),
        "cupid": ("village", ("link",)),
        "witch": ("village", ("heal", "poison")),
        "little-girl": ("village", ("spy",)),
    }
    assert set(MH.roles) == set(expected)
    for role_id, (team, decisions) in expected.items():
        role = MH.roles[role_id]
        assert role.id == role_id
        assert role.team == team, role_id
        assert tuple(role.decisions) == decisions, role_id
        assert role.description, role_id


def test_options_and_their_defaults_match_rulings() -> None:
    defaults = {key: option.default for key, option in MH.options.items()}
    assert defaults == {
        "sheriff": True,
        "little-girl-catch-chance": 0.2,
        "little-girl-sees": "chat",
        "hunter-shoots-on-any-death": False,
        "werewolves-win-at-parity": False,
    }
    with pytest.raises(SetupError):
        new_game(*SIX, options={"little-girl-sees": "everything"})
    with pytest.raises(SetupError):
        new_game(*SIX, options={"little-girl-catch-chance": 2})
    with pytest.raises(SetupError):
        new_game(*SIX, options={"full-moon": True})


def test_a_game_needs_at_least_one_werewolf() -> None:
    with pytest.raises(SetupError):
        new_game("villager", "villager", "villager", "villager", "fortune-teller")


def test_a_deck_with_the_thief_holds_two_extra_cards() -> None:
    names = NAMES[:6]
    deck = ["werewolf", "thief"] + ["villager"] * 6
    Game(MH, names, deck=deck, options={"sheriff": False})
    with pytest.raises(SetupError):
        Game(MH, names, deck=deck[:-1], options={"sheriff": False})


def test_deal_uses_the_deck_and_thief_center_cards() -> None:
    names = NAMES[:6]
    deck = ["werewolf", "werewolf", "thief", "fortune-teller", "villager", "villager",
            "witch", "hunter"]
    game = Game(MH, names, deck=deck, options={"sheriff": False}, storyteller="manual")
    deal = first_open(game)
    assert (deal.seat, deal.name, deal.kind) == (STORYTELLER, "deal", ARRANGE)
    assert Counter(deal.suggestion) == Counter(deck)
    with pytest.raises(IllegalAnswer):
        game.answer(deal.id, ["werewolf"] * 8)
    with pytest.raises(IllegalAnswer):
        game.answer(deal.id, deck[:-1])
    arranged = ["thief", "werewolf", "fortune-teller", "villager", "villager", "hunter",
                "werewolf", "witch"]
    game.answer(deal.id, arranged)
    assert [p.role for p in game.players] == arranged[:6]
    # The two undealt cards lie in the center and the thief sees exactly them.
    assert {"about": "center", "roles": ["werewolf", "witch"]} in told(game, "Ana")
    steal = first_open(game)
    assert (steal.seat, steal.name) == ("Ana", "steal")
    assert set(steal.choices) == {"werewolf", "witch"}
    # Each player is shown their own card, and only their own.
    for player in game.players:
        dealt = [e.data for e in events_for(game, player.name) if e.kind == "RoleDealt"]
        assert dealt == [{"player": player.name, "role": player.role}]


def test_automatic_deal_is_random_but_repeatable() -> None:
    deck = MH.preset("classic", 10)
    deals = set()
    for seed in range(6):
        game = Game(MH, NAMES[:10], deck=deck, seed=seed)
        dealt = [p.role for p in game.players]
        assert Counter(dealt) <= Counter(deck)
        again = Game(MH, NAMES[:10], deck=deck, seed=seed)
        assert [p.role for p in again.players] == dealt
        deals.add(tuple(dealt))
    assert len(deals) > 1


# -- illegal answers ---------------------------------------------------------------------------

def test_illegal_answer_changes_nothing() -> None:
    game = new_game("werewolf", "werewolf", "fortune-teller", "cupid", "villager", "villager",
                    "villager")
    attempts = [
        ("Dee", "link", ["Dee"]),  # two lovers, not one
        ("Dee", "link", ["Dee", "Dee"]),
        ("Dee", "link", ["Dee", "Zed"]),  # nobody called Zed
        ("Ana", "attack", "Eve"),  # the pack is not awake yet
        ("Cal", "inspect", "Ana"),  # nor the fortune teller
    ]
    for seat, name, value in attempts:
        before = snapshot(game)
        with pytest.raises(IllegalAnswer):
            game.answer_for(seat, name, value)
        assert snapshot(game) == before
    game.answer_for("Dee", "link", ["Eve", "Fay"])
    assert game.by_name["Eve"].bonds["lover"] == "Fay"


def test_illegal_answers_while_the_pack_is_awake_change_nothing() -> None:
    game = new_game(*SIX)
    assert {d.name for d in game.open.values()} == {"attack"}
    for seat, value in [("Ana", "Ben"), ("Ana", "Ana"), ("Ana", "Nobody"), ("Ana", 3),
                        ("Ana", {"player": "Cal"}), ("Ana", ["Cal", "Dee"])]:
        before = snapshot(game)
        with pytest.raises(IllegalAnswer):
            game.answer_for(seat, "attack", value)
        assert snapshot(game) == before
    before = snapshot(game)
    with pytest.raises(IllegalAnswer):
        game.answer_for("Cal", "attack", "Dee")  # a villager is not asked to attack
    assert snapshot(game) == before


# -- the werewolves ------------------------------------------------------------------------------

def test_werewolves_recognise_one_another_on_the_first_night() -> None:
    game = new_game("werewolf", "werewolf", "werewolf", *["villager"] * 9)
    for wolf, others in (("Ana", {"Ben", "Cal"}), ("Ben", {"Ana", "Cal"}),
                         ("Cal", {"Ana", "Ben"})):
        info = [i for i in told(game, wolf) if i.get("team") == "werewolves"]
        assert len(info) == 1 and set(info[0]["players"]) == others
    assert not [i for i in told(game, "Dee") if i.get("team") == "werewolves"]


def test_werewolves_may_not_attack_one_of_their_own() -> None:
    game = new_game(*SIX)
    attack = game.find_open("Ana", "attack")
    assert "Ben" not in attack.choices and "Ana" not in attack.choices
    with pytest.raises(IllegalAnswer, match="pack"):
        game.answer_for("Ana", "attack", "Ben")


def test_the_pack_sees_each_werewolfs_choice() -> None:
    game = new_game(*SIX)
    game.answer_for("Ana", "attack", "Cal")
    seen = [e.data for e in events_for(game, "Ben") if e.kind == "ActionTaken"]
    assert {"player": "Ana", "decision": "attack", "answer": "Cal"} in seen
    assert not [e for e in events_for(game, "Cal") if e.kind == "ActionTaken"]


def test_the_victim_is_the_player_most_chosen_by_the_werewolves() -> None:
    game = new_game("werewolf", "werewolf", "werewolf", *["villager"] * 9)
    play(game, {("Ana", "attack"): "Eve", ("Ben", "attack"): "Fay", ("Cal", "attack"): "Eve"},
         until="day 1")
    assert died(game) == ["Eve"]


def test_a_tie_among_the_werewolves_goes_to_the_storyteller() -> None:
    game = new_game(*SIX)
    asked = play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Dee",
                        (STORYTELLER, "tie-break"): "Dee"}, until="day 1")
    assert "storyteller:tie-break" in asked
    assert died(game) == ["Dee"]


def test_werewolves_who_name_no_one_kill_no_one() -> None:
    game = new_game(*SIX)
    play(game, until="day 1")
    assert died(game) == []
    assert game.phase == "day 1"


def test_a_dead_werewolf_no_longer_hunts() -> None:
    game = new_game("werewolf", "werewolf", *["villager"] * 5)
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    play(game, {("Ben", "vote"): "Ana", ("Dee", "vote"): "Ana", ("Eve", "vote"): "Ana"},
         until="night 2")
    assert died(game, "day 1") == ["Ana"]
    assert [d.seat for d in game.open.values()] == ["Ben"]


# -- the fortune teller ------------------------------------------------------------------------

def test_fortune_teller_sees_the_chosen_players_card() -> None:
    game = new_game("werewolf", "fortune-teller", "hunter", "villager", "villager")
    game.answer_for("Ben", "inspect", "Cal")
    assert {"player": "Cal", "role": "hunter"} in told(game, "Ben")
    assert all(i.get("role") != "hunter" for i in told(game, "Ana") + told(game, "Cal"))


def test_fortune_teller_may_not_inspect_herself() -> None:
    game = new_game("werewolf", "fortune-teller", "villager", "villager", "villager")
    before = snapshot(game)
    with pytest.raises(IllegalAnswer):
        game.answer_for("Ben", "inspect", "Ben")
    assert snapshot(game) == before


def test_a_dead_players_answer_is_refused() -> None:
    game = new_game("werewolf", "fortune-teller", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Ben"}, until="day 1")
    play(game, until="night 2")
    assert not game.decisions_for("Ben")
    with pytest.raises(IllegalAnswer):
        game.answer_for("Ben", "inspect", "Ana")
    with pytest.raises(IllegalAnswer):
        game.say("Ben", "werewolves", "hello")


# -- the thief ---------------------------------------------------------------------------------

def test_thief_is_shown_both_center_cards_and_may_keep_his_own() -> None:
    game = new_game("werewolf", "thief", "fortune-teller", "villager", "villager",
                    center=["hunter", "witch"])
    assert {"about": "center", "roles": ["hunter", "witch"]} in told(game, "Ben")
    play(game, {("Ben", "steal"): "no", ("Cal", "inspect"): "Ben"}, until="day 1")
    ben = game.by_name["Ben"]
    assert (ben.role, ben.team) == ("thief", "village")
    assert {"player": "Ben", "role": "thief"} in told(game, "Cal")


def test_thief_who_steals_a_villager_becomes_a_villager() -> None:
    game = new_game("werewolf", "thief", "villager", "villager", "villager")
    play(game, {("Ben", "steal"): "villager"}, until="day 1")
    assert (game.by_name["Ben"].role, game.by_name["Ben"].team) == ("villager", "village")


def test_thief_must_take_a_werewolf_when_both_center_cards_are_werewolves() -> None:
    game = new_game("werewolf", "thief", "villager", "villager", "villager", "villager",
                    center=["werewolf", "werewolf"])
    steal = game.find_open("Ben", "steal")
    assert not steal.optional
    for refusal in ("no", None, False):
        before = snapshot(game)
        with pytest.raises(IllegalAnswer, match="werewol"):
            game.answer_for("Ben", "steal", refusal)
        assert snapshot(game) == before
    game.answer_for("Ben", "steal", "werewolf")
    ben = game.by_name["Ben"]
    assert (ben.role, ben.team) == ("werewolf", "werewolves")


def test_thief_who_takes_a_werewolf_hunts_with_the_pack_that_night() -> None:
    game = new_game("werewolf", "thief", "villager", "villager", "villager", "villager",
                    center=["werewolf", "villager"])
    game.answer_for("Ben", "steal", "werewolf")
    assert {"players": ["Ben"], "team": "werewolves"} in told(game, "Ana")
    assert {d.seat for d in game.open.values() if d.name == "attack"} == {"Ana", "Ben"}
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    assert died(game) == ["Cal"]


def test_thief_who_takes_a_power_role_uses_it_the_same_night() -> None:
    game = new_game("werewolf", "thief", "villager", "villager", "villager", "villager",
                    center=["witch", "fortune-teller"])
    asked = play(game, {("Ben", "steal"): "fortune-teller", ("Ben", "inspect"): "Ana"},
                 until="day 1")
    assert "Ben:inspect" in asked
    assert {"player": "Ana", "role": "werewolf"} in told(game, "Ben")


def test_thief_steals_only_on_the_first_night() -> None:
    game = new_game("werewolf", "thief", "villager", "villager", "villager", "villager")
    play(game, {("Ben", "steal"): "no"}, until="day 1")
    play(game, until="night 2")
    asked = play(game, until="day 2")
    assert "Ben:steal" not in asked


# -- cupid and the lovers ------------------------------------------------------------------------

def test_cupid_may_choose_himself_as_a_lover() -> None:
    game = new_game("werewolf", "cupid", "villager", "villager", "villager")
    game.answer_for("Ben", "link", ["Ben", "Dee"])
    assert "lover" in game.by_name["Ben"].markers and "lover" in game.by_name["Dee"].markers
    assert game.by_name["Ben"].team == "village"


def test_cupid_must_name_two_different_players() -> None:
    game = new_game("werewolf", "cupid", "villager", "villager", "villager")
    for pair in (None, ["Cal"], ["Cal", "Cal"], ["Cal", "Dee", "Eve"]):
        with pytest.raises(IllegalAnswer):
            game.answer_for("Ben", "link", pair)


def test_lovers_recognise_each_other_but_not_each_others_cards() -> None:
    game = new_game("werewolf", "cupid", "villager", "villager", "villager")
    game.answer_for("Ben", "link", ["Ana", "Cal"])
    assert any(i.get("player") == "Cal" for i in told(game, "Ana"))
    assert any(i.get("player") == "Ana" for i in told(game, "Cal"))
    assert all(i.get("role") is None for i in told(game, "Cal"))
    # A lover sees their own marker; nobody else sees it.
    mine = next(p for p in view(game, "Cal")["players"] if p["name"] == "Cal")
    assert "lover" in mine.get("markers", [])
    theirs = next(p for p in view(game, "Dee")["players"] if p["name"] == "Cal")
    assert "lover" not in theirs.get("markers", [])


def test_lover_dies_of_grief_when_partner_is_lynched() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "villager", "villager", "villager",
                    "villager")
    play(game, {("Cal", "link"): ["Dee", "Eve"], ("Ana", "attack"): "Gus",
                ("Ben", "attack"): "Gus"}, until="day 1")
    play(game, {("Ana", "vote"): "Dee", ("Ben", "vote"): "Dee", ("Fay", "vote"): "Dee"},
         until="night 2")
    assert died(game, "day 1") == ["Dee", "Eve"]
    assert {"about": "death", "player": "Eve", "role": "villager"} in announced(game)


def test_lover_dies_of_grief_when_partner_is_devoured() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "villager", "villager", "villager")
    play(game, {("Cal", "link"): ["Dee", "Eve"], ("Ana", "attack"): "Dee",
                ("Ben", "attack"): "Dee"}, until="day 1")
    assert died(game) == ["Dee", "Eve"]


def test_a_lover_may_not_vote_to_lynch_their_lover() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "villager", "villager", "villager")
    play(game, {("Cal", "link"): ["Ana", "Dee"], ("Ana", "attack"): "Eve",
                ("Ben", "attack"): "Eve"}, until="day 1")
    for voter, lover in (("Dee", "Ana"), ("Ana", "Dee")):
        before = snapshot(game)
        with pytest.raises(IllegalAnswer, match="lover"):
            game.answer_for(voter, "vote", lover)
        assert snapshot(game) == before
    game.answer_for("Dee", "vote", "Ben")  # anyone else is fine


def test_werewolf_and_villager_lovers_win_as_the_last_two() -> None:
    game = new_game("werewolf", "cupid", "villager", "villager")
    play(game, {("Ben", "link"): ["Ana", "Cal"], ("Ana", "attack"): "Dee"}, until="day 1")
    assert (game.by_name["Ana"].team, game.by_name["Cal"].team) == ("lovers", "lovers")
    play(game, {("Ana", "vote"): "Ben", ("Cal", "vote"): "Ben"})
    assert game.outcome is not None
    assert game.outcome.winner == "lovers"
    assert set(game.outcome.winners) == {"Ana", "Cal"}


def test_mixed_lovers_keep_the_village_from_winning_while_the_werewolf_lover_lives() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "villager", "villager", "villager")
    play(game, {("Cal", "link"): ["Ben", "Dee"], ("Ana", "attack"): "Eve",
                ("Ben", "attack"): "Eve"}, until="day 1")
    play(game, {(v, "vote"): "Ana" for v in ("Ben", "Cal", "Dee", "Fay")}, until="night 2")
    assert not game.by_name["Ana"].alive
    assert not game.over
    # Nor can the wolves win while the villager lover lives, even at parity.
    assert MH.check_win(game) is None


def test_same_team_lovers_win_with_their_team() -> None:
    game = new_game("werewolf", "cupid", "villager", "villager", "fortune-teller")
    play(game, {("Ben", "link"): ["Cal", "Dee"], ("Ana", "attack"): "Cal"}, until="day 1")
    assert died(game) == ["Cal", "Dee"]
    play(game, {("Ben", "vote"): "Ana", ("Eve", "vote"): "Ana"})
    assert game.outcome is not None and game.outcome.winner == "village"
    assert set(game.outcome.winners) == {"Ben", "Cal", "Dee", "Eve"}


def test_werewolf_lovers_win_with_the_pack() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "villager")
    play(game, {("Cal", "link"): ["Ana", "Ben"], ("Ana", "attack"): "Cal",
                ("Ben", "attack"): "Cal"}, until="day 1")
    assert game.by_name["Ana"].team == "werewolves"
    play(game, {("Ana", "vote"): "Dee", ("Ben", "vote"): "Dee"})
    assert game.outcome is not None and game.outcome.winner == "werewolves"
    assert set(game.outcome.winners) == {"Ana", "Ben"}


# -- the witch -----------------------------------------------------------------------------------

def test_witch_is_shown_the_victim_before_deciding() -> None:
    game = new_game("werewolf", "werewolf", "witch", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee"}, stop_at=("Cal", "heal"))
    heal = game.find_open("Cal", "heal")
    assert heal.kind == YES_NO and heal.about == "Dee"
    assert {"about": "attack", "player": "Dee"} in told(game, "Cal")


def test_witchs_healing_potion_saves_the_victim() -> None:
    game = new_game("werewolf", "werewolf", "witch", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee", ("Cal", "heal"): True},
         until="day 1")
    assert died(game) == []


def test_witch_may_use_both_potions_the_same_night() -> None:
    game = new_game("werewolf", "werewolf", "witch", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee", ("Cal", "heal"): "yes",
                ("Cal", "poison"): "Ana"}, until="day 1")
    assert died(game) == ["Ana"]
    assert game.by_name["Cal"].used >= {("witch", "heal"), ("witch", "poison")}


def test_witch_may_use_either_potion_on_herself() -> None:
    game = new_game("werewolf", "werewolf", "witch", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal", ("Cal", "heal"): True},
         until="day 1")
    assert died(game) == []
    game = new_game("werewolf", "werewolf", "witch", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee", ("Cal", "poison"): "Cal"},
         until="day 1")
    assert set(died(game)) == {"Dee", "Cal"}


def test_each_potion_can_only_be_used_once_per_game() -> None:
    game = new_game("werewolf", "werewolf", "witch", *["villager"] * 5)
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee", ("Cal", "heal"): True,
                ("Cal", "poison"): "Ana"}, until="day 1")
    play(game, until="night 2")
    asked = play(game, {("Ben", "attack"): "Eve"}, until="day 2")
    assert not any(a.startswith("Cal:") for a in asked)
    assert {"about": "attack", "player": "Eve"} in told(game, "Cal")
    assert died(game, "night 2") == ["Eve"]


def test_heal_is_not_asked_once_used_but_poison_still_is() -> None:
    game = new_game("werewolf", "werewolf", "witch", *["villager"] * 5)
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee", ("Cal", "heal"): True},
         until="day 1")
    play(game, until="night 2")
    asked = play(game, {("Ana", "attack"): "Eve", ("Ben", "attack"): "Eve"}, until="day 2")
    assert "Cal:heal" not in asked and "Cal:poison" in asked


# -- the little girl ---------------------------------------------------------------------------

def test_little_girl_who_spies_overhears_the_pack_without_names() -> None:
    game = new_game("werewolf", "werewolf", "little-girl", "villager", "villager", "villager")
    game.answer_for("Cal", "spy", True)
    game.say("Ana", "werewolves", "let us eat Dee")
    heard = [e.data for e in events_for(game, "Cal") if e.kind == "Overheard"]
    assert len(heard) == 1 and "player" not in heard[0]
    with pytest.raises(IllegalAnswer):
        game.say("Cal", "werewolves", "I hear you")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee",
                (STORYTELLER, "caught"): False}, until="day 1")
    assert {"about": "attack", "player": "Dee"} in told(game, "Cal")
    assert died(game) == ["Dee"]


def test_little_girl_who_does_not_spy_hears_nothing() -> None:
    game = new_game("werewolf", "werewolf", "little-girl", "villager", "villager", "villager")
    asked = play(game, {("Cal", "spy"): False}, stop_at=("Ana", "attack"))
    game.say("Ana", "werewolves", "Dee tonight")
    assert not [e for e in events_for(game, "Cal") if e.kind == "Overheard"]
    asked += play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee"}, until="day 1")
    assert "storyteller:caught" not in asked
    assert not [i for i in told(game, "Cal") if i.get("about") == "attack"]


def test_little_girl_caught_dies_instead_of_the_victim() -> None:
    game = new_game("werewolf", "werewolf", "little-girl", "villager", "villager", "villager")
    play(game, {("Cal", "spy"): True, ("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee",
                (STORYTELLER, "caught"): True}, until="day 1")
    assert died(game) == ["Cal"]
    assert game.by_name["Dee"].alive


@pytest.mark.parametrize("chance, caught", [(1.0, True), (0.0, False)])
def test_little_girl_catch_chance_drives_the_automatic_storyteller(
    chance: float, caught: bool
) -> None:
    for seed in range(5):
        game = new_game("werewolf", "werewolf", "little-girl", "villager", "villager",
                        "villager", options={"little-girl-catch-chance": chance}, seed=seed,
                        storyteller="auto")
        play(game, {("Cal", "spy"): True, ("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee"},
             until="day 1")
        assert died(game) == (["Cal"] if caught else ["Dee"])


def test_little_girl_shown_a_werewolf_sees_one_and_does_not_overhear_the_pack() -> None:
    game = new_game("werewolf", "werewolf", "little-girl", "villager", "villager", "villager",
                    options={"little-girl-sees": "werewolf"})
    game.answer_for("Cal", "spy", True)
    game.say("Ana", "werewolves", "Dee tonight")
    assert not [e for e in events_for(game, "Cal") if e.kind == "Overheard"]
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee",
                (STORYTELLER, "show-werewolf"): "Ben", (STORYTELLER, "caught"): False},
         until="day 1")
    assert {"player": "Ben", "role": "werewolf"} in told(game, "Cal")
    assert not [i for i in told(game, "Cal") if i.get("about") == "attack"]


# -- the hunter --------------------------------------------------------------------------------

def test_hunter_killed_by_the_werewolves_shoots_at_dawn() -> None:
    game = new_game("werewolf", "werewolf", "hunter", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal", ("Cal", "shoot"): "Ben"},
         until="day 1")
    assert died(game) == ["Cal", "Ben"]
    assert game.phase == "day 1"


def test_lynched_hunter_shoots() -> None:
    game = new_game("werewolf", "werewolf", "hunter", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee"}, until="day 1")
    play(game, {("Ana", "vote"): "Cal", ("Ben", "vote"): "Cal", ("Cal", "shoot"): "Ana"},
         until="night 2")
    assert died(game, "day 1") == ["Cal", "Ana"]
    assert {"about": "execution", "player": "Cal", "role": "hunter"} in announced(game)


def test_hunter_may_hold_his_fire_and_may_not_shoot_himself() -> None:
    game = new_game("werewolf", "werewolf", "hunter", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, stop_at=("Cal", "shoot"))
    shoot = game.find_open("Cal", "shoot")
    assert shoot.optional and "Cal" not in shoot.choices
    with pytest.raises(IllegalAnswer):
        game.answer_for("Cal", "shoot", "Cal")
    game.answer_for("Cal", "shoot", None)
    assert died(game) == ["Cal"]


def test_poisoned_hunter_does_not_shoot_unless_the_option_says_so() -> None:
    cast = ("werewolf", "werewolf", "hunter", "witch", "villager", "villager")
    game = new_game(*cast)
    asked = play(game, {("Ana", "attack"): "Eve", ("Ben", "attack"): "Eve",
                        ("Dee", "poison"): "Cal"}, until="day 1")
    assert "Cal:shoot" not in asked
    assert set(died(game)) == {"Eve", "Cal"}
    game = new_game(*cast, options={"hunter-shoots-on-any-death": True})
    play(game, {("Ana", "attack"): "Eve", ("Ben", "attack"): "Eve", ("Dee", "poison"): "Cal",
                ("Cal", "shoot"): "Ana"}, until="day 1")
    assert set(died(game)) == {"Eve", "Cal", "Ana"}


def test_hunter_dying_of_grief_does_not_shoot_by_default() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "hunter", "villager", "villager")
    asked = play(game, {("Cal", "link"): ["Dee", "Eve"], ("Ana", "attack"): "Eve",
                        ("Ben", "attack"): "Eve"}, until="day 1")
    assert "Dee:shoot" not in asked
    assert died(game) == ["Eve", "Dee"]


def test_hunter_in_love_shoots_after_his_lover_has_died_of_grief() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "hunter", "villager", "villager",
                    "villager")
    play(game, {("Cal", "link"): ["Dee", "Eve"], ("Ana", "attack"): "Dee",
                ("Ben", "attack"): "Dee"}, stop_at=("Dee", "shoot"))
    shoot = game.find_open("Dee", "shoot")
    assert "Eve" not in shoot.choices
    game.answer_for("Dee", "shoot", "Ana")
    assert died(game) == ["Dee", "Eve", "Ana"]


def test_hunters_shot_at_a_lover_kills_both_lovers() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "hunter", "villager", "villager",
                    "villager")
    play(game, {("Cal", "link"): ["Ben", "Eve"], ("Ana", "attack"): "Dee",
                ("Ben", "attack"): "Dee", ("Dee", "shoot"): "Ben"}, until="day 1")
    assert died(game) == ["Dee", "Ben", "Eve"]


# -- the sheriff -------------------------------------------------------------------------------

def test_sheriff_is_elected_on_day_one_by_most_votes() -> None:
    game = new_game(*SIX, options={"sheriff": True})
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    elect = game.find_open("Dee", "elect")
    assert "Dee" in elect.choices  # a player may name themself
    play(game, {("Ana", "elect"): "Ana", ("Dee", "elect"): "Eve", ("Eve", "elect"): "Eve"},
         until="night 2")
    assert "sheriff" in game.by_name["Eve"].markers
    assert {"about": "sheriff", "player": "Eve"} in announced(game)
    assert all("sheriff" not in view(game, seat)["players"][0].get("markers", [])
               for seat in ("Ben", "Dee"))
    eve = next(p for p in view(game, "Ben")["players"] if p["name"] == "Eve")
    assert "sheriff" in eve["markers"]  # the star is public


def test_sheriff_election_tie_goes_to_the_storyteller() -> None:
    game = new_game(*SIX, options={"sheriff": True})
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    asked = play(game, {("Ana", "elect"): "Ben", ("Ben", "elect"): "Ben",
                        ("Dee", "elect"): "Fay", ("Eve", "elect"): "Fay",
                        (STORYTELLER, "tie-break"): "Fay"}, until="night 2")
    assert "storyteller:tie-break" in asked
    assert "sheriff" in game.by_name["Fay"].markers
    assert "sheriff" not in game.by_name["Ben"].markers


def test_sheriff_vote_counts_twice() -> None:
    game = new_game(*SIX, options={"sheriff": True})
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    play(game, {(s, "elect"): "Dee" for s in ("Ana", "Ben", "Dee", "Eve", "Fay")}
         | {("Dee", "vote"): "Ana", ("Ana", "vote"): "Fay", ("Ben", "vote"): "Fay"},
         until="night 2")
    weights = {e.data["player"]: e.data.get("weight") for e in game.events
               if e.kind == "VoteCast" and e.data.get("about") != "sheriff"}
    assert weights["Dee"] == 2 and weights["Ana"] == 1
    assert died(game, "day 1") == []  # 2 against 2: a tie


def test_dying_sheriff_names_a_successor() -> None:
    game = new_game(*SIX, options={"sheriff": True})
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    play(game, {(s, "elect"): "Dee" for s in ("Ana", "Ben", "Dee", "Eve", "Fay")},
         until="night 2")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee"},
         stop_at=("Dee", "successor"))
    successor = game.find_open("Dee", "successor")
    assert "Dee" not in successor.choices
    game.answer_for("Dee", "successor", "Fay")
    assert "sheriff" in game.by_name["Fay"].markers
    assert "sheriff" not in game.by_name["Dee"].markers
    asked = play(game, until="night 3")
    assert not any(a.endswith(":elect") for a in asked)


def test_sheriff_who_names_no_successor_leaves_it_to_the_storyteller() -> None:
    game = new_game(*SIX, options={"sheriff": True})
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    play(game, {(s, "elect"): "Dee" for s in ("Ana", "Ben", "Dee", "Eve", "Fay")}
         | {("Ana", "vote"): "Dee", ("Ben", "vote"): "Dee", ("Eve", "vote"): "Dee",
            ("Dee", "successor"): None, (STORYTELLER, "successor"): "Eve"},
         until="night 2")
    assert "sheriff" in game.by_name["Eve"].markers


def test_no_successor_is_named_once_the_game_is_won() -> None:
    game = new_game("werewolf", "villager", "villager", "villager", "villager",
                    options={"sheriff": True})
    play(game, {("Ana", "attack"): "Eve"}, until="day 1")
    asked = play(game, {("Ana", "elect"): "Ana", ("Ana", "vote"): "Ben",
                        ("Ben", "vote"): "Ana", ("Cal", "vote"): "Ana", ("Dee", "vote"): "Ana"})
    assert "sheriff" in game.by_name["Ana"].markers
    assert game.outcome is not None and game.outcome.winner == "village"
    assert not any(a.endswith(":successor") for a in asked)


def test_a_player_may_abstain_in_the_sheriff_election() -> None:
    game = new_game(*SIX, options={"sheriff": True})
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    assert game.find_open("Dee", "elect").optional
    play(game, {("Ana", "elect"): None, ("Dee", "elect"): "Eve"}, until="night 2")
    assert "sheriff" in game.by_name["Eve"].markers


def test_when_everyone_abstains_nobody_is_sheriff() -> None:
    game = new_game(*SIX, options={"sheriff": True})
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    asked = play(game, {("Dee", "vote"): "Ana", ("Eve", "vote"): "Ana", ("Ana", "vote"): "Fay",
                        ("Ben", "vote"): "Fay"}, until="night 2")
    assert "storyteller:tie-break" not in asked
    assert game.holder_of("sheriff") is None
    assert not any(info.get("about") == "sheriff" for info in announced(game))
    assert died(game, "day 1") == []  # two against two: every vote counted once
    asked = play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee"}, until="night 3")
    assert not any(a.endswith(":elect") for a in asked)  # no second election


def test_no_election_without_the_sheriff_option() -> None:
    game = new_game(*SIX)
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    assert {d.name for d in game.open.values()} == {"vote"}


# -- the vote ----------------------------------------------------------------------------------

def test_most_voted_player_is_lynched_and_their_card_shown() -> None:
    game = new_game(*SIX)
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    play(game, {("Dee", "vote"): "Ben", ("Eve", "vote"): "Ben", ("Ana", "vote"): "Fay"},
         until="night 2")
    assert died(game, "day 1") == ["Ben"]
    assert [e.data["player"] for e in game.events if e.kind == "PlayerExecuted"] == ["Ben"]
    assert {"about": "execution", "player": "Ben", "role": "werewolf"} in announced(game)
    assert game.revealed["Ben"] == "werewolf"


def test_tie_in_the_village_vote_lynches_nobody() -> None:
    game = new_game(*SIX)
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    play(game, {("Ana", "vote"): "Dee", ("Ben", "vote"): "Dee", ("Dee", "vote"): "Ana",
                ("Eve", "vote"): "Ana"}, until="night 2")
    assert died(game, "day 1") == []
    assert not [e for e in game.events if e.kind == "PlayerExecuted"]
    assert game.phase == "night 2"


def test_nobody_may_vote_for_themself() -> None:
    game = new_game(*SIX)
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    before = snapshot(game)
    with pytest.raises(IllegalAnswer, match="themself"):
        game.answer_for("Dee", "vote", "Dee")
    assert snapshot(game) == before


def test_dead_players_are_not_asked_to_vote_nor_can_be_voted_for() -> None:
    game = new_game(*SIX)
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    voters = {d.seat for d in game.open.values() if d.name == "vote"}
    assert voters == {"Ana", "Ben", "Dee", "Eve", "Fay"}
    with pytest.raises(IllegalAnswer):
        game.answer_for("Cal", "vote", "Ana")
    with pytest.raises(IllegalAnswer):
        game.answer_for("Dee", "vote", "Cal")


# -- winning -----------------------------------------------------------------------------------

def test_village_wins_when_no_werewolf_is_left() -> None:
    game = new_game("werewolf", "villager", "villager", "fortune-teller", "villager")
    play(game, {("Ana", "attack"): "Ben"}, until="day 1")
    play(game, {(v, "vote"): "Ana" for v in ("Cal", "Dee", "Eve")})
    assert game.outcome is not None and game.outcome.winner == "village"
    assert set(game.outcome.winners) == {"Ben", "Cal", "Dee", "Eve"}
    assert game.over and not game.open


def test_werewolves_win_when_only_werewolves_are_left() -> None:
    game = new_game("werewolf", "werewolf", "villager", "villager")
    play(game, {("Ana", "attack"): "Cal", ("Ben", "attack"): "Cal"}, until="day 1")
    assert not game.over
    play(game, {("Ana", "vote"): "Dee", ("Ben", "vote"): "Dee"})
    assert game.outcome is not None and game.outcome.winner == "werewolves"
    assert set(game.outcome.winners) == {"Ana", "Ben"}


def test_werewolves_win_at_parity_only_with_the_option() -> None:
    for parity, over in ((False, False), (True, True)):
        game = new_game("werewolf", "villager", "villager", "villager",
                        options={"werewolves-win-at-parity": parity})
        play(game, {("Ana", "attack"): "Ben"}, until="day 1")
        play(game, {("Ana", "vote"): "Cal", ("Dee", "vote"): "Cal"}, until="night 2")
        assert game.over is over
        if over:
            assert game.outcome is not None and game.outcome.winner == "werewolves"


def test_nobody_wins_when_everyone_dies() -> None:
    game = new_game("werewolf", "hunter", "villager", "villager")
    play(game, {("Ana", "attack"): "Cal"}, until="day 1")
    play(game, {("Ana", "vote"): "Dee", ("Ben", "vote"): "Dee"}, until="night 2")
    play(game, {("Ana", "attack"): "Ben", ("Ben", "shoot"): "Ana"})
    assert game.outcome is not None
    assert game.outcome.winner == "none" and game.outcome.winners == ()


def test_game_won_event_is_public_and_no_decision_remains() -> None:
    game = new_game("werewolf", "villager", "villager", "villager")
    play(game, {("Ana", "attack"): "Ben"}, until="day 1")
    play(game, {("Cal", "vote"): "Ana", ("Dee", "vote"): "Ana"})
    won = [e for e in game.events if e.kind == "GameWon"]
    assert len(won) == 1 and won[0].audience is None
    with pytest.raises(IllegalAnswer):
        game.answer_for("Cal", "vote", "Dee")


# -- night order, records, robustness ------------------------------------------------------------

def test_night_one_order_is_thief_cupid_fortune_teller_werewolves_witch() -> None:
    game = new_game("werewolf", "thief", "cupid", "fortune-teller", "little-girl", "witch",
                    "villager", center=["villager", "hunter"])
    asked = play(game, {("Ben", "steal"): "no", ("Cal", "link"): ["Fay", "Gus"],
                        ("Dee", "inspect"): "Ana", ("Ana", "attack"): "Gus"}, until="day 1")
    order = [a for a in asked if not a.startswith(STORYTELLER)]
    assert order == ["Ben:steal", "Cal:link", "Dee:inspect", "Eve:spy", "Ana:attack",
                     "Fay:heal", "Fay:poison"]
    assert died(game) == ["Gus", "Fay"]


def test_every_death_turns_the_card_face_up() -> None:
    game = new_game("werewolf", "werewolf", "witch", "hunter", "villager", "villager",
                    "villager")
    play(game, {("Ana", "attack"): "Dee", ("Ben", "attack"): "Dee", ("Cal", "poison"): "Eve",
                ("Dee", "shoot"): "Fay"}, until="day 1")
    for player in died(game):
        assert game.revealed[player] == game.by_name[player].role


def test_record_replays_the_same_game() -> None:
    game = Game(MH, NAMES[:9], deck=MH.preset("classic", 9), seed=5)
    play_out(game, {seat: RandomBot(seat, random.Random(seat)) for seat in NAMES[:9]},
             talk=False)
    again = replay(game.record(), get_edition)
    assert [(e.kind, e.data, e.phase) for e in again.events] == [
        (e.kind, e.data, e.phase) for e in game.events
    ]


@pytest.mark.parametrize("players", [5, 8, 12])
def test_random_games_always_end_with_a_legal_outcome(players: int) -> None:
    options_cycle = [
        {},
        {"hunter-shoots-on-any-death": True, "little-girl-sees": "werewolf"},
        {"werewolves-win-at-parity": True, "sheriff": False, "little-girl-catch-chance": 0.9},
    ]
    for seed in range(30):
        options = options_cycle[seed % len(options_cycle)]
        game = Game(MH, NAMES[:players], deck=MH.preset("classic", players), options=options,
                    seed=seed)
        rng = random.Random(seed)
        play_out(game, {seat: RandomBot(seat, random.Random(rng.random()))
                        for seat in NAMES[:players]}, talk=False)
        outcome = game.outcome
        assert outcome is not None
        assert outcome.winner in {"village", "werewolves", "lovers", "none"}
        for name in outcome.winners:
            assert game.by_name[name].team == outcome.winner
        if outcome.winner == "village":
            assert not [p for p in game.alive() if p.role == "werewolf"]
        if outcome.winner == "werewolves" and not options.get("werewolves-win-at-parity"):
            assert all(p.role == "werewolf" for p in game.alive())
        if outcome.winner == "lovers":
            assert {p.name for p in game.alive()} == set(outcome.winners)
        assert len([p for p in game.players if "sheriff" in p.markers]) <= 1


def causes(game: Game) -> list[tuple[str, str, str | None, str | None]]:
    return [(e.data["player"], e.data["cause"], e.data["by"], e.data["character"])
            for e in game.events if e.kind == "DeathCaused"]


def test_death_caused_says_the_cause_and_source_to_the_storyteller_only() -> None:
    cast = ("werewolf", "werewolf", "hunter", "witch", "villager", "villager")
    game = new_game(*cast, options={"hunter-shoots-on-any-death": True})
    play(game, {("Ana", "attack"): "Eve", ("Ben", "attack"): "Eve", ("Dee", "poison"): "Cal",
                ("Cal", "shoot"): "Ana"}, until="day 1")
    assert causes(game) == [("Eve", "attack", None, "werewolf"),
                            ("Cal", "poison", "Dee", "witch"),
                            ("Ana", "shot", "Cal", "hunter")]
    assert all(e.audience == frozenset() for e in game.events if e.kind == "DeathCaused")
    play(game, {("Ben", "vote"): "Fay", ("Dee", "vote"): "Fay",
                ("Fay", "vote"): "Dee"}, until="night 2")
    assert causes(game)[-1] == ("Fay", "execution", None, None)


def test_a_lover_dies_of_grief_caused_by_the_partners_death() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "villager", "villager", "villager")
    play(game, {("Cal", "link"): ["Dee", "Eve"], ("Ana", "attack"): "Eve",
                ("Ben", "attack"): "Eve"}, until="day 1")
    assert causes(game) == [("Eve", "attack", None, "werewolf"), ("Dee", "grief", "Eve", None)]


def test_a_thief_who_takes_the_witch_gains_her_unused_potions() -> None:
    game = new_game("thief", "werewolf", "werewolf", "villager", "villager", "villager",
                    center=["witch", "villager"])
    asked = play(game, {("Ana", "steal"): "witch", ("Ben", "attack"): "Dee",
                        ("Cal", "attack"): "Dee", ("Ana", "poison"): "Ben"}, until="day 1")
    assert "Ana:heal" in asked and "Ana:poison" in asked
    assert game.by_name["Ana"].used == {("witch", "poison")}
    assert [e.data for e in game.events if e.kind == "RoleChanged"] == [
        {"player": "Ana", "role": "witch", "team": "village"}]


def test_cupids_lovers_carry_a_lover_reminder_from_cupid_seen_by_each_lover_only() -> None:
    game = new_game("werewolf", "werewolf", "cupid", "villager", "villager", "villager")
    play(game, {("Cal", "link"): ["Dee", "Eve"]}, stop_at=("Ana", "attack"))
    assert [(r.token, r.source_player, r.source_character, r.target)
            for r in game.reminders] == [("lover", "Cal", "cupid", "Dee"),
                                         ("lover", "Cal", "cupid", "Eve")]
    def tokens(seat: str) -> dict[str, list[str]]:
        return {p["name"]: p["reminders"] for p in view(game, seat)["players"]
                if "reminders" in p}

    assert tokens("Dee") == {"Dee": ["lover"]}
    assert tokens("Eve") == {"Eve": ["lover"]}
    assert tokens("Cal") == {} and tokens("Fay") == {}
    assert len(view(game, STORYTELLER)["reminders"]) == 2
