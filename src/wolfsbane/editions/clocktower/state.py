"""What a Clocktower game remembers, typed: the table's memory (`game.state`, the grimoire's
centre) and each seat's (`Player.state`: its states, what it was told, its vote token)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...core import Game, Outcome, Player

DRUNK = "drunk"
POISONED = "poisoned"


@dataclass(frozen=True, slots=True)
class Condition:
    """A drunk or poisoned state on a player, with its source.

    `source` is the player whose ability causes it and `character` that ability: the state
    lasts while the source is alive and still holds that ability, healthy (base rules: "the
    state ends when its source dies or loses its ability"). `source` None: the state does not
    hang on a living source (the Village Idiot's bracket, the Minstrel's night of drink, the
    Snake Charmer's lasting poison). `until` is the phase at whose beginning it wears off (the
    Minstrel's "until dusk tomorrow" is the next night but one)."""

    kind: str
    source: str | None
    character: str
    until: str | None = None


@dataclass(slots=True)
class ClocktowerSeat:
    """One seat's memory."""

    conditions: list[Condition] = field(default_factory=list)
    # the character the player believes they are, when it is not their own (the Marionette)
    believes: str | None = None
    # an ability held on top of the character (the Apprentice's gift)
    gained: str | None = None
    # the ability a Cannibal's ability has eaten (the recently killed executee's): apart from
    # `gained`, so that an Apprentice who gained the Cannibal's ability keeps eating
    lunch: str | None = None
    traveller: bool = False
    vote_token: bool = True  # a dead player's one vote, spent when used
    empowered: bool = False  # a Banshee the Demon killed: two nominations, two hands
    regained: bool = False  # a dead player with their ability back until dusk
    # the alignment the player believes they have, when they were not told their own (the
    # Ogre is never told which side their friend is on)
    shown_team: str | None = None
    # what this seat's ability told it, in order (false information stays consistent)
    told: list[dict[str, Any]] = field(default_factory=list)


def seat_of(player: Player) -> ClocktowerSeat:
    seat = player.state
    if not isinstance(seat, ClocktowerSeat):
        raise TypeError("a Clocktower seat keeps a ClocktowerSeat")
    return seat


@dataclass
class ClocktowerState:
    """The table's memory: the set-up, the night's and the day's bookkeeping."""

    in_play: list[str] = field(default_factory=list)  # characters in play at set-up
    bluffs: list[str] = field(default_factory=list)
    red_herring: str | None = None
    outsider_change: int = 0  # the Godfather's bracket: +1 or -1
    lil_monsta: bool = False  # Lil' Monsta is in play (babysat, not held)
    babysitter: str | None = None  # who "is the Demon" for Lil' Monsta
    night: int = 0
    day: int = 0
    # players whose ability worked abnormally since dawn, because of another character
    abnormal: list[str] = field(default_factory=list)
    # tonight: who is safe from the Demon, and by which Monk
    safe: dict[str, str] = field(default_factory=dict)
    # the day
    nominated: list[str] = field(default_factory=list)  # nominees today
    nominations_made: dict[str, int] = field(default_factory=dict)  # nominator -> count
    declined: list[str] = field(default_factory=list)  # will not nominate again today
    exiles_called: list[str] = field(default_factory=list)  # travellers called today
    exile_declined: list[str] = field(default_factory=list)  # call no exile again today
    block: str | None = None  # who is about to die
    block_votes: int = 0  # the count to beat
    executed_today: bool = False  # the day's one execution is used
    day_over: bool = False  # an ability ended the day at once (the Virgin)
    # deaths of the current day and night, as (player, cause): the Godfather, the Barber
    died_today: list[tuple[str, str]] = field(default_factory=list)
    # voter -> the Thief who made their vote count against ("negative vote")
    negative: dict[str, str] = field(default_factory=dict)
    # an ability ended the game (the Klutz, the Evil Twin's execution)
    forced: Outcome | None = None
    # registrations given this game, for the storyteller's view: (player, by, as)
    registrations: list[tuple[str, str, str]] = field(default_factory=list)
    haircuts: bool = False  # the Barber died: the Demon may swap two characters tonight
    banshee_news: list[str] = field(default_factory=list)  # Banshees the Demon killed
    # Klutzes still to choose: at dawn, or once their execution's triggers are resolved
    klutz_pending: list[str] = field(default_factory=list)
    ogre_friends: dict[str, str] = field(default_factory=dict)  # Ogre -> their friend
    # the friend's alignment when last followed (the Ogre's friend rule)
    ogre_friend_teams: dict[str, str] = field(default_factory=dict)
    # the storyteller's ruling that the Minstrel's drink stops Lil' Monsta's kill: until the
    # beginning of this phase (dusk tomorrow)
    monsta_drunk_until: str | None = None
    evil_info: bool = False  # Minion and Demon info happen on the first night


def state_of(game: Game) -> ClocktowerState:
    state = game.state
    if not isinstance(state, ClocktowerState):
        raise TypeError("a Clocktower game keeps a ClocktowerState")
    return state
