"""The contract between the engine and a ruleset."""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .catalog import Channel, NightTurn, Option, Role
from .compiled import mypyc_attr
from .errors import SetupError
from .outcome import Outcome

if TYPE_CHECKING:
    from .deaths import Death
    from .game import Game
    from .player import Player

Flow = Generator[Any, Any, None]
# What a death sets off: it may ask questions, and returns the deaths it causes in turn.
DeathsFlow = Generator[Any, Any, "list[Death]"]


# Compiled with the engine, so that the engine's calls of the defaults below (every death is
# announced through one, every card dealt is shown through another) are native calls instead
# of interpreted frames; the editions written in plain Python subclass it all the same. Its
# declarations are class variables: each edition's own values, read off the edition or its
# class alike.
@mypyc_attr(allow_interpreted_subclasses=True)
class Edition(ABC):
    """A ruleset. Subclasses declare their catalog as data and write their flow as a generator."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    roles: ClassVar[dict[str, Role]] = {}
    options: ClassVar[dict[str, Option]] = {}
    channels: ClassVar[tuple[Channel, ...]] = ()
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 30
    public_markers: ClassVar[frozenset[str]] = frozenset()  # everyone sees these on a player
    # a person runs this edition's games (its storyteller); the automatic one only in practice
    storyteller_run: ClassVar[bool] = False
    self_markers: ClassVar[frozenset[str]] = frozenset()  # the holder sees these on themself
    first_phase: ClassVar[str] = "night 1"
    # The game itself is played physically in the dark (Werewolf in the Dark), the app being
    # the table's companion: the browser gives each seat a near-black phone and the table a
    # narrator device, instead of the usual seat and board screens.
    played_in_the_dark: ClassVar[bool] = False
    # Seats may join during the game (Clocktower's Travellers: `Game.add_seat`). Such a game
    # numbers its decisions so that the numbering survives new seats.
    seats_may_join: ClassVar[bool] = False
    # reminder token -> who may see it on a player: "public", "self" or "storyteller"
    # (core.reminders)
    reminder_tokens: ClassVar[dict[str, str]] = {}
    # names players play under, where the edition has them
    character_names: ClassVar[tuple[str, ...]] = ()
    # first names the server gives its bots (the character names where the edition has them),
    # so that a bot's seat reads like a person's
    bot_names: ClassVar[tuple[str, ...]] = ()
    # the narrator's calls: "first" for the first night, "other" for every later night
    night_order: ClassVar[dict[str, tuple[NightTurn, ...]]] = {}
    # Decisions that belong to no card: decision name -> who is asked, and when.
    table_decisions: ClassVar[dict[str, str]] = {}
    storyteller_decisions: ClassVar[dict[str, str]] = {}
    # The day's votes: decisions that every voter is asked at once after the village has
    # talked. A server gives them a discussion window and keeps their ballots changeable
    # until the vote closes.
    day_votes: ClassVar[frozenset[str]] = frozenset()
    # The named decks a table can be dealt without naming its cards (`preset`), each with
    # the sentence that tells a host what it holds, in the order a menu offers them.
    presets: ClassVar[tuple[str, ...]] = ()
    preset_words: ClassVar[dict[str, str]] = {}
    # The sentence telling a host how many cards a deck of their own must hold.
    deck_words: ClassVar[str] = "Deal exactly as many cards as seats."
    # The kind of each phase, by the first word of its name ("night 3" -> "night"): what a
    # shell shows and times, so that no shell has to guess from the phase's name.
    phase_kinds: ClassVar[dict[str, str]] = {"setup": "setup", "night": "night", "day": "day",
                                   "end": "end"}
    # The edition's own bot, as "module:Class" under `wolfsbane.agents`, loaded only when a
    # seat needs one so that loading an edition never loads a bot.
    bot: ClassVar[str] = ""

    # -- set-up ----------------------------------------------------------------------------

    def catalog(self, options: Mapping[str, Any]) -> dict[str, Role]:
        """The cards one game may hold, as its options choose them (a Clocktower script, a
        group's own cards): stored on the game as `game.catalog`, which every reader of a
        card goes through. By default every role of the edition."""
        return dict(self.roles)

    def role(self, role_id: str, catalog: Mapping[str, Role] | None = None) -> Role:
        """The card `role_id` of `catalog` (by default every role of the edition)."""
        cards = self.roles if catalog is None else catalog
        try:
            return cards[role_id]
        except KeyError:
            known = ", ".join(sorted(cards))
            raise SetupError(
                f"unknown role '{role_id}' in {self.id}; its roles are: {known}"
            ) from None

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        raise SetupError(f"{self.id} has no recommended set-up; name the roles")

    def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
        """Raise SetupError if this deck cannot be dealt to this many players."""
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        catalog = self.catalog(options)
        for role_id in deck:
            self.role(role_id, catalog)
        if len(deck) != players:
            raise SetupError(f"the deck has {len(deck)} cards for {players} players")

    def team_of(self, role_id: str) -> str:
        return self.role(role_id).team

    def preset(self, name: str, players: int) -> list[str]:
        """The deck the preset `name` deals to `players` (see `presets`)."""
        raise SetupError(f"{self.name} has no presets; name the cards")

    def compositions(self) -> dict[str, list[str]]:
        """Published decks by name, each for its own number of players (LiCOS's "15A");
        empty where the edition publishes none."""
        return {}

    def players_for(self, deck: list[str]) -> int:
        """How many players a deck named card by card is for, when the table size is not
        given: one card each, unless the edition deals spare cards (the thief's two)."""
        return len(deck)

    def new_state(self) -> object:
        """A fresh typed memory for one game (who is awake, who overhears), kept as
        `game.state`: a dataclass of the edition's, which mypy checks wherever it is read.
        None where the edition keeps nothing of the kind."""
        return None

    def new_seat_state(self) -> object:
        """A fresh typed memory for one seat (the thief's old card, a peasant's hidden
        nature), kept as `Player.state`: a dataclass of the edition's. None where the edition
        keeps nothing of the kind."""
        return None

    def card_before(self, player: Player) -> str | None:
        """The card `player` was dealt, when an ability of the game took it from them (the
        thief's swap): the final table shows it beside the card they ended with. None when
        they still hold it, or the edition swaps no cards."""
        return None

    def phase_kind(self, phase: str) -> str:
        """"night", "day", "setup", "end" or another kind the edition declares."""
        word = phase.split(" ", 1)[0].lower() if phase else ""
        return self.phase_kinds.get(word, "day")

    def is_night(self, phase: str) -> bool:
        """Whether `phase` is one whose goings-on must not show in its timing or look."""
        return self.phase_kind(phase) == "night"

    def messages(self, language: str = "en") -> dict[str, Any]:
        """Every text the edition shows players, merged over the shared catalogue: what the
        terminal and the browser say everything in."""
        from ..messages import catalogue  # the catalogue reads package data: load on demand

        return catalogue(self, language)

    @property
    def messages_package(self) -> str:
        """The package holding the edition's messages.<language>.json."""
        module = sys.modules[type(self).__module__]
        return module.__package__ or module.__name__

    # -- play --------------------------------------------------------------------------------

    @abstractmethod
    def flow(self, game: Game) -> Flow:
        """The game as its moderator runs it: a generator yielding decisions."""

    def check_win(self, game: Game) -> Outcome | None:
        return None

    def deck_secret(self, options: Mapping[str, Any]) -> bool:
        """Whether the deck dealt is kept from the table, so that nobody but the host who chose
        it (and a moderator) may learn which cards are in play (Werewolf in the Dark's mystery
        roles). The lobby then shows everyone else no deck."""
        return False

    def reveals_cards(self, game: Game) -> bool:
        """Whether a dead player's card is turned face up for everyone."""
        return True

    def announce_death(self, game: Game, player: Player, cause: str) -> None:
        """Tell the table that `player` died: `{about: execution|death, player}`, with the
        card when the edition turns it face up."""
        info: dict[str, Any] = {
            "about": "execution" if cause == "execution" else "death",
            "player": player.name,
        }
        if self.reveals_cards(game):
            info["role"] = player.role
        game.announce(info)

    def death_told_at_once(self, game: Game, player: Player, cause: str) -> bool:
        """Is the table told of `player`'s death as it happens? An edition whose night deaths
        are only learnt at dawn says no, and tells them then (`core.deaths.tell_deaths`)."""
        return True

    def death_triggers(self, game: Game, player: Player, cause: str) -> DeathsFlow:
        """Run what a death sets off; return the `core.deaths.Death`s it causes."""
        return []
        yield  # a generator that asks nothing

    def role_shown_to_self(self, player: Player) -> str:
        return player.role

    def team_shown_to_self(self, player: Player) -> str:
        """The team a player is told they are on. An edition where a team can change in
        secret (Millers Hollow's mixed lovers) shows the card's team instead."""
        return player.team

    def phase_seconds(self, game: Game) -> int | None:
        """How long the current phase lasts online, when the edition says so."""
        return None

    def night_seconds(self, game: Game) -> float | None:
        """How long a night lasts when the rulebook sets it (LiCOS: its night option); None
        leaves it to the game's `night_seconds`. Only read when the game times its nights."""
        return None

    def vote_clock(self, game: Game) -> tuple[int, int] | None:
        """Seconds of talk before the day's vote opens, and the least the vote then stays
        open, when the rulebook sets them (LiCOS: its morning and its noon); None leaves
        both to the game's timers."""
        return None

    def joining_roles(self, game: Game) -> list[str]:
        """The cards a seat may join with now (`Game.add_seat`, where `seats_may_join`): by
        default any card of the game; Clocktower: a Traveller not yet in play, while the
        table has room."""
        return sorted(game.catalog)

    def grimoire(self, game: Game) -> dict[str, Any] | None:
        """What the storyteller's view shows beyond the table and the reminders, where the
        edition keeps a grimoire (Clocktower: every token, state and its source). None
        elsewhere. Only the storyteller seat's view carries it."""
        return None

    def ballots_shown(self, game: Game) -> bool:
        """Whether everyone may see whom each voter names while a day's vote is open. By
        default a ballot is secret until the edition announces it."""
        return False


def deck_for(edition: Edition, players: int, options: dict[str, Any],
             preset: str | None = None, deck: list[str] | None = None) -> list[str]:
    """The cards a table of `players` is dealt: the deck named, else the preset named, else
    the edition's `recommended_deck`, the one default every interface (browser, `play`,
    `simulate`, the API) deals."""
    if deck:
        return list(deck)
    if preset:
        return list(edition.preset(preset, players))
    return list(edition.recommended_deck(players, options))


def table_sizes(edition: Edition, options: dict[str, Any], preset: str | None = None,
                deck: list[str] | None = None) -> list[int]:
    """The numbers of players this set-up can be dealt to (empty: none at all)."""
    sizes = []
    for players in range(edition.min_players, edition.max_players + 1):
        try:
            edition.check_deck(players, deck_for(edition, players, options, preset, deck),
                               options)
        except SetupError:
            continue
        sizes.append(players)
    return sizes
