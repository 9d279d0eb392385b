"""A seat played by a language model, through any OpenAI-compatible chat endpoint.

`LLMAgent` is an in-process `agents.base.Agent` (so `play_out`, the arena and, through
`client.InProcessAgent`, a remote server's seat can all seat it). For each question it:

1. renders a prompt from the seat's view and the edition's own words: the card and what it
   does, the table, what the seat has seen (each event as the message catalogue says it to
   that seat), the question in the catalogue's words and its legal answers;
2. asks the model (`POST {base_url}/v1/chat/completions`) for a JSON object,
   `{"reasoning": "...", "answer": ...}`: the reasoning is private (kept in `notes`, never
   said at the table);
3. checks the answer against the legal choices (the engine's own `Decision.validate`); an
   answer that is not JSON, not legal, or a call that fails or times out is asked again,
   with the reason fed back, up to `retries` times;
4. then falls back to the edition's bot, which has watched the same events all along.

It talks in character: once per channel and phase, one short line (`{"say": "..."}`), or
nothing when the model has nothing valid to say.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx

from ..agents.base import Agent, SeatView
from ..agents.driver import freeze
from ..core import Decision, IllegalAnswer
from ..core.decision import NUMBER, PARTS, PICK, YES_NO
from ..core.events import Event

MOST_EVENTS_IN_PROMPT = 80  # the most recent sentences the model is shown
MOST_TALK_LENGTH = 120  # a line in character: short (LiCOS allows 140 characters)
DEFAULT_RETRIES = 2
DEFAULT_TIMEOUT = 30.0


class ChatError(RuntimeError):
    """The endpoint could not be used for one request: a sentence saying why."""


class Chat(Protocol):
    def complete(self, messages: Sequence[Mapping[str, str]]) -> str: ...


class ChatEndpoint:
    """An OpenAI-compatible chat completions endpoint (a local server, a hosted one)."""

    def __init__(self, base_url: str, model: str, *, api_key: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT, temperature: float = 0.7,
                 http: httpx.Client | None = None) -> None:
        base = base_url.rstrip("/")
        self.url = base + ("/chat/completions" if base.endswith("/v1")
                           else "/v1/chat/completions")
        self.model = model
        self.temperature = temperature
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = http or httpx.Client(timeout=timeout)
        self.calls = 0

    def __repr__(self) -> str:  # never the key
        return f"ChatEndpoint({self.url!r}, model={self.model!r})"

    def complete(self, messages: Sequence[Mapping[str, str]]) -> str:
        self.calls += 1
        body = {"model": self.model, "messages": [dict(m) for m in messages],
                "temperature": self.temperature}
        try:
            response = self._http.post(self.url, json=body, headers=self._headers)
        except httpx.TimeoutException:
            raise ChatError("The model did not answer in time.") from None
        except httpx.HTTPError as error:
            raise ChatError(f"The model could not be reached ({type(error).__name__}).") \
                from None
        if response.status_code != 200:
            raise ChatError(f"The model's server answered {response.status_code}.")
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise ChatError("The model's server sent no chat completion.") from None
        if not isinstance(content, str):
            raise ChatError("The model's reply had no text.")
        return content


# -- reading the model's reply --------------------------------------------------------------

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def parse_json_object(text: str) -> dict[str, Any]:
    """The JSON object in a reply (bare, in a code fence, or amid words); ValueError with a
    sentence when there is none."""
    fenced = _FENCE.search(text)
    candidates = [fenced.group(1)] if fenced else []
    start, end = text.find("{"), text.rfind("}")
    if start != -1 and end > start:
        candidates.append(text[start:end + 1])
    for candidate in candidates:
        try:
            found = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(found, dict):
            return found
    raise ValueError("Your reply was not a JSON object.")


_SKIP_WORDS = frozenset({"none", "null", "skip", "nobody", "no one", "abstain", "pass", ""})


def answer_from(reply: Mapping[str, Any], decision: Decision) -> Any:
    """The answer in a parsed reply, checked against the decision's legal answers (the
    engine's own validation); ValueError with the reason when it is not legal."""
    if "answer" not in reply:
        raise ValueError('Your JSON object had no "answer".')
    answer = reply["answer"]
    if decision.kind == YES_NO and isinstance(answer, str):
        answer = {"yes": True, "no": False}.get(answer.strip().lower(), answer)
    if decision.kind == NUMBER and isinstance(answer, str) and answer.strip().isdigit():
        answer = int(answer.strip())
    if isinstance(answer, str) and decision.optional and answer.strip().lower() in _SKIP_WORDS:
        answer = None
    if decision.kind == PICK and decision.max > 1 and isinstance(answer, str):
        answer = [answer]
    try:
        decision.validate(answer)
    except IllegalAnswer as error:
        raise ValueError(str(error)) from None
    return answer


