"""The day: the new ghosts take their tokens, a minute of talk (a clock), then "3, 2, 1" and
every living player points at once (`vote`, final once cast; not oneself, not a ghost; no
pointing in time is no vote). Most votes is executed; a tie executes no one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Death, check_end, kill, most_voted, tally
from .ghosts import become_ghost
from .state import state_of

if TYPE_CHECKING:
    from ...core import Decision, Game, Player
    from ...core.edition import Flow

DAY_CLOCK = "day"
# the count of three and the pointing: how long a phone keeps the vote open once it is called
VOTE_SECONDS = 10.0


def _ballot(game: Game, voter: Player) -> Decision:
    forbidden = {voter.name: "nobody may vote for themself"}
    forbidden.update({p.name: f"{p.name} is a ghost" for p in game.players if not p.alive})
    return game.ask(voter, "vote", game.alive_names(exclude=voter), optional=True,
                    default=None, lapse=None, seconds=VOTE_SECONDS, forbidden=forbidden,
                    prompt="3, 2, 1: point at the living player to execute.")


def day(game: Game, number: int) -> Flow:
    game.begin_phase(f"day {number}")
    table = state_of(game)
    # "If you are eliminated, you become a Ghost during the next Day phase."
    for name in table.new_ghosts:
        yield from become_ghost(game, game.by_name[name])
    table.new_ghosts = []
    yield game.clock(DAY_CLOCK, float(game.options["day-seconds"]))
    game.announce({"about": "vote-now"})
    voters = game.alive()
    picks = yield [_ballot(game, voter) for voter in voters]
    ballots = []
    for voter, pick in zip(voters, picks, strict=True):
        ballots.append((voter.name, pick, 1))
        # everyone sees where each living player points
        game.emit("VoteCast", {"player": voter.name, "target": pick})
    top = most_voted(tally(ballots))
    if not top:
        game.announce({"about": "execution", "player": None, "reason": "no votes"})
        return
    if len(top) > 1:
        game.announce({"about": "execution", "player": None, "reason": "tie"})
        return
    condemned = game.by_name[top[0]]
    game.emit("PlayerExecuted", {"player": condemned.name})
    yield from kill(game, [Death(condemned, "execution")])
    if game.options["app-checks-end"]:
        check_end(game)
    # "The player with the most votes is Executed and immediately becomes a Ghost."
    yield from become_ghost(game, condemned)
