"""The script's five Minions, each a few functions and its `Rules` (rules.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ...core import PARTS, YES_NO, Death, kill
from ...core.changes import change_character
from ...core.reminders import place_reminder, remove_reminder, remove_reminders
from .detect import neighbours
from .health import (
    abilities_of,
    add_condition,
    character_type,
    demons,
    healthy,
    is_outsider,
    is_traveller,
    mark_abnormal,
)
from .rules import Night, Rules
from .script import DEMON, EVIL, GOOD, OUTSIDER, TOWNSFOLK, of_type
from .state import POISONED, Condition, seat_of, state_of
from .storyteller import learn

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, None]
ROLES_SHAPE = (frozenset({"roles"}),)
TWIN_SHAPE = (frozenset({"player", "role"}),)
GOOD_IDS = tuple(c.id for c in (*of_type(TOWNSFOLK), *of_type(OUTSIDER)))
OUTSIDER_IDS = tuple(c.id for c in of_type(OUTSIDER))
# the Demons a Summoner may call up: Lil' Monsta is babysat, never held by a player
SUMMONABLE = tuple(c.id for c in of_type(DEMON) if c.id != "lil-monsta")
SUMMON_NIGHT = 3


def _others(game: Game, player: Player, alive: bool = True) -> list[str]:
    return [p.name for p in game.players if p is not player and (p.alive or not alive)]


def holders(game: Game, character: str) -> list[Player]:
    """The players who hold (or use) `character`'s ability now."""
    return [p for p in game.players if character in abilities_of(p)]


def in_play(game: Game) -> set[str]:
    """Every character in play now, and those believed (the Marionette's) or gained."""
    return set(state_of(game).in_play) | {r for p in game.players for r in
                                          (p.role, *abilities_of(p))}


# -- Widow ---------------------------------------------------------------------------------

def widow_know(game: Game) -> Flow:
    """Set-up: the good player who will learn that a Widow is in play (the KNOW token): any
    good player, a good Traveller too, though a seated one is suggested."""
    widows = holders(game, "widow")
    good = [p.name for p in game.players if p.team == GOOD]
    if not widows or not good:
        return
    settled = [name for name in good if not is_traveller(game.by_name[name])] or good
    chosen = yield game.ask_storyteller(
        "widow-know", good, suggest=_pick_from(settled),
        reason="One good player learns that a Widow is in play (not who she is): suggest one "
               "at random.",
        prompt="Which good player learns that a Widow is in play?")
    place_reminder(game, "know", game.by_name[chosen], widows[0], character="widow")


# What the Widow is shown of each seat: who holds what, and who lives. Health is left out, so
# that a poisoned Widow's look at the Grimoire is the same as a healthy one's.
SHOWN_OF_A_SEAT = ("player", "role", "type", "team", "alive", "believes", "ability")
SHOWN_OF_THE_CENTRE = ("in_play", "bluffs", "red_herring", "babysitter", "travellers")


def grimoire_for_the_widow(game: Game) -> dict[str, Any]:
    grimoire = game.edition.grimoire(game) or {}
    shown: dict[str, Any] = {key: grimoire[key] for key in SHOWN_OF_THE_CENTRE
                             if key in grimoire}
    shown["seats"] = [{key: seat[key] for key in SHOWN_OF_A_SEAT if key in seat}
                      for seat in grimoire.get("seats", [])]
    return shown


def widow(game: Game, night: Night, player: Player) -> Flow:
    """The Widow sees the Grimoire, then poisons a player for as long as she lives and keeps
    her ability; the KNOW player is told a Widow is in play, whatever her health."""
    game.tell(player, {"about": "grimoire", "grimoire": grimoire_for_the_widow(game)})
    target_name = yield game.ask(player, "poison", _others(game, player),
                                 prompt="You have seen the Grimoire: choose a player to "
                                        "poison.")
    target = game.by_name[target_name]
    if healthy(game, player):
        add_condition(game, target, Condition(POISONED, player.name, "widow"))
        place_reminder(game, "poisoned", target, player, character="widow")
    else:
        mark_abnormal(game, player)
    for reminder in list(game.reminders):
        if reminder.token == "know" and reminder.source_character == "widow":
            game.tell(reminder.target, {"about": "widow", "role": "widow"})


# -- Godfather -----------------------------------------------------------------------------

