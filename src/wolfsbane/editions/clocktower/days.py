"""Days: nominations, raised hands, the block, the day's one execution, and Travellers'
exiles (base rules, "Days: nominations, votes, executions")."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...core import STORYTELLER, Death, Decision, check_end, kill
from ...core.decision import CLOCK, PHASE
from .health import abilities_of, active, healthy, is_traveller
from .outsiders import klutzes_choose
from .registry import RULES
from .rules import Rules
from .state import seat_of, state_of
from .townsfolk import awoken
from .wins import offer_end

if TYPE_CHECKING:
    from ...core import Game, Player

Flow = Generator[Any, Any, None]
EXECUTION, EXILE = "execution", "exile"


def threshold(game: Game) -> int:
    """Votes a nominee needs: half the living players, rounded up (living Travellers
    count)."""
    living = len(game.alive())
    return (living + 1) // 2


def nominations_allowed(game: Game, player: Player) -> int:
    """How many nominations `player` may make a day: one while alive, none when dead; an
    awoken Banshee two, alive or dead."""
    if awoken(game, player):
        return 2
    return 1 if player.alive else 0


def _nominate_offers(game: Game) -> list[Decision]:
    state = state_of(game)
    nominees = [p.name for p in game.players
                if p.name not in state.nominated and not is_traveller(p)]
    offers = []
    for player in game.players:
        made = state.nominations_made.get(player.name, 0)
        if player.name in state.declined or made >= nominations_allowed(game, player):
            continue
        choices = [n for n in nominees if n != player.name]
        if not choices:
            continue
        forbidden = {player.name: "you may not nominate yourself"}
        offers.append(game.ask(player, "nominate", choices, optional=True, default=None,
                               standing=True, forbidden=forbidden,
                               prompt="Nominate a player for execution, or no."))
    return offers


def _exile_offers(game: Game) -> list[Decision]:
    state = state_of(game)
    travellers = [p.name for p in game.alive()
                  if is_traveller(p) and p.name not in state.exiles_called]
    if not travellers:
        return []
    return [game.ask(player, "exile", travellers, optional=True, default=None, standing=True,
                     prompt="Call for a Traveller's exile, or no.")
            for player in game.players if player.name not in state.exile_declined]


def _storyteller_offers(game: Game) -> list[tuple[Rules, Decision]]:
    """The Fabled's and Loric's standing storyteller decisions (Hell's Librarian)."""
    offers = []
    for character in (*game.options["fabled"], *game.options["loric"]):
        rules = RULES.get(character)
        if rules is not None and rules.day_decision is not None:
            decision = rules.day_decision(game)
            if decision is not None:
                offers.append((rules, decision))
    return offers


def run_day(game: Game, number: int) -> Flow:
    from .setup import travellers_joined

    yield from travellers_joined(game)
    state = state_of(game)
    state.day = number
    state.nominated.clear()
    state.nominations_made.clear()
    state.declined.clear()
    state.exiles_called.clear()
    state.exile_declined.clear()
    state.block, state.block_votes = None, 0
    state.executed_today = False
    state.day_over = False
    clock = game.clock("day", float(game.options["day-seconds"]), since=PHASE)
    while not state.day_over:
        standing = _storyteller_offers(game)
        offers = _nominate_offers(game) + _exile_offers(game)
        # the storyteller's last: an automatic storyteller answers at once, and what was
        # opened before it must be what a replay (with its answer in the log) opens too
        decision, answer = yield game.any_of([*offers, clock, *(d for _, d in standing)])
        if decision.seat == CLOCK:
            break
        if decision.seat == STORYTELLER:
            for rules, offered in standing:
                if offered is decision and rules.on_day_decision is not None:
                    yield from rules.on_day_decision(game, answer)
            check_end(game)
            continue
        seat = game.by_name[decision.seat]
        if decision.name == "nominate":
            if answer is None:
                state.declined.append(seat.name)
                continue
            yield from nomination(game, seat, game.by_name[answer])
        else:
            if answer is None:
                state.exile_declined.append(seat.name)
                continue
            yield from exile(game, seat, game.by_name[answer])
    if not state.executed_today:
        if state.block is not None:
            yield from execute(game, game.by_name[state.block])
        else:
            game.announce({"about": "execution", "player": None})
    check_end(game)
    yield from offer_end(game, "dusk")


def _voters(game: Game) -> list[Player]:
    """Who may raise a hand: the living, the dead with their vote token, and an awoken
    Banshee, who needs none."""
    return [p for p in game.players
            if p.alive or seat_of(p).vote_token or awoken(game, p)]


def hands(game: Game, voter: Player) -> int:
    """What one raised hand counts for: a character's weight (the Banshee's two), and minus
    that while a living, healthy Thief has chosen the voter."""
    weight = 1
    for role in abilities_of(voter):
        rules = RULES.get(role)
        if rules is not None and rules.vote_weight is not None:
            weight = max(weight, rules.vote_weight(game, voter))
    thief_name = state_of(game).negative.get(voter.name)
    if thief_name is not None:
        thief = game.by_name[thief_name]
        if thief.alive and healthy(game, thief):
            weight = -weight
    return weight


def nomination(game: Game, nominator: Player, nominee: Player) -> Flow:
    state = state_of(game)
    state.nominated.append(nominee.name)
    state.nominations_made[nominator.name] = state.nominations_made.get(nominator.name, 0) + 1
    game.announce({"about": "nomination", "by": nominator.name, "player": nominee.name})
    if active(nominee):
        for role in abilities_of(nominee):
            rules = RULES.get(role)
            hook = rules.on_nominated if rules is not None else None
            if hook is not None and (yield from hook(game, nominee, nominator)):
                state.day_over = True
                return
    voters = _voters(game)
    raised = yield [game.ask_yes_no(v, "vote", about=nominee.name,
                                    prompt=f"Raise your hand to execute {nominee.name}?")
                    for v in voters]
    count = 0
    for voter, hand in zip(voters, raised, strict=True):
        weight = hands(game, voter) if hand else 0
        if hand and not voter.alive and not awoken(game, voter):
            seat_of(voter).vote_token = False
        game.emit("VoteCast", {"player": voter.name, "nominee": nominee.name,
                               "target": nominee.name if hand else None,
                               "hands": abs(weight)})
        count += weight
    needed = threshold(game)
    if count >= needed and count > state.block_votes:
        state.block, state.block_votes = nominee.name, count
    elif count >= needed and count == state.block_votes:
        state.block = None  # a tie with the leader: nobody is about to die
    game.announce({"about": "votes", "player": nominee.name, "number": count,
                   "needed": max(needed, state.block_votes + 1), "block": state.block})


def execute(game: Game, player: Player) -> Flow:
    """The day's execution: announced, a death unless the player is already dead, then what
    an execution sets off (the Minstrel, the Cannibal...)."""
    state = state_of(game)
    for holder in list(game.players):
        for role in abilities_of(holder):
            rules = RULES.get(role)
            if rules is None or rules.instead_of_execution is None or not active(holder):
                continue
            if (yield from rules.instead_of_execution(game, holder, player)):
                player = holder
                break
    state.executed_today = True
    game.emit("PlayerExecuted", {"player": player.name})
    game.announce({"about": "execution", "player": player.name})
    died = False
    if player.alive:
        gone = yield from kill(game, [Death(player, EXECUTION)])
        died = player.name in gone
        if state.forced is not None:
            check_end(game)  # the death's trigger ended the game: nothing more
    # what an execution sets off, for each living holder, and for the executed player's own
    # ability, which their execution itself triggers (a good player holding the Evil Twin)
    for holder in list(game.players):
        for role in abilities_of(holder):
            rules = RULES.get(role)
            if rules is not None and rules.on_execution is not None and (
                    active(holder) or holder is player):
                yield from rules.on_execution(game, holder, player, died)
    check_end(game)
    yield from klutzes_choose(game)  # an executed Klutz, once the game goes on
    check_end(game)


def exile(game: Game, caller: Player, traveller: Player) -> Flow:
    """Any player may call for a Traveller's exile; everyone may support it without spending
    a vote; no ability touches it. It is not an execution; an exiled Traveller dies."""
    state = state_of(game)
    state.exiles_called.append(traveller.name)
    game.announce({"about": "exile-called", "by": caller.name, "player": traveller.name})
    voters = list(game.players)
    raised = yield [game.ask_yes_no(v, "vote", about=traveller.name,
                                    prompt=f"Raise your hand to exile {traveller.name}?")
                    for v in voters]
    count = 0
    for voter, hand in zip(voters, raised, strict=True):
        game.emit("VoteCast", {"player": voter.name, "nominee": traveller.name,
                               "target": traveller.name if hand else None, "exile": True})
        count += 1 if hand else 0
    if game.options["exile-threshold"] == "living-players":
        needed = (len(game.alive()) + 1) // 2
    else:
        needed = (len(game.players) + 1) // 2
    exiled = count >= needed
    game.announce({"about": "exile", "player": traveller.name, "number": count,
                   "needed": needed, "yes": exiled})
    if exiled and traveller.alive:
        yield from kill(game, [Death(traveller, EXILE)])
        check_end(game)
