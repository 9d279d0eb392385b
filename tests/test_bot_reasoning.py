"""Bots that reason aloud and from evidence: reasons with every accusation and stated vote (in
the structured talk vocabulary, worded by the catalogue, varied), stated votes weighed by their
reason, and the pack's tactics (split votes, no vote for the seer who exposed it)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from wolfsbane.agents.heuristic import HeuristicBot
from wolfsbane.agents.quality import play
from wolfsbane.core import Game, IllegalAnswer
from wolfsbane.core.talk import REASONS
from wolfsbane.editions import get_edition
from wolfsbane.messages import Words, catalogue

from .test_bots import Table

TALKING = (("millers-hollow", 8), ("licos", 15), ("wherewolf", 12))


def bot_talk(edition: str, players: int, games: int) -> list[tuple[Game, dict[str, Any]]]:
    out = []
    for seed in range(games):
        game = play(edition, players, None, seed, "strong")
        out += [(game, dict(e.data["message"])) for e in game.events
                if e.kind == "Said" and e.data["channel"] == "village"]
    return out


@pytest.mark.parametrize(("edition", "players"), TALKING)
def test_reason_is_given_with_every_accusation_and_stated_vote(edition: str,
                                                               players: int) -> None:
    words = Words(catalogue(get_edition(edition)))
    pointed = 0
    for _game, message in bot_talk(edition, players, 12):
        if message["type"] not in ("accuse", "vote") or message.get("player") is None:
            continue
        pointed += 1
        assert message.get("reason") in REASONS, message
        bare = {k: v for k, v in message.items() if k not in ("reason", "by", "wording")}
        sentence = words.talk(message, "Ana")
        assert sentence != words.talk(bare, "Ana")  # the reason is in the words
        assert "-" not in message["reason"] or message["reason"] not in sentence  # words
    assert pointed >= 20


def test_reasons_are_varied_in_phrasing() -> None:
    words = Words(catalogue(get_edition("millers-hollow")))
    sentences: dict[str, set[str]] = {}
    for _game, message in bot_talk("millers-hollow", 8, 30):
        if message.get("reason"):
            plain = {**message, "player": "Eve", **({"by": "Ada"} if "by" in message else {})}
            sentences.setdefault(message["reason"], set()).add(words.talk(plain, "Ana"))
    common = [reason for reason, said in sentences.items() if len(said) >= 2]
    assert len(common) >= 3, sentences  # the same reason in more than one phrasing


def test_a_reason_the_table_does_not_know_is_refused_and_changes_nothing() -> None:
    table = Table()
    table.quiet_night_one()
    game = table.game
    game.say("Ben", "village", {"type": "accuse", "player": "Ana", "reason": "hunch"})
    before = len(game.events)
    for bad in ({"type": "accuse", "player": "Ana", "reason": "vibes"},
                {"type": "vote", "player": "Ana", "reason": "hunch", "wording": 7},
                {"type": "accuse", "player": "Ana", "reason": "seer-result", "by": "Nobody"}):
        with pytest.raises(IllegalAnswer) as refused:
            game.say("Ben", "village", bad)
        assert refused.value.code in ("talk-reason", "talk-wording", "no-such-player")
    assert len(game.events) == before


def test_a_reason_is_kept_as_said_for_agents_to_read() -> None:
    table = Table()
    table.quiet_night_one()
    game = table.game
    game.say("Ben", "village", {"type": "accuse", "player": "Ana", "reason": "seer-result",
                                "by": "Cal", "wording": 2})
    said = game.events[-1].data["message"]
    assert said == {"type": "accuse", "player": "Ana", "reason": "seer-result", "by": "Cal",
                    "wording": 2}


def test_a_strong_village_follows_a_reasoned_vote_not_a_hunch() -> None:
    def votes_of_hal(skill: str) -> Counter[str]:
        votes: Counter[str] = Counter()
        for seed in range(20):
            table = Table()
            table.quiet_night_one()
            # two stated votes and nothing else to go on: one a hunch, one with a reason
            table.say("Ben", {"type": "vote", "player": "Eve", "reason": "hunch",
                              "wording": 0})
            table.say("Dee", {"type": "vote", "player": "Hal", "reason": "voted-with-wolf",
                              "by": "Ana", "wording": 1})
            table.bots["Cal"] = HeuristicBot("Cal", random.Random(seed), skill=skill)
            table.game.say("Gus", "village", {"type": "vote", "player": None})
            votes[table.ask("Cal", "vote")] += 1
        return votes

    strong, easy = votes_of_hal("strong"), votes_of_hal("easy")
    assert strong["Hal"] == 20  # the reasoned case, every time
    assert easy["Eve"] > 0  # an easy bot weighs a hunch like a reason


def test_wolves_split_votes_millers_hollow() -> None:
    def bloc_share(skill: str) -> float:
        same = days = 0
        for seed in range(120):
            game = play("millers-hollow", 8, None, seed, skill)
            wolves = {p.name for p in game.players if p.role == "werewolf"}
            ballots: dict[str, list[str]] = {}
            for e in game.events:
                if e.kind == "VoteCast" and e.data["player"] in wolves and \
                        e.data.get("about") is None:
                    ballots.setdefault(e.phase, []).append(e.data["target"])
            for targets in ballots.values():
                if len(targets) >= 2:
                    days += 1
                    same += len(set(targets)) == 1
        return same / days

    strong, easy = bloc_share("strong"), bloc_share("easy")
    assert strong < 0.4 and strong < easy - 0.15, (strong, easy)


def test_wolves_do_not_elect_the_seer_who_exposed_them() -> None:
    chances = bad = 0
    for seed in range(150):
        game = play("millers-hollow", 8, None, seed, "strong")
        wolves = {p.name for p in game.players if p.role == "werewolf"}
        seers = {p.name for p in game.players if p.role == "fortune-teller"}
        exposed: set[str] = set()
        for e in game.events:
            message = e.data.get("message") if e.kind == "Said" else None
            if message and e.data["player"] in seers and message.get("type") == "result" \
                    and message.get("werewolf") is True and message.get("player") in wolves:
                exposed.add(e.phase)
            if e.kind == "VoteCast" and e.data.get("about") == "sheriff" and \
                    e.data["player"] in wolves and e.phase in exposed:
                chances += 1
                bad += e.data["target"] in seers
    assert chances >= 30 and bad == 0
