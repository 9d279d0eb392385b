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


def ranked(counts: dict[str, int]) -> list[list[str]]:
    """The players who received votes, grouped by count from most to fewest (ties together)."""
    groups: dict[int, list[str]] = {}
    for name, count in counts.items():
        if count > 0:
            groups.setdefault(count, []).append(name)
    return [groups[count] for count in sorted(groups, reverse=True)]


def runoff(counts: dict[str, int], excluded: Iterable[str] = ()) -> list[str]:
    """Who goes to a runoff: everyone tied for the most votes when two or more tie; otherwise
    the most voted and everyone tied for second. Players in `excluded` cannot go; a player
    with no vote does not go (so the runoff may hold one player, or none)."""
    barred = set(excluded)
    groups = ranked({name: count for name, count in counts.items() if name not in barred})
    if not groups:
        return []
    if len(groups[0]) > 1 or len(groups) == 1:
        return list(groups[0])
    return groups[0] + groups[1]
