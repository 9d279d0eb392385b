"""The script's thirteen Townsfolk, each a few functions and its `Rules` (rules.py)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import YES_NO
from ...core.changes import change_character
from ...core.reminders import place_reminder, remove_reminders
from .detect import alignment, character, neighbours, registers_as_demon
from .health import (
    abilities_of,
    active,
    add_condition,
    character_type,
    demons,
    healthy,
    is_minion,
    is_townsfolk,
    is_traveller,
    mark_abnormal,
    remove_conditions,
    swap_gained,
)
from .rules import Night, Rules
from .script import DEMON, MINION, OUTSIDER, TOWNSFOLK, of_type
from .state import DRUNK, POISONED, Condition, seat_of, state_of
from .storyteller import earlier, learn, plausible_number

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, None]
NUMBER_SHAPE = (frozenset({"number"}),)
GOOD_IDS = tuple(c.id for c in (*of_type(TOWNSFOLK), *of_type(OUTSIDER)))
EVIL_IDS = tuple(c.id for c in (*of_type(MINION), *of_type(DEMON)) if c.id != "lil-monsta")
OUTSIDER_IDS = tuple(c.id for c in of_type(OUTSIDER))


def _others(game: Game, player: Player, alive: bool = False) -> list[str]:
    return [p.name for p in game.players if p is not player and (p.alive or not alive)]


# -- Chef ----------------------------------------------------------------------------------

def chef(game: Game, night: Night, player: Player) -> Flow:
    seats = game.players
    evil: list[bool] = []
    for other in seats:
        evil.append((yield from alignment(game, other, player)) == "evil")
    count = len(seats)
    pairs = sum(1 for i in range(count) if evil[i] and evil[(i + 1) % count])
    most = max(1, sum(evil))
    fake = plausible_number(pairs, most, earlier(player, "chef"), game.rng.randrange(2))
    yield from learn(game, player, "chef", {"number": pairs}, shapes=NUMBER_SHAPE,
                     fake={"number": fake})


# -- Librarian -----------------------------------------------------------------------------

LIBRARIAN_SHAPES = (frozenset({"players", "role"}), frozenset({"number"}))


def librarian(game: Game, night: Night, player: Player) -> Flow:
    outsiders = [p for p in game.players if character_type(p.role) == OUTSIDER]
    others = [p for p in game.players if p is not player]
    rng = game.rng
    if not outsiders:
        truth: dict[str, Any] = {"number": 0}
        shown = rng.choice(OUTSIDER_IDS)
        pair = rng.sample([p.name for p in others], 2)
        fake: dict[str, Any] = {"players": pair, "role": shown}
        yield from learn(game, player, "librarian", truth, shapes=LIBRARIAN_SHAPES, fake=fake)
        return
    outsider = rng.choice(outsiders)
    wrong = rng.choice([p for p in others if p is not outsider])
    pair = sorted([outsider.name, wrong.name], key=lambda n: game.by_name[n].index)
    truth = {"players": pair, "role": outsider.role}

    def is_true(info: dict[str, Any]) -> bool:
        names = info.get("players")
        role = info.get("role")
        return (isinstance(names, list) and len(set(names)) == 2
                and character_type(str(role)) == OUTSIDER
                and any(game.by_name[n].role == role for n in names))

    in_play = {p.role for p in outsiders}
    absent = [r for r in OUTSIDER_IDS if r not in in_play]
    if absent:
        decoys = [p.name for p in others if p.role not in absent]
        fake = {"players": rng.sample(decoys, 2) if len(decoys) >= 2 else pair,
                "role": rng.choice(absent)}
    else:
        fake = {"number": 0}
    yield from learn(game, player, "librarian", truth, shapes=LIBRARIAN_SHAPES, fake=fake,
                     is_true=is_true, chosen=True)


# -- Empath --------------------------------------------------------------------------------

def empath(game: Game, night: Night, player: Player) -> Flow:
    around = neighbours(game, player)
    evil = 0
    for other in around:
        if (yield from alignment(game, other, player)) == "evil":
            evil += 1
    fake = plausible_number(evil, len(around), earlier(player, "empath"),
                            game.rng.randrange(2))
    yield from learn(game, player, "empath", {"number": evil}, shapes=NUMBER_SHAPE,
                     fake={"number": fake})


# -- Dreamer -------------------------------------------------------------------------------

DREAMER_SHAPES = (frozenset({"player", "roles"}),)


def dreamer(game: Game, night: Night, player: Player) -> Flow:
    choices = [p.name for p in game.players if p is not player and not is_traveller(p)]
    if not choices:
        return
    target_name = yield game.ask(player, "inspect", choices,
                                 prompt="Choose a player: you learn one good and one evil "
                                        "character, one of them theirs.")
    target = game.by_name[target_name]
    seen_as = yield from character(game, target, player)
    rng = game.rng
    seen_evil = seen_as in EVIL_IDS or character_type(seen_as) in (MINION, DEMON)
    pool = [r for r in (GOOD_IDS if seen_evil else EVIL_IDS) if r != seen_as]
    other = rng.choice(pool)
    truth = {"player": target_name, "roles": [seen_as, other]}

    def is_true(info: dict[str, Any]) -> bool:
        roles = info.get("roles")
        if info.get("player") != target_name or not isinstance(roles, list) or len(roles) != 2:
            return False
        if seen_as not in roles:
            return False
        # the false one is of the other side: "If the Dreamer chooses a player who is a
        # Townsfolk or Outsider, the false character token is any Minion or Demon" (and the
        # other way round); a Traveller or a Fabled is neither
        rest = [r for r in roles if r != seen_as] or [seen_as]
        other_side = (TOWNSFOLK, OUTSIDER) if seen_evil else (MINION, DEMON)
        return character_type(rest[0]) in other_side

    wrong_good = rng.choice([r for r in GOOD_IDS if r != seen_as])
    wrong_evil = rng.choice([r for r in EVIL_IDS if r != seen_as])
    fake = {"player": target_name, "roles": [wrong_good, wrong_evil]}
    yield from learn(game, player, "dreamer", truth, shapes=DREAMER_SHAPES, fake=fake,
                     is_true=is_true, chosen=True)


# -- Village Idiot -------------------------------------------------------------------------

ALIGNMENT_SHAPE = (frozenset({"player", "alignment"}),)


def village_idiot(game: Game, night: Night, player: Player) -> Flow:
    target_name = yield game.ask(player, "inspect", _others(game, player),
                                 prompt="Choose a player: you learn their alignment.")
    target = game.by_name[target_name]
    seen = yield from alignment(game, target, player)
    fake = {"player": target_name, "alignment": "good" if seen == "evil" else "evil"}
    yield from learn(game, player, "village-idiot", {"player": target_name, "alignment": seen},
                     shapes=ALIGNMENT_SHAPE, fake=fake)


# -- Snake Charmer -------------------------------------------------------------------------

def snake_charmer(game: Game, night: Night, player: Player) -> Flow:
    target_name = yield game.ask(player, "charm", _others(game, player, alive=True),
                                 prompt="Choose a living player: if they are the Demon, you "
                                        "trade places with them.")
    target = game.by_name[target_name]
    state = state_of(game)
    babysitter = state.lil_monsta and state.babysitter == target.name
    if character_type(target.role) != DEMON and not (
            babysitter and (yield from _charms_the_babysitter(game, player, target))):
        return
    if not healthy(game, player):
        mark_abnormal(game, player)
        return
    demon_role, demon_team = target.role, target.team
    charmer_role, charmer_team = player.role, player.team
    change_character(game, player, demon_role, team=demon_team, tell=False)
    change_character(game, target, charmer_role, team=charmer_team, tell=False)
    swap_gained(player, target)
    if babysitter:  # the charmer takes the Minion's place and holds Lil' Monsta
        remove_reminders(game, "is-the-demon", target)
        state.babysitter = player.name
        place_reminder(game, "is-the-demon", player, character="lil-monsta")
    add_condition(game, target, Condition(POISONED, None, "snake-charmer"))
    place_reminder(game, "poisoned", target, character="snake-charmer")
    game.tell(player, {"about": "you-are", "role": demon_role, "alignment": demon_team})
    game.tell(target, {"about": "you-are", "role": charmer_role, "alignment": charmer_team})


def _charms_the_babysitter(game: Game, charmer: Player, babysitter: Player) -> Generator[
        Any, Any, bool]:
    """No official ruling says whether Lil' Monsta's babysitter, who "is the Demon", is
    charmed: the storyteller's `ruling`."""
    answer = yield game.ask_storyteller(
        "ruling", kind=YES_NO, about=charmer.name, suggest=lambda rng: True,
        reason=f"The Snake Charmer ({charmer.name}) chose Lil' Monsta's babysitter "
               f"({babysitter.name}); there is no official ruling: suggest yes, the babysitter "
               "is the Demon, so they swap characters and alignments and the charmer now "
               "holds Lil' Monsta.",
        prompt=f"Does the Snake Charmer's charm catch Lil' Monsta's babysitter "
               f"({babysitter.name})?")
    return bool(answer)


