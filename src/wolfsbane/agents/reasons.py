"""Reasons said aloud: an accusation, a defence or a stated vote with its why.

The vocabulary is `core.talk.REASONS`; the catalogue words each reason in `WORDINGS` ways,
and which one a bot uses depends on who says what about whom, so a table of bots does not
repeat itself word for word, while one bot saying the same thing again says it in the same
words (the driver then knows it for a repeat). Other agents read the reason (`WEIGHT`): a
vote backed by evidence pulls a village behind it, a hunch hardly at all.
"""

from __future__ import annotations

import zlib
from typing import Any, Final

from ..core.talk import WORDINGS

# How far a stated vote with this reason pulls an honest listener behind it (the rest: a
# reason given by nobody, or one it does not know)
WEIGHT: Final[dict[str | None, float]] = {
    "seer-result": 1.0, "my-result": 1.0, "false-claim": 0.9, "caught-lying": 0.9,
    "voted-seer": 0.8, "defended-wolf": 0.8, "voted-with-wolf": 0.6, "voted-innocent": 0.5,
    "accused-me": 0.3, "follow": 0.15, "quiet": 0.1, "hunch": 0.05,
}
NO_REASON_WEIGHT: Final = 0.25
EVIDENCE: Final = frozenset(reason for reason, weight in WEIGHT.items() if weight >= 0.5)
# the reasons whose words name the other player (`by`): without one, they cannot be said
NAMES_BY: Final = frozenset({"seer-result", "false-claim", "caught-lying", "voted-seer",
                      "defended-wolf", "voted-with-wolf", "voted-innocent", "follow"})


def reasoned(kind: str, player: str | None, reason: str | None, by: str | None,
             speaker: str) -> dict[str, Any]:
    """The message `kind` ("accuse", "defend", "vote") that `speaker` says about `player`,
    with its reason (when there is one) in one of the catalogue's wordings."""
    message: dict[str, Any] = {"type": kind, "player": player}
    if reason in NAMES_BY and by is None:
        reason = "quiet"  # a reason that needs a name it does not have is only a feeling
    if reason is not None and player is not None:
        message["reason"] = reason
        if by is not None:
            message["by"] = by
        phrase = f"{speaker}|{kind}|{player}|{reason}|{by}".encode()
        message["wording"] = zlib.crc32(phrase) % WORDINGS  # stable across processes
    return message


def weight_of(reason: Any) -> float:
    """How much a stated vote with `reason` is worth following."""
    if reason is None:
        return NO_REASON_WEIGHT
    return WEIGHT.get(reason, NO_REASON_WEIGHT)
