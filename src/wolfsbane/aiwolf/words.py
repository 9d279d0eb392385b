"""The AIWolf names of LiCOS's cards and teams, and talk in the AIWolf protocol language.

AIWolf agents name each other `Agent[01]`, `Agent[02]`, ... and write their talk either in
natural language or in the AIWolf protocol language (`COMINGOUT Agent[01] SEER`, `DIVINED
Agent[03] WEREWOLF`, `VOTE Agent[02]`, ...). Our bots speak the structured talk of
`core.talk`; this module turns one into the other, both ways, so that our bots and AIWolf
agents understand each other's claims, results, suspicions and votes. Anything else passes
as free text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# LiCOS role id -> AIWolf role. The hunter guards (AIWolf's bodyguard), the madman is the
# possessed, the werehamster the fox, the masons the freemasons.
ROLE_TO_AIWOLF: dict[str, str] = {
    "villager": "VILLAGER",
    "seer": "SEER",
    "medium": "MEDIUM",
    "hunter": "BODYGUARD",
    "mason": "FREEMASON",
    "madman": "POSSESSED",
    "werewolf": "WEREWOLF",
    "werehamster": "FOX",
}
AIWOLF_TO_ROLE: dict[str, str] = {aiwolf: role for role, aiwolf in ROLE_TO_AIWOLF.items()}
# the six roles every AIWolf NLP agent knows (aiwolf-nlp-common's Role): always listed in a
# setting's role_num_map; FOX and FREEMASON only in the villages that deal them
STANDARD_ROLES = ("WEREWOLF", "POSSESSED", "SEER", "BODYGUARD", "VILLAGER", "MEDIUM")
# LiCOS team -> the side an AIWolf log names as the winner
TEAM_TO_AIWOLF: dict[str, str] = {"village": "VILLAGER", "werewolves": "WEREWOLF",
                                  "werehamster": "FOX", "none": "NONE"}

SKIP = "Skip"
OVER = "Over"


def agent_name(index: int) -> str:
    """The AIWolf name of the seat in slot `index` (0-based): Agent[01], Agent[02], ..."""
    return f"Agent[{index + 1:02d}]"


def species(role: str) -> str:
    """What a seer or a medium learns of a LiCOS card: only the werewolf is one."""
    return "WEREWOLF" if role == "werewolf" else "HUMAN"


def werewolf_word(werewolf: bool) -> str:
    return "WEREWOLF" if werewolf else "HUMAN"


def to_protocol(speaker: str, message: Any, claimed: Mapping[str, str] | None = None,
                whisper: bool = False) -> str:
    """A structured message (or text) as an AIWolf agent reads it. `claimed`: the role each
    speaker last claimed, so that a claimed medium's result is IDENTIFIED, a seer's DIVINED."""
    if isinstance(message, str):
        return message
    kind = message.get("type")
    player = message.get("player")
    if kind == "text":
        return str(message.get("text", ""))
    if kind == "claim":
        return f"COMINGOUT {speaker} {ROLE_TO_AIWOLF.get(message.get('role', ''), 'VILLAGER')}"
    if kind == "result" and player is not None:
        if "werewolf" in message:
            found = werewolf_word(bool(message["werewolf"]))
        else:
            found = species(str(message.get("role", "")))
        verb = "IDENTIFIED" if (claimed or {}).get(speaker) == "medium" else "DIVINED"
        return f"{verb} {player} {found}"
    if kind == "accuse" and player is not None:
        return f"ESTIMATE {player} WEREWOLF"
    if kind == "defend" and player is not None:
        return f"ESTIMATE {player} VILLAGER"
    if kind == "vote":
        if player is None:
            return "I will abstain."
        return f"ATTACK {player}" if whisper else f"VOTE {player}"
    return str(message)


_AGENT = r"(Agent\[\d{1,3}\])"
_SENTENCES = (
    (re.compile(rf"^COMINGOUT\s+{_AGENT}\s+([A-Z]+)$"), "claim"),
    (re.compile(rf"^(?:DIVINED|IDENTIFIED)\s+{_AGENT}\s+(HUMAN|WEREWOLF)$"), "result"),
    (re.compile(rf"^ESTIMATE\s+{_AGENT}\s+([A-Z]+)$"), "estimate"),
    (re.compile(rf"^VOTE\s+{_AGENT}$"), "vote"),
    (re.compile(rf"^ATTACK\s+{_AGENT}$"), "vote"),
)


def from_protocol(speaker: str, text: str, players: set[str]) -> dict[str, Any]:
    """What an AIWolf agent said, as structured talk when it is one sentence of the protocol
    language about a player at this table (a claim of one's own role, a result, a suspicion,
    a vote), else as free text."""
    words = " ".join(text.split())
    for pattern, kind in _SENTENCES:
        match = pattern.match(words)
        if match is None or match.group(1) not in players:
            continue
        player = match.group(1)
        if kind == "claim":
            role = AIWOLF_TO_ROLE.get(match.group(2))
            if role is not None and player == speaker:
                return {"type": "claim", "role": role}
            break
        if kind == "result":
            return {"type": "result", "player": player,
                    "werewolf": match.group(2) == "WEREWOLF"}
        if kind == "estimate":
            evil = match.group(2) in ("WEREWOLF", "POSSESSED")
            return {"type": "accuse" if evil else "defend", "player": player}
        return {"type": "vote", "player": player}
    return {"type": "text", "text": text}
