"""What the server sends: the typed, versioned protocol (docs/protocol.md).

Every HTTP response and WebSocket message the server sends is described here as a pydantic
model, so that `/openapi.json` and the published JSON Schema (`wolfsbane protocol schema`,
docs/protocol.schema.json) say exactly what an agent receives: the view, each event kind of
every edition, each decision kind with its legal choices, the clock with its deadlines, the
structured talk acts, the talk turns.

The models are open (`extra="allow"`): a field added by a later version of the server never
breaks a client, nor the server's own response validation. The tests hold the other side:
every field the server really sends is named here (`undeclared_fields`), over real sockets
and every edition. What clients may send is in `server/models.py`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, RootModel, Tag
from pydantic.json_schema import models_json_schema

PROTOCOL_VERSION = "1.0"  # in every snapshot, update and lobby message (`protocol`)


class Wire(BaseModel):
    """A message or part of one, as sent. Fields it does not name are kept (a newer server
    may add some), never refused."""

    model_config = ConfigDict(extra="allow")


Seat = Annotated[str, Field(description="A player's name: the seat's name in the game.")]
Role = Annotated[str, Field(description="A card's id in the edition (`/api/editions` roles).")]


# -- structured talk ----------------------------------------------------------------------


class ClaimAct(Wire):
    """"I am the R." Blood on the Clocktower's claims may say what the ability told the
    speaker (`night`, `number`, `player`, `players`, `roles`, `yes`, `alignment`)."""

    type: Literal["claim"]
    role: Role
    night: int | None = None
    number: int | None = None
    player: Seat | None = None
    players: list[Seat] | None = None
    roles: list[Role] | None = None
    yes: bool | None = None
    alignment: Literal["good", "evil"] | None = None


class ResultAct(Wire):
    """"My ability showed me that P is ...": one of `role`, `team`, `werewolf`, `aura`,
    `alignment`, `mystic`."""

    type: Literal["result"]
    player: Seat
    role: Role | None = None
    team: str | None = None
    werewolf: bool | None = None
    aura: str | bool | None = None
    alignment: str | bool | None = None
    mystic: str | bool | None = None


class Reasoned(Wire):
    """What an accusation, a defence or a stated vote may say of why (core.talk.REASONS)."""

    reason: str | None = Field(None, description=(
        "Why, as one of the table's reasons (`seer-result`, `voted-seer`, `quiet`...)."))
    by: Seat | None = Field(None, description="The other player the reason names.")
    wording: int | None = Field(None, description="Which of the catalogue's phrasings.")


class AccuseAct(Reasoned):
    """"P is a werewolf", perhaps with a reason."""

    type: Literal["accuse"]
    player: Seat


class DefendAct(Reasoned):
    """"P is innocent", perhaps with a reason."""

    type: Literal["defend"]
    player: Seat


class VoteAct(Reasoned):
    """"I will vote for P" (`player: null`: I will abstain), perhaps with a reason."""

    type: Literal["vote"]
    player: Seat | None


class TextAct(Wire):
    """Anything else, in the speaker's own words (a bare string is sent as this)."""

    type: Literal["text"]
    text: str


class OtherAct(Wire):
    """A talk act of a type this protocol version does not list."""

    type: str


TALK_ACTS: dict[str, type[Wire]] = {
    "claim": ClaimAct, "result": ResultAct, "accuse": AccuseAct, "defend": DefendAct,
    "vote": VoteAct, "text": TextAct,
}


def _tag(field: str, known: dict[str, Any]) -> Any:
    def tag(value: Any) -> str:
        key = value.get(field) if isinstance(value, dict) else getattr(value, field, None)
        return key if key in known else "other"
    return tag


TalkAct = Annotated[
    Union[tuple(Annotated[model, Tag(name)] for name, model in TALK_ACTS.items())  # noqa: UP007
          + (Annotated[OtherAct, Tag("other")],)],
    Discriminator(_tag("type", TALK_ACTS)),
    Field(description="A structured talk act, by its `type`."),
]


# -- events -------------------------------------------------------------------------------


class EventBase(Wire):
    index: int = Field(description="This seat's own count of the events it has seen.")
    kind: str
    phase: str = Field(description="The phase it happened in (`night-1`, `day-2`...).")
    audience: Literal["everyone"] | list[Seat] | None = Field(
        None, description="The moderator only: who saw it ('everyone', or the seats).")


