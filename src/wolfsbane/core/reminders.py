"""Reminders: tokens a storyteller lays beside a player's seat to remember what an ability did
("poisoned by the Poisoner", "Cupid's lover", "the sheriff"), each with its source.

Who may see a token is declared per token by the edition (`Edition.reminder_tokens`):
`PUBLIC` tokens everyone sees on the player, `SELF` tokens the player who carries them sees,
`STORYTELLER` tokens only the storyteller sees. The storyteller's view lists every reminder
with its source; a seat's view shows only the tokens it may see, never their source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .events import PUBLIC as EVERYONE
from .events import STORYTELLER_ONLY

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

PUBLIC: Final = "public"
SELF: Final = "self"
STORYTELLER: Final = "storyteller"
VISIBILITIES: Final = (PUBLIC, SELF, STORYTELLER)


class Reminder(NamedTuple):  # immutable, and made at once (a frozen dataclass is slow to make)
    """`token` laid on `target` by the ability of `source_character`, held by `source_player`
    (None when no player's ability laid it: a rule of the game, the village's vote)."""

    token: str
    source_player: str | None
    source_character: str | None
    target: str

    def as_dict(self) -> dict[str, Any]:
        return {"token": self.token, "player": self.target, "by": self.source_player,
                "character": self.source_character}


def visibility(game: Game, token: str) -> str:
    """Who may see `token`, as the edition declares it."""
    try:
        return game.edition.reminder_tokens[token]
    except KeyError:
        raise ValueError(f"{game.edition.id} declares no reminder token “{token}”") from None


def visible_to(game: Game, reminder: Reminder, seat: str) -> bool:
    """Whether `seat` (a player's name) may see `reminder` on its target."""
    seen_by = visibility(game, reminder.token)
    return seen_by == PUBLIC or (seen_by == SELF and reminder.target == seat)


def _audience(game: Game, token: str, target: str) -> frozenset[str] | None:
    seen_by = visibility(game, token)
    if seen_by == PUBLIC:
        return EVERYONE
    return game.alone(target) if seen_by == SELF else STORYTELLER_ONLY


def place_reminder(game: Game, token: str, target: Player, source: Player | None = None,
                   character: str | None = None) -> Reminder:
    """Lay `token` on `target`; its source is `source`'s ability as the character they hold
    now, or `character` alone. Those who may see the token are told it was laid; its source
    is the storyteller's to know (a storyteller-only token's event names it; the storyteller's
    view lists every reminder with its source)."""
    if character is None and source is not None:
        character = source.role
    reminder = Reminder(token, None if source is None else source.name, character, target.name)
    audience = _audience(game, token, target.name)
    game.reminders.append(reminder)
    if audience is STORYTELLER_ONLY:
        game.note("ReminderPlaced", reminder.as_dict())
    else:
        game.emit("ReminderPlaced", {"token": token, "player": target.name}, audience)
    return reminder


def remove_reminders(game: Game, token: str, target: Player) -> list[Reminder]:
    """Take every `token` off `target` (the poison wears off); returns those removed."""
    removed = [r for r in game.reminders if r.token == token and r.target == target.name]
    if removed:
        game.reminders = [r for r in game.reminders if r not in removed]
        game.emit("ReminderRemoved", {"token": token, "player": target.name},
                  _audience(game, token, target.name))
    return removed


def remove_reminder(game: Game, reminder: Reminder) -> None:
    """Take one token off (its source's state has ended), told as `remove_reminders` tells."""
    game.reminders = [r for r in game.reminders if r is not reminder]
    game.emit("ReminderRemoved", {"token": reminder.token, "player": reminder.target},
              _audience(game, reminder.token, reminder.target))


def reminders_on(game: Game, target: Player | str) -> list[Reminder]:
    name = target if isinstance(target, str) else target.name
    return [r for r in game.reminders if r.target == name]
