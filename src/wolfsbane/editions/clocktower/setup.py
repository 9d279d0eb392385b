"""Set-up: the bag (the storyteller's `characters`), its brackets, the draw, and the
storyteller's choices before the first night (Lil' Monsta, the Marionette, the drunk Village
Idiot, Travellers' alignments, each character's own set-up, the Demon's bluffs)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any

from ...core import ARRANGE, IllegalAnswer, SetupError
from ...core.reminders import place_reminder
from .detect import neighbours
from .health import abilities_of, character_type, demons, is_traveller, name_of
from .registry import RULES
from .script import CHARACTERS, DEMON, MINION, OUTSIDER, TOWNSFOLK, TRAVELLER, of_type
from .state import DRUNK, Condition, seat_of, state_of

if TYPE_CHECKING:
    from ...core import Game

Flow = Generator[Any, Any, None]

MIN_PLAYERS, MAX_PLAYERS = 5, 15
# players -> (Townsfolk, Outsiders, Minions, Demons), before the brackets
COUNTS: dict[int, tuple[int, int, int, int]] = {
    5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1), 9: (5, 2, 1, 1),
    10: (7, 0, 2, 1), 11: (7, 1, 2, 1), 12: (7, 2, 2, 1), 13: (9, 0, 3, 1), 14: (9, 1, 3, 1),
    15: (9, 2, 3, 1),
}
KINDS = (TOWNSFOLK, OUTSIDER, MINION, DEMON)
NOT_IN_BAG = frozenset({"lil-monsta", "marionette"})  # in play, but never drawn
VILLAGE_IDIOT = "village-idiot"


def counts_for(players: int, in_play: Sequence[str], outsider_change: int = 0) -> Counter[str]:
    """How many of each type the bag holds for `players` with these characters in play,
    every bracket applied once (Village Idiot extras count as Townsfolk)."""
    townsfolk, outsiders, minions, demon_count = COUNTS[players]
    chosen = set(in_play)
    if "godfather" in chosen:
        outsiders += outsider_change
        townsfolk -= outsider_change
    if "fang-gu" in chosen:
        outsiders += 1
        townsfolk -= 1
    if "summoner" in chosen:
        demon_count -= 1
        townsfolk += 1
    if "lil-monsta" in chosen:
        demon_count -= 1  # Lil' Monsta is babysat, not drawn
        minions += 1
    if "marionette" in chosen:
        minions -= 1  # she draws a good token
        townsfolk += 1
    return Counter({TOWNSFOLK: townsfolk, OUTSIDER: outsiders, MINION: minions,
                    DEMON: demon_count})


def check_bag(players: int, characters: Any, outsider_change: int) -> list[str]:
    """The storyteller's `characters`: the bag for the seats (one token a seat, every
    bracket applied), plus Lil' Monsta or the Marionette when in play. Returns it or raises
    IllegalAnswer saying what is wrong."""
    if not isinstance(characters, (list, tuple)) or not all(
            isinstance(c, str) for c in characters):
        raise IllegalAnswer("Name the characters as a list of ids.", "bag-shape")
    for role in characters:
        if role not in CHARACTERS or character_type(role) not in KINDS:
            raise IllegalAnswer(f"{role} is not a Townsfolk, Outsider, Minion or Demon of "
                                "this script.", "bag-unknown", role=str(role))
    bag = [c for c in characters if c not in NOT_IN_BAG]
    if len(bag) != players:
        raise IllegalAnswer(f"The bag holds one token a seat: {players}, not {len(bag)}.",
                            "bag-size", number=players)
    repeated = [r for r, n in Counter(characters).items()
                if n > 1 and not (r == VILLAGE_IDIOT and n <= 3)]
    if repeated:
        raise IllegalAnswer(f"{name_of(repeated[0])} is in the bag twice.", "bag-twice")
    wanted = counts_for(players, characters, outsider_change)
    have = Counter(character_type(r) for r in bag)
    for kind in KINDS:
        if have[kind] != wanted[kind] or wanted[kind] < 0:
            raise IllegalAnswer(
                f"For {players} players with these characters the bag holds "
                f"{wanted[TOWNSFOLK]} Townsfolk, {wanted[OUTSIDER]} Outsiders, "
                f"{wanted[MINION]} Minions and {wanted[DEMON]} Demons.", "bag-counts")
    return list(characters)


def suggest_bag(rng: random.Random, players: int,
                outsider_change: int | None = None) -> tuple[list[str], int]:
    """A legal bag that gives both teams a game, and the Godfather's outsider change: one
    Demon, Minions and good characters at random, brackets applied, jinxed pairs kept
    apart. Lil' Monsta and the Summoner come rarely (they change the shape of the game)."""
    while True:
        demon = rng.choice(["no-dashii", "no-dashii", "fang-gu", "fang-gu", "lil-monsta"])
        minion_pool = [c.id for c in of_type(MINION)]
        if demon == "lil-monsta":
            minion_pool = [m for m in minion_pool if m not in ("summoner", "marionette")]
        chosen = [demon]
        base = COUNTS[players]
        wanted_minions = base[2] + (1 if demon == "lil-monsta" else 0)
        if wanted_minions > len(minion_pool):
            continue
        minions = rng.sample(minion_pool, wanted_minions)
        if "summoner" in minions and "marionette" in minions:
            continue
        if "summoner" in minions:
            chosen = []
        chosen += minions
        change = 0
        if "godfather" in chosen:
            change = outsider_change if outsider_change is not None else rng.choice([1, -1])
        counts = counts_for(players, chosen, change)
        if counts[OUTSIDER] < 0 or counts[OUTSIDER] > len(of_type(OUTSIDER)):
            if "godfather" in chosen and outsider_change is None and change == -1:
                change = 1
                counts = counts_for(players, chosen, change)
            else:
                continue
        townsfolk = [c.id for c in of_type(TOWNSFOLK)]
        picked = rng.sample(townsfolk, counts[TOWNSFOLK])
        extras = min(rng.choice([0, 0, 0, 1, 2]), counts[TOWNSFOLK] - 1) \
            if VILLAGE_IDIOT in picked else 0
        keep = [t for t in picked if t != VILLAGE_IDIOT]
        picked = keep[:len(keep) - extras] + [VILLAGE_IDIOT] * (extras + 1) \
            if VILLAGE_IDIOT in picked else picked
        outsiders = rng.sample([c.id for c in of_type(OUTSIDER)], counts[OUTSIDER])
        bag = chosen + picked + outsiders
        return check_bag(players, bag, change), change