def godfather_learns(game: Game, night: Night, player: Player) -> Flow:
    """Night 1: the Outsiders in play (their characters), in script order."""
    present = {p.role for p in game.players if character_type(p.role) == OUTSIDER}
    truth = [r for r in OUTSIDER_IDS if r in present]
    absent = [r for r in OUTSIDER_IDS if r not in present]
    if truth and absent:
        fake = [*truth[1:], game.rng.choice(absent)]  # one Outsider swapped for another
    elif truth:
        fake = truth[1:]
    else:
        fake = [game.rng.choice(OUTSIDER_IDS)]
    yield from learn(game, player, "godfather", {"roles": truth}, shapes=ROLES_SHAPE,
                     fake={"roles": fake})


def outsider_died_today(game: Game, night: Night) -> bool:
    """Whether an Outsider died during the day before this night (night deaths don't
    count)."""
    day = f"day {night.number - 1}"
    return any(event.kind == "PlayerDied" and event.phase == day
               and is_outsider(game.by_name[event.data["player"]]) for event in game.events)


def godfather_kills(game: Game, night: Night, player: Player) -> Flow:
    """The night after an Outsider died by day, the Godfather chooses a player: they die."""
    if not outsider_died_today(game, night):
        return
    target_name = yield game.ask(player, "attack", _others(game, player),
                                 prompt="An Outsider died today: choose a player; they die.")
    if not healthy(game, player):
        mark_abnormal(game, player)
        return
    yield from kill(game, [Death(game.by_name[target_name], "godfather", player, "godfather")])


# -- Summoner ------------------------------------------------------------------------------

def _night_reminder(game: Game, player: Player, number: int) -> None:
    """The Summoner's NIGHT 1, 2, 3 tokens: the storyteller's count to the summoning."""
    for earlier in range(1, SUMMON_NIGHT + 1):
        remove_reminders(game, f"night-{earlier}", player)
    if number <= SUMMON_NIGHT:
        place_reminder(game, f"night-{number}", player, player, character="summoner")


def summoner_bluffs(game: Game, night: Night, player: Player) -> Flow:
    """Night 1: three good characters not in play, the storyteller's choice (`info`)."""
    _night_reminder(game, player, night.number)
    taken = in_play(game)
    free = [r for r in GOOD_IDS if r not in taken]
    truth = game.rng.sample(free, min(3, len(free)))
    seated = [r for r in GOOD_IDS if r in taken and r not in truth]
    fake = [*truth[1:], game.rng.choice(seated)] if seated and truth else list(truth)

    def is_true(info: dict[str, Any]) -> bool:
        roles = info.get("roles")
        return (isinstance(roles, list) and len(set(roles)) == len(roles) == len(truth)
                and all(r in GOOD_IDS and r not in taken for r in roles))

    yield from learn(game, player, "summoner", {"roles": truth}, shapes=ROLES_SHAPE,
                     fake={"roles": fake}, is_true=is_true, chosen=True,
                     extra={"about": "bluffs"})


def summoner_summons(game: Game, night: Night, player: Player) -> Flow:
    """On the third night the Summoner chooses a player and a Demon: that player becomes
    that evil Demon, and acts tonight in its own slot."""
    _night_reminder(game, player, night.number)
    if night.number != SUMMON_NIGHT or player.has_used("summon"):
        return
    forbidden = {"lil-monsta": "Lil' Monsta is looked after by the Minions, never held by a "
                               "player"}
    answer = yield game.ask(
        player, "summon", kind=PARTS,
        parts={"player": game.ask(player, "player", game.alive_names(),
                                  prompt="Who becomes the Demon?"),
               "role": game.ask(player, "role", SUMMONABLE, forbidden=forbidden,
                                prompt="Which Demon do they become?")},
        prompt="Choose a player and a Demon: they become that evil Demon.")
    player.use("summon")
    if not healthy(game, player):
        mark_abnormal(game, player)
        return
    chosen = game.by_name[answer["player"]]
    if state_of(game).lil_monsta and not (yield from _summons_beside_lil_monsta(
            game, player, chosen)):
        return
    # "Show the YOU ARE info token, then the Demon token. Show the YOU ARE info token, then
    # give a thumbs down."
    change_character(game, chosen, answer["role"], team=EVIL, tell=False)
    # their old character goes, with what it held (a lunch)
    seat_of(chosen).gained = seat_of(chosen).lunch = None
    game.tell(chosen, {"about": "you-are", "role": answer["role"], "alignment": EVIL})
    yield from marionette_beside(game, chosen)


