"""The wall clock of a live game: every open decision's deadline, the phase's end, pause and
extend, and the day vote's clock (server/dayclock.py). The engine knows no time: the clock
answers its `clock` decisions when they run out, and a seat's question for it when the seat
did not answer in time."""

from __future__ import annotations

import asyncio
import random
import time
from typing import TYPE_CHECKING, Any

from ..agents import random_answer
from ..core import STORYTELLER, Decision, Game, IllegalAnswer
from ..core.decision import CLOCK, PHASE, UNANSWERED
from ..core.edition import Edition
from ..core.game import MANUAL
from .dayclock import MISSING, DayClock, VoteNotOpen
from .errors import ServerError
from .lobby import FINISHED, PLAYER, RUNNING
from .turns import talk_settings

if TYPE_CHECKING:
    from .live import LiveGame

# How long a person at the grimoire may think over one of their decisions before the clock
# takes its suggestion (a storyteller who walked away must not stall the game for ever); they
# may pause the game for longer.
STORYTELLER_SECONDS = 300.0

DEFAULT_TIMERS: dict[str, dict[str, float]] = {
    # night: a whole night; day: a whole day (discussion and vote); decision: one question at
    # night or after the day's end; grace: the shortest window a question is ever given;
    # bot_delay: how long a bot "thinks"; talk: the discussion before each of the day's votes
    # opens, when people play; vote: the least time a day's vote then stays open.
    "online": {"night": 90, "day": 300, "decision": 30, "grace": 10, "bot_delay": 1.5,
               "scale": 1.0, "talk": 60, "vote": 60, "storyteller": STORYTELLER_SECONDS},
    "table": {"night": 180, "day": 600, "decision": 60, "grace": 15, "bot_delay": 2.0,
              "scale": 1.0, "talk": 90, "vote": 90, "storyteller": STORYTELLER_SECONDS},
}

MAX_EXTENSION_PER_PHASE = 3600.0  # seconds of extra time the host may add to one phase


def is_night(edition: Edition, phase: str) -> bool:
    """Is `phase` one whose goings-on must not show in its timing? The edition says."""
    return edition.is_night(phase)