def seated(game: Game) -> int:
    """The players who drew characters (Travellers not counted)."""
    return sum(1 for p in game.players if character_type(p.role) != TRAVELLER) \
        if game.given_roles is not None else \
        sum(1 for r in game.deck if character_type(r) != TRAVELLER)


def check_deck(players: int, deck: Sequence[str]) -> None:
    """A deck of seats: 5 to 15 who draw, any more as Travellers (each once)."""
    for role in deck:
        if role not in CHARACTERS or character_type(role) not in (*KINDS, TRAVELLER):
            raise SetupError(f"'{role}' is not a character a player can hold on this script")
    drawn = [r for r in deck if character_type(r) != TRAVELLER]
    travellers = [r for r in deck if character_type(r) == TRAVELLER]
    if not MIN_PLAYERS <= len(drawn) <= MAX_PLAYERS:
        raise SetupError(f"Blood on the Clocktower takes {MIN_PLAYERS} to {MAX_PLAYERS} "
                         f"players who draw characters (more join as Travellers), not "
                         f"{len(drawn)}")
    if len(set(travellers)) != len(travellers):
        raise SetupError("each Traveller is in play at most once")
    if len(deck) != players:
        raise SetupError(f"the deck has {len(deck)} characters for {players} players")


def recommended_deck(players: int) -> list[str]:
    """A bag for `players` (and Travellers beyond 15), the same every time: the automatic
    storyteller draws its own at random from the seed (`characters`)."""
    drawn = min(players, MAX_PLAYERS)
    if drawn < MIN_PLAYERS:
        raise SetupError(f"Blood on the Clocktower takes at least {MIN_PLAYERS} players")
    townsfolk, outsiders, minions, _ = COUNTS[drawn]
    bag = ["no-dashii"] + ["widow", "evil-twin", "godfather"][:minions]
    if "godfather" in bag:
        outsiders += 1
        townsfolk -= 1
    bag += [c.id for c in of_type(TOWNSFOLK) if c.id != VILLAGE_IDIOT][:townsfolk]
    bag += [c.id for c in of_type(OUTSIDER)][:outsiders]
    travellers = [c.id for c in of_type(TRAVELLER)]
    extra = players - drawn
    if extra > len(travellers):
        raise SetupError(f"at most {MAX_PLAYERS + len(travellers)} players: "
                         f"{len(travellers)} Travellers beyond {MAX_PLAYERS}")
    return bag + travellers[:extra]


# -- the set-up flow -----------------------------------------------------------------------