# -- Mathematician -------------------------------------------------------------------------

def mathematician(game: Game, night: Night, player: Player) -> Flow:
    count = sum(1 for name in state_of(game).abnormal if name != player.name)
    fake = plausible_number(count, len(game.alive()), earlier(player, "mathematician"),
                            game.rng.randrange(2))
    yield from learn(game, player, "mathematician", {"number": count}, shapes=NUMBER_SHAPE,
                     fake={"number": fake})


# -- Fortune Teller ------------------------------------------------------------------------

FORTUNE_SHAPE = (frozenset({"players", "yes"}),)


def fortune_teller(game: Game, night: Night, player: Player) -> Flow:
    names = [p.name for p in game.players]
    pair = yield game.ask(player, "inspect", names, min=2, max=2,
                          prompt="Choose two players: you learn whether either is a Demon.")
    herring = state_of(game).red_herring
    yes = False
    for name in pair:
        target = game.by_name[name]
        if name == herring or (yield from registers_as_demon(game, target, player)):
            yes = True
    yield from learn(game, player, "fortune-teller", {"players": list(pair), "yes": yes},
                     shapes=FORTUNE_SHAPE, fake={"players": list(pair), "yes": not yes})


def red_herring(game: Game) -> Flow:
    """Set-up: the good player who registers as a Demon to the Fortune Teller ("any good
    player": a good Traveller too, though a seated one is suggested)."""
    good = [p.name for p in game.players if p.team == "good"]
    if not good:
        return
    settled = [name for name in good if not is_traveller(game.by_name[name])] or good
    teller = next(p for p in game.players if "fortune-teller" in abilities_of(p))
    chosen = yield game.ask_storyteller(
        "red-herring", good, suggest=lambda rng: rng.choice(settled),
        reason=f"Any good player may be the Fortune Teller's red herring ({teller.name} is "
               "the Fortune Teller): suggest one at random.",
        prompt="Choose the good player who registers as a Demon to the Fortune Teller.")
    state_of(game).red_herring = chosen
    place_reminder(game, "red-herring", game.by_name[chosen], teller)


