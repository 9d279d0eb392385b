"""A small test edition whose seats may join during the game (as Clocktower's Travellers do):
each night the wolves pick a prey, each day the living vote someone out. Used by the core
concept tests and by the conformance test's random play."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from wolfsbane.core import Death, Game, Outcome, Role, check_end, kill, tally
from wolfsbane.core.common import deal, plurality
from wolfsbane.core.edition import Edition


class JoiningEdition(Edition):
    id = "test-joining"
    name = "Joining test"
    min_players = 3
    max_players = 20
    seats_may_join = True
    roles = {
        "villager": Role("villager", "Villager", "village", "You are a villager."),
        "wolf": Role("wolf", "Wolf", "wolves", "You are a wolf."),
        "traveller": Role("traveller", "Traveller", "village", "You joined on the way."),
    }

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        return ["wolf"] + ["villager"] * (players - 1)

    def check_win(self, game: Game) -> Outcome | None:
        wolves = [p.name for p in game.alive() if p.team == "wolves"]
        others = [p.name for p in game.alive() if p.team != "wolves"]
        if not wolves:
            return Outcome("village", tuple(others), "no wolf is left")
        if len(wolves) >= len(others):
            return Outcome("wolves", tuple(wolves), "the wolves are as many as the rest")
        return None

    def flow(self, game: Game) -> Generator[Any, Any, None]:
        yield from deal(game)
        number = 0
        while True:
            number += 1
            game.begin_phase(f"night {number}")
            pack = [p for p in game.alive() if p.team == "wolves"]
            prey = [p.name for p in game.alive() if p.team != "wolves"]
            picks = yield [game.ask(wolf, "attack", prey, optional=True) for wolf in pack]
            victim = yield from plurality(
                game, tally((w.name, pick, 1) for w, pick in zip(pack, picks, strict=True)))
            if victim is not None:
                yield from kill(game, [Death(game.by_name[victim], "attack",
                                             character="wolf")])
            check_end(game)
            game.begin_phase(f"day {number}")
            voters = game.alive()
            names = [p.name for p in voters]
            votes = yield [game.ask(v, "vote", [n for n in names if n != v.name],
                                    optional=True) for v in voters]
            condemned = yield from plurality(
                game, tally((v.name, pick, 1) for v, pick in zip(voters, votes, strict=True)))
            if condemned is not None:
                yield from kill(game, [Death(game.by_name[condemned], "execution")])
            check_end(game)


def editions(edition_id: str) -> Edition:
    """The registry lookup a replay needs, for this test edition."""
    assert edition_id == JoiningEdition.id
    return JoiningEdition()
