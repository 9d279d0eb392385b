"""The cards of Millers Hollow: each role's data beside the code of its ability."""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from ...core import Death, IllegalAnswer, Role, bind, most_voted, tally
from ...core.changes import change_character
from ...core.common import introduce, plurality
from ...core.reminders import place_reminder
from .seat import seat_of

if TYPE_CHECKING:
    from ...core import Game, Player
    from ...core.edition import DeathsFlow

Flow = Generator[Any, Any, Any]

VILLAGE: Final = "village"
WEREWOLVES: Final = "werewolves"
LOVERS: Final = "lovers"

# -- Werewolf ----------------------------------------------------------------------------------

WEREWOLF: Final = Role(
    "werewolf", "Werewolf", WEREWOLVES,
    "By night you hunt with the pack: together you pick one villager to devour. By day you "
    "pass for an honest neighbour and steer the vote away from your kind. You win when only "
    "werewolves are left standing.",
    decisions=("attack",), information=("{players, team: werewolves} on night 1",),
)


def is_werewolf(player: Player) -> bool:
    return player.role == "werewolf"


def werewolves_recognise(game: Game) -> None:
    introduce(game, [p for p in game.alive() if is_werewolf(p)], team=WEREWOLVES)


def werewolves_attack(game: Game) -> Flow:
    """Each living werewolf names a prey; the most named is the victim, a tie goes to the
    storyteller, and no answer at all means no victim."""
    living = game.alive()
    pack = [p for p in living if is_werewolf(p)]
    if not pack:
        return None
    pack_names = frozenset([p.name for p in pack])
    prey = [p.name for p in living if p.name not in pack_names]  # the living outside the pack
    forbidden = dict.fromkeys(pack_names, "werewolves do not attack their own pack")
    picks = yield [
        game.ask(wolf, "attack", prey, optional=True, forbidden=forbidden, audience=pack_names,
                 prompt="Choose tonight's victim with the pack.")
        for wolf in pack
    ]
    counts = tally([(wolf.name, pick, 1) for wolf, pick in zip(pack, picks)])
    top = most_voted(counts)
    # the pack agreed (or nobody chose) without asking anyone: the common case, decided here
    victim = top[0] if len(top) == 1 else (
        None if not top else (yield from plurality(game, counts, about="attack")))
    if victim is not None:
        game.emit("VictimChosen", {"player": victim}, pack_names)
    return victim


# -- Ordinary Townsfolk --------------------------------------------------------------------------

VILLAGER: Final = Role(
    "villager", "Ordinary Townsfolk", VILLAGE,
    "You have no power but your wits. Listen, watch who defends whom, and vote out the "
    "werewolves before they eat the village.",
)

# -- Fortune Teller ------------------------------------------------------------------------------

FORTUNE_TELLER: Final = Role(
    "fortune-teller", "Fortune Teller", VILLAGE,
    "Each night you look into one player's soul and see their card. Use what you learn to "
    "guide the vote, but the werewolves will hunt you if they guess who you are.",
    decisions=("inspect",), information=("{player, role} each night",),
)


def fortune_tellers_look(game: Game) -> Flow:
    seers = game.with_role("fortune-teller")
    if not seers:
        return
    picks = yield [
        game.ask(seer, "inspect", game.alive_names(exclude=seer), optional=True,
                 forbidden={seer.name: "the fortune teller already knows her own card"},
                 prompt="Choose a player whose card you want to see.")
        for seer in seers
    ]
    for seer, pick in zip(seers, picks):
        if pick is not None:
            game.tell(seer, {"player": pick, "role": game.by_name[pick].role})


# -- Thief ---------------------------------------------------------------------------------------

THIEF: Final = Role(
    "thief", "Thief", VILLAGE,
    "On the first night you see the two cards nobody was dealt and may swap yours for one of "
    "them, becoming that character for the rest of the game. If both are werewolves you must "
    "take one.",
    decisions=("steal",), information=("{about: center, roles} on night 1",),
)


