"""The PettingZoo AEC environment: the API test, full games of every edition, the index spaces,
and the view boundary."""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the env extra (pettingzoo, gymnasium)")

from pettingzoo.test import api_test  # noqa: E402

from wolfsbane.core import Game  # noqa: E402
from wolfsbane.core.view import view  # noqa: E402
from wolfsbane.editions import EDITIONS, get_edition  # noqa: E402
from wolfsbane.env import PASS, Layout, WolfsbaneEnv, encode  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pettingzoo_random.py"


def _example():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("pettingzoo_random", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("talk", [False, True], ids=["silent", "talk"])
@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_edition_passes_the_pettingzoo_api_test(edition: str, talk: bool) -> None:
    env = WolfsbaneEnv(edition, players=8, talk=talk)
    with warnings.catch_warnings():
        # a Dict observation with an action mask is PettingZoo's own recommended form
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env, num_cycles=200)


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_the_example_plays_random_masked_policies_through_a_whole_game(
        edition: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    players = max(8, get_edition(edition).min_players)
    for seed, talk in ((0, False), (1, True)):
        totals = example.play(edition, players, seed=seed, talk=talk)
        assert set(totals) == {f"player_{i}" for i in range(players)}
        assert set(totals.values()) <= {1.0, -1.0, 0.0}
        assert "won" in capsys.readouterr().out  # the game reached its end
        assert 1.0 in totals.values() or set(totals.values()) == {0.0}


def test_a_game_s_rewards_are_one_to_each_winner_and_minus_one_to_the_rest() -> None:
    env = WolfsbaneEnv("licos", players=9)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else
                 int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    outcome = env.game.outcome
    assert outcome is not None and not env.agents
    assert totals == {a: 1.0 if a in outcome.winners else -1.0 for a in env.possible_agents}


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_the_index_space_is_fixed_for_an_edition_and_table_size(edition: str) -> None:
    first, second = WolfsbaneEnv(edition, players=9), WolfsbaneEnv(edition, players=9)
    first.reset(seed=1)
    second.reset(seed=2)
    assert first.layout == second.layout
    assert first.action_space("player_0") == second.action_space("player_3")
    # one more seat is one more index (the talk acts are off here)
    assert WolfsbaneEnv(edition, players=10).layout.actions == first.layout.actions + 1


def test_the_mask_marks_exactly_the_question_s_legal_answers() -> None:
    env = WolfsbaneEnv("millers-hollow", players=10, talk=True)
    checked = 0
    for seed in range(3):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            observation, _r, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = set(np.flatnonzero(observation["action_mask"]))
            current = env._current
            if current is not None and current.kind == "pick" and current.max == 1:
                expected = {env.layout.index_of(c) for c in current.choices}
                if current.optional:
                    expected.add(PASS)
                assert legal == expected
                checked += 1
            illegal = next(i for i in range(env.layout.actions) if i not in legal)
            before = (env.game.record(), agent)
            with pytest.raises(ValueError, match="not legal"):
                env.step(illegal)
            assert (env.game.record(), env.agent_selection) == before  # nothing changed
            env.step(int(rng.choice(sorted(legal))))
    assert checked > 10


def test_talk_turns_say_structured_acts_and_free_text() -> None:
    env = WolfsbaneEnv("licos", players=9, talk=True)
    env.reset(seed=0)
    said_before = len([e for e in env.game.events if e.kind == "Said"])
    agent = env.agent_selection
    assert env.infos[agent]["question"] == "talk"
    env.say("Good morning, village.")
    accuse = env.layout.first_act + 2  # accuse the third seat
    env.step(accuse)
    said = [e for e in env.game.events if e.kind == "Said"][said_before:]
    assert [e.data["message"] for e in said] == [
        {"type": "text", "text": "Good morning, village."},
        {"type": "accuse", "player": "player_2"}]
    assert all(e.data["player"] == agent for e in said)


def test_a_question_of_several_players_is_answered_one_pick_per_step() -> None:
    env = WolfsbaneEnv("millers-hollow", players=8,
                       deck=["werewolf", "werewolf", "cupid", "fortune-teller", "villager",
                             "villager", "villager", "villager"])
    env.reset(seed=0)
    while env.infos[env.agent_selection].get("question") != "link":
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))
    cupid = env.agent_selection
    env.step(env.layout.index_of("player_1"))
    assert env.agent_selection == cupid  # a second pick to make
    mask = env.observe(cupid)["action_mask"]
    assert mask[env.layout.index_of("player_1")] == 0 and mask[PASS] == 0
    env.step(env.layout.index_of("player_4"))
    link = next(e for e in env.game.log if e.get("decision") == "link")
    assert link["answer"] == ["player_1", "player_4"]


