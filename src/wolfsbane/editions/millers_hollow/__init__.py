"""The Werewolves of Millers Hollow, run the way its moderator runs it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

# (Game and Player too, at run time and not only for the type checker: a compiled build,
# mypyc's, needs the classes of the dataclasses' fields when it defines them)
from ...core import (
    ARRANGE,
    Channel,
    Death,
    Edition,
    Game,
    Option,
    Outcome,
    Player,
    SetupError,
    check_end,
    kill,
    most_voted,
    tally,
)
from ...core.catalog import BOOLEAN, CHOICE, NUMBER
from ...core.common import deal
from ...core.compiled import mypyc_attr
from ...core.deaths import grieving_partner
from ...core.night import Ability, run_night, table_kind
from ...core.reminders import SELF
from . import roles as r
from .seat import MillersHollowSeat, seat_of
from .table import BOT_NAMES, NIGHT_ORDER

if TYPE_CHECKING:
    from ...core.edition import DeathsFlow, Flow


@dataclass(slots=True)
class MillersHollowState:
    """What the table knows between decisions, for the whole game (`game.state`)."""

    werewolves_awake: bool = False  # the pack's channel is open
    spies: tuple[Player, ...] = ()  # the little girls who overhear the pack's talk tonight

    # written out: compiled, the `__init__` that dataclasses writes runs interpreted
    def __init__(self, werewolves_awake: bool = False, spies: tuple[Player, ...] = ()) -> None:
        self.werewolves_awake = werewolves_awake
        self.spies = spies


def state_of(game: Game) -> MillersHollowState:
    state = game.state
    if not isinstance(state, MillersHollowState):
        raise TypeError("a Millers Hollow game keeps a MillersHollowState")
    return state


@dataclass(slots=True)
class Night:
    """What one night's turns hand on to the next ones and to the dawn."""

    number: int
    center: list[str]  # the two cards nobody was dealt (the thief's choice)
    spies: Sequence[Player] = ()  # the little girls who peek
    arrows: Sequence[r.Arrow] = ()  # Cupid's, told in the lovers' turn
    victim: str | None = None  # the pack's prey
    frightened: Player | None = None  # a little girl caught peeking: she dies of fright
    healed: bool = False
    poisoned: Sequence[Death] = ()  # the witch's, as she caused them

    # written out: compiled, the `__init__` that dataclasses writes runs interpreted
    def __init__(self, number: int, center: list[str], spies: Sequence[Player] = (),
                 arrows: Sequence[r.Arrow] = (), victim: str | None = None,
                 frightened: Player | None = None, healed: bool = False,
                 poisoned: Sequence[Death] = ()) -> None:
        self.number = number
        self.center = center
        self.spies = spies
        self.arrows = arrows
        self.victim = victim
        self.frightened = frightened
        self.healed = healed
        self.poisoned = poisoned


# A slot that only hands on a card's own generator returns it rather than wrapping it in
# one more generator: every decision of the night passes through each layer.
def _thief(game: Game, night: Night) -> Flow:
    return r.thief_steals(game, night.center)


def _cupid(game: Game, night: Night) -> Flow:
    night.arrows = yield from r.cupid_links(game)


def _lovers(game: Game, night: Night) -> None:
    r.lovers_wake(game, night.arrows)


def _fortune_teller(game: Game, night: Night) -> Flow:
    return r.fortune_tellers_look(game)


def _little_girl(game: Game, night: Night) -> Flow:
    night.spies = yield from r.little_girls_decide(game)


def _werewolves(game: Game, night: Night) -> Flow:
    if night.number == 1:  # the pack's first waking: its members see one another
        r.werewolves_recognise(game)
    # Only a little girl who sees the pack's talk overhears it; with `little-girl-sees:
    # werewolf` she is shown one werewolf instead.
    table = state_of(game)
    table.spies = tuple(night.spies) if game.options["little-girl-sees"] == "chat" else ()
    table.werewolves_awake = True
    night.victim = yield from r.werewolves_attack(game)
    table.werewolves_awake = False
    if night.spies:  # only a little girl who peeked can be caught
        night.frightened = yield from r.little_girls_spied(game, night.spies, night.victim)
    table.spies = ()
    if night.frightened is not None:
        night.victim = None


