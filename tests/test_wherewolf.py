"""The Wherewolf rulebook: one test per rule (RULINGS.md's wherewolf section and our rulings)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from wolfsbane.agents import RandomBot, bot_for, play_out
from wolfsbane.agents.wherewolf import WherewolfBot
from wolfsbane.core import Game, IllegalAnswer, SetupError
from wolfsbane.core.record import replay
from wolfsbane.core.view import public_view, view
from wolfsbane.core.votes import ranked, runoff
from wolfsbane.editions import get_edition
from wolfsbane.editions.wherewolf import catalog as c
from wolfsbane.editions.wherewolf.state import seat_of, state_of

from .conftest import SHARED_RULES, needs_shared

WW = get_edition("wherewolf")
RULEBOOK = SHARED_RULES / "wherewolf.txt"
SEATS = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea"]

RULINGS_ROLES = [
    "assassin", "pettifogger", "bocca-di-rosa", "mayor", "vampire-hunter", "pack-leader",
    "guild-master", "peasant", "hermit", "ghoul", "juliet", "guard", "other-guard",
    "corrupt-guard", "healer", "pack-wolf", "cursed-wolf", "outcast-wolf", "wizard", "medium",
    "merchant", "orator", "innkeeper", "madman", "sinner", "priest", "spy", "witch", "traitor",
    "vampire", "seer",
]
FACTIONS = {"Village": "village", "Criminals": "criminals", "Werewolves": "werewolves",
            "Vampire": "vampires", "Romeo and Juliet": "lovers", "Madman": "madman",
            "Outcast Wolf": "outcast-wolf"}


def new_game(roles: list[str], **options: Any) -> Game:
    return Game(WW, SEATS[: len(roles)], roles=roles, options=options, storyteller="manual")


def _answer(game: Game, answers: dict[tuple[str, str], Any]) -> None:
    decision = game.next_open()
    key = (decision.seat, decision.name)
    if key in answers:
        value = answers.pop(key)
    elif decision.seat == "storyteller":
        value = decision.suggestion
    elif decision.optional:
        value = None
    else:
        value = _required_default(game, decision)
    game.answer(decision.id, value)


def _required_default(game: Game, decision: Any) -> Any:
    """An answer for a decision that cannot be skipped, chosen so that nobody dies of it: the
    First Vote goes round the circle (everyone is tied and nobody burns), the attack goes to
    a player it cannot kill where there is one."""
    if decision.name == "first-vote":
        living = game.alive_names()
        target = living[(living.index(decision.seat) + 1) % len(living)]
        return [target] if decision.max > 1 else target
    if decision.name == "attack":
        immune = [p.name for p in game.alive() if p.role in ("hermit", "outcast-wolf")
                  and p.name in decision.choices]
        if immune:
            return immune[0]
    return decision.choices[0]


def settle(game: Game, answers: dict[tuple[str, str], Any] | None = None) -> None:
    """Play the current phase to its end: answers from `answers` by (seat, decision),
    storyteller decisions with their suggestion, anything else by default."""
    answers = dict(answers or {})
    phase = game.phase
    while not game.over and game.open:
        decision = game.next_open()
        if decision.phase not in (phase, "setup") and phase != "setup":
            break
        if phase == "setup" and decision.phase != "setup":
            phase = decision.phase
        _answer(game, answers)


def run_until(game: Game, phase: str) -> None:
    """Play by default until the first decision of `phase` is open."""
    while not game.over and game.open:
        decision = game.next_open()
        if decision.phase == phase:
            return
        _answer(game, {})


def told(game: Game, seat: str) -> list[dict[str, Any]]:
    return [e.data for e in game.events if e.kind == "InfoGiven" and e.audience
            and seat in e.audience]


# -- the catalog ---------------------------------------------------------------------------------

def _cards() -> dict[str, dict[str, str]]:
    """Faction, aura and mysticism of every card, read from the rulebook itself."""
    text = RULEBOOK.read_text(encoding="utf-8")
    text = text[text.index("The Assassin\n\n"):]
    cards: dict[str, dict[str, str]] = {}
    pattern = re.compile(r"\n(?:The )?([A-Z][A-Za-z ]+?)\n+Faction\t([^\n]+)\nAura\t(\w+)\n"
                         r"Mysticism\t(\w+)")
    for match in pattern.finditer("\n" + text):
        name, faction, aura, mystic = match.groups()
        cards[name.strip().lower().replace(" ", "-")] = {
            "team": FACTIONS[faction.strip()], "aura": aura.lower(), "mystic": mystic}
    return cards


def test_catalog_holds_every_role_of_the_rulings() -> None:
    for role_id in RULINGS_ROLES + ["minor-vampire", "wolf-descendant"]:
        assert role_id in WW.roles
    assert set(WW.roles) == set(RULINGS_ROLES) | {"minor-vampire", "wolf-descendant"}


@needs_shared(RULEBOOK)
def test_catalog_auras_mystics_and_factions_match_the_cards() -> None:
    cards = _cards()
    assert len(cards) == len(RULINGS_ROLES), sorted(cards)
    for role_id, card in cards.items():
        role = WW.roles[role_id]
        assert role.team == card["team"], role_id
        assert role.traits["aura"] == card["aura"], role_id
        assert role.traits["mystic"] == (card["mystic"] == "Yes"), role_id


def test_mystics_are_the_five_the_rulebook_names() -> None:
    assert {r.id for r in WW.roles.values() if r.traits["mystic"]} == set(c.MYSTICS)


def test_created_roles_are_not_dealt() -> None:
    with pytest.raises(SetupError, match="not a card"):
        new_game(["pack-leader", "seer", "minor-vampire", "hermit"])
    assert WW.roles["minor-vampire"].traits["aura"] == "dark"
    assert WW.roles["wolf-descendant"].team == "werewolves"


def test_every_role_has_a_description_and_teams_are_known() -> None:
    for role in WW.roles.values():
        assert len(role.description) > 40
        assert role.team in c.TEAMS


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(SetupError, match="no variant"):
        new_game(["pack-leader", "seer", "mayor", "hermit"], variants={"mayor": "tyrant"})
    new_game(["pack-leader", "seer", "cursed-wolf", "hermit"],
             variants={"cursed-wolf": "the-wolf-cub"})


def test_innkeeper_news_is_a_variant_with_named_choices() -> None:
    roles = ["pack-leader", "seer", "innkeeper", "hermit"]
    with pytest.raises(SetupError, match="no variant"):
        new_game(roles, variants={"innkeeper": "gossip"})
    for news in c.INN_NEWS:
        new_game(roles, variants={"innkeeper": news})
    new_game(roles, variants={"innkeeper": list(c.INN_NEWS)})


@pytest.mark.parametrize("news", c.INN_NEWS)
def test_every_morning_brings_the_chosen_news(news: str) -> None:
    seats = SEATS[:12]
    deck = WW.preset("mystery", 12)
    game = Game(WW, seats, deck=deck, options={"variants": {"innkeeper": news}}, seed=3)
    rng = random.Random(3)
    play_out(game, {s: bot_for(s, rng, "wherewolf") for s in seats})
    inn = [e.data for e in game.events if e.data.get("about") == "inn"]
    assert inn and all(item["news"] == news for item in inn)
    mornings = sum(1 for e in game.events if e.kind == "PhaseBegan"
                   and str(e.data.get("phase_name", "")).startswith("day"))
    assert mornings and len(inn) >= mornings


# -- set-up --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(8, 25))
def test_recommended_deck_has_one_antagonist_per_four_players(players: int) -> None:
    deck = WW.recommended_deck(players, {})
    assert len(deck) == players
    assert "seer" in deck
    assert any(role in c.WOLVES for role in deck)
    antagonists = [r for r in deck if r in c.ANTAGONISTS]
    assert len(antagonists) == players // 4
    WW.check_deck(players, deck, {"variants": {}})


@pytest.mark.parametrize("players", [8, 12, 16])
def test_a_mystery_village_always_deals_the_seer_and_a_werewolf(players: int) -> None:
    """"The Seer, together with a variable number of Werewolves, is the only Role that must
    always be included in every composition": with more cards than seats, the deal leaves
    neither in the center (the shuffle alone left the seer out of about one deal in three)."""
    deck = WW.preset("mystery", players)
    assert len(deck) > players
    for seed in range(150):
        game = Game(WW, SEATS[:players], deck=deck, seed=seed)
        dealt = [p.role for p in game.players]
        assert "seer" in dealt and any(role in c.WOLVES for role in dealt), (seed, dealt)


def test_a_storytellers_deal_without_the_seer_is_refused() -> None:
    deck = WW.preset("mystery", 8)
    game = Game(WW, SEATS[:8], deck=deck, seed=1, storyteller="manual")
    [deal] = [d for d in game.open.values() if d.name == "deal"]
    centre_seer = [card for card in deck if card != "seer"] + ["seer"]
    with pytest.raises(IllegalAnswer, match="always include"):
        game.answer(deal.id, centre_seer)
    assert deal.id in game.open
    seer_first = ["seer"] + [card for card in deck if card != "seer"]  # the wolves next
    assert any(card in c.WOLVES for card in seer_first[:8])
    game.answer(deal.id, seer_first)
    assert [p.role for p in game.players] == seer_first[:8]


def test_mystery_deck_deals_only_as_many_cards_as_players() -> None:
    deck = WW.preset("mystery", 12)
    assert len(deck) > 12
    game = Game(WW, SEATS, deck=deck, seed=3)
    dealt = [p.role for p in game.players]
    assert all(dealt.count(r) <= deck.count(r) for r in dealt)
    composition = [e.data for e in game.events
                   if e.kind == "Announced" and e.data.get("about") == "composition"]
    assert composition and composition[0]["roles"] == sorted(set(deck))


def test_each_peasant_gets_a_hidden_role_from_the_storyteller() -> None:
    game = new_game(["pack-leader", "seer", "peasant", "peasant", "hermit"])
    asks = []
    while game.phase == "setup":
        decision = next(iter(game.open.values()))
        asks.append(decision)
        game.answer(decision.id, "hero")
    assert [(d.name, d.about) for d in asks] == [("hidden-role", "Cal"), ("hidden-role", "Dee")]
    assert set(asks[0].choices) == {"hero", "wolf-descendant", "peasant"}
    assert seat_of(game.by_name["Dee"]).hidden == "hero"


# -- the night -----------------------------------------------------------------------------------

def test_nobody_is_attacked_on_the_first_night() -> None:
    game = new_game(["pack-leader", "pack-wolf", "seer", "hermit", "mayor", "witch"])
    settle(game)
    assert game.phase == "day 1"
    assert all(p.alive for p in game.players)
    assert not any(e.data.get("decision") == "attack" for e in game.events)


def test_seer_is_told_the_aura() -> None:
    game = new_game(["pack-leader", "seer", "hermit", "mayor"])
    settle(game, {("Ben", "inspect"): "Ana"})
    assert {"player": "Ana", "aura": "dark"} in told(game, "Ben")


def test_seer_may_not_inspect_herself() -> None:
    game = new_game(["pack-leader", "seer", "hermit", "mayor"])
    with pytest.raises(IllegalAnswer):
        game.answer_for("Ben", "inspect", "Ben")


def test_cancelled_attack_tells_the_pack_without_the_reason() -> None:
    game = new_game(["pack-leader", "pack-wolf", "seer", "hermit", "mayor", "witch"])
    run_until(game, "night 2")
    settle(game, {("Ana", "attack"): "Dee"})
    for wolf in ("Ana", "Ben"):
        assert {"about": "attack", "yes": False, "player": "Dee"} in told(game, wolf)
    assert not any(i.get("about") == "attack" for i in told(game, "Dee"))


def test_strongest_wolf_order() -> None:
    assert c.STRENGTH == ("pack-leader", "outcast-wolf", "pack-wolf", "wolf-descendant")


def test_only_the_strongest_living_wolf_is_asked_to_attack() -> None:
    game = new_game(["pack-wolf", "outcast-wolf", "seer", "hermit", "mayor", "witch", "orator"])
    run_until(game, "night 2")
    while not any(d.name == "attack" for d in game.open.values()):
        _answer(game, {})
    attackers = [d.seat for d in game.open.values() if d.name == "attack"]
    assert attackers == ["Ben"]


def test_undealt_roles_ask_nobody() -> None:
    game = new_game(["pack-leader", "seer", "hermit", "mayor"],
                    **{"extra-roles": ["healer", "witch", "vampire"]})
    run_until(game, "night 2")
    names = set()
    while game.phase == "night 2" and not game.over:
        decision = game.next_open()
        if decision.seat != "storyteller":
            names.add(decision.name)
        _answer(game, {})
    assert names <= {"inspect", "attack"}


# -- the votes -----------------------------------------------------------------------------------

def test_runoff_of_a_tie_at_the_top_is_exactly_the_tied() -> None:
    assert sorted(runoff({"a": 3, "b": 3, "c": 2})) == ["a", "b"]


def test_runoff_of_a_single_leader_takes_every_runner_up() -> None:
    assert sorted(runoff({"a": 4, "b": 2, "c": 2, "d": 1})) == ["a", "b", "c"]


def test_runoff_bars_the_defended_player() -> None:
    assert sorted(runoff({"a": 4, "b": 2, "c": 1}, excluded=["a"])) == ["b", "c"]


def test_runoff_of_nobody_voted_is_empty() -> None:
    assert runoff({}) == [] and runoff({"a": 0}) == []
    assert ranked({"a": 1, "b": 2, "c": 1, "d": 0}) == [["b"], ["a", "c"]]


def _day_one(roles: list[str], first: dict[str, Any], second: dict[str, Any] | None = None,
             extra: dict[tuple[str, str], Any] | None = None, **options: Any) -> Game:
    game = new_game(roles, **options)
    run_until(game, "day 1")
    answers: dict[tuple[str, str], Any] = {(s, "first-vote"): t for s, t in first.items()}
    answers.update({(s, "second-vote"): t for s, t in (second or {}).items()})
    answers.update(extra or {})
    settle(game, answers)
    return game


def _runoff(game: Game) -> list[str]:
    return next(e.data["players"] for e in game.events
                if e.kind == "Announced" and e.data.get("about") == "runoff")


def test_mayor_vote_counts_twice() -> None:
    game = _day_one(["pack-leader", "mayor", "seer", "hermit", "witch"],
                    {"Ana": "Cal", "Ben": "Ana", "Cal": "Dee", "Dee": "Cal", "Eve": "Dee"})
    assert state_of(game).first_vote == {"Cal": 2, "Ana": 2, "Dee": 2}


def test_bocca_di_rosa_votes_are_halved_rounding_down() -> None:
    game = _day_one(["pack-leader", "bocca-di-rosa", "seer", "hermit", "witch"],
                    {"Ana": "Ben", "Cal": "Ben", "Dee": "Ben", "Eve": "Ana"})
    assert state_of(game).first_vote["Ben"] == 1


def test_merchant_answers_with_a_list() -> None:
    game = _day_one(["pack-leader", "merchant", "seer", "hermit", "witch"],
                    {"Ben": ["Ana", "Cal", "Dee"], "Ana": "Cal", "Cal": "Ana", "Dee": "Ana",
                     "Eve": "Dee"})
    assert state_of(game).first_vote == {"Ana": 3, "Cal": 2, "Dee": 2}


def test_ballots_are_secret_unless_open_voting() -> None:
    roles = ["pack-leader", "mayor", "seer", "hermit", "witch"]
    votes = {"Ana": "Cal", "Ben": "Ana", "Cal": "Ana", "Dee": "Ana", "Eve": "Ana"}
    secret = _day_one(roles, votes)
    assert all(e.audience is not None for e in secret.events if e.kind == "VoteCast")
    shown = _day_one(roles, votes, **{"open-voting": True})
    assert all(e.audience is None for e in shown.events if e.kind == "VoteCast")


def test_orator_pardon_on_the_single_top_burns_nobody() -> None:
    game = _day_one(["pack-leader", "orator", "seer", "hermit", "witch"],
                    {"Ana": "Cal", "Ben": "Ana", "Cal": "Ana", "Dee": "Cal", "Eve": "Ana"},
                    {"Ben": "Ana", "Dee": "Ana", "Eve": "Cal"}, {("Ben", "pardon"): "Ana"})
    assert all(p.alive for p in game.players)


def test_pettifogger_protégé_cannot_reach_the_runoff() -> None:
    game = _day_one(["pack-leader", "pettifogger", "seer", "hermit", "witch"],
                    {"Ana": "Cal", "Ben": "Ana", "Cal": "Ana", "Dee": "Cal", "Eve": "Cal"},
                    extra={("Ben", "defend"): "Cal"})
    assert "Cal" not in _runoff(game)


def test_second_vote_tie_burns_no_one() -> None:
    # Ana 3 (the mayor's 2 and Cal), Ben 2: the four outside the runoff split two and two.
    game = _day_one(["pack-leader", "mayor", "seer", "hermit", "witch", "orator"],
                    {"Ana": "Ben", "Ben": "Ana", "Cal": "Ana", "Dee": "Ben", "Eve": "Fay",
                     "Fay": "Eve"}, {"Cal": "Ana", "Dee": "Ben", "Eve": "Ben", "Fay": "Ana"})
    assert _runoff(game) == ["Ana", "Ben"]
    assert all(p.alive for p in game.players)


# -- the end -------------------------------------------------------------------------------------

def test_outcome_names_the_reason() -> None:
    game = _day_one(["pack-leader", "mayor", "seer", "hermit"],
                    {"Ana": "Cal", "Ben": "Ana", "Cal": "Ana", "Dee": "Cal"},
                    {"Ben": "Ana", "Dee": "Ana"})
    assert game.over and game.outcome is not None
    assert game.outcome.winner == "village"
    assert "werewolf" in game.outcome.reason


def test_timed_days_give_the_phase_its_seconds() -> None:
    game = new_game(["pack-leader", "mayor", "seer", "hermit"], **{"day-seconds": 120})
    run_until(game, "day 1")
    assert WW.phase_seconds(game) == 120


def test_from_the_second_night_the_strongest_werewolf_must_attack() -> None:
    game = new_game(["pack-leader", "seer", "hermit", "mayor", "witch"])
    run_until(game, "night 2")
    settle_until(game, "attack")
    attack = game.find_open("Ana", "attack")
    assert not attack.optional
    with pytest.raises(IllegalAnswer, match="kill one player each night"):
        game.answer(attack.id, None, seat="Ana")
    assert game.open[attack.id] is attack  # refused, nothing changed


def settle_until(game: Game, name: str) -> None:
    while not any(d.name == name for d in game.open.values()):
        _answer(game, {})


@pytest.mark.parametrize("vote", ["first-vote", "second-vote"])
def test_in_an_untimed_day_every_voter_must_vote(vote: str) -> None:
    game = new_game(["pack-leader", "seer", "hermit", "mayor", "witch"])
    run_until(game, "day 1")
    if vote == "second-vote":
        # Ana 3 (the mayor's 2 and Cal), Cal 1: Ben, Eve and the mayor vote again
        for seat, target in {"Ana": "Cal", "Ben": "Ana", "Cal": "Ana", "Dee": "Ana",
                             "Eve": "Ana"}.items():
            game.answer_for(seat, "first-vote", target)
    ballot = game.find_open("Eve", vote)
    assert not ballot.optional
    with pytest.raises(IllegalAnswer, match="must vote"):
        game.answer(ballot.id, None, seat="Eve")


@pytest.mark.parametrize("vote", ["first-vote", "second-vote"])
def test_in_a_timed_day_a_voter_may_let_the_clock_run_out(vote: str) -> None:
    game = new_game(["pack-leader", "seer", "hermit", "mayor", "witch"], **{"day-seconds": 90})
    run_until(game, "day 1")
    if vote == "second-vote":
        for seat, target in {"Ana": "Cal", "Ben": "Ana", "Cal": "Ana", "Dee": "Ana",
                             "Eve": None}.items():
            game.answer_for(seat, "first-vote", target)
    ballot = game.find_open("Eve", vote)
    assert ballot.optional and ballot.default is None


def _quiet_game(storyteller: str = "manual") -> Game:
    """A werewolf who only ever attacks the hermit, and a village that never agrees: nobody
    dies, though the village could still burn the werewolf."""
    return Game(WW, SEATS[:4], roles=["pack-leader", "hermit", "seer", "mayor"],
                storyteller=storyteller)


def _play_quietly(game: Game, end_game: Any = None, phases: int = 40) -> list[Any]:
    """Play round after round without a death; answer `end-game` with `end_game` (None: its
    suggestion). Returns the suggestions the storyteller was offered."""
    offered = []
    while not game.over and phases:
        decision = game.next_open()
        if decision.name == "end-game":
            offered.append((game.phase, decision.suggestion))
            game.answer(decision.id, decision.suggestion if end_game is None else end_game)
            phases -= 1
            continue
        _answer(game, {})
    return offered


def test_quiet_rounds_are_put_to_the_storyteller() -> None:
    game = _quiet_game()
    offered = _play_quietly(game, end_game=False, phases=12)
    # after each night and day in a row without a death (night 1 does not count)
    assert offered[0] == ("night 2", False)
    assert [suggested for _phase, suggested in offered[:8]] == [False] * 8
    assert all(suggested for _phase, suggested in offered[8:])
    assert not game.over  # a moderator who answers no plays on


def test_the_automatic_storyteller_ends_a_stuck_game() -> None:
    game = _quiet_game(storyteller="auto")
    while not game.over:
        _answer(game, {})
    assert game.outcome is not None and game.outcome.winner == "werewolves"
    assert game.outcome.reason.startswith("deadlock: the storyteller called the game after 10")
    assert game.phases[-1] == "night 6"  # five quiet days and five quiet nights from day 1


def test_a_moderator_may_end_a_stuck_game_early() -> None:
    game = _quiet_game()
    _play_quietly(game, end_game=True)
    assert game.outcome is not None and game.outcome.winner == "werewolves"
    assert game.phases[-1] == "night 2"


def test_no_end_game_is_offered_once_someone_dies() -> None:
    game = _quiet_game()
    run_until(game, "night 2")
    settle(game, {("Ana", "attack"): "Cal"})
    assert not any(e for e in game.log if e["decision"] == "end-game")


def test_a_cursed_wolf_whose_stake_wins_the_game_curses_nobody() -> None:
    game = _day_one(["cursed-wolf", "seer", "hermit", "mayor"],
                    {"Ana": "Ben", "Ben": "Ana", "Cal": "Ana", "Dee": "Ana"},
                    {"Cal": "Ana", "Dee": "Ana"})
    assert game.outcome is not None and game.outcome.winner == "village"
    assert not any(e["decision"] == "curse" for e in game.log if "decision" in e)


def test_a_cursed_wolf_whose_stake_leaves_a_wolf_curses() -> None:
    game = _day_one(["cursed-wolf", "pack-leader", "seer", "hermit", "mayor"],
                    {"Ana": "Cal", "Ben": "Cal", "Cal": "Ana", "Dee": "Ana", "Eve": "Ana"},
                    {"Ben": "Ana", "Dee": "Ana", "Eve": "Ana"},
                    {("Ana", "curse"): "Cal"})
    assert not game.by_name["Cal"].alive
    assert any(e.data.get("about") == "curse" for e in game.events if e.kind == "Announced")


# -- what a seat may see -------------------------------------------------------------------------

def _shape(game: Game) -> list[tuple[Any, ...]]:
    out = []
    for event in public_view(game)["events"]:
        data = {k: v for k, v in event.items() if k not in ("index",)}
        if data.get("about") == "composition":
            data = {"kind": data["kind"], "about": "composition", "n": len(data["roles"])}
        out.append(tuple(sorted((k, repr(v)) for k, v in data.items())))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_public_views_do_not_depend_on_undealt_roles(seed: int) -> None:
    """Two games dealt the same cards, whose lists of possible roles differ only in undealt
    roles, look the same to everyone: same public events in the same order."""
    rng = random.Random(seed)
    size = rng.choice([6, 8, 10, 12])
    roles = WW.recommended_deck(size, {})
    pool = [r for r in WW.roles if WW.roles[r].traits.get("dealt", True)
            and r not in roles and r != "innkeeper"]
    first, other = rng.sample(pool, 3), rng.sample(pool, 3)
    game = Game(WW, SEATS[:size], roles=roles, options={"extra-roles": first}, seed=seed)
    play_out(game, {s: RandomBot(s, random.Random(seed)) for s in SEATS[:size]})
    record = game.record()
    record["options"] = dict(record["options"], **{"extra-roles": other})
    twin = replay(record, get_edition)
    assert twin.over
    assert _shape(game) == _shape(twin)
    for seat in SEATS[:size]:
        mine = [e for e in view(game, seat)["events"] if e.get("about") != "composition"]
        theirs = [e for e in view(twin, seat)["events"] if e.get("about") != "composition"]
        assert mine == theirs


def test_a_seat_never_sees_anothers_card() -> None:
    game = new_game(["pack-leader", "mayor", "seer", "hermit"])
    run_until(game, "day 1")
    seen = view(game, "Dee")
    assert all("role" not in p for p in seen["players"])
    assert seen["you"]["role"] == "hermit"


# -- bots and termination ------------------------------------------------------------------------

def test_bot_is_registered() -> None:
    assert get_edition("wherewolf").bot == "wherewolf:WherewolfBot"
    assert isinstance(bot_for("Ana", random.Random(0), "wherewolf"), WherewolfBot)


@pytest.mark.parametrize("size", [8, 12, 16, 24])
def test_all_bot_games_end_and_replay_exactly(size: int) -> None:
    games = 25  # four sizes: 100 games in all
    for seed in range(games):
        seats = [f"P{i}" for i in range(size)]
        deck = WW.preset("mystery" if seed % 2 else "standard", size)
        options = {"amulet": seed % 3 == 0, "sword": seed % 5 == 0,
                   "role-reveal": seed % 4 == 0}
        game = Game(WW, seats, deck=deck, options=options, seed=seed)
        rng = random.Random(seed)
        play_out(game, {s: bot_for(s, rng, "wherewolf") for s in seats})
        assert game.over and game.outcome is not None and game.outcome.reason
        again = replay(game.record(), get_edition)
        assert [e.key() for e in again.events] == [e.key() for e in game.events]


def test_variants_survive_all_bot_games() -> None:
    variants = {role.id: role.traits["variants"][0] for role in WW.roles.values()
                if role.traits["variants"] and role.id not in ("peasant",)}
    for seed in range(10):
        seats = SEATS[:12]
        deck = WW.preset("mystery", 12)
        game = Game(WW, seats, deck=deck, options={"variants": variants}, seed=seed)
        rng = random.Random(seed)
        play_out(game, {s: bot_for(s, rng, "wherewolf") for s in seats})
        assert game.over


def test_scenario_folder_has_many_rules() -> None:
    folder = Path(__file__).parent / "scenarios" / "wherewolf"
    assert len(list(folder.glob("*.yaml"))) >= 60


@pytest.mark.parametrize(("players", "werewolves"), [
    (5, 1), (8, 1), (9, 2), (12, 2), (13, 3), (16, 3), (17, 4), (20, 4)])
def test_the_first_games_deck_has_a_werewolf_for_every_four_players_from_five(
    players: int, werewolves: int,
) -> None:
    """"For first games": werewolf cards "1 for 5-8 players, 2 for 9-12 players, 3 for 13-16
    players, 4 for 17-20 players, and so on", the seer, and peasants."""
    deck = WW.preset("basic", players)
    wolves = [card for card in deck if card in ("pack-leader", "pack-wolf")]
    assert len(wolves) == werewolves and deck.count("seer") == 1
    assert len(deck) == players
