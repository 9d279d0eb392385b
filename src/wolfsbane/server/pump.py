"""The pump of a live game: the one task that takes the waiting operations (answers, messages,
the clock's ticks), checks that each actor may do what it asks, applies them to the engine,
stores the new log entries durably, and only then tells the seats."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import MANUAL, STORYTELLER, Decision, IllegalAnswer
from ..core.decision import CLOCK
from .errors import ServerError
from .lobby import FINISHED, MODERATOR, PLAYER, Participant
from .storage import LogRow
from .turns import TALK_CHANNEL, NotYourTurn

if TYPE_CHECKING:
    from .live import LiveGame

ANSWER_RATE, ANSWER_BURST = 4.0, 20  # answers a second per participant, and the burst


class Bucket:
    """A token bucket: `rate` actions a second, bursts up to `capacity`."""

    def __init__(self, rate: float, capacity: float) -> None:
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.at = time.monotonic()

    def full(self) -> bool:
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.capacity

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass
class Op:
    kind: str  # answer, say, tick
    actor: Participant | None = None
    decision: int = 0
    value: Any = None
    seat: str | None = None
    channel: str = ""
    message: Any = None
    future: asyncio.Future[dict[str, Any]] | None = None
    at: float = 0.0
    lock: bool = True  # a day's ballot: the voter is done (False: it may still change)


def last_storyteller_answer(log: list[dict[str, Any]]) -> int | None:
    """Where in the log the storyteller's last answer is, if nothing but the engine's own
    answers came after it (no seat, bot, clock or word at all); else None."""
    for index in range(len(log) - 1, -1, -1):
        entry = log[index]
        if entry.get("auto"):
            continue
        return index if entry.get("seat") == STORYTELLER and "id" in entry else None
    return None


class Pump:
    """Operations -> engine -> store, one step at a time, for one live game."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.pending: list[Op] = []
        self.task: asyncio.Task[None] | None = None
        self.buckets: dict[str, Bucket] = {}  # seat -> its talk's rate limit
        self.answer_buckets: dict[str, Bucket] = {}  # participant id -> its answers' limit
        self.cut: int | None = None  # the stored log is cut back to this length (an undo)
        # seats a bot takes over, to be logged by the engine at the next step (seat, reason)
        self.handovers: list[tuple[str, str]] = []

    def submit(self, op: Op) -> asyncio.Future[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        op.future = loop.create_future()
        op.at = time.perf_counter()
        if self.live.broken:
            op.future.set_exception(ServerError(503, "unavailable", "the game is reloading"))
            return op.future
        try:
            self._refuse_early(op)
        except (IllegalAnswer, ServerError) as error:
            refusal = error if isinstance(error, ServerError) else ServerError(
                422, "illegal", str(error))
            op.future.set_exception(refusal)
            self._count_refusal(op, refusal.code)
            return op.future
        self.pending.append(op)
        self.kick()
        return op.future

    def _refuse_early(self, op: Op) -> None:
        """Refuse at once, before the pump, what can be refused on sight: answers past their
        rate, and a player's answer or message that cannot be accepted now. The reply then
        never waits for a step that is storing other seats' answers, so its timing cannot
        tell a seat that someone else (a werewolf, at night) has just answered. The pump
        checks everything again."""
        live = self.live
        actor, game = op.actor, live.game
        if actor is None or op.kind not in ("answer", "say"):
            return
        if op.kind == "answer":
            self._limit_answers(actor)
        if game is None or actor.kind != PLAYER:
            return
        if game.over:
            raise ServerError(409, "over", "the game is over")
        if op.kind == "answer":
            if live.paused:
                raise ServerError(409, "paused", "the game is paused")
            self._own_open_decision(actor, op.decision)
        elif op.channel not in game.channels_for(actor.name):
            game.channel(op.channel)  # an unknown channel gets its own message
            raise IllegalAnswer(f"{actor.name} cannot speak on the {op.channel} channel now")

    def tick(self) -> None:
        """Have the pump look at the clock: a deadline may have passed."""
        self.pending.append(Op("tick"))
        self.kick()

    def kick(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while self.pending and not self.live.broken:
            ops, self.pending = self.pending, []
            try:
                await self._step(ops)
            except Exception as error:  # noqa: BLE001 - storage failed: reload from the log
                for op in ops:
                    if op.future is not None and not op.future.done():
                        op.future.set_exception(
                            ServerError(503, "storage", f"the answer could not be stored: {error}")
                        )
                await self.live.hub.unload(self.live, reason="storage")
                return

    async def _step(self, ops: list[Op]) -> None:
        live = self.live
        if live.game is None:
            for op in ops:
                if op.future is not None and not op.future.done():
                    op.future.set_exception(
                        ServerError(409, "not-started", "the game has not started"))
            return
        now = time.time()
        accepted: list[Op] = []
        sources: list[str] = []
        logged = len(live.game.log)
        for op in ops:
            if op.kind == "tick":
                continue
            before = len(live.game.log)
            try:
                self._apply(op, now)
            except (IllegalAnswer, ServerError) as error:
                if op.future is not None and not op.future.done():
                    err = error if isinstance(error, ServerError) else ServerError(
                        422, "illegal", str(error), error.code,
                        {k: v for k, v in error.params.items()
                         if isinstance(v, (str, int, list))})
                    op.future.set_exception(err)
                    self._count_refusal(op, err.code)
                continue
            accepted.append(op)
            if op.kind == "undo" and self.cut is not None:
                # the entries taken back lose their sources with them
                del sources[max(0, self.cut - live.persisted):]
                continue
            if op.kind == "answer" and op.actor is not None and op.actor.kind == PLAYER:
                live.accounting.answered(op.actor.name)
            sources.extend([self._source(op)] * (len(live.game.log) - before))
        # timers and bots that are due
        if not live.paused:
            sources.extend(live.clock.run_due(now))
        live.accounting.replace_failing()
        sources.extend(self.hand_over())
        if not self._step_changed(ops, accepted, logged):
            return  # every request was refused and no clock ran out: nothing to store
        await self.commit(now, sources)
        told = time.perf_counter()
        metrics = live.hub.metrics
        metrics.steps += 1
        for op in accepted:
            metrics.add(told - op.at)
            if op.future is not None and not op.future.done():
                op.future.set_result({"ok": True})

    def _count_refusal(self, op: Op, code: str) -> None:
        """A player's answer or message refused: an error of its agent (server/accounting.py);
        past the table's rule, the pump's next step hands the seat to a bot."""
        actor = op.actor
        if actor is None or actor.kind != PLAYER or op.kind not in ("answer", "say"):
            return
        accounting = self.live.accounting
        accounting.refused(actor.name, code)
        if accounting.over_the_limit():
            self.tick()

    def hand_over(self) -> list[str]:
        """Log the seats a bot has taken over (the engine tells everyone); their sources."""
        game = self.live.game
        assert game is not None
        done = 0
        while self.handovers:
            seat, reason = self.handovers.pop(0)
            if not game.over and seat in game.by_name:
                game.hand_to_bot(seat, reason)
                done += 1
        return ["server"] * done

    def _step_changed(self, ops: list[Op], accepted: list[Op], logged: int) -> bool:
        """Does this step have anything to store? A refused request writes nothing; a tick
        (a clock that may have run out) always settles and stores."""
        assert self.live.game is not None
        return (bool(accepted) or len(self.live.game.log) != logged
                or any(op.kind == "tick" for op in ops))

    def _source(self, op: Op) -> str:
        actor = op.actor
        if actor is None:
            return "server"
        return "moderator" if actor.kind == MODERATOR else "seat"

    def _apply(self, op: Op, now: float) -> None:
        live = self.live
        game = live.game
        assert game is not None
        actor = op.actor
        assert actor is not None
        if game.over:
            raise ServerError(409, "over", "the game is over")
        if op.kind == "answer":
            if live.paused:
                raise ServerError(409, "paused", "the game is paused")
            if actor.kind == MODERATOR:
                decision = game.open.get(op.decision)
                if decision is None:
                    raise ServerError(409, "stale", "That question is no longer open.",
                                      "not-open")
                # the moderator keeps the table's time too: they may end a clock's period
                if decision.seat not in (STORYTELLER, CLOCK) and (
                        decision.seat not in live.controlled):
                    raise ServerError(403, "forbidden",
                                      f"take over {decision.seat}'s seat to answer for them")
            elif actor.kind == PLAYER:
                decision = self._own_open_decision(actor, op.decision)
                if actor.name in live.controlled:
                    raise ServerError(403, "controlled",
                                      "the moderator has taken over your seat")
            else:
                raise ServerError(403, "forbidden", "spectators do not answer")
            if live.clock.day.holds(decision.id):
                live.clock.ballot(decision, op.value, op.lock, now)
            else:
                self.answer(decision, op.value)
        elif op.kind == "say":
            if actor.kind == PLAYER:
                seat = actor.name
                if seat in live.controlled:
                    raise ServerError(403, "controlled", "the moderator has taken over your seat")
            elif actor.kind == MODERATOR and op.seat:
                seat = op.seat
                if seat not in live.controlled:
                    raise ServerError(403, "forbidden",
                                      f"take over {seat}'s seat to speak for them")
            else:
                raise ServerError(403, "forbidden", "only seated players speak on channels")
            self.say(seat, op.channel, op.message, limit=actor.kind == PLAYER)
        elif op.kind == "undo":
            if actor.kind != MODERATOR:
                raise ServerError(403, "not-moderator",
                                  "Only the storyteller may take back their last answer.")
            self.undo(now)
        elif op.kind == "turn":
            self.turn(self._speaker(actor, op.seat), op.value, now)
        else:
            raise ServerError(400, "unknown", "the server does not know this request")

    def undo(self, now: float) -> None:
        """Take back the storyteller's last answer: the game is played again from its log
        without it (and without what the engine then did of itself), so the decision is open
        again; what the seats were shown since is withdrawn from their screens. Only while
        nothing else has happened since: no seat, bot or clock has answered after it."""
        live = self.live
        game = live.game
        assert game is not None
        if game.storyteller != MANUAL:
            raise ServerError(409, "no-undo",
                              "The automatic storyteller's answers cannot be taken back.")
        cut = last_storyteller_answer(game.log)
        if cut is None:
            raise ServerError(
                409, "no-undo",
                "There is no answer of yours to take back: someone has played since, or you "
                "have not answered anything yet.")
        live.game = live._replay(game.log[:cut])
        live.game.storyteller = MANUAL
        self.cut = cut if self.cut is None else min(self.cut, cut)
        live.bots.restart()
        for connection in live.connections:
            connection.signature = None  # a fresh snapshot: the withdrawn events are gone
            connection.cursor = 0

    def _speaker(self, actor: Participant, seat: str | None) -> str:
        """The seat an actor speaks for: its own, or the moderator's taken-over seat."""
        live = self.live
        if actor.kind == PLAYER:
            if actor.name in live.controlled:
                raise ServerError(403, "controlled", "the moderator has taken over your seat")
            return actor.name
        if actor.kind == MODERATOR and seat:
            if seat not in live.controlled:
                raise ServerError(403, "forbidden", f"take over {seat}'s seat to speak for them")
            return seat
        raise ServerError(403, "forbidden", "only seated players take turns to talk")

    def turn(self, seat: str, action: str, now: float) -> None:
        """Skip or Over in the talk in turns (server/turns.py)."""
        talk = self.live.clock.day.turns()
        if talk is None:
            raise ServerError(409, "no-turns", "Nobody is taking turns to talk now.")
        try:
            talk.skip(seat, now) if action == "skip" else talk.over(seat, now)
        except NotYourTurn as error:
            raise ServerError(409, "not-your-turn", str(error)) from None
        self.live.clock.day.after_turn(now)

    def _own_open_decision(self, actor: Participant, decision_id: int) -> Decision:
        """A player's decision ids name only its own questions: an id that is another seat's
        open decision, a closed one or one that never existed all get the very same refusal
        (status, code, sentence, size), so that probing ids tells nobody who is being asked."""
        game = self.live.game
        assert game is not None
        decision = game.open.get(decision_id)
        if decision is None or decision.seat != actor.name:
            raise ServerError(409, "stale", "That question is no longer open.", "not-open")
        return decision

    def _limit_answers(self, actor: Participant) -> None:
        """Answers are rate-limited per participant, whether they come over HTTP or a
        WebSocket, before anything about the decision is looked at."""
        bucket = self.answer_buckets.get(actor.id)
        if bucket is None:
            bucket = self.answer_buckets[actor.id] = Bucket(ANSWER_RATE, ANSWER_BURST)
        if not bucket.take():
            raise ServerError(429, "rate-limited", "too many answers; wait a moment")

    def say(self, seat: str, channel: str, message: Any, limit: bool) -> None:
        game = self.live.game
        assert game is not None
        if channel not in game.channels_for(seat):
            # the same refusal the engine gives, whatever the reason the seat may not speak
            game.channel(channel)  # an unknown channel gets its own message
            raise IllegalAnswer(f"{seat} cannot speak on the {channel} channel now")
        live = self.live
        talk = live.clock.day.turns() if channel == TALK_CHANNEL else None
        person = talk is not None and live.bots.is_person(seat)
        if person:
            assert talk is not None
            try:
                talk.check_speaker(seat)
            except NotYourTurn as error:
                raise ServerError(409, "not-your-turn", str(error)) from None
        if limit:
            bucket = self.buckets.setdefault(seat, Bucket(rate=0.5, capacity=6))
            if not bucket.take():
                raise ServerError(429, "rate-limited", "too many messages; wait a moment")
        game.say(seat, channel, message)
        if person:
            assert talk is not None
            now = time.time()
            talk.spoke(seat, now)
            live.clock.day.after_turn(now)

    def answer(self, decision: Decision, value: Any, timeout: bool = False) -> None:
        """Give the engine an answer to an open decision; its clocks are done with."""
        live = self.live
        game = live.game
        assert game is not None
        game.answer(decision.id, value, seat=decision.seat, timeout=timeout)
        live.clock.deadlines.pop(decision.id, None)
        live.bots.bot_due.pop(decision.id, None)

    async def commit(self, now: float, sources: list[str]) -> None:
        """Settle the clocks, store the step's new log entries (each with its source) and
        the game's state, then tell the seats and set the next wake-up."""
        live = self.live
        game = live.game
        assert game is not None
        live.clock.settle(now)
        cut, self.cut = self.cut, None
        if cut is not None:
            live.persisted = min(live.persisted, cut)
        entries = game.log[live.persisted:]
        rows = [
            LogRow(live.persisted + i, entry,
                   sources[i] if i < len(sources) and not entry.get("auto") else
                   ("engine" if entry.get("auto") else "server"), now)
            for i, entry in enumerate(entries)
        ]
        people = live.dirty_participants
        live.dirty_participants = []
        await live.store.save(live.id, status=live.status, state=live.state, log=rows,
                              participants=[p.row(live.id) for p in people], keep_log=cut)
        live.persisted += len(rows)
        live.broadcast()
        live.clock.reschedule()
        if live.status == FINISHED:
            live.schedule_unload()
