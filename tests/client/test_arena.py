"""`wolfsbane arena`: games with seats filled by a mix of agents, their rates, ratings, logs."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.client.chat_stub import chat_stub
from tests.client.test_llm import legal_reply
from wolfsbane.arena import AgentResult, ArenaError, _Rating, parse_agent, run_arena
from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition

REPO = Path(__file__).resolve().parents[2]


def seat_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_small_arena_counts_every_seat_and_writes_every_log(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    result = run_arena("millers-hollow", ["heuristic", "random"], games=6, players=8, seed=4,
                       out=out)
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(games) == 6
    # the rates add up: every seat of every game is counted once, every winner once
    assert sum(a.seats for a in result.agents.values()) == 6 * 8
    assert result.agents["heuristic"].seats == result.agents["random"].seats == 24
    winners = sum(seat["won"] for game in games for seat in game["seats"])
    assert sum(a.wins for a in result.agents.values()) == winners
    assert sum(result.team_wins.values()) == 6
    for agent in result.agents.values():
        low, high = agent.interval
        assert low <= agent.rate <= high and agent.rate == agent.wins / agent.seats
        assert sum(seats for seats, _ in agent.by_team.values()) == agent.seats
        assert sum(wins for _, wins in agent.by_team.values()) == agent.wins
    for number, game in enumerate(games, start=1):
        folder = out / f"game-{number:04d}"
        files = sorted(folder.glob("seat-*.jsonl"))
        assert len(files) == 8
        record = json.loads((folder / "record.json").read_text())
        replayed = replay(record, get_edition)
        assert replayed.outcome is not None and replayed.outcome.winner == game["winner"]
        for position, path in enumerate(files, start=1):
            lines = seat_lines(path)
            head = lines[0]
            assert head["type"] == "seat" and head["position"] == position
            assert head["agent"] in ("heuristic", "random")
            assert head["name"] == game["seats"][position - 1]["name"]
            events = [line for line in lines if line["type"] == "event"]
            assert [e["index"] for e in events] == list(range(len(events)))
            assert events[0]["kind"] == "RoleDealt" and events[0]["player"] == head["name"]
            # a seat's file holds what that seat saw: no other seat's card being dealt
            assert all(e["player"] == head["name"] for e in events if e["kind"] == "RoleDealt")
            assert lines[-1]["type"] == "outcome" and lines[-1]["winner"] == game["winner"]
    summary = json.loads((out / "summary.json").read_text())
    assert {a["agent"] for a in summary["agents"]} == {"heuristic", "random"}


def test_seats_and_names_are_shuffled_each_game_and_fixed_by_the_seed(tmp_path: Path) -> None:
    first = run_arena("millers-hollow", ["heuristic", "random"], games=8, players=8, seed=9,
                      out=tmp_path / "a")
    again = run_arena("millers-hollow", ["heuristic", "random"], games=8, players=8, seed=9,
                      out=tmp_path / "b")
    assert first.as_dict()["agents"] == again.as_dict()["agents"]
    games = [json.loads(line) for line in (tmp_path / "a" / "games.jsonl").read_text()
             .splitlines()]
    orders = {tuple(seat["agent"] for seat in game["seats"]) for game in games}
    names = {tuple(seat["name"] for seat in game["seats"]) for game in games}
    assert len(orders) > 1 and len(names) > 1
    position_one = Counter(game["seats"][0]["agent"] for game in games)
    assert set(position_one) == {"heuristic", "random"}


def test_the_rating_moves_winners_up_and_losers_down_one_seat_at_a_time() -> None:
    agents = {label: AgentResult(label) for label in ("a", "b", "c")}
    rating = _Rating(agents)
    rating.rate(["a", "a"], ["b", "c", "c", "c", "c", "c"])  # two wolves beat six villagers
    assert agents["a"].mu > 25 > agents["b"].mu
    assert agents["a"].sigma < 25 / 3
    before = (agents["a"].mu, agents["b"].mu)
    rating.rate(["a", "b"], [])  # everyone won: nothing to learn
    assert (agents["a"].mu, agents["b"].mu) == before


def test_an_agent_is_named_as_on_the_command_line() -> None:
    assert parse_agent("heuristic", "licos").label == "heuristic"
    assert parse_agent("random", "licos").label == "random"
    llm = parse_agent("llm:http://127.0.0.1:8080/v1:qwen2.5:0.5b", "licos")
    agent = llm.make("Ada", __import__("random").Random(1))
    assert agent.chat.url == "http://127.0.0.1:8080/v1/chat/completions"  # type: ignore[attr-defined]
    assert agent.chat.model == "qwen2.5:0.5b"  # type: ignore[attr-defined]
    for wrong, why in (("llm:nowhere", "llm:URL:MODEL"), ("robot", "is not an agent"),
                       ("sdk:nosuchmodule:X", "cannot be loaded"),
                       ("sdk:wolfsbane.core:Game", "not a subclass")):
        with pytest.raises(ArenaError, match=why):
            parse_agent(wrong, "millers-hollow")


def test_the_tutorials_in_process_agent_sits_in_the_arena(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO))
    try:
        result = run_arena("millers-hollow",
                           ["sdk:examples.inprocess_agent:CrowdFollower", "heuristic"],
                           games=4, players=8)
    finally:
        sys.path.remove(str(REPO))
    assert result.agents["sdk:examples.inprocess_agent:CrowdFollower"].seats == 16


def test_an_llm_seat_plays_arena_games_and_its_reasoning_is_logged(tmp_path: Path) -> None:
    with chat_stub() as stub:
        stub.script = [{"content": legal_reply}]
        spec = f"llm:{stub.url}/v1:tiny"
        result = run_arena("millers-hollow", [spec, "heuristic", "heuristic", "heuristic"],
                           games=2, players=8, out=tmp_path)
    assert result.agents[spec].seats == 4
    assert stub.requests
    lines = [line for path in tmp_path.glob("game-*/seat-*.jsonl")
             for line in seat_lines(path)]
    llm_seats = [line for line in lines if line["type"] == "seat" and line["agent"] == spec]
    assert len(llm_seats) == 4
    reasoning = [line for line in lines if line["type"] == "reasoning"]
    assert reasoning and all(line["reasoning"] for line in reasoning if not line["fallback"])


def test_wolfsbane_arena_prints_rates_and_writes_the_logs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "wolfsbane.cli", "arena", "--edition", "licos", "--games", "3",
         "--seat", "heuristic", "--seat", "random", "--players", "9", "--out",
         str(tmp_path / "logs"), "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert sum(a["seats"] for a in report["agents"]) == 27
    assert len(list((tmp_path / "logs").glob("game-*/seat-*.jsonl"))) == 27
    text = subprocess.run(
        [sys.executable, "-m", "wolfsbane.cli", "arena", "--games", "2", "--seat", "heuristic",
         "--seat", "random", "--players", "8"], capture_output=True, text=True, timeout=120)
    assert text.returncode == 0 and "95% interval" in text.stdout
    assert "Games won by team:" in text.stdout
    wrong = subprocess.run([sys.executable, "-m", "wolfsbane.cli", "arena", "--seat", "robot"],
                           capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 2 and "is not an agent" in wrong.stderr
    assert "Traceback" not in wrong.stderr
