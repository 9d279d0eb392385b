"""Dusk: at the first one the ghosts pick their guide; the app checks the end (in place of
the raised hands); then the guide calls each dusk character: the seer points at a living
player and every ghost judges with a thumb, and the vampire hunter sees the vampire ghosts'
raised hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import check_end, tally
from ...core.common import plurality
from .cards import dusk_of
from .state import state_of

if TYPE_CHECKING:
    from ...core import Game, Player
    from ...core.edition import Flow


def ghosts(game: Game) -> list[Player]:
    return [p for p in game.players if not p.alive]


def choose_guide(game: Game) -> Flow:
    """The first dusk: every ghost names the guide (themself allowed); most named wins, a tie
    (or nobody named) is the storyteller's tie-break; a single ghost guides unasked."""
    table = state_of(game)
    spirits = ghosts(game)
    if table.guide is not None or not spirits:
        return
    names = [g.name for g in spirits]
    if len(spirits) == 1:
        guide: str | None = names[0]
    else:
        picks = yield [game.ask(g, "guide", names, optional=True, default=None,
                                prompt="Which ghost will guide every dusk?")
                       for g in spirits]
        counts = tally((g.name, pick, 1) for g, pick in zip(spirits, picks, strict=True))
        if not counts:  # nobody named anyone: every ghost is tied
            guide = yield game.ask_storyteller("tie-break", names, about="guide",
                                               prompt="Break the tie for the guide between "
                                               + ", ".join(names) + ".")
        else:
            guide = yield from plurality(game, counts, about="guide")
    table.guide = guide
    if guide is not None:
        game.by_name[guide].mark("guide")
    game.announce({"about": "guide", "player": guide})


def dusk_cards(game: Game, mystery: bool) -> list[str]:
    """The characters the guide calls at dusk, in the catalog's order: those dealt (the deck
    is shown face up), or every possible one under mystery roles."""
    dealt = {p.role for p in game.players}
    return [role_id for role_id, role in game.catalog.items()
            if dusk_of(role) and (mystery or role_id in dealt)]


def seer_looks(game: Game, seer: Player) -> Flow:
    """The seer points at a living player; each ghost judges with a thumb whether that one
    is a monster; the seer alone is told how many thumbs went up."""
    target = yield game.ask(seer, "inspect", game.alive_names(exclude=seer), optional=True,
                            default=None, forbidden={seer.name: "you may not point at "
                                                     "yourself"},
                            prompt="Point at a living player for the ghosts to judge.")
    if target is None:
        return
    spirits = ghosts(game)
    thumbs = yield [game.ask_yes_no(g, "judge", about=target,
                                    prompt=f"Thumb up if you believe {target} is a monster.")
                    for g in spirits]
    game.tell(seer, {"about": "inspect", "player": target, "number": sum(map(bool, thumbs))})


def vampire_hands(game: Game, hunter: Player) -> None:
    """The ghosts who were vampires raise their hands for the vampire hunter alone."""
    game.tell(hunter, {"about": "vampires",
                       "players": [g.name for g in ghosts(game) if g.role == "vampire"]})


def dusk(game: Game, number: int) -> Flow:
    game.begin_phase(f"dusk {number}")
    yield from choose_guide(game)
    # the end is checked before any dusk ability: with `app-checks-end` the app's check
    # stands for the raised hands; without it, this is where the hands are raised
    if not game.options["app-checks-end"]:
        game.announce({"about": "hands"})
    check_end(game)
    mystery = bool(game.options["mystery-roles"])
    for role_id in dusk_cards(game, mystery):
        game.announce({"about": "dusk-call", "roles": [role_id]})
        ability = dusk_of(game.role(role_id))
        for holder in [p for p in game.alive() if p.role == role_id]:
            if ability == "inspect":
                yield from seer_looks(game, holder)
            else:
                vampire_hands(game, holder)
