"""Playing a scenario through the engine and comparing what followed with what it expects.

A step runs from the end of the previous step until the engine asks the first decision of the
next phase, or the game ends. Each decision asked meanwhile is answered from the step (a
player's `actions`, the `storyteller` pins), or takes its default; a player's decision with no
default that the step does not answer fails the scenario. An `illegal` answer is tried when its
decision is asked, before the real answer; one whose decision is never asked is tried while the
step's phase still runs (just before the answer that would end it), so that it can never become
a later phase's real answer. `illegal_after` is tried right after the step's own answer to that
decision, while the phase still runs where it can. Every refusal must leave the game exactly as
it was. A standing decision (one that stays open through a phase) counts as asked for the whole
step: nothing waits on it, and an answer the step gives for it is never "unasked".

The first step runs from the start of the game: its `storyteller` answers and the scenario's
`setup` answer the set-up's decisions alike, and what players learn before its phase is its.
A storyteller's `{player: answer}` (pinned, or `illegal`) answers the decision about that
player; a `setup` answer this game never asks for passes (SCENARIOS.md's example pins the
Thief's cards without a Thief), one the edition does not know fails.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import PICK, STORYTELLER, YES_NO, Decision, Game, IllegalAnswer, Outcome, SetupError
from ..core.decision import ARRANGE, CLOCK, PARTS
from ..core.game import MANUAL
from ..core.record import replay
from ..editions import EDITIONS, PLANNED, get_edition
from .loader import Scenario

PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"


@dataclass
class Result:
    status: str
    title: str
    path: str
    detail: str = ""

    def line(self) -> str:
        """One line, whatever the engine's messages hold."""
        detail = " ".join(self.detail.split())
        return f"{self.status} {self.title}" + (f": {detail}" if detail else "")

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status.lower(), "title": self.title, "path": self.path,
                "detail": self.detail}


class Mismatch(Exception):
    """The engine and the scenario disagree; the message is the first difference."""


def run_scenario(scenario: Scenario) -> Result:
    path = str(scenario.path)
    if scenario.edition not in EDITIONS:
        if scenario.edition in PLANNED:
            return Result(SKIP, scenario.title, path,
                          f"edition {scenario.edition} is not available yet")
        return Result(FAIL, scenario.title, path, f"unknown edition '{scenario.edition}'")
    try:
        _play(scenario)
    except Mismatch as difference:
        return Result(FAIL, scenario.title, path, str(difference))
    except SetupError as error:
        return Result(FAIL, scenario.title, path, f"cannot set up the game: {error}")
    except Exception as error:  # a crash is this scenario's failure, not the whole run's
        return Result(FAIL, scenario.title, path,
                      f"the game stopped with an unexpected error ({type(error).__name__}: "
                      f"{error})")
    return Result(PASS, scenario.title, path)


