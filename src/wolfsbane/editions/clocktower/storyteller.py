"""The storyteller's choices about information: `info` (what a player learns) and `register`
(what a Recluse or the Marionette counts as for one detection).

Every decision carries a suggestion and a one-line `reason` a person reads. A healthy player
learns the truth: told at once when the rules fix it, or through `info` when the storyteller
picks among true answers (the Librarian's two players), where an answer that is not true is
refused. A drunk or poisoned player (or the Marionette) is asked about through `info` whose
suggestion is false but plausible; whatever they are given, a false answer counts as an
ability that worked abnormally (the Mathematician).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any

from ...core import ARRANGE, IllegalAnswer
from .health import healthy, mark_abnormal, name_of, why_not_healthy
from .script import CHARACTERS
from .state import seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game, Player

Info = dict[str, Any]
# what a piece of information may hold: key -> the kind of its value
NUMBER, PLAYER, PLAYERS, ROLE, ROLES, YES, ALIGNMENT = (
    "number", "player", "players", "role", "roles", "yes", "alignment")
KEY_KINDS = {"number": NUMBER, "player": PLAYER, "players": PLAYERS, "role": ROLE,
             "roles": ROLES, "yes": YES, "alignment": ALIGNMENT}


def _key(key: Any) -> str:
    if key is True:
        return "yes"  # YAML reads a `yes:` key as true
    return str(key)


def _value(game: Game, kind: str, value: Any) -> Any:
    if kind == NUMBER:
        if type(value) is not int or not 0 <= value <= len(game.players):
            raise IllegalAnswer("A number of players is a whole number from 0 up.",
                                "info-number")
        return value
    if kind == PLAYER:
        if not isinstance(value, str) or value not in game.by_name:
            raise IllegalAnswer("Name a player at the table.", "info-player")
        return value
    if kind == PLAYERS:
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise IllegalAnswer("Name the players as a list.", "info-players")
        return [_value(game, PLAYER, v) for v in value]
    if kind == ROLE:
        if not isinstance(value, str) or value not in CHARACTERS:
            raise IllegalAnswer("Name a character of the script.", "info-role")
        return value
    if kind == ROLES:
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise IllegalAnswer("Name the characters as a list.", "info-roles")
        return [_value(game, ROLE, v) for v in value]
    if kind == YES:
        if isinstance(value, str) and value.lower() in ("yes", "no"):
            return value.lower() == "yes"
        if not isinstance(value, bool):
            raise IllegalAnswer("Answer yes or no.", "info-yes")
        return value
    if value not in ("good", "evil"):
        raise IllegalAnswer("An alignment is good or evil.", "info-alignment")
    return value


def well_formed(game: Game, answer: Any, shapes: Sequence[frozenset[str]]) -> Info:
    """`answer` as information of one of `shapes` (its sets of keys), values checked."""
    if not isinstance(answer, dict):
        raise IllegalAnswer("Give the information as its parts (a number, players, a "
                            "character...).", "info-shape")
    keys = frozenset(_key(k) for k in answer)
    if keys not in shapes:
        wanted = " or ".join("{" + ", ".join(sorted(s)) + "}" for s in shapes)
        raise IllegalAnswer(f"This information has the parts {wanted}.", "info-shape")
    return {_key(k): _value(game, KEY_KINDS[_key(k)], v) for k, v in answer.items()}


def _same(first: Info, second: Info) -> bool:
    def norm(value: Any) -> Any:
        return sorted(value) if isinstance(value, list) else value
    return first.keys() == second.keys() and all(norm(first[k]) == norm(second[k])
                                                 for k in first)


def _shown(info: Info) -> str:
    parts = []
    for value in info.values():
        if isinstance(value, bool):
            parts.append("yes" if value else "no")
        elif isinstance(value, list):
            parts.append(", ".join(name_of(v) for v in value) if value else "nobody")
        else:
            parts.append(name_of(str(value)))
    return " / ".join(parts)


def learn(
    game: Game,
    player: Player,
    character: str,
    truth: Info,
    *,
    shapes: Sequence[frozenset[str]],
    fake: Info,
    is_true: Callable[[Info], bool] | None = None,
    chosen: bool = False,
    extra: Info | None = None,
) -> Generator[Any, Any, Info]:
    """What `player`'s `character` ability tells them, told to them; returns it.

    `truth` is the information the rules give a healthy player (or, where the storyteller
    picks among true answers, `chosen=True`, the suggested true one, and `is_true` says which
    answers are true). `fake` is the false-but-plausible suggestion for a drunk or poisoned
    player. `extra` keys go with what is told without being the storyteller's to choose
    (`about`)."""
    check_true = is_true or (lambda info: _same(info, truth))
    sober = healthy(game, player)
    label = f"{name_of(character)} {player.name}"
    if sober and not chosen:
        told = dict(truth)
    else:
        def check(answer: Any) -> Info:
            info = well_formed(game, answer, shapes)
            if sober and not check_true(info):
                raise IllegalAnswer(
                    f"{player.name} is sober and healthy: their information must be true "
                    f"({_shown(truth)} is).", "info-must-be-true", player=player.name)
            return info

        if sober:
            reason = (f"{label} is sober and healthy: the information must be true; "
                      f"suggest {_shown(truth)}.")
            suggestion = truth
        else:
            reason = (f"{label} {why_not_healthy(game, player)}: suggest {_shown(fake)}, "
                      f"the truth is {_shown(truth)}.")
            suggestion = fake
        told = yield game.ask_storyteller(
            "info", kind=ARRANGE, about=player.name, check=check,
            suggest=lambda rng: dict(suggestion), truth=dict(truth), reason=reason,
            prompt=f"What does {player.name} ({name_of(character)}) learn?")
        if not sober and not check_true(told):
            mark_abnormal(game, player)
    # the same order of parts whoever chose them, so that nothing in what a drunk player is
    # told looks different from what a sober one is told
    told = {key: told[key] for key in sorted(told)}
    message = {"about": character, **(extra or {}), **told}
    seat_of(player).told.append({"character": character, **told})
    game.tell(player, message)
    return told


def earlier(player: Player, character: str) -> list[Info]:
    """What this player's `character` ability told them before, oldest first."""
    return [{k: v for k, v in told.items() if k != "character"}
            for told in seat_of(player).told if told.get("character") == character]