def run_setup(game: Game) -> Flow:
    state = state_of(game)
    if game.given_roles is None:
        # the seats beyond the bag are the Travellers, who choose their characters openly
        travelling = [r for r in game.deck if character_type(r) == TRAVELLER]
        late = game.players[len(game.players) - len(travelling):] if travelling else []
        for player, role in zip(late, travelling, strict=True):
            player.role = role
    travellers = [p for p in game.players if is_traveller(p)]
    drawing = [p for p in game.players if not is_traveller(p)]
    if game.given_roles is None:
        yield from _draw(game, drawing)
    else:
        state.in_play = [p.role for p in drawing]
        if not demons(game):
            yield from _lil_monsta(game, summoner="summoner" in state.in_play)
    yield from _marionette(game)
    for player in drawing:
        player.team = game.team_of(player.role)
    for traveller in travellers:
        yield from _traveller(game, traveller)
    _deal(game)
    yield from _drunk_village_idiot(game)
    for role in dict.fromkeys(r for p in game.players for r in abilities_of(p)):
        rules = RULES.get(role)
        if rules is not None and rules.setup is not None:
            yield from rules.setup(game)
    state.evil_info = (len(drawing) >= int(game.options["evil-info-min-players"])
                       and not state.lil_monsta)
    if state.evil_info and demons(game):
        yield from _bluffs(game)
    for fabled in (*game.options["fabled"], *game.options["loric"]):
        rules = RULES.get(fabled)
        if rules is not None and rules.setup is not None:
            yield from rules.setup(game)


def _draw(game: Game, drawing: list[Any]) -> Flow:
    """The storyteller fills the bag; the players draw from it (with the Gardener, the
    storyteller's list is the seats' characters in seat order)."""
    state = state_of(game)
    count = len(drawing)
    bag_given = [r for r in game.deck if character_type(r) != TRAVELLER]
    gardener = "gardener" in game.options["loric"]

    def check(answer: Any) -> list[str]:
        refusal: IllegalAnswer | None = None
        for shift in (1, -1):
            try:
                return check_bag(count, answer, shift)
            except IllegalAnswer as error:
                # kept without its traceback, whose frame (this one) would keep it: a cycle
                # that would hold the whole game until the cyclic collector came by
                refusal = refusal or error.with_traceback(None)
        try:
            raise refusal or IllegalAnswer("That bag cannot be played.", "bag-counts")
        finally:
            refusal = None  # (the same cycle, through the traceback of the raise)

    suggestion: list[str] = []
    if bag_given != recommended_deck(count)[:count]:
        try:
            suggestion = check(bag_given)  # the bag the game was created with
        except IllegalAnswer:
            suggestion = []
    if not suggestion:
        # no playable bag was named: the automatic storyteller draws one from the seed
        suggestion, _ = suggest_bag(game.rng, count)

    bag = yield game.ask_storyteller(
        "characters", kind=ARRANGE, check=check, suggest=lambda rng: list(suggestion),
        reason=f"A legal bag for {count} players with every bracket applied: suggest "
               + ", ".join(name_of(r) for r in suggestion) + ".",
        prompt="Choose the characters in play" + (
            ", one per seat in seat order (the Gardener)." if gardener else " (the bag)."))
    if "godfather" in bag:
        change = yield from _outsider_change(game, bag, count)
        state.outsider_change = change
    tokens = [r for r in bag if r not in NOT_IN_BAG]
    if not gardener:
        game.rng.shuffle(tokens)
    for player, role in zip(drawing, tokens, strict=True):
        player.role = role
    state.in_play = list(bag)
    state.lil_monsta = "lil-monsta" in bag


def _outsider_change(game: Game, bag: list[str], count: int) -> Generator[Any, Any, int]:
    fits = []
    for shift in (1, -1):
        try:
            check_bag(count, bag, shift)
            fits.append(str(shift))
        except IllegalAnswer:
            continue
    choices = fits or ["1", "-1"]
    answer = yield game.ask_storyteller(
        "outsider-count", choices, suggest=lambda rng: choices[0],
        reason=f"The Godfather adds or removes one Outsider; this bag fits {choices[0]}.",
        prompt="The Godfather's bracket: one Outsider more (1) or fewer (-1)?")
    return int(answer)


def _lil_monsta(game: Game, summoner: bool) -> Flow:
    """With no Demon dealt, the storyteller says whether Lil' Monsta is in play (with a
    Summoner, whose bracket already explains the missing Demon, it is suggested not)."""
    state = state_of(game)
    answer = yield game.ask_storyteller(
        "lil-monsta", kind="yes-no", suggest=lambda rng: not summoner,
        reason=("No Demon was dealt, as the Summoner's bracket says: suggest no, the Summoner "
                "calls one up on night 3." if summoner else
                "No Demon was dealt and no Summoner is in play: suggest yes, Lil' Monsta "
                "is in play (babysat by a Minion)."),
        prompt="Is Lil' Monsta in play (no player holds the Demon)?")
    if answer:
        state.lil_monsta = True
        state.in_play.append("lil-monsta")


