"""Turn-based talk (the table's `talk.mode` `turns`), as AIWolf runs a day's talk: rounds, each
in a fresh order shuffled from the game's seed, in which every living player in turn is asked
to speak. The speaker posts up to `per_turn` messages on the village channel, or says Skip
(pass this turn) or Over (nothing more today); a turn not used by its `turn_seconds` is a skip,
counted as a timeout. A player has `per_day` messages for the day's talk. The talk ends after
`rounds` rounds, when a whole round passes with nobody speaking, or when nobody is left who may
speak; then the day's vote opens. Out of turn, the village channel is closed to people.

This is a schedule of the server, not a rule of the engine: it decides only when the village
channel may be used, and the engine's log holds the messages said, so a replay is exact. Its
state lives in the day vote's stored state (`state["day_vote"]["turns"]`), kept with every
step, so a restart resumes the talk where it was. Bots speak in their turns through the one
bot driver (`agents.driver.Table.speak`), as they do in free talk.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core import Game

TALK_CHANNEL = "village"  # the day's channel that the turns regulate
DEFAULTS: dict[str, Any] = {"mode": "free", "guaranteed": None, "rounds": 5, "per_turn": 1,
                            "per_day": 10, "turn_seconds": 20.0}


def talk_settings(config: dict[str, Any]) -> dict[str, Any]:
    """The table's talk settings (games stored before they existed: free talk)."""
    return {**DEFAULTS, **(config.get("talk") or {})}


class NotYourTurn(Exception):
    """A person spoke on the village channel out of turn: a sentence saying whose turn it is."""