class PhaseBegan(EventBase):
    kind: Literal["PhaseBegan"]
    phase_name: str


class RoleDealt(EventBase):
    """Your card (to you alone)."""

    kind: Literal["RoleDealt"]
    player: Seat
    role: Role


class InfoGiven(EventBase):
    """Private information for one seat: what its ability learned. Which fields come
    depends on the edition and on `about` (docs/<edition>.md)."""

    kind: Literal["InfoGiven"]
    about: str | None = None
    player: Seat | None = None
    players: list[Seat] | None = None
    role: Role | None = None
    roles: list[Role] | None = None
    team: str | None = None
    werewolf: bool | None = None
    aura: str | None = None
    mystic: bool | None = None
    alignment: str | None = None
    number: int | None = None
    yes: bool | None = None
    grimoire: dict[str, Any] | None = Field(None, description="Clocktower: the Spy's look.")


class Announced(EventBase):
    """Public news, by `about` (death, execution, sheriff, votes, composition, ...)."""

    kind: Literal["Announced"]
    about: str
    player: Seat | None = None
    players: list[Seat] | None = None
    role: Role | None = None
    roles: list[Role] | None = None
    counts: dict[Role, int] | None = Field(None, description="LiCOS: the cards in play.")
    number: int | None = None
    needed: int | None = None
    day: int | None = None
    reason: str | None = None
    by: str | None = None
    block: Seat | None = None
    choice: str | None = None
    ghost: str | None = None
    news: str | None = None
    rule: str | None = None
    recap: bool | None = None
    yes: bool | None = None


class ActionTaken(EventBase):
    """A night pick, as those who act together see it (the pack sees each wolf's)."""

    kind: Literal["ActionTaken"]
    player: Seat
    decision: str
    answer: Any


class VictimChosen(EventBase):
    kind: Literal["VictimChosen"]
    player: Seat


class VoteCast(EventBase):
    """A ballot, once counted (or as cast, where the edition votes in the open)."""

    kind: Literal["VoteCast"]
    player: Seat
    target: Seat | None
    targets: list[Seat] | None = None
    about: str | None = None
    vote: str | None = None
    weight: int | None = None
    nominee: Seat | None = None
    hands: int | None = None


class PlayerDied(EventBase):
    kind: Literal["PlayerDied"]
    player: Seat


class PlayerExecuted(EventBase):
    kind: Literal["PlayerExecuted"]
    player: Seat


class DeathCaused(EventBase):
    """The moderator only: why a player died."""

    kind: Literal["DeathCaused"]
    player: Seat
    cause: str
    by: Seat | None = None
    character: Role | None = None


class Said(EventBase):
    """A message on a channel you belong to (`during`: the table vote it was said in)."""

    kind: Literal["Said"]
    player: Seat
    channel: str
    message: TalkAct
    during: str | None = None


class Overheard(EventBase):
    """A channel heard without the speakers' names (Millers Hollow's little girl)."""

    kind: Literal["Overheard"]
    channel: str
    message: TalkAct
    during: str | None = None


class RoleChanged(EventBase):
    kind: Literal["RoleChanged"]
    player: Seat
    role: Role
    team: str


class LoversLinked(EventBase):
    kind: Literal["LoversLinked"]
    players: list[Seat]


class GameWon(EventBase):
    kind: Literal["GameWon"]
    winner: str
    winners: list[Seat]
    reason: str


class DecisionWithdrawn(EventBase):
    """A standing question no longer offered (its `id` is closed)."""

    kind: Literal["DecisionWithdrawn"]
    player: Seat
    decision: str
    id: int


class ReminderPlaced(EventBase):
    kind: Literal["ReminderPlaced"]
    token: str
    player: Seat
    by: Seat | None = None
    character: Role | None = None


class ReminderRemoved(EventBase):
    kind: Literal["ReminderRemoved"]
    token: str
    player: Seat


class SeatAdded(EventBase):
    """A seat joined during the game (an edition whose seats may join: a traveller)."""

    kind: Literal["SeatAdded"]
    player: Seat


class PlayedByBot(EventBase):
    """A seat is played by a bot from now on (`reason`: `errors`, the agent's illegal
    answers and timeouts passed the table's ratio; `removed`, the host removed its player)."""

    kind: Literal["PlayedByBot"]
    player: Seat
    reason: str


