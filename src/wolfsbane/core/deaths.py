"""Death and what it sets off, shared by every edition.

`kill` resolves a list of deaths depth-first: each death is recorded and announced as the
edition says, then its triggers run at once (a lover's grief, a hunter's last shot), and the
deaths they cause resolve before the next one on the list. A chain therefore resolves fully
before the caller checks for a winner.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

# at run time, not only for the type checker: a compiled build (mypyc) needs the class of
# `Death.player` when it defines `Death`
from .player import Player

if TYPE_CHECKING:
    from .game import Game


@dataclass(slots=True)
class Death:
    """One death about to happen: who dies, of what, and what caused it where the rules know.

    `by` is the player whose ability or act killed (the witch who poisoned, the hunter who
    shot, the lover whose death broke the other's heart); None when no single player did (the
    village's execution, the pack's attack). `character` is the character whose ability it was
    (the pack's attack is the werewolves' even with no one player to name). Clocktower's rules
    depend on both: a death "by the Demon" differs from an execution.
    """

    player: Player
    cause: str
    by: Player | None = None
    character: str | None = None

    # written out: compiled, the `__init__` that dataclasses writes runs interpreted
    def __init__(self, player: Player, cause: str, by: Player | None = None,
                 character: str | None = None) -> None:
        self.player = player
        self.cause = cause
        self.by = by
        self.character = character

    @classmethod
    def caused_by(cls, player: Player, cause: str, source: Player) -> Death:
        """A death caused by `source`'s ability, as the character `source` holds now."""
        return cls(player, cause, source, source.role)


def kill(game: Game, deaths: Sequence[Death]) -> Generator[Any, Any, list[str]]:
    """Kill each player of `deaths` still alive; return the names of everyone who died."""
    died: list[str] = []
    for death in deaths:
        player, cause = death.player, death.cause
        if not player.alive:
            continue
        player.alive = False
        died.append(player.name)
        if game.edition.death_told_at_once(game, player, cause):
            game.emit("PlayerDied", {"player": player.name})
        else:
            game.untold_deaths.append(player.name)
        by = death.by
        game.note("DeathCaused", {"player": player.name, "cause": cause,
                                  "by": None if by is None else by.name,
                                  "character": death.character})
        game.edition.announce_death(game, player, cause)
        more = yield from game.edition.death_triggers(game, player, cause)
        if more:
            died.extend((yield from kill(game, more)))
    return died


def tell_deaths(game: Game) -> list[str]:
    """Tell the table of the deaths it was not told of as they happened (in the order they
    happened); return their names."""
    told, game.untold_deaths = game.untold_deaths, []
    for name in told:
        game.emit("PlayerDied", {"player": name})
    return told


def seen_alive(game: Game, player: Player) -> bool:
    """Is `player` alive as the table knows it? A death not yet told is not known (once the
    game is over, every death is)."""
    return player.alive or (not game.over and player.name in game.untold_deaths)


def bind(game: Game, first: Player, second: Player, marker: str) -> None:
    """Tie two players' lives together: when one dies, the other dies of grief."""
    for player, partner in ((first, second), (second, first)):
        player.mark(marker)
        player.bonds[marker] = partner.name


def grieving_partner(game: Game, player: Player, marker: str) -> Player | None:
    name = player.bonds.get(marker)
    if name is None:
        return None
    partner = game.by_name[name]
    return partner if partner.alive else None
