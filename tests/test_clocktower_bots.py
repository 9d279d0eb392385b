"""Clocktower bots (agents/clocktower.py) and the edition's simulations (issue 13, items 8
and 11): legal decisions at every table size, structured claims, bluffs kept straight,
Minions who shield their Demon, nominations aimed at the likeliest Demon, a Fortune Teller
and an Empath whose answers narrow the candidates, and good bots that beat random good
players against the same evil bots."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from wolfsbane.agents import bot_for, play_out, random_answer
from wolfsbane.agents.base import Agent, SeatView
from wolfsbane.agents.clocktower import GOOD_IDS, NOBODY, STALLED, ClocktowerBot, posterior
from wolfsbane.agents.driver import Table
from wolfsbane.cli import app
from wolfsbane.core import Decision, Game, IllegalAnswer
from wolfsbane.core.talk import check_message
from wolfsbane.editions import get_edition
from wolfsbane.editions.clocktower.setup import MAX_PLAYERS, MIN_PLAYERS, check_bag, suggest_bag
from wolfsbane.messages import Words, catalogue
from wolfsbane.sim import simulate, wilson_interval
from wolfsbane.sim.run import days_of, play_one

EDITION = get_edition("clocktower")


class RandomGoodBot(ClocktowerBot):
    """A random good player beside the real evil bots: while its seat believes itself good
    it answers at random among the legal answers and says nothing; evil, it is the bot."""

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        if game_view.my_team == "good":
            return random_answer(decision, self.rng)
        return super().decide(decision, game_view)

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        if game_view.my_team == "good":
            return []
        return super().talk(channel, game_view)


def seats(players: int) -> list[str]:
    return [f"P{n}" for n in range(1, players + 1)]


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    return Game(EDITION, seats(players), deck=EDITION.recommended_deck(players, {}),
                options=options or {}, seed=seed)


def play(players: int, seed: int, bot: Callable[[str, random.Random], Agent] = ClocktowerBot,
         options: dict[str, Any] | None = None) -> Game:
    """One all-bot game; `play_out` is strict: an illegal answer or message raises."""
    game = new_game(players, seed, options)
    rng = random.Random(seed)
    agents = {seat: bot(seat, random.Random(rng.getrandbits(64))) for seat in game.by_name}
    return play_out(game, agents, max_answers=30_000)


def claims_of(game: Game) -> list[tuple[str, str, dict[str, Any]]]:
    return [(e.phase, str(e.data["player"]), dict(e.data["message"])) for e in game.events
            if e.kind == "Said" and isinstance(e.data.get("message"), dict)
            and e.data["message"].get("type") == "claim"]


# -- the edition seats its bots --------------------------------------------------------------

def test_the_clocktower_edition_seats_its_own_bots() -> None:
    bot = bot_for("P1", random.Random(1), "clocktower")
    assert isinstance(bot, ClocktowerBot)


def test_the_marionette_is_shown_the_good_team_so_her_bot_plays_good() -> None:
    """She believes she is the good character she was dealt: her seat's view (what her bot
    and her screen read) says good, as it would for the real one."""
    found = 0
    for seed in range(300):
        game = new_game(8, seed)
        for player in game.players:
            if player.role == "marionette":
                view = SeatView(game, player.name)
                assert view.my_team == "good" and view.my_role != "marionette"
                found += 1
        if found >= 3:
            break
    assert found >= 3


# -- legal decisions, every table size -------------------------------------------------------

@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_bot_decisions_are_always_legal_at_every_table_size(players: int) -> None:
    tries = 6 if players <= 9 else 3 if players <= 12 else 2
    for seed in range(tries):
        options = {"fabled": ["djinn", "hells-librarian"]} if seed % 2 else {}
        game = play(players, 100 * players + seed, options=options)
        assert game.over and game.outcome is not None
        assert game.outcome.winner in ("good", "evil")


def test_bot_decisions_are_always_legal_over_many_seeds() -> None:
    for seed in range(150):
        game = play(5 + seed % 5, 7_000 + seed)
        assert game.over


def test_bots_play_with_travellers_beyond_fifteen() -> None:
    for seed in range(2):
        game = play(MAX_PLAYERS + 2, 31 + seed)
        assert game.over


# -- item 11: simulations for 5 to 15 players ------------------------------------------------

def test_the_suggested_bag_is_legal_for_every_table_size_and_seed() -> None:
    """The automatic storyteller's bag always holds one token a seat with every bracket
    (the crash once seen at 5 players: "The bag holds one token a seat: 5, not 6")."""
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for seed in range(400):
            for change in (None, 1, -1):
                bag, shift = suggest_bag(random.Random(seed), players, change)
                assert check_bag(players, bag, shift) == bag


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_simulate_runs_for_every_table_size(players: int) -> None:
    result = simulate("clocktower", players=players, games=3 if players <= 12 else 1,
                      seed=0, workers=1)
    assert sum(result.wins.values()) == result.games
    assert set(result.wins) == {"good", "evil"}
    low, high = result.interval("good")
    assert 0.0 <= low <= result.rate("good") <= high <= 1.0


def test_the_simulate_command_runs_clocktower_at_five_players_from_seed_zero() -> None:
    outcome = CliRunner().invoke(app, ["simulate", "--edition", "clocktower", "--players",
                                       "5", "--games", "4", "--seed", "0", "--workers", "1"])
    assert outcome.exit_code == 0, outcome.output
    assert "good" in outcome.output and "evil" in outcome.output
    assert "95% interval" in outcome.output
    # not the fixed list the game was created with: each game's own bag
    assert "deck: a legal bag drawn by the automatic storyteller for each game" in outcome.output


# -- structured claims -----------------------------------------------------------------------

def test_a_claim_may_carry_what_the_ability_told_and_is_checked() -> None:
    game = new_game(7, 1)
    claim = {"type": "claim", "role": "empath", "night": 2, "number": 1}
    assert check_message(game, claim, 200) == claim
    teller = {"type": "claim", "role": "fortune-teller", "night": 1, "players": ["P1", "P2"],
              "yes": False}
    assert check_message(game, teller, 200)["players"] == ["P1", "P2"]
    for wrong in ({"number": -1}, {"number": "two"}, {"players": "P1"},
                  {"players": ["P1", "Nobody"]}, {"roles": ["imp"]}, {"yes": "maybe"},
                  {"alignment": "grey"}, {"players": ["P1", "P2", "P3", "P4"]}):
        with pytest.raises(IllegalAnswer):
            check_message(game, {"type": "claim", "role": "empath", **wrong}, 200)


def test_a_claim_with_information_reads_as_a_sentence() -> None:
    words = Words(catalogue(EDITION), viewer="P3")
    said = words.talk({"type": "claim", "role": "empath", "night": 2, "number": 1}, "P1")
    assert said == "I am the Empath: on night 2, 1 of my living neighbours were evil."
    said = words.talk({"type": "claim", "role": "fortune-teller", "night": 1,
                       "players": ["P2", "P4"], "yes": False}, "P1")
    assert said == "I am the Fortune Teller: on night 1, no Demon is among P2 and P4."


def test_good_bots_claim_their_character_and_what_they_learned() -> None:
    checked = 0
    for seed in range(20):
        game = play(8, 500 + seed)
        told = {}
        for event in game.events:
            if event.kind == "InfoGiven" and event.audience and event.data.get("about") in (
                    "empath", "chef", "fortune-teller"):
                (player,) = event.audience
                told.setdefault(player, []).append(dict(event.data))
        changed = {next(iter(e.audience)) for e in game.events if e.kind == "InfoGiven"
                   and e.data.get("about") == "you-are" and e.audience}
        for _, speaker, message in claims_of(game):
            player = game.by_name[speaker]
            shown = EDITION.role_shown_to_self(player)
            if EDITION.team_shown_to_self(player) != "good" or player.team != "good" \
                    or speaker in changed:  # (a Snake Charmer's swap changes a story)
                continue
            assert message["role"] == shown  # the good tell the truth
            if "number" in message and shown in ("empath", "chef"):
                assert any(info.get("number") == message["number"]
                           for info in told.get(speaker, []))
                checked += 1
            if "yes" in message:
                assert any(info.get("yes") == message["yes"]
                           and sorted(info["players"]) == sorted(message["players"])
                           for info in told.get(speaker, []))
                checked += 1
    assert checked >= 10


# -- evil stories ----------------------------------------------------------------------------

def test_evil_bots_bluff_the_demons_bluffs_and_keep_their_story_straight() -> None:
    demons_checked = minions_checked = 0
    for seed in range(30):
        game = play(9, 900 + seed)
        bluffs = next((list(e.data["roles"]) for e in game.events if e.kind == "InfoGiven"
                       and e.data.get("about") == "bluffs" and "roles" in e.data), None)
        claims = claims_of(game)
        changed = {next(iter(e.audience)) for e in game.events if e.kind == "InfoGiven"
                   and e.data.get("about") == "you-are" and e.audience}
        for player in game.players:
            story = [(i, message["role"]) for i, (_, speaker, message) in enumerate(claims)
                     if speaker == player.name]
            if player.team != "evil" or player.role == "marionette" or not story \
                    or player.name in changed:  # turned evil: it keeps its true story
                continue
            roles = {role for _, role in story}
            assert len(roles) == 1, (seed, player.name, story)  # the same claim every day
            (role,) = roles
            assert role in GOOD_IDS
            # a character nobody had claimed before: the bluff is not an obvious lie
            first = story[0][0]
            assert all(message["role"] != role for _, speaker, message in claims[:first]
                       if speaker != player.name), (seed, player.name, role)
            if player.role in ("no-dashii", "fang-gu") and bluffs:
                unclaimed = [b for b in bluffs if all(
                    m["role"] != b for _, sp, m in claims[:first] if sp != player.name)]
                assert role in bluffs or not unclaimed
                demons_checked += 1
            else:
                minions_checked += 1
    assert demons_checked >= 10 and minions_checked >= 10


def test_a_demons_bluff_is_never_a_character_in_play() -> None:
    for seed in range(30):
        game = play(10, 1_300 + seed)
        in_play = {p.role for p in game.players} | {
            EDITION.role_shown_to_self(p) for p in game.players}
        demon_names = {p.name for p in game.players if p.role in ("no-dashii", "fang-gu")}
        bluffs = next((list(e.data["roles"]) for e in game.events if e.kind == "InfoGiven"
                       and e.data.get("about") == "bluffs" and "roles" in e.data), [])
        for _, speaker, message in claims_of(game):
            if speaker in demon_names and message["role"] in bluffs:
                assert message["role"] not in in_play


def test_minions_never_raise_a_hand_to_execute_their_demon() -> None:
    votes_against_demon = 0
    for seed in range(40):
        game = play(8, 2_000 + seed)
        # each Minion and the Demon they were shown on the first night
        known = {next(iter(e.audience)): e.data["player"] for e in game.events
                 if e.kind == "InfoGiven" and e.data.get("about") == "demon" and e.audience}
        for event in game.events:
            voter = event.data.get("player")
            if event.kind != "VoteCast" or voter not in known \
                    or event.data.get("nominee") != known[voter]:
                continue
            votes_against_demon += 1
            assert event.data.get("target") is None, (seed, dict(event.data))
    assert votes_against_demon > 0


def stalled_vote(bot: ClocktowerBot, game: Game) -> tuple[Decision, SeatView]:
    """The bots play `game` up to the first vote asked of `bot`'s seat, a good one."""
    agents: dict[str, Agent] = {seat: ClocktowerBot(seat, random.Random(n))
                                for n, seat in enumerate(game.by_name)}
    agents[bot.seat] = bot
    table = Table(game, agents)
    while not any(d.seat == bot.seat and d.name == "vote" for d in game.open.values()):
        assert table.step() and not game.over
    table.catch_up()
    decision = next(d for d in game.open.values() if d.seat == bot.seat and d.name == "vote")
    return decision, SeatView(game, bot.seat)


