"""One bot driver for every table: the simulator, the terminal, the server and `play_out`.

A `Table` holds the agents of a game's bot seats and is the only code that hands them
anything: the events their seat may see and their open decisions, both as copies (events
with read-only data, `frozen_event`; decisions as a client rebuilds them from `as_dict()`,
`Decision.detached`), and their turns to talk.

The talk schedule is the same wherever bots play, and favours no seat. Before the decisions
of a new kind are answered in a phase (the sheriff election, the day's vote, the pack's
attack), the table holds a discussion on every open channel whose members are asked them: up
to `rounds` rounds, each in an order shuffled afresh from the game's seed, in which every
agent on the channel gets a turn once it has heard something new since its last one (all of
them in the first round). The talk ends after a silent round, and the decisions are answered
after it. So the first word of a day falls to any seat alike, and those who spoke first hear
the others before the vote. A server that times the talk itself (the day clock of a table
where people sit) asks for one seat's turn (`speak`) at the moments it planned; what a bot
says and answers is still the table's.

A seat does not say again, on the same channel in the same phase, what it has already said
(a stated vote only while it is unchanged): rounds give a bot the chance to speak again, not
to repeat itself word for word.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from ..core import Decision, Game, IllegalAnswer
from ..core.chance import seeded
from ..core.compiled import mypyc_attr
from ..core.decision import CLOCK
from ..core.events import STORYTELLER, Event
from .base import Agent, SeatView
from .frozen import FrozenDict
from .random_bot import random_answer

# (constants are Final: compiled, a Final is a native constant, any other module name a look-up
# in the module's dict at every use)
# rounds of talk before each kind of decision: the first speakers hear the rest
TALK_ROUNDS: Final = 3
Say = Callable[[str, str, Any], Any]  # (seat, channel, message): post it, or IllegalAnswer


_PLAIN: Final = frozenset({str, int, float, bool, type(None)})  # immutable: shared as they are


def freeze(value: Any, read_only: bool = True) -> Any:
    """A read-only deep copy of an event's data: dicts become `FrozenDict`s, lists tuples,
    sets frozensets. What a bot does with it cannot reach the game. (`read_only=False`: the
    same copy with plain dicts, which a bot could change but reads faster.)"""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is dict or kind is FrozenDict:
        return _frozen_data(value, read_only)
    # (lists before the abstract Mapping check, which is slow: event data holds lists)
    if kind is list or kind is tuple:
        return tuple([item if type(item) in _PLAIN else freeze(item, read_only)
                      for item in value])
    if isinstance(value, Mapping):
        return _frozen_data(dict(value), read_only)
    if isinstance(value, (list, tuple)):
        return tuple([freeze(item, read_only) for item in value])
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(item, read_only) for item in value)
    return value


def _frozen_data(data: dict[str, Any], read_only: bool = True) -> dict[str, Any]:
    """A dict, read-only (most hold only immutable values, which are shared as they are: the
    cheap case, on the hot path of every simulation; a message said is one level deeper)."""
    for item in data.values():
        if type(item) not in _PLAIN:
            copy = {key: value if type(value) in _PLAIN else freeze(value, read_only)
                    for key, value in data.items()}
            return FrozenDict(copy) if read_only else copy
    return FrozenDict(data) if read_only else data.copy()


def frozen_event(event: Event, read_only: bool = True) -> Event:
    """An event as agents receive it: a copy, with read-only data. (The table shares one copy
    among its agents; none of them can reach the game's own event through it.)

    `read_only=False` copies the data into plain dicts instead, which bots read in about a
    third of the instructions (a dict subclass takes the slow path of every look-up and
    `.get`, compiled or not) but could change, and the table's other agents would read the
    change (never the game: it is still a copy). The simulator's own bots take that
    (`sim.run.play_one`): they play the same games with read-only copies, where a write
    raises."""
    return Event(event.index, event.kind, _frozen_data(event.data, read_only),
                 event.audience, event.phase)


def _shuffle(items: list[str], draw: Callable[[], float]) -> None:
    """Fisher-Yates with one uniform draw per item (`random.shuffle` is slower, and this
    runs before every round of talk of every simulated game)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]


