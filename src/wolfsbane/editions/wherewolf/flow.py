"""The moderator's script: set-up, then night and day in turn until the game ends."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import YES_NO, Death, GameOver, check_end, kill
from ...core.night import Ability, narrated_only, run_night, table_kind, tells_only
from . import catalog as c
from . import night as n
from . import votes as v
from .rules import convert, could_be, possible_roles, variant
from .state import seat_of, state_of
from .wins import deadlock

if TYPE_CHECKING:
    from ...core import Game, Player
    from ...core.edition import DeathsFlow

Flow = Generator[Any, Any, Any]

# Five days and five nights in a row without a death: the automatic storyteller ends the game
# there (so that games of bots always end); a human moderator is asked and may play on.
QUIET_LIMIT = 10


def run(game: Game) -> Flow:
    yield from setup(game)
    number = 1
    while True:
        yield from night(game, number)
        yield from day(game, number)
        number += 1


def setup(game: Game) -> Flow:
    for player in game.players:
        seat_of(player).aura = c.aura_of_card(player.role)
        if player.role == "assassin" and variant(game, "assassin", "vigilante"):
            player.team = c.VILLAGE
            seat_of(player).aura = c.WHITE
        if player.role == "corrupt-guard" and variant(game, "corrupt-guard", "non-criminal"):
            player.team = c.VILLAGE
        if player.role == "wizard" and variant(game, "wizard", "dark-wizard"):
            player.team = c.WEREWOLVES
            seat_of(player).also = c.VAMPIRES
    state_of(game).possible = set(possible_roles(game))
    game.announce({"about": "composition", "roles": possible_roles(game),
                   "number": len(game.players)})
    natures = list(c.PEASANT_HIDDEN) + [
        h for h in c.PEASANT_HIDDEN_VARIANTS if variant(game, "peasant", h)]
    for peasant in game.with_role("peasant"):
        hidden = yield game.ask_storyteller(
            "hidden-role", natures, about=peasant.name,
            prompt=f"Choose {peasant.name}'s hidden nature.")
        seat_of(peasant).hidden = hidden
        game.note("HiddenRole", {"player": peasant.name, "role": hidden})
    for item in n.ITEMS:
        if game.options[item]:
            holder = yield game.ask_storyteller(
                f"{item}-holder", [p.name for p in game.players],
                prompt=f"Who first holds the {item}?")
            game.by_name[holder].mark(item)
            state_of(game).held[item] = [holder]


def _dead_count(game: Game) -> int:
    return sum(1 for p in game.players if not p.alive)


def _quiet(game: Game, dead_before: int) -> Flow:
    """Count the phases in a row without a death. Two players left after a night and a day
    without a death are the rulebook's deadlock, and the game ends. With more players left the
    village may still win, so after each quiet night and day the storyteller decides
    (`end-game`) whether the game is stuck; the automatic storyteller ends it after five quiet
    days and nights."""
    if _dead_count(game) > dead_before:
        state_of(game).quiet = 0
        return
    state_of(game).quiet += 1
    quiet = state_of(game).quiet
    if quiet < 2:
        return
    if len(game.alive()) == 2:
        raise GameOver(deadlock(game, "two players are left and a night and a day passed "
                                      "without a death"))
    stuck = deadlock(game, f"the storyteller called the game after {quiet} nights and days "
                           "in a row without a death")
    end = yield game.ask_storyteller(
        "end-game", kind=YES_NO, optional=True, default=False,
        suggest=lambda rng: quiet >= QUIET_LIMIT,
        prompt=f"Nobody has died for {quiet} nights and days in a row. End the game now? "
               + _deadlock_words(stuck.winner))
    if end:
        raise GameOver(stuck)


def _deadlock_words(winner: str) -> str:
    if winner == "none":
        return "By the deadlock rule nobody would win."
    return f"By the deadlock rule the {winner} would win."


def night(game: Game, number: int) -> Flow:
    game.begin_phase(f"night {number}")
    before = _dead_count(game)
    state = n.Night(number)
    if number > 1:  # what the night carries over from the day, before anyone wakes
        if variant(game, "madman", "transfer-of-powers"):
            n.madman_takes_over(game)
        table = state_of(game)
        grieving, table.grieving = table.grieving, []
        for name in grieving:
            state.add(game.by_name[name], "grief", character="juliet")
        table.sick_night, table.sick_pending = table.sick_pending, False
    kind = table_kind(number)
    yield from run_night(game, game.edition.night_order[kind], NIGHT_ABILITIES[kind], state)
    if number == 1:  # the amulet and the sword are found once everyone is asleep again
        n.items_found(game)
    yield from dawn(game, state)
    check_end(game)
    if number > 1:  # nobody can die on the first night: it does not count towards a deadlock
        yield from _quiet(game, before)


# -- the night tables' slots (table.NIGHT_ORDER), by turn id --------------------------------
# A slot that only hands on a card's generator returns it rather than wrapping it in one more
# generator: every decision of the night passes through each layer.

def _madman(game: Game, state: n.Night) -> Flow:
    return n.madman_claims(game)


def _juliet(game: Game, state: n.Night) -> Flow:
    return n.juliet_chooses(game)


def _pack_meets(game: Game, state: n.Night) -> None:
    n.werewolves_recognise(game)


def _ghoul(game: Game, state: n.Night) -> None:
    n.ghoul_recognises(game)
    # The dark wizard raises a hand for the pack and the vampire; the first night's table
    # gives him no turn of his own, so he does it as the last of the night's recognitions,
    # before the mystics wake.
    n.dark_wizard_shows_himself(game)


def _first_seer(game: Game, state: n.Night) -> Flow:
    return n.seers_look(game, state)


def _wizard(game: Game, state: n.Night) -> Flow:
    return n.wizards_look(game, state)


def _items(game: Game, state: n.Night) -> Flow:
    return n.items_pass(game, state)


def _seer(game: Game, state: n.Night) -> Flow:
    # the assassin chooses the mystic's turn to strike in before the first mystic wakes
    yield from n.assassin_chooses(game, state)
    yield from n.seers_look(game, state)


def _medium(game: Game, state: n.Night) -> Flow:
    return n.mediums_look(game, state)


def _witch(game: Game, state: n.Night) -> Flow:
    return n.witches_protect(game, state)


def _pack_hunts(game: Game, state: n.Night) -> Flow:
    yield from n.werewolves_attack(game, state)
    state_of(game).sick_night = False  # the sick one's night ends with the pack's meal


def _vampire(game: Game, state: n.Night) -> Flow:
    return n.vampires_bite(game, state)


def _guild_master(game: Game, state: n.Night) -> Flow:
    if state.number == 3 and not variant(game, "guild-master", "dangerous-nights"):
        yield from n.guild_master_recruits(game, state)


def _prison_guards(game: Game, state: n.Night) -> Flow:
    if state.number == 3 and variant(game, "guard", "village-prisons"):
        yield from n.guards_imprison(game, state)


def _healer(game: Game, state: n.Night) -> Flow:
    return n.healers_save(game, state)


NIGHT_ABILITIES: dict[str, dict[str, Ability[n.Night]]] = {
    "first": {
        "madman": _madman, "juliet": _juliet,
        "criminals": tells_only(n.criminals_recognise),
        "guards": tells_only(n.guards_recognise),
        "priest": tells_only(n.priest_learns),
        "werewolves": _pack_meets,
        # the pack saw the cursed wolf among its own when it met
        "cursed-wolf": narrated_only,
        "vampire-hunter": tells_only(n.vampire_hunter_learns),
        "ghoul": _ghoul,
        "seer": _first_seer, "wizard": _wizard,
    },
    "other": {
        "items": _items, "seer": _seer, "wizard": _wizard, "medium": _medium,
        "witch": _witch, "werewolves": _pack_hunts, "vampire": _vampire,
        "guild-master": _guild_master, "guard": _prison_guards, "healer": _healer,
    },
}


def dawn(game: Game, state: n.Night) -> Flow:
    deaths = _ghoul_sacrifice(game, list(state.deaths))
    deaths = _amulet(game, deaths)
    for death in deaths:
        player = death.player
        if (death.cause == "attack" and player.role == "peasant"
                and seat_of(player).hidden == "sick-one"):
            state_of(game).sick_pending = True
    yield from kill(game, deaths)
    if could_be(game, "innkeeper"):
        open_inn = any(p.role == "innkeeper" for p in game.alive())
        for news in _inn_news(game):
            game.announce({"about": "inn", "news": news,
                           "yes": bool(open_inn and _inn_heard(state, news))})


def _ghoul_sacrifice(game: Game, deaths: list[Death]) -> list[Death]:
    """Sacrifice: the first time the vampire would die in the night, for whatever reasons
    (one or several), the ghoul dies in their place instead and the vampire lives."""
    table = state_of(game)
    if not variant(game, "ghoul", "sacrifice") or table.ghoul_sacrificed:
        return deaths
    ghouls = [p for p in game.alive() if p.role == "ghoul"]
    vampire = next((d.player for d in deaths if d.player.role == "vampire"), None)
    if not ghouls or vampire is None:
        return deaths
    out: list[Death] = []
    for death in deaths:
        if death.player is not vampire:
            out.append(death)
        elif not table.ghoul_sacrificed:
            out.append(Death.caused_by(ghouls[0], "sacrifice", ghouls[0]))
            table.ghoul_sacrificed = True
    return out


def _inn_news(game: Game) -> list[str]:
    """What the inn reports each morning: the card's own news (the seer's dark aura) unless the
    innkeeper's variant names other news (one, or a list: one announcement each)."""
    chosen = game.options["variants"].get("innkeeper")
    if not chosen:
        return [c.INN_NEWS[0]]
    return [chosen] if isinstance(chosen, str) else [str(news) for news in chosen]


