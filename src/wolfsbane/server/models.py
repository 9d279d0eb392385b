"""What clients may send: every payload is checked here, with size limits, before it is used."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints

from ..editions import DEFAULT_EDITION
from .protocol import ParticipantInfo

MAX_BODY = 64 * 1024  # bytes of any HTTP body
MAX_WS_MESSAGE = 16 * 1024  # characters of any WebSocket message
MIN_PING, MAX_PING = 1.0, 300.0  # seconds between the liveness pings a hello may ask for

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=24)]
# A person's (or a bot's) name as typed: the server trims it and says in a sentence what is
# wrong with it (app._check_name); only an absurd length is refused here.
PersonName = Annotated[str, StringConstraints(max_length=200)]
Ident = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Short = Annotated[str, StringConstraints(max_length=200)]
Ref = Annotated[str, StringConstraints(max_length=64)] | StrictInt | None

AnswerText = Annotated[str, StringConstraints(strict=True, max_length=200)]
AnswerList = Annotated[list[AnswerText], Field(max_length=64)]
AnswerNumber = Annotated[StrictInt, Field(ge=-1000, le=1_000_000)]
# a composite answer, part by part: a number decision's parts, or a piece of information the
# storyteller gives (Clocktower's `info`: {"number": 1}, {"players": [...], "role": "chef"})
AnswerParts = Annotated[
    dict[AnswerText, None | StrictBool | AnswerNumber | AnswerText | AnswerList],
    Field(max_length=16)]
AnswerValue = None | StrictBool | AnswerNumber | AnswerText | AnswerList | AnswerParts
MessageField = (
    None | StrictBool | Annotated[str, StringConstraints(strict=True, max_length=2000)]
)
Message = (
    Annotated[str, StringConstraints(strict=True, max_length=2000)]
    | Annotated[dict[Ident, MessageField], Field(max_length=8)]
)
# An edition option's value: a scalar, a list of role ids (`extra-roles`) or a mapping of
# role id to a variant id or a list of them (`variants`). Shape only: the edition's own
# schema (core.catalog.Option) checks the values before anything is stored.
OptionText = Annotated[str, StringConstraints(strict=True, max_length=200)]
OptionNumber = Annotated[float, Field(allow_inf_nan=False)]
OptionList = Annotated[list[Ident], Field(max_length=64)]
OptionValue = (
    None | StrictBool | StrictInt | OptionNumber | OptionText | OptionList
    | Annotated[dict[Ident, OptionText | OptionList], Field(max_length=64)]
)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Timers(Strict):
    """Seconds. Anything left out takes the mode's default."""

    night: float | None = Field(None, ge=0.2, le=3600, description="Length of a night.")
    day: float | None = Field(None, ge=0.2, le=7200, description="Length of a day.")
    decision: float | None = Field(None, ge=0.1, le=3600,
                                   description="One question at night or after a day's end.")
    grace: float | None = Field(None, ge=0.1, le=600,
                                description="The shortest window any question gets.")
    storyteller: float | None = Field(None, ge=0.1, le=3600, description=(
        "How long a person moderating may take over one of their decisions before its "
        "suggestion is taken (300 by default, or the decision timer when that is given)."))
    bot_delay: float | None = Field(None, ge=0, le=60, description="How long a bot thinks.")
    talk: float | None = Field(None, ge=0, le=3600, description=(
        "Talk before each of the day's votes opens, when people play (none for bots alone)."))
    vote: float | None = Field(None, ge=0.1, le=3600, description=(
        "The least time a day's vote stays open once it opens."))
    scale: float | None = Field(None, ge=0.001, le=10, description=(
        "Multiplies the lengths the edition itself sets (for quick games and tests)."))


class TalkOptions(Strict):
    """How the day's talk runs. `free` (the default): anyone speaks whenever a channel is
    open; `turns`: AIWolf-style rounds in a shuffled order, one speaker at a time."""

    mode: Literal["free", "turns"] = "free"
    guaranteed: float | None = Field(None, ge=0, le=3600, description=(
        "Free talk: the day's vote never closes before each connected player has had this "
        "many seconds of the day (from the vote's talk, or from connecting, if later)."))
    rounds: int = Field(5, ge=1, le=50, description="Turns: the most rounds in a day's talk.")
    per_turn: int = Field(1, ge=1, le=10, description="Turns: messages in one turn.")
    per_day: int = Field(10, ge=1, le=100, description=(
        "Turns: the most messages one player posts in a day's talk."))
    turn_seconds: float = Field(20, ge=0.1, le=600, description=(
        "Turns: how long a turn waits for its speaker (a turn not used is a skip, and "
        "counted as a timeout)."))


class AgentRule(Strict):
    """The table's rule for players that keep failing: when a seat's share of illegal
    answers and timeouts passes `error_ratio` (after at least `error_min` of its answers,
    refusals and timeouts), a bot takes the seat over and the game goes on."""

    error_ratio: float | None = Field(None, gt=0, le=1, description=(
        "Errors over everything the seat did (answers, illegal answers, timeouts); unset: "
        "never replaced."))
    error_min: int = Field(5, ge=1, le=1000, description=(
        "How many answers, refusals and timeouts count before the ratio is applied."))


