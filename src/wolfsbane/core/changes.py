"""A change of character during the game: a thief's swap, a bite, a recruitment, a Clocktower
Pit-Hag or Snake Charmer.

The storyteller always learns the change (`RoleChanged`); the player is told the character
they are now shown (`{about: you-are, role, team}`) unless the rule keeps it from them or tells
them in its own words (`tell=False`). One-shot abilities are kept per character
(`Player.used`), so a player who gains a character gains its unused abilities with it, and one
who gets back a character keeps what they had spent of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def change_character(
    game: Game,
    player: Player,
    role: str | None,
    *,
    team: str | None = None,
    tell: bool = True,
    **note: Any,
) -> None:
    """Give `player` the character `role` (None keeps their card) on `team` (None: the team of
    the new card, or their own when the card is kept). `note` adds to what the storyteller is
    told (the aura a conversion gives...)."""
    if role is not None:
        player.role = role
        if team is None:
            team = game.team_of(role)
    if team is not None:
        player.team = team
    game.note("RoleChanged", {"player": player.name, "role": player.role, "team": player.team,
                              **note})
    if tell:
        edition = game.edition
        game.tell(player, {"about": "you-are", "role": edition.role_shown_to_self(player),
                           "team": edition.team_shown_to_self(player)})