def thief_steals(game: Game, center: list[str]) -> Flow:
    for thief in game.with_role("thief"):
        game.tell(thief, {"about": "center", "roles": list(center)})
        both_wolves = center.count("werewolf") == len(center) == 2
        taken = yield game.ask(
            thief, "steal", sorted(set(center)), optional=not both_wolves,
            required_reason="both center cards are werewolves, so the thief must take one",
            prompt="Take one of the center cards, or keep your own.",
        )
        if taken is None:
            continue
        center[center.index(taken)] = "thief"
        seat_of(thief).was = "thief"
        # the thief is told in the steal's own words, which name the card taken
        change_character(game, thief, taken, tell=False)
        game.tell(thief, {"player": thief.name, "role": taken, "about": "steal"})


# -- Cupid ---------------------------------------------------------------------------------------

CUPID: Final = Role(
    "cupid", "Cupido", VILLAGE,
    "On the first night you bind two players in love (you may pick yourself). If one lover "
    "dies the other dies of grief. A werewolf and a villager in love must outlive everyone else.",
    decisions=("link",),
)


# Cupid, then the two lovers he chose: who was linked, by which Cupid.
Arrow = tuple["Player", "Player", "Player"]


def cupid_links(game: Game) -> Generator[Any, Any, list[Arrow]]:
    """Each Cupid links two players; the lovers learn it in their own turn (`lovers_wake`),
    not the moment Cupid chooses, which would tell them how long he took."""
    arrows: list[Arrow] = []
    for cupid in game.with_role("cupid"):
        pair = yield game.ask(
            cupid, "link", game.alive_names(), min=2, max=2,
            prompt="Choose two players who will fall in love (you may be one of them).",
        )
        first, second = (game.by_name[name] for name in pair)
        bind(game, first, second, "lover")
        if is_werewolf(first) != is_werewolf(second):
            first.team = second.team = LOVERS
        arrows.append((cupid, first, second))
    return arrows


def lovers_wake(game: Game, arrows: Iterable[Arrow] = ()) -> None:
    for cupid, first, second in arrows:
        for lover in (first, second):
            place_reminder(game, "lover", lover, cupid)
        game.note("LoversLinked", {"players": [first.name, second.name]})
    for player in game.players:
        partner = player.bonds.get("lover")
        if partner is not None:
            game.tell(player, {"player": partner, "about": "lover"})


def lover_partner(game: Game, player: Player) -> str | None:
    return player.bonds.get("lover")


# -- Hunter --------------------------------------------------------------------------------------

HUNTER: Final = Role(
    "hunter", "Hunter", VILLAGE,
    "If the werewolves kill you or the village hangs you, you fire one last shot and take "
    "another player with you. You may hold your fire.",
    decisions=("shoot",),
)


def hunter_shoots(game: Game, hunter: Player, cause: str) -> DeathsFlow:
    if not (cause in ("attack", "execution") or game.options["hunter-shoots-on-any-death"]):
        return []
    targets = game.alive_names(exclude=hunter)
    if not targets:
        return []
    target = yield game.ask(hunter, "shoot", targets, optional=True,
                            forbidden={hunter.name: "the hunter shoots another player"},
                            prompt="With your dying breath, choose someone to shoot.")
    if target is None:
        return []
    game.announce({"about": "shot", "player": target, "by": hunter.name})
    return [Death.caused_by(game.by_name[target], "shot", hunter)]


# -- Witch ---------------------------------------------------------------------------------------

WITCH: Final = Role(
    "witch", "Witch", VILLAGE,
    "You brew two potions, each good for one use: one brings the werewolves' victim back to "
    "life, the other kills a player of your choice. You learn each night who was attacked, and "
    "may use both potions the same night, even on yourself.",
    decisions=("heal", "poison"), information=("{about: attack, player} each night",),
)


def witches_brew(game: Game, victim: str | None) -> Flow:
    """Returns (healed, poisoned): whether the victim was saved, and the poisonings."""
    healed = False
    poisoned: list[Death] = []
    for witch in game.with_role("witch"):
        asks = []
        if victim is not None:
            game.tell(witch, {"about": "attack", "player": victim})
            if not witch.has_used("heal"):
                asks.append(game.ask_yes_no(
                    witch, "heal", about=victim,
                    prompt=f"{victim} was attacked. Use your healing potion on them?"))
        if not witch.has_used("poison"):
            asks.append(game.ask(witch, "poison", game.alive_names(), optional=True,
                                 prompt="Poison someone tonight, or keep the potion?"))
        if not asks:
            continue
        answers = yield asks
        for decision, answer in zip(asks, answers):
            if decision.name == "heal" and answer:
                witch.use("heal")
                healed = True
            elif decision.name == "poison" and answer is not None:
                witch.use("poison")
                poisoned.append(Death.caused_by(game.by_name[answer], "poison", witch))
    return healed, poisoned


