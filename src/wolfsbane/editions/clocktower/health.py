"""Who has which ability, and whether it works: drunkenness, poison, and their sources.

A state belongs to the player (it survives a change of character) and lasts while its source
lives and keeps its ability (`state.Condition`). Some states are worked out from the table
rather than stored (the No Dashii's neighbours): a character's `Rules.conditions` gives them.
The `drunk` and `poisoned` markers mirror the states for the storyteller's eyes and the
scenarios (`sync_markers`); no seat's view shows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.reminders import remove_reminder
from .script import CHARACTERS, DEMON, MINION, OUTSIDER, TOWNSFOLK, TRAVELLER
from .state import DRUNK, POISONED, Condition, seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

MARIONETTE = "marionette"


def character_type(role_id: str) -> str:
    """The type of a character id: townsfolk, outsider, minion, demon, traveller..."""
    character = CHARACTERS.get(role_id)
    return character.type if character is not None else ""


def name_of(role_id: str) -> str:
    character = CHARACTERS.get(role_id)
    return character.name if character is not None else role_id


def is_traveller(player: Player) -> bool:
    return character_type(player.role) == TRAVELLER


def is_townsfolk(player: Player) -> bool:
    return character_type(player.role) == TOWNSFOLK


def is_outsider(player: Player) -> bool:
    return character_type(player.role) == OUTSIDER


def is_minion(player: Player) -> bool:
    return character_type(player.role) == MINION


def is_demon(game: Game, player: Player) -> bool:
    """Whether `player` is the Demon: holds a Demon, or babysits Lil' Monsta."""
    return character_type(player.role) == DEMON or state_of(game).babysitter == player.name


def demons(game: Game, alive: bool = True) -> list[Player]:
    return [p for p in game.players if is_demon(game, p) and (p.alive or not alive)]


def believed(player: Player) -> str:
    """The character a player believes they are (the Marionette believes a good one)."""
    return seat_of(player).believes or player.role


def abilities_of(player: Player) -> list[str]:
    """The characters whose abilities this player uses (or believes they use): their own or
    the one they believe, one gained (the Apprentice's), and the Cannibal's lunch."""
    seat = seat_of(player)
    out = [seat.believes or player.role]
    for extra in (seat.gained, seat.lunch):
        if extra is not None and extra not in out:
            out.append(extra)
    return out


def swap_gained(first: Player, second: Player) -> None:
    """Two players who swap characters swap what those characters hold on top of their own
    (the Apprentice's gained ability, the Cannibal's lunch): it belongs to the character, as
    the Snake Charmer's almanac says of a Philosopher who becomes the Demon ("the Demon becomes
    a poisoned Philosopher")."""
    one, other = seat_of(first), seat_of(second)
    one.gained, other.gained = other.gained, one.gained
    one.lunch, other.lunch = other.lunch, one.lunch


def active(player: Player, even_if_dead: bool = False) -> bool:
    """Whether a player may use their ability now: the living, a dead player whose ability
    works "even if dead", and one the Bone Collector gave it back to."""
    return player.alive or even_if_dead or seat_of(player).regained


def _live(game: Game, condition: Condition, holder: Player, seen: frozenset[str]) -> bool:
    if condition.source is None:
        return True
    source = game.by_name.get(condition.source)
    if source is None or not source.alive:
        return False
    if condition.character not in abilities_of(source):
        return False
    if source is holder or source.name in seen:
        return True
    return _healthy(game, source, seen | {holder.name})


def conditions(game: Game, player: Player, seen: frozenset[str] = frozenset()) -> list[Condition]:
    """Every state `player` is in now, with its source: those stored on the seat whose source
    still holds, and those a character works out from the table (the No Dashii's poison)."""
    from .registry import RULES  # the characters' rules import this module

    out = [c for c in seat_of(player).conditions if _live(game, c, player, seen)]
    for holder in game.players:
        for character in abilities_of(holder):
            rules = RULES.get(character)
            if rules is None or rules.conditions is None:
                continue
            if not active(holder) or (holder.name in seen):
                continue
            if holder is not player and not _healthy(game, holder, seen | {player.name}):
                continue
            for target, condition in rules.conditions(game, holder):
                if target == player.name:
                    out.append(condition)
    return out


