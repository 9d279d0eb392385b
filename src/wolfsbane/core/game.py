"""The game: a deterministic function of (edition, seats, options, seed) and the answers given.

The edition's flow is a generator that yields decisions and receives their answers. The game
pumps it: it numbers the decisions, answers the storyteller's ones itself when the storyteller is
automatic, and otherwise waits for `answer()`. Every answer and every message is appended to the
log, so `replay(record)` reproduces every event exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from .catalog import Channel, Role, resolve_options
from .chance import seeded
from .decision import (
    CLOCK,
    NUMBER,
    PARTS,
    PHASE,
    PICK,
    TIME,
    UNANSWERED,
    YES_NO,
    AnyOf,
    Decision,
)
from .edition import Edition, Flow
from .errors import IllegalAnswer, SetupError
from .events import PUBLIC, STORYTELLER, STORYTELLER_ONLY, Event
from .outcome import GameOver, Outcome
from .player import Player
from .reminders import Reminder
from .talk import check_message

AUTO: Final = "auto"
MANUAL: Final = "manual"
RECORD_FORMAT: Final = "wolfsbane-record/1"  # the `format` of a saved game (core/record.py)

# Each seat's audience of one, shared by all the events told to that seat alone, in every game:
# an event's audience is never changed, so one frozenset serves a name wherever it sits (a
# game's cards are dealt without making eight sets). Bounded: a server sees names without end,
# so past this many the memory starts afresh.
_AUDIENCES_OF_ONE: Final[dict[str, frozenset[str]]] = {}
_AUDIENCES_KEPT: Final = 4096


class Answered:
    """One answer in the log, until the log is read (`Game.log` writes it out as its entry)."""

    __slots__ = ("id", "seat", "decision", "answer", "auto", "timeout")

    def __init__(self, decision_id: int, seat: str, decision: str, answer: Any, auto: bool,
                 timeout: bool) -> None:
        self.id = decision_id
        self.seat = seat
        self.decision = decision
        self.answer = answer
        self.auto = auto  # the automatic storyteller's
        self.timeout = timeout  # given for a seat that did not answer in time

    def entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"id": self.id, "seat": self.seat, "decision": self.decision,
                                 "answer": self.answer}
        if self.auto:
            entry["auto"] = True
        if self.timeout:
            entry["timeout"] = True
        return entry


class Game:
    # Slots, because the pump reads the game's fields all the time and a plain instance
    # with this many fields keeps them in a dictionary of its own, slower to read.
    __slots__ = (
        "edition", "options", "catalog", "seed", "rng", "storyteller", "night_seconds",
        "given_roles", "deck", "players", "by_name", "phase", "phases", "events", "_log",
        "_unwritten",
        "open", "reminders", "revealed", "untold_deaths", "state", "outcome", "said", "seen",
        "_asked",
        "_id_stride", "_growing", "_seats_at_start", "_batch", "_single", "_any", "_waiting",
        "_listeners", "_flow",
    )

    def __init__(
        self,
        edition: Edition,
        seats: Sequence[str],
        roles: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        storyteller: str = AUTO,
        deck: Sequence[str] | None = None,
        # a number of seconds, or None; checked below, so that anything else is refused in
        # words (by the compiled build too, which would otherwise refuse it with a TypeError)
        night_seconds: Any = None,
    ) -> None:
        """Create a game. `roles` deals fixed cards in seat order; otherwise the storyteller
        deals `deck` (or the edition's recommended deck) at random as the first decision.

        `night_seconds` times the nights (a game played online): dawn then waits for the
        night's clock, which runs from the night's beginning for that long (or the length
        the edition's rules give a night), so that how long a night lasts never tells who
        woke in it. Without it (the simulator, the terminal, scenarios) a night ends as soon
        as its last turn is over."""
        if storyteller not in (AUTO, MANUAL):
            raise SetupError("storyteller must be 'auto' or 'manual'")
        names = [str(name) for name in seats]
        for name in names:
            if not name or name in (STORYTELLER, CLOCK) or len(name) > 40:
                raise SetupError(f"“{name}” cannot be a seat name.")
        self.edition = edition
        self.options = resolve_options(edition.options, options, edition.roles)
        # the cards this game may hold; every reader of a card goes through it
        self.catalog: dict[str, Role] = edition.catalog(self.options)
        self.seed = int(seed)
        self.rng = seeded(self.seed)  # random.Random(self.seed), made faster (core.chance)
        self.storyteller = storyteller
        if night_seconds is not None and (
                isinstance(night_seconds, bool) or not isinstance(night_seconds, (int, float))
                or not 0 < night_seconds < float("inf")):
            raise SetupError("A night lasts a positive number of seconds.")
        self.night_seconds = float(night_seconds) if night_seconds is not None else None
        self.given_roles = list(roles) if roles is not None else None
        if roles is not None:
            if len(roles) != len(names):
                raise SetupError(f"{len(names)} seats but {len(roles)} roles")
            edition.check_deck(len(names), list(roles), self.options)
            self.deck = list(roles)
        else:
            self.deck = (
                list(deck)
                if deck is not None
                else edition.recommended_deck(len(names), self.options)
            )
            edition.check_deck(len(names), self.deck, self.options)
        self.players = [Player(name, i, "", "", edition.new_seat_state())
                        for i, name in enumerate(names)]
        self.by_name = {p.name: p for p in self.players}
        if len(self.by_name) != len(names):  # (the table by name is the set of names)
            raise SetupError("every seat needs a different name")
        if roles is not None:
            for player, role_id in zip(self.players, roles):
                player.role = role_id
                player.team = self.team_of(role_id)
        self.phase = "setup"
        self.phases: list[str] = ["setup"]  # every phase begun, in order
        self.events: list[Event] = []
        # the log (`log`): the entries written out so far, and those still to write
        self._log: list[dict[str, Any]] = []
        self._unwritten: list[Answered | dict[str, Any]] = []
        self.open: dict[int, Decision] = {}
        self.reminders: list[Reminder] = []  # tokens beside the seats (core.reminders)
        self.revealed: dict[str, str] = {}  # roles made public (a card turned face up)
        # the dead the table has not been told of yet (Clocktower's night: told at dawn); every
        # seat but the storyteller still sees them alive
        self.untold_deaths: list[str] = []
        # the flow's memory between decisions (the werewolves are awake...), typed by the
        # edition (`Edition.new_state`)
        self.state: object = edition.new_state()
        self.outcome: Outcome | None = None
        self.said: dict[tuple[str, str, str], int] = {}  # (seat, channel, phase) -> messages
        self.seen: dict[str, list[int]] = {}  # per-seat numbering of events (core.view)
        self._asked: dict[str, int] = {}  # seat -> how many decisions it was asked
        self._id_stride = len(names) + 1
        self._growing = edition.seats_may_join
        self._seats_at_start = names
        self._batch: tuple[Decision, ...] = ()
        self._single = False
        self._any = False  # the flow waits on the first answer to the batch (any_of)
        self._waiting = 0
        self._listeners: list[Callable[[Event], None]] = []
        self._flow = edition.flow(self)
        self._advance(None)

    # -- reading the table ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def player(self, name: str) -> Player:
        try:
            return self.by_name[name]
        except KeyError:
            raise IllegalAnswer(f"There is no player called {name}.", "no-such-player",
                                name=str(name)) from None

    def alive(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def role(self, role_id: str) -> Role:
        """The card `role_id` of this game's catalog."""
        return self.edition.role(role_id, self.catalog)

    def team_of(self, role_id: str) -> str:
        card = self.catalog.get(role_id)  # every card dealt is in the catalog: at once
        return (card if card is not None else self.role(role_id)).team

    def alive_names(self, exclude: Player | str | None = None) -> list[str]:
        if exclude is None:
            return [p.name for p in self.players if p.alive]
        skip = exclude.name if isinstance(exclude, Player) else exclude
        return [p.name for p in self.players if p.alive and p.name != skip]

    def with_role(self, role_id: str, alive: bool = True) -> list[Player]:
        return [p for p in self.players if p.role == role_id and (p.alive or not alive)]

    def holder_of(self, marker: str) -> Player | None:
        for p in self.players:
            if marker in p.markers:
                return p
        return None

    # -- events ----------------------------------------------------------------------------

    def alone(self, seat: str) -> frozenset[str]:
        """The audience of one seat: `seat` alone."""
        audience = _AUDIENCES_OF_ONE.get(seat)
        if audience is None:
            if len(_AUDIENCES_OF_ONE) >= _AUDIENCES_KEPT:
                _AUDIENCES_OF_ONE.clear()
            audience = _AUDIENCES_OF_ONE[seat] = frozenset((seat,))
        return audience

    def emit(
        self,
        kind: str,
        data: dict[str, Any],
        audience: Iterable[str] | str | None = PUBLIC,
    ) -> Event:
        if audience is not None and type(audience) is not frozenset:
            audience = (self.alone(audience) if isinstance(audience, str)
                        else frozenset(audience))
        events = self.events
        event = Event(len(events), kind, data, audience, self.phase)
        events.append(event)
        if self._listeners:
            for listener in self._listeners:
                listener(event)
        return event

    def tell(self, player: Player | str, info: dict[str, Any]) -> Event:
        """Private information for one player (a scenario's `told`)."""
        name = player.name if isinstance(player, Player) else player
        return self.emit("InfoGiven", info, self.alone(name))

    def announce(self, info: dict[str, Any]) -> Event:
        """Public information for the whole table (a scenario's `announced`)."""
        if "role" in info and "player" in info:
            self.revealed[info["player"]] = info["role"]
        return self.emit("Announced", info, PUBLIC)

    def note(self, kind: str, data: dict[str, Any]) -> Event:
        """Something only the storyteller sees (why a player died, a hidden card...)."""
        return self.emit(kind, data, STORYTELLER_ONLY)

    def subscribe(self, listener: Callable[[Event], None]) -> None:
        self._listeners.append(listener)

    def begin_phase(self, phase: str) -> None:
        self.phase = phase
        self.phases.append(phase)
        self.emit("PhaseBegan", {"phase_name": phase})

    # -- asking ----------------------------------------------------------------------------

    def ask(
        self,
        seat: str | Player,
        name: str,
        choices: Sequence[str] = (),
        kind: str = PICK,
        min: int = 1,
        max: int = 1,
        optional: bool = False,
        default: Any = None,
        prompt: str = "",
        about: str | None = None,
        forbidden: dict[str, str] | None = None,
        required_reason: str = "",
        check: Callable[[Any], Any] | None = None,
        audience: frozenset[str] | None = None,
        standing: bool = False,
        seconds: float | None = None,
        since: str | None = None,
        lapse: Any = UNANSWERED,
        parts: dict[str, Decision] | None = None,
        truth: Any = None,
        reason: str = "",
    ) -> Decision:
        """A question for one seat (a Player or a seat name), with the options of `Decision`
        (the same parameters, by the same names).

        In pure Python this method is replaced by the `Decision` class itself (below the
        class), so that asking, which every flow does all the time, costs no extra call.
        Compiled, a flow's call of this method is a native call whose arguments are bound
        when it is compiled, where a call of the class through an attribute would match up to
        twenty keywords by name at every question: a sixth of a compiled basic game."""
        return Decision(seat, name, choices, kind, min, max, optional, default, prompt, about,
                        forbidden, required_reason, check, audience, standing, seconds, since,
                        lapse, parts, truth, reason)

    def ask_yes_no(self, player: Player | str, name: str, **kwargs: Any) -> Decision:
        kwargs.setdefault("optional", True)
        kwargs.setdefault("default", False)
        return self.ask(player, name, kind=YES_NO, **kwargs)

    def ask_storyteller(
        self,
        name: str,
        choices: Sequence[str] = (),
        kind: str = PICK,
        min: int = 1,
        max: int = 1,
        optional: bool = False,
        default: Any = None,
        prompt: str = "",
        about: str | None = None,
        forbidden: dict[str, str] | None = None,
        required_reason: str = "",
        check: Callable[[Any], Any] | None = None,
        audience: frozenset[str] | None = None,
        standing: bool = False,
        seconds: float | None = None,
        since: str | None = None,
        lapse: Any = UNANSWERED,
        parts: dict[str, Decision] | None = None,
        truth: Any = None,
        reason: str = "",
        *,
        suggest: Callable[[random.Random], Any] | None = None,
    ) -> Decision:
        """A decision left to chance or to the moderator. Its suggestion is drawn now, from the
        game's seeded RNG, whether or not a human storyteller will overrule it.

        The options of `Decision`, by the same names (spelled out, as `ask`'s are, so that a
        compiled flow's call binds them natively instead of matching keywords by name)."""
        decision = Decision(STORYTELLER, name, choices, kind, min, max, optional, default,
                            prompt, about, forbidden, required_reason, check, audience,
                            standing, seconds, since, lapse, parts, truth, reason)
        if suggest is not None:
            decision.suggestion = suggest(self.rng)
        else:
            decision.suggestion = self._draw(decision)
        return decision

    def any_of(self, decisions: Iterable[Decision]) -> AnyOf:
        """Wait for the first answer to any of `decisions`: `decision, answer = yield
        game.any_of([...])`. Offer the unanswered ones again to keep them open (same ids);
        those not offered again are withdrawn, and their seats are told."""
        return AnyOf(list(decisions))

    def clock(self, name: str, seconds: float, since: str | None = None) -> Decision:
        """A period of `seconds` (the morning, the night): the clock seat's decision, answered
        when the time is up. Yield it alone to wait for the time, or in `any_of` beside the
        questions it cuts short. `since=PHASE`: the period began with the phase (the night's
        clock, asked once the night's turns are over), not when the clock is asked."""
        if since not in (None, PHASE):
            raise ValueError(f"a clock runs from when it is asked or from its phase, not {since}")
        return Decision(CLOCK, name, kind=TIME, seconds=float(seconds), optional=True,
                        default=True, since=since)

    def _draw(self, decision: Decision) -> Any:
        """A suggestion drawn at random for a storyteller's decision: a legal answer."""
        kind = decision.kind
        if kind == YES_NO:
            return self.rng.random() < 0.5
        if kind == PICK and decision.choices:
            if decision.max == 1:
                return self.rng.choice(decision.choices)
            return self.rng.sample(decision.choices, decision.min)
        if kind == NUMBER:
            return self.rng.randint(decision.min, decision.max)
        if kind == PARTS and decision.parts:
            return {name: self._draw(part) for name, part in decision.parts.items()}
        return None

    # -- the pump --------------------------------------------------------------------------

    def _advance(self, value: Any) -> None:
        flow = self._flow
        auto = self.storyteller == AUTO
        while True:
            try:
                request = flow.send(value)
            except StopIteration:
                if self.outcome is None:
                    self._end(Outcome("none", (), "the game stopped"))
                return
            except GameOver as over:
                self._end(over.outcome)
                return
            if self.open:
                self._withdraw_unoffered(request)
            if type(request) is AnyOf:
                first = self._open_any(request.decisions, auto)
                if first is None:
                    return
                value = first
                continue
            single = type(request) is Decision
            if single and not request.id and not (auto and request.seat == STORYTELLER):
                # The common case: one question for one seat.
                decision_id = request.id = self._number(request.seat)
                request.phase = self.phase
                self.open[decision_id] = request
                self._batch = (request,)
                self._single = True
                self._waiting = 1
                return
            batch: tuple[Decision, ...] = (request,) if single else tuple(request)
            waiting = 0
            open_ = self.open
            phase = self.phase
            asked = self._asked
            stride = self._id_stride
            by_name = self.by_name
            growing = self._growing
            for decision in batch:
                seat = decision.seat
                if decision.id or seat in (STORYTELLER, CLOCK) or growing:
                    if not self._open(decision, auto):
                        waiting += 1
                    continue
                # a seat's fresh question, numbered here rather than through `_open` and
                # `_number`: every question of every batch comes this way
                count = asked.get(seat, 0) + 1
                asked[seat] = count
                decision_id = decision.id = count * stride + by_name[seat].index + 1
                decision.phase = phase
                open_[decision_id] = decision
                waiting += 1
            if waiting == 0:
                value = request.answer if single else [d.answer for d in batch]
                continue
            self._batch = batch
            self._single = single
            self._any = False
            self._waiting = waiting
            return

    def _open(self, decision: Decision, auto: bool) -> bool:
        """Number and open one decision of a batch; an automatic storyteller answers its own
        at once (True). A decision offered again while still open keeps its id."""
        if decision.id and self.open.get(decision.id) is decision:
            return False
        decision.id = self._number(decision.seat)
        decision.phase = self.phase
        if auto and decision.seat == STORYTELLER:
            answer = decision.validate(decision.suggestion)
            decision.answer = answer
            self._record(decision, answer, auto=True)
            return True
        self.open[decision.id] = decision
        return False

    def _open_any(self, decisions: tuple[Decision, ...],
                  auto: bool) -> tuple[Decision, Any] | None:
        """Open an any_of batch; an automatic storyteller's decision in it is the first
        answer at once, (decision, answer). None: the game waits for a seat or a clock."""
        for decision in decisions:
            if self._open(decision, auto):
                return decision, decision.answer
        self._batch = decisions
        self._single = False
        self._any = True
        self._waiting = 1
        return None

    def _withdraw_unoffered(self, request: Any) -> None:
        """Close the decisions left open by an any_of that the flow does not offer again, and
        tell each seat, so that its buttons go. Derived from the answers: replay repeats it."""
        if type(request) is AnyOf:
            offered = request.decisions
        elif type(request) is Decision:
            offered = (request,)
        else:
            offered = tuple(request)
        kept = {d.id for d in offered if d.id and self.open.get(d.id) is d}
        for decision_id in [i for i in self.open if i not in kept]:
            decision = self.open.pop(decision_id)
            seat = decision.seat
            audience = STORYTELLER_ONLY if seat in (STORYTELLER, CLOCK) else self.alone(seat)
            self.emit("DecisionWithdrawn", {"player": seat, "decision": decision.name,
                                            "id": decision_id}, audience)

    def _number(self, seat: str) -> int:
        """A decision's id. Ids count each seat's own questions, so that the ids a seat sees
        say nothing about how many questions went to others (which would hint at the roles
        in play): the n-th question to the seat in slot s is n * (seats + 1) + s, or, where
        seats may join (`Edition.seats_may_join`), the Cantor pairing of (s, n), which no new
        seat can make collide. (Editions without joining seats keep the stride, so that
        records saved before pairing existed replay as they were.)"""
        if seat == CLOCK:
            seat = STORYTELLER  # the table's own slot: a seat's ids still count only its own
        count = self._asked.get(seat, 0) + 1
        self._asked[seat] = count
        slot = 0 if seat == STORYTELLER else self.by_name[seat].index + 1
        if self._growing:
            # Seats may join: the stride would change under them, so pair (slot, count)
            # instead (Cantor's pairing: one id per pair, whatever the number of seats).
            diagonal = slot + count
            return diagonal * (diagonal + 1) // 2 + slot
        return count * self._id_stride + slot

    def next_open(self) -> Decision | None:
        """The open decision asked first (decisions are answered in any order; this is the
        one a driver that answers one at a time should take)."""
        return next(iter(self.open.values()), None)

    def _record(self, decision: Decision, answer: Any, auto: bool = False,
                timeout: bool = False) -> None:
        self._unwritten.append(Answered(decision.id, decision.seat, decision.name, answer, auto,
                                        timeout))
        if decision.seat != STORYTELLER and decision.audience is not None:
            self.emit(
                "ActionTaken",
                {"player": decision.seat, "decision": decision.name, "answer": answer},
                decision.audience,
            )

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.open.clear()
        self._batch = ()
        self.phase = "end"
        self.emit(
            "GameWon",
            {"winner": outcome.winner, "winners": list(outcome.winners), "reason": outcome.reason},
        )

    def close(self) -> None:
        """Put away a game that will not go on: its questions are withdrawn (an answer is
        refused as no longer open) and its flow stops, which frees the game at once. An
        unfinished game and its flow refer to each other, a cycle only Python's cyclic
        collector would free otherwise (a game played to its end frees itself). Logs
        nothing: a replay of its record stops where it stopped.

        The flow is let go rather than closed: nothing else holds it, so it goes at once. (A
        compiled flow so goes without a GeneratorExit thrown through each of its frames, a
        tenth of setting a compiled game up; an interpreted one Python closes as it goes.
        No flow keeps anything to undo in a `finally`.)"""
        self._flow = _put_away()
        self.open.clear()
        self._batch = ()
        self._listeners.clear()

    # -- answering -------------------------------------------------------------------------

    def decisions_for(self, seat: str) -> list[Decision]:
        return [d for d in self.open.values() if d.seat == seat]

    def find_open(self, seat: str, name: str) -> Decision:
        for decision in self.open.values():
            if decision.seat == seat and decision.name == name:
                return decision
        if self.over:
            raise IllegalAnswer("The game is over.", "game-over")
        # what the seat is asked, in its own words (a decision's name is an engine key)
        waiting = " / ".join(sorted({d.prompt or d.name.replace("-", " ")
                                     for d in self.open.values() if d.seat == seat}))
        hint = f" ({seat} is asked: {waiting})" if waiting else f" ({seat} is asked nothing now)"
        raise IllegalAnswer(f"{seat} is not being asked that now{hint}.", "not-asked",
                            seat=seat, decision=name)

    def answer(self, decision_id: int, value: Any, seat: str | None = None,
               timeout: bool = False) -> None:
        """Answer an open decision. An illegal answer raises IllegalAnswer and changes nothing.
        `timeout`: the seat did not answer in time and whoever keeps the clock answered for
        it; the log says so (a timeout is not a chosen abstention)."""
        decision = self.open.get(decision_id)
        if decision is None:
            if self.over:
                raise IllegalAnswer("The game is over.", "game-over")
            raise IllegalAnswer("That question is no longer open.", "not-open")
        if seat is not None and seat != decision.seat:
            raise IllegalAnswer("That question is not yours to answer.", "not-yours")
        if timeout and decision.lapse is not UNANSWERED and value == decision.lapse:
            answer = decision.lapse  # what the rules say running out means
        else:
            answer = decision.validate(value)
        decision.answer = answer
        del self.open[decision_id]
        self._record(decision, answer, False, timeout)
        if self._any:
            self._any = False
            self._batch = ()
            self._advance((decision, answer))
            return
        waiting = self._waiting - 1
        self._waiting = waiting
        if waiting == 0:
            batch = self._batch
            self._batch = ()
            # a single question's answer is this one; a batch's come back in its order
            self._advance(answer if self._single else [d.answer for d in batch])

    def answer_for(self, seat: str, name: str, value: Any) -> None:
        self.answer(self.find_open(seat, name).id, value, seat)

    # -- seats joining -------------------------------------------------------------------------

    def add_seat(self, name: Any, role: Any) -> Player:
        """A seat joins the game now with the card `role` (a Clocktower Traveller). Logged like
        `say`, so that a replay adds it at the same point; the table is told, and the new
        player is told the card they are shown. (`name` and `role` are whatever a client
        sent: checked here, so that anything but a seat's name and a card is refused in words,
        by the compiled build too.)"""
        if self.over:
            raise IllegalAnswer("The game is over.", "game-over")
        if not self.edition.seats_may_join:
            raise IllegalAnswer(f"No seat may join a game of {self.edition.name} once it "
                                "has begun.", "no-joining")
        if (not isinstance(name, str) or not name or name in (STORYTELLER, CLOCK) or len(name) > 40
                or not name.isprintable()):
            raise IllegalAnswer("A seat's name is 1 to 40 printable characters.", "seat-name")
        if name in self.by_name:
            raise IllegalAnswer(f"There is already a seat called {name}.", "seat-taken",
                                name=name)
        if not isinstance(role, str) or role not in self.catalog:
            shown = role if isinstance(role, str) and role.isprintable() else "That"
            raise IllegalAnswer(f"{shown} is not a card of this edition.", "no-such-role",
                                name=shown)
        edition = self.edition
        if role not in edition.joining_roles(self):
            raise IllegalAnswer(f"Nobody may join this game as the {self.role(role).name} now.",
                                "cannot-join", name=self.role(role).name)
        player = Player(name, len(self.players), role, self.team_of(role),
                        edition.new_seat_state())
        self.players.append(player)
        self.by_name[name] = player
        self._unwritten.append({"add_seat": name, "role": role})
        self.emit("SeatAdded", {"player": name})
        shown = edition.role_shown_to_self(player)
        self.emit("RoleDealt", {"player": name, "role": shown}, self.alone(name))
        if shown != role:
            self.note("CardShown", {"player": name, "role": role, "shown": shown})
        return player

    # -- talk --------------------------------------------------------------------------------

    def channel(self, name: str) -> Channel:
        for channel in self.edition.channels:
            if channel.name == name:
                return channel
        known = ", ".join(c.name for c in self.edition.channels) or "none"
        raise IllegalAnswer(f"There is no channel called {name} in this game; it has: "
                            f"{known}.", "no-such-channel", name=str(name))

    def channels_for(self, seat: str) -> list[str]:
        """The channels `seat` may speak on right now."""
        if self.over:
            return []
        return [
            c.name
            for c in self.edition.channels
            if c.is_open(self) and seat in set(c.members(self))
        ]

    def say(self, seat: str, channel_name: str, message: Any) -> Event:
        """Post a message (structured talk or free text) on a channel the seat may use now."""
        if self.over:
            raise IllegalAnswer("The game is over.", "game-over")
        channel = self.channel(channel_name)
        members = frozenset(channel.members(self))
        if seat not in members:
            raise IllegalAnswer(f"{seat} cannot speak on the {channel_name} channel.",
                                "not-a-member", channel=channel_name)
        if not channel.is_open(self):
            raise IllegalAnswer(f"The {channel_name} channel is closed right now.",
                                "channel-closed", channel=channel_name)
        max_messages, max_length = channel.limits_in(self)
        clean = check_message(self, message, max_length)
        key = (seat, channel_name, self.phase)
        count = self.said.get(key, 0)
        if max_messages is not None and count >= max_messages:
            raise IllegalAnswer(
                f"{seat} has used all {max_messages} messages on the {channel_name} channel "
                "for this phase.", "too-many-messages", number=max_messages,
                channel=channel_name)
        self.said[key] = count + 1
        self._unwritten.append({"say": seat, "channel": channel_name, "message": clean})
        context = self._vote_context(clean, channel_name)
        event = self.emit("Said", {"player": seat, "channel": channel_name, "message": clean,
                                   **context}, members)
        overhearing = frozenset(channel.eavesdroppers(self)) - members
        if overhearing:
            self.emit("Overheard", {"channel": channel_name, "message": clean, **context},
                      overhearing)
        return event

    def _vote_context(self, message: dict[str, Any], channel_name: str) -> dict[str, Any]:
        """A vote announced in talk comes with the vote it is about (`during`: the sheriff
        election or the hanging), so that readers can tell them apart. Only votes the whole
        table knows are open (the edition's table decisions; the pack's attack on its own
        channel) are named, never a card's secret question."""
        if message.get("type") != "vote":
            return {}
        table = self.edition.table_decisions
        pack = channel_name == "werewolves"
        during = next((d.name for d in self.open.values()
                       if d.name in table or (pack and d.name == "attack")), None)
        return {} if during is None else {"during": during}

    # -- the record ------------------------------------------------------------------------

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every answer, message, seat joined and seat handed to a bot, in order: what a record
        keeps and a replay gives again. Answers are kept compact as they come and written out
        as the log's entries when it is first read after them (most games played, the
        simulator's, are never read)."""
        log = self._log
        unwritten = self._unwritten
        if unwritten:
            log.extend([entry.entry() if isinstance(entry, Answered) else entry
                        for entry in unwritten])
            unwritten.clear()
        return log

    def hand_to_bot(self, seat: str, reason: str) -> Event:
        """From now on a bot plays `seat` (its player was removed, or its answers kept
        failing): logged, so that a replay tells it too, and told to everyone."""
        self.player(seat)  # a seat of this game, or IllegalAnswer
        self._unwritten.append({"bot": seat, "reason": reason})
        return self.emit("PlayedByBot", {"player": seat, "reason": reason})

    def record(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "edition": self.edition.id,
            "seats": list(self._seats_at_start),  # seats that joined later are in the log
            "options": self.options,
            "seed": self.seed,
            "log": list(self.log),
        }
        if self.given_roles is not None:
            out["roles"] = list(self.given_roles)
        else:
            out["deck"] = list(self.deck)
        if self.night_seconds is not None:
            out["night_seconds"] = self.night_seconds
        return out

    def __repr__(self) -> str:
        return f"<Game {self.edition.id} {self.phase} {len(self.players)} players>"



def _put_away() -> Flow:
    """The flow of a game put away (`Game.close`): it asks nothing more."""
    return
    yield


def check_end(game: Game) -> None:
    """End the game now if the edition's win conditions are met."""
    outcome = game.edition.check_win(game)
    if outcome is not None:
        raise GameOver(outcome)


if __file__.endswith(".py"):  # pure Python (compiled, this module is an extension)
    # `game.ask` is the Decision constructor itself: no call in between (see `Game.ask`)
    Game.ask = staticmethod(Decision)  # type: ignore[method-assign,assignment]
