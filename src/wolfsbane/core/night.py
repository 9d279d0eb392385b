"""One loop for every night: the edition's night table, slot by slot.

An edition names its night order as data (`Edition.night_order`: one table of `NightTurn`s
per kind of night) and gives each slot of a table its ability: a small generator that wakes
whoever holds it, asks what they do and keeps what it learns in the night's own state. The
table is then the one truth of the order: the narrator reads it, and the flow runs it.

Most nights call their turns one after the other. A night whose turns are called together
(LiCOS: the pack, the seer and the hunter choose at once, within the night's one minute) asks
every turn's first questions in one batch, in the table's order, then lets each turn go on
with its answers, again in the table's order."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .catalog import NightTurn
from .decision import PHASE, Decision

if TYPE_CHECKING:
    from .game import Game

NightState = TypeVar("NightState")
# What a slot does: a generator of decisions, or None where the slot only tells things.
Ability = Callable[["Game", NightState], "Generator[Any, Any, None] | None"]


def table_kind(number: int) -> str:
    """The table a night is run from: "first" for night 1, "other" for every later one."""
    return "first" if number == 1 else "other"


def check_table(table: Iterable[NightTurn], abilities: Mapping[str, Any]) -> None:
    """Every slot of the table has its ability and every ability its slot: a night that
    could skip a card's turn, or run one the narrator never calls, is refused."""
    slots = [turn.id for turn in table]
    missing = [slot for slot in slots if slot not in abilities]
    unused = [name for name in abilities if name not in slots]
    if missing or unused:
        raise ValueError(
            "the night table and its abilities differ: "
            + "; ".join(part for part in (
                f"no ability for {', '.join(missing)}" if missing else "",
                f"no slot for {', '.join(unused)}" if unused else "") if part))


# The (table, abilities) pairs already checked: an edition's tables are constants, so each
# pair is checked on its first night only and every later night runs at once.
_CHECKED: dict[tuple[int, int], tuple[tuple[NightTurn, ...], Mapping[str, Any]]] = {}


def run_night(game: Game, table: Iterable[NightTurn],
              abilities: Mapping[str, Ability[NightState]], night: NightState,
              dawn: Ability[NightState] | None = None,
              together: bool = False) -> Generator[Any, Any, None]:
    """Run the night's table in order: each slot's ability, with the night's state; then
    `dawn`, what the night's turns lead to once they are all over. `together`: the turns are
    called at once (see the module's text)."""
    turns = table if type(table) is tuple else tuple(table)
    key = (id(turns), id(abilities))
    checked = _CHECKED.get(key)
    if checked is None or checked[0] is not turns or checked[1] is not abilities:
        check_table(turns, abilities)
        # kept with the objects themselves, so that an id reused later is never taken for
        # one already checked
        _CHECKED[key] = (turns, abilities)
    if together:
        yield from _called_together(game, turns, abilities, night)
    else:
        for turn in turns:
            steps = abilities[turn.id](game, night)
            if steps is not None:
                yield from steps
    if game.night_seconds is not None:
        yield from dawn_waits(game)
    if dawn is not None:
        steps = dawn(game, night)
        if steps is not None:
            yield from steps


def _called_together(game: Game, turns: tuple[NightTurn, ...],
                     abilities: Mapping[str, Ability[NightState]],
                     night: NightState) -> Generator[Any, Any, None]:
    """Each turn called in order up to its first questions (a decision or a batch of them),
    which are asked as one batch in the turns' order; then each turn, in order, goes on with
    its own answers."""
    waiting: list[tuple[Generator[Any, Any, None], Any]] = []
    for turn in turns:
        steps = abilities[turn.id](game, night)
        if steps is None:
            continue
        try:
            waiting.append((steps, next(steps)))
        except StopIteration:
            continue  # nobody to ask in this turn tonight
    batch: list[Decision] = []
    for _, asked in waiting:
        if isinstance(asked, Decision):
            batch.append(asked)
        elif isinstance(asked, list):
            batch.extend(asked)
        else:
            raise TypeError("turns called together ask a decision or a batch of them, "
                            f"not {type(asked).__name__}")
    answers = (yield batch) if batch else []
    position = 0
    for steps, asked in waiting:
        count = 1 if isinstance(asked, Decision) else len(asked)
        share = answers[position:position + count]
        position += count
        yield from _go_on(steps, share[0] if isinstance(asked, Decision) else share)


def _go_on(steps: Generator[Any, Any, None], answer: Any) -> Generator[Any, Any, None]:
    """A turn that asked its first questions with the others resumes with `answer`, and asks
    whatever it asks next on its own."""
    try:
        asked = steps.send(answer)
        while True:
            asked = steps.send((yield asked))
    except StopIteration:
        return


def dawn_waits(game: Game) -> Generator[Any, Any, None]:
    """Dawn waits for the night's clock: where the game times its nights (`night_seconds`),
    the night's turns being over ends nothing; the night ends when its clock, which ran from
    the night's beginning, runs out. So a night in which nobody woke and one in which every
    card did look alike to the table (nothing of dawn is told before), and the clock's end is
    an answer in the log, like any other, so that replay and a restart keep it. Every night
    of every edition goes through here, once its turns are over and before its dawn."""
    seconds = game.night_seconds
    if seconds is None:
        return
    given = game.edition.night_seconds(game)
    yield game.clock("night", float(given) if given is not None else seconds, since=PHASE)


def tells_only(tell: Callable[[Game], None]) -> Ability[Any]:
    """An ability for a slot that wakes players only to tell them something."""

    def ability(game: Game, night: Any) -> None:
        tell(game)

    return ability


def narrated_only(game: Game, night: Any) -> None:
    """The ability of a slot the narrator calls though the engine has nothing to do in it
    (what the slot's players learn was told in an earlier slot)."""
