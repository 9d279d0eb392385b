"""Counting: plurality with weights, and what a tie does."""

from __future__ import annotations

from collections.abc import Iterable


def tally(ballots: Iterable[tuple[str, str | None, int]]) -> dict[str, int]:
    """Sum (voter, target, weight) ballots; an abstention (target None) counts for no one."""
    counts: dict[str, int] = {}
    for _voter, target, weight in ballots:
        if target is not None and weight:
            counts[target] = counts.get(target, 0) + weight
    return counts


def most_voted(counts: dict[str, int]) -> list[str]:
    """Everyone tied for the most votes (empty when nobody received a vote)."""
    if not counts:
        return []
    top = max(counts.values())
    if top <= 0:
        return []
    return [name for name, count in counts.items() if count == top]