# -- Monk ----------------------------------------------------------------------------------

def monk(game: Game, night: Night, player: Player) -> Flow:
    # "choose a player (not yourself)": any player, dead ones too (the Snake Charmer's text is
    # the one that says "alive")
    target_name = yield game.ask(player, "protect", _others(game, player),
                                 prompt="Choose a player other than yourself: the Demon "
                                        "cannot harm them tonight.")
    if healthy(game, player):
        state_of(game).safe[target_name] = player.name
        place_reminder(game, "safe", game.by_name[target_name], player)
    else:
        night.notes.setdefault("failed-safe", {})[target_name] = player.name


# -- Virgin --------------------------------------------------------------------------------

def virgin_nominated(game: Game, virgin: Player, nominator: Player) -> Generator[Any, Any, bool]:
    """The first nomination spends the ability, drunk or not; a Townsfolk nominator of a
    healthy Virgin is executed at once, which ends the day."""
    if virgin.has_used("purity"):
        return False
    virgin.use("purity")
    place_reminder(game, "no-ability", virgin, virgin)
    if not is_townsfolk(nominator):
        return False
    if not healthy(game, virgin):
        mark_abnormal(game, virgin)
        return False
    from .days import execute  # the day's execution, which the Virgin calls at once

    yield from execute(game, nominator)
    return True


# -- Minstrel ------------------------------------------------------------------------------

