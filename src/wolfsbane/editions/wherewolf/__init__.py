"""The Wherewolf rulebook, run the way its moderator runs it.

Night 1: recognitions, the seer and the wizard; nobody is attacked. Day: free talk, the secret
First Vote, the runoff, the Second Vote and the stake. From night 2 the moderator calls every
possible role in the order of the turn card, whether or not it was dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Channel, Edition, Option, Outcome, Role, SetupError, check_end
from ...core.catalog import BOOLEAN, ROLES, SECONDS, VARIANTS
from ...core.common import deal
from . import catalog as c
from .flow import death_triggers, run
from .rules import pack, strongest_wolf
from .state import WherewolfSeat, WherewolfState, state_of
from .table import BOT_NAMES, NIGHT_ORDER
from .wins import check_win

if TYPE_CHECKING:
    from ...core import Game, Player
    from ...core.edition import DeathsFlow, Flow

MIN_PLAYERS = 3  # the rulebook plays 8 and more; smaller tables serve scenarios and tests
MAX_PLAYERS = 24


def _dealt(role: Role) -> bool:
    """A card that can be dealt (players become the minor vampire and the wolf descendant)."""
    return role.traits.get("dealt") is not False


def _pack_awake(game: Game) -> bool:
    return state_of(game).werewolves_awake


def _pack_members(game: Game) -> list[str]:
    members = {p.name for p in pack(game)}
    leader = strongest_wolf(game)
    if leader is not None:
        members.add(leader.name)
    return sorted(members)


PRESETS = ("basic", "standard", "mystery")
PRESET_WORDS = {
    "basic": "Werewolves, the seer and peasants",
    "standard": "One antagonist for every four players, the seer always (the recommended "
                "cards)",
    "mystery": "The standard village plus one possible card for every two players, some of "
               "them left undealt",
}


class Wherewolf(Edition):
    id = "wherewolf"
    name = "Wherewolf"
    summary = ("Auras and mystics, a two-stage vote, werewolves with a pack leader and an "
               "outcast, vampires, criminals and guards, Romeo and Juliet.")
    presets = PRESETS
    preset_words = PRESET_WORDS
    bot = "wherewolf:WherewolfBot"
    deck_words = ("Deal exactly as many cards as seats (more cards than seats leave some "
                  "undealt: a mystery village).")
    roles = c.ROLES
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    public_markers = frozenset()
    self_markers = frozenset({"romeo", "amulet", "sword"})
    night_order = NIGHT_ORDER
    bot_names = BOT_NAMES
    table_decisions = {
        "first-vote": "every living player: one accusation (the merchant: a list; secret)",
        "second-vote": "every living player outside the runoff: one of the runoff players",
    }
    # the First Vote and the Second Vote (the pettifogger's defence, the spy's watch, the
    # decree and the orator's pardon are asked beside them, but are not ballots)
    day_votes = frozenset({"first-vote", "second-vote"})
    storyteller_decisions = {
        "deal": "deal the village from the deck (a mystery deck leaves cards undealt)",
        "hidden-role": "each peasant's hidden nature at set-up: hero, wolf-descendant, peasant",
        "amulet-holder": "the first holder of the amulet (option amulet)",
        "sword-holder": "the first holder of the sword (option sword)",
        "tie-break": "which of two equally strong werewolves (two pack wolves) attacks, or "
                     "dies of a hero, a sword or a curse",
        "end-game": "after each night and day in a row without a death (more than two "
                    "alive): end the game by the deadlock rule, or play on",
    }
    options = {
        "role-reveal": Option("role-reveal", False, "A dead player's card is shown to all.",
                              kind=BOOLEAN, label="Show the cards of the dead"),
        "open-voting": Option("open-voting", False, "Everyone sees every ballot.",
                              kind=BOOLEAN, label="Open voting"),
        "amulet": Option("amulet", False, "A protective amulet is handed on each night.",
                         kind=BOOLEAN, label="The amulet"),
        "sword": Option("sword", False, "A sword is handed on each night; its holder takes "
                        "their attacker down with them.", kind=BOOLEAN, label="The sword"),
        "day-seconds": Option("day-seconds", 0, "How long each day lasts; 0 leaves the days "
                              "untimed (the day's own clock decides).",
                              minimum=0, maximum=86400, kind=SECONDS, label="Length of a day",
                              zero_words="untimed"),
        "variants": Option("variants", {}, "Cards played in one of the variants printed on "
                           "them; leave a card unticked to play it as written.",
                           kind=VARIANTS, label="Card variants", allows=_dealt,
                           aliases=tuple(c.VARIANT_ALIASES.items())),
        "extra-roles": Option("extra-roles", [], "Cards announced as possible though not "
                              "dealt, so nobody knows which are really in play (a mystery "
                              "village).", kind=ROLES, label="Extra possible cards",
                              allows=_dealt),
    }
    channels = (
        Channel("village", lambda g: g.alive_names(), lambda g: g.phase.startswith("day")),
        Channel("werewolves", _pack_members, _pack_awake),
    )

    # -- set-up ----------------------------------------------------------------------------

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        return self.preset("standard", players)

    def preset(self, name: str, players: int) -> list[str]:
        """`basic`: werewolves, the seer and peasants-as-villagers; `standard`: one antagonist
        per four players (rounded down), with the seer always and at least one werewolf;
        `mystery`: the standard village plus one possible role for every two players."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(f"Wherewolf takes {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {players}")
        antagonists = max(1, players // 4)
        if name == "basic":
            # "For first games": werewolves "1 for 5-8 players, 2 for 9-12 players, 3 for
            # 13-16 players, 4 for 17-20 players, and so on"
            wolves = max(1, (players - 1) // 4)
            deck = ["pack-leader"] + ["pack-wolf"] * (wolves - 1) + ["seer"]
            deck += ["peasant"] * (players - len(deck))
            return deck
        if name == "classic":  # the name other editions give their full village
            name = "standard"
        if name not in ("standard", "mystery"):
            raise SetupError(f"unknown preset '{name}'; presets: basic, standard (classic), "
                             "mystery")
        bad_order = ["pack-leader", "pack-wolf", "vampire", "assassin", "outcast-wolf",
                     "cursed-wolf", "spy", "traitor", "guild-master", "pack-wolf"]
        good_order = ["seer", "witch", "mayor", "healer", "hermit", "wizard", "guard",
                      "peasant", "medium", "orator", "innkeeper", "pettifogger", "priest",
                      "sinner", "merchant", "vampire-hunter", "other-guard", "peasant",
                      "bocca-di-rosa", "peasant", "juliet", "madman"]
        bad = bad_order[:antagonists]
        good = good_order[: players - len(bad)]
        deck = bad + good
        if name == "mystery":
            spare = [r for r in ("innkeeper", "healer", "wizard", "medium", "ghoul", "priest",
                                 "orator", "hermit", "merchant", "pettifogger", "sinner",
                                 "vampire-hunter") if r not in deck]
            deck += spare[: players // 2]
        return deck

    def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(f"Wherewolf takes {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                             f"not {players}")
        catalog = self.catalog(options)
        for role_id in list(deck) + list(options.get("extra-roles") or []):
            role = self.role(role_id, catalog)
            if role.traits.get("dealt") is False:
                raise SetupError(f"{role.name} is not a card: players become it in play")
        if len(deck) < players:
            raise SetupError(f"the deck has {len(deck)} cards for {players} players")
        for role_id, chosen in (options.get("variants") or {}).items():
            role = self.role(role_id, catalog)
            wanted = [chosen] if isinstance(chosen, str) else list(chosen or [])
            known = set(role.traits["variants"])
            for variant_id in wanted:
                if c.VARIANT_ALIASES.get(variant_id, variant_id) not in known:
                    raise SetupError(
                        f"{role.name} has no variant '{variant_id}'; its variants: "
                        + (", ".join(sorted(known)) or "none"))

    # -- the game --------------------------------------------------------------------------

    def new_state(self) -> WherewolfState:
        return WherewolfState()

    def new_seat_state(self) -> WherewolfSeat:
        return WherewolfSeat()

    def flow(self, game: Game) -> Flow:
        # "The Seer, together with a variable number of Werewolves, is the only Role that
        # must always be included in every composition": a mystery village deals them
        yield from deal(game, always_dealt=(frozenset({"seer"}), c.WOLVES))
        yield from run(game)

    def phase_seconds(self, game: Game) -> int | None:
        seconds = int(game.options["day-seconds"])
        if seconds and game.phase.startswith("day"):
            return seconds
        return None

    def ballots_shown(self, game: Game) -> bool:
        return bool(game.options["open-voting"])

    # -- deaths ------------------------------------------------------------------------------

    def reveals_cards(self, game: Game) -> bool:
        return bool(game.options["role-reveal"])

    def death_triggers(self, game: Game, player: Player, cause: str) -> DeathsFlow:
        return (yield from death_triggers(game, player, cause))

    # -- winning -----------------------------------------------------------------------------

    def check_win(self, game: Game) -> Outcome | None:
        return check_win(game)


__all__ = ["Wherewolf", "check_end"]
