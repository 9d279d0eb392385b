"""What a seat receives over the wire, as typed objects.

The server sends a VIEW (docs/protocol.md: `core.view.view` for the seat) and a CLOCK with
every snapshot and update. These dataclasses give its parts names and types; `raw` keeps the
dictionary they were read from, so that nothing the server adds later is lost to a client.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core import Decision, IllegalAnswer


@dataclass(frozen=True)
class PlayerInfo:
    """One seat at the table, as every player may see it."""

    name: str
    alive: bool
    role: str | None = None  # only once the rules have turned the card over
    markers: tuple[str, ...] = ()

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> PlayerInfo:
        return cls(name=str(data["name"]), alive=bool(data.get("alive", True)),
                   role=data.get("role"), markers=tuple(data.get("markers", ())))


@dataclass(frozen=True)
class You:
    """The seat's own card: its role id, team, the card's name and what it does."""

    name: str
    role: str
    alive: bool
    team: str | None = None
    card: str | None = None
    description: str = ""

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> You:
        return cls(name=str(data["name"]), role=str(data.get("role", "")),
                   alive=bool(data.get("alive", True)), team=data.get("team"),
                   card=data.get("card"), description=str(data.get("description", "")))


@dataclass(frozen=True)
class GameEvent:
    """Something the seat saw happen: `kind` (engine.md lists them), its `phase`, the seat's
    own `index` for it, and the kind's fields in `data` (`Said`: `player`, `channel`,
    `message`; `DeathCaused`: `player`, `cause`...)."""

    index: int
    kind: str
    phase: str
    data: Mapping[str, Any]

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> GameEvent:
        fields = {key: value for key, value in data.items()
                  if key not in ("index", "kind", "phase")}
        return cls(index=int(data["index"]), kind=str(data["kind"]),
                   phase=str(data.get("phase", "")), data=fields)

    def as_wire(self) -> dict[str, Any]:
        """The event as the server sent it (what `wolfsbane.messages.Words.event` reads)."""
        return {"index": self.index, "kind": self.kind, "phase": self.phase, **self.data}


@dataclass(frozen=True)
class DecisionRequest:
    """One question the game asks the seat, with its legal answers.

    `kind` is `pick` (one of `choices` when `max == 1`, else a list of `min` to `max` of
    them), `yes-no` (true or false), `number` (a whole number from `min` to `max`), `parts`
    (a mapping of each part's name to its own answer) or `arrange`. `optional` questions may
    be skipped with None (the `default` is then taken). `deadline` is the absolute Unix time
    the server answers for the seat (None: a standing question, which waits)."""

    id: int
    name: str
    kind: str
    choices: tuple[str, ...]
    min: int
    max: int
    optional: bool
    default: Any
    prompt: str
    phase: str
    about: str | None = None
    standing: bool = False
    deadline: float | None = None
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_wire(cls, data: Mapping[str, Any], deadline: float | None = None
                  ) -> DecisionRequest:
        return cls(id=int(data["id"]), name=str(data["name"]), kind=str(data["kind"]),
                   choices=tuple(data.get("choices", ())), min=int(data.get("min", 1)),
                   max=int(data.get("max", 1)), optional=bool(data.get("optional", False)),
                   default=data.get("default"), prompt=str(data.get("prompt", "")),
                   phase=str(data.get("phase", "")), about=data.get("about"),
                   standing=bool(data.get("standing", False)), deadline=deadline,
                   raw=dict(data))

    def as_decision(self) -> Decision:
        """The engine's `Decision` rebuilt from the wire, as the in-process agents get it."""
        return Decision.from_dict(dict(self.raw))

    def random_answer(self, rng: Any) -> Any:
        """A uniformly random legal answer (skipping counts as one when allowed)."""
        from ..agents.random_bot import random_answer

        return random_answer(self.as_decision(), rng)

    def check(self, answer: Any) -> str | None:
        """Why `answer` is not a legal answer (a sentence), or None when it is. It checks
        the form and the choices offered; the server may still refuse an answer for a
        reason only the game knows (a rule that forbids this target tonight)."""
        try:
            self.as_decision().validate(answer)
        except IllegalAnswer as error:
            return str(error)
        return None


@dataclass(frozen=True)
class VoteStatus:
    """How the day's vote stands (CLOCK.vote): when it opens and closes, who is asked and
    who has cast a ballot; `mine` maps this seat's decision ids to its ballot."""

    opens: float | None
    closes: float | None
    open: bool
    voters: tuple[str, ...]
    voted: tuple[str, ...]
    left: int
    mine: Mapping[str, Any]

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> VoteStatus:
        return cls(opens=data.get("opens"), closes=data.get("closes"),
                   open=bool(data.get("open", False)), voters=tuple(data.get("voters", ())),
                   voted=tuple(data.get("voted", ())), left=int(data.get("left", 0)),
                   mine=dict(data.get("mine", {})))


@dataclass(frozen=True)
class Outcome:
    """How the game ended: the winning team, every winner's name and why."""

    winner: str
    winners: tuple[str, ...]
    reason: str

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(winner=str(data.get("winner", "")), winners=tuple(data.get("winners", ())),
                   reason=str(data.get("reason", "")))


@dataclass(frozen=True)
class Observation:
    """Everything the seat knows after one message: the table, its card, the events new in
    this message, its open questions (with the ones it has not been shown before), where it
    may speak and how much, and the clocks."""

    edition: str
    seat: str
    phase: str
    you: You
    players: tuple[PlayerInfo, ...]
    events: tuple[GameEvent, ...]
    decisions: tuple[DecisionRequest, ...]
    new_decisions: tuple[DecisionRequest, ...]
    channels: tuple[str, ...]
    channel_limits: Mapping[str, Mapping[str, Any]]
    over: bool
    outcome: Outcome | None
    cursor: int
    now: float | None
    phase_deadline: float | None
    vote: VoteStatus | None
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def alive(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if p.alive)

    def said(self) -> list[tuple[str, str, Any]]:
        """The chat in this message's events: (speaker, channel, message)."""
        return [(str(e.data.get("player", "")), str(e.data.get("channel", "")),
                 e.data.get("message")) for e in self.events if e.kind == "Said"]


@dataclass(frozen=True)
class Reply:
    """The server's answer to one message the client sent (matched by `ref`): `ok` for an
    `ack`; otherwise the error's code, its sentence and, when the catalogue has words for it,
    its message key and parameters."""

    ref: int
    ok: bool
    error: str = ""
    detail: str = ""
    message: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Reply:
        if data.get("type") == "ack":
            return cls(ref=int(data.get("ref", 0)), ok=True)
        return cls(ref=int(data.get("ref") or 0), ok=False, error=str(data.get("error", "")),
                   detail=str(data.get("detail", "")), message=str(data.get("message", "")),
                   params=dict(data.get("params", {})))


class ServerRefused(RuntimeError):
    """The server refused an HTTP request: its status, error code and sentence."""

    def __init__(self, status: int, error: str, detail: str) -> None:
        super().__init__(f"{detail} ({status} {error})")
        self.status = status
        self.error = error
        self.detail = detail


class SeatClosed(RuntimeError):
    """The server closed the seat's connection for good (a token with no place in the game,
    a removed seat, no such game, or a newer connection with the same token)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"the server closed the connection ({code}): {reason}")
        self.code = code
        self.reason = reason
