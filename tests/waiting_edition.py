"""A tiny edition for tests only (never registered) that waits the core v2 ways: a day of
standing nominations cut short by the first one or by the clock, and a night where the first
werewolf to choose decides, unless the night's clock runs out first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfsbane.core import Channel, Death, Edition, Outcome, check_end, kill
from wolfsbane.core.catalog import Role
from wolfsbane.core.common import deal

if TYPE_CHECKING:
    from wolfsbane.core import Game
    from wolfsbane.core.edition import Flow

VILLAGE, PACK = "village", "werewolves"


class ClockVillage(Edition):
    id = "clock-village"
    name = "The clock village (tests)"
    summary = "A test edition: standing nominations, first answers and clocks."
    roles = {
        "villager": Role("villager", "Villager", VILLAGE, "You live here."),
        "werewolf": Role("werewolf", "Werewolf", PACK, "You hunt at night.",
                         decisions=("attack",)),
    }
    channels = (Channel("village", lambda g: g.alive_names(),
                        lambda g: g.phase.startswith("day")),)
    min_players = 4
    max_players = 12
    first_phase = "day 1"

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        wolves = max(1, players // 4)
        return ["werewolf"] * wolves + ["villager"] * (players - wolves)

    def check_deck(self, players: int, deck: list[str], options: dict[str, Any]) -> None:
        for role_id in deck:
            self.role(role_id)

    def flow(self, game: Game) -> Flow:
        yield from deal(game)
        number = 1
        while True:
            yield from self.day(game, number)
            yield from self.night(game, number)
            number += 1

    def day(self, game: Game, number: int) -> Flow:
        game.begin_phase(f"day {number}")
        yield game.clock("talk", 30)
        nominations = [
            game.ask(p, "nominate", game.alive_names(exclude=p), optional=True, standing=True)
            for p in game.alive()
        ]
        day_clock = game.clock("day", 60)
        while True:
            decision, answer = yield game.any_of([*nominations, day_clock])
            if decision is day_clock:
                game.announce({"about": "execution", "player": None})
                return
            if answer is not None:
                died = yield from kill(game, [Death(game.by_name[answer], "execution")])
                game.announce({"about": "execution", "player": answer, "died": died})
                check_end(game)
                return
            nominations.remove(decision)  # this seat passed; the others stand
            if not nominations:
                return

    def night(self, game: Game, number: int) -> Flow:
        game.begin_phase(f"night {number}")
        wolves = [p for p in game.alive() if p.role == "werewolf"]
        prey = [p.name for p in game.alive() if p.role != "werewolf"]
        attacks = [game.ask(w, "attack", prey, audience=frozenset(x.name for x in wolves))
                   for w in wolves]
        night_clock = game.clock("night", 30)
        decision, answer = yield game.any_of([*attacks, night_clock])
        if decision is not night_clock:
            yield from kill(game, [Death(game.by_name[answer], "attack", character="werewolf")])
        check_end(game)

    def check_win(self, game: Game) -> Outcome | None:
        alive = game.alive()
        wolves = sum(1 for p in alive if p.role == "werewolf")
        if wolves == 0:
            team = VILLAGE
        elif wolves >= len(alive) - wolves:
            team = PACK
        else:
            return None
        return Outcome(team, tuple(p.name for p in game.players if p.team == team), team)


CLOCK_VILLAGE = ClockVillage()