class AttackFailed(EventBase):
    kind: Literal["AttackFailed"]
    player: Seat
    reason: str | None = None
    by: Seat | None = None
    character: Role | None = None


class BiteFailed(EventBase):
    kind: Literal["BiteFailed"]
    player: Seat


class Saved(EventBase):
    kind: Literal["Saved"]
    player: Seat


class HiddenRole(EventBase):
    kind: Literal["HiddenRole"]
    player: Seat
    role: Role


class AmuletSaved(EventBase):
    kind: Literal["AmuletSaved"]
    player: Seat
    cause: str | None = None


class ItemLost(EventBase):
    kind: Literal["ItemLost"]
    item: str
    player: Seat


class AbilityGained(EventBase):
    kind: Literal["AbilityGained"]
    player: Seat
    role: Role


class AbilityRestored(EventBase):
    kind: Literal["AbilityRestored"]
    player: Seat
    by: str


class Abnormal(EventBase):
    kind: Literal["Abnormal"]
    player: Seat


class CardShown(EventBase):
    """The moderator only: the card a seat was shown instead of its own."""

    kind: Literal["CardShown"]
    player: Seat
    role: Role
    shown: Role


class EveryoneDrunk(EventBase):
    kind: Literal["EveryoneDrunk"]
    until: str
    by: str


class VoteStolen(EventBase):
    kind: Literal["VoteStolen"]
    player: Seat
    by: Seat
    role: Role


class Haircut(EventBase):
    kind: Literal["Haircut"]
    players: list[Seat]
    by: Seat


class SomethingBad(EventBase):
    kind: Literal["SomethingBad"]
    penalty: Any


class OtherEvent(EventBase):
    """An event of a kind this protocol version does not list: its `kind`, `phase` and
    `index`, with the edition's own fields."""


EVENT_MODELS: tuple[type[EventBase], ...] = (
    PhaseBegan, RoleDealt, InfoGiven, Announced, ActionTaken, VictimChosen, VoteCast,
    PlayerDied, PlayerExecuted, DeathCaused, Said, Overheard, RoleChanged, LoversLinked,
    GameWon, DecisionWithdrawn, ReminderPlaced, ReminderRemoved, SeatAdded, PlayedByBot,
    AttackFailed, BiteFailed, Saved, HiddenRole, AmuletSaved, ItemLost, AbilityGained,
    AbilityRestored, Abnormal, CardShown, EveryoneDrunk, VoteStolen, Haircut, SomethingBad,
)
EVENT_KINDS: dict[str, type[EventBase]] = {
    model.model_fields["kind"].annotation.__args__[0]: model  # type: ignore[union-attr]
    for model in EVENT_MODELS
}

AnyEvent = Annotated[
    Union[tuple(Annotated[model, Tag(kind)] for kind, model in EVENT_KINDS.items())  # noqa: UP007
          + (Annotated[OtherEvent, Tag("other")],)],
    Discriminator(_tag("kind", EVENT_KINDS)),
    Field(description="An event, by its `kind`."),
]


# -- decisions ----------------------------------------------------------------------------


class DecisionBase(Wire):
    """A question for one seat. Answer it with its `id` (`answer` message or
    `POST /answer`) before `clock.deadlines[id]`; after that the clock answers for you, and
    the record marks that answer `timeout: true`."""

    id: int = Field(description="Names this question for its seat (answer with it).")
    seat: str = Field(description="Who is asked: a player, `storyteller` or `clock`.")
    name: str = Field(description="What is asked, by the edition's id (`vote`, `attack`...).")
    kind: str
    choices: list[str] = Field(description="The legal choices (forbidden ones left out).")
    min: int = Field(description="Fewest choices a pick names.")
    max: int = Field(description="Most choices a pick names (1: a single name).")
    optional: bool = Field(description="Whether `null` (skip, abstain) is a legal answer.")
    default: Any = Field(description="What a skip means, when `optional`.")
    prompt: str = Field(description="The question in a sentence, ready for a person.")
    phase: str | None = None
    about: str | None = Field(None, description="Whom or what the question is about.")
    standing: bool | None = Field(None, description=(
        "A standing question: no deadline; it stays until the engine withdraws it."))
    seconds: float | None = Field(None, description="The window the rules give it.")
    since: str | None = Field(None, description="`phase`: its window counts from the "
                                                "phase's beginning.")
    suggestion: Any = Field(None, description="The moderator only: the storyteller's pick.")
    truth: Any = Field(None, description="The moderator only: what is really so.")
    reason: str | None = Field(None, description="The moderator only: why the suggestion.")
    parts: dict[str, Decision] | None = Field(None, description=(
        "A `parts` decision: one answer per named part, each its own decision."))


