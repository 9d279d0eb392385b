"""The two night tables, run slot by slot: the framework's own slots (dusk, Minion and Demon
info, dawn) and each character's turn for every player who uses that ability now."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import NightTurn, check_end
from ...core.deaths import tell_deaths
from ...core.night import Ability, together
from ...core.reminders import remove_reminders
from .health import abilities_of, active, demons, is_minion, name_of, sync_markers, wear_off
from .registry import RULES
from .rules import Night
from .script import DAWN, DEMON_INFO, DUSK, FIRST_NIGHT, MINION_INFO, OTHER_NIGHTS
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, None]

# What each slot asks, as RULINGS names the decisions (the narrator's sheet shows them).
SLOT_DECISIONS: dict[str, tuple[str, ...]] = {
    "dreamer": ("inspect",), "village-idiot": ("inspect",), "fortune-teller": ("inspect",),
    "snake-charmer": ("charm",), "monk": ("protect",), "ogre": ("befriend",),
    "godfather": ("attack",), "summoner": ("summon",), "widow": ("poison",),
    "thief": ("steal",), "bone-collector": ("restore",), "no-dashii": ("attack",),
    "fang-gu": ("attack",), "barber": ("swap",), "lil-monsta": ("babysit",),
}
STEP_WORDS = {
    DUSK: "Dusk: everyone closes their eyes.",
    MINION_INFO: "Minions, wake up and see your Demon and each other.",
    DEMON_INFO: "Demon, wake up and see your Minions and three characters not in play.",
    DAWN: "Dawn: everyone opens their eyes.",
}


def _turn(slot: str) -> NightTurn:
    called = {DUSK: "Dusk", MINION_INFO: "Minion info", DEMON_INFO: "Demon info",
              DAWN: "Dawn"}.get(slot) or name_of(slot)
    decisions = SLOT_DECISIONS.get(slot, ())
    words = STEP_WORDS.get(slot) or (
        f"{called}, wake up" + (" and choose." if decisions else " and learn what you learn."))
    return NightTurn(slot, called, decisions, words)


NIGHT_ORDER: dict[str, tuple[NightTurn, ...]] = {
    "first": tuple(_turn(slot) for slot in FIRST_NIGHT),
    "other": tuple(_turn(slot) for slot in OTHER_NIGHTS),
}


def _character_turn(slot: str, first: bool) -> Ability[Night]:
    def turn(game: Game, night: Night) -> Flow | None:
        rules = RULES.get(slot)
        if rules is None:
            return None
        table = rules.table_first_night if first else rules.table_other_nights
        if table is not None:
            return table(game, night)
        act = rules.first_night if first else rules.other_nights
        if act is None:
            return None
        return _each_actor(game, night, slot, act, rules.even_if_dead)

    def turn_unless_won(game: Game, night: Night) -> Flow | None:
        if night.won:
            return None  # once a win holds nothing more is asked (RULINGS)
        steps = turn(game, night)
        return None if steps is None else _then_check_the_win(game, night, steps)

    return turn_unless_won


def _then_check_the_win(game: Game, night: Night, steps: Flow) -> Flow:
    """A step, then the win check: a death or a change of character in the night (the
    Godfather's kill of the Demon, the Demon's kill leaving two alive, a Summoner who cannot
    summon on night 3, the Demon's haircut with a dead player) wins the game at once, so no
    later step of the night is woken, and dawn (which a timed night keeps waiting for its
    clock, so that nobody learns when the step came) announces the deaths and the end.
    Otherwise what follows any step comes next (`Rules.after_night_step`: the Evil Twin paired
    anew)."""
    yield from steps
    if game.edition.check_win(game) is not None:
        night.won = True
        return
    for after in AFTER_NIGHT_STEP:
        yield from after(game, night)


# the characters' hooks after each night step, gathered once (every step of every night reads
# them)
AFTER_NIGHT_STEP = tuple(rules.after_night_step for rules in RULES.values()
                         if rules.after_night_step is not None)


def start_knowing(game: Game, night: Night, player: Player) -> Flow:
    """A player given a new character after the first night gains its ability at once, "you
    start knowing" included (base rules): the character's first-night ability runs now (the
    Chef's pairs, the Librarian's Outsider, the Godfather's Outsiders, the Ogre's friend). A
    character whose first night rests on a set-up made before it (the Widow's KNOW player, the
    Evil Twin's pair) keeps the set-up the game began with."""
    rules = RULES.get(player.role)
    if (rules is None or rules.first_night is None or rules.first_night is rules.other_nights
            or rules.setup is not None):
        return
    steps = rules.first_night(game, night, player)
    if steps is not None:
        yield from steps
    sync_markers(game)


def _each_actor(game: Game, night: Night, slot: str, act: Any, even_if_dead: bool) -> Flow:
    """The slot's ability for each player who uses it as the slot begins, in seat order (a
    player who gains it during the slot, as the Demon a Snake Charmer swaps with, waits for
    the next night)."""
    actors = [p for p in game.players
              if slot in abilities_of(p) and active(p, even_if_dead)]
    if len(actors) > 1:
        # several players of one step (the extra Village Idiots) are woken together: none is
        # asked later for another's being slow
        flows = (act(game, night, player) for player in actors)
        yield from together(flow for flow in flows if flow is not None)
        sync_markers(game)
        return
    for player in actors:
        if slot not in abilities_of(player) or not active(player, even_if_dead):
            continue
        steps = act(game, night, player)
        if steps is not None:
            yield from steps
        sync_markers(game)


def dusk(game: Game, night: Night) -> Flow:
    """What lasts "until dusk" ends: the Minstrel's drink, the Bone Collector's gift, the
    Thief's stolen votes, the Monk's protection; Travellers who joined get an alignment."""
    from .setup import travellers_joined

    yield from travellers_joined(game)
    state = state_of(game)
    wear_off(game, game.phase)
    for player in game.players:
        seat_of(player).regained = False
    state.negative.clear()
    for target in list(state.safe):
        remove_reminders(game, "safe", game.by_name[target])
    state.safe.clear()
    sync_markers(game)


def minion_info(game: Game, night: Night) -> None:
    """With enough players, each Minion learns the Demon and the other Minions (the
    Marionette does not wake for it)."""
    state = state_of(game)
    if not state.evil_info:
        return
    minions = [p for p in game.players if is_minion(p) and p.role != "marionette"]
    for minion in minions:
        for demon in demons(game):
            game.tell(minion, {"about": "demon", "player": demon.name})
        game.tell(minion, {"about": "minions",
                           "players": [m.name for m in minions if m is not minion]})


def demon_info(game: Game, night: Night) -> None:
    """The Demon learns its Minions and three good characters not in play (its bluffs)."""
    state = state_of(game)
    if not state.evil_info:
        return
    minions = [p.name for p in game.players if is_minion(p) and p.role != "marionette"]
    for demon in demons(game):
        game.tell(demon, {"about": "minions", "players": minions})
        game.tell(demon, {"about": "bluffs", "roles": list(state.bluffs)})


def dawn(game: Game, night: Night) -> Flow:
    """The night's deaths are announced; a Klutz who died learns it; the Mathematician's
    count starts again; the storyteller may end a game whose result is certain."""
    from .outsiders import klutzes_choose
    from .townsfolk import banshee_news
    from .wins import offer_end

    state = state_of(game)
    # the Mathematician counts "since dawn": what goes wrong from here on (a poisoned Klutz's
    # choice as she learns she died) counts the next night
    state.abnormal.clear()
    for name in tell_deaths(game):
        game.announce({"about": "death", "player": name})
    banshee_news(game)
    check_end(game)  # a win that holds already asks nothing more, not even a dead Klutz
    yield from klutzes_choose(game)
    state.died_today.clear()
    sync_markers(game)
    check_end(game)
    yield from offer_end(game, "dawn")


def _dawn_slot(game: Game, night: Night) -> None:
    """Dawn's place in the table: what it brings runs once the night is over (`dawn`, given
    to `run_night` as the night's end), so that a timed night announces nothing before its
    clock runs out."""


def abilities(first: bool) -> dict[str, Ability[Night]]:
    order = FIRST_NIGHT if first else OTHER_NIGHTS
    own: dict[str, Ability[Night]] = {DUSK: dusk, MINION_INFO: minion_info,
                                      DEMON_INFO: demon_info, DAWN: _dawn_slot}
    return {slot: own.get(slot) or _character_turn(slot, first) for slot in order}


ABILITIES: dict[str, dict[str, Ability[Night]]] = {
    "first": abilities(True),
    "other": abilities(False),
}