def minstrel_execution(game: Game, minstrel: Player, executed: Player, died: bool) -> Flow:
    if not died or not is_minion(executed) or not active(minstrel):
        return
    if not healthy(game, minstrel):
        mark_abnormal(game, minstrel)
        return
    state = state_of(game)
    until = f"night {state.day + 2}"
    for other in game.players:
        if other is not minstrel and not is_traveller(other):
            add_condition(game, other, Condition(DRUNK, None, "minstrel", until=until))
    game.note("EveryoneDrunk", {"until": until, "by": minstrel.name})
    if state.lil_monsta:
        # Lil' Monsta is no player and cannot be drunk; whether the drink stops its kill has
        # no official ruling
        stops = yield game.ask_storyteller(
            "ruling", kind=YES_NO, about=minstrel.name, suggest=lambda rng: False,
            reason="The Minstrel made everyone drunk with Lil' Monsta in play; there is no "
                   "official ruling: suggest no, Lil' Monsta is no player and cannot be drunk.",
            prompt="Does the Minstrel's drink stop Lil' Monsta's kill until dusk tomorrow?")
        if stops:
            state.monsta_drunk_until = until


# -- Cannibal ------------------------------------------------------------------------------

def cannibal_execution(game: Game, cannibal: Player, executed: Player, died: bool) -> Flow:
    if not died or executed is cannibal or not cannibal.alive:
        return
    seat = seat_of(cannibal)
    seat.lunch = executed.role if executed.role != "cannibal" else None
    place_reminder(game, "lunch", executed, cannibal)
    remove_conditions(game, cannibal, "cannibal")
    if executed.team == "evil":
        add_condition(game, cannibal, Condition(POISONED, cannibal.name, "cannibal"))
    game.note("AbilityGained", {"player": cannibal.name, "role": executed.role})
    return
    yield  # asks nothing


# -- Banshee -------------------------------------------------------------------------------

def banshee_died(game: Game, banshee: Player, cause: str) -> Generator[Any, Any, list[Any]]:
    if cause == "demon":
        if healthy(game, banshee):
            seat_of(banshee).empowered = True
            place_reminder(game, "has-ability", banshee, banshee)
            state_of(game).banshee_news.append(banshee.name)
        else:
            mark_abnormal(game, banshee)
    return []
    yield  # asks nothing


def banshee_news(game: Game) -> None:
    """The table hears that the Demon killed a Banshee: at dawn with the night's deaths (the
    Banshee's step of the night sheet is where the storyteller notes it; nobody hears of a
    night's death before dawn)."""
    state = state_of(game)
    for name in state.banshee_news:
        game.announce({"about": "banshee", "player": name})
    state.banshee_news.clear()


def awoken(game: Game, player: Player) -> bool:
    """A Banshee the Demon killed, with her ability now: two nominations a day and two hands
    a vote, without a vote token. Drunk or poisoned, she is "like a regular dead player"; given
    another character (the Barber's haircut), she has the Banshee's ability no more."""
    return (seat_of(player).empowered and "banshee" in abilities_of(player)
            and healthy(game, player))


def banshee_weight(game: Game, voter: Player) -> int:
    return 2 if awoken(game, voter) else 1


def is_demon_attack(game: Game, killer: Player | None) -> bool:
    return killer is not None and killer in demons(game, alive=False)


RULES: dict[str, Rules] = {
    "chef": Rules("chef", first_night=chef),
    "librarian": Rules("librarian", first_night=librarian),
    "empath": Rules("empath", first_night=empath, other_nights=empath),
    "dreamer": Rules("dreamer", first_night=dreamer, other_nights=dreamer),
    "village-idiot": Rules("village-idiot", first_night=village_idiot,
                           other_nights=village_idiot),
    "snake-charmer": Rules("snake-charmer", first_night=snake_charmer,
                           other_nights=snake_charmer),
    "mathematician": Rules("mathematician", first_night=mathematician,
                           other_nights=mathematician),
    "fortune-teller": Rules("fortune-teller", first_night=fortune_teller,
                            other_nights=fortune_teller, setup=red_herring),
    "monk": Rules("monk", other_nights=monk),
    "virgin": Rules("virgin", on_nominated=virgin_nominated),
    "minstrel": Rules("minstrel", on_execution=minstrel_execution),
    "cannibal": Rules("cannibal", on_execution=cannibal_execution),
    "banshee": Rules("banshee", on_death=banshee_died, vote_weight=banshee_weight,
                     even_if_dead=True),
}
