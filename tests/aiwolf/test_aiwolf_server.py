"""AIWolf NLP agents, written on aiwolf-nlp-common, play whole LiCOS villages on our server."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("aiwolf_nlp_common", reason="the aiwolf extra (aiwolf-nlp-common)")

from aiwolf_nlp_common.packet import Request  # noqa: E402

from wolfsbane.aiwolf.log import aiwolf_log  # noqa: E402
from wolfsbane.aiwolf.master import BOT_NAME, GameResult  # noqa: E402
from wolfsbane.aiwolf.packets import Rules, TalkRules  # noqa: E402
from wolfsbane.aiwolf.server import Room, run_room  # noqa: E402
from wolfsbane.aiwolf.words import ROLE_TO_AIWOLF  # noqa: E402

from .nlp_agent import NlpAgent  # noqa: E402

# prompt agents answer in milliseconds; the timeout only has to outlast a busy machine
FAST = Rules(action_timeout=30.0, response_timeout=30.0)


def play(players: int, composition: str, agents: int, *, modes: dict[int, str] | None = None,
         rules: Rules = FAST, seed: int = 1, out: Path | None = None
         ) -> tuple[GameResult, list[NlpAgent]]:
    """One village on a server at a free port: `agents` AIWolf agents, our bots in the rest."""
    clients: list[NlpAgent] = []
    threads: list[threading.Thread] = []

    def ready(port: int) -> None:
        for i in range(agents):
            client = NlpAgent(f"ws://127.0.0.1:{port}/ws", f"tester{i + 1}", seed=seed * 100 + i,
                              mode=(modes or {}).get(i, "random"))
            clients.append(client)
            thread = threading.Thread(target=client.run, daemon=True)
            threads.append(thread)
            thread.start()

    room = Room(players=players, composition=composition, bots=players - agents, games=1,
                seed=seed, rules=rules, out=out)
    results = asyncio.run(asyncio.wait_for(run_room(room, port=0, ready=ready), 120))
    for thread in threads:
        thread.join(10)
    for client in clients:
        assert client.error is None, client.error
    return results[0], clients


def requests_of(client: NlpAgent) -> list[str]:
    return [p.request.value for p in client.packets]


def test_five_aiwolf_agents_play_a_whole_village() -> None:
    result, clients = play(5, "5C", 5)
    game = result.game
    assert game.over and result.winner in ("village", "werewolves")
    roles = {p.name: ROLE_TO_AIWOLF[p.role] for p in game.players}
    for client in clients:
        asked = requests_of(client)
        assert asked[0] == "NAME" and asked[1] == "INITIALIZE" and asked[-1] == "FINISH"
        # the first day as AIWolf runs one: the talk, then the day's end, then the vote
        first = asked.index("DAILY_INITIALIZE")
        assert asked.index("TALK") > first
        assert asked.index("DAILY_FINISH") > asked.index("TALK")
        assert asked.index("VOTE") > asked.index("DAILY_FINISH")
        setting = client.packets[1].setting
        assert setting is not None and setting.agent_count == 5
        assert {r.value: n for r, n in setting.role_num_map.items() if n} == dict(
            Counter(roles.values()))
        assert setting.vote_visibility is False and setting.timeout.action == 30_000
        final = client.packets[-1].info
        assert final is not None
        assert {a: r.value for a, r in final.role_map.items()} == roles
        assert {a: s.value for a, s in final.status_map.items()} == {
            p.name: "ALIVE" if p.alive else "DEAD" for p in game.players}
        name = client.name
        account = next(a for a in result.seats if a.name == name)
        assert account.errors == 0 and account.replaced is None
        # a seat is only asked what its card asks
        card = roles[account.agent]
        for request, role in (("DIVINE", "SEER"), ("GUARD", "BODYGUARD"),
                              ("ATTACK", "WEREWOLF")):
            if request in asked:
                assert card == role


def test_every_role_request_reaches_its_card() -> None:
    """Over a few villages with a seer, a bodyguard (the hunter) and the pack, each of DIVINE,
    GUARD and ATTACK is asked at least once, and WHISPER wherever two werewolves live."""
    asked: Counter[str] = Counter()
    results = 0
    for seed in (1, 2, 3):
        _result, clients = play(11, "11A", 11, seed=seed)
        for client in clients:
            asked.update(requests_of(client))
            # a result arrives with the next day's DAILY_INITIALIZE, about the night before
            for packet in client.packets:
                if packet.request == Request.DAILY_INITIALIZE and packet.info is not None:
                    judge = packet.info.divine_result or packet.info.medium_result
                    if judge is not None:
                        assert judge.day == packet.info.day - 1 and judge.agent == client.info.agent
                        results += 1
    assert results > 0
    for request in ("DIVINE", "GUARD", "ATTACK", "WHISPER", "TALK", "VOTE", "DAILY_INITIALIZE",
                    "DAILY_FINISH"):
        assert asked[request] > 0, request


def test_whispers_reach_the_pack_only_and_the_dead_hear_no_village_talk() -> None:
    whispered = 0
    for seed in (1, 2):
        result, clients = play(11, "11A", 11, seed=seed)
        game = result.game
        for client in clients:
            assert client.info is not None
            seat = game.by_name[client.info.agent]
            if seat.role == "werewolf":
                whispered += len(client.whisper)
                assert {t.agent for t in client.whisper} <= {
                    p.name for p in game.players if p.role == "werewolf"}
            else:
                assert all(p.whisper_history is None for p in client.packets)
            died = next((e.phase for e in game.events if e.kind == "PlayerDied"
                         and e.data["player"] == seat.name), None)
            if died is not None:  # nothing said on a day after its death reached it
                last_day = int(died.split()[1])
                assert all(t.day <= last_day for t in client.talk)
    assert whispered > 0


def test_aiwolf_agents_play_beside_our_bots_and_understand_them() -> None:
    result, clients = play(11, "11A", 4, seed=4)
    assert result.game.over
    bots = [a for a in result.seats if a.name == BOT_NAME]
    assert len(bots) == 7 and all(a.requests == 0 for a in bots)
    heard = [t for client in clients for t in client.talk]
    bot_seats = {a.agent for a in bots}
    sentence = re.compile(r"^(COMINGOUT|DIVINED|IDENTIFIED|ESTIMATE|VOTE) Agent\[\d\d\]")
    spoken = [t.text for t in heard if t.agent in bot_seats and not (t.skip or t.over)]
    assert spoken and all(sentence.match(text) or text == "I will abstain." for text in spoken)
    # and what the AIWolf agents said in the protocol language reached the game structured
    said = [e.data["message"] for e in result.game.events if e.kind == "Said"
            and e.data["player"] not in bot_seats]
    assert any(m["type"] in ("vote", "accuse", "claim") for m in said)
    assert any(m["type"] == "text" for m in said)


def test_talk_runs_in_rounds_within_the_per_day_and_per_agent_limits() -> None:
    rules = Rules(talk=TalkRules(per_agent=2, per_day=4, per_talk=30, max_skip=1),
                  action_timeout=30.0)
    result, clients = play(5, "5C", 5, rules=rules, seed=7)
    talk = [entry for entry in result.record["aiwolf"]["talk"] if entry["channel"] == "village"]
    spoken = Counter((e["day"], e["agent"]) for e in talk if not (e["skip"] or e["over"]))
    assert spoken and max(spoken.values()) <= 2
    assert all(e["turn"] < 4 for e in talk)
    assert all(len(e["text"]) <= 30 for e in talk)
    # in each day's rounds an agent that said Over is not asked again that day
    for day in {e["day"] for e in talk}:
        today = [e for e in talk if e["day"] == day]
        over = {e["agent"]: i for i, e in enumerate(today) if e["over"]}
        for agent, at in over.items():
            assert all(e["agent"] != agent for e in today[at + 1:])
        assert [e["idx"] for e in today] == list(range(len(today)))
    for client in clients:
        counts = [p.info.remain_count for p in client.packets
                  if p.request == Request.TALK and p.info is not None]
        assert counts and all(0 <= c <= 2 for c in counts)
        setting = client.packets[1].setting
        assert setting is not None and setting.talk.max_count.per_agent == 2
        assert setting.talk.max_skip == 1


def test_a_silent_agent_times_out_and_our_bot_takes_its_seat() -> None:
    rules = Rules(action_timeout=0.5, response_timeout=30.0, max_error_ratio=0.2, error_grace=5)
    result, clients = play(5, "5C", 5, modes={0: "silent"}, rules=rules, seed=3)
    assert result.game.over
    silent = next(a for a in result.seats if a.name == "tester1")
    assert silent.timeouts >= 5 and silent.replaced is not None
    assert "errors" in silent.replaced and silent.requests == 5
    others = [a for a in result.seats if a.name != "tester1"]
    assert all(a.replaced is None for a in others if a.timeouts == 0)  # prompt ones stay
    # the record tells a timeout from an abstention
    timed_out = [e for e in result.record["log"] if e.get("timeout")]
    assert all(e["seat"] == silent.agent for e in timed_out)
    assert result.record["aiwolf"]["accounts"][int(silent.agent[6:8]) - 1]["replaced"]


def test_a_slow_agent_s_late_answers_are_not_taken_for_the_next_question() -> None:
    rules = Rules(action_timeout=0.2, response_timeout=30.0, max_error_ratio=1.0)
    result, _clients = play(5, "5C", 5, modes={1: "slow"}, rules=rules, seed=5)
    slow = next(a for a in result.seats if a.name == "tester2")
    assert slow.timeouts > 0 and slow.replaced is None
    # a late talk answer taken for a vote would be refused (an error without a timeout); a
    # late vote taken for talk would be a bare agent name in the talk
    assert slow.errors == slow.timeouts
    talk = [e["text"] for e in result.record["aiwolf"]["talk"] if e["agent"] == slow.agent]
    assert not any(re.fullmatch(r"Agent\[\d\d\]", text) for text in talk)
    assert result.game.over


def test_the_aiwolf_log_of_a_played_game(tmp_path: Path) -> None:
    result, _clients = play(11, "11A", 6, seed=2, out=tmp_path)
    game = result.game
    saved = tmp_path / f"{result.record['aiwolf']['game_id']}.json"
    record = json.loads(saved.read_text())
    lines = aiwolf_log(record)
    assert (tmp_path / saved.name.replace(".json", ".log")).read_text().splitlines() == lines
    kinds = Counter(line.split(",")[1] for line in lines)
    status = [line.split(",") for line in lines if line.split(",")[1] == "status"]
    assert status[:11] == [["1", "status", str(i + 1), ROLE_TO_AIWOLF[p.role], "ALIVE",
                            result.seats[i].name, p.name] for i, p in enumerate(game.players)]
    ballots = [e for e in record["log"] if e.get("decision") == "vote" and e["answer"]]
    assert kinds["vote"] == len(ballots)
    assert kinds["execute"] == sum(1 for e in game.events if e.kind == "PlayerExecuted")
    nights = sum(1 for phase in game.phases if phase.startswith("night"))
    assert kinds["attack"] == nights
    spoken = [e for e in record["aiwolf"]["talk"] if e["channel"] == "village"]
    assert kinds["talk"] == len(spoken)
    last = lines[-1].split(",")
    winner = {"village": "VILLAGER", "werewolves": "WEREWOLF"}[result.winner]
    assert last[1] == "result" and last[4] == winner
    living = [p for p in game.players if p.alive]
    assert int(last[3]) == sum(1 for p in living if p.role == "werewolf")
    for line in lines:
        day, kind = line.split(",")[:2]
        assert day.isdigit() and kind in {"status", "talk", "whisper", "vote", "execute",
                                          "divine", "guard", "attackVote", "attack", "result"}


def test_the_example_agents_play_a_village(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "examples" / "aiwolf_agents.py"
    spec = importlib.util.spec_from_file_location("aiwolf_agents", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    threads: list[threading.Thread] = []

    def ready(port: int) -> None:
        for i in range(5):
            thread = threading.Thread(target=example.play,
                                      args=(f"ws://127.0.0.1:{port}/ws", f"example{i}", i),
                                      daemon=True)
            threads.append(thread)
            thread.start()

    room = Room(players=5, composition="5C", games=1, rules=FAST)
    results = asyncio.run(asyncio.wait_for(run_room(room, port=0, ready=ready), 60))
    for thread in threads:
        thread.join(10)
    assert results[0].game.over
    assert capsys.readouterr().out.count(" played Agent[") == 5
