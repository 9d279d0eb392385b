"""Every character's rules, merged from the per-type modules (one line per module)."""

from __future__ import annotations

from . import demons, fabled, minions, outsiders, townsfolk, travellers
from .rules import Rules

RULES: dict[str, Rules] = {
    **townsfolk.RULES,
    **outsiders.RULES,
    **minions.RULES,
    **demons.RULES,
    **travellers.RULES,
    **fabled.RULES,
}
