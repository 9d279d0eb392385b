"""The lab's plain-text report: teams, seats, roles, survival, first deaths and the game's
length, each with its 95% interval."""

from __future__ import annotations

from collections.abc import Sequence

from ..editions import get_edition
from .run import SimulationResult
from .stats import NO_DEATH


def deck_text(deck: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for role_id in deck:
        counts[role_id] = counts.get(role_id, 0) + 1
    return ", ".join(f"{role_id} x{n}" if n > 1 else role_id for role_id, n in counts.items())


def deck_words(result: SimulationResult) -> str:
    """The deck as the report names it (Clocktower's drawn bags said so)."""
    edition = get_edition(result.edition)
    if "characters" in edition.storyteller_decisions and list(result.deck) == \
            edition.recommended_deck(result.players, result.options):
        # the storyteller fills the bag (Clocktower): each game draws its own from its seed
        return "a legal bag drawn by the automatic storyteller for each game"
    return deck_text(result.deck)


def _pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def _span(low: float, high: float) -> str:
    return f"{100 * low:5.1f}% - {100 * high:5.1f}%"


def changed_options(result: SimulationResult) -> dict[str, object]:
    specs = get_edition(result.edition).options
    return {key: value for key, value in result.options.items()
            if key not in specs or specs[key].default != value}


def format_report(result: SimulationResult) -> str:
    """A plain-text table of the result, for the command line."""
    lines = [f"{result.edition}: {result.players} players; deck: {deck_words(result)}"]
    changed = changed_options(result)
    if changed:
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in sorted(changed.items())))
    where = (f"{result.workers} worker{'s' if result.workers != 1 else ''}"
             if result.backend == "local" else f"{result.backend} ({result.workers} CPUs)")
    mean, low, high = result.length()
    lines.append(
        f"{result.games} games (seeds {result.seed}..{result.seed + max(0, result.games - 1)}) "
        f"in {result.seconds:.1f} s on {where}: {result.games_per_second:.0f} games/s; "
        f"average length {result.average_days:.2f} days"
    )
    width = max([len("team")] + [len(team) for team in result.wins])
    lines.append(f"{'team':<{width}}  {'wins':>7}  {'rate':>6}  95% interval (Wilson)")
    for team, count in sorted(result.wins.items(), key=lambda item: (-item[1], item[0])):
        low_t, high_t = result.interval(team)
        lines.append(f"{team:<{width}}  {count:>7}  {_pct(result.rate(team))}  "
                     f"{_span(low_t, high_t)}")
    if "none" in result.wins and result.wins["none"]:
        lines.append('("none": the game ended with nobody left to win, such as the last '
                     "werewolf and the last villager dying together)")
    lines.append("win rate by seat (a player of the team in seat 1, 2, ...):")
    for team in sorted(result.seat_games):
        rates = " ".join("  -  " if rate is None else f"{100 * rate:3.0f}%"
                         for rate in result.seat_rates(team))
        lines.append(f"  {team:<{width}}  mean {100 * result.team_seat_rate(team):3.0f}%: "
                     f"{rates}")
    uneven = {team: result.uneven_seats(team) for team in sorted(result.seat_games)}
    uneven = {team: seats for team, seats in uneven.items() if seats}
    lines.append("  seats whose 95% interval leaves out their team's mean: " + (
        "; ".join(f"{team} {', '.join(map(str, seats))}" for team, seats in uneven.items())
        if uneven else "none"))
    if result.role_players:
        role_width = max(len("role"), *(len(role) for role in result.role_players))
        lines.append("by role (the card held at the end): win rate and survival, 95% intervals")
        lines.append(f"  {'role':<{role_width}}  {'players':>8}  {'won':>6}  {'interval':<17}"
                     f"  {'alive':>6}  interval")
        for role in sorted(result.role_players, key=lambda r: (-result.role_players[r], r)):
            won, won_low, won_high = result.role_win(role)
            alive, alive_low, alive_high = result.role_survival(role)
            lines.append(f"  {role:<{role_width}}  {result.role_players[role]:>8}  {_pct(won)}"
                         f"  {_span(won_low, won_high)}  {_pct(alive)}  "
                         f"{_span(alive_low, alive_high)}")
    if result.games:
        firsts = sorted(((role, count) for role, count in result.first_deaths.items() if count),
                        key=lambda item: (-item[1], item[0]))
        lines.append("who dies first (share of games, 95% interval):")
        for role, _count in firsts:
            rate, low_f, high_f = result.first_death(role)
            label = "nobody died" if role == NO_DEATH else role
            lines.append(f"  {label:<{width + 8}}  {_pct(rate)}  {_span(low_f, high_f)}")
        lengths = ", ".join(f"{days}: {count}" for days, count in result.days_histogram.items())
        lines.append(f"length in days: mean {mean:.2f} (95% interval {low:.2f} - {high:.2f}); "
                     f"games by days: {lengths}")
    herding = result.herding
    if herding.executions:
        lines.append(
            f"executions of the first player named that day: "
            f"{100 * herding.share(herding.first_vote):.1f}% (first stated vote), "
            f"{100 * herding.share(herding.first_named):.1f}% (first vote or accusation), "
            f"of {herding.executions}")
    return "\n".join(lines)