def _healthy(game: Game, player: Player, seen: frozenset[str]) -> bool:
    if player.role == MARIONETTE:
        return False
    return not conditions(game, player, seen)


def healthy(game: Game, player: Player) -> bool:
    """Sober and healthy: the player's ability works. The Marionette's good ability never
    does (she is treated as drunk)."""
    return _healthy(game, player, frozenset())


def is_drunk(game: Game, player: Player) -> bool:
    return any(c.kind == DRUNK for c in conditions(game, player))


def is_poisoned(game: Game, player: Player) -> bool:
    return any(c.kind == POISONED for c in conditions(game, player))


def why_not_healthy(game: Game, player: Player) -> str:
    """Why the player's ability does not work, in words ("poisoned by the No Dashii")."""
    if player.role == MARIONETTE:
        return "is the Marionette"
    sources: dict[str, list[str]] = {}
    for condition in conditions(game, player):
        by = name_of(condition.character)
        source = f" ({condition.source})" if condition.source else ""
        sources.setdefault(condition.kind, []).append(f"the {by}{source}")
    parts = [f"{kind} by " + " and by ".join(dict.fromkeys(found))
             for kind, found in sources.items()]
    return "is " + " and ".join(parts) if parts else "is healthy"


def add_condition(game: Game, player: Player, condition: Condition) -> None:
    """Put `player` in a state (drunk or poisoned) from `condition`'s source."""
    seat_of(player).conditions.append(condition)
    sync_markers(game)


def remove_conditions(game: Game, player: Player, character: str,
                      kind: str | None = None) -> None:
    """End the states the `character`'s ability put `player` in."""
    seat = seat_of(player)
    seat.conditions = [c for c in seat.conditions
                       if not (c.character == character and (kind is None or c.kind == kind))]
    sync_markers(game)


def wear_off(game: Game, phase: str) -> None:
    """States that last until the beginning of `phase` end now."""
    for player in game.players:
        seat = seat_of(player)
        seat.conditions = [c for c in seat.conditions if c.until != phase]
    state = state_of(game)
    if state.monsta_drunk_until == phase:
        state.monsta_drunk_until = None
    sync_markers(game)


def sync_markers(game: Game) -> None:
    """The `drunk` / `poisoned` markers mirror the states in force now; with the Ogre's
    friend rule, an Ogre keeps their friend's alignment (without being told)."""
    if game.options.get("ogre-friend-rule"):
        state = state_of(game)
        for ogre_name, friend_name in state.ogre_friends.items():
            ogre, friend = game.by_name[ogre_name], game.by_name[friend_name]
            if ogre.role == "ogre" and state.ogre_friend_teams.get(ogre_name) != friend.team:
                state.ogre_friend_teams[ogre_name] = friend.team
                ogre.team = friend.team
                game.note("RoleChanged", {"player": ogre.name, "role": ogre.role,
                                          "team": ogre.team})
    in_force: dict[str, list[Condition]] = {}
    for player in game.players:
        in_force[player.name] = now = conditions(game, player)
        kinds = {c.kind for c in now}
        for kind in (DRUNK, POISONED):
            if kind in kinds:
                player.mark(kind)
            else:
                player.unmark(kind)
    # a token laid by a living source's ability (the Widow's poison) comes off the Grimoire
    # when the state it stands for ends with its source
    for reminder in list(game.reminders):
        if reminder.token in (DRUNK, POISONED) and reminder.source_player is not None and not any(
                c.kind == reminder.token and c.source == reminder.source_player
                for c in in_force.get(reminder.target, ())):
            remove_reminder(game, reminder)


def mark_abnormal(game: Game, player: Player) -> None:
    """`player`'s ability worked abnormally because of another character's ability (the
    Mathematician counts them, since dawn)."""
    state = state_of(game)
    if player.name not in state.abnormal:
        state.abnormal.append(player.name)
    game.note("Abnormal", {"player": player.name})