def _inn_heard(state: n.Night, news: str) -> bool:
    return {
        "seer-found-a-dark-aura": state.dark_found,
        "wizard-found-a-mystic": state.mystic_found,
        "healer-saved": state.healed,
        "vampire-created": state.vampire_made,
    }[news]


def _amulet(game: Game, deaths: list[Death]) -> list[Death]:
    """The amulet's holder survives whatever would kill them, once; then it is gone."""
    out: list[Death] = []
    spared: set[str] = set()
    for death in deaths:
        player, cause = death.player, death.cause
        if player.name in spared:
            continue
        if "amulet" in player.markers:
            player.unmark("amulet")
            spared.add(player.name)
            game.note("AmuletSaved", {"player": player.name, "cause": cause})
            continue
        out.append(death)
    return out


def day(game: Game, number: int) -> Flow:
    game.begin_phase(f"day {number}")
    before = _dead_count(game)
    if len(game.alive()) >= 2:
        accused, decreed = yield from v.first_vote(game)
        if decreed:
            condemned: str | None = decreed[0]
            reason = ""
        elif not accused:
            condemned, reason = None, "no votes"
        else:
            condemned, reason = yield from v.second_vote(game, accused)
        yield from v.stake(game, condemned, reason)
    check_end(game)
    yield from _quiet(game, before)


