"""AIWolf packets are made from the seat's view alone; the roles' AIWolf names; talk in the
AIWolf protocol language, both ways."""

from __future__ import annotations

import random

import pytest

from wolfsbane.agents import bot_for
from wolfsbane.agents.driver import Table
from wolfsbane.aiwolf import packets
from wolfsbane.aiwolf.server import NAME_LENGTH, clean_name
from wolfsbane.aiwolf.words import (
    ROLE_TO_AIWOLF,
    agent_name,
    from_protocol,
    to_protocol,
)
from wolfsbane.core import Game
from wolfsbane.editions import get_edition

LICOS = get_edition("licos")


def _game(composition: str, seed: int = 0) -> Game:
    size = int(composition[:-1])
    seats = [agent_name(i) for i in range(size)]
    return Game(LICOS, seats, deck=LICOS.preset(composition, size), seed=seed)


def test_every_licos_card_has_its_aiwolf_role() -> None:
    assert ROLE_TO_AIWOLF == {
        "villager": "VILLAGER", "seer": "SEER", "medium": "MEDIUM", "hunter": "BODYGUARD",
        "madman": "POSSESSED", "werewolf": "WEREWOLF", "werehamster": "FOX",
        "mason": "FREEMASON"}
    assert set(ROLE_TO_AIWOLF) == set(LICOS.roles)


def test_role_num_map_lists_the_six_roles_and_fox_and_freemason_where_dealt() -> None:
    assert packets.role_counts(_game("5C")) == {
        "WEREWOLF": 1, "POSSESSED": 1, "SEER": 1, "BODYGUARD": 1, "VILLAGER": 1, "MEDIUM": 0}
    counts = packets.role_counts(_game("15A"))
    assert counts["FOX"] == 1 and counts["FREEMASON"] == 2 and sum(counts.values()) == 15


def _played(composition: str, seed: int, answers: int) -> Game:
    game = _game(composition, seed)
    table = Table(game, {p.name: bot_for(p.name, random.Random(i), LICOS)
                         for i, p in enumerate(game.players)})
    for _ in range(answers):
        if game.over or not table.step():
            break
    return game


@pytest.mark.parametrize("seed", range(6))
def test_info_tells_a_seat_only_what_its_view_holds(seed: int) -> None:
    game = _played("15A", seed, 120)
    for player in game.players:
        info = packets.info(game, player.name, "g")
        known = info["role_map"]
        assert known[player.name] == ROLE_TO_AIWOLF[player.role]
        others = {name for name in known if name != player.name}
        if player.role == "werewolf":  # its packmates
            assert others == {p.name for p in game.players
                              if p.role == "werewolf" and p is not player}
        elif player.role == "mason":  # its partner
            assert others == {p.name for p in game.players
                              if p.role == "mason" and p is not player}
        else:
            assert others == set()
        assert all(known[name] == ROLE_TO_AIWOLF[game.by_name[name].role] for name in known)
        if info["divine_result"] is not None:
            assert player.role == "seer"
        if info["medium_result"] is not None:
            assert player.role == "medium"
        if info["attack_vote_list"] is not None:
            assert player.role == "werewolf"
        assert info["vote_list"] is None  # LiCOS's ballot is secret
        assert info["status_map"] == {p.name: "ALIVE" if p.alive else "DEAD"
                                      for p in game.players}


def test_the_seer_s_result_is_its_judge_of_the_night() -> None:
    for seed in range(20):
        game = _played("9A", seed, 200)
        seer = next(p for p in game.players if p.role == "seer")
        judge = packets.info(game, seer.name, "g")["divine_result"]
        if judge is None:
            continue
        told = [e for e in game.events if e.kind == "InfoGiven" and e.audience == {seer.name}
                and "werewolf" in e.data]
        last = told[-1]
        assert judge == {"day": packets.day_of(last.phase), "agent": seer.name,
                         "target": last.data["player"],
                         "result": "WEREWOLF" if last.data["werewolf"] else "HUMAN"}
        return
    pytest.fail("no seer was told a result in 20 games")


def test_finish_shows_every_card() -> None:
    game = _played("9A", 1, 10_000)
    assert game.over
    info = packets.info(game, game.players[0].name, "g", reveal=True)
    assert info["role_map"] == {p.name: ROLE_TO_AIWOLF[p.role] for p in game.players}


def test_structured_talk_in_the_protocol_language_and_back() -> None:
    players = {agent_name(i) for i in range(5)}
    me, other = agent_name(0), agent_name(2)
    cases = [
        ({"type": "claim", "role": "seer"}, f"COMINGOUT {me} SEER"),
        ({"type": "result", "player": other, "werewolf": True}, f"DIVINED {other} WEREWOLF"),
        ({"type": "accuse", "player": other}, f"ESTIMATE {other} WEREWOLF"),
        ({"type": "defend", "player": other}, f"ESTIMATE {other} VILLAGER"),
        ({"type": "vote", "player": other}, f"VOTE {other}"),
    ]
    for message, text in cases:
        assert to_protocol(me, message) == text
        assert from_protocol(me, text, players) == message
    assert to_protocol(me, {"type": "result", "player": other, "werewolf": False},
                       {me: "medium"}) == f"IDENTIFIED {other} HUMAN"
    assert to_protocol(me, {"type": "vote", "player": other}, whisper=True) == f"ATTACK {other}"
    assert from_protocol(me, f"ATTACK {other}", players) == {"type": "vote", "player": other}
    # a claim of another's role, a stranger, or natural language stay free text
    for text in (f"COMINGOUT {other} SEER", "VOTE Agent[99]", "I trust Agent[03]."):
        assert from_protocol(me, text, players) == {"type": "text", "text": text}


def test_an_agent_s_name_is_kept_printable_short_and_without_commas() -> None:
    assert clean_name("kanolab1\n") == "kanolab1"
    assert clean_name("a,b\x00c\nd") == "a b c d"
    assert clean_name("x" * 500) == "x" * NAME_LENGTH
    assert clean_name(" \t ") == "agent"
