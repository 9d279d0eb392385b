"""The LiCOS village: one test per ruling of RULINGS.md's licos section (and our own choices)."""

from __future__ import annotations

import json
import random

import pytest

from wolfsbane.agents import bot_for, play_out
from wolfsbane.agents.licos import LicosBot
from wolfsbane.core import Game, IllegalAnswer, SetupError
from wolfsbane.core.decision import CLOCK
from wolfsbane.core.record import replay
from wolfsbane.core.view import events_for, view
from wolfsbane.editions import get_edition
from wolfsbane.editions.licos.compositions import COMPOSITIONS
from wolfsbane.editions.licos.state import LicosState, state_of
from wolfsbane.messages import Words, catalogue

LICOS = get_edition("licos")
PUBLISHED = [f"{n}{letter}" for n in range(4, 16) for letter in "ABC"]


def new_game(roles: list[str], **options: object) -> Game:
    seats = list(LICOS.character_names[: len(roles)])
    return Game(LICOS, seats, roles=roles, options=options, storyteller="manual")


def to_noon(game: Game) -> None:
    """The morning's talk runs out: the clock's answer."""
    [morning] = [d for d in game.open.values() if d.seat == CLOCK]
    assert morning.name == "morning"
    game.answer(morning.id, True)


def vote_everyone(game: Game, target: str) -> None:
    to_noon(game)
    for decision in list(game.open.values()):
        if decision.name == "vote":
            choice = target if target in decision.choices else None
            game.answer(decision.id, choice)


# -- compositions ----------------------------------------------------------------------------------

def test_compositions_are_the_published_ones() -> None:
    assert list(LICOS.compositions()) == PUBLISHED
    assert COMPOSITIONS["14B"] == (0, 2, 0, 2, 0, 9, 1, 0)
    assert COMPOSITIONS["15B"] == (0, 2, 2, 2, 0, 4, 2, 3)


@pytest.mark.parametrize("name", PUBLISHED)
def test_every_published_composition_is_valid(name: str) -> None:
    players = int(name[:-1])
    deck = LICOS.preset(name, players)
    assert len(deck) == players
    LICOS.check_deck(players, deck, {})
    Game(LICOS, LICOS.character_names[:players], deck=deck, seed=1)


def test_compositions_by_name() -> None:
    assert LICOS.preset("licos:15A", 15) == LICOS.preset("15A", 15)
    assert LICOS.preset("15a", 15) == LICOS.preset("15A", 15)
    assert LICOS.preset("B", 9) == LICOS.preset("9B", 9)
    assert sorted(LICOS.preset("5B", 5)) == sorted(
        ["villager", "villager", "seer", "werewolf", "werehamster"])
    with pytest.raises(SetupError, match="for 15 players, not 14"):
        LICOS.preset("15A", 14)
    with pytest.raises(SetupError, match="unknown LiCOS composition"):
        LICOS.preset("16A", 16)


def test_recommended_deck_is_the_a_composition() -> None:
    for players in range(4, 16):
        assert LICOS.recommended_deck(players, {}) == LICOS.preset(f"{players}A", players)
    with pytest.raises(SetupError, match="4 to 15 players"):
        LICOS.recommended_deck(16, {})


