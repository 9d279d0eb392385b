"""The edition contract (core/edition.py): what every shell reads from an edition, declared by
the edition as data, never probed for nor guessed from its id."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from wolfsbane.agents import SeatView, bot_for, play_out
from wolfsbane.core import Game, IllegalAnswer, SetupError
from wolfsbane.core.catalog import Role
from wolfsbane.core.edition import Edition, Flow, deck_for, table_sizes
from wolfsbane.core.talk import check_message
from wolfsbane.core.view import view
from wolfsbane.editions import EDITIONS, get_edition
from wolfsbane.editions.licos.state import LicosState
from wolfsbane.editions.millers_hollow import MillersHollow, MillersHollowState, state_of
from wolfsbane.editions.millers_hollow.seat import MillersHollowSeat, seat_of
from wolfsbane.editions.wherewolf.state import WherewolfSeat, WherewolfState

SRC = Path(__file__).resolve().parent.parent / "src" / "wolfsbane"


class Bare(Edition):
    """An edition that declares nothing beyond its flow."""

    id = "bare"
    name = "The bare village"

    def flow(self, game: Game) -> Flow:
        return
        yield


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_edition_declares_its_presets_with_their_words(edition_id: str) -> None:
    edition = get_edition(edition_id)
    assert edition.presets
    assert set(edition.preset_words) == set(edition.presets)
    for preset in edition.presets:
        assert table_sizes(edition, {}, preset), preset


def test_an_edition_without_presets_refuses_one_by_name() -> None:
    with pytest.raises(SetupError, match="has no presets"):
        deck_for(Bare(), 5, {}, "classic")
    assert Bare().compositions() == {}


def test_licos_publishes_its_compositions_and_deals_them_by_name() -> None:
    licos = get_edition("licos")
    compositions = licos.compositions()
    assert "15A" in compositions
    assert licos.preset("15A", 15) == compositions["15A"]


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_phase_kinds_come_from_the_edition(edition_id: str) -> None:
    edition = get_edition(edition_id)
    assert edition.is_night("night 1") and edition.is_night("night 12")
    assert not edition.is_night("day 1")
    assert edition.phase_kind("setup") == "setup"
    assert edition.phase_kind("end") == "end"


def test_an_edition_may_name_its_own_phase_kinds() -> None:
    class Dusk(Bare):
        phase_kinds = {**Bare.phase_kinds, "dusk": "night"}

    assert Dusk().is_night("dusk 2")
    assert not Bare().is_night("dusk 2")


def test_the_thief_deck_is_for_two_players_fewer() -> None:
    mh = get_edition("millers-hollow")
    deck = ["werewolf", "thief", "villager", "villager", "villager", "villager"]
    assert mh.players_for(deck) == 4
    assert get_edition("wherewolf").players_for(["seer", "pack-leader", "peasant"]) == 3


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_edition_names_its_own_bot(edition_id: str) -> None:
    edition = get_edition(edition_id)
    by_id = bot_for("Ana", random.Random(0), edition_id)
    by_edition = bot_for("Ana", random.Random(0), edition)
    assert type(by_id) is type(by_edition)
    assert type(by_id).__name__ == edition.bot.split(":")[1]


def test_an_edition_without_a_bot_gets_none_rather_than_another_editions() -> None:
    with pytest.raises(SetupError, match="no bot"):
        bot_for("Ana", random.Random(0), Bare())
    with pytest.raises(SetupError, match="unknown edition"):
        bot_for("Ana", random.Random(0), "no-such-edition")


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_the_message_catalogue_is_part_of_the_contract(edition_id: str) -> None:
    edition = get_edition(edition_id)
    words = edition.messages()
    assert words["edition"] == edition_id
    assert set(edition.roles) <= set(words["cards"])


# The ways a shell used to learn about an edition by probing it or by its id.
PROBES = re.compile(
    r"getattr\((self\.)?edition\b|hasattr\((self\.)?edition\b|edition(_id|\.id) ==|"
    r"\"(millers-hollow|licos|wherewolf)\"")


def test_no_shell_probes_an_edition_or_compares_its_id() -> None:
    found = []
    for path in SRC.rglob("*.py"):
        if "editions" in path.relative_to(SRC).parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PROBES.search(line) and not line.lstrip().startswith(("#", "result =")):
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


# A seat's memory read by string key (`player.state.get("was")`): the untyped dict it was.
SEAT_MEMORY_BY_KEY = re.compile(r"\.state\.get\(|\.state\[|\bin (p|player)\.state\b")


def test_a_seats_memory_is_read_only_through_its_editions_typed_accessor() -> None:
    found = []
    for path in SRC.rglob("*.py"):
        if "server" in path.relative_to(SRC).parts:
            continue  # a live game's own stored state (`live.state`) is a dict by design
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SEAT_MEMORY_BY_KEY.search(line):
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_browser_never_guesses_a_night_from_a_phase_name() -> None:
    for path in (SRC / "web" / "js").glob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert 'includes("night")' not in text, path.name
        assert 'startsWith("night")' not in text, path.name
        assert not re.search(r"\.id === \"(millers-hollow|licos|wherewolf)\"", text), path.name


# -- the per-game catalog -----------------------------------------------------------------------

class SmallVillage(MillersHollow):
    """Millers Hollow whose group plays without the hunter and tells the seer's card its own
    way: a catalog chosen per game."""

    def catalog(self, options: Mapping[str, Any]) -> dict[str, Role]:
        cards = {k: v for k, v in self.roles.items() if k != "hunter"}
        seer = cards["fortune-teller"]
        cards["fortune-teller"] = replace(seer, description="Our seer: one look a night.")
        return cards


SMALL_SEATS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
SMALL_DECK = ["werewolf", "fortune-teller", "villager", "villager", "villager", "villager"]


def test_the_game_keeps_the_catalog_its_options_chose() -> None:
    game = Game(SmallVillage(), SMALL_SEATS, seed=3, roles=SMALL_DECK)
    assert "hunter" not in game.catalog
    assert game.team_of("werewolf") == "werewolves"
    with pytest.raises(SetupError, match="unknown role 'hunter'"):
        game.role("hunter")


def test_a_card_outside_the_games_catalog_cannot_be_dealt() -> None:
    with pytest.raises(SetupError, match="unknown role 'hunter'"):
        Game(SmallVillage(), SMALL_SEATS, seed=3, roles=["hunter", *SMALL_DECK[1:]])


def test_talk_views_and_bots_read_the_games_catalog() -> None:
    game = Game(SmallVillage(), SMALL_SEATS, seed=3, roles=SMALL_DECK)
    with pytest.raises(IllegalAnswer, match="not a card"):
        check_message(game, {"type": "claim", "role": "hunter"}, 200)
    assert check_message(game, {"type": "claim", "role": "witch"}, 200)["role"] == "witch"
    seer = next(p.name for p in game.players if p.role == "fortune-teller")
    assert view(game, seer)["you"]["description"] == "Our seer: one look a night."
    assert "hunter" not in SeatView(game, seer).role_ids


# -- typed per-edition state --------------------------------------------------------------------

def test_an_edition_without_typed_state_keeps_none() -> None:
    assert Bare().new_state() is None


def test_millers_hollow_keeps_its_table_state_typed_and_per_game() -> None:
    first = Game(MillersHollow(), SMALL_SEATS, seed=3, roles=SMALL_DECK)
    second = Game(MillersHollow(), SMALL_SEATS, seed=3, roles=SMALL_DECK)
    assert isinstance(first.state, MillersHollowState)
    assert first.state is not second.state
    assert first.state == MillersHollowState(werewolves_awake=False, spies=())


@pytest.mark.parametrize(("edition_id", "seat_type"), [
    ("millers-hollow", MillersHollowSeat), ("wherewolf", WherewolfSeat), ("licos", type(None))])
def test_each_seat_keeps_its_editions_typed_memory(edition_id: str, seat_type: type) -> None:
    edition = get_edition(edition_id)
    seats = [f"P{n}" for n in range(1, 10)]
    game = Game(edition, seats, seed=5)
    rng = random.Random(5)
    play_out(game, {seat: bot_for(seat, random.Random(rng.getrandbits(64)), edition_id)
                    for seat in seats})
    assert all(type(p.state) is seat_type for p in game.players)
    if seat_type is not type(None):
        assert len({id(p.state) for p in game.players}) == len(seats)
    assert Bare().new_seat_state() is None


def test_the_final_table_names_the_card_a_thief_swapped_away() -> None:
    deck = ["thief", "werewolf", "fortune-teller", "villager", "villager", "villager",
            "werewolf", "villager"]
    game = Game(MillersHollow(), SMALL_SEATS, seed=3, roles=deck[:6], storyteller="manual")
    [center] = game.open.values()
    game.answer(center.id, ["werewolf", "villager"])
    thief = next(p for p in game.players if p.role == "thief")
    assert MillersHollow().card_before(thief) is None
    game.answer_for(thief.name, "steal", "werewolf")
    assert (thief.role, MillersHollow().card_before(thief)) == ("werewolf", "thief")
    assert seat_of(thief) == MillersHollowSeat(was="thief")
    assert all(Bare().card_before(p) is None for p in game.players)


def test_the_pack_channel_opens_with_the_typed_state() -> None:
    game = Game(MillersHollow(), SMALL_SEATS, seed=3, roles=SMALL_DECK)
    wolf = next(p.name for p in game.players if p.role == "werewolf")
    with pytest.raises(IllegalAnswer):
        game.say(wolf, "werewolves", "who tonight?")
    state_of(game).werewolves_awake = True
    game.say(wolf, "werewolves", "who tonight?")


@pytest.mark.parametrize(("edition_id", "state_type"), [
    ("millers-hollow", MillersHollowState), ("wherewolf", WherewolfState),
    ("licos", LicosState)])
def test_a_whole_game_keeps_its_memory_in_the_typed_state(edition_id: str,
                                                          state_type: type) -> None:
    edition = get_edition(edition_id)
    seats = [f"P{n}" for n in range(1, 13)]
    game = Game(edition, seats, seed=11)
    rng = random.Random(11)
    play_out(game, {seat: bot_for(seat, random.Random(rng.getrandbits(64)), edition_id)
                    for seat in seats})
    assert game.over
    assert isinstance(game.state, state_type)
    assert not hasattr(game, "flags")  # no untyped memory beside it