def _plain(value: Any) -> str:
    """An answer or an item of information as a scenario writes it: `[Ana, Ben]`,
    `{player: Ana, werewolf: yes}`, never a Python repr."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_plain(k)}: {_plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else value
        return "[" + ", ".join(_plain(v) for v in items) + "]"
    return str(value)


def _seat(seat: str) -> str:
    return "the storyteller" if seat == STORYTELLER else seat


# -- answers -----------------------------------------------------------------------------------

# Decisions that stay open through a phase (SCENARIOS.md): they count as asked for the whole
# step, and nobody waits on them.
STANDING = frozenset({"nominate", "body-found", "dead", "something-bad", "end-game"})


def _standing(decision: Decision) -> bool:
    """Open through the step, waited on by nobody: a decision the rules call standing (or
    one of the names SCENARIOS.md lists), or a clock, which runs out once the step's answers
    are given."""
    return decision.standing or decision.name in STANDING or decision.seat == CLOCK


# The step keys only Blood on the Clocktower plays.
CLOCKTOWER_ONLY = ("nominations", "exiles")
# The first of a day's two votes, where an edition votes twice (Wherewolf's First Vote and
# its runoff): the vote a step's `votes:` shorthand gives when no `vote` is asked.
FIRST_OF_TWO_VOTES = ("first-vote",)


def _pinned_for(decision: Decision, pinned: Any, seated: frozenset[str]) -> tuple[bool, Any]:
    """The storyteller's pinned answer for this decision, and whether there is one: a mapping
    pinned for a decision about one player is `{player: answer}`, unless the decision takes
    a mapping and none of its keys is a player (`info: {number: 0}` is the answer itself)."""
    if not isinstance(pinned, dict) or decision.about is None:
        return True, pinned
    if decision.about in pinned:
        return True, pinned[decision.about]
    if decision.kind in (ARRANGE, PARTS) and not any(key in seated for key in pinned):
        return True, pinned
    return False, None


def _answer_for(decision: Decision, value: Any) -> Any:
    """A scenario's answer in the engine's terms: `no` skips a pick (or is the choice `no`,
    where one is offered; `yes` likewise); yes/no stay booleans."""
    if decision.kind == YES_NO or not isinstance(value, bool):
        return value
    word = "yes" if value else "no"
    if word in decision.choices:
        return word
    return None if value is False else value


def _state(game: Game) -> tuple[Any, ...]:
    """Everything a refused answer must leave as it was."""
    return (
        len(game.events), len(game.log), tuple(sorted(game.open)), game.phase, game.over,
        tuple((p.alive, p.role, p.team, frozenset(p.markers), frozenset(p.used),
               tuple(sorted(p.bonds.items())), repr(p.state)) for p in game.players),
        repr(game.state),
    )


def _in_step(decision: Decision, phase: str) -> bool:
    """Whether an open decision is asked within the step of `phase` (a standing decision
    counts as asked for the whole step, whenever it was opened)."""
    return decision.phase in (phase, "setup") or (
        decision.seat != CLOCK and _standing(decision))


def _try_illegal(game: Game, decision: Decision | None, value: Any, phase: str) -> None:
    """Give an answer the engine must refuse, and check that the refusal changed nothing.
    Without a decision (it is not being asked in this step) the engine refuses it, as it
    must: nothing can answer a question that is not open."""
    if decision is None:
        return
    who, name = _seat(decision.seat), decision.name
    before = _state(game)
    try:
        game.answer(decision.id, _answer_for(decision, value), seat=decision.seat)
    except IllegalAnswer:
        if _state(game) != before:
            raise Mismatch(
                f"{phase}: rejecting {who}'s {name}: {_plain(value)} changed the game"
            ) from None
        return
    raise Mismatch(f"{phase}: the engine accepted {who}'s illegal {name}: {_plain(value)}")


def _attempts(step: dict[str, Any], key: str) -> dict[tuple[str, str], Any]:
    return {
        (who, name): value
        for who, answers in (step.get(key) or {}).items()
        for name, value in answers.items()
    }


Cloner = Callable[[Game], Game]


class _Step:
    def __init__(self, game: Game, step: dict[str, Any], clone: Cloner,
                 before: _Step | None = None) -> None:
        self.game = game
        self.clone = clone
        self.seated = frozenset(game.by_name)
        self.phase: str = step["phase"].strip()
        actions: dict[str, dict[str, Any]] = {
            who: dict(answers) for who, answers in (step.get("actions") or {}).items()
        }
        for voter, target in (step.get("votes") or {}).items():
            actions.setdefault(voter, {})["vote"] = target
        self.actions = actions
        # the order the step lists its answers in: standing decisions are answered in it
        self.order = [(who, name) for who, answers in actions.items() for name in answers]
        self.used: set[tuple[str, str]] = set()
        self.pins: dict[str, Any] = dict(step.get("storyteller") or {})
        self.pins_used: set[tuple[str, Any]] = set()
        self.consumed: dict[tuple[str, str | None], int] = {}
        self.from_setup: set[str] = set()  # pins the scenario's `setup` gives
        if before is not None:
            # the set-up and the first step share their storyteller answers: the first step
            # runs from the start of the game, and RULINGS pins a set-up decision "under
            # `storyteller:` or `setup:`"; what the set-up used is not "never asked"
            self.from_setup = set(before.pins) - set(self.pins)
            self.pins = {**before.pins, **self.pins}
            self.pins_used |= before.pins_used
            self.consumed.update(before.consumed)
        # Clocktower's calls, in order: (decision, caller, whom, hands raised)
        self.calls: list[tuple[str, str, str, frozenset[str]]] = [
            ("nominate", str(c["by"]), str(c["nominee"]), _names(c.get("votes")))
            for c in step.get("nominations") or []
        ] + [
            ("exile", str(c["by"]), str(c["traveller"]), _names(c.get("votes")))
            for c in step.get("exiles") or []
        ]
        self.next_call = 0
        self.current_call: tuple[str, str, str, frozenset[str]] | None = None
        self.hands_asked: set[str] = set()
        self.illegal = _attempts(step, "illegal")
        self.after = _attempts(step, "illegal_after")
        # attempts made: (seat, decision, the player a storyteller's answer was pinned for)
        self.tried: set[tuple[str, str, str | None]] = set()
        self.tried_after: set[tuple[str, str, str | None]] = set()

    # -- which decision to answer next ---------------------------------------------------------

    def next_decision(self) -> Decision | None:
        """The open decision to answer now: one the phase waits on (a seat with an answer still
        to try after it goes first, so that the attempt is made while the phase runs); then a
        standing decision the step answers, in the step's order; then an unpinned standing
        storyteller decision, which the automatic storyteller would answer. A standing
        player's decision the step does not answer is not waited on."""
        open_now = list(self.game.open.values())
        waited = [d for d in open_now if not _standing(d)]
        if waited:
            for decision in waited:
                if (decision.seat, decision.name) in self.after:
                    return decision
            return waited[0]
        if self.next_call < len(self.calls):
            self._close_call()
            name, caller, _, _ = self.calls[self.next_call]
            for decision in open_now:
                if decision.seat == caller and decision.name == name:
                    return decision
            raise Mismatch(f"{self.phase}: {caller} is not asked to {name} "
                           f"(call {self.next_call + 1} of the step)")
        for who, name in self.order:
            if (who, name) in self.used:
                continue
            for decision in open_now:
                if decision.seat == who and decision.name == name:
                    return decision
        for decision in open_now:
            if decision.seat == STORYTELLER:
                return decision
        # "In a timed phase, once the step's answers are given the phase's clock runs out"
        return next((d for d in open_now if d.seat == CLOCK), None)

    def ends_phase(self, decision: Decision, value: Any) -> bool:
        """Whether answering `decision` with `value` ends the step's phase (or the game):
        tried on a copy of the game, which is deterministic."""
        others = [d for d in self.game.open.values()
                  if not _standing(d) and d.id != decision.id]
        if others:
            return False  # the phase still waits on them: nothing moves yet
        twin = self.clone(self.game)
        try:
            twin.answer(decision.id, value, seat=decision.seat)
        except IllegalAnswer:
            return False
        if twin.over:
            return True
        waited = [d for d in twin.open.values() if not _standing(d) or d.seat == CLOCK]
        return not waited or waited[0].phase not in (self.phase, "setup")

    # -- answers -------------------------------------------------------------------------------

    def _close_call(self) -> None:
        """Every hand a finished call lists must have been asked."""
        if self.current_call is None:
            return
        missing = self.current_call[3] - self.hands_asked
        if missing:
            raise Mismatch(f"{self.phase}: {_show(missing)} raise a hand on "
                           f"{self.current_call[2]}, but the engine never asked them to vote")
        self.current_call = None
        self.hands_asked = set()

    def _in_order(self, decision: Decision, key: tuple[str, str | None], pinned: Any) -> Any:
        """A list pinned for a one-answer decision (`register: [evil, good]`) is its
        successive answers, consumed in order; once they run out, the suggestion."""
        if not isinstance(pinned, list) or decision.kind not in (PICK, YES_NO) or (
                decision.kind == PICK and decision.max != 1):
            return _answer_for(decision, pinned)
        index = self.consumed.get(key, 0)
        self.consumed[key] = index + 1
        if index < len(pinned):
            return _answer_for(decision, pinned[index])
        return decision.suggestion

    def storyteller_answer(self, decision: Decision) -> Any:
        if decision.name not in self.pins:
            return decision.suggestion
        pinned = self.pins[decision.name]
        found, value = _pinned_for(decision, pinned, self.seated)
        if not found:
            return decision.suggestion  # pinned for other players only
        key = (decision.name, decision.about if value is not pinned else None)
        self.pins_used.add(key)
        return self._in_order(decision, key, value)

    def unused_pins(self) -> list[tuple[str, str]]:
        """The storyteller answers the script gives that the engine never asked for (how to
        say it, and the decision's name)."""
        unused: list[tuple[str, str]] = []
        for name, pinned in self.pins.items():
            if (name, None) in self.pins_used or name in STANDING:
                continue
            if isinstance(pinned, dict):
                unused.extend((f"'{name}' about {about}", name) for about in pinned
                              if (name, about) not in self.pins_used)
            else:
                unused.append((f"'{name}'", name))
        return unused

    def player_answer(self, decision: Decision) -> Any:
        who, name = decision.seat, decision.name
        if self.next_call < len(self.calls):
            call = self.calls[self.next_call]
            if (name, who) == (call[0], call[1]):
                self.next_call += 1
                self.current_call = call
                self.hands_asked = set()
                return call[2]
        if name == "vote" and self.current_call is not None \
                and decision.about == self.current_call[2]:
            self.hands_asked.add(who)
            return who in self.current_call[3]
        answers = self.actions.get(who, {})
        if name in answers:
            self.used.add((who, name))
            return _answer_for(decision, answers[name])
        if name in FIRST_OF_TWO_VOTES and "vote" in answers:
            # `votes:` is the day's vote; where the day votes twice, its first vote
            self.used.add((who, "vote"))
            return _answer_for(decision, answers["vote"])
        if decision.optional:
            return decision.default
        raise Mismatch(
            f"{self.phase}: {who} is asked '{name}', which has no default, "
            "and the script does not answer it"
        )

    def _attempt(self, attempts: dict[tuple[str, str], Any],
                 tried: set[tuple[str, str, str | None]], decision: Decision) -> None:
        """Try the step's refused answer for this open decision, once (a storyteller's
        `{player: answer}` once for each player)."""
        if (decision.seat, decision.name) not in attempts:
            return
        pinned = attempts[decision.seat, decision.name]
        found, value = (_pinned_for(decision, pinned, self.seated)
                        if decision.seat == STORYTELLER else (True, pinned))
        key = (decision.seat, decision.name, decision.about if value is not pinned else None)
        if found and key not in tried:
            tried.add(key)
            _try_illegal(self.game, decision, value, self.phase)

    def _open_for(self, who: str, name: str) -> list[Decision]:
        return [d for d in self.game.open.values()
                if d.seat == who and d.name == name and _in_step(d, self.phase)]

    def _untried(self, attempts: dict[tuple[str, str], Any],
                 tried: set[tuple[str, str, str | None]]) -> None:
        """Every attempt not made yet: on the open decision it is for, if there is one."""
        for (who, name), value in attempts.items():
            if any(key[:2] == (who, name) for key in tried):
                # tried already, or a `{player: answer}` whose other players are still open
                for decision in self._open_for(who, name):
                    if isinstance(value, dict) and decision.about in value:
                        self._attempt(attempts, tried, decision)
                continue
            candidates = self._open_for(who, name)
            for decision in candidates:
                self._attempt(attempts, tried, decision)
            # never asked in this step: the engine refuses it, as it must
            tried.add((who, name, None))

    def try_when_asked(self, decision: Decision) -> None:
        """The step's refused answers for `decision`, and for every other open decision they
        are for: tried as soon as it is asked, before any answer of the step (a standing
        decision, such as a Traveller's exile call, may close before its turn comes)."""
        for who, name in self.illegal:
            for each in self._open_for(who, name):
                self._attempt(self.illegal, self.tried, each)
        self._attempt(self.illegal, self.tried, decision)

    def try_unasked(self) -> None:
        """The step's illegal answers whose decision was never asked: tried while the step's
        phase still runs, so that they cannot become a later phase's real answers."""
        self._untried(self.illegal, self.tried)

    def try_after(self, decision: Decision | None = None) -> None:
        """`illegal_after`: tried once the step's own answer to that decision is given (or
        at the end of the step, when the step gives none)."""
        if decision is None:
            self._untried(self.after, self.tried_after)
            return
        for each in self._open_for(decision.seat, decision.name) or [decision]:
            self._attempt(self.after, self.tried_after, each)

    def _pending(self) -> bool:
        """Whether an `illegal` answer of the step has not been tried yet."""
        return any(all(key[:2] != each for key in self.tried) for each in self.illegal)

    def run(self, finish: bool = True) -> None:
        """Answer the step's decisions; then (`finish`) check that every answer it gives was
        asked for."""
        game = self.game
        while not game.over and (decision := self.next_decision()) is not None:
            if not _in_step(decision, self.phase) or (
                    self.phase == "setup" and decision.phase != "setup"):
                break  # the set-up's answers end where the first phase begins
            if decision.seat == STORYTELLER and decision.phase == game.phase != self.phase:
                break  # a standing storyteller decision of the next phase is that step's
            self.try_when_asked(decision)
            if decision.id not in game.open:
                continue  # the illegal attempt was accepted; _try_illegal has failed by now
            if decision.seat == CLOCK:
                value = True
            elif decision.seat == STORYTELLER:
                value = self.storyteller_answer(decision)
            else:
                value = self.player_answer(decision)
            if self._pending() and self.ends_phase(decision, value):
                self.try_unasked()
            try:
                game.answer(decision.id, value, seat=decision.seat)
            except IllegalAnswer as error:
                raise Mismatch(f"{self.phase}: the engine rejected {_seat(decision.seat)}'s "
                               f"{decision.name}: {_plain(value)} ({error})") from None
            self.try_after(decision)
        if not finish:
            return
        self.try_unasked()
        self.try_after()
        if not game.over:
            self._close_call()
        if self.next_call < len(self.calls) and not game.over:
            name, caller, whom, _ = self.calls[self.next_call]
            raise Mismatch(f"{self.phase}: the script has {caller} {name} {whom}, but the "
                           "engine never asked it")
        for who, answers in self.actions.items():
            for name in answers:
                if (who, name) not in self.used and name not in STANDING:
                    raise Mismatch(
                        f"{self.phase}: the script answers {who}'s '{name}', "
                        "but the engine never asked it"
                    )
        known = self.game.edition.storyteller_decisions
        for said, name in self.unused_pins():
            if name not in self.from_setup:
                raise Mismatch(f"{self.phase}: the script answers the storyteller's {said}, "
                               "but the engine never asked it")
            # A set-up answer this game does not need passes, as in SCENARIOS.md's own
            # example (the Thief's center cards with no Thief dealt): not a misspelt one.
            if name not in known:
                raise Mismatch(f"setup: the set-up answers the storyteller's '{name}', which "
                               f"is not a decision of {self.game.edition.name}")


