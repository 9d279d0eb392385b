"""The LiCOS village, run the way the LiCOS server runs it: day first, then night, again.

Day N is one engine phase ("day N"): the morning's discussion is a clock (its time running out
is an answer in the record), then the vote opens at noon and lasts noon's length. Night N
("night N") runs the night table (table.NIGHT_ORDER) on the core night loop, its turns called
together: the night's choices are asked at once, each timed to the night's length; then dawn,
and the morning's news, which is given before day N+1 begins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core import (
    Channel,
    Death,
    Edition,
    Option,
    Outcome,
    SetupError,
    check_end,
    kill,
    tally,
)
from ...core.catalog import BOOLEAN, SECONDS, TEXT
from ...core.common import deal, plurality
from ...core.night import Ability, run_night, table_kind
from . import compositions as comp
from . import roles as r
from .names import CHARACTER_NAMES, cast
from .state import LicosState, Night, state_of
from .table import NIGHT_ORDER

if TYPE_CHECKING:
    import random

    from ...core import Decision, Game
    from ...core.edition import Flow

MORNING = "morning"
_CHAT_LIMIT = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


@dataclass(frozen=True)
class ChatLimit(Option):
    """`chat-limit`: "MxL", at most M messages per phase, each at most L characters."""

    def check_text(self, value: Any) -> Any:
        match = (_CHAT_LIMIT.match(value) if isinstance(value, str) and len(value) <= 40
                 else None)
        if match is None:
            raise self.refuse("messages and characters written like 10x140", value)
        messages, length = int(match.group(1)), int(match.group(2))
        if not 1 <= messages <= 1000:
            raise SetupError(f"{self.label}: 1 to 1000 messages per phase, not {messages}.")
        if not 1 <= length <= 2000:
            raise SetupError(f"{self.label}: 1 to 2000 characters per message, not {length}.")
        return f"{messages}x{length}"


def chat_limit(game: Game) -> tuple[int | None, int]:
    messages, length = str(game.options["chat-limit"]).split("x")
    return int(messages), int(length)


def _dead_names(game: Game) -> list[str]:
    return [p.name for p in game.players if not p.alive]


def _werewolves_awake(game: Game) -> bool:
    return state_of(game).werewolves_awake


# -- the night table's turns (table.NIGHT_ORDER), by turn id -------------------------------------
# LiCOS calls the night's turns together: the pack, the seers and the hunters are asked at
# once, each within the night's length (core.night asks every turn's questions in one batch,
# in the table's order), then each turn takes in its answers, in the same order.

def _within_the_night(game: Game, asks: list[Decision]) -> list[Decision]:
    seconds = float(game.options["night-seconds"])
    for ask in asks:
        ask.seconds = seconds  # every choice of the night is made within the night
    return asks


def _werewolves(game: Game, night: Night) -> Flow:
    # the pack's channel opens for the night, and stays open until dawn: the night lasts its
    # length whoever has chosen, and a channel closing early would tell the pack that every
    # seer and hunter has made their choice
    state_of(game).werewolves_awake = True
    asks = _within_the_night(game, r.werewolves_attack(game))
    answers = yield asks
    night.victim = yield from r.pack_choice(game, asks, answers)


def _seer(game: Game, night: Night) -> Flow:
    asks = _within_the_night(game, r.seers_inspect(game))
    if not asks:
        return  # no seer alive: nobody looks
    picks = yield asks
    night.looks += [(game.by_name[ask.seat], game.by_name[pick])
                    for ask, pick in zip(asks, picks, strict=True) if pick is not None]


def _hunter(game: Game, night: Night) -> Flow:
    asks = _within_the_night(game, r.hunters_guard(game))
    if not asks:
        return  # no hunter alive: nobody is guarded
    picks = yield asks
    night.guarded.update(pick for pick in picks if pick is not None)


_EVERY_NIGHT: dict[str, Ability[Night]] = {
    "werewolf": _werewolves, "seer": _seer, "hunter": _hunter,
}
# There is no night before day 1, so the first night is like every other.
NIGHT_ABILITIES: dict[str, dict[str, Ability[Night]]] = {
    "first": _EVERY_NIGHT, "other": _EVERY_NIGHT,
}


def _dawn(game: Game, night: Night) -> Flow:
    """What the night's choices lead to once they are all made, and the morning's news."""
    state_of(game).werewolves_awake = False  # the night is over: the pack's channel closes
    deaths: list[Death] = []
    if night.victim is not None:
        prey = game.by_name[night.victim]
        if prey.role == "werehamster":
            game.note("AttackFailed", {"player": night.victim, "reason": "werehamster"})
        elif night.victim in night.guarded:
            game.note("AttackFailed", {"player": night.victim, "reason": "guarded"})
        else:
            deaths.append(Death(prey, "attack", character="werewolf"))
    # a werehamster dies of the seer's look: the seer's ability killed it
    deaths.extend(Death.caused_by(target, "fear", seer) for seer, target in night.looks
                  if target.role == "werehamster")
    died = yield from kill(game, deaths)
    _morning_news(game, night, died)
    check_end(game)


def _morning_news(game: Game, night: Night, died: list[str]) -> None:
    """What the village learns at dawn, before day N+1: the night's deaths were announced
    as they happened; then yesterday's execution and the votes each player received."""
    table = state_of(game)
    if table.executed is not None:
        game.announce({"about": "execution", "player": table.executed, "day": night.number,
                       "recap": True})
    for name, count in table.votes.items():
        game.announce({"about": "votes", "player": name, "number": count,
                       "day": night.number})
    for seer, target in night.looks:
        if seer.alive:
            game.tell(seer, r.seer_result(game, target))
    r.mediums_hear(game, table.dead_since_morning + died)
    table.dead_since_morning = []


