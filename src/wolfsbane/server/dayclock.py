"""The day's vote while people sit at the table: a time to talk, then ballots that can be
changed until the vote closes.

The engine takes every answer as final. So while a day's vote is open its ballots are held
here, provisionally, and handed to the engine in one go when the vote closes: when its clock
runs out, or as soon as every person (not the bots) has locked their ballot. Which decisions
are day votes is the edition's `day_votes`. When the rules time the vote (the ballots carry
`seconds`: LiCOS's noon, after its morning clock of talk) it opens at once and lasts that
long; otherwise the village talks for the game's `talk` timer and the vote stays open at
least the game's `vote` timer.

Everything lives in the game's stored state (`state["day_vote"]`, plain JSON), which is saved
with every step, so a crash and a restart keep the ballots, the clock and the bots' plans. A
vote with no person among its voters (a bots-only game) gets no window and holds nothing: its
bots answer the engine directly, as fast as before.

Time is an input of the engine (its clock seat): a rule that times a talk or a vote is a
clock or a decision's `seconds`, which this module reads; the game's timers serve editions
whose rules give none.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Any

from ..core import Decision, Game
from ..core.edition import Edition
from .turns import Turns, talk_settings

STATE_KEY = "day_vote"
MISSING: Any = object()  # a voter who cast no ballot by the close


class VoteNotOpen(Exception):
    """A ballot sent while the village is still talking: a sentence saying when it opens."""


def seconds_text(seconds: float) -> str:
    whole = max(1, math.ceil(seconds))
    return "1 second" if whole == 1 else f"{whole} seconds"


class DayClock:
    """The current day's vote: when it opens and closes, and the ballots cast so far.

    `state` is the live game's stored state and `config` its settings (timers and seed); the
    caller says who is a person (`is_person(seat)`) and which seats the server's bots play."""

    def __init__(self, state: dict[str, Any], edition: Edition, config: dict[str, Any]) -> None:
        self.state = state
        self.edition = edition
        self.config = config

    # -- reading ---------------------------------------------------------------------------

    @property
    def round(self) -> dict[str, Any] | None:
        current: dict[str, Any] | None = self.state.get(STATE_KEY)
        return current

    def _live(self) -> dict[str, Any] | None:
        """The vote that holds ballots now: one that people take part in, not yet closed."""
        current = self.round
        if current is None or not current["managed"] or current.get("closed"):
            return None
        return current

    def holds(self, decision_id: int) -> bool:
        """Is this decision a ballot of the open vote (answered here, not by the engine)?"""
        current = self._live()
        return current is not None and str(decision_id) in current["seats"]

    def held_ids(self) -> list[int]:
        current = self._live()
        return [int(i) for i in current["seats"]] if current is not None else []

    @property
    def closes(self) -> float:
        current = self._live()
        return float(current["closes"]) if current is not None else 0.0

    # -- a vote begins -----------------------------------------------------------------------

    def _lengths(self, votes: list[Decision]) -> tuple[float, float]:
        """(talk, least): how long the village talks before the vote opens, and how long the
        vote stays open at least."""
        timers = self.config["timers"]
        windows = [d.seconds for d in votes if d.seconds is not None]
        if windows:
            # the rules time this vote (LiCOS's noon): its talk was a clock of the engine's
            # (the morning), already run out when the ballots were asked
            return 0.0, max(windows) * float(timers.get("scale", 1.0))
        # games stored before the talk window existed keep their old pace
        return float(timers.get("talk", 0.0)), float(timers.get("vote", timers["decision"]))

    def track(self, game: Game, now: float, phase_end: float,
              is_person: Callable[[str], bool], bot_seats: Iterable[str]) -> float | None:
        """Notice the day's vote among `game`'s open decisions, or its end. When a vote begins
        while people are alive at the table, plan it and return when it closes (the day lasts
        at least that long); otherwise None."""
        votes = [d for d in game.open.values() if d.name in self.edition.day_votes]
        current = self.round
        if current is not None:
            if any(str(d.id) in current["seats"] for d in votes):
                talk = self.turns()
                if talk is not None and talk.turns["alive"] != game.alive_names():
                    talk.died(game.alive_names(), now)
                    self.after_turn(now)
                self._check_everyone_locked(is_person)
                return None
            del self.state[STATE_KEY]  # its ballots went to the engine, or the game moved on
        if not votes:
            return None
        seats = {str(d.id): d.seat for d in votes}
        # people at the table talk and listen even when they have no ballot (a Wherewolf
        # runoff's accused plead); only a table of bots votes at once
        managed = any(is_person(p.name) for p in game.alive())
        current = {"seats": seats, "managed": managed, "phase": game.phase}
        self.state[STATE_KEY] = current
        if not managed:
            return None
        talk, least = self._lengths(votes)
        settings = talk_settings(self.config)
        in_turns = settings["mode"] == "turns"
        key = f"{game.phase}:{min(map(int, seats))}"
        if in_turns:
            # the vote opens when the rounds are over: at the latest after every turn of
            # every round (brought forward when the talk ends sooner)
            talk = (float(settings["rounds"]) * len(game.alive_names())
                    * float(settings["turn_seconds"]))
        opens = now + talk
        closes = max(phase_end, opens + least)
        rng = random.Random(f"{self.config['seed']}:day-vote:{key}")
        current.update({"opens": opens, "closes": closes, "opened": talk <= 0,
                        "ballots": {}, "locked": [],
                        "bot_ballots": {}, "bot_talk": {},
                        "least": least, "day_end": phase_end, "heard": {}})
        if in_turns:
            current["opened"] = False
            current["turns"] = Turns.begin(game, now, self._turn_settings(),
                                           self.config["seed"], key)
        span = closes - opens
        first_ballot: dict[str, float] = {}
        for decision in votes:
            if is_person(decision.seat):
                continue
            # like a person: a first choice some time after the vote opens, then perhaps a
            # second look later on, which is final
            first = opens + span * rng.uniform(0.05, 0.5)
            moments = [first]
            if rng.random() < 0.6:
                moments.append(min(first + span * rng.uniform(0.1, 0.35), closes - 0.01 * span))
            current["bot_ballots"][str(decision.id)] = moments
            first_ballot[decision.seat] = first
        for seat in () if in_turns else bot_seats:  # in turns, bots speak in their turns
            moments = []
            if talk > 0:  # a word early in the talk, another later, one more after it opens
                moments.append(now + talk * rng.uniform(0.05, 0.45))
                moments.append(now + talk * rng.uniform(0.5, 0.95))
            before = first_ballot.get(seat, opens + span * 0.5)
            moments.append(opens + (before - opens) * rng.uniform(0.1, 0.9))
            current["bot_talk"][seat] = sorted(moments)
        return closes

    # -- ballots -----------------------------------------------------------------------------

    def ballot(self, decision: Decision, value: Any, lock: bool, now: float,
               is_person: Callable[[str], bool]) -> None:
        """Cast or change a ballot; `lock` says the voter is done (a lock is lifted by casting
        again without it). Refused before the vote opens; an illegal ballot raises
        IllegalAnswer. Neither changes anything."""
        current = self._live()
        assert current is not None and str(decision.id) in current["seats"]
        talk = self.turns()
        if talk is not None and not talk.done:
            raise VoteNotOpen("The vote opens when the day's talk is over; wait for your turn "
                              "to speak.")
        if now < current["opens"]:
            raise VoteNotOpen(f"The vote opens in {seconds_text(current['opens'] - now)}; "
                              "talk with the village until then.")
        answer = decision.validate(value)
        current["ballots"][str(decision.id)] = answer
        current["opened"] = True
        locked = set(current["locked"])
        if lock:
            locked.add(decision.id)
        else:
            locked.discard(decision.id)
        current["locked"] = sorted(locked)
        self._check_everyone_locked(is_person)

    def _check_everyone_locked(self, is_person: Callable[[str], bool]) -> None:
        current = self._live()
        if current is None:
            return
        people = [int(i) for i, seat in current["seats"].items() if is_person(seat)]
        locked = set(current["locked"])
        # with no person among the voters there is nobody to lock: the clock closes the vote
        if people and all(i in locked for i in people):
            current["closing"] = True

    # -- the clock ---------------------------------------------------------------------------

    def next_time(self, is_person: Callable[[str], bool] | None = None) -> float | None:
        """The next moment something is due: the vote opening, a bot's word or ballot, a
        talk turn's end (a bot's turn at once), or an early close."""
        current = self._live()
        if current is None:
            return None
        if current.get("closing"):
            return 0.0
        talk = self.turns()
        if talk is not None and not talk.done:
            turn = talk.next_time(is_person or (lambda seat: True))
            return turn
        times = [m for moments in current["bot_ballots"].values() for m in moments[:1]]
        times += [m for moments in current["bot_talk"].values() for m in moments[:1]]
        if not current["opened"]:
            times.append(current["opens"])
        return min(times) if times else None

    def due(self, now: float,
            is_person: Callable[[str], bool] | None = None) -> tuple[str, Any] | None:
        """The first thing due by `now`, taken off the plan: ("close", None) once every person
        has locked; ("open", None) when the talk ends; ("talk", seat); ("ballot", (decision
        id, final)); in turn-based talk, ("turn", ("bot" or "late", seat)) while it lasts."""
        current = self._live()
        if current is None:
            return None
        if current.get("closing"):
            return ("close", None)
        talk = self.turns()
        if talk is not None and not talk.done:
            turn = talk.due(now, is_person or (lambda seat: True))
            return None if turn is None else ("turn", turn)
        best: tuple[float, str, Any] | None = None
        if not current["opened"] and current["opens"] <= now:
            best = (current["opens"], "open", None)
        for seat, moments in current["bot_talk"].items():
            if moments and moments[0] <= now and (best is None or moments[0] < best[0]):
                best = (moments[0], "talk", seat)
        for key, moments in current["bot_ballots"].items():
            if moments and moments[0] <= now and (best is None or moments[0] < best[0]):
                best = (moments[0], "ballot", key)
        if best is None:
            return None
        _at, kind, what = best
        if kind == "open":
            current["opened"] = True
            return ("open", None)
        if kind == "talk":
            current["bot_talk"][what].pop(0)
            return ("talk", what)
        moments = current["bot_ballots"][what]
        moments.pop(0)
        return ("ballot", (int(what), not moments))

    def shift(self, seconds: float) -> None:
        """A pause ended or the phase was extended: every time of the vote still to come
        moves on (an open vote stays open)."""
        current = self._live()
        if current is None:
            return
        if not current["opened"]:
            current["opens"] += seconds
        current["closes"] += seconds
        talk = self.turns()
        if talk is not None:
            talk.shift(seconds)
        for plan in (current["bot_ballots"], current["bot_talk"]):
            for key, moments in plan.items():
                plan[key] = [m + seconds for m in moments]

    def extend(self, seconds: float) -> None:
        """More time for the vote (the moderator's "+15 s" on one voter extends them all: they
        close together)."""
        current = self._live()
        if current is not None:
            current["closes"] += seconds

    # -- the talk: turns, and the guaranteed window ------------------------------------------

    def turns(self) -> Turns | None:
        """The open vote's turn-based talk, when the table talks in turns."""
        current = self._live()
        if current is None or "turns" not in current:
            return None
        return Turns(current["turns"], self._turn_settings())

    def _turn_settings(self) -> dict[str, Any]:
        return {**talk_settings(self.config),
                "bot_delay": float(self.config["timers"].get("bot_delay", 0.0))}

    def after_turn(self, now: float) -> None:
        """The talk in turns has ended: the vote opens now, and stays open its least time
        (never closing before the day's own end)."""
        current = self._live()
        talk = self.turns()
        if current is None or talk is None or not talk.done or current["opened"]:
            return
        moved = now - float(current["opens"])
        current["opens"] = now
        current["opened"] = True
        current["closes"] = max(float(current.get("day_end", now)),
                                now + float(current.get("least", 0.0)))
        # the day was lengthened for the longest talk the turns could take: it now ends
        # with the vote
        self.state["phase_end"] = current["closes"]
        span = current["closes"] - now
        for key, moments in current["bot_ballots"].items():
            current["bot_ballots"][key] = [min(m + moved, now + 0.95 * span) for m in moments]

    def guarantee(self, now: float, connected: Iterable[str], seconds: float) -> float | None:
        """Free talk's guaranteed window: the vote closes no sooner than `seconds` after
        each connected player first heard this day's talk (when the vote was asked, or when
        it connected, if later). The new close, when it moved."""
        current = self._live()
        if current is None or seconds <= 0:
            return None
        heard = current.setdefault("heard", {})
        for seat in connected:
            heard.setdefault(seat, now)
        if not heard:
            return None
        floor = max(heard.values()) + seconds
        if floor <= current["closes"]:
            return None
        current["closes"] = floor
        return floor

    def talk_standing(self, seat: str | None) -> dict[str, Any] | None:
        """The day's talk as a participant may see it (None while no vote is asked)."""
        current = self._live()
        if current is None:
            return None
        talk = self.turns()
        if talk is not None:
            return talk.standing(seat)
        heard = current.get("heard") or {}
        seconds = talk_settings(self.config).get("guaranteed") or 0
        until = max(heard.values()) + float(seconds) if heard and seconds else None
        return {"mode": "free", "until": until}

    # -- the close -------------------------------------------------------------------------

    def close(self) -> list[tuple[int, str, Any]]:
        """Close the vote: every ballot in the order asked (seat order), as (decision id,
        seat, answer), MISSING for a voter who cast none. Nothing is held after this."""
        current = self._live()
        if current is None:
            return []
        current["closed"] = True
        ballots = current["ballots"]
        return [(int(key), seat, ballots.get(key, MISSING))
                for key, seat in current["seats"].items()]

    # -- what a seat may see -------------------------------------------------------------------

    def standing(self, seat: str | None, everything: bool,
                 ballots_shown: bool) -> dict[str, Any] | None:
        """How the vote stands, for one seat (`seat`), the moderator (`everything`) or anyone
        else: who has voted and how many are left; whom each voter names only when the
        edition shows ballots (or to the moderator); a seat's own ballots and locks."""
        current = self._live()
        if current is None:
            return None
        order = list(current["seats"].items())  # as asked: in seat order
        ballots = current["ballots"]
        voters = [name for _key, name in order]
        voted = [name for key, name in order if key in ballots]
        out: dict[str, Any] = {
            "opens": current["opens"], "closes": current["closes"], "open": current["opened"],
            "voters": voters, "voted": voted, "left": len(voters) - len(voted),
        }
        if everything or ballots_shown:
            out["ballots"] = {name: ballots[key] for key, name in order if key in ballots}
        if everything:
            out["locked"] = [name for key, name in order if int(key) in current["locked"]]
        if seat is not None:
            out["mine"] = {key: {"answer": ballots.get(key), "cast": key in ballots,
                                 "locked": int(key) in current["locked"]}
                           for key, name in order if name == seat}
        return out
