"""Reading scenario files, with errors that name the file, the line and the key."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

from ..core.events import STORYTELLER

TOP_KEYS = {"title", "edition", "options", "seed", "players", "setup", "script"}
STEP_KEYS = {
    "phase", "actions", "votes", "nominations", "exiles", "storyteller", "illegal",
    "illegal_after", "expect",
}
EXPECT_KEYS = {
    "alive", "dead", "died", "executed", "over", "winner", "winners", "roles", "teams",
    "status", "told", "announced", "not_told", "not_announced", "votes_seen",
}
# yes and no written as strings where a boolean is meant
WORDS = {"yes": True, "true": True, "no": False, "false": False}
PHASE = re.compile(r"^(?:(?:night|day|dusk) [1-9][0-9]*|know)$")
# The list-valued step keys of Blood on the Clocktower: each entry's own keys.
CALLS = {"nominations": ("by", "nominee"), "exiles": ("by", "traveller")}


class ScenarioFileError(Exception):
    """The file cannot be read or is not a valid scenario."""


# Builds the error for a message and the path of keys it is about (a line is found for it).
Fail = Callable[..., ScenarioFileError]


@dataclass
class Scenario:
    path: Path
    title: str
    edition: str
    players: list[tuple[str, str]]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    setup: dict[str, Any] = field(default_factory=dict)
    script: list[dict[str, Any]] = field(default_factory=list)


def yes_no_keys(value: Any) -> Any:
    """YAML reads yes/no as booleans, keys included; scenarios mean the words."""
    if isinstance(value, dict):
        return {_word(k): yes_no_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [yes_no_keys(v) for v in value]
    return value


def _word(key: Any) -> Any:
    if key is True:
        return "yes"
    if key is False:
        return "no"
    return key


def _line(node: yaml.Node | None, path: list[Any]) -> int | None:
    """The line of the YAML node at `path` (keys and list indexes), or of its nearest parent."""
    line = node.start_mark.line + 1 if node is not None else None
    for part in path:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node.value == str(part) or (
                    part in ("yes", "no") and key_node.value in ("yes", "no", "true", "false")
                ):
                    node = value_node
                    line = key_node.start_mark.line + 1
                    break
            else:
                return line
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                return line
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def _yaml_problem(error: yaml.YAMLError) -> str:
    """A YAML error in one line: what is wrong, without PyYAML's excerpt of the text."""
    problem = getattr(error, "problem", None)
    context = getattr(error, "context", None)
    if not problem:
        return " ".join(str(error).split())
    return f"{problem} ({context})" if context else str(problem)


def _duplicate_key(node: yaml.Node | None, path: tuple[Any, ...] = ()
                   ) -> tuple[yaml.Node, tuple[Any, ...]] | None:
    """The first key written twice in one mapping (YAML forbids it; PyYAML keeps the last),
    with the path of keys to it."""
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                if key_node.value in seen:
                    return key_node, (*path, key_node.value)
                seen.add(key_node.value)
            found = _duplicate_key(value_node, (*path, key_node.value))
            if found is not None:
                return found
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            found = _duplicate_key(item, (*path, index))
            if found is not None:
                return found
    return None


