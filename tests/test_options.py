"""Edition options are typed: each declares a kind, a label and an explanation, and a value is
checked (element by element for lists and mappings) before a game may hold it. One function
decides the default deck for every interface."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfsbane.core import Game, SetupError
from wolfsbane.core.catalog import KINDS, Option, resolve_options
from wolfsbane.core.edition import deck_for, table_sizes
from wolfsbane.editions import EDITIONS
from wolfsbane.sim.run import _resolve_deck
from wolfsbane.terminal.play import choose_deck

MH = EDITIONS["millers-hollow"]
WW = EDITIONS["wherewolf"]
LICOS = EDITIONS["licos"]
SEATS = [f"P{i}" for i in range(8)]

EVERY_OPTION = [(e.id, key, spec) for e in EDITIONS.values() for key, spec in e.options.items()]


@pytest.mark.parametrize(("edition_id", "key", "spec"), EVERY_OPTION,
                         ids=[f"{e}:{k}" for e, k, _ in EVERY_OPTION])
def test_every_option_declares_a_kind_a_label_and_an_explanation(
        edition_id: str, key: str, spec: Option) -> None:
    edition = EDITIONS[edition_id]
    assert spec.id == key
    assert spec.kind in KINDS
    assert spec.label and spec.label != key and "-" not in spec.label
    assert spec.explanation.endswith(".") and len(spec.explanation) > 15
    assert spec.validate(spec.default, edition.roles) == spec.default
    schema = spec.schema(edition.roles)
    assert {"kind", "label", "explanation", "default", "minimum", "maximum",
            "choices"} <= set(schema)
    json.dumps(schema)  # what /api/editions sends


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, "nan", "NaN", "inf",
                                   "-inf", "Infinity", 1e308, True, "abc", [0.3], {"a": 1},
                                   None, 1.5, -0.1])
def test_a_chance_takes_only_a_finite_number_in_its_bounds(value: Any) -> None:
    with pytest.raises(SetupError, match="Chance the little girl is caught takes a number"):
        resolve_options(MH.options, {"little-girl-catch-chance": value}, MH.roles)


def test_a_chance_in_its_bounds_is_stored_as_a_number() -> None:
    for given_value, stored in ((0, 0.0), (1, 1.0), (0.35, 0.35), ("0.5", 0.5)):
        options = resolve_options(MH.options, {"little-girl-catch-chance": given_value},
                                  MH.roles)
        assert options["little-girl-catch-chance"] == stored
        assert isinstance(options["little-girl-catch-chance"], float)


@pytest.mark.parametrize("value", [2.5, -1, 86401, True, "abc", "nan", [60], None])
def test_seconds_take_a_whole_number_in_bounds(value: Any) -> None:
    with pytest.raises(SetupError, match="Length of a day takes a whole number"):
        resolve_options(WW.options, {"day-seconds": value}, WW.roles)
    assert resolve_options(WW.options, {"day-seconds": 90.0}, WW.roles)["day-seconds"] == 90


@pytest.mark.parametrize("value", [3, 0, 1, "maybe", None, [True], 0.0])
def test_a_boolean_takes_yes_or_no(value: Any) -> None:
    with pytest.raises(SetupError, match="Elect a sheriff takes yes or no"):
        resolve_options(MH.options, {"sheriff": value}, MH.roles)
    assert resolve_options(MH.options, {"sheriff": "no"}, MH.roles)["sheriff"] is False


def test_a_choice_takes_one_of_its_choices_named_in_words() -> None:
    with pytest.raises(SetupError, match="The pack's talk and victim or One werewolf"):
        resolve_options(MH.options, {"little-girl-sees": "everything"}, MH.roles)
    with pytest.raises(SetupError):
        resolve_options(MH.options, {"little-girl-sees": 1}, MH.roles)


@pytest.mark.parametrize("value", [5, True, 2.5, None, {"healer": True}])
def test_a_role_list_refuses_what_is_not_a_list(value: Any) -> None:
    with pytest.raises(SetupError, match="Extra possible cards takes a list of cards"):
        resolve_options(WW.options, {"extra-roles": value}, WW.roles)


def test_a_role_list_is_checked_card_by_card() -> None:
    for bad in (["healer", "nobody"], "abc", ["minor-vampire"], ["wolf-descendant"], [5]):
        with pytest.raises(SetupError):
            resolve_options(WW.options, {"extra-roles": bad}, WW.roles)
    options = resolve_options(WW.options, {"extra-roles": ["healer", "witch", "healer"]},
                              WW.roles)
    assert options["extra-roles"] == ["healer", "witch"]
    assert resolve_options(WW.options, {"extra-roles": "healer, ghoul"},
                           WW.roles)["extra-roles"] == ["healer", "ghoul"]


def test_variants_are_checked_for_their_card() -> None:
    for bad in ("mayor", ["mayor"], {"mayor": "tyrant"}, {"no-card": "x"},
                {"villager": "x"}, {"mayor": 3}, {"mayor": ["large-village", 3]},
                {"minor-vampire": "x"}):
        with pytest.raises(SetupError):
            resolve_options(WW.options, {"variants": bad}, WW.roles)
    options = resolve_options(
        WW.options, {"variants": {"cursed-wolf": "the-wolf-cub", "peasant": [],
                                  "innkeeper": ["healer-saved", "healer-saved"]}}, WW.roles)
    assert options["variants"] == {"cursed-wolf": "wolf-cub", "innkeeper": ["healer-saved"]}


def test_defaults_are_not_shared_between_games() -> None:
    first = resolve_options(WW.options, None, WW.roles)
    first["variants"]["mayor"] = "large-village"
    first["extra-roles"].append("healer")
    assert resolve_options(WW.options, None, WW.roles)["variants"] == {}
    assert WW.options["extra-roles"].default == []


def test_values_are_described_in_words() -> None:
    spec = WW.options["variants"]
    assert spec.describe_value({"mayor": ["large-village"]}, WW.roles) == "Mayor: Large village"
    assert WW.options["extra-roles"].describe_value(["healer"], WW.roles) == "Healer"
    assert MH.options["sheriff"].describe_value(True, MH.roles) == "yes"
    assert WW.options["day-seconds"].describe_value(60, WW.roles) == "60 s"
    assert WW.options["day-seconds"].describe_value(0, WW.roles) == "untimed"


# Values a client might send: scalars, lists and mappings of them, nested once.
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from(["", "abc", "nan", "inf", "yes", "0.5", "chat", "10x140",
                                     "healer", "mayor", "large-village", "werewolf"]))
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=4),
                   st.dictionaries(st.sampled_from(["mayor", "innkeeper", "healer", "x"]),
                                   st.one_of(SCALARS, st.lists(SCALARS, max_size=3)),
                                   max_size=3))


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_whatever_the_options_accept_a_game_can_be_dealt(edition_id: str, data: Any) -> None:
    """No stored game can fail to start: values the schema accepts always make a game."""
    edition = EDITIONS[edition_id]
    keys = st.sampled_from(sorted(edition.options))
    given_options = data.draw(st.dictionaries(keys, VALUES, max_size=4))
    try:
        options = resolve_options(edition.options, given_options, edition.roles)
    except SetupError:
        return
    json.dumps(options, allow_nan=False)  # storable as plain JSON
    for players in (edition.min_players, 8, edition.max_players):
        Game(edition, [f"P{i}" for i in range(players)], options=options, seed=1)


def test_one_default_deck_everywhere() -> None:
    for edition in EDITIONS.values():
        for players in table_sizes(edition, {}):
            expected = edition.recommended_deck(players, {})
            assert deck_for(edition, players, {}) == expected
            assert _resolve_deck(edition.id, None, players, {}) == expected  # simulate
            assert choose_deck(edition, players, None, None, {}) == expected  # play
            assert Game(edition, [f"P{i}" for i in range(players)]).deck == expected  # API


def test_play_and_simulate_deal_the_recommended_deck_by_default() -> None:
    from typer.testing import CliRunner

    from wolfsbane.cli import app

    result = CliRunner().invoke(app, ["simulate", "--games", "2", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert sorted(json.loads(result.output)["deck"]) == sorted(MH.recommended_deck(8, {}))
    assert {"witch", "cupid"} <= set(json.loads(result.output)["deck"])
    import inspect

    from wolfsbane.cli import play
    from wolfsbane.terminal.play import play_in_terminal
    assert inspect.signature(play).parameters["preset"].default is None
    assert inspect.signature(play_in_terminal).parameters["preset"].default is None


@pytest.mark.parametrize(("name", "players"), [("15A", 15), ("licos:15A", 15), ("8A", 8),
                                               ("licos:8c", 8)])
def test_licos_compositions_by_name_fix_the_table(name: str, players: int) -> None:
    assert table_sizes(LICOS, {}, preset=name) == [players]


def test_licos_letters_deal_the_village_for_the_table() -> None:
    assert table_sizes(LICOS, {}, preset="B") == list(range(4, 16))
    assert deck_for(LICOS, 9, {}, preset="B") == LICOS.preset("9B", 9)
