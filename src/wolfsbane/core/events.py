"""Events: what happened, in the past tense, and who may know it.

An event's audience is ``PUBLIC`` (everyone), or a frozenset of seat names. The storyteller
(and a moderator) sees every event. Nothing else decides who sees what: see ``core.view``.
"""

from __future__ import annotations

from typing import Any, Final

PUBLIC: Final[None] = None
STORYTELLER: Final = "storyteller"
STORYTELLER_ONLY: Final[frozenset[str]] = frozenset()


class Event:
    __slots__ = ("index", "kind", "data", "audience", "phase")

    def __init__(
        self,
        index: int,
        kind: str,
        data: dict[str, Any],
        audience: frozenset[str] | None,
        phase: str,
    ) -> None:
        self.index = index
        self.kind = kind
        self.data = data
        self.audience = audience
        self.phase = phase

    def visible_to(self, seat: str) -> bool:
        audience = self.audience
        return audience is None or seat == STORYTELLER or seat in audience

    @property
    def public(self) -> bool:
        return self.audience is None

    def as_dict(self, with_audience: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "kind": self.kind, "phase": self.phase}
        out.update(self.data)
        if with_audience:
            out["audience"] = "everyone" if self.audience is None else sorted(self.audience)
        return out

    def key(self) -> tuple[Any, ...]:
        """A comparable form, used to prove that a replay reproduces a game exactly."""
        audience = None if self.audience is None else tuple(sorted(self.audience))
        return (self.kind, repr(sorted(self.data.items())), audience, self.phase)

    def __repr__(self) -> str:
        return f"Event({self.kind}, {self.data}, to={self.audience})"