PRESETS = ("A", "B", "C")
PRESET_WORDS = {
    "A": "The published A village for the number of players (the recommended cards)",
    "B": "The published B village for the number of players",
    "C": "The published C village for the number of players",
}


class Licos(Edition):
    id = "licos"
    name = "The LiCOS village"
    summary = ("The online village: day first, secret votes with counts read out each morning, "
               "seer, medium, hunter, masons, madman, werewolves and the werehamster.")
    presets = PRESETS
    preset_words = PRESET_WORDS
    bot = "licos:LicosBot"
    roles = r.ROLES
    min_players = comp.MIN_PLAYERS
    max_players = comp.MAX_PLAYERS
    first_phase = "day 1"
    character_names = CHARACTER_NAMES
    bot_names = CHARACTER_NAMES
    night_order = NIGHT_ORDER
    table_decisions = {
        "vote": "every living player at noon: another living player, or abstain",
    }
    # noon's vote: secret, and only the counts each player received are read out next morning
    day_votes = frozenset({"vote"})
    storyteller_decisions = {
        "deal": "shuffle and deal the composition",
        "tie-break": "a tie at noon's vote or in the pack's attack, chosen at random",
    }
    options = {
        "hunter-self-guard": Option(
            "hunter-self-guard", False, "Each night the hunter may choose to guard themself "
            "(LiCOS does not allow it).", kind=BOOLEAN,
            label="The hunter may guard themself"),
        "reveal-role-on-death": Option(
            "reveal-role-on-death", False,
            "Announce the role of every player who dies (LiCOS keeps it secret).",
            kind=BOOLEAN, label="Reveal the roles of the dead"),
        "chat-limit": ChatLimit(
            "chat-limit", "10x140",
            "Messages each player may post per phase on a channel, and characters per "
            "message, written like 10x140.", kind=TEXT, label="Chat limit"),
        "first-morning-seconds": Option(
            "first-morning-seconds", 300, "How long the first morning's talk lasts.",
            minimum=10, maximum=3600, kind=SECONDS, label="Length of the first morning"),
        "morning-seconds": Option(
            "morning-seconds", 0,
            "How long every later morning lasts; 0 follows LiCOS: 240, 360 or 480 seconds "
            "with 4-6, 7-12 or 13-15 players alive.", minimum=0, maximum=3600, kind=SECONDS,
            label="Length of later mornings", zero_words="as LiCOS: by the players alive"),
        "noon-seconds": Option("noon-seconds", 60, "How long the vote at noon lasts.",
                               minimum=10, maximum=3600, kind=SECONDS,
                               label="Length of noon"),
        "night-seconds": Option("night-seconds", 60, "How long the night lasts.",
                                minimum=10, maximum=3600, kind=SECONDS,
                                label="Length of the night"),
    }
    channels = (
        Channel("village", lambda g: g.alive_names(), lambda g: g.phase.startswith("day"),
                limits=chat_limit),
        Channel("werewolves", lambda g: [p.name for p in g.alive() if r.is_werewolf(p)],
                _werewolves_awake, limits=chat_limit),
        Channel("graveyard", _dead_names, lambda g: True, limits=chat_limit),
    )

    # -- set-up ----------------------------------------------------------------------------

    def new_state(self) -> LicosState:
        return LicosState()

    def compositions(self) -> dict[str, list[str]]:
        """Every published composition by name ("4A" ... "15C"), with its deck."""
        return {name: comp.deck_of(counts) for name, counts in comp.COMPOSITIONS.items()}

    def preset(self, name: str, players: int) -> list[str]:
        """A published composition by name: "15A" or "licos:15A"; "A", "B", "C" (or "basic",
        "classic", both meaning "A") pick that letter for `players`."""
        return comp.composition(name, players)

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"a LiCOS village has {self.min_players} to {self.max_players} players, "
                f"not {players}")
        return comp.composition(f"{players}A")

    def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
        catalog = self.catalog(options)
        for role_id in deck:
            self.role(role_id, catalog)
        comp.check_counts(players, list(deck))

    def cast(self, players: int, rng: random.Random | None = None) -> list[str]:
        """Seat names for a table: the edition's character names."""
        return cast(players, rng)

    # -- the clock ---------------------------------------------------------------------------

    @staticmethod
    def morning_seconds(game: Game, number: int) -> int:
        """How long day `number`'s morning talk lasts: the first morning's option; later ones
        the option, or as LiCOS by the players alive (240, 360 or 480 seconds with 4-6, 7-12
        or 13-15 alive)."""
        options = game.options
        if number == 1:
            return int(options["first-morning-seconds"])
        if options["morning-seconds"]:
            return int(options["morning-seconds"])
        living = len(game.alive())
        return 240 if living <= 6 else 360 if living <= 12 else 480

    def night_seconds(self, game: Game) -> float:
        """A LiCOS night lasts its option's length: dawn waits for it where nights are timed."""
        return float(game.options["night-seconds"])

    # -- the game --------------------------------------------------------------------------

    def flow(self, game: Game) -> Flow:
        yield from deal(game)
        number = 1
        while True:
            yield from self.day(game, number)
            yield from self.night(game, number)
            number += 1

    def start(self, game: Game) -> None:
        """The first morning: everyone hears the composition, the pack and the masons meet."""
        deck = comp.deck_of(tuple(comp.counts_of([p.role for p in game.players]).values()))
        game.announce({"about": "composition", "roles": deck,
                       "counts": {k: v for k, v in comp.counts_of(deck).items() if v}})
        r.werewolves_recognise(game)
        r.masons_recognise(game)

    def day(self, game: Game, number: int) -> Flow:
        game.begin_phase(f"day {number}")
        if number == 1:
            self.start(game)
        yield game.clock(MORNING, self.morning_seconds(game, number))
        # noon: the vote opens, and lasts as long as noon does
        noon = float(game.options["noon-seconds"])
        voters = game.alive()
        asks = [
            game.ask(voter, "vote", game.alive_names(exclude=voter), optional=True,
                     forbidden={voter.name: "nobody may vote for themself",
                                **{p.name: f"{p.name} is dead"
                                   for p in game.players if not p.alive}},
                     prompt="Whom should the village put to death? (You may abstain.)",
                     seconds=noon)
            for voter in voters
        ]
        picks = yield asks
        ballots = []
        for voter, pick in zip(voters, picks, strict=True):
            ballots.append((voter.name, pick, 1))
            # the ballot is secret: only the voter (and the storyteller) sees it
            game.emit("VoteCast", {"player": voter.name, "target": pick}, voter.name)
        counts = tally(ballots)
        table = state_of(game)
        table.votes = {p.name: counts[p.name] for p in game.players if p.name in counts}
        table.executed = None
        table.dead_since_morning = []
        condemned = yield from plurality(game, counts, about="execution")
        if condemned is None:
            game.announce({"about": "execution", "player": None, "reason": "no votes"})
        else:
            table.executed = condemned
            game.emit("PlayerExecuted", {"player": condemned})
            died = yield from kill(game, [Death(game.by_name[condemned], "execution")])
            table.dead_since_morning = died
        check_end(game)

    def night(self, game: Game, number: int) -> Flow:
        # not a generator itself: the night is the table's loop, with no layer around it
        # that every decision of the night would pass through
        game.begin_phase(f"night {number}")
        kind = table_kind(number)
        return run_night(game, self.night_order[kind], NIGHT_ABILITIES[kind], Night(number),
                         dawn=_dawn, together=True)

    # -- deaths ------------------------------------------------------------------------------

    def reveals_cards(self, game: Game) -> bool:
        return bool(game.options["reveal-role-on-death"])

    # -- winning -----------------------------------------------------------------------------

    def check_win(self, game: Game) -> Outcome | None:
        alive = game.alive()
        wolves = sum(1 for p in alive if r.is_werewolf(p))
        if not alive:
            return Outcome("none", (), "nobody is left alive")
        if wolves == 0:
            team, reason = r.VILLAGE, "no werewolf is left alive"
        elif wolves >= len(alive) - wolves:
            team, reason = r.WEREWOLVES, "the werewolves are as many as the other living players"
        else:
            return None
        if any(p.role == "werehamster" for p in alive):
            reason = f"{reason}, but a werehamster is still alive and takes the victory"
            team = r.WEREHAMSTER
        return Outcome(team, tuple(p.name for p in game.players if p.team == team), reason)