class PickDecision(DecisionBase):
    """Choose from `choices`: a name when `max` is 1, else a list of `min` to `max` names."""

    kind: Literal["pick"]


class YesNoDecision(DecisionBase):
    """Answer `true` or `false` (`choices` is `["yes", "no"]`)."""

    kind: Literal["yes-no"]


class ArrangeDecision(DecisionBase):
    """A free-form answer checked by the rules (a deal, a bag of characters)."""

    kind: Literal["arrange"]


class NumberDecision(DecisionBase):
    """A whole number from `min` to `max`."""

    kind: Literal["number"]


class PartsDecision(DecisionBase):
    """One answer per named part: `{part: answer}`, each as its own `parts[part]` says."""

    kind: Literal["parts"]


class TimeDecision(DecisionBase):
    """A clock's: its only answer is that the time is up (the server gives it)."""

    kind: Literal["time"]


DECISION_KINDS: dict[str, type[DecisionBase]] = {
    "pick": PickDecision, "yes-no": YesNoDecision, "arrange": ArrangeDecision,
    "number": NumberDecision, "parts": PartsDecision, "time": TimeDecision,
}


class OtherDecision(DecisionBase):
    """A decision of a kind this protocol version does not list."""


Decision = Annotated[
    Union[tuple(Annotated[model, Tag(kind)] for kind, model in DECISION_KINDS.items())  # noqa: UP007
          + (Annotated[OtherDecision, Tag("other")],)],
    Discriminator(_tag("kind", DECISION_KINDS)),
    Field(description="A decision, by its `kind`."),
]


# -- the view -----------------------------------------------------------------------------


class You(Wire):
    """Your own seat and card."""

    name: Seat
    role: Role = Field(description="Your card as you know it.")
    alive: bool
    team: str | None = None
    description: str | None = Field(None, description="What your card does, in sentences.")
    card: str | None = Field(None, description="Your card's name.")


class PlayerAtTable(Wire):
    """A seat at the table, as you may see it."""

    name: Seat
    alive: bool
    markers: list[str] | None = Field(None, description="Public markers (sheriff...).")
    role: Role | None = Field(None, description="A card revealed to the table.")
    reminders: list[str] | None = None
    team: str | None = Field(None, description="The moderator only.")


class ChannelLimit(Wire):
    """A channel's limits for you this phase: hold a message back before it is refused."""

    length: int | None = Field(description="The longest message.")
    messages_left: int | None = Field(description="Messages you may still post this phase "
                                                  "(null: no limit).")


class Outcome(Wire):
    """Who won, once the game is over."""

    winner: str
    winners: list[Seat]
    reason: str


class View(Wire):
    """What one participant may know (core.view): a seat's view, the moderator's (`seat`:
    `storyteller`) or a spectator's (`seat`: null)."""

    edition: str
    seat: str | None
    phase: str
    you: You | None = Field(None, description="A seat's own card (left out of an update "
                                              "when unchanged).")
    players: list[PlayerAtTable] | None = Field(None, description=(
        "The table (left out of an update when unchanged)."))
    events: list[AnyEvent] = Field(description="The events from your cursor on.")
    decisions: list[Decision] = Field(description="Your open decisions (all of them).")
    channels: list[str] = Field(description="The channels you may speak on now.")
    channel_limits: dict[str, ChannelLimit] | None = None
    over: bool
    outcome: Outcome | None
    cursor: int = Field(description="Events seen: send it back as `cursor`/`since`.")
    reminders: list[dict[str, Any]] | None = Field(None, description="The moderator only.")
    grimoire: dict[str, Any] | None = Field(None, description="The moderator only.")


# -- the clock ----------------------------------------------------------------------------


class MyBallot(Wire):
    """One of your ballots in the day's vote."""

    answer: Any
    cast: bool
    locked: bool