def test_in_a_stalled_game_the_good_vote_the_first_nominee_onto_the_block_and_never_tie_it(
) -> None:
    """Days on end without a death (a Demon gone while an Evil Twin holds good off) move only
    by the rope: the good then vote for a nominee while nobody is on the block, and against
    every later one, so that the first to reach the block is executed rather than tied away."""
    for seed in range(40):
        game = new_game(8, seed)
        seat = next(p.name for p in game.players if p.team == "good" and p.role != "recluse")
        bot = ClocktowerBot(seat, random.Random(seed))
        decision, view = stalled_vote(bot, game)
        if decision.about in bot.known_evil | bot.known_good:
            continue  # what the seat knows decides
        bot.quiet = STALLED
        bot.block = None
        assert bot.decide(decision, view) is True
        bot.block = next(name for name in game.by_name if name not in (seat, decision.about))
        assert bot.decide(decision, view) is False
        return
    raise AssertionError("no seat was asked to vote on a nominee it knows nothing of")


@pytest.mark.parametrize(("players", "seed"), [(8, 128), (10, 52), (10, 156)])
def test_a_game_whose_demon_is_gone_while_the_evil_twin_holds_still_ends(
        players: int, seed: int) -> None:
    """Deals that the simulator once played for ever (`wolfsbane simulate --edition clocktower
    --games 400` never finished): the Demon died, the Evil Twin and the good twin lived on,
    nobody died at night, and every day's votes tied. Played as the simulator plays them
    (`sim.run.play_one`), on a shorter leash."""
    game = play_one(EDITION.id, EDITION.recommended_deck(players, {}), players, {}, seed,
                    max_answers=5_000)
    assert game.over and days_of(game) <= 15