class Clock:
    """The deadlines of one live game, and what happens when they pass."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.deadlines: dict[int, float] = {}  # decision id -> when it runs out
        self.timer: asyncio.TimerHandle | None = None
        self.day = DayClock(live.state, live.edition, live.config)

    @property
    def paused(self) -> bool:
        return self.live.state.get("paused_at") is not None

    def holding(self, game: Game) -> bool:
        """Does a person at the grimoire hold the night? While one of their decisions is open
        at night, the night's time stands still (its slots, the players' questions, its end):
        the storyteller paces the night as at a real table, and what they take their time over
        costs no seat its turn. An automatic storyteller answers at once and holds nothing."""
        return (game.storyteller == MANUAL and is_night(self.live.edition, game.phase)
                and any(d.seat == STORYTELLER and not d.standing for d in game.open.values()))

    def _hold(self, game: Game, now: float) -> None:
        """Begin or end the storyteller's hold of the night; its end moves the night's time
        on by as long as it lasted, like a pause."""
        state = self.live.state
        held = state.get("held_at")
        if self.holding(game):
            if held is None:
                state["held_at"] = now
        elif held is not None:
            del state["held_at"]
            self.shift(now - float(held))

    def _running(self) -> dict[int, float]:
        """The deadlines that run now: all of them, but the storyteller's own while they hold
        the night."""
        if self.live.state.get("held_at") is None or self.live.game is None:
            return self.deadlines
        open_ = self.live.game.open
        return {i: at for i, at in self.deadlines.items()
                if i in open_ and open_[i].seat == STORYTELLER}

    def timeout(self, decision_id: int) -> None:
        """`decision_id`'s time is up: a clock's period is over (its own answer), or the
        seat did not answer in time (a timeout, answered as `timeout_answer` says)."""
        live = self.live
        game = live.game
        assert game is not None
        self.deadlines.pop(decision_id, None)
        decision = game.open.get(decision_id)
        if decision is None:
            return
        if decision.seat == CLOCK:  # the time is up: the clock's own answer, not a timeout
            live.pump.answer(decision, True)
            return
        live.pump.answer(decision, self.timeout_answer(decision), timeout=True)
        live.accounting.timed_out(decision.seat)

    def timeout_answer(self, decision: Decision) -> Any:
        """What the clock answers for a seat that did not: the storyteller's suggestion; what
        the rules say running out means (the decision's `lapse`: a Wherewolf ballot not cast
        in time is no vote); the default of a question that may be skipped. Only where the
        rules say nothing of a question that must be answered (Cupid's link) is the answer,
        as a last resort, a legal one drawn from the game's seed."""
        if decision.seat == STORYTELLER and decision.suggestion is not None:
            return decision.suggestion
        if decision.lapse is not UNANSWERED:
            return decision.lapse
        if decision.optional:
            return None
        rng = random.Random(f"{self.live.config['seed']}:timeout:{decision.id}")
        return random_answer(decision, rng)

    def ballot(self, decision: Decision, value: Any, lock: bool, now: float) -> None:
        try:
            self.day.ballot(decision, value, lock, now, self.live.bots.is_person)
        except VoteNotOpen as error:
            raise ServerError(409, "vote-not-open", str(error)) from None

    def close_day_vote(self, now: float) -> list[str]:
        """Hand every ballot of the day's vote to the engine at once. A person who cast none
        did not answer in time (recorded as a timeout); a bot that had not yet made up its
        mind does so now."""
        live = self.live
        game = live.game
        assert game is not None
        sources: list[str] = []
        for decision_id, seat, ballot in self.day.close():
            decision = game.open.get(decision_id)
            if decision is None:
                continue
            before = len(game.log)
            timeout = False
            if ballot is MISSING and not live.bots.is_person(seat):
                ballot = live.bots.choice(decision)
            elif ballot is MISSING:
                ballot, timeout = self.timeout_answer(decision), True
            try:
                live.pump.answer(decision, ballot, timeout=timeout)
            except IllegalAnswer:
                continue
            if timeout:
                live.accounting.timed_out(seat)
            source = "timeout" if timeout else "seat" if live.bots.is_person(seat) else "bot"
            sources.extend([source] * (len(game.log) - before))
        return sources

    def run_due(self, now: float) -> list[str]:
        """Answer what is due by `now`: decisions whose time ran out, the clock's own periods,
        the day vote's plan (a bot's word or ballot, the close), bots' moves. The sources of
        the log entries made, in order."""
        live = self.live
        game = live.game
        assert game is not None
        sources: list[str] = []
        for _ in range(1000):
            due = self.next_due(now)
            if due is None:
                break
            before = len(game.log)
            kind, decision_id = due
            if kind == "day":
                sources.extend(live.bots.day_due(decision_id, now))
                continue
            try:
                if kind == "timeout" and self.day.holds(decision_id):
                    sources.extend(self.close_day_vote(now))
                    continue
                if kind == "timeout":
                    timed = game.open.get(decision_id)
                    source = "clock" if timed is not None and timed.seat == CLOCK else (
                        "timeout")
                    self.timeout(decision_id)
                else:
                    live.bots.move(decision_id)
                    source = "bot"
            except IllegalAnswer:
                self.deadlines.pop(decision_id, None)
                live.bots.bot_due.pop(decision_id, None)
                continue
            sources.extend([source] * (len(game.log) - before))
        return sources

    def next_due(self, now: float) -> tuple[str, Any] | None:
        day = self.day.due(now, self.live.bots.is_person)
        if day is not None:
            return ("day", day)
        best: tuple[float, str, int] | None = None
        for decision_id, at in self._running().items():
            if at <= now and (best is None or at < best[0]):
                best = (at, "timeout", decision_id)
        for decision_id, at in self.live.bots.bot_due.items():
            if at <= now and (best is None or at < best[0]):
                best = (at, "bot", decision_id)
        return None if best is None else (best[1], best[2])

    def settle(self, now: float) -> None:
        """After every step: the phase's end when a phase began, the day vote's clock, a
        deadline for every open question the clock runs on, the bots' plan."""
        live = self.live
        game = live.game
        assert game is not None
        state = live.state
        if state.get("phase_index") != len(game.phases):
            state["phase_index"] = len(game.phases)
            state["phase_end"] = now + self.phase_seconds(game)
            state["phase_started"] = now
            state.pop("held_at", None)  # a hold ends with its night
        self._hold(game, now)
        bots = [seat for seat in live.bots.agents
                if seat not in live.controlled and game.player(seat).alive]
        closes = self.day.track(game, now, state["phase_end"], live.bots.is_person, bots)
        if closes is not None:
            state["phase_end"] = max(state["phase_end"], closes)
        guaranteed = talk_settings(live.config).get("guaranteed")
        if guaranteed:
            floor = self.day.guarantee(now, self.connected_people(game), float(guaranteed))
            if floor is not None:
                state["phase_end"] = max(state["phase_end"], floor)
        voting = set(self.day.held_ids())
        # deadlines for every question the clock runs on
        running = game.open
        self.deadlines = {i: t for i, t in self.deadlines.items() if i in running}
        for decision in running.values():
            if decision.id in voting:  # the day's vote: one clock, bots on their own plan
                self.deadlines[decision.id] = self.day.closes
            elif decision.id not in self.deadlines and not decision.standing:
                # a standing decision ("I am dead", "nominate") waits as long as the flow
                # offers it: it is withdrawn, never timed out on its own
                self.deadlines[decision.id] = self.deadline_for(decision, now)
        live.bots.plan(running, voting, now)
        if game.over:
            live.status = FINISHED
            state.setdefault("finished_at", now)
        state["deadlines"] = {str(k): v for k, v in self.deadlines.items()}

    def connected_people(self, game: Game) -> list[str]:
        """The living seats a person or an agent plays that have a socket open now."""
        live = self.live
        return [c.participant.name for c in live.connections
                if not c.closed and c.participant.kind == PLAYER
                and c.participant.name in game.by_name and game.by_name[
                    c.participant.name].alive and live.bots.is_person(c.participant.name)]

    def phase_seconds(self, game: Game) -> float:
        """How long this phase lasts as it begins: the longest window the rules give its
        first questions (a clock's, a timed decision's), else the edition's length for the
        phase, else the game's own timer for a night or a day."""
        # (a clock that counts from the phase's beginning ends with the phase: not a window)
        live = self.live
        timed = [d.seconds for d in game.open.values()
                 if d.seconds is not None and d.phase == game.phase and d.since != PHASE]
        seconds: float | None = float(max(timed)) if timed else None
        if seconds is None:
            given = live.edition.phase_seconds(game)
            seconds = float(given) if given is not None else None
        if seconds is not None:
            return seconds * float(live.timers.get("scale", 1.0))
        night = is_night(live.edition, game.phase)
        return float(live.timers["night" if night else "day"])

    def phase_scale(self, phase: str) -> float:
        """Wall seconds per second the engine counts in `phase`: the lengths the edition's
        rules set are scaled (the timers' `scale`); a night whose length is the server's own
        night timer (the game's `night_seconds`, what `phase_seconds` gives it) is not."""
        live = self.live
        game = live.game
        if (game is not None and is_night(live.edition, phase)
                and live.edition.night_seconds(game) is None):
            return 1.0
        return float(live.timers.get("scale", 1.0))

    def deadline_for(self, decision: Decision, now: float) -> float:
        live = self.live
        timers = live.timers
        end = live.state.get("phase_end")
        started = live.state.get("phase_started")
        if decision.since == PHASE and decision.seconds is not None and started is not None:
            # counted from the phase's beginning (a turn's slot of the night, the night's own
            # clock): however soon the turn was over, it runs out when its slot does, the
            # last one as the night ends (pause and extend move the beginning and the end)
            at = float(started) + decision.seconds * self.phase_scale(decision.phase)
            if decision.seat in (CLOCK, STORYTELLER):
                return at
            # a seat's question still gets no more than the game's time for one question: the
            # next turn waits for the slot's own clock all the same
            return min(at, now + float(timers["decision"]))
        if decision.since == PHASE and end is not None:
            return float(end)
        if decision.seconds is not None:  # the rules give this question its own window
            return now + decision.seconds * float(timers.get("scale", 1.0))
        if decision.seat == STORYTELLER:
            return now + float(timers.get("storyteller", STORYTELLER_SECONDS))
        night = is_night(live.edition, decision.phase or "")
        if end is None:
            return now + timers["decision"]
        if night:
            at = min(now + timers["decision"], end)
            return at if at - now >= timers["grace"] else now + timers["grace"]
        return end if end - now >= timers["grace"] else now + timers["decision"]

    def reschedule(self) -> None:
        live = self.live
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if live.game is None or live.status != RUNNING or self.paused or live.broken:
            return
        times = list(self._running().values()) + list(live.bots.bot_due.values())
        day = self.day.next_time(live.bots.is_person)
        if day is not None:
            times.append(day)
        if not times:
            return
        delay = max(0.0, min(times) - time.time())
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(delay, self.wake)

    def stop(self) -> None:
        """No more wake-ups (the game leaves memory)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def wake(self) -> None:
        self.timer = None
        if self.live.broken:
            return
        self.live.pump.tick()

    async def control(self, action: str, now: float | None = None, **kw: Any) -> None:
        """Pause, resume, extend: changes of the clock, stored like any step."""
        live = self.live
        now = now or time.time()
        if live.status != RUNNING:
            raise ServerError(409, "not-running", "the game is not running")
        state = live.state
        if action == "pause":
            if self.paused:
                raise ServerError(409, "paused", "the game is already paused")
            state["paused_at"] = now
        elif action == "resume":
            if not self.paused:
                raise ServerError(409, "not-paused", "the game is not paused")
            shift = now - float(state.pop("paused_at"))
            self.shift(shift)
            if state.get("held_at") is not None:
                # the pause stopped the clock already: the hold does not count it again
                state["held_at"] += shift
        elif action == "extend":
            seconds = float(kw["seconds"])
            extended = state.setdefault("extended", {})
            phase = live.game.phase if live.game is not None else ""
            given = float(extended.get(phase, 0.0))
            if given + seconds > MAX_EXTENSION_PER_PHASE:
                raise ServerError(
                    409, "too-much-time",
                    f"This phase has already been given {round(given)} extra seconds; "
                    f"at most {round(MAX_EXTENSION_PER_PHASE)} may be added to one phase.")
            extended[phase] = given + seconds
            decision = kw.get("decision")
            if decision is not None:
                if decision in self.deadlines and self.day.holds(decision):
                    # the day's ballots close together
                    self.day.extend(seconds)
                    for held in self.day.held_ids():
                        self.deadlines[held] = self.day.closes
                    live.state["phase_end"] = max(live.state.get("phase_end") or 0,
                                                  self.day.closes)
                elif decision in self.deadlines:
                    self.deadlines[decision] += seconds
                    timed = live.game.open.get(decision) if live.game is not None else None
                    if timed is not None and timed.since == PHASE:
                        # the night's clock is the night's end: the phase ends with it
                        live.state["phase_end"] = max(live.state.get("phase_end") or 0,
                                                      self.deadlines[decision])
                elif live.game is not None and decision in live.game.open:
                    raise ServerError(409, "no-clock",
                                      "That question waits without a clock; add time to the "
                                      "phase instead.")
                else:
                    raise ServerError(409, "stale", "That question has already been answered.")
                live.state["deadlines"] = {str(k): v for k, v in self.deadlines.items()}
            else:
                self.shift(seconds)
        await live.store.save(live.id, state=live.state)
        live.refresh()

    def shift(self, seconds: float) -> None:
        live = self.live
        self.day.shift(seconds)
        self.deadlines = {k: v + seconds for k, v in self.deadlines.items()}
        live.bots.bot_due = {k: v + seconds for k, v in live.bots.bot_due.items()}
        if live.state.get("phase_end") is not None:
            live.state["phase_end"] += seconds
        if live.state.get("phase_started") is not None:
            # the slots of the night not yet begun count from it: they move with the rest
            live.state["phase_started"] += seconds
        live.state["deadlines"] = {str(k): v for k, v in self.deadlines.items()}

    def night_clock(self) -> Decision | None:
        """The night's clock, when it is what the game waits for: every turn of the night is
        over, and dawn waits for the night's end (core.night.timed_turns: the clock seat's
        "night"; a turn's slot ending is its "night-turn")."""
        if self.live.game is None:
            return None
        return next((d for d in self.live.game.open.values()
                     if d.seat == CLOCK and d.since == PHASE and d.name == "night"), None)