class VoteStanding(Wire):
    """How the day's vote stands, as you may see it."""

    opens: float
    closes: float
    open: bool
    voters: list[Seat]
    voted: list[Seat]
    left: int
    mine: dict[str, MyBallot] | None = Field(None, description="Your ballots, by decision id.")
    ballots: dict[Seat, Any] | None = Field(None, description=(
        "Where the edition shows ballots while voting, and for the moderator."))
    locked: list[Seat] | None = Field(None, description="The moderator only.")


class TalkStanding(Wire):
    """The day's talk. `mode` `turns`: rounds in a shuffled order, one speaker at a time;
    `free`: anyone speaks, with the guaranteed window (`until`)."""

    mode: Literal["free", "turns"]
    until: float | None = Field(None, description=(
        "free: the day's vote closes no sooner than this (every connected player's "
        "guaranteed talk)."))
    round: int | None = Field(None, description="turns: the round now (1, 2...).")
    rounds: int | None = Field(None, description="turns: the most rounds in a day's talk.")
    order: list[Seat] | None = Field(None, description="turns: this round's order.")
    speaker: Seat | None = Field(None, description="turns: whose turn it is (null: done).")
    turn_deadline: float | None = Field(None, description=(
        "turns: when the speaker's turn ends (a turn not used is a skip)."))
    over: list[Seat] | None = Field(None, description="turns: who said Over today.")
    done: bool | None = Field(None, description="turns: the talk is over; the vote is open.")
    your_turn: bool | None = None
    per_turn: int | None = Field(None, description="turns: messages in one turn.")
    turn_left: int | None = Field(None, description="turns: your messages left this turn.")
    day_left: int | None = Field(None, description="turns: your messages left today.")


class Curtain(Wire):
    """The moderator only: dawn waits for the night's clock until `until`."""

    until: float | None
    players_see: str


class Clock(Wire):
    """Absolute Unix times from the server's clock."""

    now: float
    paused: bool
    phase_deadline: float | None
    deadlines: dict[str, float] = Field(description="Each open decision's deadline, by id.")
    vote: VoteStanding | None
    talk: TalkStanding | None = None
    countdowns: dict[str, float] | None = Field(None, description=(
        "Played in the dark: each running clock's end, by its name."))
    curtain: Curtain | None = Field(None, description="The moderator only.")


# -- the lobby and other HTTP bodies ----------------------------------------------------------


class ParticipantInfo(Wire):
    id: str
    kind: Literal["player", "moderator", "spectator"]
    name: str
    bot: bool
    skill: str | None = Field(None, description="A bot just seated: its level (easy, strong).")


class SeatInfo(Wire):
    name: Seat
    position: int
    bot: bool
    id: str | None
    controlled: bool
    connected: bool


class OptionWords(Wire):
    id: str
    label: str
    value: str


class GameInfo(Wire):
    """What anyone holding the code may see."""

    code: str
    edition: str
    edition_name: str
    status: Literal["lobby", "running", "finished"]
    mode: Literal["online", "table"]
    moderated: bool
    seats: list[SeatInfo]
    min_players: int
    max_players: int
    host: ParticipantInfo | None
    moderator: ParticipantInfo | None
    spectators: list[ParticipantInfo]
    options: dict[str, Any]
    settings: list[OptionWords]
    timers: dict[str, float]
    setup: dict[str, Any]
    paused: bool
    show_bots: bool
    practice: bool | None = Field(None, description=(
        "A practice game: the automatic storyteller runs an edition a person runs."))
    talk: dict[str, Any] | None = Field(None, description="The table's talk settings.")
    agents: dict[str, Any] | None = Field(None, description=(
        "The table's error rule (`error_ratio`, `error_min`), when set."))
    deck: list[Role] | None = None
    cards: dict[str, Any] | None = None


class Joined(Wire):
    code: str
    link: str
    token: str = Field(description="Your secret token: send it as 'Authorization: Bearer'.")
    participant: ParticipantInfo


class Me(ParticipantInfo):
    host: bool


class Ok(Wire):
    ok: bool


class Health(Wire):
    ok: bool
    games: int
    answers: dict[str, Any]


class EditionInfo(Wire):
    id: str
    name: str
    summary: str
    players: list[int]
    presets: list[str]
    preset_words: dict[str, Any]
    phase_kinds: dict[str, Any]
    deck_words: Any
    roles: list[dict[str, Any]]
    options: dict[str, dict[str, Any]]
    channels: list[str]
    night_order: dict[str, list[dict[str, Any]]]
    bot_names: list[str]
    played_in_the_dark: bool
    storyteller_run: bool | None = Field(None, description=(
        "A person runs its games (moderated), or the automatic storyteller in practice."))
    messages: dict[str, Any]
    compositions: dict[str, list[Role]] | None = None


