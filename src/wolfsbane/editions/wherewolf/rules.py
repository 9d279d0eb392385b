"""What every Wherewolf ability asks about a player: aura, mysticism, side, variants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.changes import change_character
from . import catalog as c
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player


def variant(game: Game, role_id: str, variant_id: str) -> bool:
    """Whether the card `role_id` is played in its variant `variant_id` in this game."""
    chosen = game.options["variants"].get(role_id)
    if chosen is None:
        return False
    if isinstance(chosen, str):
        return c.VARIANT_ALIASES.get(chosen, chosen) == variant_id
    return variant_id in {c.VARIANT_ALIASES.get(v, v) for v in chosen}


def aura(player: Player, night: bool = False) -> str:
    """A player's aura now; the peasant who is secretly the monster shows dark by night."""
    if night and is_monster(player):
        return c.DARK
    return seat_of(player).aura or c.aura_of_card(player.role)


def is_monster(player: Player) -> bool:
    return player.role == "peasant" and seat_of(player).hidden == "monster"


def is_mystic(game: Game, player: Player) -> bool:
    if player.role == "priest" and variant(game, "priest", "aura-of-faith"):
        return True
    return c.mystic_card(player.role)


def is_wolf(player: Player) -> bool:
    return player.role in c.WOLVES


def is_vampire(player: Player) -> bool:
    """A vampire for the end of the game: a vampire card not redeemed to the village (the
    Redeeming Priest variant turns the vampire's faction to the village)."""
    return player.role in c.VAMPIRE_ROLES and not seat_of(player).redeemed


def side(player: Player) -> str:
    """The faction a player counts for when the end of the game is checked: their team, except
    that Romeo still counts for the faction of his card."""
    faction = seat_of(player).side
    return player.team if faction is None else faction


def is_guard(game: Game, player: Player) -> bool:
    """An honest guard: while one lives, the criminals cannot take the village's victory."""
    if player.role in ("guard", "other-guard"):
        return True
    return player.role == "corrupt-guard" and variant(game, "corrupt-guard", "non-criminal")


def double_faction(game: Game, player: Player) -> bool:
    """Cards played as both village and criminals (the dishonest variants)."""
    return (
        (player.role == "merchant" and variant(game, "merchant", "dishonest-merchant"))
        or (player.role == "pettifogger" and variant(game, "pettifogger", "dishonest-pettifogger"))
        or (player.role == "bocca-di-rosa" and variant(game, "bocca-di-rosa", "shady-contacts"))
    )


def strongest_wolves(game: Game) -> list[Player]:
    """The living werewolves of the highest strength in play: one, or several equals (two
    pack wolves once the pack leader and the outcast are gone), in seat order."""
    for role_id in c.STRENGTH:
        equals = [p for p in game.players if p.alive and p.role == role_id]
        if equals:
            return equals
    return []


def strongest_wolf(game: Game) -> Player | None:
    """The first of the strongest werewolves (the night asks the storyteller among equals:
    night.strongest_wolf_chosen)."""
    equals = strongest_wolves(game)
    return equals[0] if equals else None


def pack(game: Game) -> list[Player]:
    """The werewolves who wake at night from the second night on."""
    awake = [p for p in game.alive() if p.role in c.STRENGTH]
    if variant(game, "cursed-wolf", "with-the-pack"):
        awake += [p for p in game.alive() if p.role == "cursed-wolf"]
    return awake


def possible_roles(game: Game) -> list[str]:
    """The roles that could be in play: public knowledge."""
    extra = game.options.get("extra-roles") or []
    return sorted(set(game.deck) | set(extra))


def could_be(game: Game, role_id: str) -> bool:
    state = state_of(game)
    if state.possible is None:
        state.possible = set(possible_roles(game))
    return role_id in state.possible


def convert(game: Game, player: Player, role: str | None = None, team: str | None = None,
            aura_now: str | None = None) -> None:
    """Change a player's card, faction or aura in secret (a bite, a recruitment, wolf blood).
    The rule that converts tells the player itself, in its own words."""
    seat = seat_of(player)
    if team is not None and seat.beloved is not None:
        seat.side = team  # a lover keeps the lovers' goal; only the side changes
        team = None
    if aura_now is not None:
        seat.aura = aura_now
    # a card changed alone keeps the player's team (a minor vampire inheriting the vampire)
    change_character(game, player, role, team=team if team is not None else player.team,
                     tell=False)


def names(players: list[Player]) -> list[str]:
    return [p.name for p in players]