def plausible_number(truth: int, most: int, before: list[Info], rng_pick: int = 0) -> int:
    """A false number that could be true: the last false one given if it still fits, else
    the nearest other number within 0..most."""
    for info in reversed(before):
        number = info.get("number")
        if isinstance(number, int) and number != truth and 0 <= number <= most:
            return number
    if most <= 0:
        return truth  # nothing else could be true
    if truth == 0:
        return 1
    if truth >= most:
        return truth - 1
    return truth + 1 if rng_pick % 2 else truth - 1


# -- registering ---------------------------------------------------------------------------

RECLUSE = "recluse"


def misregisters(game: Game, player: Player) -> bool:
    """Whether the storyteller decides what `player` registers as: a Recluse with a working
    ability (even if dead), or the Marionette."""
    from .health import abilities_of

    if player.role == "marionette":
        return True
    return RECLUSE in abilities_of(player) and healthy(game, player)


def register(
    game: Game,
    player: Player,
    by: Player,
    detection: str,
    choices: Sequence[str],
    truth: str,
    suggestion: str | None = None,
) -> Generator[Any, Any, str]:
    """What `player` registers as for one detection by `by` (`detection`: "alignment", a
    character or a type): asked of the storyteller when the player may misregister, else the
    truth. A registration other than the truth makes `by`'s ability work abnormally."""
    if not misregisters(game, player) or player is by:
        return truth
    offered = list(dict.fromkeys([truth, *choices]))
    if player.role == "marionette":
        offered = [truth]  # she registers as what she is: evil, a Minion
    pick = suggestion if suggestion in offered else truth
    reason = (f"{player.name} is the {name_of(player.role)} and may register otherwise to "
              f"the {name_of(by.role)} ({by.name}): suggest {name_of(pick)}, the truth is "
              f"{name_of(truth)}.")
    answer: str = yield game.ask_storyteller(
        "register", offered, about=player.name, suggest=lambda rng: pick, truth=truth,
        reason=reason,
        prompt=f"What does {player.name} register as to {by.name} ({detection})?")
    state_of(game).registrations.append((player.name, by.name, answer))
    if answer != truth:
        mark_abnormal(game, by)
    return answer