class Record(Wire):
    """A finished game's record (`wolfsbane replay` reads it): replays exactly."""

    format: str
    edition: str
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    log: list[dict[str, Any]] = Field(description=(
        "Every answer and message in order; an answer the clock gave for a seat that did "
        "not answer in time has `timeout: true`; `{\"bot\": seat}`: a bot plays it from "
        "there on."))
    deck: list[Role] | None = None
    roles: list[Role] | None = None
    night_seconds: float | None = None
    agents: dict[Seat, SeatAccount] | None = Field(None, description=(
        "Per seat played by a person or an agent: answers, illegal answers and timeouts."))


class SeatAccount(Wire):
    answers: int = Field(description="Answers accepted.")
    illegal: int = Field(description="Answers and messages refused as illegal.")
    timeouts: int = Field(description="Questions and talk turns the clock answered for it.")
    replaced: bool = Field(description="Whether a bot took the seat over for its errors.")


class RevealedPlayer(Wire):
    name: Seat
    role: Role
    team: str
    alive: bool
    markers: list[str]


class Reveal(Wire):
    """Every role and the whole timeline of a finished game: each event (with its
    `audience`) and each answer (kind `Answered`: `seat`, `decision`, `answer`, `auto`,
    `timeout`) in the order they happened."""

    edition: str
    players: list[RevealedPlayer]
    timeline: list[dict[str, Any]]
    outcome: Outcome | None
    grimoire: dict[str, Any] | None = Field(None, description=(
        "Clocktower: the grimoire as the game ended."))


class ScriptCharacter(Wire):
    id: str
    name: str
    type: str


class ScriptReport(Wire):
    """What wolfsbane can run of a Blood on the Clocktower script file."""

    name: str | None
    author: str | None
    characters: int
    rules: list[ScriptCharacter]
    not_implemented: list[ScriptCharacter]
    unknown: list[ScriptCharacter]
    homebrew: list[ScriptCharacter]
    fully_supported: bool
    bootlegger: list[str]
    jinxes: list[dict[str, Any]]
    options: dict[str, Any]
    first_night: list[str]
    other_night: list[str]
    night_order_from_file: bool
    without_night_slot: list[str]


class RematchInfo(Wire):
    code: str | None = Field(description="The next game's code, once someone opened it.")


# -- WebSocket messages the server sends ------------------------------------------------------


class SnapshotMessage(Wire):
    """The whole view from your cursor on, after `hello` or `sync`."""

    type: Literal["snapshot"]
    protocol: str = Field(description=f"The protocol's version ({PROTOCOL_VERSION}).")
    view: View
    clock: Clock
    controlled: list[Seat] | None = Field(None, description="The moderator only.")


class UpdateMessage(Wire):
    """Whatever you may see changed: the new events, and the rest."""

    type: Literal["update"]
    protocol: str
    view: View
    clock: Clock
    controlled: list[Seat] | None = None


class LobbyMessage(Wire):
    """Before the start, and whenever the lobby changes."""

    type: Literal["lobby"]
    protocol: str | None = None
    game: GameInfo


class AckMessage(Wire):
    """Your `answer`, `say`, `skip` or `over` (with its `ref`) was accepted and stored."""

    type: Literal["ack"]
    ref: str | int | None = None


class ErrorMessage(Wire):
    """A refusal: nothing changed. `detail` is a sentence for a person; `message` and
    `params` name it in the edition's catalogue."""

    type: Literal["error"]
    error: str
    detail: str
    ref: str | int | None = None
    message: str | None = None
    params: dict[str, Any] | None = None


class PongMessage(Wire):
    """The answer to your `ping`."""

    type: Literal["pong"]
    ref: str | int | None = None
    now: float


class PingMessage(Wire):
    """The server's liveness probe, when the hello asked for one (`ping`): answer
    `{"type": "pong", "id": ID}` before `deadline`, or the socket is closed (4410)."""

    type: Literal["ping"]
    id: int
    deadline: float


class ClosedMessage(Wire):
    """Sent before the server closes the socket."""

    type: Literal["closed"]
    reason: str


