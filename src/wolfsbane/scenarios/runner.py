"""Playing a scenario through the engine and comparing what followed with what it expects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import STORYTELLER, YES_NO, Decision, Game, IllegalAnswer, SetupError
from ..core.game import MANUAL
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
        return f"{self.status} {self.title}" + (f": {self.detail}" if self.detail else "")

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
    return Result(PASS, scenario.title, path)


# -- answers -----------------------------------------------------------------------------------

def _answer_for(decision: Decision, value: Any) -> Any:
    """A scenario's answer in the engine's terms: `no` skips a pick; yes/no stay booleans."""
    if decision.kind == YES_NO:
        return value
    if value is False:
        return None
    return value


def _state(game: Game) -> tuple[Any, ...]:
    return (len(game.events), len(game.log), tuple(sorted(game.open)), game.phase,
            tuple((p.alive, p.role, p.team, frozenset(p.markers)) for p in game.players))


def _try_illegal(game: Game, who: str, name: str, value: Any, phase: str) -> None:
    before = _state(game)
    try:
        try:
            decision = game.find_open(who, name)
        except IllegalAnswer:
            return  # not being asked at all: the engine refuses it, as it must
        game.answer(decision.id, _answer_for(decision, value), seat=who)
    except IllegalAnswer:
        if _state(game) != before:
            raise Mismatch(
                f"{phase}: rejecting {who}'s {name}: {value!r} changed the game"
            ) from None
        return
    raise Mismatch(f"{phase}: the engine accepted {who}'s illegal {name}: {value!r}")


class _Step:
    def __init__(self, game: Game, step: dict[str, Any]) -> None:
        self.game = game
        self.phase: str = step["phase"].strip()
        actions: dict[str, dict[str, Any]] = {
            who: dict(answers) for who, answers in (step.get("actions") or {}).items()
        }
        for voter, target in (step.get("votes") or {}).items():
            actions.setdefault(voter, {})["vote"] = target
        self.actions = actions
        self.used: set[tuple[str, str]] = set()
        self.pins: dict[str, Any] = dict(step.get("storyteller") or {})
        self.pins_used: set[tuple[str, Any]] = set()
        self.illegal = {
            (who, name): value
            for who, answers in (step.get("illegal") or {}).items()
            for name, value in answers.items()
        }
        self.tried: set[tuple[str, str]] = set()

    def storyteller_answer(self, decision: Decision) -> Any:
        if decision.name in self.pins:
            pinned = self.pins[decision.name]
            if isinstance(pinned, dict) and decision.about is not None:
                if decision.about in pinned:
                    self.pins_used.add((decision.name, decision.about))
                    return _answer_for(decision, pinned[decision.about])
                return decision.suggestion
            self.pins_used.add((decision.name, None))
            return _answer_for(decision, pinned)
        return decision.suggestion

    def unused_pins(self) -> list[str]:
        """The storyteller answers the script gives that the engine never asked for."""
        unused = []
        for name, pinned in self.pins.items():
            if (name, None) in self.pins_used:
                continue
            if isinstance(pinned, dict):
                unused.extend(f"'{name}' about {about}" for about in pinned
                              if (name, about) not in self.pins_used)
            else:
                unused.append(f"'{name}'")
        return unused

    def player_answer(self, decision: Decision) -> Any:
        who, name = decision.seat, decision.name
        key = (who, name)
        if key in self.illegal and key not in self.tried:
            self.tried.add(key)
            _try_illegal(self.game, who, name, self.illegal[key], self.phase)
        answers = self.actions.get(who, {})
        if name in answers:
            self.used.add(key)
            return _answer_for(decision, answers[name])
        if decision.optional:
            return decision.default
        raise Mismatch(
            f"{self.phase}: {who} is asked '{name}', which has no default, "
            "and the script does not answer it"
        )

    def run(self) -> None:
        game = self.game
        while not game.over and (decision := game.next_open()) is not None:
            if decision.phase != self.phase and decision.phase != "setup":
                break
            if decision.seat == STORYTELLER:
                value = self.storyteller_answer(decision)
            else:
                value = self.player_answer(decision)
            try:
                game.answer(decision.id, value, seat=decision.seat)
            except IllegalAnswer as error:
                raise Mismatch(f"{self.phase}: the engine rejected {decision.seat}'s "
                               f"{decision.name}: {value!r} ({error})") from None
        for (who, name), value in self.illegal.items():
            if (who, name) not in self.tried:
                self.tried.add((who, name))
                _try_illegal(game, who, name, value, self.phase)
        for who, answers in self.actions.items():
            for name in answers:
                if (who, name) not in self.used:
                    raise Mismatch(
                        f"{self.phase}: the script answers {who}'s '{name}', "
                        "but the engine never asked it"
                    )
        unused = self.unused_pins()
        if unused:
            raise Mismatch(
                f"{self.phase}: the script answers the storyteller's {unused[0]}, "
                "but the engine never asked it"
            )


def _play(scenario: Scenario) -> None:
    edition = get_edition(scenario.edition)
    names = [name for name, _ in scenario.players]
    game = Game(edition, names, roles=[role for _, role in scenario.players],
                options=scenario.options, seed=scenario.seed, storyteller=MANUAL)
    setup_step = _Step(game, {"phase": "setup", "storyteller": scenario.setup})
    setup_step.run()
    first = True
    for index, raw in enumerate(scenario.script):
        step = _Step(game, raw)
        if step.phase not in game.phases and not game.over:
            current = game.phase
            waiting = game.next_open()
            if waiting is not None and waiting.phase != step.phase:
                raise Mismatch(
                    f"step {index + 1} is '{step.phase}', but the game is in '{current}' "
                    "(the script and the engine disagree on the order of phases)"
                )
        ended_before = game.over
        step.run()
        expect = raw.get("expect") or {}
        if expect:
            window = [
                e for e in game.events
                if e.phase == step.phase
                or (first and e.phase == "setup")
                or (e.phase == "end" and not ended_before)
            ]
            _check(game, step.phase, expect, window)
        first = False


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
    if value is None:
        return None
    return value if isinstance(value, str) else value


def _names(value: Any) -> frozenset[str]:
    if value is None or value == "none":
        return frozenset()
    if isinstance(value, str):
        return frozenset((value,))
    return frozenset(str(v) for v in value)


def _matches(info: dict[str, Any], wanted: dict[str, Any]) -> bool:
    for key, value in wanted.items():
        if key not in info:
            return False
        if _norm(info[key]) != _norm(value):
            return False
    return True


def _listify(value: Any) -> list[dict[str, Any]]:
    return value if isinstance(value, list) else [value]


def _show(names: frozenset[str] | set[str]) -> str:
    return "[" + ", ".join(sorted(names)) + "]"


def _check(game: Game, phase: str, expect: dict[str, Any], window: list[Any]) -> None:
    where = f"after {phase}"
    players = game.by_name

    def unknown(name: str) -> None:
        if name not in players:
            raise Mismatch(f"{where}: expects a player called {name!r}, who is not seated")

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
            said = _show(actual) if actual else "none"
            raise Mismatch(f"{where}: executed should be {expect['executed']}, was {said}")
    if "over" in expect and bool(expect["over"]) != game.over:
        state = f"over ({game.outcome.reason})" if game.outcome else "not over"
        raise Mismatch(f"{where}: the game should {'' if expect['over'] else 'not '}be "
                       f"over, but it is {state}")
    if "winner" in expect:
        if game.outcome is None:
            raise Mismatch(f"{where}: {expect['winner']} should have won, "
                           "but the game is not over")
        if str(expect["winner"]) != game.outcome.winner:
            raise Mismatch(f"{where}: the winner should be {expect['winner']}, "
                           f"is {game.outcome.winner} ({game.outcome.reason})")
    if "winners" in expect:
        if game.outcome is None:
            raise Mismatch(f"{where}: the game should be over with winners, but it is not")
        wanted = _names(expect["winners"])
        actual = set(game.outcome.winners)
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
        told[name] = [
            e.data for e in window
            if e.kind == "InfoGiven" and e.audience is not None and name in e.audience
        ]
    for name, items in (expect.get("told") or {}).items():
        for wanted_item in _listify(items):
            if not any(_matches(info, wanted_item) for info in told[name]):
                raise Mismatch(f"{where}: {name} should have been told {wanted_item}; "
                               f"was told {told[name] or 'nothing'}")
    for name, items in (expect.get("not_told") or {}).items():
        for unwanted in _listify(items):
            for info in told[name]:
                if _matches(info, unwanted):
                    raise Mismatch(f"{where}: {name} should not have been told {unwanted}, "
                                   f"but was told {info}")
    if "announced" in expect:
        public = [e.data for e in window if e.kind == "Announced"]
        for wanted_item in _listify(expect["announced"]):
            if not any(_matches(info, wanted_item) for info in public):
                raise Mismatch(f"{where}: {wanted_item} should have been announced; "
                               f"announced: {public or 'nothing'}")
