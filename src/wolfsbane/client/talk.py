"""The structured talk vocabulary (`core.talk`), as functions that build each message.

A message is free text (a string) or one of these mappings; the server checks it and stores
it as plain text and ids. Role ids are the edition's (`wolfsbane roles --edition E`), player
names those at the table.
"""

from __future__ import annotations

from typing import Any

TalkMessage = str | dict[str, Any]


def text(words: str) -> dict[str, Any]:
    """Anything, in the speaker's own words."""
    return {"type": "text", "text": words}


def claim(role: str, **told: Any) -> dict[str, Any]:
    """"I am the ROLE", optionally with what the ability told the speaker (Clocktower:
    `night`, `number`, `player`, `players`, `roles`, `yes`, `alignment`)."""
    return {"type": "claim", "role": role, **told}


def result(player: str, **found: Any) -> dict[str, Any]:
    """"My ability showed me that PLAYER is ...": one of `role=`, `team=`, `werewolf=`,
    `aura=`, `alignment=`, `mystic=`."""
    return {"type": "result", "player": player, **found}


def accuse(player: str) -> dict[str, Any]:
    return {"type": "accuse", "player": player}


def defend(player: str) -> dict[str, Any]:
    return {"type": "defend", "player": player}


def vote(player: str | None) -> dict[str, Any]:
    """"I will vote for PLAYER" (None: I will abstain)."""
    return {"type": "vote", "player": player}


__all__ = ["TalkMessage", "accuse", "claim", "defend", "result", "text", "vote"]