class RematchMessage(Wire):
    """The finished game's next game with the same people was opened: its code."""

    type: Literal["rematch"]
    code: str


SERVER_MESSAGES: tuple[type[Wire], ...] = (
    SnapshotMessage, UpdateMessage, LobbyMessage, AckMessage, ErrorMessage, PongMessage,
    PingMessage, ClosedMessage, RematchMessage,
)

ServerMessage = Annotated[
    SnapshotMessage | UpdateMessage | LobbyMessage | AckMessage | ErrorMessage | PongMessage
    | PingMessage | ClosedMessage | RematchMessage,
    Field(discriminator="type"),
]


class ServerMessageModel(BaseModel):
    """Any message the server sends on a WebSocket (for validating one)."""

    message: ServerMessage


def undeclared_fields(model: BaseModel, where: str = "") -> list[str]:
    """The fields of a validated message that no model names (a drift between the server
    and this protocol), as paths: the tests require none."""
    found: list[str] = []
    if isinstance(model, (OtherEvent, OtherAct, OtherDecision)):
        found.append(f"{where} (a kind no model names)")
    for key in (model.model_extra or {}):
        found.append(f"{where}.{key}")
    for name in type(model).model_fields:
        found.extend(_undeclared_in(getattr(model, name), f"{where}.{name}"))
    return found


def _undeclared_in(value: Any, where: str) -> list[str]:
    if isinstance(value, BaseModel):
        return undeclared_fields(value, where)
    if isinstance(value, list):
        return [f for i, item in enumerate(value) for f in _undeclared_in(item, f"{where}[{i}]")]
    if isinstance(value, dict):
        return [f for k, item in value.items() for f in _undeclared_in(item, f"{where}[{k}]")]
    return []


DecisionBase.model_rebuild()
Record.model_rebuild()


# -- small HTTP replies -----------------------------------------------------------------------


class BotsAdded(Wire):
    added: list[ParticipantInfo]


class SeatMoved(Wire):
    ok: bool
    position: int
    moved_bot: str | None = Field(description="The bot that moved to the chair you left.")
    seats: list[SeatInfo]


class BotsShown(Wire):
    ok: bool
    show_bots: bool


class HostHanded(Wire):
    ok: bool
    host: ParticipantInfo


class Started(Wire):
    ok: bool
    status: str


class Controlled(Wire):
    ok: bool
    controlled: list[Seat]


class GameMessage(Wire):
    """`GET /view`: the snapshot a WebSocket would send (before the start: the lobby)."""

    type: Literal["snapshot", "lobby"]
    protocol: str
    view: View | None = None
    clock: Clock | None = None
    controlled: list[Seat] | None = None
    game: GameInfo | None = None


# -- the published schema ---------------------------------------------------------------------


class ServerWsMessage(RootModel[ServerMessage]):
    """Any message the server sends on the WebSocket `/ws/{code}`, by its `type`."""


def _client_ws_message() -> type[RootModel[Any]]:
    from .models import ClientMessage

    class ClientWsMessage(RootModel[ClientMessage]):  # type: ignore[valid-type]
        """Any message a client sends on the WebSocket `/ws/{code}`, by its `type`."""

    return ClientWsMessage


def http_bodies() -> list[type[BaseModel]]:
    """What clients send by HTTP (server/models.py)."""
    from . import models
    from .routes.scripts import ScriptText

    return [models.CreateGame, models.Join, models.AnswerIn, models.SayIn, models.TurnIn,
            models.AddBots, models.ShowBots, models.Extend, models.HandHost, models.PickSeat,
            models.SeatIn, ScriptText]


HTTP_REPLIES: tuple[type[Wire], ...] = (
    Health, EditionInfo, Joined, GameInfo, Me, GameMessage, Record, Reveal, RematchInfo,
    ScriptReport, Ok,
    BotsAdded, SeatMoved, BotsShown, HostHanded, Started, Controlled,
)


