"""How well a bot plays: its skill level, chosen per seat.

- `strong`: the edition's bot with all its reasoning (claims weighed against counter-claims,
  vote histories, reasons given and read, a confirmed seer protected).
- `easy`: a friendlier opponent. It reasons the simpler way (the bots of earlier releases:
  it follows stated votes whatever their reason, and does not read vote histories) and now and
  then plays a careless answer: a random legal choice for one of its votes or night actions.

Every bot class takes `skill` as a keyword; its randomness still comes from its own `rng`,
so a game stays a pure function of its seed and its seats' levels.
"""

from __future__ import annotations

import random

from ..core import PICK, Decision
from ..core.errors import SetupError

EASY = "easy"
STRONG = "strong"
SKILLS = (EASY, STRONG)
DEFAULT_SKILL = STRONG  # what the simulator, the terminal and the lobby seat unless told
EASY_SLIP = 0.2  # how often an easy bot answers a pick carelessly
SKILL_LABELS = {EASY: "Easy: makes mistakes, fun to beat",
                STRONG: "Strong: reasons from the evidence"}


def check_skill(skill: str) -> str:
    """The skill level named, or a SetupError in words."""
    if skill not in SKILLS:
        raise SetupError(f"unknown bot skill '{skill}': choose {' or '.join(SKILLS)}")
    return skill


def slips(skill: str, decision: Decision, rng: random.Random) -> bool:
    """Whether a bot of `skill` answers this decision carelessly (only an easy bot, and only
    a choice among players or cards: a yes-or-no or an arrangement is answered with care)."""
    return skill == EASY and decision.kind == PICK and bool(decision.choices) and \
        rng.random() < EASY_SLIP


def seat_skills(text: str | None, players: int) -> tuple[str, ...]:
    """Per seat, the skill a command line asks for: one level for every seat ("easy"), or one
    per seat in seat order ("easy,strong,strong,..."). None or "": every seat the default."""
    if not text:
        return (DEFAULT_SKILL,) * players
    levels = tuple(check_skill(part.strip()) for part in text.split(","))
    if len(levels) == 1:
        return levels * players
    if len(levels) != players:
        raise SetupError(f"--skill names {len(levels)} levels for {players} seats: give one "
                         "for every seat, or one for all")
    return levels
