"""The day's two votes: the secret First Vote that picks the runoff, then the Second Vote.

First Vote: every living player accuses one other player (the mayor's vote counts twice, the
merchant may accuse as many players as they like, once each); votes against Bocca di Rosa are
halved, rounded down; the pettifogger's protégé has their votes cancelled and cannot go to the
runoff; a watching spy is told every ballot. The runoff: everyone tied for the most votes, or
the most voted and everyone tied for second. Second Vote: everyone outside the runoff votes for
one runoff player; the most voted burns, a tie burns nobody, and the orator's pardon saves the
top player (when two tie for the top and one is pardoned, the other burns).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import YES_NO, Death, kill
from ...core.votes import runoff
from .rules import variant
from .state import state_of

if TYPE_CHECKING:
    from ...core import Decision, Game, Player

Flow = Generator[Any, Any, Any]


def weight(game: Game, voter: Player) -> int:
    if voter.role == "mayor":
        if variant(game, "mayor", "my-word-is-law"):
            return 1
        if variant(game, "mayor", "large-village") and len(game.alive()) > 10:
            return 3
        return 2
    return 1


def timed(game: Game) -> bool:
    """Whether the day has a clock (`day-seconds`): then a player who does not vote in time
    simply has no vote. Around a table the moderator waits for everyone: "Each of you must
    cast one, and only one, accusing vote"."""
    return bool(int(game.options["day-seconds"]))


def _ballot_ask(game: Game, voter: Player, name: str, choices: list[str], prompt: str) -> Decision:
    optional = timed(game)
    # whoever keeps the time answers a ballot not cast in time as the Timed Game rule does:
    # "a player who does not vote in time simply has no vote"
    reason = ("every living player must vote in the First Vote" if name == "first-vote" else
              "every player outside the runoff must vote in the Second Vote")
    if voter.role == "merchant":
        most = len(choices)
        if variant(game, "merchant", "five-votes"):
            most = min(5, most)
        return game.ask(voter, name, choices, optional=optional, min=1, max=max(1, most),
                        forbidden={voter.name: "nobody may vote for themself"},
                        required_reason=reason, lapse=None,
                        prompt=prompt + " As the merchant you may name several players.")
    return game.ask(voter, name, choices, optional=optional, required_reason=reason,
                    lapse=None, forbidden={voter.name: "nobody may vote for themself"},
                    prompt=prompt)


def _targets(answer: Any) -> list[str]:
    if answer is None:
        return []
    if isinstance(answer, str):
        return [answer]
    return list(answer)


def _received(game: Game, raw: dict[str, int]) -> dict[str, int]:
    """What each player's votes count for once the cards that change them are applied."""
    out: dict[str, int] = {}
    for name, count in raw.items():
        player = game.by_name[name]
        if player.role == "bocca-di-rosa" and not (
            variant(game, "bocca-di-rosa", "safe-haven")
            or variant(game, "bocca-di-rosa", "scapegoat")
        ):
            count //= 2
        if player.role == "merchant" and variant(game, "merchant", "power-of-money"):
            count = max(0, count - 1)
        out[name] = count
    return out


def _cast(game: Game, voter: Player, targets: list[str], which: str, weight_: int) -> None:
    audience = None if game.options["open-voting"] else voter.name
    game.emit("VoteCast", {"player": voter.name, "targets": targets,
                           "target": targets[0] if len(targets) == 1 else None,
                           "vote": which, "weight": weight_}, audience)


