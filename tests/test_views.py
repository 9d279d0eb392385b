"""The view boundary: what each seat receives."""

from __future__ import annotations

from wolfsbane.agents.base import SeatView
from wolfsbane.core import Game
from wolfsbane.core.view import view
from wolfsbane.editions import get_edition


def _mixed_lovers() -> Game:
    game = Game(get_edition("millers-hollow"), ["Ana", "Ben", "Cal", "Dee", "Eve"],
                roles=["werewolf", "cupid", "villager", "villager", "villager"],
                options={"sheriff": False})
    game.answer_for("Ben", "link", ["Ana", "Cal"])
    return game


def test_mixed_lovers_are_not_told_that_their_goal_changed() -> None:
    game = _mixed_lovers()
    assert game.by_name["Cal"].team == "lovers"
    assert view(game, "Cal")["you"]["team"] == "village"
    assert view(game, "Ana")["you"]["team"] == "werewolves"
    assert SeatView(game, "Cal").my_team == "village"
    assert "lover" in view(game, "Cal")["players"][2]["markers"]


def test_a_seat_sees_only_its_own_card_before_any_reveal() -> None:
    game = _mixed_lovers()
    seen = view(game, "Dee")
    assert all("role" not in entry for entry in seen["players"])
    assert not any(e["kind"] == "RoleDealt" and e["player"] != "Dee" for e in seen["events"])


def test_the_storyteller_sees_every_card_and_every_audience() -> None:
    game = _mixed_lovers()
    seen = view(game, "storyteller")
    assert [p["role"] for p in seen["players"]] == [p.role for p in game.players]
    assert all("audience" in e for e in seen["events"])
