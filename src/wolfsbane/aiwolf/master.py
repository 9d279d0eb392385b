"""An AIWolf game master: a LiCOS village played by AIWolf NLP agents (and our bots).

The engine runs the village exactly as everywhere else (`editions/licos`); this module only
asks AIWolf agents its questions in the AIWolf way and answers them into the game:

- INITIALIZE once (the seat's `info` and the `setting`); each day DAILY_INITIALIZE (the
  morning's news as `info`), then the village's talk in rounds (TALK), then DAILY_FINISH and
  the vote (VOTE); each night the pack's whisper in rounds (WHISPER, while two or more
  werewolves live), then DIVINE, GUARD and ATTACK at once; FINISH with every card.
- Talk goes in rounds over a random order of the living (drawn from the game's seed), at most
  `per_day` rounds and `per_agent` utterances a day (never more than the village's chat limit
  allows), each cut to `per_talk` characters. `Skip` passes the turn (after `max_skip` Skips
  in a row the agent is taken as Over), `Over` ends its day's talk, and the talk ends when
  everyone is Over. A sentence of the AIWolf protocol language becomes structured talk (our
  bots understand it); anything else is said as text.
- An agent has `action_timeout` seconds for each answer. A missed one is a timeout: its
  question takes its default (abstain, no action) and the record marks the answer as a
  timeout; its talk turn becomes a Skip. Timeouts, closed connections and unusable answers
  are errors; an agent whose errors pass `max_error_ratio` of its requests (after
  `error_grace` of them), or whose connection closes, is replaced by our bot for the rest of
  the game, and the result says so.

Seats without an AIWolf agent are played by the edition's bot through the one bot driver
(`agents.driver.Table`), their structured talk rendered in the protocol language.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..agents import bot_for
from ..agents.base import Agent
from ..agents.driver import Table
from ..core import Decision, Game, IllegalAnswer
from ..core.decision import CLOCK
from ..core.events import STORYTELLER
from ..editions import get_edition
from ..editions.licos import Licos
from . import packets
from .packets import Rules, TalkRules, Utterance, day_of
from .words import OVER, SKIP, agent_name, from_protocol, to_protocol

EDITION = Licos.id  # AIWolf villages are LiCOS villages
# the engine's decision -> the AIWolf request that asks it
REQUESTS = {"vote": "VOTE", "inspect": "DIVINE", "guard": "GUARD", "attack": "ATTACK"}
CHANNEL_REQUEST = {"village": "TALK", "werewolves": "WHISPER"}
BOT_NAME = "wolfsbane"  # the team name our bots' seats carry in the record and the log


class Remote(Protocol):
    """One AIWolf agent's connection: text out, text in."""

    async def send(self, text: str) -> None: ...

    async def receive(self) -> str: ...

    def drain(self) -> None:
        """Forget answers that came too late for the request they answered (those that
        arrived already; the master discards those still to come)."""

    async def close(self) -> None: ...


class AgentGone(Exception):
    """The agent's connection closed."""


@dataclass
class SeatAccount:
    """What the master counted of one seat's agent."""

    agent: str  # the seat's AIWolf name, Agent[NN]
    name: str  # what the agent answered to NAME (its team's name and number), or BOT_NAME
    requests: int = 0
    errors: int = 0
    timeouts: int = 0
    replaced: str | None = None  # why our bot took the seat over, if it did
    replaced_on_day: int | None = None

    @property
    def error_ratio(self) -> float:
        return self.errors / self.requests if self.requests else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "name": self.name, "requests": self.requests,
                "errors": self.errors, "timeouts": self.timeouts,
                "error_ratio": round(self.error_ratio, 4), "replaced": self.replaced,
                "replaced_on_day": self.replaced_on_day}


@dataclass
class _Talker:
    left: int
    skips: int = 0
    over: bool = False


@dataclass
class GameResult:
    game: Game
    record: dict[str, Any]
    seats: list[SeatAccount] = field(default_factory=list)

    @property
    def winner(self) -> str:
        return self.game.outcome.winner if self.game.outcome else ""