@pytest.mark.parametrize(("deck", "message"), [
    (["villager"] * 7 + ["werewolf"], "0 to 6 villagers"),
    (["villager"] * 3 + ["seer"] * 3 + ["werewolf"], "0 to 2 seers"),
    (["villager"] * 3 + ["medium"] * 3 + ["werewolf"], "0 to 2 mediums"),
    (["villager"] * 3 + ["hunter"] * 3 + ["werewolf"], "0 to 2 hunters"),
    (["villager"] * 3 + ["mason"] + ["werewolf"], "masons come as a pair"),
    (["villager"] * 3 + ["mason"] * 3 + ["werewolf"], "masons come as a pair"),
    (["madman"] * 10 + ["werewolf"], "0 to 9 madmans"),
    (["villager"] * 5, "1 to 3 werewolves"),
    (["villager"] * 4 + ["werewolf"] * 4, "1 to 3 werewolves"),
    (["villager"] * 3 + ["werehamster"] * 4 + ["werewolf"], "0 to 3 werehamsters"),
    (["villager"] * 2 + ["werewolf"], "4 to 15 players, not 3"),
    (["villager"] * 6 + ["madman"] * 9 + ["werewolf"], "4 to 15 players, not 16"),
])
def test_limits_errors_name_the_limit(deck: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        LICOS.check_deck(len(deck), deck, {})


# -- the cast ------------------------------------------------------------------------------------

def test_character_names() -> None:
    names = LICOS.character_names
    assert isinstance(names, tuple)
    assert len(names) >= 21
    assert len(set(names)) == len(names)
    assert all(name.isalpha() and name[0].isupper() for name in names)
    assert LICOS.cast(15) == list(names[:15])
    drawn = LICOS.cast(15, random.Random(3))
    assert len(set(drawn)) == 15 and set(drawn) <= set(names)


# -- the start and the order of play ---------------------------------------------------------------

def test_day_first_order() -> None:
    game = new_game(LICOS.preset("9A", 9))
    assert game.phases == ["setup", "day 1"]
    [morning] = game.open.values()  # the morning is talk: no ballot is open yet
    assert (morning.seat, morning.name, morning.seconds) == (CLOCK, "morning", 300.0)
    to_noon(game)
    assert {d.name for d in game.open.values()} == {"vote"}
    assert len(game.open) == 9
    assert {d.seconds for d in game.open.values()} == {60.0}  # noon lasts noon's length
    vote_everyone_at_noon(game, game.players[0].name)
    assert game.phase == "night 1"
    assert {d.seconds for d in game.open.values()} == {60.0}  # the night's choices


def vote_everyone_at_noon(game: Game, target: str) -> None:
    for decision in list(game.open.values()):
        choice = target if target in decision.choices else None
        game.answer(decision.id, choice)


def test_start_composition_pack_masons_and_a_silent_madman() -> None:
    game = new_game(LICOS.preset("13A", 13))
    by_role = {p.role: p.name for p in game.players}
    public = [e.data for e in game.events if e.kind == "Announced"]
    assert public[0]["about"] == "composition"
    assert sorted(public[0]["roles"]) == sorted(p.role for p in game.players)
    madman = by_role["madman"]
    told = [e for e in events_for(game, madman) if e.kind == "InfoGiven"]
    assert told == []
    wolves = [p.name for p in game.players if p.role == "werewolf"]
    for wolf in wolves:
        info = [e.data for e in events_for(game, wolf) if e.kind == "InfoGiven"]
        assert info == [{"players": [w for w in wolves if w != wolf], "team": "werewolves"}]
    masons = [p.name for p in game.players if p.role == "mason"]
    for mason in masons:
        info = [e.data for e in events_for(game, mason) if e.kind == "InfoGiven"]
        assert info == [{"players": [m for m in masons if m != mason], "role": "mason"}]


# -- noon ------------------------------------------------------------------------------------------

def test_noon_roles_of_the_dead_are_not_revealed() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager"])
    target = game.players[0].name
    vote_everyone(game, target)
    assert game.over  # the last werewolf is dead
    deaths = [e.data for e in game.events if e.kind == "Announced"
              and e.data.get("about") in ("death", "execution")]
    assert deaths and all("role" not in d for d in deaths)
    assert game.revealed == {}
    assert all("role" not in entry for entry in view(game, game.players[1].name)["players"])


def test_noon_role_revealed_with_the_option() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager"],
                    **{"reveal-role-on-death": True})
    vote_everyone(game, game.players[2].name)
    assert game.revealed == {game.players[2].name: "villager"}


def test_noon_ballots_are_secret() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager"])
    vote_everyone(game, game.players[2].name)
    for player in game.players:
        casts = [e for e in events_for(game, player.name) if e.kind == "VoteCast"]
        assert [e.data["player"] for e in casts] == [player.name]


def test_noon_tie_goes_to_the_storyteller() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager"])
    a, b, c, d, e = (p.name for p in game.players)
    to_noon(game)
    for voter, target in ((a, c), (b, d), (c, d), (d, c), (e, None)):
        game.answer_for(voter, "vote", target)
    tie = [x for x in game.open.values() if x.name == "tie-break"]
    assert len(tie) == 1 and set(tie[0].choices) == {c, d}


# -- night -----------------------------------------------------------------------------------------

def test_night_illegal_choices_explain_themselves() -> None:
    game = new_game(["werewolf", "werewolf", "seer", "hunter", "villager", "villager",
                     "villager"])
    wolf, mate, seer, hunter = (p.name for p in game.players[:4])
    vote_everyone(game, game.players[6].name)
    with pytest.raises(IllegalAnswer, match="own pack"):
        game.answer_for(wolf, "attack", mate)
    with pytest.raises(IllegalAnswer, match="themself"):
        game.answer_for(seer, "inspect", seer)
    with pytest.raises(IllegalAnswer, match="hunter-self-guard"):
        game.answer_for(hunter, "guard", hunter)
    with pytest.raises(IllegalAnswer, match="is dead"):
        game.answer_for(seer, "inspect", game.players[6].name)


# -- the typed memory --------------------------------------------------------------------------

