"""The script's four Outsiders, each a few functions and its `Rules` (rules.py)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import Outcome
from ...core.reminders import place_reminder
from .demons import haircuts  # the Demon's swap, in the Barber's slot
from .detect import alignment
from .health import MARIONETTE, healthy, mark_abnormal
from .rules import Night, Rules
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, None]


# -- Ogre ----------------------------------------------------------------------------------

def ogre(game: Game, night: Night, player: Player) -> Flow:
    """The Ogre takes their friend's alignment, drunk or not, without being told it; if a
    Recluse friend registers as evil the Ogre turns evil and is told so (the Djinn's rule)."""
    friend_name = yield game.ask(player, "befriend",
                                 [p.name for p in game.players if p is not player],
                                 prompt="Choose a player other than yourself: you become "
                                        "their alignment, without being told it.")
    friend = game.by_name[friend_name]
    if player.role == MARIONETTE:
        # she only believes she is the Ogre: she has no ability and stays evil; a friend of
        # the other side is that pretend ability failing (the Djinn's rule for the
        # Mathematician)
        if friend.team != player.team:
            mark_abnormal(game, player)
        return
    seen = yield from alignment(game, friend, player)
    place_reminder(game, "friend", friend, player)
    state_of(game).ogre_friends[player.name] = friend_name
    state_of(game).ogre_friend_teams[player.name] = friend.team
    player.team = seen
    game.note("RoleChanged", {"player": player.name, "role": player.role, "team": seen})
    if friend.role == "recluse" and seen == "evil" and friend.team != "evil":
        seat_of(player).shown_team = "evil"
        game.tell(player, {"about": "you-are", "role": player.role, "alignment": "evil"})


# -- Recluse -------------------------------------------------------------------------------
# The Recluse acts through registering only (storyteller.misregisters).


# -- Klutz ---------------------------------------------------------------------------------

def klutz_died(game: Game, klutz: Player, cause: str) -> Generator[Any, Any, list[Any]]:
    """A Klutz who dies at night learns it at dawn; executed, once the execution's own
    triggers are resolved (`klutzes_choose`: the good twin's execution has won the game by
    then, and nothing more is asked); by day otherwise, at once."""
    if game.edition.is_night(game.phase) or cause == "execution":
        state_of(game).klutz_pending.append(klutz.name)
        return []
    yield from klutz_chooses(game, klutz)
    return []


def klutzes_choose(game: Game) -> Flow:
    """The Klutzes who died and have not chosen yet choose now."""
    state = state_of(game)
    for name in list(state.klutz_pending):
        state.klutz_pending.remove(name)
        yield from klutz_chooses(game, game.by_name[name])


def klutz_chooses(game: Game, klutz: Player) -> Flow:
    """The Klutz names a living player in public: an evil one loses the game for the
    Klutz's team."""
    living = game.alive_names(exclude=klutz)
    if not living or game.edition.check_win(game) is not None:
        return  # a win that holds (two left alive by her death) asks nothing more
    chosen_name = yield game.ask(klutz, "choose", living,
                                 prompt="You are dead: name a living player. If they are "
                                        "evil, your team loses.")
    game.announce({"about": "klutz", "player": klutz.name, "choice": chosen_name})
    chosen = game.by_name[chosen_name]
    seen = yield from alignment(game, chosen, klutz)
    if seen != "evil":
        return
    if not healthy(game, klutz):
        mark_abnormal(game, klutz)
        return
    losers = klutz.team
    winner = "good" if losers == "evil" else "evil"
    state_of(game).forced = Outcome(
        winner, tuple(p.name for p in game.players if p.team == winner),
        f"the Klutz chose {chosen_name}, who is evil")


# -- Barber --------------------------------------------------------------------------------

def barber_died(game: Game, barber: Player, cause: str) -> Generator[Any, Any, list[Any]]:
    """Tonight (or this night) the Demon may swap two players' characters; a drunk or
    poisoned Barber's death gives no haircut, an ability that failed (the Mathematician)."""
    if healthy(game, barber):
        state_of(game).haircuts = True
        place_reminder(game, "haircuts-tonight", barber, barber)
    else:
        mark_abnormal(game, barber)
    return []
    yield  # asks nothing


RULES: dict[str, Rules] = {
    "ogre": Rules("ogre", first_night=ogre),
    "recluse": Rules("recluse", even_if_dead=True),
    "klutz": Rules("klutz", on_death=klutz_died),
    "barber": Rules("barber", on_death=barber_died, table_other_nights=haircuts),
}