# -- the prompt ----------------------------------------------------------------------------

def _answer_format(decision: Decision, words: Any) -> str:
    if decision.kind == YES_NO:
        return '"answer": true or false'
    if decision.kind == NUMBER:
        return f'"answer": a whole number from {decision.min} to {decision.max}'
    if decision.kind == PARTS:
        parts = ", ".join(f'"{name}": one of {list(part.choices)}'
                          for name, part in (decision.parts or {}).items())
        return f'"answer": an object with {parts}'
    choices = [f"{c} ({words.card(c)})" if c in words.cards else c for c in decision.choices]
    listed = "; ".join(choices)
    skip = ', or null to skip' if decision.optional else ""
    if decision.max > 1:
        return (f'"answer": a list of {decision.min} to {decision.max} of these names '
                f'(as written before any parenthesis): {listed}{skip}')
    return f'"answer": exactly one of these names (as written before any parenthesis): ' \
           f'{listed}{skip}'


@dataclass
class Note:
    """One question the model was asked, privately kept: its reasoning and what was sent."""

    decision: str
    phase: str
    answer: Any
    reasoning: str = ""
    attempts: int = 0
    fallback: bool = False
    errors: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"decision": self.decision, "phase": self.phase, "answer": self.answer,
                "reasoning": self.reasoning, "attempts": self.attempts,
                "fallback": self.fallback, "errors": list(self.errors)}