def _marionette(game: Game) -> Flow:
    """The Marionette: a good player beside the Demon who believes their good character."""
    state = state_of(game)
    demon_players = demons(game)
    if not demon_players or any(p.role == "marionette" for p in game.players):
        return  # no Demon yet (the Djinn's rule), or the one Marionette was dealt already
    beside = [n for d in demon_players for n in neighbours(game, d, alive=False)
              if not is_traveller(n) and character_type(n.role) in (TOWNSFOLK, OUTSIDER)]
    names = list(dict.fromkeys(p.name for p in beside))
    if not names:
        return
    in_bag = "marionette" in state.in_play
    suggestion = game.rng.choice(names) if in_bag else None
    answer = yield game.ask_storyteller(
        "marionette", names, optional=not in_bag, default=None,
        suggest=lambda rng: suggestion,
        reason=("The Marionette is in play: suggest a good neighbour of the Demon."
                if in_bag else "No Marionette is in the bag: suggest none."),
        prompt="Which good neighbour of the Demon is the Marionette (if one is in play)?")
    if answer is None:
        return
    player = game.by_name[answer]
    seat_of(player).believes = player.role
    seat_of(player).shown_team = "good"  # she believes she is good: her view says so
    player.role = "marionette"
    player.team = "evil"
    if "marionette" not in state.in_play:
        state.in_play.append("marionette")
    place_reminder(game, "is-the-marionette", player, character="marionette")


def travellers_joined(game: Game) -> Flow:
    """Travellers who joined since (`Game.add_seat`): the storyteller sets their alignment
    at the next dusk or dawn."""
    for player in list(game.players):
        if is_traveller(player) and not seat_of(player).traveller:
            yield from _traveller(game, player)


def _traveller(game: Game, traveller: Any) -> Flow:
    """A Traveller's character is public; the storyteller sets their alignment secretly."""
    seat_of(traveller).traveller = True
    answer = yield game.ask_storyteller(
        "traveller-alignment", ["good", "evil"], about=traveller.name,
        suggest=lambda rng: rng.choice(["good", "evil"]),
        reason=f"{traveller.name} travels as the {name_of(traveller.role)}: either "
               "alignment may be given.",
        prompt=f"Which alignment does {traveller.name} ({name_of(traveller.role)}) have?")
    traveller.team = answer
    game.announce({"about": "traveller", "player": traveller.name, "role": traveller.role})


def _deal(game: Game) -> None:
    """Each player is told the character they are shown (the Marionette her good one)."""
    for player in game.players:
        shown = seat_of(player).believes or player.role
        game.emit("RoleDealt", {"player": player.name, "role": shown},
                  frozenset((player.name,)))
        if shown != player.role:
            game.note("CardShown", {"player": player.name, "role": player.role,
                                    "shown": shown})
        if player.role == "ogre":
            seat_of(player).shown_team = "good"


def _drunk_village_idiot(game: Game) -> Flow:
    """With more than one Village Idiot, exactly one of them is drunk."""
    idiots = [p.name for p in game.players if VILLAGE_IDIOT in abilities_of(p)
              and p.role != "marionette"]
    if len(idiots) < 2:
        return
    answer = yield game.ask_storyteller(
        "drunk-village-idiot", idiots,
        reason="Several Village Idiots: exactly one of them is drunk; suggest one at random.",
        prompt="Which Village Idiot is drunk?")
    player = game.by_name[answer]
    seat_of(player).conditions.append(Condition(DRUNK, None, VILLAGE_IDIOT))
    place_reminder(game, "drunk", player, character=VILLAGE_IDIOT)


def _bluffs(game: Game) -> Flow:
    """Three good characters not in play, shown to the Demon."""
    state = state_of(game)
    taken = set(state.in_play) | {r for p in game.players for r in abilities_of(p)}
    free = [c.id for c in (*of_type(TOWNSFOLK), *of_type(OUTSIDER)) if c.id not in taken]
    if len(free) < 3:
        return
    answer = yield game.ask_storyteller(
        "bluffs", free, min=3, max=3,
        reason="The Demon's bluffs are three good characters not in play: suggest three at "
               "random.",
        prompt="Choose three good characters not in play for the Demon to bluff.")
    state.bluffs = list(answer)