def protocol_schema() -> dict[str, Any]:
    """The protocol as one JSON Schema document (draft 2020-12): every message either way on
    the WebSocket, every HTTP body and reply, under `$defs` by model name. Its top level
    accepts any WebSocket message. docs/protocol.schema.json is this, committed; a test
    keeps the two equal."""
    client = _client_ws_message()
    models: list[type[BaseModel]] = [ServerWsMessage, client, *http_bodies(), *HTTP_REPLIES]
    _, document = models_json_schema([(m, "serialization") for m in models],
                                     ref_template="#/$defs/{model}")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://wolfsbane.invalid/protocol/{PROTOCOL_VERSION}",
        "title": "The wolfsbane agent protocol",
        "description": ("The messages of wolfsbane's server (docs/protocol.md): "
                        "ServerWsMessage and ClientWsMessage on the WebSocket, the rest by "
                        "HTTP."),
        "version": PROTOCOL_VERSION,
        "oneOf": [{"$ref": "#/$defs/ServerWsMessage"}, {"$ref": "#/$defs/ClientWsMessage"}],
        "$defs": document["$defs"],
    }


def schema_text() -> str:
    """The schema as the file is written: sorted keys, two spaces, a final newline."""
    return json.dumps(protocol_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# -- the reference in docs/protocol.md --------------------------------------------------------

REFERENCE_BEGIN = "<!-- the reference below is generated: wolfsbane protocol reference -->"
REFERENCE_END = "<!-- end of the generated reference -->"


def _fields(model: type[BaseModel], skip: tuple[str, ...] = ()) -> str:
    names = []
    for name, field in model.model_fields.items():
        inherited = issubclass(model, EventBase) and model is not EventBase
        if name in skip or (inherited and name in EventBase.model_fields):
            continue
        names.append(f"`{name}`" if field.is_required() else f"`{name}`?")
    return ", ".join(names) or "(none)"


def _said(model: type[BaseModel]) -> str:
    text = (model.__doc__ or "").strip().split("\n\n")[0]
    return " ".join(text.split()).replace("|", "\\|")


def _tag_of(model: type[BaseModel], field: str) -> str:
    return str(model.model_fields[field].annotation.__args__[0])  # type: ignore[union-attr]


def reference_markdown() -> str:
    """The message reference of docs/protocol.md, from the models: every message type, event
    kind, decision kind and talk act with its fields (`?`: may be left out)."""
    from . import models

    def table(title: str, head: str, rows: list[tuple[str, str, str]]) -> list[str]:
        out = [f"### {title}", "", f"| {head} | fields | what |", "| --- | --- | --- |"]
        out += [f"| {a} | {b} | {c} |" for a, b, c in rows]
        return [*out, ""]

    client = [models.WsHello, models.WsAnswer, models.WsSay, models.WsSkip, models.WsOver,
              models.WsPing, models.WsPong, models.WsSync]
    lines = [REFERENCE_BEGIN, "", f"Protocol version `{PROTOCOL_VERSION}`.", ""]
    lines += table("Messages the server sends", "type", [
        (f"`{_tag_of(m, 'type')}`", _fields(m, ("type",)), _said(m)) for m in SERVER_MESSAGES])
    lines += table("Messages a client sends", "type", [
        (f"`{_tag_of(m, 'type')}`", _fields(m, ("type",)), _said(m)) for m in client])
    parts: list[type[BaseModel]] = [View, You, PlayerAtTable, ChannelLimit, Outcome, Clock,
                                    VoteStanding, MyBallot, TalkStanding, Curtain]
    lines += table("The view and the clock", "part", [
        (f"`{m.__name__}`", _fields(m), _said(m)) for m in parts])
    lines += table("Events", "kind", [
        ("every event", _fields(EventBase, ("kind",)), "Numbered per seat.")] + [
        (f"`{kind}`", _fields(m, ("kind",)), _said(m)) for kind, m in EVENT_KINDS.items()])
    lines += table("Decisions", "kind", [
        ("every decision", _fields(DecisionBase, ("kind",)), _said(DecisionBase))] + [
        (f"`{kind}`", "", _said(m)) for kind, m in DECISION_KINDS.items()])
    lines += table("Talk acts (a `say` message's `message`, a `Said` event's)", "type", [
        (f"`{name}`", _fields(m, ("type",)), _said(m)) for name, m in TALK_ACTS.items()])
    lines += table("HTTP replies", "model", [
        (f"`{m.__name__}`", _fields(m), _said(m)) for m in HTTP_REPLIES])
    lines += table("HTTP bodies", "model", [
        (f"`{m.__name__}`", _fields(m), _said(m)) for m in http_bodies()
        + [models.Timers, models.TalkOptions, models.AgentRule]])
    return "\n".join([*lines, REFERENCE_END]) + "\n"