def first_vote(game: Game) -> Flow:
    """Returns (runoff players, players sent straight to the stake)."""
    voters = game.alive()
    living = game.alive_names()
    asks: list[Decision] = []
    for voter in voters:
        choices = [n for n in living if n != voter.name]
        asks.append(_ballot_ask(game, voter, "first-vote", choices,
                                "First Vote: accuse one player (secret ballot)."))
    extra: list[Decision] = []
    for voter in voters:
        others = [n for n in living if n != voter.name]
        forbid = {voter.name: "not on yourself"}
        if voter.role == "pettifogger" and others:
            extra.append(game.ask(voter, "defend", others, optional=True, forbidden=forbid,
                                  prompt="Defend a player: their votes do not count today."))
        if voter.role == "spy":
            extra.append(game.ask(voter, "watch", kind=YES_NO, optional=True, default=False,
                                  prompt="Keep your eyes open during the First Vote?"))
        if (voter.role == "mayor" and variant(game, "mayor", "my-word-is-law")
                and not voter.has_used("decree") and others):
            extra.append(game.ask(voter, "decree", others, optional=True, forbidden=forbid,
                                  prompt="Once per game: send a player straight to the stake."))
    answers = yield asks + extra
    ballots = answers[: len(asks)]
    defended: list[str] = []
    decreed: list[str] = []
    watchers: list[Player] = []
    for ask, answer in zip(extra, answers[len(asks):], strict=True):
        if ask.name == "defend" and answer is not None:
            defended.append(answer)
        elif ask.name == "watch" and answer:
            watchers.append(game.by_name[ask.seat])
        elif ask.name == "decree" and answer is not None:
            game.by_name[ask.seat].use("decree")
            decreed.append(answer)
    raw: dict[str, int] = {}
    for voter, answer in zip(voters, ballots, strict=True):
        targets = _targets(answer)
        w = weight(game, voter)
        _cast(game, voter, targets, "first", w)
        for target in targets:
            raw[target] = raw.get(target, 0) + w
        for spy in watchers:
            if spy is not voter:
                game.tell(spy, {"about": "ballot", "player": voter.name, "players": targets,
                                "number": w})
    for spy in watchers:
        for ask, answer in zip(extra, answers[len(asks):], strict=True):
            if ask.name in ("defend", "decree") and answer is not None:
                game.tell(spy, {"about": ask.name, "player": ask.seat, "players": [answer]})
    counts = _received(game, raw)
    accusing = variant(game, "pettifogger", "accusing-pettifogger")
    guards = any(p.role in ("guard", "other-guard") for p in game.alive())
    for spy in watchers:
        if variant(game, "spy", "ongoing-investigations") and guards and spy.name in counts:
            counts[spy.name] *= 2
    if not accusing:
        for name in defended:
            counts[name] = 0
    state_of(game).first_vote = dict(counts)
    chosen = runoff(counts, excluded=() if accusing else defended)
    for name in (defended if accusing else []) + decreed:
        if name not in chosen:
            chosen.append(name)
    order = {p.name: p.index for p in game.players}
    chosen.sort(key=order.__getitem__)
    game.announce({"about": "runoff", "players": list(chosen)})
    return chosen, decreed


def second_vote(game: Game, accused: list[str]) -> Flow:
    """Returns the player who burns, or None, and why nobody does."""
    voters = [p for p in game.alive() if p.name not in accused]
    asks: list[Decision] = [
        _ballot_ask(game, voter, "second-vote", list(accused),
                    "Second Vote: which accused player goes to the stake?")
        for voter in voters
    ]
    for orator in game.alive():
        if orator.role != "orator":
            continue
        choices = [n for n in accused if n != orator.name]
        if not choices:
            continue
        great = variant(game, "orator", "great-orator")
        asks.append(game.ask(orator, "pardon", choices, optional=True, min=1,
                             max=len(choices) if great else 1,
                             forbidden={orator.name: "the orator cannot plead for themself"},
                             prompt="Plead for an accused player: if they get the most votes, "
                                    "nobody burns."))
    answers = (yield asks) if asks else []
    raw: dict[str, int] = {name: 0 for name in accused}
    pardoned: set[str] = set()
    for ask, answer in zip(asks, answers, strict=True):
        voter = game.by_name[ask.seat]
        if ask.name == "pardon":
            pardoned.update(_targets(answer))
            continue
        targets = _targets(answer)
        w = weight(game, voter)
        _cast(game, voter, targets, "second", w)
        for target in targets:
            raw[target] = raw.get(target, 0) + w
    counts = _received(game, raw)
    state_of(game).second_vote = dict(counts)
    top = max(counts.values()) if counts else 0
    leaders = [name for name, count in counts.items() if count == top and top > 0]
    if not leaders:
        return None, "no votes"
    if pardoned & set(leaders):
        if len(leaders) == 1:
            return None, "pardon"
        left = [name for name in leaders if name not in pardoned]
        if len(left) != 1:
            return None, "pardon" if not left else "tie"
        leaders = left
    if len(leaders) != 1:
        return None, "tie"
    condemned = leaders[0]
    if game.by_name[condemned].role == "bocca-di-rosa":
        if variant(game, "bocca-di-rosa", "safe-haven"):
            return None, "tie"
        if variant(game, "bocca-di-rosa", "scapegoat"):
            rest = {n: c for n, c in counts.items() if n != condemned and c > 0}
            if not rest:
                return None, "tie"
            best = max(rest.values())
            after = [n for n, c in rest.items() if c == best]
            return (after[0], "scapegoat") if len(after) == 1 else (None, "tie")
    return condemned, ""


def stake(game: Game, condemned: str | None, reason: str) -> Flow:
    """Send the condemned to the stake (the amulet annuls it), or announce that nobody burns."""
    if condemned is not None:
        player = game.by_name[condemned]
        if "amulet" in player.markers:
            player.unmark("amulet")
            game.note("AmuletSaved", {"player": condemned})
            condemned, reason = None, "tie"
    if condemned is None:
        game.announce({"about": "execution", "player": None, "reason": reason or "tie"})
        return []
    game.emit("PlayerExecuted", {"player": condemned})
    return (yield from kill(game, [Death(game.by_name[condemned], "execution")]))
