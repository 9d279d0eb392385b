"""Live play over a WebSocket (docs/protocol.md): a hello with the token, then the game's
updates one way and answers, messages and syncs the other."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from ..fanout import CLOSE_NO_PONG, Connection
from ..live import Bucket, LiveGame, Op, Participant, ServerError
from ..models import (
    MAX_WS_MESSAGE,
    WsAnswer,
    WsHello,
    WsIn,
    WsOver,
    WsPing,
    WsPong,
    WsSay,
    WsSkip,
    WsSync,
)
from .shared import current_hub, plain_problem

router = APIRouter()

HELLO_TIMEOUT = 15.0  # seconds a new WebSocket has to say hello
CLOSE_UNSUPPORTED = 1003  # a binary WebSocket frame: only JSON text is spoken here
MESSAGE_RATE, MESSAGE_BURST = 20.0, 40  # messages a second per socket, and the burst


class BinaryFrame(Exception):
    """A client sent a binary WebSocket frame."""


@router.websocket("/ws/{code}")
async def socket(websocket: WebSocket, code: str) -> None:
    await websocket.accept()

    async def refuse(code_: int, error: str, detail: str) -> None:
        with contextlib.suppress(Exception):
            await websocket.send_text(json.dumps({"type": "error", "error": error,
                                                  "detail": detail}))
            await websocket.close(code_)

    try:
        live = await current_hub(websocket).get(code)
    except ServerError as error:
        await refuse(4404, error.code, error.detail)
        return
    try:
        raw = await asyncio.wait_for(_receive_text(websocket), timeout=HELLO_TIMEOUT)
        if len(raw) > MAX_WS_MESSAGE:
            raise ValueError("too large")
        hello = WsHello.model_validate_json(raw)
        who = live.authenticate(hello.token)
    except ServerError as error:
        await refuse(4401, error.code, error.detail)
        return
    except BinaryFrame:
        await refuse(CLOSE_UNSUPPORTED, "binary", "messages are JSON text, not binary")
        return
    except (TimeoutError, ValueError, ValidationError, RecursionError):
        await refuse(4400, "hello", "the first message must be "
                     '{"type": "hello", "token": ..., "cursor": ...}')
        return
    except (WebSocketDisconnect, RuntimeError):
        return
    connection = Connection(who, hello.cursor, websocket.send_text, websocket.close)
    live.attach(connection, hello.cursor)
    if live.game is None:
        live.lobby_changed()
    bucket = Bucket(rate=MESSAGE_RATE, capacity=MESSAGE_BURST)
    pinger = (asyncio.get_running_loop().create_task(_liveness(live, connection, hello.ping))
              if hello.ping else None)
    try:
        while not connection.closed:
            raw = await _receive_text(websocket)
            await _ws_message(live, who, connection, raw, bucket)
    except BinaryFrame:
        connection.push({"type": "error", "error": "binary",
                         "detail": "messages are JSON text, not binary"})
        live.detach(connection, CLOSE_UNSUPPORTED)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        if pinger is not None:
            pinger.cancel()
        live.detach(connection)
        await connection.finished()


async def _liveness(live: LiveGame, connection: Connection, every: float) -> None:
    """The liveness probe a hello asked for: a `ping` every `every` seconds, each to be
    answered (`pong` with its id) before the next; one left unanswered closes the socket
    (CLOSE_NO_PONG), so the seat shows as not connected and its agent can reconnect."""
    number = 0
    while not connection.closed:
        number += 1
        connection.pings.add(number)
        connection.push({"type": "ping", "id": number, "deadline": time.time() + every})
        await asyncio.sleep(every)
        if number in connection.pings and not connection.closed:
            connection.push({"type": "closed", "reason": "no answer to the liveness ping"})
            live.detach(connection, CLOSE_NO_PONG)
            live.lobby_changed() if live.game is None else live.submit(Op("tick"))
            return


async def _ws_message(live: LiveGame, who: Participant, connection: Connection,
                      raw: str, bucket: Bucket) -> None:
    if not bucket.take():
        connection.push({"type": "error", "error": "rate-limited",
                         "detail": "too many messages; slow down"})
        return
    if len(raw) > MAX_WS_MESSAGE:
        connection.push({"type": "error", "error": "too-large",
                         "detail": f"a message may be at most {MAX_WS_MESSAGE} characters"})
        return
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        connection.push({"type": "error", "error": "malformed",
                         "detail": "the message is not JSON (or is nested too deeply)"})
        return
    ref = data.get("ref") if isinstance(data, dict) else None
    if not isinstance(ref, (str, int)) or isinstance(ref, bool) or len(str(ref)) > 64:
        ref = None
    try:
        message = WsIn.model_validate({"msg": data}).msg
    except RecursionError:
        connection.push({"type": "error", "error": "malformed", "ref": ref,
                         "detail": "the message is nested too deeply"})
        return
    except ValidationError as error:
        problems = " ".join(dict.fromkeys(plain_problem(e) for e in error.errors()[:5]))
        connection.push({"type": "error", "error": "invalid", "ref": ref,
                         "detail": problems})
        return
    if not who.active or who.bot:
        connection.push({"type": "error", "error": "unauthorised", "ref": ref,
                         "detail": "this token holds no place in this game"})
        connection.shut(4403)
        return
    if isinstance(message, WsPing):
        connection.push({"type": "pong", "ref": ref, "now": time.time()})
        return
    if isinstance(message, WsHello):
        connection.push({"type": "error", "error": "hello", "ref": ref,
                         "detail": "already said hello"})
        return
    if isinstance(message, WsSync):
        live.sync(connection, message.cursor)
        return
    if isinstance(message, WsPong):
        connection.pings.discard(message.id)
        return
    if isinstance(message, (WsSkip, WsOver)):
        op = Op("turn", who, value=message.type)
    elif isinstance(message, WsAnswer):
        op = Op("answer", who, decision=message.decision, value=message.answer,
                seat=message.seat, lock=message.lock)
    else:
        assert isinstance(message, WsSay)
        op = Op("say", who, channel=message.channel, message=message.message,
                seat=message.seat)
    future = live.submit(op)
    future.add_done_callback(lambda f: _reply(connection, f, ref))


def _reply(connection: Connection, future: asyncio.Future[dict[str, Any]], ref: Any) -> None:
    error = future.exception()
    if error is None:
        connection.push({"type": "ack", "ref": ref})
    elif isinstance(error, ServerError):
        connection.push({"type": "error", "ref": ref, **error.as_dict()})
    else:
        connection.push({"type": "error", "ref": ref, "error": "server",
                         "detail": "the server could not do this"})


async def _receive_text(websocket: WebSocket) -> str:
    """The next text frame; a binary frame raises BinaryFrame (closed with 1003)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise BinaryFrame
    result: str = text
    return result
