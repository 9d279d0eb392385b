"""The night, as it is played in the dark: a countdown on the narrator's device, the ghosts
held in the sanctuary for their wait, a standing `dead` on each living player's phone (for the
one who was killed) and a standing `body-found` (naming the body) that ends the night at once.

The kills themselves happen in the dark, by a double tap: the engine learns of them only
from the players who declare `dead`. Those who declared die when the night ends (when a body
is found or the time is up), so nobody's phone shows a death before the lights go on."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core import Death, Decision, IllegalAnswer, NightTurn, check_end, kill
from ...core.decision import PHASE
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player
    from ...core.edition import Flow

NIGHT_CLOCK = "night"
GHOST_WAIT = "ghost-wait"

# The night is one call, for everyone at once: the narrator's table (`Edition.night_order`)
# holds that call, and every living player may be asked its two questions the whole night.
LIGHTS_OUT = NightTurn(
    "everyone", "Everyone", ("dead", "body-found"),
    "Turn off the last light: the night begins. Monsters hunt; everyone else hides and "
    "looks for the bodies.")
NIGHT_ORDER: dict[str, tuple[NightTurn, ...]] = {"first": (LIGHTS_OUT,),
                                                 "other": (LIGHTS_OUT,)}


class BodyFound(Decision):
    """`body-found`: the body a living player found and verified. Every other living player
    may be named on the phone (`as_dict` shows them all, so that no phone shows who declared
    `dead`); only one who declared `dead` this night is accepted (`choices`), anyone else is
    refused with the reason. Skipping it (no body) leaves the button where it was."""

    __slots__ = ("candidates",)

    def __init__(self, finder: Player, candidates: Sequence[str],
                 declared: Iterable[str]) -> None:
        super().__init__(finder, "body-found", (), optional=True, default=None, standing=True,
                         prompt="You found a body and it whispered yes: who is it?")
        self.candidates = tuple(candidates)
        self.bodies(declared)

    def bodies(self, declared: Iterable[str]) -> None:
        """The bodies there are to find: those of `declared` among the candidates."""
        dead = set(declared)
        self.choices = tuple(name for name in self.candidates if name in dead)
        self._choice_set = None
        self.forbidden = {name: f"{name} has not declared dead this night"
                          for name in self.candidates if name not in dead}

    def as_dict(self) -> dict[str, Any]:
        out = super().as_dict()
        out["choices"] = list(self.candidates)  # a phone never shows who is dead
        return out

    def _reject(self, choice: Any) -> IllegalAnswer:
        """A refusal that names no body: the offered choices are the dead, a secret."""
        if self.forbidden and choice in self.forbidden:
            return super()._reject(choice)
        shown = choice if isinstance(choice, str) and choice.isprintable() else "That"
        return IllegalAnswer(f"{shown} is not a player whose body you can find tonight.",
                             "not-a-body", choice=shown)


def _dead_question(game: Game, player: Player) -> Decision:
    return game.ask_yes_no(player, "dead", standing=True,
                           prompt="You were killed: declare that you are dead.")


def night(game: Game, number: int) -> Flow:
    """Night `number`, until a body is found or the countdown runs out, and what follows at
    once: the deaths, and the end check."""
    game.begin_phase(f"night {number}")
    table = state_of(game)
    table.declared = []
    declared = table.declared
    seconds = float(game.options["night-seconds"])
    wait = float(game.options["ghost-wait-seconds"])
    living = game.alive()
    # the ghosts wait in the sanctuary before they may leave: a clock of its own, counted
    # from the night's beginning, whose end the narrator announces
    ghost_clock = (game.clock(GHOST_WAIT, wait, since=PHASE)
                   if wait and wait < seconds and len(living) < len(game.players) else None)
    countdown = game.clock(NIGHT_CLOCK, seconds, since=PHASE)
    dead_asks = {p.name: _dead_question(game, p) for p in living}
    finds = {p.name: BodyFound(p, [q.name for q in living if q is not p], declared)
             for p in living}
    found: tuple[Player, str] | None = None
    while True:
        offered: list[Decision] = []
        for player in living:
            if player.name not in declared:
                offered += (dead_asks[player.name], finds[player.name])
        # the clocks last, the ghosts' wait (the shorter) before the countdown
        offered += [] if ghost_clock is None else [ghost_clock]
        offered.append(countdown)
        decision, answer = yield game.any_of(offered)
        if decision is countdown:
            break
        if decision is ghost_clock:
            ghost_clock = None
            game.announce({"about": "ghosts-leave"})
            continue
        who = game.by_name[decision.seat]
        if decision.name == "dead":
            if not answer:  # not dead after all: the button stays
                dead_asks[who.name] = _dead_question(game, who)
                continue
            declared.append(who.name)
            game.tell(who, {"about": "dead"})
            if len(declared) == len(living):
                break  # nobody is left standing to find a body: the night is over
            for find in finds.values():
                find.bodies(declared)
            continue
        if answer is None:  # no body after all: the button stays
            finds[who.name] = BodyFound(who, finds[who.name].candidates, declared)
            continue
        found = (who, str(answer))
        break
    if found is None and len(declared) == len(living):
        game.announce({"about": "nobody-standing"})
    elif found is None:
        game.announce({"about": "time-up"})
    else:
        finder, body = found
        seat_of(finder).bodies_found += 1
        game.announce({"about": "body-found", "player": body, "by": finder.name})
    yield from end_of_night(game)


def end_of_night(game: Game) -> Flow:
    """Everyone back in the sanctuary: who declared dead dies, each death announced without
    the card; a night without a death is the villagers' win at once; the app checks the end."""
    table = state_of(game)
    bodies = [game.by_name[name] for name in table.declared]
    died = yield from kill(game, [Death(body, "killed") for body in bodies])
    table.new_ghosts = list(died)
    table.declared = []
    if not died:
        table.quiet_night = True
        check_end(game)
    # with nobody left alive there is no dusk to raise a hand at: the game ends here
    if game.options["app-checks-end"] or not game.alive():
        check_end(game)