class LLMAgent(Agent):
    """A seat played by a chat model, the edition's bot as its fallback."""

    def __init__(self, seat: str, rng: random.Random | None = None, *, chat: Chat,
                 edition: str | None = None, retries: int = DEFAULT_RETRIES,
                 persona: str = "") -> None:
        super().__init__(seat, rng)
        self.chat = chat
        self.retries = retries
        self.persona = persona
        self.notes: list[Note] = []
        self.lines: list[dict[str, Any]] = []  # what it said, with its private reasoning
        self._seen: list[dict[str, Any]] = []  # the events, as the wire sends them
        self._edition = edition
        self._fallback: Agent | None = None
        self._talked: set[tuple[str, str]] = set()
        self._words: Any = None

    # -- what it knows ---------------------------------------------------------------------

    def _edition_ready(self, edition_id: str) -> None:
        if self._fallback is not None:
            return
        from ..agents import bot_for
        from ..editions import get_edition
        from ..messages import Words, catalogue

        edition = get_edition(edition_id)
        self._edition = edition.id
        self._edition_name = edition.name
        self._words = Words(catalogue(edition), viewer=self.seat)
        self._fallback = bot_for(self.seat, random.Random(self.rng.getrandbits(64)), edition)
        if self._seen:  # what the bot missed before the edition was known
            self._fallback.observe([Event(e["index"], e["kind"], freeze(
                {k: v for k, v in e.items() if k not in ("index", "kind", "phase")}),
                None, e["phase"]) for e in self._seen])

    def observe(self, events: list[Event]) -> None:
        self._seen.extend(dict(e.as_dict()) for e in events)
        if self._edition is not None and self._fallback is None:
            self._edition_ready(self._edition)
        elif self._fallback is not None:
            self._fallback.observe(events)

    def _sentences(self) -> list[str]:
        lines = []
        for event in self._seen[-MOST_EVENTS_IN_PROMPT:]:
            if event["kind"] == "Said":
                message = self._words.talk(event.get("message"), event.get("player"))
                lines.append(f"[{event['phase']}] {event.get('player')} said on "
                             f"{event.get('channel')}: {message}")
                continue
            said = self._words.event(event)
            if said is not None and said[0]:
                lines.append(f"[{event['phase']}] {said[0]}")
        return lines

    def _situation(self, view: SeatView) -> str:
        words = self._words
        role_id = view.my_role
        from ..editions import get_edition

        role = get_edition(view.edition).roles.get(role_id)
        description = role.description if role is not None else ""
        table = []
        for name in view.players:
            state = "alive" if name in view.alive else "dead"
            card = view.revealed.get(name)
            shown = f", revealed as {words.card(card)}" if card else ""
            me = " (you)" if name == self.seat else ""
            table.append(f"- {name}{me}: {state}{shown}")
        seen = self._sentences() or ["(nothing yet)"]
        return "\n".join([
            f"You are {self.seat}, the {words.card(role_id)} ({role_id}), on the "
            f"{view.my_team} team. {description}",
            f"It is now {words.phase(view.phase)}.",
            "The table:", *table,
            "What you have seen and heard, oldest first:", *seen,
        ])

    def _system(self) -> str:
        persona = f" {self.persona}" if self.persona else ""
        return (f"You play one seat in a game of {self._edition_name}, a hidden-role game of "
                f"the Werewolf family, against other players.{persona} Play to make your team "
                "win; keep your secrets when that helps your team. Reply with one JSON object "
                "and nothing else.")

    # -- asking ------------------------------------------------------------------------------

    def _ask(self, messages: list[dict[str, str]], read: Any) -> tuple[Any, str, list[str]]:
        """Ask until `read(parsed reply)` accepts it, at most 1 + retries times; returns
        (value, reasoning, errors), value None when every attempt failed."""
        errors: list[str] = []
        for _ in range(1 + self.retries):
            try:
                text = self.chat.complete(messages)
            except ChatError as error:
                errors.append(str(error))
                continue
            try:
                reply = parse_json_object(text)
                value = read(reply)
            except ValueError as error:
                errors.append(str(error))
                messages = [*messages, {"role": "assistant", "content": text},
                            {"role": "user", "content": f"That reply cannot be used: {error} "
                             "Reply again with the JSON object only."}]
                continue
            return value, str(reply.get("reasoning", "")), errors
        return None, "", errors

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        self._edition_ready(game_view.edition)
        assert self._fallback is not None
        prompt = self._words.prompt(decision.as_dict()) or decision.prompt
        question = "\n".join([
            self._situation(game_view), "",
            f"The question for you now: {prompt}",
            "Reply with one JSON object: {\"reasoning\": your private reasoning in a sentence "
            f"or two (nobody else reads it), {_answer_format(decision, self._words)}}}.",
        ])
        messages = [{"role": "system", "content": self._system()},
                    {"role": "user", "content": question}]
        found, reasoning, errors = self._ask(
            messages, lambda reply: (answer_from(reply, decision),))
        note = Note(decision=decision.name, phase=decision.phase, answer=None, errors=errors,
                    attempts=len(errors) + (found is not None))
        if found is not None:
            value = found[0]
            note.reasoning = reasoning
        else:
            value = self._fallback.decide(decision, game_view)
            note.fallback = True
        note.answer = value
        self.notes.append(note)
        return value

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        key = (channel, game_view.phase)
        if key in self._talked:
            return []
        self._talked.add(key)
        self._edition_ready(game_view.edition)
        question = "\n".join([
            self._situation(game_view), "",
            f"You may now speak on the {self._words.term('channel', channel)} channel. "
            "Say one short line in character (at most "
            f"{MOST_TALK_LENGTH} characters), or nothing. Reply with one JSON object: "
            '{"reasoning": your private reasoning (nobody else reads it), "say": the line, '
            'or "" to stay silent}.',
        ])
        messages = [{"role": "system", "content": self._system()},
                    {"role": "user", "content": question}]

        def read(reply: Mapping[str, Any]) -> Any:
            line = reply.get("say", "")
            if not isinstance(line, str):
                raise ValueError('"say" must be a text.')
            line = " ".join(line.split())
            if len(line) > MOST_TALK_LENGTH:
                raise ValueError(f"The line must be at most {MOST_TALK_LENGTH} characters.")
            return (line,)

        found, reasoning, _errors = self._ask(messages, read)
        if found is None or not found[0]:
            return []
        self.lines.append({"channel": channel, "phase": game_view.phase, "say": found[0],
                           "reasoning": reasoning})
        return [found[0]]
