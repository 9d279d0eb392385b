"""Reading scenario files, with errors that name the file, the line and the key."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TOP_KEYS = {"title", "edition", "options", "seed", "players", "setup", "script"}
STEP_KEYS = {
    "phase", "actions", "votes", "nominations", "exiles", "storyteller", "illegal", "expect",
}
EXPECT_KEYS = {
    "alive", "dead", "died", "executed", "over", "winner", "winners", "roles", "teams",
    "status", "told", "announced", "not_told",
}


class ScenarioFileError(Exception):
    """The file cannot be read or is not a valid scenario."""


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


def load_scenario(path: Path) -> Scenario:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioFileError(f"{path}: cannot read: {error.strerror}") from None
    try:
        raw = yaml.safe_load(text)
        root = yaml.compose(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise ScenarioFileError(f"{path}{where}: not valid YAML: {error}") from None

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
    if not isinstance(raw["title"], str):
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
        seating.append((str(name), str(role)))
    for key in ("options", "setup"):
        if key in raw and not isinstance(raw[key], dict):
            raise fail(f"'{key}' is a mapping", key)
    seed = raw.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("the seed is an integer", "seed")
    script = raw["script"]
    if not isinstance(script, list):
        raise fail("the script is a list of steps", "script")
    names = {name for name, _ in seating}
    for index, step in enumerate(script):
        if not isinstance(step, dict) or "phase" not in step:
            raise fail("each step is a mapping with a phase", "script", index)
        for key in step:
            if key not in STEP_KEYS:
                raise fail(f"unknown step key '{key}'", "script", index, key)
        if not isinstance(step["phase"], str):
            raise fail("a phase reads like 'night 1' or 'day 2'", "script", index, "phase")
        for key in ("actions", "votes", "storyteller", "illegal", "expect"):
            if key in step and not isinstance(step[key], dict):
                raise fail(f"'{key}' is a mapping", "script", index, key)
        for key in ("actions", "illegal"):
            for who, answers in (step.get(key) or {}).items():
                if not isinstance(answers, dict):
                    raise fail(f"{who}'s {key} are a mapping of decision to answer",
                               "script", index, key, who)
                if who not in names:
                    raise fail(f"{who} is not one of the players", "script", index, key, who)
        for who in step.get("votes") or {}:
            if who not in names:
                raise fail(f"{who} is not one of the players", "script", index, "votes", who)
        for key in step.get("expect") or {}:
            if key not in EXPECT_KEYS:
                raise fail(f"unknown expectation '{key}'", "script", index, "expect", key)
    return Scenario(
        path=path,
        title=raw["title"],
        edition=raw["edition"],
        players=seating,
        options=raw.get("options") or {},
        seed=seed,
        setup=raw.get("setup") or {},
        script=script,
    )


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
