"""The Fabled (Djinn, Hell's Librarian) and the Loric (Gardener, Bootlegger): no player holds
them; the game's options `fabled` and `loric` put them in play (RULINGS), and their set-up
runs once everyone has a character."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import ARRANGE, Death, IllegalAnswer, kill
from ...core.reminders import place_reminder
from .health import add_condition
from .rules import Rules
from .script import JINXES
from .state import DRUNK, Condition, state_of

if TYPE_CHECKING:
    from ...core import Decision, Game

Flow = Generator[Any, Any, None]
PENALTIES = ("die", "drunk")
SOMETHING_BAD = "something-bad"


# -- Djinn ---------------------------------------------------------------------------------

def djinn(game: Game) -> Flow:
    """At the start, everyone learns the Djinn's rule for each jinxed pair of the script
    (whether or not those characters are in play)."""
    for jinx in JINXES:
        game.announce({"about": "jinx", "roles": list(jinx.pair), "rule": jinx.rule})
    return
    yield  # asks nothing


# -- Hell's Librarian ----------------------------------------------------------------------

def _decided_today(game: Game) -> bool:
    return any(event.kind == "SomethingBad" and event.phase == game.phase
               for event in game.events)


def something_bad(game: Game) -> Decision | None:
    """Through each day, the storyteller may decide that something bad happens to a player
    who talked when silence was asked: they die, or are drunk until dusk tomorrow. Decided once a
    day (`no` included), so that an automatic storyteller does not ask it for ever."""
    if not game.phase.startswith("day") or _decided_today(game):
        return None
    living = game.alive_names()

    def check(answer: Any) -> dict[str, str] | None:
        if answer is None or answer is False or (isinstance(answer, str)
                                                 and answer.strip().lower() == "no"):
            return None
        if not isinstance(answer, dict) or len(answer) != 1:
            raise IllegalAnswer("Name one player and what happens to them (die or drunk), "
                                "or no.", "something-bad-shape")
        ((name, penalty),) = answer.items()
        if name not in living:
            raise IllegalAnswer("Something bad happens to a living player at the table.",
                                "something-bad-player")
        if penalty not in PENALTIES:
            raise IllegalAnswer("Something bad is that they die or that they are drunk "
                                "until dusk tomorrow.", "something-bad-penalty")
        return {str(name): str(penalty)}

    return game.ask_storyteller(
        SOMETHING_BAD, kind=ARRANGE, check=check, optional=True, default=None,
        standing=True, suggest=lambda rng: None,
        reason="Hell's Librarian punishes talking when silence was asked; nobody has: "
               "suggest no.",
        prompt="Hell's Librarian: does something bad happen to a player who talked? Name "
               "them with die or drunk, or no.")


def something_bad_happens(game: Game, answer: Any) -> Flow:
    game.note("SomethingBad", {"penalty": answer})
    if not answer:
        return
    ((name, penalty),) = answer.items()
    player = game.by_name[name]
    place_reminder(game, "something-bad", player, character="hells-librarian")
    if penalty == "drunk":
        # "loses their ability for a day": through the coming night, when most abilities of
        # the script act, until dusk tomorrow (a night's beginning is its dusk)
        until = f"night {state_of(game).day + 2}"
        add_condition(game, player, Condition(DRUNK, None, "hells-librarian", until=until))
        return
    yield from kill(game, [Death(player, SOMETHING_BAD, None, "hells-librarian")])


def hells_librarian(game: Game) -> Flow:
    """At the start, the table hears that Hell's Librarian is in play."""
    game.announce({"about": "fabled", "role": "hells-librarian"})
    return
    yield  # asks nothing


# -- Gardener and Bootlegger ---------------------------------------------------------------

def gardener(game: Game) -> Flow:
    """The storyteller assigned every character (setup.py's `characters`): said at the
    start."""
    game.announce({"about": "loric", "role": "gardener"})
    return
    yield  # asks nothing


def bootlegger(game: Game) -> Flow:
    """At the start, the table hears the script's homebrew rules."""
    game.announce({"about": "bootlegger", "rules": list(game.options["bootlegger-rules"])})
    return
    yield  # asks nothing


RULES: dict[str, Rules] = {
    "djinn": Rules("djinn", setup=djinn),
    "hells-librarian": Rules("hells-librarian", setup=hells_librarian,
                             day_decision=something_bad,
                             on_day_decision=something_bad_happens),
    "gardener": Rules("gardener", setup=gardener),
    "bootlegger": Rules("bootlegger", setup=bootlegger),
}
