"""Every character's rules, merged from the per-type modules (one line per module)."""

from __future__ import annotations

from . import demons, minions, outsiders, townsfolk
from .rules import Rules

RULES: dict[str, Rules] = {
    **townsfolk.RULES,
    **outsiders.RULES,
    **minions.RULES,
    **demons.RULES,
}