class CreateGame(Strict):
    edition: Ident = DEFAULT_EDITION
    name: PersonName = Field(description="Your name: your seat's name, or how you are shown "
                                         "(1 to 24 letters, digits, spaces, - ' and .).")
    as_: Literal["player", "moderator", "spectator"] = Field(
        "player", alias="as", description="Take a seat, moderate, or watch.")
    preset: Ident | None = Field(None, description="A preset deck of the edition.")
    deck: Annotated[list[Ident], Field(max_length=64)] | None = Field(
        None, description="A custom deck, shuffled and dealt by the storyteller.")
    options: Annotated[dict[Ident, OptionValue], Field(max_length=32)] = Field(
        default_factory=dict)
    timers: Timers = Field(default_factory=Timers)
    mode: Literal["online", "table"] = "online"
    moderated: bool = Field(False, description="A human moderator answers the storyteller.")
    practice: bool = Field(False, description=(
        "Let the automatic storyteller run an edition that is run by a person (Clocktower): "
        "for practice games."))
    seed: int | None = Field(
        None, ge=0, le=2**63 - 1,
        description="Fixes the deal and every chance; leave it out for a real game.")
    talk: TalkOptions = Field(default_factory=TalkOptions)
    agents: AgentRule = Field(default_factory=AgentRule)


class Join(Strict):
    name: PersonName
    as_: Literal["player", "moderator", "spectator"] = Field("player", alias="as")


class Joined(BaseModel):
    code: str
    link: str
    token: str = Field(description="Your secret seat token: send it as 'Authorization: Bearer'.")
    participant: ParticipantInfo


LOCK_HELP = ("A day's vote only: true (the default) when you are done; false keeps the ballot "
             "open to change. Until the vote closes a ballot may be cast again either way.")


class AnswerIn(Strict):
    decision: StrictInt = Field(ge=1, le=10**9)
    answer: AnswerValue = None
    seat: Name | None = Field(None, description="The moderator answering for a taken-over seat.")
    lock: StrictBool = Field(True, description=LOCK_HELP)


TALK_HELP = ("A text, or a structured talk act: {\"type\": \"claim\", \"role\"}, "
             "{\"type\": \"result\", \"player\", and role, team, werewolf or aura}, "
             "{\"type\": \"accuse\" or \"defend\", \"player\"}, {\"type\": \"vote\", "
             "\"player\" (null: abstain)}, {\"type\": \"text\", \"text\"} (the protocol's "
             "TalkAct models).")


class SayIn(Strict):
    channel: Ident
    message: Message = Field(description=TALK_HELP)
    seat: Name | None = Field(None, description="The moderator speaking for a taken-over seat.")


class AddBots(Strict):
    count: int = Field(1, ge=1, le=30)
    name: PersonName | None = None
    skill: Literal["easy", "strong"] = Field(
        "strong", description="How well the bots play (docs/bots.md): easy or strong.")


class ShowBots(Strict):
    show: StrictBool = Field(description="Whether everyone sees which seats are bots (the host "
                                         "always does).")


class Extend(Strict):
    seconds: float = Field(ge=1, le=3600)
    decision: int | None = Field(None, ge=1, le=10**9)


class HandHost(Strict):
    to: Ident = Field(description="The id of the participant who becomes host.")


class PickSeat(Strict):
    """Choose a chair in the lobby: your own, or (host) anyone's."""

    position: StrictInt = Field(ge=1, le=64, description=(
        "The chair, 1 to the edition's most players, clockwise around the table."))
    participant: Ident | None = Field(None, description=(
        "Host only: the id of the player (person or bot) to move; leave out to move yourself."))


class SeatIn(Strict):
    seat: Name


class TurnIn(Strict):
    """Turn-based talk by HTTP: `skip` this turn, or `over` for the day."""

    action: Literal["skip", "over"]
    seat: Name | None = Field(None, description="The moderator, for a taken-over seat.")


# -- WebSocket messages -------------------------------------------------------------------


class WsHello(Strict):
    """The first message on a socket."""

    type: Literal["hello"]
    token: Annotated[str, StringConstraints(max_length=200)]
    cursor: int = Field(0, ge=0, le=10**9, description="The last cursor you received.")
    ping: float | None = Field(None, ge=MIN_PING, le=MAX_PING, description=(
        "Ask for the server's liveness probe: a `ping` message every this many seconds, to "
        "be answered with a `pong` before its deadline (else the socket closes with 4410)."))
    ref: Ref = None


class WsAnswer(Strict):
    """Answer an open decision (a day's vote: a ballot, changeable until the close)."""

    type: Literal["answer"]
    decision: StrictInt = Field(ge=1, le=10**9)
    answer: AnswerValue = None
    seat: Name | None = None
    lock: StrictBool = Field(True, description=LOCK_HELP)
    ref: Ref = None


class WsSay(Strict):
    """Post on a channel you may speak on now: a text, or a talk act (`{"type": ...}`)."""

    type: Literal["say"]
    channel: Ident
    message: Message = Field(description=TALK_HELP)
    seat: Name | None = None
    ref: Ref = None


class WsPing(Strict):
    """Your own probe: the server answers `pong` with its time."""

    type: Literal["ping"]
    ref: Ref = None


class WsPong(Strict):
    """The answer to the server's liveness `ping` (asked for in the hello)."""

    type: Literal["pong"]
    id: StrictInt = Field(ge=0, le=10**12)
    ref: Ref = None


class WsSkip(Strict):
    """Turn-based talk: pass this turn (you may speak in a later round)."""

    type: Literal["skip"]
    ref: Ref = None


class WsOver(Strict):
    """Turn-based talk: nothing more to say today (no more turns this day)."""

    type: Literal["over"]
    ref: Ref = None


class WsSync(Strict):
    """Ask for a fresh snapshot from `cursor`."""

    type: Literal["sync"]
    cursor: int = Field(0, ge=0, le=10**9)
    ref: Ref = None


ClientMessage = Annotated[
    WsAnswer | WsSay | WsPing | WsSync | WsHello | WsPong | WsSkip | WsOver,
    Field(discriminator="type"),
]


class WsIn(BaseModel):
    msg: ClientMessage
