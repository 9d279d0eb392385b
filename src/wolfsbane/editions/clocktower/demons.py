"""The script's three Demons, each a few functions and its `Rules` (rules.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import YES_NO, Death, kill
from ...core.changes import change_character
from ...core.reminders import place_reminder, remove_reminders
from .attacks import demon_kills
from .detect import neighbours
from .health import (
    demons,
    healthy,
    is_minion,
    is_outsider,
    is_townsfolk,
    mark_abnormal,
    swap_gained,
)
from .rules import Night, Rules
from .script import EVIL
from .state import POISONED, Condition, seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, None]


def _prey(game: Game, demon: Player) -> list[str]:
    """Whom a Demon may attack: any other living player."""
    return [p.name for p in game.players if p.alive and p is not demon]


def _attack(game: Game, night: Night, demon: Player) -> Generator[Any, Any, Player]:
    """The Demon's choice tonight (asked whatever its health)."""
    target_name: str = yield game.ask(demon, "attack", _prey(game, demon),
                                      prompt="Choose a player: they die.")
    night.attacks[demon.name] = target_name
    return game.by_name[target_name]


# -- No Dashii -----------------------------------------------------------------------------

def no_dashii_neighbours(game: Game, holder: Player) -> list[tuple[str, Condition]]:
    """The nearest Townsfolk on each side of the No Dashii, dead or alive, are poisoned;
    Outsiders, Minions, Demons and Travellers in between are skipped."""
    return [(other.name, Condition(POISONED, holder.name, "no-dashii"))
            for other in neighbours(game, holder, alive=False, where=is_townsfolk)]


def no_dashii(game: Game, night: Night, player: Player) -> Flow:
    """Each night*, the No Dashii chooses a player: they die."""
    target = yield from _attack(game, night, player)
    if not healthy(game, player):
        mark_abnormal(game, player)
        return
    yield from demon_kills(game, night, player, target, "no-dashii")


# -- Fang Gu -------------------------------------------------------------------------------

def fang_gu_has_jumped(game: Game) -> bool:
    """The ONCE token: a Fang Gu has already jumped this game."""
    return any(r.token == "once" and r.source_character == "fang-gu" for r in game.reminders)


def _jumps_to_recluse(game: Game, target: Player) -> Generator[Any, Any, bool]:
    """No official ruling says whether a Recluse (who may register as evil) counts as the
    Outsider the Fang Gu jumps to: the storyteller's `ruling`."""
    answer = yield game.ask_storyteller(
        "ruling", kind=YES_NO, about=target.name, suggest=lambda rng: True,
        reason=f"The Fang Gu attacks the Recluse ({target.name}); there is no official ruling: "
               "suggest yes, the Recluse is an Outsider and the Fang Gu jumps.",
        prompt=f"Does the Fang Gu jump to the Recluse ({target.name})?")
    return bool(answer)


def fang_gu(game: Game, night: Night, player: Player) -> Flow:
    """Each night*, the Fang Gu chooses a player: they die. The first Outsider it kills
    becomes an evil Fang Gu instead, and the old Fang Gu dies."""
    if player.name in night.notes.get("fang-gu-jumped", ()):
        return  # the Outsider it jumped to tonight has had the slot's kill
    target = yield from _attack(game, night, player)
    if not healthy(game, player):
        mark_abnormal(game, player)
        return
    jumps = is_outsider(target) and not fang_gu_has_jumped(game)
    if jumps and target.role == "recluse":
        jumps = yield from _jumps_to_recluse(game, target)
    if not jumps:
        yield from demon_kills(game, night, player, target, "fang-gu")
        return
    state = state_of(game)
    if target.name in state.safe:  # "if that Outsider does not die", nothing happens
        game.note("AttackFailed", {"player": target.name, "by": state.safe[target.name],
                                   "character": "monk"})
        return
    failed: dict[str, str] = night.notes.get("failed-safe", {})
    if target.name in failed:
        mark_abnormal(game, game.by_name[failed[target.name]])
    seat_of(target).shown_team = None
    night.notes.setdefault("fang-gu-jumped", []).append(target.name)
    # "Show them the YOU ARE info token, then the Fang Gu token, then ... a thumbs-down"
    change_character(game, target, "fang-gu", team=EVIL, tell=False)
    game.tell(target, {"about": "you-are", "role": "fang-gu", "alignment": EVIL})
    place_reminder(game, "once", target, player, character="fang-gu")
    yield from kill(game, [Death(player, "fang-gu", player, "fang-gu")])


# -- Lil' Monsta ---------------------------------------------------------------------------

def _babysitter_suggestion(picks: list[str]) -> str:
    """The most named, the first named among equals."""
    counts = Counter(picks)
    best = max(counts.values())
    return next(name for name in picks if counts[name] == best)


