"""A seat at the table: who sits there, what card they hold, and what marks they carry."""

from __future__ import annotations

from typing import Any


class Player:
    __slots__ = ("name", "index", "role", "team", "alive", "markers", "used", "state")

    def __init__(self, name: str, index: int, role: str, team: str) -> None:
        self.name = name
        self.index = index
        self.role = role
        self.team = team
        self.alive = True
        self.markers: set[str] = set()
        self.used: set[str] = set()  # one-shot abilities already spent
        self.state: dict[str, Any] = {}  # edition-specific memory (the thief's old card...)

    def __repr__(self) -> str:
        status = "" if self.alive else " (dead)"
        return f"<{self.name}: {self.role}{status}>"
