"""The LiCOS cards: each role's data beside the code of its ability."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import Role, tally
from ...core.common import introduce, plurality

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, Any]

VILLAGE = "village"
WEREWOLVES = "werewolves"
WEREHAMSTER = "werehamster"

# -- Villager ------------------------------------------------------------------------------------

VILLAGER = Role(
    "villager", "Villager", VILLAGE,
    "You have no power at night. By day, read the claims, compare them with the vote counts "
    "the village hears each morning, and help put the werewolves to death.",
)

# -- Seer ----------------------------------------------------------------------------------------

SEER = Role(
    "seer", "Seer", VILLAGE,
    "Each night you look at one other living player. If you live to see the morning you learn "
    "whether they are a werewolf. A werehamster you look at dies of fright that very night.",
    decisions=("inspect",),
    information=("{player, werewolf: yes|no} each morning while alive",),
)


def seers_inspect(game: Game) -> list[Any]:
    """Each living seer's `inspect` question (asked together with the rest of the night)."""
    return [
        game.ask(seer, "inspect", game.alive_names(exclude=seer), optional=True,
                 forbidden=_refusals(game, seer, "a seer may not inspect themself"),
                 prompt="Whom do you look at tonight? You learn the answer in the morning.")
        for seer in game.with_role("seer")
    ]


def seer_result(game: Game, target: Player) -> dict[str, Any]:
    return {"player": target.name, "werewolf": is_werewolf(target)}


# -- Medium --------------------------------------------------------------------------------------

MEDIUM = Role(
    "medium", "Medium", VILLAGE,
    "Each morning, if you are alive, the dead speak to you: for everyone who died since the "
    "previous morning (put to death at noon or killed in the night) you learn whether they "
    "were a werewolf.",
    information=("{player, werewolf: yes|no} each morning for each new dead player",),
)


def mediums_hear(game: Game, dead: list[str]) -> None:
    for medium in game.with_role("medium"):
        for name in dead:
            if name != medium.name:
                game.tell(medium, {"player": name, "werewolf": is_werewolf(game.by_name[name]),
                                   "about": "medium"})


# -- Hunter --------------------------------------------------------------------------------------

HUNTER = Role(
    "hunter", "Hunter", VILLAGE,
    "Each night you guard one other living player: if the werewolves choose them, the attack "
    "fails. Guard well, and keep quiet about who you are.",
    decisions=("guard",),
)


def hunters_guard(game: Game) -> list[Any]:
    asks = []
    self_guard = bool(game.options["hunter-self-guard"])
    for hunter in game.with_role("hunter"):
        choices = game.alive_names() if self_guard else game.alive_names(exclude=hunter)
        refusal = None if self_guard else (
            "a hunter may not guard themself (option hunter-self-guard is off)")
        asks.append(game.ask(hunter, "guard", choices, optional=True,
                             forbidden=_refusals(game, hunter, refusal),
                             prompt="Whom do you guard tonight?"))
    return asks


# -- Mason ---------------------------------------------------------------------------------------

MASON = Role(
    "mason", "Mason", VILLAGE,
    "There are two of you, and you know each other from the start. Vouch for each other and "
    "lead the village.",
    information=("{players, role: mason} at the start",),
)


def masons_recognise(game: Game) -> None:
    introduce(game, game.with_role("mason"), role="mason")


# -- Madman --------------------------------------------------------------------------------------

MADMAN = Role(
    "madman", "Madman", WEREWOLVES,
    "You are human, and a seer sees you as one, but you want the werewolves to win and you "
    "win with them. You do not know who they are. Sow doubt: claim powers you do not have.",
    traits={"counts_as": "non-werewolf"},
)

# -- Werewolf ------------------------------------------------------------------------------------

WEREWOLF = Role(
    "werewolf", "Werewolf", WEREWOLVES,
    "You know your packmates. Each night the pack picks one living human to attack; by day you "
    "pass for a villager. The pack wins once it is as large as the rest of the living.",
    decisions=("attack",),
    information=("{players, team: werewolves} at the start",),
)


def is_werewolf(player: Player) -> bool:
    return player.role == "werewolf"


def werewolves_recognise(game: Game) -> None:
    introduce(game, [p for p in game.alive() if is_werewolf(p)], team=WEREWOLVES)


def werewolves_attack(game: Game) -> list[Any]:
    pack = [p for p in game.alive() if is_werewolf(p)]
    pack_names = frozenset(p.name for p in pack)
    prey = [p.name for p in game.alive() if not is_werewolf(p)]
    refusals = _refusals(game, None, None)
    refusals.update({name: "werewolves do not attack their own pack" for name in pack_names})
    return [
        game.ask(wolf, "attack", prey, optional=True, forbidden=refusals, audience=pack_names,
                 prompt="Whom does the pack attack tonight?")
        for wolf in pack
    ]


def pack_choice(game: Game, asks: list[Any], answers: list[Any]) -> Flow:
    """The pack's victim: the most chosen player, a tie to the storyteller, nobody if none."""
    counts = tally((d.seat, a, 1) for d, a in zip(asks, answers, strict=True)
                   if d.name == "attack")
    victim = yield from plurality(game, counts, about="attack")
    if victim is not None:
        pack = frozenset(d.seat for d in asks if d.name == "attack")
        game.emit("VictimChosen", {"player": victim}, pack)
    return victim


# -- Werehamster ---------------------------------------------------------------------------------

HAMSTER = Role(
    "werehamster", "Werehamster", WEREHAMSTER,
    "Werewolf teeth cannot touch you, but a seer's gaze kills you of fright. You win alone, "
    "taking the victory from whichever side ends the game while you are still alive.",
    traits={"counts_as": "non-werewolf"},
)


# -- shared --------------------------------------------------------------------------------------

def _refusals(game: Game, actor: Player | None, self_reason: str | None) -> dict[str, str]:
    """Why the choices not offered are refused: the dead, and (usually) oneself."""
    out = {p.name: f"{p.name} is dead" for p in game.players if not p.alive}
    if actor is not None and self_reason is not None:
        out[actor.name] = self_reason
    return out


ROLES: dict[str, Role] = {
    role.id: role
    for role in (VILLAGER, SEER, MEDIUM, HUNTER, MASON, MADMAN, WEREWOLF, HAMSTER)
}