def _witch(game: Game, night: Night) -> Flow:
    night.healed, night.poisoned = yield from r.witches_brew(game, night.victim)


def _dawn(game: Game, night: Night) -> Flow:
    """The night's deaths, once every turn is over."""
    # the pack kills as one: the attack and the fright are the werewolves', not one wolf's
    deaths: list[Death] = []
    if night.frightened is not None:
        deaths.append(Death(night.frightened, "fright", character="werewolf"))
    if night.victim is not None and not night.healed:
        deaths.append(Death(game.by_name[night.victim], "attack", character="werewolf"))
    deaths.extend(night.poisoned)
    if deaths:  # most nights kill somebody; a night that kills nobody has nothing to resolve
        yield from kill(game, deaths)
    check_end(game)
    yield from r.pass_on_the_star(game)


# Each slot of the night tables (table.NIGHT_ORDER), by turn id.
_EVERY_NIGHT: Final[dict[str, Ability[Night]]] = {
    "fortune-teller": _fortune_teller, "little-girl": _little_girl, "werewolf": _werewolves,
    "witch": _witch,
}
NIGHT_ABILITIES: Final[dict[str, dict[str, Ability[Night]]]] = {
    "first": {"thief": _thief, "cupid": _cupid, "lovers": _lovers, **_EVERY_NIGHT},
    "other": _EVERY_NIGHT,
}


def _werewolves_awake(game: Game) -> bool:
    return state_of(game).werewolves_awake


PRESETS: Final = ("basic", "classic")
PRESET_WORDS: Final = {
    "basic": "The basic mix: werewolves, the fortune teller and ordinary townsfolk",
    "classic": "The classic village: the witch, the hunter, Cupido, the little girl and the "
               "thief join as the table grows (the recommended cards)",
}


