"""The night, turn by turn, as the Wherewolf moderator calls it.

Every turn is called whether or not its role was dealt: an undealt role's turn simply asks
nobody. Nothing public happens during a night; what players learn is private (`tell`), and the
deaths are announced at dawn. Deaths are collected while the night runs and happen at dawn, so
that the healer, last, can learn who was killed and save one of them.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core import Death
from . import catalog as c
from .rules import (
    aura,
    convert,
    is_monster,
    is_mystic,
    is_wolf,
    names,
    pack,
    side,
    strongest_wolves,
    variant,
)
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, Any]
ITEMS = ("amulet", "sword")


@dataclass
class Night:
    number: int
    deaths: list[Death] = field(default_factory=list)
    protected: set[str] = field(default_factory=set)  # the witch's shield
    cursed: set[str] = field(default_factory=set)  # the witch's curse (variant)
    dark_found: bool = False  # a seer saw a dark aura (the innkeeper's news)
    mystic_found: bool = False  # a wizard found a mystic (the innkeeper's news, variant)
    healed: bool = False  # the healer brought someone back (the innkeeper's news, variant)
    vampire_made: bool = False  # a bite made a minor vampire (the innkeeper's news, variant)
    strike: str | None = None  # the mystic's turn the assassin chose
    assassin: Player | None = None

    def add(self, player: Player, cause: str, by: Player | None = None,
            character: str | None = None) -> None:
        """A death at dawn; `by` and `character` name its source where the rules know it
        (`by` alone: the source's own character)."""
        if by is not None and character is None:
            character = by.role
        self.deaths.append(Death(player, cause, by, character))

    def pointed(self, game: Game, pointer: Player, target: str | list[str] | None) -> None:
        """The Monster (a peasant's hidden nature): from the second night on, whoever points
        at it dies at the end of the night."""
        if self.number < 2 or target is None:
            return
        for name in [target] if isinstance(target, str) else target:
            if is_monster(game.by_name[name]) and game.by_name[name].alive:
                self.add(pointer, "monster", game.by_name[name])


def _others(game: Game, player: Player) -> tuple[list[str], dict[str, str]]:
    return game.alive_names(exclude=player), {player.name: "you cannot choose yourself"}


# -- night 1: who knows whom -------------------------------------------------------------------

def madman_claims(game: Game) -> Flow:
    for madman in game.with_role("madman"):
        claim = yield game.ask(madman, "claim", list(c.MYSTICS), optional=True, default="seer",
                               prompt="Which mystic will you pretend to be?")
        seat_of(madman).claim = claim or "seer"


def juliet_chooses(game: Game) -> Flow:
    for juliet in game.with_role("juliet"):
        choices, forbidden = _others(game, juliet)
        if not choices:
            continue
        pick = yield game.ask(juliet, "choose-romeo", choices, forbidden=forbidden,
                              prompt="Choose your Romeo.")
        romeo = game.by_name[pick]
        seat_of(juliet).beloved = romeo.name
        seat_of(romeo).beloved = juliet.name
        seat_of(romeo).side = romeo.team
        romeo.team = c.LOVERS
        romeo.mark("romeo")
        game.note("LoversLinked", {"players": [juliet.name, romeo.name]})
        game.tell(romeo, {"about": "romeo", "player": juliet.name, "role": "juliet"})
        game.tell(juliet, {"about": "romeo", "player": romeo.name})


def criminals_recognise(game: Game) -> None:
    # a criminal chosen as Romeo is still a criminal: only his victory condition changed
    gang = [p for p in game.alive() if side(p) == c.CRIMINALS]
    for member in gang:
        game.tell(member, {"players": [p.name for p in gang if p is not member],
                           "team": c.CRIMINALS})


def guards_recognise(game: Game) -> None:
    guards = [p for p in game.alive() if p.role in c.GUARDS
              or (p.role == "vampire-hunter" and variant(game, "vampire-hunter", "town-guard"))]
    criminals = sum(1 for p in game.players if side(p) == c.CRIMINALS)
    for guard in guards:
        game.tell(guard, {"about": "guards", "players": [p.name for p in guards if p is not guard]})
        if guard.role != "vampire-hunter":
            game.tell(guard, {"about": "criminals", "number": criminals})


def priest_learns(game: Game) -> None:
    sinners = [p.name for p in game.players if p.role == "sinner"]
    bocca = any(p.role == "bocca-di-rosa" for p in game.players)
    for priest in game.with_role("priest"):
        if sinners:
            game.tell(priest, {"about": "sinner", "yes": True, "player": sinners[0],
                               "players": sinners, "role": "sinner"})
        else:
            game.tell(priest, {"about": "sinner", "yes": False, "players": []})
        game.tell(priest, {"about": "bocca-di-rosa", "role": "bocca-di-rosa", "yes": bocca})


def werewolves_recognise(game: Game) -> None:
    wolves = [p for p in game.alive() if is_wolf(p)]
    leader = next((p for p in wolves if p.role == "pack-leader"), None)
    traitors = [] if variant(game, "traitor", "unknown-traitor") else game.with_role("traitor")
    for wolf in wolves:
        game.tell(wolf, {"players": [p.name for p in wolves if p is not wolf],
                         "team": c.WEREWOLVES})
        if leader is not None and leader is not wolf:
            game.tell(wolf, {"player": leader.name, "role": "pack-leader"})
        for traitor in traitors:
            game.tell(wolf, {"player": traitor.name, "role": "traitor"})


def vampire_hunter_learns(game: Game) -> None:
    present = any(p.role == "vampire" for p in game.alive())
    for hunter in game.with_role("vampire-hunter"):
        game.tell(hunter, {"about": "vampire", "role": "vampire", "yes": present})


def ghoul_recognises(game: Game) -> None:
    vampires = game.with_role("vampire")
    for ghoul in game.with_role("ghoul"):
        if not vampires:
            game.tell(ghoul, {"about": "vampire", "yes": False})
        for vampire in vampires:  # one way: the vampire does not see who the ghoul is
            game.tell(ghoul, {"player": vampire.name, "role": "vampire"})


def items_found(game: Game) -> None:
    for item in ITEMS:
        holder = game.holder_of(item)
        if holder is not None:
            game.tell(holder, {"about": item, "player": holder.name})


# -- every night ---------------------------------------------------------------------------------

def items_pass(game: Game, night: Night) -> Flow:
    """The holder of the amulet (then of the sword) hands it on, or it is lost. The holder
    "points to a player" to hand it on: pointing at the Monster is deadly."""
    for item in ITEMS:
        holder = game.holder_of(item)
        if holder is None or not holder.alive:
            continue
        choices, forbidden = _others(game, holder)
        if not choices:
            continue
        pick = yield game.ask(holder, f"pass-{item}", choices, optional=True, forbidden=forbidden,
                              prompt=f"Hand the {item} to another player (or keep it and lose "
                                     "it).")
        night.pointed(game, holder, pick)
        holder.unmark(item)
        held = state_of(game).held.setdefault(item, [holder.name])
        if pick is None or pick in held:
            game.note("ItemLost", {"item": item, "player": pick or holder.name})
            continue
        held.append(pick)
        game.by_name[pick].mark(item)
        game.tell(pick, {"about": item, "player": pick})


def assassin_chooses(game: Game, night: Night) -> Flow:
    for assassin in game.with_role("assassin"):
        if assassin.has_used("strike"):
            continue
        turns = ["healer"] if variant(game, "assassin", "vigilante") else list(c.MYSTICS)
        pick = yield game.ask(assassin, "strike", turns, optional=True,
                              prompt="In which mystic's turn will you wake to kill? (Or wait.)")
        if pick is not None:
            night.strike = pick
            night.assassin = assassin
            assassin.use("strike")


def assassin_turn(game: Game, night: Night, mystic: str) -> Flow:
    assassin = night.assassin
    if night.strike != mystic or assassin is None:
        return
    night.strike = None
    if assassin.role != "assassin":
        return  # bitten earlier this night: a minor vampire has lost every power he had
    present = [p for p in game.alive() if p.role == mystic and p is not assassin]
    if present:
        if variant(game, "assassin", "vigilante"):
            return  # the vigilante spares the healer, and kills nobody
        for mystic_player in present:
            night.add(mystic_player, "assassin", assassin)
        return
    choices, forbidden = _others(game, assassin)
    if not choices:
        return
    target = yield game.ask(assassin, "strike-target", choices, optional=True,
                            forbidden=forbidden,
                            prompt="That mystic is not here: choose who dies instead.")
    night.pointed(game, assassin, target)
    if target is not None:
        victim = game.by_name[target]
        if not (victim.role == "hermit" and variant(game, "hermit", "true-hermit")):
            night.add(victim, "assassin", assassin)


def seers_look(game: Game, night: Night) -> Flow:
    for seer in game.with_role("seer"):
        choices, forbidden = _others(game, seer)
        pick = yield game.ask(seer, "inspect", choices, optional=True, forbidden=forbidden,
                              prompt="Point at a player to learn their aura.")
        night.pointed(game, seer, pick)
        if pick is not None:
            seen = aura(game.by_name[pick], night=True)
            if seen == c.DARK:
                night.dark_found = True
            game.tell(seer, {"player": pick, "aura": seen})
    yield from assassin_turn(game, night, "seer")


def wizards_look(game: Game, night: Night) -> Flow:
    for wizard in game.with_role("wizard"):
        choices, forbidden = _others(game, wizard)
        pick = yield game.ask(wizard, "inspect", choices, optional=True, forbidden=forbidden,
                              prompt="Point at a player to learn whether they are a mystic.")
        night.pointed(game, wizard, pick)
        if pick is not None:
            found = is_mystic(game, game.by_name[pick])
            night.mystic_found = night.mystic_found or found
            game.tell(wizard, {"player": pick, "mystic": found})
    yield from assassin_turn(game, night, "wizard")


def mediums_look(game: Game, night: Night) -> Flow:
    dead = [p.name for p in game.players if not p.alive]
    for medium in game.with_role("medium"):
        if not dead:
            continue
        pick = yield game.ask(medium, "inspect", dead, optional=True,
                              prompt="Point at a dead player to learn their aura.")
        if pick is None:
            continue
        sense = "aura"
        if variant(game, "medium", "powerful-medium"):
            sense = yield game.ask(medium, "learn", ["aura", "mystic"], optional=True,
                                   default="aura",
                                   prompt="Learn their aura, or whether they were a mystic?")
        dead_player = game.by_name[pick]
        if sense == "mystic":
            game.tell(medium, {"player": pick, "mystic": is_mystic(game, dead_player)})
        else:
            game.tell(medium, {"player": pick, "aura": aura(dead_player, night=True)})
    yield from assassin_turn(game, night, "medium")


def witches_protect(game: Game, night: Night) -> Flow:
    for witch in game.with_role("witch"):
        choices, forbidden = _others(game, witch)
        pick = yield game.ask(witch, "protect", choices, optional=True, forbidden=forbidden,
                              prompt="Point at a player to shield from the werewolves tonight.")
        night.pointed(game, witch, pick)
        if pick is not None:
            (night.cursed if variant(game, "witch", "curse") else night.protected).add(pick)
    yield from assassin_turn(game, night, "witch")


def _sleeping_mystic_shields(game: Game, target: Player) -> bool:
    """A peasant secretly the sleeping mystic shields the first living player to their right
    (the previous seat in clockwise order)."""
    count = len(game.players)
    for mystic in game.alive():
        if mystic.role != "peasant" or seat_of(mystic).hidden != "sleeping-mystic":
            continue
        for step in range(1, count):
            neighbour = game.players[(mystic.index - step) % count]
            if neighbour.alive:
                if neighbour is target:
                    return True
                break
    return False


def strongest_wolf_chosen(game: Game, why: str) -> Generator[Any, Any, Player | None]:
    """The strongest werewolf in play, who chooses the victim (`why`: "attack") or dies of
    a hero, a sword or a curse. The rulebook ranks the cards, not two of the same card: equals
    (two pack wolves) are a tie for the storyteller's `tie-break` among them."""
    equals = strongest_wolves(game)
    if len(equals) < 2:
        return equals[0] if equals else None
    tied = [p.name for p in equals]
    what = "points at tonight's victim" if why == "attack" else f"dies ({why})"
    chosen = yield game.ask_storyteller(
        "tie-break", tied, about=why, suggest=lambda rng: tied[0],
        prompt=f"The strongest werewolves are equals ({', '.join(tied)}): which one {what}?")
    return game.by_name[chosen]


def werewolves_attack(game: Game, night: Night) -> Flow:
    leader = yield from strongest_wolf_chosen(game, "attack")
    if leader is None:
        return
    awake = pack(game)
    audience = frozenset(names(awake)) | {leader.name}
    state_of(game).werewolves_awake = True
    choices, forbidden = _others(game, leader)
    revenge, state_of(game).wolf_cub_revenge = state_of(game).wolf_cub_revenge, False
    if not choices:
        state_of(game).werewolves_awake = False
        return
    many = 2 if revenge and len(choices) >= 2 else 1
    # "From the second night on, the Werewolves kill one player each night": the strongest
    # werewolf must point at a victim (the attack may still fail on the hermit, a shield...).
    pick = yield game.ask(leader, "attack", choices, forbidden=forbidden,
                          required_reason="from the second night on the werewolves kill one "
                                          "player each night",
                          max=many, min=1, audience=audience,
                          prompt="Point at tonight's victim." if many == 1 else
                          "Revenge for the wolf cub: point at two victims.")
    state_of(game).werewolves_awake = False
    night.pointed(game, leader, pick)
    if pick is None:
        return
    targets = [pick] if isinstance(pick, str) else list(pick)
    sick, state_of(game).sick_night = state_of(game).sick_night, False
    for target in targets:
        game.emit("VictimChosen", {"player": target}, audience)
        yield from _attack(game, night, game.by_name[target], awake, sick)


def _attack(game: Game, night: Night, target: Player, awake: list[Player], sick: bool) -> Flow:
    pack_names = frozenset(names(awake)) | {p.name for p in game.alive() if p.role in c.STRENGTH}
    # remembered of the seat, not the card: a madman who took on his mystic's role (Transfer
    # of Powers) is still the madman the werewolves attacked
    seat_of(target).attacked = True
    cancelled = (
        sick
        or target.role in ("hermit", "outcast-wolf")
        or target.name in night.protected
        or ("romeo" in target.markers and variant(game, "juliet", "romeo-beneath-the-balcony"))
        or _sleeping_mystic_shields(game, target)
    )
    if cancelled:
        game.note("AttackFailed", {"player": target.name})
        game.emit("InfoGiven", {"about": "attack", "yes": False, "player": target.name},
                  pack_names)
        return
    if target.role == "traitor" and variant(game, "traitor", "unknown-traitor"):
        game.tell(target, {"players": sorted(pack_names), "team": c.WEREWOLVES})
        game.emit("InfoGiven", {"player": target.name, "role": "traitor"}, pack_names)
        return
    if target.name in night.cursed:
        strongest = yield from strongest_wolf_chosen(game, "curse")
        if strongest is not None:
            night.add(strongest, "curse", character="witch")
    if target.role == "peasant":
        hidden = seat_of(target).hidden or "peasant"
        if hidden == "wolf-descendant":
            convert(game, target, role="wolf-descendant", team=c.WEREWOLVES, aura_now=c.DARK)
            game.tell(target, {"role": "wolf-descendant", "team": c.WEREWOLVES,
                               "players": sorted(pack_names)})
            game.emit("InfoGiven", {"player": target.name, "role": "wolf-descendant"}, pack_names)
            return
        night.add(target, "attack", character="werewolf")
        if hidden == "hero":
            strongest = yield from strongest_wolf_chosen(game, "hero")
            if strongest is not None:
                night.add(strongest, "hero", target)
    else:
        night.add(target, "attack", character="werewolf")
    if "sword" in target.markers:
        target.unmark("sword")
        strongest = yield from strongest_wolf_chosen(game, "sword")
        if strongest is not None:
            night.add(strongest, "sword", target)


def _tap_heirs(game: Game) -> None:
    """Blood Legacy: the minor vampire who took the dead vampire's place learns it when the
    vampire's turn is called."""
    table = state_of(game)
    heirs, table.heirs_untold = table.heirs_untold, []
    for name in heirs:
        heir = game.by_name[name]
        if heir.alive and heir.role == "vampire":
            game.tell(heir, {"about": "bite", "role": "vampire"})


def vampires_bite(game: Game, night: Night) -> Flow:
    _tap_heirs(game)
    for vampire in game.with_role("vampire"):
        choices, forbidden = _others(game, vampire)
        if not choices:
            continue
        pick = yield game.ask(vampire, "bite", choices, optional=True, forbidden=forbidden,
                              prompt="Bite a player tonight, or wait.")
        night.pointed(game, vampire, pick)
        if pick is None:
            continue
        if _bite(game, night, vampire, game.by_name[pick]):
            night.vampire_made = True
    if variant(game, "guild-master", "dangerous-nights"):
        yield from guild_master_recruits(game, night, dangerous=True)


def _bite(game: Game, night: Night, vampire: Player, target: Player) -> bool:
    """Resolve a bite; True when it made a new minor vampire."""
    if variant(game, "vampire", "open-attack"):
        game.tell(target, {"about": "bite", "player": vampire.name, "role": "vampire"})
    if "sword" in target.markers:
        target.unmark("sword")
        night.add(target, "bite", vampire)
        night.add(vampire, "sword", target)
        return False
    if is_wolf(target) or target.role == "vampire-hunter":
        night.add(vampire, "bite", target)
        return False
    if target.role == "priest" and variant(game, "priest", "redeeming-priest"):
        night.add(target, "bite", vampire)
        convert(game, vampire, team=c.VILLAGE, aura_now=c.WHITE)
        seat_of(vampire).redeemed = True
        game.tell(vampire, {"about": "bite", "team": c.VILLAGE, "aura": c.WHITE})
        return False
    immune = (
        is_mystic(game, target)
        or (target.role == "hermit" and variant(game, "hermit", "true-hermit"))
        or ("romeo" in target.markers and variant(game, "juliet", "romeo-beneath-the-balcony"))
        or target.role in c.VAMPIRE_ROLES  # already a vampire: nothing changes
    )
    if immune:
        game.note("BiteFailed", {"player": target.name})
        return False
    convert(game, target, role="minor-vampire", team=c.VAMPIRES, aura_now=c.DARK)
    state_of(game).minor_vampires.append(target.name)  # in the order made
    game.tell(target, {"about": "bite", "role": "minor-vampire", "team": c.VAMPIRES,
                       "player": vampire.name})
    if variant(game, "ghoul", "right-hand"):
        for ghoul in game.with_role("ghoul"):
            game.tell(ghoul, {"player": target.name, "role": "minor-vampire"})
    return True


def guild_master_recruits(game: Game, night: Night, dangerous: bool = False) -> Flow:
    """The third night (or, with Dangerous Nights, any night from the second in the vampire's
    turn, at the risk of meeting the vampire)."""
    for master in game.with_role("guild-master"):
        if master.has_used("recruit"):
            continue
        choices, forbidden = _others(game, master)
        pick = yield game.ask(master, "recruit", choices, optional=True, forbidden=forbidden,
                              prompt="Recruit a player into the criminals, or not.")
        night.pointed(game, master, pick)
        if pick is None:
            continue
        master.use("recruit")
        if dangerous and any(p.role == "vampire" for p in game.alive()):
            night.add(master, "vampire", character="vampire")
            continue
        target = game.by_name[pick]
        if variant(game, "guild-master", "open-recruitment"):
            game.tell(target, {"about": "recruit", "player": master.name, "role": "guild-master"})
        if target.role == "hermit" and variant(game, "hermit", "true-hermit"):
            continue
        if is_wolf(target) or target.role in c.GUARDS:
            night.add(master, "recruit", target)
        elif target.team == c.VILLAGE or (target.team == c.LOVERS
                                          and seat_of(target).side == c.VILLAGE):
            convert(game, target, team=c.CRIMINALS, aura_now=c.DARK)
            game.tell(target, {"about": "recruit", "team": c.CRIMINALS, "player": master.name,
                               "role": "guild-master"})


def healers_save(game: Game, night: Night) -> Flow:
    yield from assassin_turn(game, night, "healer")
    killed: list[str] = []
    for death in night.deaths:
        player = death.player
        if player.alive and player.name not in killed:
            killed.append(player.name)
    for healer in game.with_role("healer"):
        game.tell(healer, {"about": "night", "players": list(killed), "number": len(killed)})
        savable = [name for name in killed if name != healer.name]
        if healer.has_used("save") or not savable:
            continue
        pick = yield game.ask(healer, "save", savable, optional=True,
                              forbidden={healer.name: "the healer cannot save themself"},
                              prompt="Save one of tonight's dead (once per game), or not.")
        night.pointed(game, healer, pick)
        if pick is not None:
            healer.use("save")
            night.healed = True
            night.deaths = [death for death in night.deaths if death.player.name != pick]
            game.note("Saved", {"player": pick})


def guards_imprison(game: Game, night: Night) -> Flow:
    """Village Prisons: on the third night the guards point together at one player; if the
    honest guards all agree and it is a criminal, that player dies (the corrupt guard's
    pointing does not count)."""
    guards = [p for p in game.alive() if p.role in c.GUARDS]
    if not guards:
        return
    asks = [game.ask(g, "imprison", game.alive_names(exclude=g), optional=True,
                     forbidden={g.name: "not yourself"},
                     prompt="Point, with the other guards, at a player to imprison.")
            for g in guards]
    picks = yield asks
    honest = [pick for guard, pick in zip(guards, picks, strict=True)
              if guard.role != "corrupt-guard"]
    for guard, pick in zip(guards, picks, strict=True):
        night.pointed(game, guard, pick)
    if honest and None not in honest and len(set(honest)) == 1:
        prisoner = game.by_name[honest[0]]
        if side(prisoner) == c.CRIMINALS:
            night.add(prisoner, "prison", character="guard")


def dark_wizard_shows_himself(game: Game) -> None:
    """Dark Wizard: on the first night he raises a hand in the werewolves' and the vampire's
    turns, so whoever has their eyes open in them knows him as an ally: the pack, the vampire,
    and the ghoul, who opens their eyes in the vampire's turn."""
    for wizard in game.with_role("wizard"):
        if side(wizard) != c.WEREWOLVES:  # chosen as Romeo, he keeps his powers
            continue
        allies = [p for p in game.alive() if is_wolf(p) or p.role in ("vampire", "ghoul")]
        for ally in allies:
            game.tell(ally, {"player": wizard.name, "role": "wizard", "team": c.WEREWOLVES})


def madman_takes_over(game: Game) -> None:
    """Transfer of powers: the madman becomes the mystic he claimed once its holder died."""
    for madman in game.with_role("madman"):
        claimed = seat_of(madman).claim
        if claimed and claimed in state_of(game).dead_mystics:
            convert(game, madman, role=claimed)
            game.tell(madman, {"about": "transfer", "role": claimed})

