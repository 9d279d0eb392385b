"""Structured talk: a small vocabulary that bots, people and AI agents share, beside free text.

A message is a mapping with a `type`:

- ``{"type": "claim", "role": R}``: "I am the R." A claim may also say what that character's
  ability told the speaker (Blood on the Clocktower's day talk), with any of the keys
  ``night`` (when), ``number``, ``player``, ``players``, ``roles``, ``yes``, ``alignment``:
  ``{"type": "claim", "role": "empath", "night": 2, "number": 1}``.
- ``{"type": "result", "player": P, "role": R}`` (or ``"team"``/``"werewolf"``/``"aura"``):
  "my ability showed me that P is ..."
- ``{"type": "accuse", "player": P}`` and ``{"type": "defend", "player": P}``
- ``{"type": "vote", "player": P}``: "I will vote for P" (``player: null``: I will abstain)
- ``{"type": "text", "text": "..."}``: anything else, in the speaker's own words.

An accusation, a defence or a stated vote may say why, so that people read the reason and
agents can weigh it: ``"reason"`` is one of `REASONS` (below), ``"by"`` the other player the
reason names (the seer who found them, the confirmed seer they voted against, the werewolf
they defended...), and ``"wording"`` (0-2) which of the catalogue's phrasings to use, so that
the same reason is not said word for word by everyone:
``{"type": "accuse", "player": "Eve", "reason": "voted-seer", "by": "Ada", "wording": 1}``.

A bare string is free text. Messages are checked here and stored as plain text and ids; any
client that shows them escapes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .errors import IllegalAnswer

if TYPE_CHECKING:
    from .game import Game

TALK_TYPES: Final = ("claim", "result", "accuse", "defend", "vote", "text")
# why one accuses, defends or means to vote for a player (the catalogue words each of them)
REASONS: Final = (
    "seer-result",  # a seer (`by`) published that the player is a werewolf / innocent
    "my-result",  # my own power showed it to me
    "false-claim",  # the player claims a card that a believable player (`by`) holds
    "caught-lying",  # a published result of the player's was proven false (`by`: about whom)
    "voted-seer",  # the player voted or means to vote against the confirmed seer (`by`)
    "defended-wolf",  # the player stood up for a proven werewolf (`by`)
    "voted-with-wolf",  # the player voted with the werewolf (`by`) on a past day
    "voted-innocent",  # the player pushed a proven innocent (`by`) to the gallows
    "accused-me",  # the player accuses me, and I know I am innocent
    "confirmed",  # the player is confirmed (a proven seer, my fellow mason, a revealed card)
    "follow",  # I follow the reasoned case of `by`
    "quiet",  # the player has said and done least to help, a weak reason said as such
    "hunch",  # no evidence at all: said honestly, so no one follows it for more
)
WORDINGS: Final = 3  # phrasings per reason in the catalogue
_RESULT_KEYS: Final = ("role", "team", "werewolf", "aura", "alignment", "mystic")
CLAIM_INFO_KEYS: Final = ("night", "number", "player", "players", "roles", "yes", "alignment")
_MOST_NAMED: Final = 3  # players or characters one claim may name
_MOST_NUMBER: Final = 10_000  # a night's number or a count: any sane one


def check_message(game: Game, message: Any, max_length: int) -> dict[str, Any]:
    if isinstance(message, str):
        message = {"type": "text", "text": message}
    if not isinstance(message, dict):
        raise IllegalAnswer("A message is a text, or a claim, a result, an accusation, a "
                            "defence or a vote.", "message-shape")
    kind = message.get("type")
    if kind not in TALK_TYPES:
        raise IllegalAnswer("That kind of message is not known: use a claim, a result, an "
                            "accusation, a defence, a vote or a text.", "message-type")
    if kind == "text":
        text = message.get("text")
        if not isinstance(text, str) or not text.strip():
            raise IllegalAnswer("A message needs some text.", "empty-message")
        if len(text) > max_length:
            raise IllegalAnswer(f"A message may be at most {max_length} characters.",
                                "message-too-long", number=max_length)
        return {"type": "text", "text": text}
    clean: dict[str, Any] = {"type": kind}
    if kind == "claim":
        clean["role"] = _role(game, message.get("role"))
        for key in CLAIM_INFO_KEYS:
            if key in message:
                clean[key] = _claim_info(game, key, message[key])
        return clean
    player = message.get("player")
    if kind == "vote" and player is None:
        clean["player"] = None
        return clean
    clean["player"] = _player(game, player)
    if kind in ("accuse", "defend", "vote") and "reason" in message:
        clean.update(_reason(game, message))
    if kind == "result":
        found = False
        for key in _RESULT_KEYS:
            if key in message:
                value = message[key]
                if key == "role":
                    value = _role(game, value)
                elif not isinstance(value, (str, bool)):
                    raise IllegalAnswer("A result says what was found in a word.",
                                        "result-word")
                clean[key] = value
                found = True
        if not found:
            raise IllegalAnswer("A result says what was found: a card, a team, werewolf or "
                                "not, or an aura.", "result-what")
    return clean


def _reason(game: Game, message: dict[str, Any]) -> dict[str, Any]:
    """The reason a message gives, checked: a known reason, another player, a phrasing."""
    reason = message["reason"]
    if reason not in REASONS:
        raise IllegalAnswer("That reason is not one the table knows.", "talk-reason")
    out: dict[str, Any] = {"reason": reason}
    if message.get("by") is not None:
        out["by"] = _player(game, message["by"])
    wording = message.get("wording", 0)
    if type(wording) is not int or not 0 <= wording < WORDINGS:
        raise IllegalAnswer("A wording is 0, 1 or 2.", "talk-wording")
    out["wording"] = wording
    return out


def _claim_info(game: Game, key: str, value: Any) -> Any:
    """One part of what a claimed ability told the speaker, checked like the rest."""
    if key in ("night", "number"):
        if type(value) is not int or not 0 <= value <= _MOST_NUMBER:
            raise IllegalAnswer("A number in a claim is a whole number from 0 up.",
                                "claim-number")
        return value
    if key == "player":
        return _player(game, value)
    if key in ("players", "roles"):
        if not isinstance(value, (list, tuple)) or len(value) > _MOST_NAMED:
            raise IllegalAnswer("A claim names at most three players or characters, as a "
                                "list.", "claim-list")
        check = _player if key == "players" else _role
        return [check(game, item) for item in value]
    if key == "yes":
        if not isinstance(value, bool):
            raise IllegalAnswer("A claim's yes or no is true or false.", "claim-yes")
        return value
    if value not in ("good", "evil"):
        raise IllegalAnswer("An alignment in a claim is good or evil.", "claim-alignment")
    return value


def _player(game: Game, name: Any) -> str:
    if not isinstance(name, str) or name not in game.by_name:
        shown = name if isinstance(name, str) else "that name"
        raise IllegalAnswer(f"There is no player called {shown}.", "no-such-player",
                            name=shown)
    return name


def _role(game: Game, role_id: Any) -> str:
    if not isinstance(role_id, str) or role_id not in game.catalog:
        shown = role_id if isinstance(role_id, str) else "That"
        raise IllegalAnswer(f"{shown} is not a card of this edition.", "no-such-role",
                            name=shown)
    return role_id