def _summons_beside_lil_monsta(game: Game, summoner: Player, chosen: Player) -> Generator[
        Any, Any, bool]:
    """No official ruling says whether the Summoner calls up a Demon while Lil' Monsta is
    already the Demon in play: the storyteller's `ruling`."""
    answer = yield game.ask_storyteller(
        "ruling", kind=YES_NO, about=summoner.name, suggest=lambda rng: True,
        reason=f"The Summoner ({summoner.name}) summons {chosen.name} with Lil' Monsta in "
               "play; there is no official ruling: suggest yes, a second Demon (good must "
               "then be rid of both).",
        prompt=f"Does the Summoner's summoning make {chosen.name} a Demon beside Lil' Monsta?")
    return bool(answer)


def summoner_pending(game: Game) -> str | None:
    """Good cannot win for want of a Demon while a living Summoner may still summon one."""
    state = state_of(game)
    for player in holders(game, "summoner"):
        if player.alive and not player.has_used("summon") and state.night <= SUMMON_NIGHT:
            return f"the Summoner ({player.name}) may still call up a Demon on night 3"
    return None


# -- Evil Twin -----------------------------------------------------------------------------

def good_twin_of(game: Game, twin: Player) -> Player | None:
    """The twin paired with `twin`, the holder of the Evil Twin (the good twin; the evil one
    when a good player holds the Evil Twin), by the TWIN token."""
    for reminder in game.reminders:
        if reminder.token == "twin" and reminder.source_player == twin.name:
            return game.by_name[reminder.target]
    return None


def _pick_from(pool: list[str]) -> Callable[[random.Random], str]:
    return lambda rng: rng.choice(pool)


def choose_good_twin(game: Game) -> Flow:
    """Set-up: the storyteller pairs each Evil Twin with a good player (the TWIN token)."""
    for twin in holders(game, "evil-twin"):
        yield from _pair_anew(game, twin, "The Evil Twin is paired with a good player (rarely "
                                          "a Traveller): suggest one at random.")


def _pair_anew(game: Game, twin: Player, reason: str) -> Generator[Any, Any, Player | None]:
    """The storyteller's `good-twin`: a player of the other alignment becomes the twin of
    `twin` (the holder of the Evil Twin), in place of any twin before."""
    opposing = [p.name for p in game.players if p is not twin and p.team != twin.team]
    if not opposing:
        return None
    settled = [name for name in opposing if not is_traveller(game.by_name[name])] or opposing
    chosen = yield game.ask_storyteller(
        "good-twin", opposing, suggest=_pick_from(settled), reason=reason,
        prompt=f"Which {'evil' if twin.team == GOOD else 'good'} player is the twin of the "
               f"Evil Twin ({twin.name})?")
    for reminder in list(game.reminders):
        if reminder.token == "twin" and reminder.source_player == twin.name:
            remove_reminder(game, reminder)
    place_reminder(game, "twin", game.by_name[chosen], twin, character="evil-twin")
    return game.by_name[chosen]


def evil_twin(game: Game, night: Night, player: Player) -> Flow:
    """Night 1: the twins learn each other: the good twin sees the Evil Twin's character,
    the Evil Twin the good twin's."""
    night.notes["twins-met"] = True
    other = good_twin_of(game, player)
    if other is None:
        return
    yield from _twins_meet(game, player, other)


def _twins_meet(game: Game, twin: Player, other: Player) -> Flow:
    """The twins learn each other: "show the Evil Twin token to the Good Twin ... show the
    Good Twin's character token to the Evil Twin"."""
    game.tell(other, {"about": "twin", "player": twin.name, "role": twin.role})
    decoys = [r for r in GOOD_IDS if r != other.role]
    yield from learn(game, twin, "evil-twin", {"player": other.name, "role": other.role},
                     shapes=TWIN_SHAPE,
                     fake={"player": other.name, "role": game.rng.choice(decoys)},
                     extra={"about": "twin"})


