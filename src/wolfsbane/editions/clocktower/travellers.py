"""The script's four Travellers, each a few functions and its `Rules` (rules.py).

A Traveller's character is public and their alignment the storyteller's secret
(`traveller-alignment`, at set-up); they are exiled, not executed (days.py)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import YES_NO
from ...core.reminders import place_reminder
from .health import abilities_of, healthy, is_demon, mark_abnormal, name_of
from .rules import Night, Rules
from .script import EVIL, MINION, TOWNSFOLK, of_type
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, None]
TOWNSFOLK_IDS = tuple(c.id for c in of_type(TOWNSFOLK))
# a Minion ability an evil Apprentice may gain: the Marionette's is no ability to gain
MINION_ABILITIES = tuple(c.id for c in of_type(MINION) if c.id != "marionette")
# the script's "you start knowing" abilities (the Godfather's Outsiders, before his revenge)
STARTS_KNOWING = ("chef", "librarian", "godfather")


# -- Apprentice ----------------------------------------------------------------------------

def apprentice(game: Game, night: Night, player: Player) -> Flow:
    """On their first night the Apprentice gains a Townsfolk ability if good, a Minion
    ability if evil (the storyteller's `apprentice-ability`), and is told which; they use
    it from this night on, in its slots."""
    seat = seat_of(player)
    if seat.gained is not None:
        return
    pool = MINION_ABILITIES if player.team == EVIL else TOWNSFOLK_IDS
    taken = set(state_of(game).in_play) | {p.role for p in game.players}
    free = [r for r in pool if r not in taken] or list(pool)
    kind = "Minion" if player.team == EVIL else "Townsfolk"
    chosen = yield game.ask_storyteller(
        "apprentice-ability", pool, about=player.name,
        suggest=lambda rng: rng.choice(free),
        reason=f"The Apprentice ({player.name}) is {player.team}: a {kind} ability; suggest one "
               "not in play, so that no token is needed twice.",
        prompt=f"Which {kind} ability does the Apprentice ({player.name}) gain?")
    seat.gained = chosen
    place_reminder(game, "is-the-apprentice", player, player)
    game.tell(player, {"about": "apprentice", "role": chosen})
    yield from _prepare_gained(game, player, chosen)


def _prepare_gained(game: Game, apprentice: Player, character: str) -> Flow:
    """The gained ability comes with what the storyteller prepares for it before its first
    night (the Fortune Teller's red herring, the Widow's KNOW player, the good twin), unless
    another player's hold on it had that prepared at set-up already."""
    from .registry import RULES  # every character's rules, this module's among them

    rules = RULES.get(character)
    if rules is None or rules.setup is None:
        return
    if any(character in abilities_of(p) for p in game.players if p is not apprentice):
        return
    yield from rules.setup(game)


# -- Bone Collector ------------------------------------------------------------------------

def bone_collector(game: Game, night: Night, player: Player) -> Flow:
    """Once per game, at night*, the Bone Collector may choose a dead player: they have
    their ability back until dusk (and wake tonight if it wakes them)."""
    if player.has_used("restore"):
        return
    dead = [p.name for p in game.players if not p.alive and p is not player]
    if not dead:
        return
    target_name = yield game.ask(player, "restore", dead, optional=True, default=None,
                                 prompt="Choose a dead player to have their ability back "
                                        "until dusk, or no.")
    if target_name is None:
        return
    player.use("restore")
    place_reminder(game, "no-ability", player, player)
    if not healthy(game, player):
        mark_abnormal(game, player)
        return
    target = game.by_name[target_name]
    seat_of(target).regained = True
    game.note("AbilityRestored", {"player": target_name, "by": player.name})
    yield from _starts_knowing_again(game, night, target)


def _starts_knowing_again(game: Game, night: Night, target: Player) -> Flow:
    """A "you start knowing" or once-per-game ability comes back whole: spent uses are
    forgotten, and what the player started knowing (the Chef's, the Librarian's) they learn
    again tonight, in the Bone Collector's slot. ("On your 1st night" abilities, the Widow's
    and the Ogre's, are neither, and do not come back.)"""
    from .registry import RULES  # every character's rules, this module's among them

    target.used = frozenset((character, ability) for character, ability in target.used
                            if character != target.role)
    for character in abilities_of(target):
        rules = RULES.get(character)
        if character not in STARTS_KNOWING or rules is None or rules.first_night is None:
            continue
        steps = rules.first_night(game, night, target)
        if steps is not None:
            yield from steps


def bone_collector_died(game: Game, player: Player, cause: str) -> Generator[Any, Any,
                                                                             list[Any]]:
    """With the Bone Collector dead, the ability it gave back is gone."""
    for other in game.players:
        seat_of(other).regained = False
    return []
    yield  # asks nothing


# -- Scapegoat -----------------------------------------------------------------------------

def scapegoat(game: Game, goat: Player, condemned: Player) -> Generator[Any, Any, bool]:
    """When a player of the Scapegoat's alignment is about to be executed, the storyteller
    may execute the Scapegoat instead (`scapegoat`)."""
    if condemned is goat or not goat.alive or condemned.team != goat.team:
        return False
    if not healthy(game, goat):
        return False
    saves_evil = goat.team == EVIL and is_demon(game, condemned)
    answer = yield game.ask_storyteller(
        "scapegoat", kind=YES_NO, about=goat.name, suggest=lambda rng: saves_evil,
        reason=(f"{condemned.name} is the Demon and the Scapegoat ({goat.name}) is evil: "
                "suggest yes, it keeps evil from losing." if saves_evil else
                f"{condemned.name} shares the Scapegoat's ({goat.name}) alignment: the "
                "execution may fall on the Scapegoat; suggest no."),
        prompt=f"Is the Scapegoat ({goat.name}) executed instead of {condemned.name}?")
    return bool(answer)


# -- Thief ---------------------------------------------------------------------------------

def thief(game: Game, night: Night, player: Player) -> Flow:
    """Each night the Thief chooses another player: tomorrow their votes count minus one
    each (days.hands reads `state.negative`; dusk clears it)."""
    others = [p.name for p in game.players if p is not player]
    target_name = yield game.ask(player, "steal", others,
                                 prompt="Choose a player other than yourself: tomorrow their "
                                        "vote counts against.")
    if not healthy(game, player):
        mark_abnormal(game, player)
        return
    state_of(game).negative[target_name] = player.name
    place_reminder(game, "negative-vote", game.by_name[target_name], player)
    game.note("VoteStolen", {"player": target_name, "by": player.name,
                             "role": name_of(player.role)})


RULES: dict[str, Rules] = {
    "apprentice": Rules("apprentice", first_night=apprentice),
    "bone-collector": Rules("bone-collector", other_nights=bone_collector,
                            on_death=bone_collector_died),
    "scapegoat": Rules("scapegoat", instead_of_execution=scapegoat),
    "thief": Rules("thief", first_night=thief, other_nights=thief),
}
