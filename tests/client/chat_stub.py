"""A small OpenAI-compatible chat server for the tests: scripted replies, every request kept.

Each request to `POST /v1/chat/completions` takes the next reply of the script (the last one
repeats): `{"content": TEXT}` answers it; `{"sleep": S, "content": TEXT}` answers after S
seconds (a timeout for a client that waits less); `{"status": N}` fails with that status.
A reply's content may be a callable of the request's messages, for replies that depend on
the question (a legal choice of this decision).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from tests.server.helpers import free_port

Script = list[dict[str, Any]]


class ChatStub:
    def __init__(self) -> None:
        self.script: Script = [{"content": "{}"}]
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.port = free_port()
        self.app = FastAPI()
        self.app.post("/v1/chat/completions")(self._complete)
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _next(self) -> dict[str, Any]:
        with self._lock:
            return self.script.pop(0) if len(self.script) > 1 else self.script[0]

    async def _complete(self, request: Request) -> Any:
        import asyncio

        body = await request.json()
        self.requests.append(body)
        self.headers.append(dict(request.headers))
        step = self._next()
        if "sleep" in step:
            await asyncio.sleep(step["sleep"])
        if "status" in step:
            return JSONResponse({"error": {"message": "scripted failure"}},
                                status_code=step["status"])
        content = step["content"]
        if callable(content):
            content = content(body["messages"])
        return {"id": "stub", "object": "chat.completion", "created": int(time.time()),
                "model": body.get("model"),
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": content}}]}


@contextmanager
def chat_stub() -> Iterator[ChatStub]:
    stub = ChatStub()
    config = uvicorn.Config(stub.app, host="127.0.0.1", port=stub.port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started and time.time() < deadline:
        time.sleep(0.02)
    try:
        yield stub
    finally:
        server.should_exit = True
        thread.join(10)


Reply = Callable[[list[dict[str, str]]], str]
