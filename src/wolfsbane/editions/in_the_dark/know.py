"""The Know phase: the guide calls the knowing characters, group by group, and (with option
`show-know-on-phones`) each knower's phone shows whom they know."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import ALL_MONSTERS, MONSTERS, knows_of

if TYPE_CHECKING:
    from ...core import Game, Player, Role
    from ...core.edition import Flow

KNOW_CLOCK = "know"


def calls(catalog: dict[str, Role], present: set[str]) -> list[list[str]]:
    """The guide's calls, in the catalog's order: the cards that open their eyes together.
    Cards that know each other are one call (the werewolves, Ahab and Moby, the lovers); a
    card that knows without being known (the minion) is a call of its own. Only the cards of
    `present` are called."""
    knowers = [role_id for role_id, role in catalog.items() if knows_of(role)]
    call_of = {role_id: role_id for role_id in knowers}  # each card's call, by its first card

    def first(role_id: str) -> str:
        while call_of[role_id] != role_id:
            role_id = call_of[role_id]
        return role_id

    for role_id in knowers:
        for other in knows_of(catalog[role_id]):
            if other in call_of and role_id in knows_of(catalog[other]):
                a, b = first(role_id), first(other)
                if a != b:  # the earlier card in the catalog heads the call
                    keep, join = (a, b) if knowers.index(a) < knowers.index(b) else (b, a)
                    call_of[join] = keep
    groups: dict[str, list[str]] = {}
    for role_id in knowers:
        if role_id in present:
            groups.setdefault(first(role_id), []).append(role_id)
    return list(groups.values())


def known_by(game: Game, knower: Player) -> list[str]:
    """Everyone `knower` knows, by their card: the cards it names, or every monster."""
    wanted = set(knows_of(game.role(knower.role)))
    every_monster = ALL_MONSTERS in wanted
    return [p.name for p in game.players if p is not knower
            and (p.role in wanted or (every_monster and p.team == MONSTERS))]


def know(game: Game, mystery: bool, on_phones: bool, seconds_per_call: float) -> Flow:
    """The calls and what the phones show, then the time the guide takes to read them
    (`seconds_per_call` for each call) before the lights go out: the night's countdown starts
    in the dark, not while eyes are still opening in the sanctuary. Nothing is asked."""
    game.begin_phase("know")
    dealt = {p.role for p in game.players}
    if not mystery:
        # Wolf Pack set-up: the character deck is shown face up, so all know what is in play
        game.announce({"about": "composition", "roles": sorted(p.role for p in game.players)})
    # under mystery roles every possible knowing character is called, dealt or not, so that
    # the calls say nothing of the deck
    present = set(game.catalog) if mystery else dealt
    spoken = calls(game.catalog, present)
    for group in spoken:
        game.announce({"about": "know-call", "roles": group})
    if on_phones:
        for player in game.players:
            if knows_of(game.role(player.role)):
                game.tell(player, {"about": "know", "players": known_by(game, player)})
    if spoken and seconds_per_call:
        yield game.clock(KNOW_CLOCK, seconds_per_call * len(spoken))