# -- reasoning -------------------------------------------------------------------------------

def test_a_fortune_tellers_answers_narrow_down_the_demon() -> None:
    """Seat 0 is a good Fortune Teller; seven seats, two evil. No on (1, 2), no on (3, 4),
    yes on (5, 6): the Demon is 5 or 6."""
    candidates = tuple(range(1, 7))
    _, before = posterior(7, 2, candidates, ())
    facts = (("ft", NOBODY, 0b110, False), ("ft", NOBODY, 0b11000, False))
    _, after_two = posterior(7, 2, candidates, facts)
    facts += (("ft", NOBODY, 0b1100000, True),)
    _, after_three = posterior(7, 2, candidates, facts)
    assert all(before[i] == pytest.approx(1 / 6) for i in candidates)
    assert after_two[5] + after_two[6] > before[5] + before[6]
    assert after_three[5] + after_three[6] > 0.9
    assert max(after_three[i] for i in (1, 2, 3, 4)) < 0.05


def test_empath_and_chef_numbers_constrain_the_candidates() -> None:
    """Seat 0, a good Empath, sees 0 evil among seats 1 and 6: they are almost surely good.
    A Chef's 0 pairs makes neighbouring evil players unlikely."""
    candidates = tuple(range(1, 7))
    evil, _ = posterior(7, 2, candidates, (("count", NOBODY, 0b1000010, 0, 0.12),))
    assert evil[1] < 0.1 and evil[6] < 0.1
    assert evil[3] > 0.4
    paired, _ = posterior(7, 2, candidates, (("pairs", NOBODY, 1, 0.12),))
    apart, _ = posterior(7, 2, candidates, (("pairs", NOBODY, 0, 0.12),))
    # seats 1 and 6 each have one neighbour who cannot be evil (seat 0): with a pair
    # claimed, the middle seats, which have two candidate neighbours, are likelier
    assert paired[3] > apart[3]