def lil_monsta(game: Game, night: Night) -> Flow:
    """Each night the Minions choose who babysits Lil' Monsta and "is the Demon" (the
    storyteller decides when they disagree); each night* a player might die (the
    storyteller's `lil-monsta-kill`)."""
    state = state_of(game)
    if not state.lil_monsta:
        return
    minions = [p for p in game.alive() if is_minion(p) and p.role != "marionette"]
    living = game.alive_names()
    if not living:
        return
    awake = frozenset(m.name for m in minions)
    for minion in minions:
        game.tell(minion, {"about": "lil-monsta", "players": [m.name for m in minions]})
    picks: list[str] = list((yield [
        game.ask(m, "babysit", living, audience=awake,
                 prompt="Choose who babysits Lil' Monsta tonight (and is the Demon).")
        for m in minions])) if minions else []
    if picks and len(set(picks)) == 1:
        chosen = picks[0]
    else:
        # "If they can't decide, choose a player": any living player, not only those named
        suggestion = _babysitter_suggestion(picks) if picks else (
            state.babysitter if state.babysitter in living else living[0])
        chosen = yield game.ask_storyteller(
            "babysitter", living, suggest=lambda rng: suggestion,
            reason=("The Minions did not agree: suggest the most named, "
                    f"{suggestion}." if picks else
                    f"No Minion is awake to choose: suggest {suggestion}."),
            prompt="Who babysits Lil' Monsta tonight?")
    if state.babysitter is not None and state.babysitter in game.by_name:
        remove_reminders(game, "is-the-demon", game.by_name[state.babysitter])
    state.babysitter = chosen
    place_reminder(game, "is-the-demon", game.by_name[chosen], character="lil-monsta")
    if night.number == 1:
        from .minions import marionette_beside  # the Djinn's rule, written with the Minions

        yield from marionette_beside(game, game.by_name[chosen])
        return
    yield from lil_monsta_kill(game, night, game.by_name[chosen])


def lil_monsta_unborn(game: Game) -> str | None:
    """Until the Minions first choose its babysitter (night 1), Lil' Monsta is in play with
    nobody holding it: good has not won for want of a Demon."""
    state = state_of(game)
    if state.lil_monsta and state.babysitter is None:
        return "Lil' Monsta has no babysitter yet"
    return None


def lil_monsta_kill(game: Game, night: Night, babysitter: Player) -> Flow:
    if state_of(game).monsta_drunk_until is not None:
        return  # the storyteller ruled that the Minstrel's drink stops the kill tonight
    living = game.alive_names()
    good = [p.name for p in game.alive() if p.team != EVIL and p is not babysitter]
    evil_living = [p.name for p in game.alive() if p.team == EVIL and p is not babysitter]
    if len(living) <= 5 and evil_living:
        suggestion: str | None = evil_living[0]
        reason = (f"Few players are left and another Minion ({suggestion}) lives: suggest "
                  "killing them, so that the good team is not left guessing among several "
                  "possible babysitters.")
    elif good:
        suggestion = game.rng.choice(good)
        reason = f"Lil' Monsta's kill: suggest a good player, {suggestion}."
    else:
        suggestion, reason = None, "Nobody good is left to kill: suggest no."
    target_name = yield game.ask_storyteller(
        "lil-monsta-kill", living, optional=True, default=None,
        suggest=lambda rng: suggestion, reason=reason,
        prompt="Does someone die to Lil' Monsta tonight? Name them, or no.")
    night.attacks["lil-monsta"] = target_name
    if target_name is None:
        return
    yield from demon_kills(game, night, babysitter, game.by_name[target_name], "lil-monsta")


# -- the Barber's haircuts: the Demon's swap -------------------------------------------------

def _babysitter_swaps(game: Game, babysitter: Player) -> Generator[Any, Any, bool]:
    """No official ruling says whether Lil' Monsta's babysitter makes the Barber's swap."""
    answer = yield game.ask_storyteller(
        "ruling", kind=YES_NO, about=babysitter.name, suggest=lambda rng: True,
        reason=f"The Barber died with Lil' Monsta in play; there is no official ruling: "
               f"suggest yes, its babysitter ({babysitter.name}) is the Demon and may swap.",
        prompt=f"Does Lil' Monsta's babysitter ({babysitter.name}) make the Barber's swap?")
    return bool(answer)


def haircuts(game: Game, night: Night) -> Flow:
    """The Barber's slot: if the Barber died today or tonight, the Demon may choose two
    players (no other Demon) who swap characters, each keeping their alignment; each learns
    their new character."""
    state = state_of(game)
    if not state.haircuts:
        return
    state.haircuts = False
    for barber in game.players:
        remove_reminders(game, "haircuts-tonight", barber)
    living = demons(game)
    if not living:
        return
    demon = living[0]
    babysits = state.babysitter == demon.name
    if babysits and not (yield from _babysitter_swaps(game, demon)):
        return
    others = {p.name for p in living if p is not demon}
    choices = [p.name for p in game.players if p.name not in others]
    forbidden = {name: "another Demon may not be swapped" for name in others}
    pair = yield game.ask(demon, "swap", choices, min=2, max=2, optional=True, default=None,
                          forbidden=forbidden,
                          prompt="The Barber died: choose two players (no other Demon) to "
                                 "swap characters, or no.")
    if not pair:
        return
    first, second = (game.by_name[name] for name in pair)
    first_role, second_role = first.role, second.role
    swap_gained(first, second)
    for player, role in ((first, second_role), (second, first_role)):
        seat_of(player).believes = None
        change_character(game, player, role, team=player.team, tell=False)
        # a swap keeps each player's alignment; they learn their new character and it, in
        # the edition's words ({role, alignment}, as the Snake Charmer's swap)
        game.tell(player, {"about": "you-are", "role": player.role,
                           "alignment": game.edition.team_shown_to_self(player)})
    game.note("Haircut", {"players": list(pair), "by": demon.name})
    from .night import start_knowing  # the night's steps import the characters' rules

    for player in (first, second):
        yield from start_knowing(game, night, player)


RULES: dict[str, Rules] = {
    "no-dashii": Rules("no-dashii", other_nights=no_dashii, conditions=no_dashii_neighbours),
    "fang-gu": Rules("fang-gu", other_nights=fang_gu),
    "lil-monsta": Rules("lil-monsta", table_first_night=lil_monsta,
                        table_other_nights=lil_monsta, holds_off_good=lil_monsta_unborn),
}