def death_triggers(game: Game, player: Player, cause: str) -> DeathsFlow:
    more: list[Death] = []
    beloved = seat_of(player).beloved
    if beloved:
        partner = game.by_name[beloved]
        if partner.alive:
            if cause == "execution" and variant(game, "juliet", "nighttime-suicide"):
                state_of(game).grieving.append(partner.name)
            else:
                # "the other also dies immediately": before anything else, the curse included
                grief = [Death(partner, "grief", by=player)]
                if game.phase.startswith("night"):  # a death at night, whatever its reason
                    grief = _ghoul_sacrifice(game, grief)
                yield from kill(game, _amulet(game, grief))
    if cause == "execution" and player.role == "cursed-wolf":
        if variant(game, "cursed-wolf", "wolf-cub"):
            state_of(game).wolf_cub_revenge = True
        else:
            # The curse is not immediate: once the stake has won the game, nothing more is
            # asked (RULINGS: "Once a win holds the game is over").
            check_end(game)
            choices = game.alive_names(exclude=player)
            if choices:
                target = yield game.ask(player, "curse", choices, optional=True,
                                        prompt="Show your card and take a player with you?")
                if target is not None:
                    game.announce({"about": "curse", "player": player.name,
                                   "role": "cursed-wolf", "target": target})
                    more.append(Death.caused_by(game.by_name[target], "curse", player))
    if (player.role == "vampire" and variant(game, "vampire", "blood-legacy")
            and not any(p.role == "vampire" for p in game.alive())):
        made = state_of(game).minor_vampires  # the first minor vampire made inherits
        heirs = [game.by_name[name] for name in made
                 if game.by_name[name].alive and game.by_name[name].role == "minor-vampire"]
        if heirs:
            # the heir takes the vampire's place now; "the Moderator taps their shoulder
            # during the Vampire's turn to let them know" (night.vampires_bite)
            convert(game, heirs[0], role="vampire")
            state_of(game).heirs_untold.append(heirs[0].name)
    if player.role in c.MYSTICS:
        state_of(game).dead_mystics.add(player.role)
    return _amulet(game, more)