class Turns:
    """The turns of one day's talk, over its stored state (a plain JSON mapping)."""

    def __init__(self, turns: dict[str, Any], settings: dict[str, Any]) -> None:
        self.turns = turns
        self.settings = settings

    @classmethod
    def begin(cls, game: Game, now: float, settings: dict[str, Any], seed: Any,
              key: str) -> dict[str, Any]:
        """The stored state of a new day's talk, its first turn begun."""
        turns: dict[str, Any] = {"round": 0, "order": [], "at": -1, "speaker": None,
                                 "deadline": None, "turn_said": 0, "round_said": 0,
                                 "said": {}, "over": [], "done": False,
                                 "alive": game.alive_names(), "seed": f"{seed}:talk:{key}"}
        talk = cls(turns, settings)
        talk._new_round()
        talk._next(now)
        return turns

    # -- reading -------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return bool(self.turns["done"])

    @property
    def speaker(self) -> str | None:
        speaker: str | None = self.turns["speaker"]
        return speaker

    def may_speak(self, seat: str) -> bool:
        return (seat in self.turns["alive"] and seat not in self.turns["over"]
                and self.turns["said"].get(seat, 0) < self.settings["per_day"])

    def check_speaker(self, seat: str) -> None:
        """Refuse a message on the village channel out of turn."""
        if self.done:
            raise NotYourTurn("The day's talk is over; the vote is open.")
        if self.speaker != seat:
            raise NotYourTurn(f"It is {self.speaker}'s turn to speak; wait for yours.")

    def standing(self, seat: str | None) -> dict[str, Any]:
        """What everyone sees of the talk, and a player's own counts."""
        turns, settings = self.turns, self.settings
        out: dict[str, Any] = {
            "mode": "turns", "round": turns["round"], "rounds": settings["rounds"],
            "order": list(turns["order"]), "speaker": turns["speaker"],
            "turn_deadline": turns["deadline"], "over": list(turns["over"]),
            "done": turns["done"], "per_turn": settings["per_turn"],
        }
        if seat is not None:
            mine = seat == turns["speaker"]
            day_left = max(0, settings["per_day"] - turns["said"].get(seat, 0))
            out["your_turn"] = mine
            out["day_left"] = day_left
            out["turn_left"] = (min(day_left, settings["per_turn"] - turns["turn_said"])
                                if mine else 0)
        return out

    # -- what happens ------------------------------------------------------------------------

    def spoke(self, seat: str, now: float, messages: int = 1) -> None:
        """The speaker posted `messages` on the village channel: its turn ends once it used
        `per_turn` of them (or its day's messages)."""
        turns = self.turns
        if turns["done"] or seat != turns["speaker"]:
            return
        turns["said"][seat] = turns["said"].get(seat, 0) + messages
        turns["turn_said"] += messages
        turns["round_said"] += messages
        if turns["turn_said"] >= self.settings["per_turn"] or not self.may_speak(seat):
            self._next(now)

    def skip(self, seat: str, now: float) -> None:
        """The speaker passes this turn (a bot that says nothing, a turn that ran out)."""
        self.check_speaker(seat)
        self._next(now)

    def over(self, seat: str, now: float) -> None:
        """`seat` has nothing more to say today: no more turns for it (said at any time)."""
        turns = self.turns
        if turns["done"]:
            raise NotYourTurn("The day's talk is over; the vote is open.")
        if seat not in turns["over"]:
            turns["over"].append(seat)
        if seat == turns["speaker"]:
            self._next(now)

    def died(self, alive: list[str], now: float) -> None:
        """The living changed during the talk (a Clocktower slayer's shot...)."""
        self.turns["alive"] = list(alive)
        if self.speaker is not None and self.speaker not in alive:
            self._next(now)

    def shift(self, seconds: float) -> None:
        for key in ("deadline", "bot_at"):
            if self.turns.get(key) is not None:
                self.turns[key] += seconds

    def due(self, now: float, is_person: Callable[[str], bool]) -> tuple[str, str] | None:
        """("bot", seat): a bot's turn, to be spoken now; ("late", seat): a person's turn ran
        out (a skip, counted as a timeout)."""
        speaker = self.speaker
        if self.done or speaker is None:
            return None
        if not is_person(speaker):
            return ("bot", speaker) if self.turns.get("bot_at", 0.0) <= now else None
        if self.turns["deadline"] is not None and self.turns["deadline"] <= now:
            return ("late", speaker)
        return None

    def next_time(self, is_person: Callable[[str], bool]) -> float | None:
        speaker = self.speaker
        if self.done or speaker is None:
            return None
        if not is_person(speaker):
            return float(self.turns.get("bot_at", 0.0))
        deadline: float | None = self.turns["deadline"]
        return deadline

    # -- inside ------------------------------------------------------------------------------

    def _new_round(self) -> bool:
        """Begin the next round in a fresh order; False when the talk is over instead."""
        turns = self.turns
        if turns["round"] >= self.settings["rounds"] or (
                turns["round"] > 0 and turns["round_said"] == 0):
            return False  # the last round, or a whole round in which nobody spoke
        order = sorted(turns["alive"])
        random.Random(f"{turns['seed']}:{turns['round'] + 1}").shuffle(order)
        turns.update({"round": turns["round"] + 1, "order": order, "at": -1,
                      "round_said": 0})
        return True

    def _next(self, now: float) -> None:
        """The next player who may speak gets the turn; the talk ends when none is left."""
        turns = self.turns
        while True:
            turns["at"] += 1
            if turns["at"] >= len(turns["order"]):
                if not any(self.may_speak(s) for s in turns["alive"]) or not self._new_round():
                    turns.update({"done": True, "speaker": None, "deadline": None})
                    return
                continue
            seat = turns["order"][turns["at"]]
            if self.may_speak(seat):
                # a bot takes about the game's bot_delay to speak, as in free talk, so that
                # the pace of the turns does not tell the bots from the people
                think = float(self.settings.get("bot_delay", 0.0)) * random.Random(
                    f"{turns['seed']}:{turns['round']}:{turns['at']}").uniform(0.5, 1.5)
                turns.update({"speaker": seat, "turn_said": 0, "started": now,
                              "bot_at": now + think,
                              "deadline": now + float(self.settings["turn_seconds"])})
                return