# -- Little Girl ---------------------------------------------------------------------------------

LITTLE_GIRL: Final = Role(
    "little-girl", "Little Girl", VILLAGE,
    "While the werewolves choose their prey you may peek. You overhear them without seeing who "
    "speaks and learn their victim; but if they catch you, you die of fright in the victim's "
    "place.",
    decisions=("spy",), information=("{about: attack, player} when spying",),
)


def little_girls_decide(game: Game) -> Flow:
    girls = game.with_role("little-girl")
    if not girls:
        return []
    answers = yield [
        game.ask_yes_no(girl, "spy", prompt="Peek at the werewolves tonight?") for girl in girls
    ]
    return [girl for girl, spying in zip(girls, answers) if spying]


def little_girls_spied(game: Game, spies: Sequence[Player], victim: str | None) -> Flow:
    """Returns the little girl caught in the act, if any."""
    chance = game.options["little-girl-catch-chance"]
    for girl in spies:
        if game.options["little-girl-sees"] == "werewolf":
            pack = [p.name for p in game.alive() if is_werewolf(p)]
            if pack:
                seen = yield game.ask_storyteller(
                    "show-werewolf", pack, about=girl.name,
                    prompt=f"Which werewolf does {girl.name} see?")
                game.tell(girl, {"player": seen, "role": "werewolf"})
        elif victim is not None:
            game.tell(girl, {"about": "attack", "player": victim})
        caught = yield game.ask_storyteller(
            "caught", kind="yes-no", about=girl.name,
            suggest=lambda rng: rng.random() < chance,
            prompt=f"Do the werewolves catch {girl.name} spying?")
        if caught:
            return girl
    return None


# -- Sheriff (a title, not a card) ----------------------------------------------------------

def elect_sheriff(game: Game) -> Flow:
    voters = game.alive()
    candidates = [voter.name for voter in voters]  # anyone living, the voter too
    picks = yield [
        game.ask(voter, "elect", candidates, optional=True,
                 prompt="Who should be sheriff? (You may name yourself.)")
        for voter in voters
    ]
    for voter, pick in zip(voters, picks):
        game.emit("VoteCast", {"player": voter.name, "target": pick, "about": "sheriff"})
    counts = tally([(voter.name, pick, 1) for voter, pick in zip(voters, picks)])
    chosen = yield from plurality(game, counts, about="sheriff")
    if chosen is not None:
        make_sheriff(game, game.by_name[chosen])


def make_sheriff(game: Game, player: Player) -> None:
    for other in game.players:
        other.unmark("sheriff")
    player.mark("sheriff")
    game.announce({"about": "sheriff", "player": player.name})


def pass_on_the_star(game: Game) -> Flow:
    """A sheriff who died names a living successor; if they do not, the storyteller picks."""
    if not game.options["sheriff"]:
        return  # no star in this village
    old = game.holder_of("sheriff")
    if old is None or old.alive:
        return
    living = game.alive_names()
    old.unmark("sheriff")
    if not living:
        return
    heir = yield game.ask(old, "successor", living, optional=True,
                          prompt="Name the next sheriff.")
    if heir is None:
        heir = yield game.ask_storyteller("successor", living, about=old.name,
                                          prompt="Pick the next sheriff at random.")
    make_sheriff(game, game.by_name[heir])


def vote_weight(player: Player) -> int:
    return 2 if "sheriff" in player.markers else 1


def check_center(answer: Any, known: set[str]) -> list[str]:
    if not isinstance(answer, (list, tuple)) or len(answer) != 2:
        raise IllegalAnswer("The centre holds exactly two cards.", "center-two-cards")
    for role_id in answer:
        if role_id not in known:
            raise IllegalAnswer(f"{role_id} is not a Millers Hollow card.", "not-a-card",
                                name=str(role_id))
    return list(answer)


ROLES: Final[dict[str, Role]] = {
    role.id: role
    for role in (WEREWOLF, VILLAGER, FORTUNE_TELLER, THIEF, HUNTER, CUPID, WITCH, LITTLE_GIRL)
}