def test_passing_on_a_standing_question_leaves_it_open() -> None:
    env = WolfsbaneEnv("in-the-dark", players=8)
    env.reset(seed=0)
    for _ in range(200):
        current = env._current
        if current is not None and current.standing:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    current = env._current
    assert current is not None and current.standing
    env.step(PASS)
    assert current.id in env.game.open  # "not now": the question stays


def test_an_observation_holds_no_secret_of_another_seat() -> None:
    """Two games that differ only in cards the seat cannot see give it the same
    observation; a werewolf's observation knows its packmate, a villager's does not."""
    edition = get_edition("millers-hollow")
    seats = [f"player_{i}" for i in range(6)]
    first = ["villager", "werewolf", "fortune-teller", "werewolf", "villager", "villager"]
    second = ["villager", "villager", "werewolf", "fortune-teller", "werewolf", "villager"]
    games = [Game(edition, seats, roles=roles, options={"sheriff": False}, seed=1)
             for roles in (first, second)]
    layout = Layout.of(games[0], talk=True)
    for seat in ("player_0", "player_5"):
        seen = [encode(layout, view(game, seat), None) for game in games]
        assert np.array_equal(seen[0], seen[1])
    wolf = encode(layout, view(games[0], "player_1"), None)
    villager = encode(layout, view(games[0], "player_0"), None)
    assert not np.array_equal(wolf, villager)
    # the env's observation is this encoding of the seat's view
    env = WolfsbaneEnv("millers-hollow", players=6, options={"sheriff": False})
    env.reset(seed=1)
    agent = env.agent_selection
    observed = env.observe(agent)["observation"]
    current = env._current
    decision = next(d for d in env.view(agent)["decisions"] if d["id"] == current.id)
    assert np.array_equal(observed, encode(env.layout, env.view(agent), decision))


def test_a_question_in_parts_is_answered_part_by_part() -> None:
    """Clocktower's Summoner names a player, then the Demon they become."""
    deck = ["summoner", "widow", "chef", "librarian", "empath", "dreamer", "snake-charmer",
            "ogre"]
    env = WolfsbaneEnv("clocktower", players=8, deck=deck)
    for seed in range(30):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.agents and env.infos[env.agent_selection].get("question") != "summon":
            observation, _r, terminated, truncated, _info = env.last()
            env.step(None if terminated or truncated else
                     int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if env.agents:
            break
    else:
        pytest.fail("the Summoner was never asked in 30 games")
    summoner = env.agent_selection
    current = env._current
    assert current is not None and current.parts is not None
    players = list(np.flatnonzero(env.observe(summoner)["action_mask"]))
    assert players and all(1 <= i <= 8 for i in players)  # first the player
    env.step(int(players[0]))
    assert env.agent_selection == summoner  # then the Demon, from the cards
    demons = list(np.flatnonzero(env.observe(summoner)["action_mask"]))
    assert demons and all(i >= env.layout.yes + 2 for i in demons)
    env.step(int(demons[0]))
    summon = next(e for e in env.game.log if e.get("decision") == "summon")
    assert summon["answer"] == {"player": env.layout.seats[players[0] - 1],
                                "role": env.layout.roles[demons[0] - env.layout.yes - 2]}
