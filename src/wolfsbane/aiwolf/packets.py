"""The packets an AIWolf NLP agent receives, built from what its seat may see.

Every `info` is made from `core.view.view(game, seat)` and nothing else: the table's lives,
the seat's own card, and the events addressed to it (its seer's or medium's results, its
packmates, the pack's picks, the executions and deaths the village heard of). So a packet
never tells an agent more than the same seat's view tells a person. Only `FINISH` shows every
card, as AIWolf does once the game is over (the seat's view shows them then too).

The AIWolf day is the LiCOS day: day 1 is the first day (LiCOS has no night before it, and
votes on it), night N belongs to day N.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..core import Game
from ..core.view import view
from .words import ROLE_TO_AIWOLF, STANDARD_ROLES, species, werewolf_word


@dataclass(frozen=True)
class TalkRules:
    """One kind of talk (the village's by day, the pack's whisper at night), as AIWolf sets
    it: `per_day` rounds at most, `per_agent` utterances per agent per day, `per_talk`
    characters per utterance, `max_skip` Skips in a row before the agent is taken as Over."""

    per_agent: int = 5
    per_day: int = 20
    per_talk: int = 140
    max_skip: int = 3

    def setting(self) -> dict[str, Any]:
        return {
            "max_count": {"per_agent": self.per_agent, "per_day": self.per_day},
            "max_length": {"count_in_word": False, "count_spaces": True,
                           "per_talk": self.per_talk, "mention_length": None,
                           "per_agent": None, "base_length": None},
            "max_skip": self.max_skip,
        }


@dataclass(frozen=True)
class Rules:
    """What an AIWolf game master on wolfsbane runs by: talk and whisper, the timeouts (an
    action's answer, the NAME probe's) and the error ratio past which an agent's seat is
    played by our bot."""

    talk: TalkRules = field(default_factory=TalkRules)
    whisper: TalkRules = field(default_factory=lambda: TalkRules(per_agent=3, per_day=10))
    action_timeout: float = 60.0  # seconds an agent has for TALK, VOTE, DIVINE...
    response_timeout: float = 120.0  # seconds for NAME (the liveness probe) and at connect
    max_error_ratio: float = 0.2  # errors (timeouts, unusable answers) over requests
    error_grace: int = 5  # requests before the ratio counts (one early slip is no ratio)


@dataclass
class Utterance:
    """One entry of AIWolf's talk or whisper history."""

    idx: int
    day: int
    turn: int
    agent: str
    text: str
    skip: bool = False
    over: bool = False
    time: int = 0  # Unix milliseconds

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def day_of(phase: str) -> int:
    """The AIWolf day of a LiCOS phase ("day 3", "night 3" -> 3; before day 1: 0)."""
    word, _, number = phase.partition(" ")
    return int(number) if word in ("day", "night") and number.isdigit() else 0


def role_counts(game: Game) -> dict[str, int]:
    """`role_num_map`: the village's composition (announced to everyone in LiCOS) in AIWolf
    roles; the six standard roles always, FOX and FREEMASON when the village deals them."""
    counts = dict.fromkeys(STANDARD_ROLES, 0)
    for player in game.players:
        name = ROLE_TO_AIWOLF[player.role]
        counts[name] = counts.get(name, 0) + 1
    return counts


def setting(game: Game, rules: Rules) -> dict[str, Any]:
    """The `setting` of INITIALIZE. A LiCOS ballot is secret (vote_visibility false; the
    counts each player received are read out instead), a tie is drawn at random without a
    second vote (max_count 0), and a pack that names nobody attacks nobody."""
    return {
        "agent_count": len(game.players),
        "max_day": None,
        "role_num_map": role_counts(game),
        "vote_visibility": False,
        "talk": rules.talk.setting(),
        "whisper": rules.whisper.setting(),
        "vote": {"max_count": 0, "allow_self_vote": False},
        "attack_vote": {"max_count": 0, "allow_self_vote": False, "allow_no_target": True},
        "timeout": {"action": int(rules.action_timeout * 1000),
                    "response": int(rules.response_timeout * 1000)},
    }


def info(game: Game, seat: str, game_id: str, *, reveal: bool = False,
         remain: tuple[int, int | None, int] | None = None) -> dict[str, Any]:
    """The `info` of a packet for `seat`, from its view alone. `reveal` (FINISH): every
    card in `role_map`. `remain` (TALK, WHISPER): the utterances, characters and Skips the
    agent has left today."""
    seen = view(game, seat)
    me = seen["you"]
    role_map = {seat: ROLE_TO_AIWOLF[me["role"]]}
    divine: dict[str, Any] | None = None
    medium: dict[str, Any] | None = None
    executed: str | None = None
    attacked: str | None = None
    attack_votes: list[dict[str, Any]] = []
    today = day_of(seen["phase"])
    for event in seen["events"]:
        kind, data, day = event["kind"], event, day_of(event["phase"])  # data is flat
        lasting = kind == "InfoGiven" and "players" in data  # packmates, the other mason
        if not lasting and day < today - 1:
            continue  # news (a result, an execution, a death) is told until the next day
        if kind == "InfoGiven":
            if data.get("team") == "werewolves":
                role_map.update(dict.fromkeys(data.get("players", ()), "WEREWOLF"))
            elif data.get("role") == "mason":
                role_map.update(dict.fromkeys(data.get("players", ()), "FREEMASON"))
            elif "werewolf" in data and "player" in data:
                judge = {"day": day, "agent": seat, "target": data["player"],
                         "result": werewolf_word(bool(data["werewolf"]))}
                if data.get("about") == "medium":
                    medium = judge
                else:
                    divine = judge
        elif kind == "Announced" and data.get("about") == "execution" and not data.get("recap"):
            executed = data.get("player")
        elif kind == "Announced" and data.get("about") == "death" and \
                event["phase"].startswith("night"):
            attacked = data.get("player")
        elif kind == "ActionTaken" and data.get("decision") == "attack" and \
                data.get("answer") is not None and day == today:
            attack_votes.append({"day": day, "agent": data["player"], "target": data["answer"]})
    if reveal:
        role_map = {p.name: ROLE_TO_AIWOLF[p.role] for p in game.players}
    out: dict[str, Any] = {
        "game_id": game_id,
        "day": today,
        "agent": seat,
        "profile": None,
        "medium_result": medium,
        "divine_result": divine,
        "executed_agent": executed,
        "attacked_agent": attacked,
        "vote_list": None,  # the ballot is secret in LiCOS
        "attack_vote_list": attack_votes if me["role"] == "werewolf" else None,
        "status_map": {p["name"]: "ALIVE" if p["alive"] else "DEAD" for p in seen["players"]},
        "role_map": role_map,
    }
    if remain is not None:
        out["remain_count"], out["remain_length"], out["remain_skip"] = remain
    return out


def packet(request: str, *, info: dict[str, Any] | None = None,
           setting: dict[str, Any] | None = None,
           talk_history: list[Utterance] | None = None,
           whisper_history: list[Utterance] | None = None) -> dict[str, Any]:
    return {
        "request": request,
        "info": info,
        "setting": setting,
        "talk_history": None if talk_history is None else [t.as_dict() for t in talk_history],
        "whisper_history": (None if whisper_history is None
                            else [t.as_dict() for t in whisper_history]),
    }


__all__ = ["Rules", "TalkRules", "Utterance", "day_of", "info", "packet", "role_counts",
           "setting", "species"]
