"""Werewolf in the Dark, as its companion app runs it: the game is played physically in the
dark, and the app deals, narrates, keeps every clock, records the deaths, runs the ghosts and
the dusk, counts the vote and checks the end, so that everybody plays.

Phases: `know` (once), then `night N` (until a body is found or the countdown runs out),
`day N` (the new ghosts, a minute of talk, the simultaneous vote and its execution) and
`dusk N` (the guide, the end check, the seer and the vampire hunter), again and again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Channel, Edition, Outcome, Role, SetupError
from ...core.common import deal
from . import cards as c
from . import presets as p
from .dusk import dusk
from .know import know
from .night import NIGHT_ORDER, night
from .options import OPTIONS
from .state import DarkSeat, DarkState
from .votes import day
from .wins import check_win

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ...core import Game, Player
    from ...core.edition import DeathsFlow, Flow

MIN_DEALT = 3  # a named deck may be smaller than the rulebook's six: scenarios and tests


class InTheDark(Edition):
    id = "in-the-dark"
    name = "Werewolf in the Dark"
    summary = ("The game played in the dark: the app deals, keeps the clocks, hears who is "
               "dead and who found a body, runs the ghosts and the dusk, and counts the vote.")
    roles = c.ROLES
    options = OPTIONS
    min_players = p.MIN_PLAYERS
    max_players = p.MAX_PLAYERS
    presets = p.PRESETS
    preset_words = p.PRESET_WORDS
    first_phase = "know"
    played_in_the_dark = True  # the browser's dark phones and narrator device
    phase_kinds = {"setup": "setup", "know": "know", "night": "night", "day": "day",
                   "dusk": "dusk", "end": "end"}
    bot = "in_the_dark:DarkBot"
    # on the table for all to see: the dead are ghosts, and one of them guides every dusk
    public_markers = frozenset({"ghost", "guide"})
    night_order = NIGHT_ORDER
    # the village talks aloud in the sanctuary; the channel serves phones and bots by day
    channels = (
        Channel("village", lambda g: g.alive_names(),
                lambda g: g.phase.startswith("day") and any(p.alive for p in g.players)),
    )
    table_decisions = {
        "dead": "each living player at night, standing: declare that you were killed (yes)",
        "body-found": "each living player at night, standing: the body found and verified; "
                      "ends the night",
        "vote": "each living player after the day's countdown: another living player, or "
                "no vote",
        "choose-ghost": "each new ghost: one of the two tokens drawn",
        "guide": "each ghost at the first dusk: the ghost who guides every dusk",
        "judge": "each ghost at dusk: thumb up if the seer's player is a monster (yes/no)",
    }
    storyteller_decisions = {
        "deal": "shuffle and deal the deck",
        "draw": "two ghost tokens from the pool for a new ghost",
        "tie-break": "a tie for the guide",
    }

    # -- set-up ----------------------------------------------------------------------------

    def catalog(self, options: Mapping[str, Any]) -> dict[str, Role]:
        return c.catalog(options)

    def preset(self, name: str, players: int) -> list[str]:
        return p.preset(name, players)

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        return p.preset("standard", players)

    def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
        if not MIN_DEALT <= players <= self.max_players:
            raise SetupError(f"{self.name} takes {self.min_players} to {self.max_players} "
                             f"players, not {players}.")
        catalog = self.catalog(options)
        for role_id in deck:
            self.role(role_id, catalog)
        if len(deck) != players:
            raise SetupError(f"the deck has {len(deck)} cards for {players} players")

    def deck_secret(self, options: Mapping[str, Any]) -> bool:
        # "Only the Guide knows exactly what roles are in the game."
        return bool(options.get("mystery-roles", False))

    def new_state(self) -> DarkState:
        return DarkState()

    def new_seat_state(self) -> DarkSeat:
        return DarkSeat()

    # -- the game --------------------------------------------------------------------------

    def flow(self, game: Game) -> Flow:
        yield from deal(game)
        options = game.options
        yield from know(game, bool(options["mystery-roles"]), bool(options["show-know-on-phones"]),
                        float(options["know-seconds"]))
        number = 1
        while True:
            yield from night(game, number)
            yield from day(game, number)
            yield from dusk(game, number)
            number += 1

    def phase_seconds(self, game: Game) -> int | None:
        if self.is_night(game.phase):
            return int(game.options["night-seconds"])
        return None

    def night_seconds(self, game: Game) -> float:
        """The countdown of the rulebook (8 minutes by default), whoever keeps the time."""
        return float(game.options["night-seconds"])

    def ballots_shown(self, game: Game) -> bool:
        return True  # everyone points at once, in the light of the sanctuary

    # -- deaths ------------------------------------------------------------------------------

    def reveals_cards(self, game: Game) -> bool:
        return False  # "When players die, they do NOT reveal what they are."

    def death_triggers(self, game: Game, player: Player, cause: str) -> DeathsFlow:
        """A dead player is a ghost from then on (their token comes in the day)."""
        player.mark("ghost")
        return []
        yield  # a generator that asks nothing

    # -- winning -----------------------------------------------------------------------------

    def check_win(self, game: Game) -> Outcome | None:
        return check_win(game)
