"""The end of the game: the End of the Game conditions, each faction's victory, the deadlock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Outcome
from . import catalog as c
from .rules import double_faction, is_guard, is_monster, is_vampire, is_wolf, side, variant
from .state import seat_of

if TYPE_CHECKING:
    from ...core import Game, Player


def _lovers(game: Game) -> list[Player]:
    return [p for p in game.players if seat_of(p).beloved is not None]


def _winners(game: Game, team: str) -> list[str]:
    """Everyone who wins when `team` takes the game: its members, dead or alive, and whoever
    wins on their own condition beside it."""
    alive_wolves = [p for p in game.alive() if is_wolf(p)]
    out: list[str] = []
    for p in game.players:
        wins = False
        if (
            (team in (c.VILLAGE, c.CRIMINALS) and double_faction(game, p))
            or (p.team == team and team != c.LOVERS)
            or seat_of(p).also == team  # the dark wizard: the werewolves' and the vampires'
        ):
            wins = True
        elif p.team == c.OUTCAST and team == c.WEREWOLVES:
            wins = alive_wolves == [p] or (
                variant(game, "outcast-wolf", "beta-wolf") and p.alive
                and not any(q.alive for q in game.players if q.role == "pack-leader") and all(
                    q.alive for q in game.players if is_wolf(q) and q.role != "pack-leader"))
        elif p.team == c.MADMAN:
            attacked = seat_of(p).attacked
            wins = attacked and (team == c.VILLAGE or variant(game, "madman", "total-madness"))
        beloved = seat_of(p).beloved
        if beloved is not None:
            wins = game.by_name[beloved].alive
        if wins:
            out.append(p.name)
    return out


def _won(game: Game, team: str, reason: str) -> Outcome:
    return Outcome(team, tuple(_winners(game, team)), reason)


def check_win(game: Game) -> Outcome | None:
    living = game.alive()
    if not living:
        return _won(game, "none", "nobody is left alive")
    lovers = _lovers(game)
    if len(living) == 2 and len(lovers) == 2 and all(p.alive for p in lovers):
        return _won(game, c.LOVERS, "Romeo and Juliet are the last two alive")
    if any(is_monster(p) for p in living):
        return None  # while the monster lives the game goes on, as if it were a werewolf
    wolves = any(is_wolf(p) for p in living)
    vampires = any(is_vampire(p) for p in living)
    if not wolves and not vampires:
        criminals = any(side(p) == c.CRIMINALS for p in living)
        guards = any(is_guard(game, p) for p in living)
        if criminals and not guards:
            return _won(game, c.CRIMINALS, "the werewolves and vampires are gone and no guard "
                        "is left to stop the criminals")
        if criminals:
            return _won(game, c.VILLAGE, "the werewolves and vampires are gone and a guard "
                        "still keeps the criminals in check")
        return _won(game, c.VILLAGE, "no werewolf or vampire is left alive")
    if all(side(p) in (c.WEREWOLVES, c.OUTCAST) or is_wolf(p) for p in living):
        return _won(game, c.WEREWOLVES, "only the werewolves' side is left alive")
    if all(side(p) == c.VAMPIRES or is_vampire(p) or seat_of(p).also == c.VAMPIRES
           for p in living):
        return _won(game, c.VAMPIRES, "only the vampires' side is left alive")
    if variant(game, "vampire-hunter", "expert-hunter") and not wolves:
        hunter = any(p.role == "vampire-hunter" for p in living)
        if hunter and not any(p.role == "vampire" for p in living):
            criminals = any(side(p) == c.CRIMINALS for p in living)
            guards = any(is_guard(game, p) for p in living)
            team = c.CRIMINALS if criminals and not guards else c.VILLAGE
            return _won(game, team, "the vampire hunter outlived the vampire; only minor "
                        "vampires remain")
    return None


def deadlock(game: Game, what: str) -> Outcome:
    """Nobody can kill anybody any more (`what` says why the game is called): werewolves beat
    everyone, the vampire beats the village; otherwise nobody wins."""
    living = game.alive()
    if any(is_wolf(p) for p in living):
        return _won(game, c.WEREWOLVES, f"deadlock: {what}; the werewolves prevail")
    if any(is_vampire(p) for p in living) and all(
        is_vampire(p) or side(p) in (c.VAMPIRES, c.VILLAGE) for p in living
    ):
        return _won(game, c.VAMPIRES, f"deadlock: {what}; the vampire prevails over the village")
    # no faction wins, but the lovers and the Total Madness madman win on their own conditions
    return _won(game, "none", f"deadlock: {what}; nobody wins")