def test_noon_is_remembered_in_the_typed_state_until_the_morning_reads_it_out() -> None:
    game = new_game(["werewolf", "seer", "medium", "villager", "villager", "villager"])
    assert game.state == LicosState()
    wolf, seer, medium, condemned = (p.name for p in game.players[:4])
    vote_everyone(game, condemned)
    table = state_of(game)
    assert (table.votes, table.executed) == ({condemned: 5}, condemned)
    assert table.dead_since_morning == [condemned]
    assert table.werewolves_awake  # the night has begun: the pack's channel is open
    for decision in list(game.open.values()):
        game.answer(decision.id, None)  # a quiet night
    assert not table.werewolves_awake
    assert table.dead_since_morning == []  # the medium heard of them this morning
    told = [e.data for e in events_for(game, medium) if e.kind == "InfoGiven"]
    assert {"player": condemned, "werewolf": False, "about": "medium"} in told
    recap = [e.data for e in events_for(game, seer) if e.kind == "Announced"
             and e.data.get("day") == 1]
    assert {"about": "votes", "player": condemned, "number": 5, "day": 1} in recap
    # the rulebook: from the second morning on, players know who was put to death at noon
    # the day before; the morning says it in words, not only the noon that did it
    words = Words(catalogue(LICOS), viewer=seer)
    morning = [words.event(e.as_dict()) for e in events_for(game, seer)
               if e.kind == "Announced" and e.data.get("recap")]
    assert [text for text, _tone in filter(None, morning)] == [
        f"Yesterday at noon, {condemned} was put to death."]


# -- channels ------------------------------------------------------------------------------------

def test_channels_village_by_day_pack_by_night_graveyard_always() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager", "villager"])
    wolf, seer, dead = (p.name for p in game.players[:3])
    assert game.channels_for(wolf) == ["village"]
    game.say(seer, "village", {"type": "claim", "role": "seer"})
    with pytest.raises(IllegalAnswer):
        game.say(wolf, "werewolves", "not yet")
    vote_everyone(game, dead)
    assert game.phase == "night 1"
    assert game.channels_for(wolf) == ["werewolves"]
    assert game.channels_for(seer) == []
    assert game.channels_for(dead) == ["graveyard"]
    with pytest.raises(IllegalAnswer):
        game.say(seer, "village", "it is night")
    with pytest.raises(IllegalAnswer):
        game.say(dead, "werewolves", "boo")
    game.say(wolf, "werewolves", {"type": "accuse", "player": seer})
    heard = [e for e in events_for(game, seer) if e.kind == "Said"]
    assert all(e.data["channel"] == "village" for e in heard)


def test_the_packs_channel_stays_open_until_the_night_is_over() -> None:
    """RULINGS: the `werewolves` channel is open at night. A timed night lasts its length
    whoever has chosen; the channel closing once every choice was in would tell the pack that
    the seer and the hunter had chosen."""
    game = Game(LICOS, list(LICOS.character_names[:6]), options={},
                roles=["werewolf", "seer", "villager", "villager", "villager", "villager"],
                storyteller="manual", night_seconds=60)
    wolf, seer, victim = (p.name for p in game.players[:3])
    vote_everyone(game, game.players[5].name)
    assert game.phase == "night 1"
    for decision in list(game.open.values()):
        if decision.seat != CLOCK:
            game.answer(decision.id, victim if decision.name == "attack" else None)
    [night_clock] = game.open.values()
    assert night_clock.seat == CLOCK and game.phase == "night 1"
    assert game.channels_for(wolf) == ["werewolves"]
    game.say(wolf, "werewolves", "a quiet night")
    game.answer(night_clock.id, True)
    assert game.phase == "day 2"
    assert game.channels_for(wolf) == ["village"]
    with pytest.raises(IllegalAnswer):
        game.say(wolf, "werewolves", "too late")


def test_channels_graveyard_is_never_heard_by_the_living() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager", "villager"])
    dead = game.players[2].name
    vote_everyone(game, dead)
    said = game.say(dead, "graveyard", "the wolf is the first seat")
    assert said.audience == frozenset({dead})
    for player in game.players:
        if player.alive:
            assert said not in events_for(game, player.name)
            assert all(e.get("channel") != "graveyard"
                       for e in view(game, player.name)["events"])
            with pytest.raises(IllegalAnswer):
                game.say(player.name, "graveyard", "hello?")
    # nor does a ghost speak in the village by day
    for decision in list(game.open.values()):
        game.answer(decision.id, None)
    assert game.phase == "day 2"
    with pytest.raises(IllegalAnswer, match="cannot speak"):
        game.say(dead, "village", "listen to me")
    assert game.channels_for(dead) == ["graveyard"]


