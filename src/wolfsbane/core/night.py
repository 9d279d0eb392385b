"""One loop for every night: the edition's night table, slot by slot.

An edition names its night order as data (`Edition.night_order`: one table of `NightTurn`s
per kind of night) and gives each slot of a table its ability: a small generator that wakes
whoever holds it, asks what they do and keeps what it learns in the night's own state. The
table is then the one truth of the order: the narrator reads it, and the flow runs it.

Most nights call their turns one after the other. A night whose turns are called together
(LiCOS: the pack, the seer and the hunter choose at once, within the night's one minute) asks
every turn's first questions in one batch, in the table's order, then lets each turn go on
with its answers, again in the table's order.

Where the game times its nights (`Game.night_seconds`: a game played online), each turn of
the table has a fixed slot of the night, whether or not its card was dealt or its holder is
alive (see `timed_turns`): no seat learns from when it is woken how fast another answered, or
whether anybody woke before it."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from .catalog import NightTurn
from .decision import CLOCK, PHASE, AnyOf, Decision
from .events import STORYTELLER

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
_CHECKED: Final[dict[tuple[int, int], tuple[tuple[NightTurn, ...], Mapping[str, Any]]]] = {}


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
    if game.night_seconds is not None:
        yield from timed_turns(game, turns, abilities, night, together)
    elif together:
        yield from _called_together(game, turns, abilities, night)
    else:
        for turn in turns:
            steps = abilities[turn.id](game, night)
            if steps is not None:
                yield from steps
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
    yield from together(_turn_flows(game, turns, abilities, night))


def _turn_flows(game: Game, turns: tuple[NightTurn, ...],
                abilities: Mapping[str, Ability[NightState]],
                night: NightState) -> Iterator[Generator[Any, Any, None]]:
    """Each turn's flow, its ability called only when `together` comes to it (a generator
    function, not an expression: compiled, the expressions ran eagerly and called every
    ability at once)."""
    for turn in turns:
        flow = abilities[turn.id](game, night)
        if flow is not None:
            yield flow


def together(flows: Iterable[Generator[Any, Any, None]]) -> Generator[Any, Any, None]:
    """Several flows asked at once: each run in order up to its first questions (a decision
    or a batch of them), which are asked as one batch; then each, in order, goes on with its
    own answers (a step's players woken together, so that none is asked later for another's
    being slow)."""
    waiting: list[tuple[Generator[Any, Any, None], Any]] = []
    for steps in flows:
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


def night_length(game: Game) -> float:
    """How long a timed night lasts: the length the edition's rules give it (a LiCOS night's
    option), else the game's `night_seconds`."""
    given = game.edition.night_seconds(game)
    if given is not None:
        return float(given)
    if game.night_seconds is None:
        raise ValueError("this game does not time its nights")
    return game.night_seconds


# A turn's shares of the night: one to be woken and told something, one more where the table
# says the turn asks something (`NightTurn.decisions`). Read off the table alone, so that a
# slot's length tells nothing of the deal.
TOLD_SHARES: Final = 1
ASKED_SHARES: Final = 2


def night_needed(tables: Iterable[Iterable[NightTurn]], asking_turn: float) -> float:
    """How long a timed night must last for every turn that asks something to have
    `asking_turn` seconds in its slot, on the longest of the edition's night tables (a
    Wherewolf night calls ten turns: a night timer meant for four would leave each a few
    seconds)."""
    shares = [sum(ASKED_SHARES if turn.decisions else TOLD_SHARES for turn in table)
              for table in tables]
    return max(shares, default=0) * asking_turn / ASKED_SHARES


def slot_ends(turns: Iterable[NightTurn], length: float) -> list[float]:
    """When each turn's slot ends, in seconds from the night's beginning: the night shared
    out by the turns' shares, the last slot ending with the night. Turn k's slot begins where
    turn k-1's ends (the first at the night's beginning)."""
    shares = [ASKED_SHARES if turn.decisions else TOLD_SHARES for turn in turns]
    total = sum(shares)
    ends: list[float] = []
    reached = 0
    for share in shares:
        reached += share
        ends.append(length * reached / total)
    if ends:
        ends[-1] = length  # exactly the night's end, whatever the rounding
    return ends


def timed_turns(game: Game, turns: tuple[NightTurn, ...],
                abilities: Mapping[str, Ability[NightState]],
                night: NightState, together: bool) -> Generator[Any, Any, None]:
    """The night's turns, each in its slot (`slot_ends`): a turn's questions that carry no
    window of their own end with its slot (`seconds` counted from the night's beginning); once
    its ability is over the flow waits for a clock that runs out at the slot's end, and only
    then is the next turn called, whether this one woke anybody or not. The last slot's clock
    (the clock seat's "night") is the night's end: dawn waits for it, so nothing of the dawn is
    told before. Turns called together share one slot, the whole night. Every clock's end is
    an answer in the log like any other, so that replay and a restart keep the slots."""
    length = night_length(game)
    if together:
        yield from _within(_called_together(game, turns, abilities, night), length)
        yield game.clock("night", length, since=PHASE)
        return
    ends = slot_ends(turns, length)
    last = len(turns) - 1
    for index, turn in enumerate(turns):
        steps = abilities[turn.id](game, night)
        if steps is not None:
            yield from _within(steps, ends[index])
        yield game.clock("night" if index == last else "night-turn", ends[index], since=PHASE)
    if not turns:
        yield game.clock("night", length, since=PHASE)


def _within(steps: Generator[Any, Any, None], end: float) -> Generator[Any, Any, None]:
    """`steps`, each question it asks that has no window of its own given one that ends
    `end` seconds into the night (a standing decision waits as the flow offers it, and a
    clock keeps its own)."""
    try:
        asked = next(steps)
        while True:
            _end_with(asked, end)
            asked = steps.send((yield asked))
    except StopIteration:
        return


def _end_with(asked: Any, end: float) -> None:
    if isinstance(asked, Decision):
        # the storyteller's own questions keep no slot: an automatic storyteller answers at
        # once, and a person at the grimoire holds the night while they think (the server's
        # clock stops the night's time for them, server/clock.py `held`)
        if (asked.seconds is None and not asked.standing
                and asked.seat not in (CLOCK, STORYTELLER)):
            asked.seconds = end
            asked.since = PHASE
    elif isinstance(asked, AnyOf):
        for decision in asked.decisions:
            _end_with(decision, end)
    elif isinstance(asked, (list, tuple)):
        for decision in asked:
            _end_with(decision, end)


def tells_only(tell: Callable[[Game], None]) -> Ability[Any]:
    """An ability for a slot that wakes players only to tell them something."""

    def ability(game: Game, night: Any) -> None:
        tell(game)

    return ability


def narrated_only(game: Game, night: Any) -> None:
    """The ability of a slot the narrator calls though the engine has nothing to do in it
    (what the slot's players learn was told in an earlier slot)."""
