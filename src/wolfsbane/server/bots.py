"""The server's bots: when each bot seat moves (timing only). What a bot says and answers is
the one bot driver's (`agents.driver.Table`, as in the simulator and the terminal), with the
seat's view of the game and nothing more."""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING, Any

from ..agents import DEFAULT_SKILL, Agent, Table, bot_for
from ..core import Decision, IllegalAnswer
from .dayclock import VoteNotOpen
from .turns import TALK_CHANNEL

if TYPE_CHECKING:
    from .live import LiveGame


class Bots:
    """The bot seats of one live game: their agents, and when each bot's answer is due."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.agents: dict[str, Agent] = {}
        self.bot_due: dict[int, float] = {}  # decision id -> when its bot answers
        self._table: Table | None = None

    def make_agent(self, seat: str) -> None:
        rng = random.Random(f"{self.live.config['seed']}:bot:{seat}")
        skill = self.live.state.get("bot_skills", {}).get(seat, DEFAULT_SKILL)
        self.agents[seat] = bot_for(seat, rng, self.live.edition.id, skill)

    def restart(self) -> None:
        """New minds for every bot, who learn the game again from its events (the game was
        played again from its log: what they remembered may have been taken back)."""
        for seat in list(self.agents):
            self.make_agent(seat)
        self._table = None
        self.bot_due = {}

    def plan(self, running: dict[int, Decision], voting: set[int], now: float) -> None:
        """When each bot answers what it is asked: `bot_delay` after it is asked. A day's
        vote is not planned here: the day's clock plans its bots' words and ballots."""
        self.bot_due = {i: t for i, t in self.bot_due.items()
                        if i in running and i not in voting}
        controlled = self.live.controlled
        delay = self.live.timers.get("bot_delay", 0)
        # a seat left to a bot in a game played in the dark (its player was removed) is in no
        # room: it is never killed and finds no body, so it answers no standing question
        no_standing = self.live.edition.played_in_the_dark
        for decision in running.values():
            if no_standing and decision.standing:
                continue
            if (decision.seat in self.agents and decision.seat not in controlled
                    and decision.id not in self.bot_due and decision.id not in voting):
                # a bot thinks `bot_delay`, but answers within its window all the same (a
                # short night's slot would otherwise run out first: a timeout, not a move)
                deadline = self.live.clock.deadlines.get(decision.id)
                due = now + delay
                if deadline is not None and deadline < due:
                    due = now + max(0.0, deadline - now) / 2
                self.bot_due[decision.id] = due

    @property
    def table(self) -> Table:
        """The bot driver of this game: a bot's turn posts at most 3 messages on a channel, and
        a seat the moderator took over is the moderator's."""
        live = self.live
        game = live.game
        assert game is not None
        if self._table is None:
            self._table = Table(game, self.agents, strict=False, most=3,
                                say=lambda seat, channel, message: live.pump.say(
                                    seat, channel, message, limit=False),
                                plays=lambda seat: seat not in live.controlled)
        self._table.game = game
        return self._table

    def move(self, decision_id: int) -> None:
        """The bot asked `decision_id` answers it; before the first answer of a new kind of
        decision the bots talk it over, as the driver schedules it (a confused bot plays a
        random legal answer)."""
        live = self.live
        self.bot_due.pop(decision_id, None)
        game = live.game
        assert game is not None
        decision = game.open.get(decision_id)
        if decision is None:
            return
        table = self.table
        if not table.plays(decision.seat):
            return
        if not live.clock.day.held_ids():  # while people vote, the day clock times the talk
            table.discuss()
        value = table.decide(decision)
        if decision.id in game.open:
            live.pump.answer(decision, value)

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
        if kind == "turn":
            return self.take_turn(detail, now)
        if kind == "talk":
            table = self.table
            if table.plays(detail):
                before = len(game.log)
                table.speak(detail, most=2)  # the moment is the day clock's, the words the bot's
                return ["bot"] * (len(game.log) - before)
        elif kind == "ballot":
            decision_id, final = detail
            decision = game.open.get(decision_id)
            if decision is not None and not self.is_person(decision.seat):
                with contextlib.suppress(IllegalAnswer, VoteNotOpen):
                    live.clock.day.ballot(decision, self.choice(decision), final, now,
                                    self.is_person)
        return []

    def take_turn(self, turn: tuple[str, str], now: float) -> list[str]:
        """A turn of the talk in turns: a bot's, spoken now through the bot driver (saying
        nothing is a skip); or a person's that ran out (a skip, counted as a timeout)."""
        live = self.live
        game = live.game
        talk = live.clock.day.turns()
        assert game is not None and talk is not None
        kind, seat = turn
        before = len(game.log)
        if kind == "late":
            live.accounting.timed_out(seat)
            talk.skip(seat, now)
        else:
            said = 0
            if TALK_CHANNEL in game.channels_for(seat):
                said = self.table.speak(seat, [TALK_CHANNEL], most=talk.settings["per_turn"])
            if said:
                talk.spoke(seat, now, said)
            else:
                talk.skip(seat, now)
        live.clock.day.after_turn(now)
        return ["bot"] * (len(game.log) - before)

    def choice(self, decision: Decision) -> Any:
        return self.table.decide(decision)
