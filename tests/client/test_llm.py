"""LLM players against a small OpenAI-compatible server started by the test: the transport,
the prompt, the validation of the JSON action, the retries, the fallback, talk, and
`wolfsbane agent llm` playing a seat of a real wolfsbane server."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.client.chat_stub import ChatStub, chat_stub
from tests.server.helpers import FAST, Server
from wolfsbane.agents import bot_for, play_out
from wolfsbane.agents.base import SeatView
from wolfsbane.client import Client
from wolfsbane.client.llm import ChatEndpoint, ChatError, LLMAgent, answer_from
from wolfsbane.core import Decision, Game
from wolfsbane.core.edition import deck_for
from wolfsbane.editions import get_edition

SEATS = ["Ada", "Bram", "Cleo", "Dov", "Esme", "Finn", "Gale", "Hugo"]
NAMES_LINE = re.compile(r"these names \(as written before any parenthesis\): (.*?)(, or null "
                        r"to skip)?\}")


def legal_reply(messages: list[dict[str, str]]) -> str:
    """What a model that follows the instructions replies: the first legal answer."""
    question = messages[-1]["content"]
    if '"say"' in question:
        return json.dumps({"reasoning": "stay calm", "say": "I have a bad feeling about this."})
    found = NAMES_LINE.search(question)
    answer: Any = True
    if found:
        names = [choice.split(" (")[0] for choice in found.group(1).split("; ")]
        answer = [names[0]] if "a list of" in question else names[0]
    elif "a whole number from" in question:
        answer = int(re.search(r"a whole number from (\d+)", question).group(1))  # type: ignore[union-attr]
    return json.dumps({"reasoning": "the first name will do", "answer": answer})


@pytest.fixture
def stub() -> Iterator[ChatStub]:
    with chat_stub() as running:
        yield running


def a_game(seed: int = 3) -> Game:
    edition = get_edition("millers-hollow")
    return Game(edition, SEATS, deck=deck_for(edition, 8, {}), seed=seed)


def first_vote(game: Game, agents: dict[str, Any], seat: str) -> Decision:
    """Play the bots until `seat` is asked a question of its own, and return it."""
    from wolfsbane.agents import table_for

    table = table_for(game, agents)
    while not any(d.seat == seat for d in game.open.values()):
        assert table.step()
    return next(d.detached() for d in game.open.values() if d.seat == seat)


def test_the_transport_posts_the_model_the_messages_and_the_key(stub: ChatStub) -> None:
    stub.script = [{"content": '{"answer": 1}'}]
    chat = ChatEndpoint(stub.url + "/v1", "tiny-model", api_key="sk-secret", temperature=0.2)
    assert chat.complete([{"role": "user", "content": "hello"}]) == '{"answer": 1}'
    assert stub.requests[-1]["model"] == "tiny-model"
    assert stub.requests[-1]["messages"] == [{"role": "user", "content": "hello"}]
    assert stub.requests[-1]["temperature"] == 0.2
    assert stub.headers[-1]["authorization"] == "Bearer sk-secret"
    assert "sk-secret" not in repr(chat)
    plain = ChatEndpoint(stub.url, "tiny-model")  # without /v1: the path is added
    assert plain.complete([{"role": "user", "content": "again"}]) == '{"answer": 1}'
    assert "authorization" not in stub.headers[-1]


def test_a_failing_or_slow_endpoint_is_a_sentence(stub: ChatStub) -> None:
    stub.script = [{"status": 500}, {"sleep": 1.5, "content": "{}"}]
    chat = ChatEndpoint(stub.url, "m", timeout=0.5)
    with pytest.raises(ChatError, match="answered 500"):
        chat.complete([{"role": "user", "content": "x"}])
    with pytest.raises(ChatError, match="did not answer in time"):
        chat.complete([{"role": "user", "content": "x"}])
    with pytest.raises(ChatError, match="could not be reached"):
        ChatEndpoint("http://127.0.0.1:9", "m", timeout=0.5).complete([])


def test_the_prompt_is_the_seats_view_in_the_editions_words(stub: ChatStub) -> None:
    stub.script = [{"content": legal_reply}]
    game = a_game()
    llm = LLMAgent("Ada", random.Random(1), chat=ChatEndpoint(stub.url, "m"))
    agents: dict[str, Any] = {s: bot_for(s, random.Random(i), "millers-hollow")
                              for i, s in enumerate(SEATS)}
    agents["Ada"] = llm
    play_out(game, agents)
    assert game.outcome is not None
    decide = [r for r in stub.requests if "The question for you now" in
              r["messages"][-1]["content"]]
    assert decide
    system, user = decide[0]["messages"]
    assert system["role"] == "system" and "Werewolves of Millers Hollow" in system["content"]
    text = user["content"]
    ada = game.by_name["Ada"]
    role = game.edition.roles[ada.role]
    assert f"You are Ada, the {role.name}" in text and role.description in text
    assert "The table:" in text and "- Bram: " in text
    assert "nobody else reads it" in text  # the reasoning is asked for, and private
    for other in SEATS[1:]:  # no other seat's card, unless the rules turned it over
        card = game.by_name[other].role
        assert f"{other}: alive, revealed as" not in text or card in game.revealed.values()
    # events are sentences from the catalogue, never engine keys
    assert "RoleDealt" not in text and "PhaseBegan" not in text
    assert "[setup] You are the" in text
    assert llm.notes and all(not note.fallback for note in llm.notes)
    assert all(note.reasoning == "the first name will do" for note in llm.notes)


def test_an_unusable_reply_is_asked_again_with_the_reason(stub: ChatStub) -> None:
    game = a_game()
    agents: dict[str, Any] = {s: bot_for(s, random.Random(i), "millers-hollow")
                              for i, s in enumerate(SEATS)}
    decision = first_vote(game, agents, "Ada")
    legal = decision.choices[0] if decision.choices else True
    stub.script = [{"content": "I think Bram, probably."},  # not JSON
                   {"content": '{"answer": "Nobody-Here"}'},  # not a legal choice
                   {"content": json.dumps({"reasoning": "ok", "answer": legal})}]
    llm = LLMAgent("Ada", random.Random(1), chat=ChatEndpoint(stub.url, "m"), retries=2)
    view = SeatView(game, "Ada")
    assert llm.decide(decision, view) == decision.validate(legal)  # ("yes" is True)
    note = llm.notes[-1]
    assert note.attempts == 3 and not note.fallback and note.reasoning == "ok"
    assert note.errors[0] == "Your reply was not a JSON object."
    second = stub.requests[-2]["messages"]
    assert second[-2] == {"role": "assistant", "content": "I think Bram, probably."}
    assert second[-1]["content"].startswith("That reply cannot be used: Your reply was not")
    third = stub.requests[-1]["messages"][-1]["content"]
    assert "Nobody-Here" in third or "not" in third  # the engine's sentence, fed back
    assert third.startswith("That reply cannot be used: ") and note.errors[1] in third


def test_after_the_retries_the_editions_bot_answers(stub: ChatStub) -> None:
    game = a_game()
    agents: dict[str, Any] = {s: bot_for(s, random.Random(i), "millers-hollow")
                              for i, s in enumerate(SEATS)}
    decision = first_vote(game, agents, "Ada")
    stub.script = [{"status": 503}, {"sleep": 1.0, "content": "{}"}, {"content": "[1, 2]"}]
    llm = LLMAgent("Ada", random.Random(1), chat=ChatEndpoint(stub.url, "m", timeout=0.3),
                   retries=2)
    started = time.monotonic()
    answer = llm.decide(decision, SeatView(game, "Ada"))
    assert time.monotonic() - started < 5
    decision.validate(answer)  # the fallback is legal
    note = llm.notes[-1]
    assert note.fallback and note.attempts == 3 and len(note.errors) == 3
    assert "answered 503" in note.errors[0] and "in time" in note.errors[1]


def test_an_answer_is_read_in_the_forms_a_model_writes() -> None:
    pick = Decision("Ada", "vote", ["Bram", "Cleo"], optional=True)
    assert answer_from({"answer": "Bram"}, pick) == "Bram"
    assert answer_from({"answer": "skip"}, pick) is None
    yes_no = Decision("Ada", "heal", kind="yes-no")
    assert answer_from({"answer": "yes"}, yes_no) is True
    several = Decision("Ada", "link", ["Bram", "Cleo", "Dov"], min=2, max=2)
    assert answer_from({"answer": ["Bram", "Dov"]}, several) == ["Bram", "Dov"]
    with pytest.raises(ValueError):
        answer_from({"answer": ["Bram"]}, several)  # two are needed
    with pytest.raises(ValueError, match='no "answer"'):
        answer_from({"choice": "Bram"}, pick)


def test_talk_is_one_short_line_in_character(stub: ChatStub) -> None:
    game = a_game()
    view = SeatView(game, "Ada")
    stub.script = [{"content": json.dumps({"reasoning": "bluff", "say": "x" * 500})},
                   {"content": json.dumps({"reasoning": "bluff", "say": "Bram is too quiet."})}]
    llm = LLMAgent("Ada", random.Random(1), chat=ChatEndpoint(stub.url, "m"), retries=1)
    assert llm.talk("village", view) == ["Bram is too quiet."]
    assert llm.talk("village", view) == []  # once per channel and phase
    assert llm.lines == [{"channel": "village", "phase": game.phase,
                          "say": "Bram is too quiet.", "reasoning": "bluff"}]
    assert "120 characters" in stub.requests[1]["messages"][-1]["content"]


def test_wolfsbane_agent_llm_plays_a_seat_of_a_real_server(server: Server, stub: ChatStub,
                                                           tmp_path: Path) -> None:
    stub.script = [{"content": legal_reply}]
    client = Client(server.url)
    host = client.create_game("Host", timers=FAST, seed=4)
    notes = tmp_path / "notes.jsonl"
    command = [sys.executable, "-m", "wolfsbane.cli", "agent", "llm", "--server", server.url,
               "--game", host.code, "--name", "Lia", "--base-url", stub.url + "/v1",
               "--model", "tiny", "--api-key-env", "STUB_KEY", "--notes", str(notes)]
    agent = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "STUB_KEY": "k-1"})
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            names = [s.get("name") for s in host.lobby().get("seats", [])]
            if "Lia" in names:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the agent did not join")
        host.add_bots(6)
        host.start()
        with host.connect() as connection:
            from wolfsbane.client import play

            play(connection, _Skipper())
        output, errors = agent.communicate(timeout=120)
    finally:
        agent.kill()
    assert agent.returncode == 0, errors
    assert "The game is over: the " in output and "Lia answered" in output
    assert stub.headers[0]["authorization"] == "Bearer k-1"
    written = [json.loads(line) for line in notes.read_text().splitlines()]
    assert written and all("reasoning" in entry or "talk" in entry for entry in written)
    assert any(entry.get("fallback") is False for entry in written)  # the model answered
    log = host.record()["log"]
    assert any(entry.get("seat") == "Lia" and not entry.get("timeout") for entry in log)


class _Skipper:
    """The host's own seat in the CLI test: answers at random."""

    def decide(self, decision: Any, observation: Any) -> Any:
        return decision.random_answer(random.Random(decision.id))


def test_wolfsbane_agent_llm_says_plainly_when_the_server_cannot_be_reached(
        stub: ChatStub) -> None:
    done = subprocess.run([sys.executable, "-m", "wolfsbane.cli", "agent", "llm", "--server",
                           "http://127.0.0.1:9", "--game", "ABCD", "--base-url", stub.url,
                           "--model", "m"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "could not be played" in done.stderr or "refused" in done.stderr
    assert "Traceback" not in done.stderr
