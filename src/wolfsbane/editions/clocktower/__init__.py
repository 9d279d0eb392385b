"""Blood on the Clocktower, the script of clocktower-script.txt on the base rules of
clocktower-base.md: a storyteller seat in charge, the engine its grimoire and rules assistant.

The game starts at night 1. Each night runs its table (night.py) slot by slot; each day runs
nominations and raised hands (days.py); wins are checked in one place (wins.py). Characters
are written one module per type (townsfolk.py, outsiders.py, minions.py, demons.py,
travellers.py, fabled.py) as described in docs/clocktower.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Edition, Outcome, Role, SetupError
from ...core.catalog import BOOLEAN, CHOICE, INTEGER, ROLES, SECONDS, TEXT, Channel, Option
from ...core.night import run_night, table_kind
from .days import run_day
from .health import abilities_of, character_type, conditions, healthy, sync_markers
from .night import ABILITIES, NIGHT_ORDER, dawn
from .registry import RULES
from .rules import Night
from .script import CHARACTERS, FABLED, LORIC, TRAVELLER
from .setup import MAX_PLAYERS, MIN_PLAYERS, check_deck, recommended_deck, run_setup
from .state import ClocktowerSeat, ClocktowerState, seat_of, state_of
from .wins import check_win

if TYPE_CHECKING:
    from ...core import Game, Player
    from ...core.edition import DeathsFlow, Flow

# RULINGS' decisions and information for each character, as the catalog lists them.
DECISIONS: dict[str, tuple[str, ...]] = {
    "dreamer": ("inspect",), "village-idiot": ("inspect",), "snake-charmer": ("charm",),
    "fortune-teller": ("inspect",), "monk": ("protect",), "banshee": ("nominate", "vote"),
    "ogre": ("befriend",), "klutz": ("choose",), "widow": ("poison",),
    "godfather": ("attack",), "summoner": ("summon",), "lil-monsta": ("babysit",),
    "no-dashii": ("attack",), "fang-gu": ("attack",), "bone-collector": ("restore",),
    "thief": ("steal",), "barber": (),
}
INFORMATION: dict[str, tuple[str, ...]] = {
    "chef": ("{number}",), "librarian": ("{players, role}", "{number: 0}"),
    "empath": ("{number}",), "dreamer": ("{player, roles}",),
    "village-idiot": ("{player, alignment}",), "snake-charmer": ("{role, alignment}",),
    "mathematician": ("{number}",), "fortune-teller": ("{players, yes}",),
    "widow": ("{about: grimoire}",), "godfather": ("{roles}",), "summoner": ("{roles}",),
    "evil-twin": ("{player, role}",), "apprentice": ("{role}",), "barber": ("{role}",),
}


def _role(character_id: str) -> Role:
    character = CHARACTERS[character_id]
    return Role(character.id, character.name, character.team or "good", character.ability,
                decisions=DECISIONS.get(character.id, ()),
                information=INFORMATION.get(character.id, ()),
                traits={"type": character.type, "reminders": list(character.reminders),
                        "first_night": character.first_night,
                        "other_night": character.other_night})


ROLE_CATALOG: dict[str, Role] = {cid: _role(cid) for cid in CHARACTERS}


class RuleTexts(Option):
    """A list of short rule texts (the Bootlegger's homebrew rules)."""

    def check_text(self, value: Any) -> Any:
        if value in (None, ""):
            return []
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)) or len(value) > 20 or not all(
                isinstance(v, str) and 0 < len(v) <= 500 and v.isprintable() for v in value):
            raise SetupError(f"{self.label} is a list of up to 20 rules of 1 to 500 "
                             "printable characters each")
        return list(value)


def _type_is(kind: str) -> Any:
    return lambda role: role.traits.get("type") == kind


def _village(game: Game) -> list[str]:
    return [p.name for p in game.players]


