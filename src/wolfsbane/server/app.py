"""The HTTP and WebSocket API (FastAPI). See docs/protocol.md; the schema is at /docs."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from ..collector import settle_for_serving
from .docs_pages import install_docs
from .live import Hub
from .models import MAX_BODY
from .protocol import PROTOCOL_VERSION
from .routes import editions, games, lobby, play, scripts, socket
from .routes.editions import edition_list
from .routes.lobby import name_problem
from .routes.shared import (
    CREATE_BURST,
    CREATE_PER_MINUTE,
    CreationLimit,
    install_error_handlers,
    plain_problem,
)
from .storage import Store
from .web_extras import router as extras_router

# the names other modules and the tests have long imported from here
_editions = edition_list
__all__ = ["CREATE_BURST", "CREATE_PER_MINUTE", "ROUTERS", "BodyLimit", "create_app",
           "name_problem", "plain_problem"]

# every route of the API, by area (server/routes/__init__.py says which is where)
ROUTERS = (editions.router, games.router, lobby.router, play.router, socket.router,
           extras_router, scripts.router)
WEB = Path(__file__).resolve().parent.parent / "web"

ASGIApp = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wolfsbane</title></head>
<body><h1>wolfsbane is running</h1>
<p>The web client is not installed yet. The API is described at <a href="/docs">/docs</a>
(<a href="/openapi.json">OpenAPI schema</a>).</p></body></html>
"""


class BodyLimit:
    """Refuse any HTTP body larger than `limit` bytes, declared or streamed (chunked): the
    body is read here first, at most `limit` bytes of it, and handed on whole."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(send)
                return
        chunks: list[bytes] = []
        seen = 0
        first: dict[str, Any] | None = None
        while True:
            message = await receive()
            if message["type"] != "http.request":
                first = message  # the client went away; let the app see it
                break
            body = message.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await _too_large(send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        if first is None:
            first = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        handed = False

        async def replay() -> Any:
            nonlocal handed
            if not handed:
                handed = True
                return first
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Any) -> None:
    body = json.dumps({"error": "too-large", "detail": "the request body is too large"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})




def create_app(db_url: str, *, public_url: str = "", quiet: bool = False) -> FastAPI:
    """The application: the routers of server/routes (and the web client's extras), the
    shared error handlers, the body limit, and the web client itself at `/`."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url)
        await asyncio.get_running_loop().run_in_executor(None, store.open)
        hub = Hub(store)
        app.state.hub = hub
        loaded = await hub.load_running()
        hub.start_housekeeping()
        # fewer, larger garbage collections: a live server holds many long-lived objects
        # (games, sockets) that each full collection would walk again
        settle_for_serving()
        if not quiet:
            print(f"wolfsbane: {loaded} game(s) resumed", flush=True)
        try:
            yield
        finally:
            hub.close()
            await asyncio.get_running_loop().run_in_executor(None, store.close)

    app = FastAPI(
        title="wolfsbane",
        summary="Moderates Werewolf-family games: lobbies, seats, bots, timers, live play.",
        version=PROTOCOL_VERSION,
        lifespan=lifespan,
        # /docs and /redoc are served offline (server/docs_pages.py)
        docs_url=None,
        redoc_url=None,
    )
    app.state.public_url = public_url
    app.state.creation_limit = CreationLimit()
    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    install_docs(app, "wolfsbane")

    # -- the web client --------------------------------------------------------------------

    if (WEB / "index.html").is_file():
        from fastapi.staticfiles import StaticFiles

        app.mount("/", StaticFiles(directory=str(WEB), html=True), name="web")
    else:
        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def index() -> str:
            return PLACEHOLDER

    app.add_middleware(BodyLimit)
    return app