def _first_waited(game: Game) -> Decision | None:
    """The first open decision the game waits on (standing decisions do not hold it up)."""
    return next((d for d in game.open.values() if not _standing(d) or d.seat == CLOCK), None)


def _pass_unlisted_waits(game: Game, phase: str) -> None:
    """A phase the script does not list, which waits for nothing but its clock (the time the
    Know phase's calls take in the dark), passes as that clock runs out."""
    while not game.over and (waiting := _first_waited(game)) is not None \
            and waiting.seat == CLOCK and waiting.phase != phase \
            and not any(d.seat != CLOCK and not _standing(d) for d in game.open.values()):
        game.answer(waiting.id, True, seat=CLOCK)


def _clone(game: Game) -> Game:
    return replay(game.record(), get_edition)


def _play(scenario: Scenario) -> None:
    edition = get_edition(scenario.edition)
    names = [name for name, _ in scenario.players]
    game = Game(edition, names, roles=[role for _, role in scenario.players],
                options=scenario.options, seed=scenario.seed, storyteller=MANUAL)
    first = scenario.script[0] if scenario.script else {}
    # the set-up is the first step's beginning: its storyteller answers, and its refused
    # ones, are given to the set-up's decisions as they are asked
    setup_step = _Step(game, {"phase": "setup",
                              "storyteller": {**(first.get("storyteller") or {}),
                                              **scenario.setup},
                              "illegal": {who: answers for who, answers
                                          in (first.get("illegal") or {}).items()
                                          if who == STORYTELLER}}, _clone)
    setup_step.from_setup = set(scenario.setup)
    setup_step.run(finish=not scenario.script)
    listed = {raw["phase"].strip() for raw in scenario.script}
    played: set[str] = set()
    for index, raw in enumerate(scenario.script):
        for key in CLOCKTOWER_ONLY:
            if key in raw and scenario.edition != "clocktower":
                raise Mismatch(f"step {index + 1} has {key}, which only Blood on the "
                               f"Clocktower plays, not {scenario.edition}")
        # the first step runs from the start of the game (what players learn then is its)
        start = len(game.events) if index else 0
        step = _Step(game, raw, _clone, before=None if index else setup_step)
        if step.phase not in game.phases and not game.over:
            _pass_unlisted_waits(game, step.phase)
            current = game.phase
            waiting = _first_waited(game)
            if waiting is not None and waiting.phase != step.phase:
                raise Mismatch(
                    f"step {index + 1} is '{step.phase}', but the game is in '{current}' "
                    "(the script and the engine disagree on the order of phases)"
                )
        step.run()
        expect = raw.get("expect") or {}
        if expect:
            # A game that ended in a phase a later step covers (a dusk that asks nobody
            # anything ends it as the day's last answer is given) is over in that step, and
            # the news of its end (the `end` phase) is that step's.
            ended_in = _ended_in(game)
            later = {each["phase"].strip() for each in scenario.script[index + 1:]}
            outcome = None if ended_in in later else game.outcome
            # The step's phase, and what happened meanwhile in phases no step lists (the
            # set-up, a Know phase the script passes over); a second step for a phase a step
            # already covered goes on from where that one stopped: its window is what
            # happened since.
            again = step.phase in played
            window = [e for e in game.events
                      if (e.phase == step.phase and (e.index >= start or not again))
                      or (e.phase == "end" and outcome is not None
                          and (e.index >= start or ended_in == step.phase))
                      or (e.index >= start and e.phase not in listed and e.phase != "end")]
            _check(game, step.phase, expect, window, outcome)
        played.add(step.phase)