def test_what_an_evil_speaker_claims_binds_nothing() -> None:
    """Seat 1 says seat 2 is evil. In the worlds where seat 1 is evil, that says nothing:
    seat 2's chance rises, and so does seat 1's (who may be lying)."""
    candidates = tuple(range(1, 7))
    base, _ = posterior(7, 2, candidates, ())
    evil, _ = posterior(7, 2, candidates, (("is", 1, 2, True, 0.12),))
    assert evil[2] > base[2]
    hard, _ = posterior(7, 2, candidates, (("is", NOBODY, 2, True, 0.12),))
    assert hard[2] > evil[2]  # the same words from nobody who could lie weigh more


def test_two_players_claiming_one_character_fall_under_suspicion() -> None:
    bot = ClocktowerBot("P1", random.Random(0))
    bot.seats = seats(7)
    bot.index = {name: i for i, name in enumerate(bot.seats)}
    bot.role = "chef"
    before, _ = bot._chances(True)
    bot.claims.update({"P3": "empath", "P5": "empath", "P2": "chef"})
    after, _ = bot._chances(True)
    assert after["P3"] > before["P3"] and after["P5"] > before["P5"]
    assert after["P2"] > 0.9  # claims my own character: a liar


def test_nobody_nominates_at_random_good_bots_name_evil_players_far_above_chance() -> None:
    """The first nomination a good bot makes each day names an evil player far more often
    than a nominee drawn at random from the living would be."""
    hits = nominations = 0
    chance = 0.0
    for seed in range(60):
        game = play(8, 3_000 + seed)
        team = {p.name: p.team for p in game.players}
        alive = set(game.by_name)
        days: set[str] = set()
        for event in game.events:
            if event.kind == "PlayerDied":
                alive.discard(str(event.data["player"]))
            if event.kind != "Announced" or event.data.get("about") != "nomination" \
                    or team[event.data["by"]] != "good" or event.phase in days:
                continue
            days.add(event.phase)
            others = [name for name in alive if name != event.data["by"]]
            nominations += 1
            hits += team[event.data["player"]] == "evil"
            chance += sum(team[name] == "evil" for name in others) / len(others)
    assert nominations >= 100
    assert hits >= 1.3 * chance, (hits, chance, nominations)


# -- the margin over random good players -----------------------------------------------------

def _difference_interval(wins_a: int, wins_b: int, games: int) -> tuple[float, float]:
    """Newcombe's interval for the difference of two rates, from their Wilson intervals."""
    p, q = wins_a / games, wins_b / games
    low_a, high_a = wilson_interval(wins_a, games)
    low_b, high_b = wilson_interval(wins_b, games)
    return (p - q - math.sqrt((p - low_a) ** 2 + (high_b - q) ** 2),
            p - q + math.sqrt((high_a - p) ** 2 + (q - low_b) ** 2))


def test_good_bots_beat_random_good_players_against_the_same_evil_bots() -> None:
    games = 300
    players = 7
    bots = sum(play(players, 40_000 + i).outcome.winner == "good"  # type: ignore[union-attr]
               for i in range(games))
    randoms = sum(play(players, 40_000 + i, RandomGoodBot).outcome.winner  # type: ignore[union-attr]
                  == "good" for i in range(games))
    low, _ = _difference_interval(bots, randoms, games)
    assert low > 0.15, (bots, randoms, low)
