"""Every character's rules, merged from the per-type modules (one line per module)."""

from __future__ import annotations

from . import outsiders, townsfolk
from .rules import Rules

RULES: dict[str, Rules] = {
    **townsfolk.RULES,
    **outsiders.RULES,
}
