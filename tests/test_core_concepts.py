"""Core concepts that the Clocktower family needs (issue #11, part C), each proved on a tiny
test edition of its own so that no real edition has to be written for them."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from wolfsbane.core import Game, Role
from wolfsbane.core.changes import change_character
from wolfsbane.core.common import deal
from wolfsbane.core.edition import Edition
from wolfsbane.core.events import STORYTELLER
from wolfsbane.core.player import Player
from wolfsbane.core.view import view


class TinyEdition(Edition):
    """Three cards; the drunk believes they are the villager."""

    id = "tiny"
    name = "Tiny"
    min_players = 2
    max_players = 12
    roles = {
        "villager": Role("villager", "Villager", "village", "You are a villager."),
        "drunk": Role("drunk", "Drunk", "village", "You think you are someone else."),
        "wolf": Role("wolf", "Wolf", "wolves", "You are the wolf."),
    }

    def recommended_deck(self, players: int, options: dict[str, Any]) -> list[str]:
        return ["wolf", "drunk"] + ["villager"] * (players - 2)

    def role_shown_to_self(self, player: Player) -> str:
        return "villager" if player.role == "drunk" else player.role

    def flow(self, game: Game) -> Generator[Any, Any, None]:
        yield from deal(game)
        game.begin_phase("day 1")
        yield game.ask(game.players[0], "pass", ("yes",), optional=True)


def dealt_roles(game: Game, seat: str) -> list[str]:
    return [e["role"] for e in view(game, seat)["events"] if e["kind"] == "RoleDealt"]


def test_deal_shows_the_card_shown_to_self_not_the_true_card() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "drunk", "wolf"])
    assert dealt_roles(game, "Bo") == ["villager"]
    assert "drunk" not in str(view(game, "Bo"))
    assert dealt_roles(game, "Cy") == ["wolf"]
    storyteller = view(game, STORYTELLER)
    truth = [e for e in storyteller["events"] if e["kind"] == "CardShown"]
    assert [(e["player"], e["role"], e["shown"]) for e in truth] == [("Bo", "drunk", "villager")]
    assert truth[0]["audience"] == []


def test_deal_shows_the_card_shown_when_the_storyteller_shuffles() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy", "Di"], seed=3)
    drunk = game.with_role("drunk")[0]
    assert dealt_roles(game, drunk.name) == ["villager"]


# -- a change of character ---------------------------------------------------------------------

def test_change_character_tells_the_storyteller_and_the_player_what_they_are_shown() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "villager", "wolf"])
    change_character(game, game.by_name["Ana"], "drunk")
    ana = game.by_name["Ana"]
    assert (ana.role, ana.team) == ("drunk", "village")
    changed = [e for e in game.events if e.kind == "RoleChanged"]
    assert [e.data for e in changed] == [{"player": "Ana", "role": "drunk", "team": "village"}]
    assert changed[0].audience == frozenset()
    told = [e["role"] for e in view(game, "Ana")["events"] if e.get("about") == "you-are"]
    assert told == ["villager"]  # a new Drunk is shown the card the Drunk is shown
    assert not any(e.get("about") == "you-are" for e in view(game, "Bo")["events"])
    change_character(game, game.by_name["Bo"], "wolf", tell=False)
    assert game.by_name["Bo"].team == "wolves"
    assert not any(e.get("about") == "you-are" for e in view(game, "Bo")["events"])


def test_change_character_keeps_one_shot_abilities_per_character() -> None:
    game = Game(TinyEdition(), ["Ana", "Bo", "Cy"], roles=["villager", "villager", "wolf"])
    ana, cy = game.by_name["Ana"], game.by_name["Cy"]
    cy.use("howl")
    assert cy.has_used("howl")
    change_character(game, ana, "wolf", tell=False)
    assert not ana.has_used("howl")  # Ana gains the wolf's unused ability
    ana.use("howl")
    change_character(game, ana, "villager", tell=False)
    assert not ana.has_used("howl")
    change_character(game, ana, "wolf", tell=False)
    assert ana.has_used("howl")  # spent as the wolf, still spent as the wolf
