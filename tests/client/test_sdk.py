"""The Python SDK (`wolfsbane.client`) against a real server in a subprocess."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import FAST, Server
from wolfsbane.agents import bot_for
from wolfsbane.client import (
    Client,
    DecisionRequest,
    InProcessAgent,
    Observation,
    SeatClosed,
    ServerRefused,
    play,
    talk,
)

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "sdk_agent.py"
AGENTS_DOC = REPO / "docs" / "agents.md"


def test_the_docs_example_agent_plays_a_whole_game_in_under_40_lines(server: Server) -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 40
    done = subprocess.run([sys.executable, str(EXAMPLE), server.url], capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"The \w[\w ]* won; Ada answered [1-9]\d* questions\.\n", done.stdout)


def test_the_docs_show_the_example_file_exactly() -> None:
    text = AGENTS_DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert EXAMPLE.read_text(encoding="utf-8") in blocks


class Recorder:
    """Answers with the edition's bot, and keeps every observation."""

    def __init__(self, name: str, edition: str = "millers-hollow") -> None:
        self.inner = InProcessAgent(bot_for(name, random.Random(3), edition))
        self.seen: list[Observation] = []
        self.decisions: list[DecisionRequest] = []

    def observe(self, observation: Observation) -> None:
        self.seen.append(observation)
        self.inner.observe(observation)

    def decide(self, decision: DecisionRequest, observation: Observation) -> Any:
        self.decisions.append(decision)
        answer = self.inner.decide(decision, observation)
        assert decision.check(answer) is None  # the bot answers legally from the wire's copy
        return answer

    def talk(self, channel: str, observation: Observation) -> list[Any]:
        return self.inner.talk(channel, observation)


def test_an_in_process_bot_plays_a_seat_over_the_wire(server: Server) -> None:
    client = Client(server.url)
    seat = client.create_game("Ada", timers=FAST, seed=1)
    seat.add_bots(7)
    seat.start()
    agent = Recorder("Ada")
    with seat.connect() as connection:
        report = play(connection, agent)
    assert report.outcome is not None and report.outcome.winner
    assert report.refused == []
    assert agent.decisions and report.answers >= len(agent.decisions)
    first = agent.seen[0]
    assert first.you.name == "Ada" and first.you.role and first.you.description
    assert [p.name for p in first.players][0] == "Ada" and len(first.players) == 8
    timed = [d for d in agent.decisions if not d.standing]
    assert timed and all(d.deadline is not None for d in timed)
    assert all(d.choices or d.kind != "pick" for d in agent.decisions)


def test_reconnecting_with_the_cursor_misses_no_event_and_repeats_none(server: Server) -> None:
    client = Client(server.url)
    seat = client.create_game("Bea", timers=FAST, seed=6)
    seat.add_bots(7)
    seat.start()
    class Dropping(Recorder):
        """Loses its network twice, early in the game (the second time once the first
        loss has been noticed and the seat is connected again)."""

        drops = 0

        def observe(self, observation: Observation) -> None:
            super().observe(observation)
            if self.drops < 2 and connection.reconnections == self.drops \
                    and len(self.seen) >= 2 * (self.drops + 1):
                self.drops += 1
                connection.drop()

    agent = Dropping("Bea")
    with seat.connect() as connection:
        report = play(connection, agent)
    assert report.reconnections == 2
    indices = [e.index for o in agent.seen for e in o.events]
    assert indices == list(range(len(indices)))  # each once, in order
    everything = seat.view(since=0)["view"]
    assert [e["index"] for e in everything["events"]] == indices
    assert [e.as_wire() for o in agent.seen for e in o.events] == everything["events"]


def test_a_second_seat_joins_by_code_and_both_play(server: Server) -> None:
    import threading

    client = Client(server.url)
    host = client.create_game("Cy", timers=FAST, seed=3)
    guest = client.join(host.code, "Dee")
    host.add_bots(6)
    host.start()
    reports: dict[str, Any] = {}

    def run(seat: Any) -> None:
        with seat.connect() as connection:
            reports[seat.name] = play(connection, Recorder(seat.name))

    threads = [threading.Thread(target=run, args=(s,)) for s in (host, guest)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)
    assert reports["Cy"].outcome == reports["Dee"].outcome is not None
    log = host.record()["log"]
    assert {entry.get("seat") for entry in log} >= {"Cy", "Dee"}


def test_a_day_vote_answered_before_it_opens_is_sent_again_when_it_opens(
        server: Server) -> None:
    client = Client(server.url)
    seat = client.create_game("Eve", timers={**FAST, "talk": 1.5, "day": 8.0},
                              options={"sheriff": False}, seed=4)
    seat.add_bots(7)
    seat.start()
    agent = Recorder("Eve")
    with seat.connect() as connection:
        report = play(connection, agent)
    assert report.outcome is not None
    assert report.refused == []
    assert report.held_back > 0  # the server said the vote was not open yet
    votes = [d for d in agent.decisions if d.name == "vote"]
    assert votes  # Eve was asked to vote, answered at once, and the answer stood
    log = seat.record()["log"]
    assert any(entry.get("seat") == "Eve" and entry.get("id") == votes[0].id
               and not entry.get("timeout") for entry in log)


def test_the_token_is_never_shown(server: Server) -> None:
    client = Client(server.url)
    seat = client.create_game("Fay", timers=FAST)
    token = seat._token
    with seat.connect() as connection:
        assert token not in repr(seat) + repr(connection) + str(vars(seat).get("name"))


def test_a_refusal_is_a_sentence_with_its_code(server: Server) -> None:
    client = Client(server.url)
    with pytest.raises(ServerRefused) as refused:
        client.join("NOSUCH", "Gus")
    assert refused.value.status == 404 and refused.value.detail
    assert refused.value.error == "not-found"
    seat = client.create_game("Hal", timers=FAST)
    with pytest.raises(ServerRefused) as started:
        seat.start()  # one seat: too few players
    assert started.value.status == 409


def test_a_token_with_no_place_in_the_game_is_closed_for_good(server: Server) -> None:
    from wolfsbane.client import Connection

    client = Client(server.url)
    seat = client.create_game("Ivy", timers=FAST)
    connection = Connection(client.ws_url, seat.code, "not-a-token").open()
    with pytest.raises(SeatClosed) as closed:
        connection.next(timeout=10)
    assert closed.value.code == 4401


def test_a_decision_checks_an_answer_against_its_legal_choices() -> None:
    decision = DecisionRequest.from_wire({
        "id": 10, "seat": "Ada", "name": "vote", "kind": "pick", "choices": ["Bo", "Cy"],
        "min": 1, "max": 1, "optional": True, "default": None, "prompt": "Vote", "phase": "day 1"})
    assert decision.check("Bo") is None and decision.check(None) is None
    assert decision.check("Zed")  # a sentence saying why
    assert decision.random_answer(random.Random(1)) in ("Bo", "Cy", None)


def test_structured_talk_builds_the_vocabulary() -> None:
    assert talk.accuse("Bo") == {"type": "accuse", "player": "Bo"}
    assert talk.vote(None) == {"type": "vote", "player": None}
    assert talk.result("Bo", werewolf=True) == {"type": "result", "player": "Bo",
                                                 "werewolf": True}
    assert talk.claim("seer") == {"type": "claim", "role": "seer"}
    assert talk.text("hi") == {"type": "text", "text": "hi"}