def twins_realign(game: Game, night: Night) -> Flow:
    """"If both Twins are the same alignment, the Storyteller chooses a new Twin" (a good twin
    turned evil: the Ogre, the Snake Charmer, the Fang Gu's Outsider), and "if a good player is
    turned into an Evil Twin ... an evil player becoming their twin" (the Barber's haircut):
    after each night step, a living Evil Twin with no twin of the other alignment is paired
    anew, and the new twins learn each other (on the first night, in the twins' own step if it
    is still to come)."""
    for twin in holders(game, "evil-twin"):
        other = good_twin_of(game, twin)
        if not twin.alive or (other is not None and other.team != twin.team):
            continue
        if other is None and twin.role != "evil-twin":
            continue  # an ability gained with no twin (the Cannibal's lunch) pairs no one
        chosen = yield from _pair_anew(
            game, twin, f"The Evil Twin ({twin.name}) has no twin of the other alignment: the "
                        "storyteller chooses a new twin; suggest one at random.")
        if chosen is not None and (night.number > 1 or night.notes.get("twins-met")):
            yield from _twins_meet(game, twin, chosen)


def twin_executed(game: Game, twin: Player, executed: Player, died: bool) -> Flow:
    """Evil wins when the good one of the twins is executed while the Evil Twin's ability
    works (its holder alive, or the holder being the good twin executed)."""
    other = good_twin_of(game, twin)
    pair = [p for p in (twin, other) if p is not None]
    if executed not in pair or executed.team != GOOD or len(pair) < 2:
        return
    if not healthy(game, twin):
        mark_abnormal(game, twin)
        return
    from .wins import team_wins  # wins.py reads every character's rules

    state_of(game).forced = team_wins(game, EVIL, f"the good twin {executed.name} was "
                                                  "executed")
    return
    yield  # asks nothing


def twins_both_live(game: Game) -> str | None:
    """Good cannot win while both twins live and the Evil Twin's ability works."""
    for twin in holders(game, "evil-twin"):
        other = good_twin_of(game, twin)
        if other is None or not (twin.alive and other.alive) or twin.team == other.team:
            continue
        if healthy(game, twin):
            return f"the twins {twin.name} and {other.name} both live"
    return None


# -- Marionette ----------------------------------------------------------------------------

def marionette_beside(game: Game, demon: Player) -> Flow:
    """The Djinn's rule for the Marionette with the Summoner or Lil' Monsta: she enters play
    only once the Demon exists, as a good neighbour of it (the storyteller's `marionette`,
    which may be no one when she is not in the bag)."""
    state = state_of(game)
    if any(p.role == "marionette" for p in game.players):
        return
    beside = [n.name for n in neighbours(game, demon, alive=False)
              if n.team == GOOD and character_type(n.role) in (TOWNSFOLK, OUTSIDER)]
    if not beside:
        return
    in_bag = "marionette" in state.in_play
    suggestion = game.rng.choice(beside) if in_bag else None
    chosen = yield game.ask_storyteller(
        "marionette", beside, optional=True, default=None, suggest=lambda rng: suggestion,
        reason=("The Marionette enters play now that the Demon exists (the Djinn's rule): "
                f"suggest a good neighbour of {demon.name}." if in_bag else
                "No Marionette is in the bag: suggest none."),
        prompt=f"Which good neighbour of the Demon ({demon.name}) is the Marionette, if she "
               "is in play?")
    if chosen is None:
        return
    player = game.by_name[chosen]
    seat_of(player).believes = seat_of(player).believes or player.role
    seat_of(player).shown_team = "good"  # she believes she is good: her view says so
    player.role = "marionette"
    player.team = EVIL
    game.note("RoleChanged", {"player": player.name, "role": "marionette", "team": EVIL})
    if "marionette" not in state.in_play:
        state.in_play.append("marionette")
    place_reminder(game, "is-the-marionette", player, character="marionette")
    game.tell(demon, {"about": "marionette", "player": player.name, "role": "marionette"})


def demon_meets_marionette(game: Game, night: Night) -> None:
    """Night 1: the Demon learns who the Marionette is (she believes a good character, and
    learns nothing)."""
    for marionette in game.players:
        if marionette.role != "marionette":
            continue
        for demon in demons(game, alive=False):
            game.tell(demon, {"about": "marionette", "player": marionette.name,
                              "role": "marionette"})


RULES: dict[str, Rules] = {
    "widow": Rules("widow", first_night=widow, setup=widow_know),
    "godfather": Rules("godfather", first_night=godfather_learns,
                       other_nights=godfather_kills),
    "summoner": Rules("summoner", first_night=summoner_bluffs, other_nights=summoner_summons,
                      holds_off_good=summoner_pending),
    "evil-twin": Rules("evil-twin", first_night=evil_twin, setup=choose_good_twin,
                       on_execution=twin_executed, holds_off_good=twins_both_live,
                       after_night_step=twins_realign),
    "marionette": Rules("marionette", table_first_night=demon_meets_marionette),
}
