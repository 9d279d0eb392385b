"""The server's bots: when each bot seat moves (timing only; what a bot says and answers is the
agents' business), with the seat's view of the game and nothing more."""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING, Any

from ..agents import Agent, SeatView, bot_for, random_answer
from ..core import Decision, IllegalAnswer
from ..core.view import events_for
from .dayclock import VoteNotOpen

if TYPE_CHECKING:
    from .live import LiveGame


class Bots:
    """The bot seats of one live game: their agents, and when each bot's answer is due."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.agents: dict[str, Agent] = {}
        self.bot_due: dict[int, float] = {}  # decision id -> when its bot answers
        self.talked: set[tuple[str, str, str]] = set()  # (seat, channel, phase) a bot spoke on

    def make_agent(self, seat: str) -> None:
        rng = random.Random(f"{self.live.config['seed']}:bot:{seat}")
        self.agents[seat] = bot_for(seat, rng, self.live.edition.id)

    def plan(self, running: dict[int, Decision], voting: set[int], now: float) -> None:
        """When each bot answers what it is asked: `bot_delay` after it is asked. A day's
        vote is not planned here: the day's clock plans its bots' words and ballots."""
        self.bot_due = {i: t for i, t in self.bot_due.items()
                        if i in running and i not in voting}
        controlled = self.live.controlled
        delay = self.live.timers.get("bot_delay", 0)
        for decision in running.values():
            if (decision.seat in self.agents and decision.seat not in controlled
                    and decision.id not in self.bot_due and decision.id not in voting):
                self.bot_due[decision.id] = now + delay

    def move(self, decision_id: int) -> None:
        """The bot asked `decision_id` answers it, once it has said its piece on each
        channel it may speak on this phase (a confused bot plays a random legal answer)."""
        live = self.live
        self.bot_due.pop(decision_id, None)
        game = live.game
        assert game is not None
        decision = game.open.get(decision_id)
        if decision is None:
            return
        seat = decision.seat
        agent = self.agents.get(seat)
        if agent is None or seat in live.controlled:
            return
        seat_view = SeatView(game, seat)
        self.catch_up(agent)
        for channel in game.channels_for(seat):
            key = (seat, channel, game.phase)
            if key in self.talked:
                continue
            self.talked.add(key)
            self.say(agent, channel, seat_view, 3)
        try:
            value = agent.decide(decision, seat_view)
            decision.validate(value)
        except Exception:  # noqa: BLE001 - a confused bot plays a random legal answer
            value = random_answer(decision, agent.rng)
        if decision.id in game.open:
            live.pump.answer(decision, value)

    def say(self, agent: Agent, channel: str, seat_view: SeatView, most: int) -> None:
        try:
            messages = agent.talk(channel, seat_view)
        except Exception:  # noqa: BLE001 - a bot that fails to talk stays silent
            messages = []
        for message in messages[:most]:
            with contextlib.suppress(IllegalAnswer):
                self.live.pump.say(agent.seat, channel, message, limit=False)
        self.catch_up(agent)

    def is_person(self, seat: str) -> bool:
        """Does a person answer for this seat (its player, or the moderator who took it)?"""
        return seat in self.live.controlled or seat not in self.agents

    def day_due(self, what: tuple[str, Any], now: float) -> list[str]:
        """A bot's word or ballot, or the close, as the day's vote planned them; the sources
        of the log entries it made."""
        live = self.live
        game = live.game
        assert game is not None
        kind, detail = what
        if kind == "close":
            return live.clock.close_day_vote(now)
        if kind == "talk":
            agent = self.agents.get(detail)
            if agent is not None and detail not in live.controlled:
                before = len(game.log)
                self.catch_up(agent)
                seat_view = SeatView(game, detail)
                for channel in game.channels_for(detail):
                    self.say(agent, channel, seat_view, 2)
                return ["bot"] * (len(game.log) - before)
        elif kind == "ballot":
            decision_id, final = detail
            decision = game.open.get(decision_id)
            if decision is not None and not self.is_person(decision.seat):
                with contextlib.suppress(IllegalAnswer, VoteNotOpen):
                    live.clock.day.ballot(decision, self.choice(decision), final, now,
                                    self.is_person)
        return []

    def choice(self, decision: Decision) -> Any:
        game = self.live.game
        assert game is not None
        agent = self.agents[decision.seat]
        self.catch_up(agent)
        try:
            value = agent.decide(decision, SeatView(game, decision.seat))
            return decision.validate(value)
        except Exception:  # noqa: BLE001 - a confused bot plays a random legal answer
            return random_answer(decision, agent.rng)

    def catch_up(self, agent: Agent) -> None:
        game = self.live.game
        assert game is not None
        if agent.cursor < len(game.events):
            agent.observe(events_for(game, agent.seat, agent.cursor))
            agent.cursor = len(game.events)