def test_message_limit_default_10x140() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager"])
    seer = game.players[1].name
    with pytest.raises(IllegalAnswer, match="at most 140"):
        game.say(seer, "village", "x" * 141)
    game.say(seer, "village", "x" * 140)
    for _ in range(9):
        game.say(seer, "village", {"type": "vote", "player": game.players[0].name})
    with pytest.raises(IllegalAnswer, match="all 10 messages"):
        game.say(seer, "village", "one more")
    game.say(game.players[2].name, "village", "my own ten are intact")


def test_message_limit_option() -> None:
    game = new_game(["werewolf", "seer", "villager", "villager", "villager"],
                    **{"chat-limit": "2x20"})
    assert game.options["chat-limit"] == "2x20"
    seer = game.players[1].name
    with pytest.raises(IllegalAnswer, match="at most 20"):
        game.say(seer, "village", "x" * 21)
    game.say(seer, "village", "a")
    game.say(seer, "village", "b")
    with pytest.raises(IllegalAnswer, match="all 2 messages"):
        game.say(seer, "village", "c")
    assert new_game(["werewolf"] + ["villager"] * 3,
                    **{"chat-limit": " 5 X 300 "}).options["chat-limit"] == "5x300"
    for bad in ("ten", "10", "0x140", "10x0", "10x9999", 3.5, None):
        with pytest.raises(SetupError, match="Chat limit"):
            new_game(["werewolf"] + ["villager"] * 3, **{"chat-limit": bad})


# -- the clock ---------------------------------------------------------------------------------

def morning_of(game: Game) -> float | None:
    [morning] = [d for d in game.open.values() if d.seat == CLOCK]
    return morning.seconds


def test_phase_clock_durations() -> None:
    game = new_game(LICOS.preset("13A", 13))
    assert morning_of(game) == 300  # the first morning
    vote_everyone(game, game.players[0].name)
    assert game.phase == "night 1"
    for decision in list(game.open.values()):
        game.answer(decision.id, None)
    assert game.phase == "day 2" and len(game.alive()) == 12
    assert morning_of(game) == 360


@pytest.mark.parametrize(("alive", "seconds"), [(4, 240), (6, 240), (7, 360), (12, 360),
                                                (13, 480), (15, 480)])
def test_phase_clock_later_mornings_by_the_living(alive: int, seconds: int) -> None:
    game = new_game(LICOS.preset(f"{alive}A", alive))
    assert LICOS.morning_seconds(game, 2) == seconds


def test_phase_clock_options_override() -> None:
    game = new_game(LICOS.preset("7A", 7), **{"first-morning-seconds": 120,
                                              "morning-seconds": 90, "noon-seconds": 30,
                                              "night-seconds": 45})
    assert morning_of(game) == 120
    assert LICOS.morning_seconds(game, 3) == 90
    to_noon(game)
    assert {d.seconds for d in game.open.values()} == {30}
    vote_everyone_at_noon(game, game.players[0].name)
    assert {d.seconds for d in game.open.values()} == {45}


def test_the_morning_running_out_is_in_the_record_and_replays() -> None:
    game = new_game(LICOS.preset("7A", 7))
    vote_everyone(game, game.players[3].name)
    entry = next(e for e in game.log if e.get("seat") == CLOCK)
    assert entry["decision"] == "morning" and entry["answer"] is True
    again = replay(json.loads(json.dumps(game.record())), get_edition)
    assert [e.key() for e in again.events] == [e.key() for e in game.events]


# -- bots ------------------------------------------------------------------------------------------

def test_bots_are_registered_for_licos() -> None:
    assert get_edition("licos").bot == "licos:LicosBot"
    assert isinstance(bot_for("Aziz", random.Random(1), "licos"), LicosBot)


@pytest.mark.parametrize("name", PUBLISHED)
def test_bots_play_every_composition_and_replay(name: str) -> None:
    players = int(name[:-1])
    for seed in range(3):
        seats = LICOS.cast(players, random.Random(seed))
        game = Game(LICOS, seats, deck=LICOS.preset(name, players), seed=seed)
        rng = random.Random(seed)
        play_out(game, {s: bot_for(s, random.Random(rng.random()), "licos") for s in seats})
        assert game.over and game.outcome is not None
        assert game.outcome.winner in ("village", "werewolves", "werehamster")
        again = replay(game.record(), get_edition)
        assert [e.key() for e in again.events] == [e.key() for e in game.events]


def test_bots_talk_in_structured_claims() -> None:
    seats = LICOS.cast(11)
    game = Game(LICOS, seats, deck=LICOS.preset("11A", 11), seed=5)
    play_out(game, {s: bot_for(s, random.Random(i), "licos") for i, s in enumerate(seats)})
    said = [e.data for e in game.events if e.kind == "Said"]
    kinds = {m["message"]["type"] for m in said}
    assert {"claim", "vote"} <= kinds
    claims = {m["message"]["role"] for m in said if m["message"]["type"] == "claim"}
    assert claims <= {"seer", "medium", "mason"}