# -- expectations ------------------------------------------------------------------------------

def _norm(value: Any) -> Any:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, (list, tuple, set, frozenset)):
        return frozenset(_norm(v) for v in value)
    if isinstance(value, dict):
        return {str(_norm(k)): _norm(v) for k, v in value.items()}
    return value


def _names(value: Any) -> frozenset[str]:
    if value is None or value is False or value == "none":
        return frozenset()
    if isinstance(value, str):
        return frozenset((value,))
    return frozenset(str(v) for v in value)


def _same(actual: Any, wanted: Any) -> bool:
    """Names and lists are compared as sets, a single name as a set of one (`players: Ana`
    holds for `players: [Ana]`, `player: [Ana]` for `player: Ana`)."""
    actual, wanted = _norm(actual), _norm(wanted)
    if isinstance(actual, frozenset) and isinstance(wanted, str):
        wanted = frozenset((wanted,))
    elif isinstance(wanted, frozenset) and isinstance(actual, str):
        actual = frozenset((actual,))
    return bool(actual == wanted)


def _matches(info: dict[str, Any], wanted: dict[str, Any]) -> bool:
    return all(key in info and _same(info[key], value) for key, value in wanted.items())


def _items(items: list[dict[str, Any]]) -> str:
    return "; ".join(_plain(item) for item in items) if items else "nothing"