class GameMaster:
    """Plays one LiCOS village. `remotes[i]` is the agent of seat i (None: our bot plays it),
    `names[i]` what it answered to NAME."""

    def __init__(self, remotes: list[Remote | None], names: list[str] | None = None, *,
                 composition: str | None = None, options: dict[str, Any] | None = None,
                 seed: int = 0, rules: Rules | None = None, game_id: str | None = None,
                 clock: Any = time.time) -> None:
        edition = get_edition(EDITION)
        count = len(remotes)
        seats = [agent_name(i) for i in range(count)]
        deck = edition.preset(composition, count) if composition else None
        self.game = Game(edition, seats, deck=deck, options=options, seed=seed)
        self.rules = self._within_the_chat_limit(rules or Rules())
        self.game_id = game_id or f"wolfsbane-{seed}"
        self.remotes: dict[str, Remote] = {
            seat: remote for seat, remote in zip(seats, remotes, strict=True)
            if remote is not None}
        given = names or [""] * count
        self.accounts = {seat: SeatAccount(seat, given[i] if seat in self.remotes else BOT_NAME)
                         for i, seat in enumerate(seats)}
        self.bots: dict[str, Agent] = {seat: self._bot(seat) for seat in seats
                                       if seat not in self.remotes}
        self.table = Table(self.game, self.bots, talk=False, strict=False)
        self.talk: list[tuple[str, Utterance, frozenset[str]]] = []  # channel, entry, audience
        self._sent: dict[str, int] = dict.fromkeys(seats, 0)  # talk entries handed to each
        self._claimed: dict[str, str] = {}
        self._owed: dict[str, int] = dict.fromkeys(seats, 0)  # late answers still to come
        self._order = random.Random(f"{seed}:aiwolf-talk-order")
        self._clock = clock

    # -- set-up -------------------------------------------------------------------------------

    def _within_the_chat_limit(self, rules: Rules) -> Rules:
        """Talk rules no looser than the village's chat limit, which the engine enforces."""

        def fit(talk: TalkRules, channel: str) -> TalkRules:
            most, length = self.game.channel(channel).limits_in(self.game)
            return TalkRules(per_agent=min(talk.per_agent, most or talk.per_agent),
                             per_day=talk.per_day, per_talk=min(talk.per_talk, length),
                             max_skip=talk.max_skip)

        return Rules(talk=fit(rules.talk, "village"), whisper=fit(rules.whisper, "werewolves"),
                     action_timeout=rules.action_timeout,
                     response_timeout=rules.response_timeout,
                     max_error_ratio=rules.max_error_ratio, error_grace=rules.error_grace)

    def _bot(self, seat: str) -> Agent:
        return bot_for(seat, random.Random(f"{self.game.seed}:{seat}"), self.game.edition)

    def _plays(self, seat: str) -> bool:
        """Whether an AIWolf agent (not our bot) plays the seat now."""
        return seat in self.remotes and seat not in self.bots

    # -- the game -----------------------------------------------------------------------------

    async def run(self) -> GameResult:
        game = self.game
        for seat in list(self.remotes):
            await self._notify(seat, "INITIALIZE", setting=packets.setting(game, self.rules))
        begun = finished = 0
        talked: set[str] = set()
        while not game.over:
            day = day_of(game.phase)
            if game.phase.startswith("day") and begun < day:
                begun = day
                for seat in list(self.remotes):
                    await self._notify(seat, "DAILY_INITIALIZE")
            asks = [d for d in game.open.values() if d.seat not in (CLOCK, STORYTELLER)]
            clocks = [d for d in game.open.values() if d.seat == CLOCK]
            if asks:
                if game.phase.startswith("night") and game.phase not in talked:
                    talked.add(game.phase)
                    await self._talk_rounds("werewolves")
                    continue
                if any(d.name == "vote" for d in asks) and finished < day:
                    finished = day
                    for seat in list(self.remotes):
                        await self._notify(seat, "DAILY_FINISH")
                await self._answer_all(asks)
            elif clocks:
                clock = clocks[0]
                if game.phase.startswith("day") and game.phase not in talked:
                    talked.add(game.phase)
                    await self._talk_rounds("village")
                    continue
                game.answer(clock.id, True)
            else:
                raise RuntimeError("the village waits for nothing, yet the game is not over")
        for seat in list(self.remotes):
            if self._plays(seat):
                await self._notify(seat, "FINISH", reveal=True)
        self.table.catch_up()
        return GameResult(game, self.record(), list(self.accounts.values()))

    def record(self) -> dict[str, Any]:
        """The game's record, with what AIWolf adds: the agents' names, every utterance of
        the talk (Skips and Overs too) and the accounts of errors and replacements."""
        record = self.game.record()
        record["aiwolf"] = {
            "game_id": self.game_id,
            "names": {seat: account.name for seat, account in self.accounts.items()},
            "talk": [{"channel": channel, **entry.as_dict()}
                     for channel, entry, _audience in self.talk],
            "accounts": [account.as_dict() for account in self.accounts.values()],
        }
        return record

    async def _answer_all(self, asks: list[Decision]) -> None:
        answers = await asyncio.gather(*(self._choose(d) for d in asks))
        for decision, (value, timed_out) in zip(asks, answers, strict=True):
            if decision.id in self.game.open and not self.game.over:
                self.game.answer(decision.id, value, seat=decision.seat, timeout=timed_out)

    async def _choose(self, decision: Decision) -> tuple[Any, bool]:
        """(the answer, whether it is a timeout's) to one of a seat's questions."""
        seat = decision.seat
        if not self._plays(seat):
            return self.table.decide(decision), False
        text = await self._request(seat, REQUESTS[decision.name])
        if text is None:
            return decision.default, True
        target = text.strip()
        try:
            return decision.validate(target), False
        except IllegalAnswer:
            self._error(seat)  # an answer the rules refuse counts as an error, and abstains
            return decision.default, False

    # -- talk ---------------------------------------------------------------------------------

    async def _talk_rounds(self, channel_name: str) -> None:
        game = self.game
        channel = game.channel(channel_name)
        if not channel.is_open(game):
            return
        members = list(channel.members(game))
        if channel_name == "werewolves" and len(members) < 2:
            return  # a lone werewolf has nobody to whisper to
        rules = self.rules.talk if channel_name == "village" else self.rules.whisper
        self._order.shuffle(members)
        talkers = {seat: _Talker(rules.per_agent) for seat in members}
        day = day_of(game.phase)
        entries = sum(1 for c, e, _a in self.talk if c == channel_name and e.day == day)
        for turn in range(rules.per_day):
            if all(t.over or t.left <= 0 for t in talkers.values()):
                return
            for seat in members:
                talker = talkers[seat]
                if talker.over or talker.left <= 0:
                    continue
                if game.over or not channel.is_open(game):
                    return
                text, said = await self._utterance(seat, channel_name, rules, talker)
                entry = Utterance(entries, day, turn, seat, "", time=int(self._clock() * 1000))
                if text is None or text.strip() == SKIP:
                    entry.text, entry.skip = SKIP, True
                    if text is not None:  # a forced Skip (an error) does not count
                        talker.skips += 1
                        if talker.skips > rules.max_skip:
                            talker.over = True
                elif text.strip() in ("", OVER):
                    entry.text, entry.over = OVER, True
                    talker.over = True
                else:
                    entry.text = text.strip()[:rules.per_talk]
                    if not said:
                        self._post(seat, channel_name, entry.text)
                    talker.left -= 1
                    talker.skips = 0
                entries += 1
                self.talk.append((channel_name, entry, frozenset(channel.members(game))))

    async def _utterance(self, seat: str, channel: str, rules: TalkRules,
                         talker: _Talker) -> tuple[str | None, bool]:
        """What the seat says in its turn, and whether it is said in the game already: its
        agent's answer (None: an error), or our bot's message, said by the bot driver, in
        the protocol language (Skip when it has nothing new to say)."""
        if not self._plays(seat):
            before = len(self.game.events)
            if not self.table.speak(seat, (channel,), most=1):
                return SKIP, True
            said = next(e for e in reversed(self.game.events[before:])
                        if e.kind == "Said" and e.data["player"] == seat)
            message = said.data["message"]
            if message.get("type") == "claim":
                self._claimed[seat] = message["role"]
            return to_protocol(seat, message, self._claimed,
                               whisper=channel == "werewolves"), True
        remain = (talker.left, None, max(0, rules.max_skip - talker.skips))
        return await self._request(seat, CHANNEL_REQUEST[channel], remain=remain), False

    def _post(self, seat: str, channel: str, text: str) -> None:
        """Say an AIWolf agent's utterance in the game, structured when it can be."""
        message = from_protocol(seat, text, set(self.game.by_name))
        if message["type"] == "claim":
            self._claimed[seat] = message["role"]
        for said in (message, {"type": "text", "text": text}):
            try:
                self.game.say(seat, channel, said)
                return
            except IllegalAnswer:
                continue  # a sentence the rules refuse (a claim of a card not dealt): text

    def _history(self, seat: str) -> tuple[list[Utterance], list[Utterance]]:
        """The talk and whisper the seat heard since its last request (never what its view
        would not hold: an utterance reaches those who were on its channel)."""
        start = self._sent[seat]
        self._sent[seat] = len(self.talk)
        heard = [(c, e) for c, e, audience in self.talk[start:] if seat in audience]
        return ([e for c, e in heard if c == "village"],
                [e for c, e in heard if c == "werewolves"])

    # -- the wire -----------------------------------------------------------------------------

    def _packet(self, seat: str, request: str, *, setting: dict[str, Any] | None = None,
                reveal: bool = False, remain: tuple[int, int | None, int] | None = None
                ) -> str:
        talk, whisper = self._history(seat)
        wolf = self.game.by_name[seat].role == "werewolf"
        info = packets.info(self.game, seat, self.game_id, reveal=reveal, remain=remain)
        return json.dumps(packets.packet(request, info=info, setting=setting,
                                         talk_history=talk,
                                         whisper_history=whisper if wolf else None))

    async def _notify(self, seat: str, request: str, **kwargs: Any) -> None:
        """A request that needs no answer."""
        if not self._plays(seat):
            return
        try:
            await self.remotes[seat].send(self._packet(seat, request, **kwargs))
        except AgentGone:
            self._replace(seat, "its connection closed")

    async def _request(self, seat: str, request: str, **kwargs: Any) -> str | None:
        """Ask and wait for the answer; None after an error (a timeout, a closed connection)."""
        remote = self.remotes[seat]
        account = self.accounts[seat]
        account.requests += 1
        loop = asyncio.get_running_loop()
        try:
            remote.drain()
            await remote.send(self._packet(seat, request, **kwargs))
            deadline = loop.time() + self.rules.action_timeout
            while True:
                text = await asyncio.wait_for(remote.receive(), deadline - loop.time())
                if self._owed[seat] == 0:
                    return text
                # an agent answers its requests in order: the first answers to come are
                # those it owes to requests that timed out, not this one's
                self._owed[seat] -= 1
        except TimeoutError:
            account.timeouts += 1
            self._owed[seat] += 1
            self._error(seat)
            return None
        except AgentGone:
            account.errors += 1
            self._replace(seat, "its connection closed")
            return None

    def _error(self, seat: str) -> None:
        account = self.accounts[seat]
        account.errors += 1
        if (account.requests >= self.rules.error_grace
                and account.error_ratio > self.rules.max_error_ratio):
            self._replace(seat, f"{account.errors} errors in {account.requests} requests")

    def _replace(self, seat: str, reason: str) -> None:
        """Our bot plays the seat from now on; the game goes on."""
        if seat in self.bots:
            return
        account = self.accounts[seat]
        account.replaced = reason
        account.replaced_on_day = day_of(self.game.phase)
        self.bots[seat] = self._bot(seat)  # it catches up on the seat's events when asked
        remote = self.remotes[seat]
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().create_task(remote.close())