class Clocktower(Edition):
    id = "clocktower"
    name = "Blood on the Clocktower"
    summary = ("A storyteller runs the grimoire: good players hunt the Demon through "
               "information that may be false; drunk and poisoned players never know it.")
    roles = ROLE_CATALOG
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS + 4
    seats_may_join = True
    storyteller_run = True
    night_order = NIGHT_ORDER
    first_phase = "night 1"
    day_votes = frozenset({"vote"})
    bot = "clocktower:ClocktowerBot"
    presets = ("standard",)
    preset_words = {"standard": "The storyteller fills a legal bag for the table, every "
                                "bracket applied (Travellers beyond fifteen players)"}
    deck_words = ("5 to 15 players draw characters (the storyteller fills the bag); more "
                  "join as Travellers.")
    # Every token is the grimoire's: what the table learns of one (the Banshee's awakening, a
    # vote that counts against) it is told in words.
    reminder_tokens = {
        "poisoned": "storyteller", "drunk": "storyteller", "safe": "storyteller",
        "red-herring": "storyteller", "no-ability": "storyteller", "lunch": "storyteller",
        "has-ability": "storyteller", "friend": "storyteller", "haircuts-tonight": "storyteller",
        "is-the-marionette": "storyteller", "outsider": "storyteller", "wrong": "storyteller",
        "everyone-drunk": "storyteller", "abnormal": "storyteller", "know": "storyteller",
        "twin": "storyteller", "died-today": "storyteller", "dead": "storyteller",
        "is-the-demon": "storyteller", "once": "storyteller", "night-1": "storyteller",
        "night-2": "storyteller", "night-3": "storyteller", "is-the-apprentice": "storyteller",
        "negative-vote": "storyteller", "something-bad": "storyteller",
    }
    table_decisions = {
        "nominate": "each living player, once a day (standing): a player, or no",
        "vote": "every eligible voter on each nomination or exile: a raised hand (yes/no)",
        "exile": "any player, dead or alive, while a Traveller lives (standing)",
    }
    storyteller_decisions = {
        "characters": "the bag at set-up (with the Gardener: every seat's character)",
        "outsider-count": "the Godfather's bracket: 1 or -1",
        "lil-monsta": "whether Lil' Monsta is in play when no Demon is dealt",
        "marionette": "the good neighbour of the Demon who is the Marionette",
        "red-herring": "the good player who registers as a Demon to the Fortune Teller",
        "drunk-village-idiot": "which of several Village Idiots is drunk",
        "traveller-alignment": "each Traveller's secret alignment",
        "bluffs": "three good characters not in play, shown to the Demon",
        "info": "what a drunk, poisoned or misregistering player is told, or which true "
                "information a healthy one gets where the storyteller picks",
        "register": "what a Recluse or the Marionette registers as, per detection",
        "end-game": "at every dawn and dusk: end a game whose result is certain",
        "tie-break": "ties",
        "widow-know": "the good player who learns that a Widow is in play",
        "good-twin": "the good player paired with the Evil Twin",
        "babysitter": "who babysits Lil' Monsta when the Minions disagree",
        "lil-monsta-kill": "each night after the first: who dies to Lil' Monsta, or no",
        "ruling": "an interaction with no official ruling (the Fang Gu on a Recluse, the Snake "
                  "Charmer or the Barber on Lil' Monsta's babysitter, the Minstrel's drink "
                  "against Lil' Monsta)",
        "apprentice-ability": "the ability an Apprentice gains on their first night",
        "scapegoat": "whether the Scapegoat is executed instead of a player of their side",
        "something-bad": "through each day with Hell's Librarian: a player who talked dies "
                         "or is drunk, or no",
    }
    options = {
        "exile-threshold": Option(
            "exile-threshold", "all-players", "How many supporters an exile needs: half of "
            "all players, or half of the living, rounded up.",
            choices=("all-players", "living-players"), kind=CHOICE,
            label="Votes an exile needs",
            choice_labels=("Half of all players", "Half of the living players")),
        "evil-info-min-players": Option(
            "evil-info-min-players", 7, "From this many players the Minions and the Demon "
            "learn each other on the first night.", minimum=5, maximum=16, kind=INTEGER,
            label="Players for Minion and Demon info"),
        "ogre-friend-rule": Option(
            "ogre-friend-rule", False, "The Ogre follows their friend's alignment all game "
            "(the optional rule for large games).", kind=BOOLEAN, label="Ogre's friend rule"),
        "fabled": Option("fabled", ["djinn"], "The Fabled characters in play (the Djinn announces "
                         "the script's jinxes).", kind=ROLES, label="The Fabled in play",
                         allows=_type_is(FABLED)),
        "loric": Option("loric", [], "The Loric characters in play (the Gardener assigns every "
                        "character; the Bootlegger announces homebrew rules).", kind=ROLES,
                        label="The Loric in play", allows=_type_is(LORIC)),
        "bootlegger-rules": RuleTexts("bootlegger-rules", [], "The homebrew rules the "
                                      "Bootlegger announces.", kind=TEXT,
                                      label="Homebrew rules"),
        "day-seconds": Option("day-seconds", 900, "How long a day lasts online before it "
                              "ends with its execution.", minimum=60, maximum=86400,
                              kind=SECONDS, label="Length of a day"),
    }
    channels = (
        Channel("village", _village, lambda g: g.phase.startswith("day")),
    )

    # -- set-up ------------------------------------------------------------------------------

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        return recommended_deck(players)

    def preset(self, name: str, players: int) -> list[str]:
        if name not in self.presets:
            raise SetupError(f"unknown preset '{name}'; presets: standard")
        return recommended_deck(players)

    def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
        check_deck(players, deck)

    def joining_roles(self, game: Game) -> list[str]:
        """Only Travellers join once the game has begun, each once, up to the table's
        size."""
        if len(game.players) >= self.max_players:
            return []
        taken = {p.role for p in game.players}
        return [cid for cid, c in CHARACTERS.items() if c.type == TRAVELLER and cid not in taken]

    def new_state(self) -> ClocktowerState:
        return ClocktowerState()

    def new_seat_state(self) -> ClocktowerSeat:
        return ClocktowerSeat()

    # -- the game ----------------------------------------------------------------------------

    def flow(self, game: Game) -> Flow:
        yield from run_setup(game)
        sync_markers(game)
        number = 1
        state = state_of(game)
        while True:
            state.night = number
            game.begin_phase(f"night {number}")
            kind = table_kind(number)
            yield from run_night(game, NIGHT_ORDER[kind], ABILITIES[kind], Night(number),
                                 dawn=dawn)
            game.begin_phase(f"day {number}")
            yield from run_day(game, number)
            number += 1

    def role_shown_to_self(self, player: Player) -> str:
        return seat_of(player).believes or player.role

    def team_shown_to_self(self, player: Player) -> str:
        return seat_of(player).shown_team or player.team

    # -- deaths ------------------------------------------------------------------------------

    def reveals_cards(self, game: Game) -> bool:
        return False

    def death_told_at_once(self, game: Game, player: Player, cause: str) -> bool:
        """A night's deaths are learnt at dawn: until then every seat but the storyteller
        sees the dead alive (night.dawn tells them)."""
        return cause == "execution" or not self.is_night(game.phase)

    def announce_death(self, game: Game, player: Player, cause: str) -> None:
        """Night deaths are told at dawn; an execution is announced by the day itself."""
        if cause == "execution" or self.is_night(game.phase):
            return
        game.announce({"about": "death", "player": player.name})

    def death_triggers(self, game: Game, player: Player, cause: str) -> DeathsFlow:
        state_of(game).died_today.append((player.name, cause))
        more = []
        for role in abilities_of(player):
            rules = RULES.get(role)
            if rules is not None and rules.on_death is not None:
                more.extend((yield from rules.on_death(game, player, cause)))
        sync_markers(game)
        return more

    # -- winning -----------------------------------------------------------------------------

    def check_win(self, game: Game) -> Outcome | None:
        return check_win(game)

    # -- the storyteller's view --------------------------------------------------------------

    def grimoire(self, game: Game) -> dict[str, Any]:
        """Every seat's character, alignment, states with their sources, and the table's
        set-up (bluffs, red herring, Lil' Monsta's babysitter): the storyteller's alone."""
        state = state_of(game)
        seats = []
        for player in game.players:
            seat = seat_of(player)
            seats.append({
                "player": player.name, "role": player.role, "type":
                character_type(player.role), "team": player.team, "alive": player.alive,
                # the ability held on top of the character: the Cannibal's lunch, or the
                # Apprentice's gift (an Apprentice with the Cannibal's ability shows its lunch)
                "believes": seat.believes, "ability": seat.lunch or seat.gained,
                "gained": seat.gained, "lunch": seat.lunch,
                "healthy": healthy(game, player), "vote_token": seat.vote_token,
                "states": [{"state": c.kind, "by": c.source, "character": c.character,
                            "until": c.until} for c in conditions(game, player)],
            })
        return {"seats": seats, "in_play": list(state.in_play), "bluffs": list(state.bluffs),
                "red_herring": state.red_herring, "babysitter": state.babysitter,
                "abnormal": list(state.abnormal), "block": state.block,
                "travellers": [p.name for p in game.players
                               if character_type(p.role) == TRAVELLER]}


__all__ = ["Clocktower"]