def load_scenario(path: Path) -> Scenario:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioFileError(f"{path}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ScenarioFileError(f"{path}: cannot read: the file is not UTF-8 text") from None
    try:
        raw = yaml.safe_load(text)
        root = yaml.compose(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise ScenarioFileError(
            f"{path}{where}: not valid YAML: {_yaml_problem(error)}") from None
    twice = _duplicate_key(root)
    if twice is not None:
        node, keys = twice
        raise ScenarioFileError(
            f"{path}:{node.start_mark.line + 1} (key {'.'.join(map(str, keys))}): "
            f"'{node.value}' is written twice in the same mapping")

    def fail(message: str, *where: Any) -> ScenarioFileError:
        line = _line(root, list(where))
        at = f":{line}" if line else ""
        key = f" (key {'.'.join(map(str, where))})" if where else ""
        return ScenarioFileError(f"{path}{at}{key}: {message}")

    if not isinstance(raw, dict):
        raise fail("a scenario is a mapping with title, edition, players and script")
    raw = yes_no_keys(raw)
    for key in raw:
        if key not in TOP_KEYS:
            raise fail(f"unknown key '{key}'", key)
    for key in ("title", "edition", "players", "script"):
        if key not in raw:
            raise fail(f"missing '{key}'")
    if not isinstance(raw["title"], str) or not raw["title"].strip():
        raise fail("the title is one line of text", "title")
    if not isinstance(raw["edition"], str):
        raise fail("the edition is an id such as millers-hollow", "edition")
    players = raw["players"]
    if not isinstance(players, list) or not players:
        raise fail("players is a list of `name: role-id` entries", "players")
    seating: list[tuple[str, str]] = []
    for index, entry in enumerate(players):
        if not isinstance(entry, dict) or len(entry) != 1:
            raise fail("each player is one `name: role-id` entry", "players", index)
        (name, role), = entry.items()
        if not isinstance(role, str) or not role:
            raise fail(f"{name} needs a role id (`{name}: role-id`)", "players", index)
        if any(str(name) == seated for seated, _ in seating):
            raise fail(f"two players are called {name}", "players", index)
        seating.append((str(name), role))
    for key in ("options", "setup"):
        if raw.get(key) is not None and not isinstance(raw[key], dict):
            raise fail(f"'{key}' is a mapping", key)
    seed = raw.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("the seed is an integer", "seed")
    script = raw["script"]
    if not isinstance(script, list):
        raise fail("the script is a list of steps", "script")
    names = {name for name, _ in seating}
    for index, step in enumerate(script):
        _check_step(step, index, names, fail)
    return Scenario(
        path=path,
        title=" ".join(raw["title"].split()),  # one line, however the YAML folded it
        edition=raw["edition"],
        players=seating,
        options=raw.get("options") or {},
        seed=seed,
        setup=raw.get("setup") or {},
        script=script,
    )


def _check_step(step: Any, index: int, names: set[str], fail: Fail) -> None:
    """Every key of a step (SCENARIOS.md), with the shape it must have."""
    here = ("script", index)
    if not isinstance(step, dict) or "phase" not in step:
        raise fail("each step is a mapping with a phase", *here)
    for key in step:
        if key not in STEP_KEYS:
            raise fail(f"unknown step key '{key}'", *here, key)
    phase = step["phase"]
    if isinstance(phase, str):  # `Night 1` and `night  1` are night 1
        phase = step["phase"] = " ".join(phase.lower().split())
    if not isinstance(phase, str) or not PHASE.match(phase):
        raise fail("a phase reads like 'night 1', 'day 2', 'dusk 1' or 'know'",
                   *here, "phase")
    for key in ("actions", "votes", "storyteller", "illegal", "illegal_after", "expect"):
        if key in step and step[key] is not None and not isinstance(step[key], dict):
            raise fail(f"'{key}' is a mapping", *here, key)

    def player(who: Any, *where: Any) -> None:
        if not isinstance(who, str) or who not in names:
            raise fail(f"{who} is not one of the players", *here, *where)

    for key in ("actions", "illegal", "illegal_after"):
        for who, answers in (step.get(key) or {}).items():
            # an answer the engine must refuse may be the storyteller's (Clocktower's `info`)
            if not (key != "actions" and who == STORYTELLER):
                player(who, key, who)
            if not isinstance(answers, dict):
                raise fail(f"{who}'s {key} are a mapping of decision to answer",
                           *here, key, who)
            for decision in answers:
                if not isinstance(decision, str):
                    raise fail(f"{decision} is not a decision name", *here, key, who)
    for who, target in (step.get("votes") or {}).items():
        player(who, "votes", who)
        _check_target(target, fail, *here, "votes", who)
        if "vote" in ((step.get("actions") or {}).get(who) or {}):
            raise fail(f"{who}'s vote is given twice, in votes and in actions",
                       *here, "votes", who)
    for key, (by, whom) in CALLS.items():
        if key not in step:
            continue
        calls = step[key]
        if not isinstance(calls, list):
            raise fail(f"'{key}' is a list of {{{by}, {whom}, votes}}", *here, key)
        for number, call in enumerate(calls):
            where = (key, number)
            if not isinstance(call, dict):
                raise fail(f"each of the {key} is a mapping {{{by}, {whom}, votes}}",
                           *here, *where)
            for part in call:
                if part not in (by, whom, "votes"):
                    raise fail(f"unknown key '{part}' in {key}", *here, *where, part)
            for part in (by, whom):
                if part not in call:
                    raise fail(f"each of the {key} names '{part}'", *here, *where)
                player(call[part], *where, part)
            hands = call.get("votes") or []
            if isinstance(hands, str):  # one hand raised, written without the brackets
                hands = call["votes"] = [hands]
            if not isinstance(hands, list):
                raise fail("votes is the list of players who raise a hand",
                           *here, *where, "votes")
            for hand in hands:
                player(hand, *where, "votes")
    expect = step.get("expect") or {}
    for key, value in expect.items():
        if key not in EXPECT_KEYS:
            raise fail(f"unknown expectation '{key}'", *here, "expect", key)
        if key == "over" and isinstance(value, str) and value.strip().lower() in WORDS:
            value = expect[key] = WORDS[value.strip().lower()]  # `over: "no"`, quoted
        _check_expectation(key, value, fail, *here, "expect", key)
        _check_expected_players(key, value, names, fail, *here, "expect", key)


def _check_target(target: Any, fail: Fail, *where: Any) -> None:
    """A ballot's target: a player, `null` (an abstention), a list of players, or yes/no (a
    raised hand, in Blood on the Clocktower)."""
    if target is None or isinstance(target, (str, bool)):
        return
    if isinstance(target, list) and all(isinstance(t, str) for t in target):
        return
    raise fail("a vote names a player, a list of players, yes or no, or null to abstain",
               *where)


def _check_expectation(key: str, value: Any, fail: Fail, *where: Any) -> None:
    def items(value: Any, what: str) -> None:
        entries = value if isinstance(value, list) else [value]
        if not entries or not all(isinstance(entry, dict) for entry in entries):
            raise fail(f"'{key}' is {what}", *where)

    if key in ("alive", "dead", "died", "winners"):
        if not (value is None or isinstance(value, str) or (
                isinstance(value, list) and all(isinstance(v, str) for v in value))):
            raise fail(f"'{key}' is a list of players", *where)
    elif key == "executed":
        if not (value is None or value is False or isinstance(value, str) or (
                isinstance(value, list) and all(isinstance(v, str) for v in value))):
            raise fail("'executed' is one player, or none", *where)
    elif key == "over":
        if not isinstance(value, bool):
            raise fail("'over' is true or false", *where)
    elif key == "winner":
        if value is not None and not isinstance(value, str):
            raise fail("'winner' is a team id, or none", *where)
    elif key in ("roles", "teams", "status"):
        if not isinstance(value, dict):
            raise fail(f"'{key}' is a mapping of player to value", *where)
    elif key in ("announced", "not_announced"):
        items(value, "a mapping of information keys, or a list of them")
    elif key in ("told", "not_told"):
        if not isinstance(value, dict):
            raise fail(f"'{key}' is a mapping of player to information", *where)
        for who, told in value.items():
            entries = told if isinstance(told, list) else [told]
            if not entries or not all(isinstance(entry, dict) for entry in entries):
                raise fail(f"what {who} is told is a mapping of information keys, or a list "
                           "of them", *where, who)
    elif key == "votes_seen":
        if not isinstance(value, dict):
            raise fail("'votes_seen' is a mapping of player to {voter: target}", *where)
        for who, ballots in value.items():
            if not isinstance(ballots, dict) or not ballots:
                raise fail(f"the ballots {who} saw are a mapping of voter to target",
                           *where, who)
            for voter, target in ballots.items():
                _check_target(target, fail, *where, who, voter)


def _check_expected_players(key: str, value: Any, names: set[str], fail: Fail,
                            *where: Any) -> None:
    """Every player an expectation names is seated (a scenario cannot add one)."""
    def seated(who: Any, *at: Any) -> None:
        if who not in names:
            raise fail(f"{who} is not one of the players", *where, *at)

    if key in ("alive", "dead", "died", "winners", "executed"):
        for who in [value] if isinstance(value, str) else value or []:
            if who != "none":
                seated(who)
    elif key in ("roles", "teams", "status", "told", "not_told", "votes_seen"):
        for who in value:
            seated(who, who)
        if key == "votes_seen":
            for who, ballots in value.items():
                for voter in ballots:
                    seated(voter, who, voter)


def scenario_files(paths: list[Path]) -> list[Path]:
    """Files as given, and every *.yaml below the folders given, in a stable order."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
            out.extend(sorted(p for p in path.rglob("*.yml") if p.is_file()))
        else:
            out.append(path)
    return out