def _listify(value: Any) -> list[dict[str, Any]]:
    return value if isinstance(value, list) else [value]


def _show(names: frozenset[str] | set[str]) -> str:
    return "[" + ", ".join(sorted(names)) + "]"


def _ended_in(game: Game) -> str | None:
    """The phase the game ended in (its end has a phase of its own, `end`), or None while
    it goes on."""
    if not game.over:
        return None
    phase = None
    for event in game.events:
        if event.kind == "PhaseBegan":
            phase = event.phase
        elif event.kind == "GameWon":
            break
    return phase


def _check(game: Game, phase: str, expect: dict[str, Any], window: list[Any],
           outcome: Outcome | None) -> None:
    """Check a step's expectations; `outcome` is how the game stands at the step's end
    (None while it goes on)."""
    where = f"after {phase}"
    players = game.by_name

    def unknown(name: str) -> None:
        if name not in players:
            raise Mismatch(f"{where}: expects a player called {name}, who is not seated")

    if "alive" in expect:
        wanted = _names(expect["alive"])
        actual = {p.name for p in game.players if p.alive}
        if wanted != actual:
            raise Mismatch(f"{where}: alive should be {_show(wanted)}, is {_show(actual)}")
    if "dead" in expect:
        wanted = _names(expect["dead"])
        actual = {p.name for p in game.players if not p.alive}
        if wanted != actual:
            raise Mismatch(f"{where}: dead should be {_show(wanted)}, is {_show(actual)}")
    if "died" in expect:
        wanted = _names(expect["died"])
        actual = {e.data["player"] for e in window if e.kind == "PlayerDied"}
        if wanted != actual:
            raise Mismatch(f"{where}: died should be {_show(wanted)}, was {_show(actual)}")
    if "executed" in expect:
        wanted = _names(expect["executed"])
        actual = {e.data["player"] for e in window if e.kind == "PlayerExecuted"}
        if wanted != actual:
            said = _show(actual) if len(actual) > 1 else next(iter(actual), "none")
            should = _show(wanted) if len(wanted) > 1 else next(iter(wanted), "none")
            raise Mismatch(f"{where}: executed should be {should}, was {said}")
    if "over" in expect and bool(expect["over"]) != (outcome is not None):
        state = f"over ({outcome.reason})" if outcome else "not over"
        raise Mismatch(f"{where}: the game should {'' if expect['over'] else 'not '}be "
                       f"over, but it is {state}")
    if "winner" in expect:
        winner = str(expect["winner"] or "none")
        if outcome is None:
            raise Mismatch(f"{where}: {winner} should have won, but the game is not over")
        if winner != outcome.winner:
            raise Mismatch(f"{where}: the winner should be {winner}, "
                           f"is {outcome.winner} ({outcome.reason})")
    if "winners" in expect:
        if outcome is None:
            raise Mismatch(f"{where}: the game should be over with winners, but it is not")
        wanted = _names(expect["winners"])
        actual = set(outcome.winners)
        if wanted != actual:
            raise Mismatch(f"{where}: winners should be {_show(wanted)}, are {_show(actual)}")
    for key, attribute in (("roles", "role"), ("teams", "team")):
        for name, value in (expect.get(key) or {}).items():
            unknown(name)
            actual_value = getattr(players[name], attribute)
            if actual_value != value:
                raise Mismatch(f"{where}: {name}'s {attribute} should be {value}, "
                               f"is {actual_value}")
    for name, markers in (expect.get("status") or {}).items():
        unknown(name)
        wanted = _names(markers)
        missing = wanted - players[name].markers
        if missing:
            raise Mismatch(f"{where}: {name} should carry {_show(missing)}, carries "
                           f"{_show(players[name].markers)}")
    told = {}
    for name in set(expect.get("told") or {}) | set(expect.get("not_told") or {}):
        unknown(name)
        # what the player was told by a rule (not the deal: an author writing that Dee is
        # `not_told {role: hunter}` means nobody showed her that card, whatever hers is)
        told[name] = [
            e.data for e in window
            if e.kind == "InfoGiven" and e.audience is not None and name in e.audience
        ]
    for name, items in (expect.get("told") or {}).items():
        for wanted_item in _listify(items):
            if not any(_matches(info, wanted_item) for info in told[name]):
                raise Mismatch(f"{where}: {name} should have been told "
                               f"{_plain(wanted_item)}; was told {_items(told[name])}")
    for name, items in (expect.get("not_told") or {}).items():
        for unwanted in _listify(items):
            for info in told[name]:
                if _matches(info, unwanted):
                    raise Mismatch(f"{where}: {name} should not have been told "
                                   f"{_plain(unwanted)}, but was told {_plain(info)}")
    if "announced" in expect:
        public = [e.data for e in window if e.kind == "Announced"]
        for wanted_item in _listify(expect["announced"]):
            if not any(_matches(info, wanted_item) for info in public):
                raise Mismatch(f"{where}: {_plain(wanted_item)} should have been "
                               f"announced; announced: {_items(public)}")
    if "not_announced" in expect:
        public = [e.data for e in window if e.kind == "Announced"]
        for unwanted in _listify(expect["not_announced"]):
            for info in public:
                if _matches(info, unwanted):
                    raise Mismatch(f"{where}: {_plain(unwanted)} should not have been "
                                   f"announced, but {_plain(info)} was")
    for name, ballots in (expect.get("votes_seen") or {}).items():
        unknown(name)
        seen = _ballots_seen(window, name)
        for voter, target in ballots.items():
            if not any(v == voter and _same_ballot(targets, target) for v, targets in seen):
                shown = ", ".join(f"{v}: {_show(t) if t else 'abstained'}" for v, t in seen)
                raise Mismatch(f"{where}: {name} should have seen {voter}'s ballot for "
                               f"{target if target is not None else 'nobody'}; saw "
                               f"{shown or 'no ballot'}")


def _same_ballot(targets: frozenset[str], wanted: Any) -> bool:
    if isinstance(wanted, bool):  # a raised hand (yes) or not (no)
        return bool(targets) == wanted
    return targets == _names(wanted)


def _ballots_seen(window: list[Any], seat: str) -> list[tuple[str, frozenset[str]]]:
    """The ballots `seat` saw cast: every vote event its view shows (open voting, its own
    ballot), and every ballot it was told of (the Wherewolf spy)."""
    seen: list[tuple[str, frozenset[str]]] = []
    for event in window:
        if event.audience is not None and seat not in event.audience:
            continue
        data = event.data
        if event.kind == "VoteCast":
            targets = data.get("targets")
            if targets is None:
                targets = [] if data.get("target") is None else [data["target"]]
            seen.append((str(data["player"]), frozenset(targets)))
        elif event.kind == "InfoGiven" and data.get("about") == "ballot":
            seen.append((str(data["player"]), frozenset(data.get("players") or ())))
    return seen