def copy_decision(decision: Decision) -> Decision:
    """The decision as an agent receives it: a copy, as a client over the wire would rebuild
    it (the storyteller's copy keeps the truth beside the suggestion)."""
    return decision.detached(truth=decision.seat == STORYTELLER)


def _message_key(message: Any) -> Any:
    """A hashable form of a message, to tell whether it was said already."""
    # (dict first: the abstract Mapping check is slow, and bots say dicts)
    key = tuple(message.items()) if isinstance(message, (dict, Mapping)) else message
    try:
        hash(key)
    except TypeError:
        return repr(key)
    return key


# an edition's bots may drive their own table (Werewolf in the Dark's), in the compiled
# build too
@mypyc_attr(allow_interpreted_subclasses=True)
class Table:
    """The bots of one game: what they see, when they talk, what they answer.

    `strict` (the simulator, `play_out`): a bot's mistake (an illegal answer or message, an
    exception) is raised, so that it is found. Otherwise (the terminal and the server, where
    people play) a bot that fails to answer plays a random legal answer, and one that fails
    to talk says nothing. `say` posts a message (default: `game.say`); the server passes its
    own, which also respects what its table may see. `plays(seat)` says whether the table
    plays an agent's seat at the moment (a server's moderator may take a bot's seat over).
    `read_only` (default): the agents' copies of the events are read-only (`frozen_event`).
    """

    def __init__(self, game: Game, agents: Mapping[str, Agent], *, rounds: int = TALK_ROUNDS,
                 talk: bool = True, strict: bool = True, say: Say | None = None,
                 most: int | None = None, plays: Callable[[str], bool] | None = None,
                 read_only: bool = True) -> None:
        self.agents = agents
        self.rounds = rounds
        self.talk = talk
        self.strict = strict
        self.most = most  # messages a bot may post per turn on a channel (None: no limit)
        self.read_only = read_only  # the events' data handed as read-only dicts (frozen_event)
        self._say = say
        self._plays = plays
        self._order = seeded(f"{game.seed}:talk-order").random  # random.Random(...)
        self._discussed: set[tuple[str, str]] = set()
        self._said: dict[tuple[str, str, str], set[Any]] = {}
        self._stated_vote: dict[tuple[str, str, str], Any] = {}
        self._game = game
        self._views: dict[str, SeatView] = {}
        self._frozen: list[Event | None] = []  # the agents' copies, by index
        self._limits: dict[str, tuple[str, int | None]] = {}  # channel -> (phase, limit)

    # -- the game the bots look at ----------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        """Look at another state of the same game (a replay of the same history: the copies
        made so far stay good up to its length)."""
        if game is not self._game:
            self._game = game
            self._views = {}
            del self._frozen[len(game.events):]

    def plays(self, seat: str) -> bool:
        """Whether the table answers and talks for `seat` now."""
        return seat in self.agents and (self._plays is None or self._plays(seat))

    def view(self, seat: str) -> SeatView:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = SeatView(self._game, seat)
        return view

    def catch_up(self, seats: Iterable[str] | None = None) -> None:
        """Hand each agent (or those of `seats`) the events its seat may see that it has not
        seen yet, as frozen copies, in order."""
        agents = self.agents
        for seat in agents if seats is None else seats:
            agent = agents.get(seat)
            if agent is not None:
                self._catch_up(seat, agent)

    def _catch_up(self, seat: str, agent: Agent) -> None:
        events = self._game.events
        count = len(events)
        since = agent.cursor
        if since >= count:
            return
        # Each event is copied once, for all the agents, and only when one of them is handed
        # it: what no agent may see (the storyteller's notes) is never copied.
        frozen = self._frozen
        if len(frozen) < count:
            frozen.extend([None] * (count - len(frozen)))
        everything = seat == STORYTELLER
        batch: list[Event] = []
        for index in range(since, count):
            event = events[index]
            audience = event.audience
            if audience is None or everything or seat in audience:
                copy = frozen[index]
                if copy is None:
                    copy = frozen[index] = frozen_event(event, self.read_only)
                batch.append(copy)
        agent.cursor = count
        agent.observe(batch)

    # -- answers ----------------------------------------------------------------------------

    def decide(self, decision: Decision) -> Any:
        """What the seat's agent answers to `decision` (not yet given to the game). Outside
        strict mode an answer the decision refuses becomes a random legal one."""
        agent = self.agents[decision.seat]
        self._catch_up(decision.seat, agent)
        if self.strict:
            return agent.decide(copy_decision(decision), self.view(decision.seat))
        try:
            return decision.validate(agent.decide(copy_decision(decision),
                                                  self.view(decision.seat)))
        except Exception:  # noqa: BLE001 - a confused bot plays a random legal answer
            return random_answer(decision, agent.rng)

    def next_decision(self) -> Decision | None:
        """The open decision a bot answers now: the first a bot seat must answer; a standing
        one (which holds nothing up) once nobody has anything else to answer; a clock last,
        once nothing else is open (between bots, time runs out only when nobody has anything
        left to do). None while the table waits for someone else (a person)."""
        standing: Decision | None = None
        clock: Decision | None = None
        waiting = False
        for decision in self._game.open.values():
            seat = decision.seat
            if seat == CLOCK:
                clock = clock or decision
            elif seat not in self.agents or not self.plays(seat):
                waiting = waiting or not decision.standing
            elif decision.standing:
                standing = standing or decision
            else:
                return decision
        if waiting:
            return None
        return standing or clock

    def step(self) -> bool:
        """Talk if a new kind of decision is up, then answer one open decision of a bot (or
        a clock whose time is up); False when there is nothing for the bots to do."""
        game = self._game
        if game.over:
            return False
        decision = self.next_decision()
        if self.talk:
            # the decision answered next is the one talked over, unless it is a clock's or
            # a standing one (or the table waits for a person): then look for it
            upcoming = decision if (decision is not None and decision.seat != CLOCK
                                    and not decision.standing) else self._upcoming()
            if upcoming is not None and (upcoming.phase, upcoming.name) not in self._discussed:
                self._discuss(upcoming)
                if game.over:
                    return False
                decision = self.next_decision()
        if decision is None:
            return False
        if decision.seat == CLOCK:
            game.answer(decision.id, True)
        else:
            game.answer(decision.id, self.decide(decision), seat=decision.seat)
        return True

    def play_out(self, max_answers: int = 100_000,
                 on_event: Callable[[Event], None] | None = None) -> Game:
        """Let the bots play until the game ends (every open decision must be a bot's);
        `on_event(the last event)` is called after each answer."""
        game = self._game
        answers = 0
        while not game.over:
            if not game.open:
                raise RuntimeError("the game is waiting for nothing, yet is not over")
            if not self.step():
                waiting = next((d for d in game.open.values() if not self.plays(d.seat)), None)
                if waiting is None:
                    raise RuntimeError("the bots have nothing to do, yet the game is not over")
                raise RuntimeError(
                    f"no agent plays {waiting.seat}, who is asked '{waiting.name}'")
            answers += 1
            if answers > max_answers:
                raise RuntimeError("the game did not end")
            if on_event is not None and game.events:
                on_event(game.events[-1])
        self.catch_up()
        return game

    # -- talk -------------------------------------------------------------------------------

    def discuss(self) -> None:
        """Before a new kind of decision is answered in a phase (whoever is asked it), the
        bots of every open channel whose members are asked it talk it over: up to `rounds`
        rounds, each in a freshly shuffled order, a seat taking a turn when it has heard
        something new since its last one (everyone in the first round), until a round
        passes in silence."""
        if not self.talk or self._game.over:
            return
        upcoming = self._upcoming()
        if upcoming is not None and (upcoming.phase, upcoming.name) not in self._discussed:
            self._discuss(upcoming)

    def _discuss(self, upcoming: Decision) -> None:
        self._discussed.add((upcoming.phase, upcoming.name))
        game = self._game
        for channel in game.edition.channels:
            if not channel.is_open(game):
                continue
            members = set(channel.members(game))
            if upcoming.seat not in members:
                continue  # a channel talks over what its own members decide
            speakers = [seat for seat in self.agents  # seat order, before the shuffle
                        if seat in members and (self._plays is None or self._plays(seat))]
            said = 0  # messages said on the channel in this discussion
            heard: dict[str, int] = {}  # `said` as each seat's last turn ended
            for _round in range(self.rounds):
                _shuffle(speakers, self._order)
                before = said
                for seat in speakers:
                    if game.over or not channel.is_open(game):
                        return
                    if heard.get(seat, -1) == said:
                        continue  # nothing new since its last turn: it would say the same
                    said += self.speak(seat, (channel.name,), self.most)
                    heard[seat] = said
                if said == before:
                    break  # a whole round passed in silence: the talk is over

    def _upcoming(self) -> Decision | None:
        """The decision the table answers next, whoever's it is (a clock's talks no more)."""
        standing: Decision | None = None
        for decision in self._game.open.values():
            if decision.seat == CLOCK:
                continue
            if not decision.standing:
                return decision
            standing = standing or decision
        return standing

    def speak(self, seat: str, channels: Iterable[str] | None = None,
              most: int | None = None) -> int:
        """One turn to talk for `seat`'s agent on each channel it may speak on now (or on
        those of `channels`): at most `most` messages on each. Returns how many were said."""
        agent = self.agents.get(seat)
        game = self._game
        if agent is None or game.over:
            return 0
        view = self._views.get(seat) or self.view(seat)
        said = 0
        for channel in game.channels_for(seat) if channels is None else channels:
            self._catch_up(seat, agent)
            if self.strict:
                messages = agent.talk(channel, view)
            else:
                try:
                    messages = list(agent.talk(channel, view))
                except Exception:  # noqa: BLE001 - a bot that fails to talk stays silent
                    messages = []
            if not messages:
                continue
            room = self._room(seat, channel)
            if most is not None:
                room = most if room is None else min(room, most)
            for message in self._fresh(seat, channel, messages)[:room]:
                if self.strict:
                    self._post(seat, channel, message)
                    said += 1
                    continue
                try:
                    self._post(seat, channel, message)
                    said += 1
                except IllegalAnswer:
                    continue  # a bot's slip of the tongue is nobody's problem
        return said

    def _room(self, seat: str, channel: str) -> int | None:
        """How many more messages the channel's rules let the seat post in this phase (None:
        no limit). The table keeps its bots within the rules of talk, which they do not
        count themselves."""
        game = self._game
        phase = game.phase
        known = self._limits.get(channel)
        if known is None or known[0] != phase:  # the limits may change with the phase
            known = self._limits[channel] = (phase, game.channel(channel).limits_in(game)[0])
        limit = known[1]
        if limit is None:
            return None
        return max(0, limit - game.said.get((seat, channel, phase), 0))

    def _fresh(self, seat: str, channel: str, messages: list[Any]) -> list[Any]:
        """The messages the seat has not already said on this channel this phase."""
        key = (seat, channel, self._game.phase)
        said = self._said.setdefault(key, set())
        out: list[Any] = []
        for message in messages:
            words = _message_key(message)
            if isinstance(message, (dict, Mapping)) and message.get("type") == "vote":
                if self._stated_vote.get(key) == words:
                    continue
                self._stated_vote[key] = words
            elif words in said:
                continue
            said.add(words)
            out.append(message)
        return out

    def _post(self, seat: str, channel: str, message: Any) -> None:
        if self._say is not None:
            self._say(seat, channel, message)
        else:
            self._game.say(seat, channel, message)
