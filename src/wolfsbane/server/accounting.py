"""Each agent's errors, counted: answers accepted, answers and messages refused as illegal,
questions and talk turns the clock answered for it. When the table sets an error rule
(`agents.error_ratio`, `agents.error_min`) and a seat's share of errors passes it, a bot takes
the seat over and the game goes on; the record says so (the engine's `PlayedByBot`, logged,
which everyone is told: "Eve's seat is now played by a bot").

Only seats a person or an agent plays are counted (never a bot's, nor the clock's). The
counts live in the game's stored state (`state["agents"]`), saved with every step, and are
published in the finished game's record (`agents`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .lobby import PLAYER

if TYPE_CHECKING:
    from .live import LiveGame

STATE_KEY = "agents"
ILLEGAL_CODES = frozenset({"illegal", "stale", "invalid"})  # refusals that count as errors


class Accounting:
    """The error counts of one live game's seats, and its rule for replacing a seat."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live

    @property
    def counts(self) -> dict[str, dict[str, Any]]:
        counts: dict[str, dict[str, Any]] = self.live.state.setdefault(STATE_KEY, {})
        return counts

    def _seat(self, seat: str) -> dict[str, Any] | None:
        live = self.live
        if live.game is None or seat not in live.seats or not live.bots.is_person(seat):
            return None
        if seat in live.controlled:  # the moderator's answers are not the seat's agent's
            return None
        return self.counts.setdefault(seat, {"answers": 0, "illegal": 0, "timeouts": 0,
                                             "replaced": False})

    def answered(self, seat: str) -> None:
        entry = self._seat(seat)
        if entry is not None:
            entry["answers"] += 1

    def refused(self, seat: str, code: str) -> None:
        entry = self._seat(seat)
        if entry is not None and code in ILLEGAL_CODES:
            entry["illegal"] += 1

    def timed_out(self, seat: str) -> None:
        entry = self._seat(seat)
        if entry is not None:
            entry["timeouts"] += 1

    def over_the_limit(self) -> list[str]:
        """The seats whose errors pass the table's rule, not yet replaced."""
        rule = self.live.config.get("agents") or {}
        ratio = rule.get("error_ratio")
        if ratio is None:
            return []
        least = int(rule.get("error_min", 5))
        out = []
        for seat, entry in self.counts.items():
            errors = entry["illegal"] + entry["timeouts"]
            total = errors + entry["answers"]
            if not entry["replaced"] and total >= least and errors / total > ratio:
                out.append(seat)
        return out

    def replace_failing(self) -> None:
        """Hand every seat over the limit to a bot: its player's token holds no place any
        more (its sockets close with 4403 and a `closed` message saying why), the seat's bot
        plays from here, and the engine logs and tells it."""
        live = self.live
        game = live.game
        if game is None or game.over:
            return
        for seat in self.over_the_limit():
            self.counts[seat]["replaced"] = True
            holder = live.seat_holder(seat)
            if holder is None or holder.kind != PLAYER or holder.bot:
                continue
            live.hand_seat_to_bot(holder, "errors",
                                  "too many illegal answers and timeouts: a bot plays "
                                  "your seat now")