# variants of the village subclass it, in the compiled build too
@mypyc_attr(allow_interpreted_subclasses=True)
class MillersHollow(Edition):
    id = "millers-hollow"
    name = "The Werewolves of Millers Hollow"
    summary = "The classic: werewolves, a fortune teller, a witch, cupid's lovers and a sheriff."
    presets = PRESETS
    preset_words = PRESET_WORDS
    bot = "heuristic:HeuristicBot"
    deck_words = ("Deal exactly as many cards as seats (with the thief, two more: they lie in "
                  "the centre).")
    roles = r.ROLES
    min_players = 4
    max_players = 24
    public_markers = frozenset({"sheriff"})
    self_markers = frozenset({"lover"})
    reminder_tokens = {"lover": SELF}  # each lover knows they are one; Cupid's arrow is theirs
    night_order = NIGHT_ORDER
    bot_names = BOT_NAMES
    table_decisions = {
        "elect": "every living player on day 1, naming the sheriff (option sheriff)",
        "vote": "every living player each day; the sheriff's vote counts twice",
        "successor": "a dying sheriff, naming the next one",
    }
    # the sheriff election and the hanging vote; each ballot is announced once all are in
    day_votes = frozenset({"elect", "vote"})
    storyteller_decisions = {
        "deal": "shuffle and deal the deck (center cards for the thief)",
        "center": "the two center cards, when the roles were fixed in advance",
        "tie-break": "a tie in the pack's attack or the sheriff election",
        "caught": "whether the werewolves catch a spying little girl",
        "show-werewolf": "which werewolf a spying little girl sees (little-girl-sees: werewolf)",
        "successor": "the next sheriff, when the dying one names nobody",
    }
    options = {
        "sheriff": Option(
            "sheriff", True, "Day 1 opens with a sheriff election; the sheriff's vote counts "
            "twice.", kind=BOOLEAN, label="Elect a sheriff"),
        "little-girl-catch-chance": Option(
            "little-girl-catch-chance", 0.2,
            "How likely the automatic storyteller is to have the werewolves catch a spying "
            "little girl (0: never, 1: always).", minimum=0.0, maximum=1.0, kind=NUMBER,
            label="Chance the little girl is caught"),
        "little-girl-sees": Option(
            "little-girl-sees", "chat", "What a spying little girl sees: the pack's talk and "
            "its victim, or one werewolf's face.", choices=("chat", "werewolf"), kind=CHOICE,
            label="What the little girl sees",
            choice_labels=("The pack's talk and victim", "One werewolf")),
        "hunter-shoots-on-any-death": Option(
            "hunter-shoots-on-any-death", False,
            "The hunter also shoots when poisoned or dying of grief.", kind=BOOLEAN,
            label="The hunter shoots whatever kills him"),
        "werewolves-win-at-parity": Option(
            "werewolves-win-at-parity", False,
            "The werewolves also win as soon as they are at least half of the living.",
            kind=BOOLEAN, label="Werewolves win at parity"),
    }
    channels = (
        Channel("village", lambda g: g.alive_names(),
                lambda g: g.phase.startswith("day")),
        Channel("werewolves", lambda g: [p.name for p in g.alive() if r.is_werewolf(p)],
                _werewolves_awake,
                eavesdroppers=lambda g: [p.name for p in state_of(g).spies]),
    )

    # -- set-up ----------------------------------------------------------------------------

    def new_state(self) -> MillersHollowState:
        return MillersHollowState()

    def new_seat_state(self) -> MillersHollowSeat:
        return MillersHollowSeat()

    def card_before(self, player: Player) -> str | None:
        return seat_of(player).was

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        """The classic village the summary promises: the witch, the hunter, Cupid, the little
        girl and the thief join the fortune teller in that order as the table grows (Cupid
        from eight players). Every interface deals this when no cards are named."""
        return self.preset("classic", players)

    def preset(self, name: str, players: int) -> list[str]:
        """`basic`: werewolves, the fortune teller and villagers. `classic`: the special
        characters join as the table grows. Werewolves by players: up to 6: 1, 7-11: 2,
        12-17: 3, 18 and more: 4."""
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        wolves = 1 if players <= 6 else 2 if players <= 11 else 3 if players <= 17 else 4
        deck = ["werewolf"] * wolves + ["fortune-teller"]
        if name == "classic":
            extras = ["witch", "hunter", "cupid", "little-girl", "thief"]
            specials = max(0, min(len(extras), players - wolves - 3))
            deck += extras[:specials]
        elif name != "basic":
            raise SetupError(f"unknown preset '{name}'; presets: {', '.join(PRESETS)}")
        deck += ["villager"] * (players - len(deck))
        if "thief" in deck:
            deck += ["villager", "villager"]
        return deck

    def players_for(self, deck: list[str]) -> int:
        """The thief's two spare cards lie in the middle of the table."""
        return len(deck) - (2 if "thief" in deck else 0)

    def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
        catalog = self.catalog(options)
        for role_id in deck:
            if role_id not in catalog:
                self.role(role_id, catalog)  # refused, with the cards there are
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        if "werewolf" not in deck:
            raise SetupError("the deck needs at least one werewolf")
        expected = players + (2 if "thief" in deck and len(deck) != players else 0)
        if len(deck) != expected:
            raise SetupError(
                f"the deck has {len(deck)} cards for {players} players"
                + (" (a deck with the thief has two extra cards)" if "thief" in deck else "")
            )

    # -- the game --------------------------------------------------------------------------

    def flow(self, game: Game) -> Flow:
        center = yield from deal(game)
        if game.with_role("thief") and not center:
            center = yield game.ask_storyteller(
                "center", list(r.ROLES), kind=ARRANGE,
                suggest=lambda rng: ["villager", "villager"],
                check=lambda answer: r.check_center(answer, set(r.ROLES)),
                prompt="Which two cards lie in the center for the thief?")
        number = 1
        while True:
            yield from self.night(game, number, center)
            yield from self.day(game, number)
            number += 1

    def night(self, game: Game, number: int, center: list[str]) -> Flow:
        # not a generator itself: the night is the table's loop, with no layer around it
        # that every decision of the night would pass through
        game.begin_phase(f"night {number}")
        kind = table_kind(number)
        return run_night(game, self.night_order[kind], NIGHT_ABILITIES[kind],
                         Night(number, center), dawn=_dawn)

    def day(self, game: Game, number: int) -> Flow:
        game.begin_phase(f"day {number}")
        if number == 1 and game.options["sheriff"] and game.holder_of("sheriff") is None:
            yield from r.elect_sheriff(game)
        voters = game.alive()
        living = [voter.name for voter in voters]
        asks = []
        for at, voter in enumerate(voters):
            name = voter.name
            lover = voter.bonds.get("lover")
            forbidden = {name: "nobody may vote to hang themself"}
            choices = living[:at] + living[at + 1:]  # the living but the voter
            if lover:
                forbidden[lover] = "lovers may not vote against each other"
                choices = [n for n in choices if n != lover]
            asks.append(game.ask(name, "vote", choices, optional=True, forbidden=forbidden,
                                 prompt="Who should the village hang? (You may abstain.)"))
        picks = yield asks
        ballots = []
        for voter, pick in zip(voters, picks):
            weight = r.vote_weight(voter)
            ballots.append((voter.name, pick, weight))
            game.emit("VoteCast", {"player": voter.name, "target": pick, "weight": weight})
        top = most_voted(tally(ballots))
        if len(top) != 1:
            game.announce({"about": "execution", "player": None,
                           "reason": "tie" if top else "no votes"})
        else:
            condemned = game.by_name[top[0]]
            game.emit("PlayerExecuted", {"player": condemned.name})
            yield from kill(game, [Death(condemned, "execution")])
            check_end(game)
            yield from r.pass_on_the_star(game)
        check_end(game)

    def team_shown_to_self(self, player: Player) -> str:
        # Lovers are never told their partner's card, so a mixed couple is not told either
        # that their goal has changed: each sees the team of their own card.
        return self.team_of(player.role)

    # -- deaths ------------------------------------------------------------------------------

    def death_triggers(self, game: Game, player: Player, cause: str) -> DeathsFlow:
        # A lover dies of grief "immediately": before a dying hunter takes aim, so the hunter
        # is only offered players who are still alive once the grief has run its course.
        partner = grieving_partner(game, player, "lover")
        if partner is not None:
            yield from kill(game, [Death(partner, "grief", by=player)])
        if player.role == "hunter":
            return (yield from r.hunter_shoots(game, player, cause))
        return []

    # -- winning -----------------------------------------------------------------------------

    def check_win(self, game: Game) -> Outcome | None:
        alive = wolves = 0
        lovers: list[Player] = []
        for p in game.players:  # one pass: this runs after every death
            if p.team == r.LOVERS:
                lovers.append(p)
            if p.alive:
                alive += 1
                if r.is_werewolf(p):
                    wolves += 1
        if not alive:
            return Outcome("none", (), "nobody is left alive")
        lovers_alive = len(lovers) == 2 and all(p.alive for p in lovers)
        if lovers_alive and alive == 2:
            return self._won(game, r.LOVERS, "the lovers are the last two alive")
        if not wolves:
            return self._won(game, r.VILLAGE, "no werewolf is left alive")
        if wolves == alive:
            return self._won(game, r.WEREWOLVES, "only werewolves are left alive")
        if (game.options["werewolves-win-at-parity"] and not lovers_alive
                and 2 * wolves >= alive):
            return self._won(game, r.WEREWOLVES, "the werewolves are half of the living")
        return None

    @staticmethod
    def _won(game: Game, team: str, reason: str) -> Outcome:
        return Outcome(team, tuple(p.name for p in game.players if p.team == team), reason)
