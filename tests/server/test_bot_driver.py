"""The server's bots run on the one bot driver (agents.driver.Table): through the real server,
a game of bots alone talks in the driver's schedule (rounds in a shuffled order before each
vote, nobody repeating themself within a phase but to state a vote changed back) and replays
exactly from its record."""

from __future__ import annotations

from collections import Counter

from wolfsbane.core.record import replay
from wolfsbane.editions import get_edition

from .helpers import Server, api, auth, create, finished_record, start


def test_server_bots_talk_as_the_driver_schedules_and_the_game_replays(server: Server) -> None:
    made = create(server, "Watcher", **{"as": "spectator"}, seed=5, edition="licos",
                  timers={"night": 0.3, "day": 2.0, "decision": 0.5, "grace": 0.2,
                          "bot_delay": 0.0, "scale": 0.01})
    code, token = made["code"], made["token"]
    with api(server) as client:
        assert client.post(f"/api/games/{code}/bots", json={"count": 9},
                           headers=auth(token)).status_code in (200, 201)
    start(server, code, token)
    record = finished_record(server, code, token)
    log = record["log"]
    says = [entry for entry in log if "say" in entry]
    assert says, "the bots said nothing"
    # nobody says the same words twice on a channel in a phase (the driver drops repeats), but
    # a vote stated, changed and changed back is stated again (the driver's promise)
    game = replay(record, get_edition)
    assert game.over
    said = [(e.phase, e.data["player"], e.data["channel"], e.data["message"])
            for e in game.events if e.kind == "Said"]

    def a_vote(message: object) -> bool:
        return isinstance(message, dict) and message.get("type") == "vote"

    lines = Counter((phase, who, channel, repr(message))
                    for phase, who, channel, message in said if not a_vote(message))
    assert lines and max(lines.values()) == 1
    stated: dict[tuple[str, str, str], str] = {}
    for phase, who, channel, message in said:
        if a_vote(message):
            assert stated.get((phase, who, channel)) != repr(message), (phase, who, message)
            stated[phase, who, channel] = repr(message)
    # the day's first word is not always the first seat's: the talk order is shuffled
    seats = record["seats"]
    firsts = {e.phase: e.data["player"] for e in reversed(game.events)
              if e.kind == "Said" and e.data["channel"] == "village"}
    assert firsts and (len(firsts) == 1 or set(firsts.values()) != {seats[0]})
    # the ballots of a vote come after its talk, never between
    votes = [i for i, entry in enumerate(log) if entry.get("decision") == "vote"]
    for before, after in zip(votes, votes[1:], strict=False):
        between = log[before:after]
        assert not any("say" in entry for entry in between) or any(
            "decision" in entry and entry["decision"] != "vote" for entry in between)


def test_a_bot_answers_within_a_short_nights_slot_instead_of_timing_out(server: Server) -> None:
    """A bot thinks `bot_delay` seconds, but no longer than half of what is left of its
    question's window: with a night of a second and bots that think for one, the bots still
    play their night (no night answer of theirs is a timeout)."""
    made = create(server, "Watcher", **{"as": "spectator"}, seed=7, preset="basic",
                  timers={"night": 1.0, "day": 2.0, "decision": 1.0, "grace": 0.2,
                          "bot_delay": 1.0, "talk": 0.0, "vote": 0.5, "scale": 0.03})
    code, token = made["code"], made["token"]
    with api(server) as client:
        assert client.post(f"/api/games/{code}/bots", json={"count": 8},
                           headers=auth(token)).status_code in (200, 201)
    start(server, code, token)
    record = finished_record(server, code, token)
    night_answers = [entry for entry in record["log"]
                     if entry.get("decision") in ("attack", "inspect", "heal", "poison")]
    assert night_answers, "the bots played no night"
    assert not [entry for entry in night_answers if entry.get("timeout")], night_answers
