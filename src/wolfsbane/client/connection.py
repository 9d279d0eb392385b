"""One seat's WebSocket (`/ws/{code}`), synchronous: observations in, answers and talk out.

The connection keeps what the protocol asks a client to keep: the cursor (passed back in the
`hello` of a reconnection, so the server sends exactly what was missed), the last `you` and
`players` (an update leaves them out when unchanged), the events already seen (by index, so
a reconnection never delivers one twice) and the decisions already shown.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator, Mapping
from types import TracebackType
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .models import (
    DecisionRequest,
    GameEvent,
    Observation,
    Outcome,
    PlayerInfo,
    Reply,
    SeatClosed,
    VoteStatus,
    You,
)
from .talk import TalkMessage

# close codes after which reconnecting cannot help (docs/protocol.md)
FINAL_CLOSE_CODES = {4400: "no valid hello", 4401: "the token holds no place in this game",
                     4403: "removed from the game", 4404: "no such game",
                     4409: "the seat is open on a newer connection"}
RECONNECT_ATTEMPTS = 20
RECONNECT_PAUSE = 0.5  # seconds between attempts, doubled up to RECONNECT_PAUSE_MOST
RECONNECT_PAUSE_MOST = 5.0
MAX_MESSAGE = 2**22  # a snapshot of a long game is large; the server caps its own queue


class Connection:
    """A seat's live connection. `next()` returns the next observation (reconnecting with
    the cursor when the socket drops); `answer()` and `say()` send, and their replies arrive
    in `replies` (by `ref`) as later messages are read."""

    def __init__(self, ws_url: str, code: str, token: str, *, cursor: int = 0,
                 open_timeout: float = 10.0) -> None:
        self._url = f"{ws_url.rstrip('/')}/ws/{code}"
        self._token = token  # a secret: kept in memory, never printed
        self._open_timeout = open_timeout
        self._ws: ClientConnection | None = None
        self._refs = itertools.count(1)
        self.cursor = cursor
        self.lobby: Mapping[str, Any] | None = None
        self.replies: dict[int, Reply] = {}
        self.reconnections = 0
        self._seen_events: set[int] = set()
        self._shown_decisions: set[int] = set()
        self._you: Mapping[str, Any] | None = None
        self._players: list[Mapping[str, Any]] = []
        self.last: Observation | None = None

    def __repr__(self) -> str:
        return f"Connection({self._url!r}, cursor={self.cursor})"

    # -- opening and closing ------------------------------------------------------------------

    def open(self) -> Connection:
        # entered at once (websockets 17.1 asks for a context manager): `close` leaves it
        self._ws = connect(self._url, open_timeout=self._open_timeout,
                           max_size=MAX_MESSAGE).__enter__()
        self._ws.send(json.dumps({"type": "hello", "token": self._token,
                                  "cursor": self.cursor}))
        return self

    def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
            self._ws = None

    def __enter__(self) -> Connection:
        return self if self._ws is not None else self.open()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def drop(self) -> None:
        """Cut the socket without a goodbye, as a lost network would (the next read
        reconnects): for testing a client's recovery."""
        if self._ws is not None:
            self._ws.socket.close()

    def _reconnect(self, closed: ConnectionClosed) -> None:
        code = closed.rcvd.code if closed.rcvd is not None else 1006
        if code in FINAL_CLOSE_CODES:
            raise SeatClosed(code, FINAL_CLOSE_CODES[code]) from None
        pause = RECONNECT_PAUSE
        for _ in range(RECONNECT_ATTEMPTS):
            try:
                self.open()
            except (OSError, TimeoutError, ConnectionClosed):
                time.sleep(pause)
                pause = min(RECONNECT_PAUSE_MOST, pause * 2)
                continue
            self.reconnections += 1
            return
        raise SeatClosed(code, "the server could not be reached again")

    # -- sending ------------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> int:
        ref = next(self._refs)
        message["ref"] = ref
        if self._ws is None:
            self.open()
        assert self._ws is not None
        try:
            self._ws.send(json.dumps(message))
        except ConnectionClosed as closed:
            self._reconnect(closed)
            self._ws.send(json.dumps(message))
        return ref

    def answer(self, decision: DecisionRequest | int, answer: Any, *, lock: bool = True) -> int:
        """Send an answer (a choice's name, a list of names, true/false, a number, a mapping
        of parts, or None to skip); returns its `ref` (its reply lands in `replies`)."""
        decision_id = decision.id if isinstance(decision, DecisionRequest) else int(decision)
        return self._send({"type": "answer", "decision": decision_id, "answer": answer,
                           "lock": lock})

    def say(self, channel: str, message: TalkMessage) -> int:
        """Post free text or a structured act (`wolfsbane.client.talk`) on a channel."""
        return self._send({"type": "say", "channel": channel, "message": message})

    def ping(self) -> int:
        return self._send({"type": "ping"})

    # -- receiving ----------------------------------------------------------------------------

    def next(self, timeout: float | None = None, *,
             wake_on_reply: bool = False) -> Observation | None:
        """The next observation (a snapshot or an update), or None when `timeout` seconds
        pass without one (or, with `wake_on_reply`, as soon as a reply arrives). Replies to
        what was sent are filed in `replies` meanwhile; lobby messages (before the start)
        in `lobby`."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if self._ws is None:
                self.open()
            assert self._ws is not None
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                text = self._ws.recv(timeout=left)
            except TimeoutError:
                return None
            except ConnectionClosed as closed:
                self._reconnect(closed)
                continue
            message = json.loads(text)
            kind = message.get("type")
            if kind in ("snapshot", "update"):
                observation = self._observe(message)
                self.last = observation
                return observation
            if kind == "lobby":
                self.lobby = message.get("game")
            elif kind in ("ack", "error") and message.get("ref") is not None:
                reply = Reply.from_wire(message)
                self.replies[reply.ref] = reply
                if wake_on_reply:
                    return None
            elif kind == "closed":
                raise SeatClosed(4403, str(message.get("reason", "closed")))

    def observations(self, idle: float = 600.0) -> Iterator[Observation]:
        """Every observation until the game is over (the last one included). Stops, with
        TimeoutError, when nothing arrives for `idle` seconds."""
        while True:
            observation = self.next(timeout=idle)
            if observation is None:
                raise TimeoutError(f"nothing from the server for {idle} seconds")
            yield observation
            if observation.over:
                return

    def _observe(self, message: Mapping[str, Any]) -> Observation:
        view: Mapping[str, Any] = message.get("view", {})
        clock: Mapping[str, Any] = message.get("clock") or {}
        if "you" in view:
            self._you = view["you"]
        if "players" in view:
            self._players = list(view["players"])
        fresh = []
        for event in view.get("events", ()):
            index = int(event["index"])
            if index not in self._seen_events:
                self._seen_events.add(index)
                fresh.append(GameEvent.from_wire(event))
        self.cursor = max(self.cursor, int(view.get("cursor", self.cursor)))
        deadlines: Mapping[str, float] = clock.get("deadlines") or {}
        decisions = tuple(DecisionRequest.from_wire(d, deadlines.get(str(d["id"])))
                          for d in view.get("decisions", ()))
        new = tuple(d for d in decisions if d.id not in self._shown_decisions)
        self._shown_decisions.update(d.id for d in new)
        vote = clock.get("vote")
        outcome = view.get("outcome")
        you = self._you or {"name": view.get("seat", ""), "role": "", "alive": True}
        return Observation(
            edition=str(view.get("edition", "")), seat=str(view.get("seat", "")),
            phase=str(view.get("phase", "")), you=You.from_wire(you),
            players=tuple(PlayerInfo.from_wire(p) for p in self._players),
            events=tuple(fresh), decisions=decisions, new_decisions=new,
            channels=tuple(view.get("channels", ())),
            channel_limits=dict(view.get("channel_limits", {})),
            over=bool(view.get("over", False)),
            outcome=Outcome.from_wire(outcome) if outcome else None,
            cursor=self.cursor, now=clock.get("now"),
            phase_deadline=clock.get("phase_deadline"),
            vote=VoteStatus.from_wire(vote) if vote else None, raw=dict(view))
