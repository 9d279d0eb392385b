"""The HTTP and WebSocket API (FastAPI). See docs/protocol.md; the schema is at /docs."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import re
import secrets
import time
import unicodedata
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..core import STORYTELLER, SetupError
from ..core.catalog import resolve_options
from ..core.edition import Edition, deck_for, table_sizes
from ..editions import EDITIONS, get_edition
from .live import (
    DEFAULT_TIMERS,
    FINISHED,
    LOBBY,
    MODERATOR,
    PLAYER,
    RUNNING,
    Bucket,
    Connection,
    Hub,
    LiveGame,
    Op,
    Participant,
    ServerError,
    hash_token,
    new_token,
)
from .models import (
    MAX_BODY,
    MAX_WS_MESSAGE,
    AddBots,
    AnswerIn,
    CreateGame,
    Extend,
    HandHost,
    Join,
    Joined,
    PickSeat,
    SayIn,
    SeatIn,
    ShowBots,
    WsAnswer,
    WsHello,
    WsIn,
    WsPing,
    WsSay,
    WsSync,
)
from .storage import GameRow, Store

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

# games created per minute by one client address, and the burst (the operator may change the
# rate with WOLFSBANE_CREATE_PER_MINUTE, e.g. behind a proxy that shows every client as one)
CREATE_PER_MINUTE = 20.0
CREATE_BURST = 20
HELLO_TIMEOUT = 15.0  # seconds a new WebSocket has to say hello
CLOSE_UNSUPPORTED = 1003  # a binary WebSocket frame: only JSON text is spoken here

# the `error` code of the errors FastAPI and Starlette raise themselves
HTTP_ERROR_CODES = {400: "malformed", 401: "unauthorised", 403: "forbidden", 404: "not-found",
                    405: "method-not-allowed", 413: "too-large", 422: "invalid",
                    429: "rate-limited"}
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


class BinaryFrame(Exception):
    """A client sent a binary WebSocket frame."""


def _token(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


NAME_LENGTH = 24
NAME_PUNCTUATION = " -'."
# words the game itself shows where a name would stand
RESERVED_NAMES = frozenset({STORYTELLER, "everyone", "nobody", "someone", "moderator",
                            "narrator", "you"})
BOT_LIKE = re.compile(r"bot\s*\d*", re.IGNORECASE)


def name_problem(name: str, *, bot: bool = False) -> str | None:
    """Why `name` (trimmed) cannot sit at the table, in a sentence for the person; None if it
    can. Names like "Bot 2" are kept from people, who would pass for one of the server's
    bots."""
    if not name:
        return "Please type a name."
    if len(name) > NAME_LENGTH:
        return f"A name may be at most {NAME_LENGTH} characters long; this one has {len(name)}."
    if not all(ch.isalnum() or ch in NAME_PUNCTUATION for ch in name):
        return "Names may use letters, digits, spaces and - ' . only."
    if not any(ch.isalpha() for ch in name):
        return "A name needs at least one letter."
    if name.casefold() in RESERVED_NAMES:
        return f"The game itself uses the word \u201c{name}\u201d; please choose another name."
    if not bot and BOT_LIKE.fullmatch(name):
        return "Names like \u201cBot 2\u201d would look like a bot's; please choose another name."
    return None


def _check_name(name: str, *, bot: bool = False) -> str:
    """The name to store (trimmed, spaces collapsed, composed), or a 422 that says why not."""
    clean = " ".join(unicodedata.normalize("NFC", name).split())
    problem = name_problem(clean, bot=bot)
    if problem is not None:
        raise ServerError(422, "bad-name", problem)
    return clean


# What a refused field is called, for a person (the rest: the field's own name in words).
FIELD_NAMES = {"name": "The name", "as": "The part you take", "count": "The number of bots",
               "seconds": "The number of seconds", "position": "The seat number",
               "message": "The message", "answer": "The answer", "edition": "The edition",
               "timers": "The timers", "options": "The options", "seed": "The seed"}


def plain_problem(error: dict[str, Any]) -> str:
    """One of pydantic's validation errors as a sentence a person understands."""
    where = [str(p) for p in error.get("loc", ()) if isinstance(p, str) and p != "body"]
    field = where[-1] if where else ""
    subject = FIELD_NAMES.get(field) or (
        f"The {field.replace('_', ' ').replace('-', ' ')}" if field else "The request")
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind == "missing":
        problem = "is missing"
    elif kind == "string_too_short":
        least = ctx.get("min_length", 1)
        problem = "must not be empty" if least == 1 else f"needs at least {least} characters"
    elif kind == "string_too_long":
        problem = f"may have at most {ctx.get('max_length')} characters"
    elif kind in ("greater_than_equal", "greater_than"):
        problem = f"must be at least {ctx.get('ge', ctx.get('gt'))}"
    elif kind in ("less_than_equal", "less_than"):
        problem = f"must be at most {ctx.get('le', ctx.get('lt'))}"
    elif kind.startswith("int_") or kind.startswith("float_"):
        problem = "must be a number"
    elif kind.startswith("bool_"):
        problem = "must be yes or no"
    elif kind.startswith("string_"):
        problem = "must be a text"
    elif kind in ("literal_error", "enum"):
        expected = str(ctx.get("expected", "")).replace("'", "")
        problem = f"must be {expected}" if expected else "is not one of the choices"
    elif kind == "json_invalid":
        return "The request is not valid JSON."
    else:
        problem = "is not in the expected form"
    return f"{subject} {problem}."


def _timers(mode: str, given: dict[str, Any]) -> dict[str, float]:
    timers = dict(DEFAULT_TIMERS[mode])
    timers.update({k: float(v) for k, v in given.items() if v is not None})
    return timers


def _check_cards(edition: Edition, options: dict[str, Any], preset: str | None,
                 deck: list[str] | None) -> None:
    """Refuse a preset or a deck that no table of this edition could be dealt."""
    if not preset and not deck:
        return
    if table_sizes(edition, options, preset, deck):
        return
    try:  # the reason, as the largest table would hear it
        edition.check_deck(edition.max_players,
                           deck_for(edition, edition.max_players, options, preset, deck),
                           options)
    except SetupError as error:
        raise ServerError(422, "setup", str(error)) from None
    raise ServerError(422, "setup", "these cards cannot be dealt to any table")


def _editions() -> list[dict[str, Any]]:
    out = []
    for edition in EDITIONS.values():
        out.append({
            "id": edition.id,
            "name": edition.name,
            "summary": edition.summary,
            "players": [edition.min_players, edition.max_players],
            "presets": list(edition.presets),
            "preset_words": dict(edition.preset_words),
            "phase_kinds": dict(edition.phase_kinds),
            "deck_words": edition.deck_words,
            "roles": [role.as_dict() for role in edition.roles.values()],
            "options": {k: o.schema(edition.roles) for k, o in edition.options.items()},
            "channels": [c.name for c in edition.channels],
            "night_order": {kind: [turn.as_dict() for turn in turns]
                            for kind, turns in edition.night_order.items()},
            "bot_names": list(edition.bot_names),
            # the words the web client says everything in (the terminal uses the same)
            "messages": edition.messages(),
        })
        compositions = edition.compositions()
        if compositions:
            out[-1]["compositions"] = compositions
    return out


def create_app(db_url: str, *, public_url: str = "", quiet: bool = False) -> FastAPI:
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url)
        await asyncio.get_running_loop().run_in_executor(None, store.open)
        hub = Hub(store)
        state["store"] = store
        state["hub"] = hub
        loaded = await hub.load_running()
        hub.start_housekeeping()
        # fewer, larger garbage collections: a live server holds many long-lived objects
        # (games, sockets) that each full collection would walk again
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 20)
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
        version="1",
        lifespan=lifespan,
    )

    def hub() -> Hub:
        result: Hub = state["hub"]
        return result

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, error: ServerError) -> JSONResponse:
        return JSONResponse(error.as_dict(), status_code=error.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        """FastAPI's and Starlette's own errors (no such path, wrong method, a body that
        cannot be parsed) in the documented shape."""
        code = HTTP_ERROR_CODES.get(error.status_code, "error")
        detail = error.detail if isinstance(error.detail, str) else code
        return JSONResponse({"error": code, "detail": detail}, status_code=error.status_code,
                            headers=getattr(error, "headers", None))

    @app.exception_handler(Exception)
    async def _crash(request: Request, error: Exception) -> JSONResponse:
        return JSONResponse({"error": "server", "detail": "the server could not do this"},
                            status_code=500)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        # pydantic's own words ("String should have at least 1 character") never reach a
        # person: each problem is told in a sentence of ours
        sentences = list(dict.fromkeys(plain_problem(e) for e in error.errors()[:10]))
        return JSONResponse({"error": "invalid", "detail": " ".join(sentences[:3])},
                            status_code=422)

    def link(request: Request, code: str) -> str:
        base = public_url or str(request.base_url).rstrip("/")
        return f"{base}/?join={code}"

    async def authed(code: str, authorization: str | None) -> tuple[LiveGame, Participant]:
        live = await hub().get(code)
        return live, live.authenticate(_token(authorization))

    def require_host(live: LiveGame, who: Participant) -> None:
        if live.state.get("host") != who.id:
            raise ServerError(403, "not-host", "only the host may do this")

    def require_host_or_moderator(live: LiveGame, who: Participant) -> None:
        if who.kind != MODERATOR and live.state.get("host") != who.id:
            raise ServerError(403, "not-host", "only the host or the moderator may do this")

    # -- reading ---------------------------------------------------------------------------

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Liveness, the games in memory, and how fast answers are stored and told."""
        return {"ok": True, "games": len(hub().games), "answers": hub().metrics.summary()}

    @app.get("/api/editions")
    async def editions() -> list[dict[str, Any]]:
        """Every edition this server runs: roles, presets, options, channels."""
        return _editions()

    @app.get("/api/games/{code}")
    async def game_info(code: str, authorization: Annotated[str | None, Header()] = None,
                        ) -> dict[str, Any]:
        """What anyone holding the code may see: the lobby, the seats, the settings (with a
        token: which seats are bots, if its holder may know)."""
        live = await hub().get(code)
        viewer = None
        if _token(authorization):
            with contextlib.suppress(ServerError):
                viewer = live.authenticate(_token(authorization))
        return live.public_info(viewer)

    @app.get("/api/games/{code}/me")
    async def me(code: str, authorization: Annotated[str | None, Header()] = None,
                 ) -> dict[str, Any]:
        live, who = await authed(code, authorization)
        return {**who.public(), "host": live.state.get("host") == who.id}

    @app.get("/api/games/{code}/view")
    async def game_view(code: str, since: int = 0,
                        authorization: Annotated[str | None, Header()] = None,
                        ) -> dict[str, Any]:
        """Your view (core.view) from event `since` on, with your clocks."""
        live, who = await authed(code, authorization)
        if live.game is None:
            return {"type": "lobby", "game": live.public_info(who)}
        return live.message_for(who, max(0, since), "snapshot")

    @app.get("/api/games/{code}/record")
    async def record(code: str, authorization: Annotated[str | None, Header()] = None,
                     ) -> dict[str, Any]:
        """The finished game's record, for `wolfsbane replay`."""
        live, who = await authed(code, authorization)
        if live.status != FINISHED or live.game is None:
            raise ServerError(409, "not-finished", "the record is shown when the game is over")
        return live.game.record()

    # -- the lobby -------------------------------------------------------------------------

    create_rate = float(os.environ.get("WOLFSBANE_CREATE_PER_MINUTE", CREATE_PER_MINUTE))
    create_buckets: dict[str, Bucket] = {}

    def limit_creation(request: Request) -> None:
        """Game creation is rate-limited per client address; full buckets are forgotten."""
        if len(create_buckets) > 10_000:
            for address in [a for a, b in create_buckets.items() if b.full()]:
                del create_buckets[address]
        address = request.client.host if request.client else ""
        bucket = create_buckets.get(address)
        if bucket is None:
            bucket = create_buckets[address] = Bucket(create_rate / 60, CREATE_BURST)
        if not bucket.take():
            raise ServerError(429, "rate-limited",
                              "too many games created from here; wait a minute")

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, request: Request) -> Joined:
        """Create a game; you become its host (and take a seat, moderate or watch)."""
        limit_creation(request)
        try:
            edition = get_edition(body.edition)
            options = resolve_options(edition.options, body.options, edition.roles)
            for role_id in body.deck or ():
                edition.role(role_id)
        except SetupError as error:
            raise ServerError(422, "setup", str(error)) from None
        if body.preset and not edition.presets:
            raise ServerError(422, "setup", f"{edition.name} has no presets")
        _check_cards(edition, options, body.preset, list(body.deck) if body.deck else None)
        if body.as_ == MODERATOR and not body.moderated:
            raise ServerError(422, "setup", "only a moderated game has a moderator")
        name = _check_name(body.name)
        config: dict[str, Any] = {
            "show_bots": True,
            "edition": edition.id,
            "preset": body.preset,
            "deck": list(body.deck) if body.deck else None,
            "options": options,
            "timers": _timers(body.mode, body.timers.model_dump()),
            "mode": body.mode,
            "moderated": body.moderated,
            "storyteller": "manual" if body.moderated else "auto",
            "seed": body.seed if body.seed is not None else secrets.randbits(63),
        }
        game_id = uuid.uuid4().hex
        code = ""
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            if code not in hub().games and await hub().store.find_code(code) is None:
                break
        token = new_token()
        who = Participant(uuid.uuid4().hex[:12], body.as_, name, hash_token(token))
        state = {"host": who.id, "seats": [name] if body.as_ == PLAYER else []}
        now = time.time()
        await hub().store.create_game(GameRow(game_id, code, LOBBY, edition.id, config, state,
                                              now))
        live = LiveGame(hub(), game_id, code, config, state, now)
        live.add_participant(who)
        live.dirty_participants.append(who)
        await live.save_meta()
        hub().games[code] = live
        return Joined(code=code, link=link(request, code), token=token,
                      participant=who.public())

    @app.post("/api/games/{code}/join", status_code=201)
    async def join(code: str, body: Join, request: Request) -> Joined:
        """Take a seat (before the start), the moderator's chair, or a spectator's place."""
        live = await hub().get(code)
        name = _check_name(body.name)
        if body.as_ == PLAYER:
            if live.status != LOBBY:
                raise ServerError(409, "started", "the game has started; join as a spectator")
            clash = next((s for s in live.seats if s.lower() == name.lower()), None)
            holder = live.seat_holder(clash) if clash is not None else None
            if clash is not None and not (holder and holder.bot):
                raise ServerError(409, "name-taken", f"{name} is already at the table")
            if holder is not None:  # a bot sits under this name: it takes another one
                live.rename_bot(holder, live.next_bot_name(also_taken=name))
            if len(live.seats) >= live.edition.max_players:
                raise ServerError(409, "full", "the table is full")
        elif body.as_ == MODERATOR:
            if not live.config["moderated"]:
                raise ServerError(409, "not-moderated", "this game has no moderator")
            if live.moderator() is not None:
                raise ServerError(409, "taken", "the game already has a moderator")
        elif live.status == FINISHED:
            raise ServerError(409, "over", "the game is over")
        live.check_room()
        token = new_token()
        who = Participant(uuid.uuid4().hex[:12], body.as_, name, hash_token(token))
        live.add_participant(who)
        if body.as_ == PLAYER:
            live.take_seat(name)
        live.dirty_participants.append(who)
        await live.save_meta()
        live.lobby_changed() if live.game is None else live.refresh()
        return Joined(code=live.code, link=link(request, live.code), token=token,
                      participant=who.public())

    @app.post("/api/games/{code}/bots", status_code=201)
    async def add_bots(code: str, body: AddBots,
                       authorization: Annotated[str | None, Header()] = None,
                       ) -> dict[str, Any]:
        """Host: seat bots (before the start)."""
        live, who = await authed(code, authorization)
        require_host(live, who)
        if live.status != LOBBY:
            raise ServerError(409, "started", "bots are seated before the start")
        added = []
        for _ in range(body.count):
            if len(live.seats) >= live.edition.max_players:
                raise ServerError(409, "full", "the table is full")
            name = body.name if body.name and body.count == 1 else None
            if name is not None:
                name = _check_name(name, bot=True)
                if any(s.lower() == name.lower() for s in live.seats):
                    raise ServerError(409, "name-taken", f"{name} is already at the table")
            else:
                name = live.next_bot_name()
            bot = Participant(uuid.uuid4().hex[:12], PLAYER, name, None, bot=True)
            live.add_participant(bot)
            live.take_seat(name)
            live.dirty_participants.append(bot)
            added.append(bot.public())
        await live.save_meta()
        live.lobby_changed()
        return {"added": added}

    @app.delete("/api/games/{code}/participants/{participant_id}")
    async def kick(code: str, participant_id: str,
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Host: remove a bot or a person. After the start a removed player's seat goes to a
        bot; a removed moderator's chair falls empty."""
        live, who = await authed(code, authorization)
        require_host(live, who)
        target = live.participants.get(participant_id)
        if target is None or not target.active:
            raise ServerError(404, "not-found", "no such participant")
        if target is who:
            raise ServerError(409, "self", "hand the host role on before leaving")
        if live.status == FINISHED:
            raise ServerError(409, "over", "the game is over")
        if target.kind == PLAYER and live.status == RUNNING:
            if target.bot:
                raise ServerError(409, "bot", "the seat is already played by a bot")
            if target.token_hash:
                live.by_hash.pop(target.token_hash, None)
            live.drop_participant(target)
            target.token_hash = None
            target.bot = True
            live._make_agent(target.name)
        else:
            target.active = False
            if target.token_hash:
                live.by_hash.pop(target.token_hash, None)
            if target.kind == PLAYER:
                live.leave_seat(target.name)
            live.drop_participant(target)
        live.dirty_participants.append(target)
        await live.save_meta()
        if live.game is None:
            live.lobby_changed()
        else:
            live.submit(Op("tick"))
        return {"ok": True}

    @app.post("/api/games/{code}/seat")
    async def pick_seat(code: str, body: PickSeat,
                        authorization: Annotated[str | None, Header()] = None,
                        ) -> dict[str, Any]:
        """Before the start: a player moves to another chair (an empty one, or a bot's: the
        bot moves to the chair left); the host may move any player. Another person's chair is
        refused."""
        live, who = await authed(code, authorization)
        target = who
        if body.participant is not None and body.participant != who.id:
            require_host(live, who)
            found = live.participants.get(body.participant)
            if found is None or not found.active:
                raise ServerError(404, "not-found", "no such participant")
            target = found
        moved = live.move_seat(target, body.position)
        await live.save_meta()
        live.lobby_changed()
        return {"ok": True, "position": body.position, "moved_bot": moved,
                "seats": live.public_info(who)["seats"]}

    @app.post("/api/games/{code}/show-bots")
    async def show_bots(code: str, body: ShowBots,
                        authorization: Annotated[str | None, Header()] = None,
                        ) -> dict[str, Any]:
        """Host: whether everyone sees which seats are bots (the host and the moderator always
        do)."""
        live, who = await authed(code, authorization)
        require_host(live, who)
        if live.status != LOBBY:
            raise ServerError(409, "started", "who sees the bots is chosen before the start")
        live.config["show_bots"] = body.show
        await live.save_meta()
        live.lobby_changed()
        return {"ok": True, "show_bots": body.show}

    @app.post("/api/games/{code}/host")
    async def hand_host(code: str, body: HandHost,
                        authorization: Annotated[str | None, Header()] = None,
                        ) -> dict[str, Any]:
        """Host: hand the host role to another person in the game."""
        live, who = await authed(code, authorization)
        require_host(live, who)
        target = live.participants.get(body.to)
        if target is None or not target.active or target.bot:
            raise ServerError(404, "not-found", "no such person in this game")
        live.state["host"] = target.id
        await live.save_meta()
        live.lobby_changed()
        return {"ok": True, "host": target.public()}

    @app.post("/api/games/{code}/start")
    async def start(code: str, authorization: Annotated[str | None, Header()] = None,
                    ) -> dict[str, Any]:
        """Host: deal the cards and begin."""
        live, who = await authed(code, authorization)
        require_host(live, who)
        await live.start()
        return {"ok": True, "status": live.status}

    # -- playing -----------------------------------------------------------------------------

    @app.post("/api/games/{code}/answer")
    async def answer(code: str, body: AnswerIn,
                     authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Answer one of your open decisions (the moderator: a storyteller's decision, or one
        of a seat it has taken over)."""
        live, who = await authed(code, authorization)
        result: dict[str, Any] = await live.submit(
            Op("answer", who, decision=body.decision, value=body.answer, seat=body.seat,
               lock=body.lock))
        return result

    @app.post("/api/games/{code}/say")
    async def say(code: str, body: SayIn,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Post a message on a channel you may speak on now."""
        live, who = await authed(code, authorization)
        result: dict[str, Any] = await live.submit(
            Op("say", who, channel=body.channel, message=body.message, seat=body.seat))
        return result

    @app.post("/api/games/{code}/pause")
    async def pause(code: str, authorization: Annotated[str | None, Header()] = None,
                    ) -> dict[str, Any]:
        live, who = await authed(code, authorization)
        require_host_or_moderator(live, who)
        await live.control("pause")
        return {"ok": True}

    @app.post("/api/games/{code}/resume")
    async def resume(code: str, authorization: Annotated[str | None, Header()] = None,
                     ) -> dict[str, Any]:
        live, who = await authed(code, authorization)
        require_host_or_moderator(live, who)
        await live.control("resume")
        return {"ok": True}

    @app.post("/api/games/{code}/extend")
    async def extend(code: str, body: Extend,
                     authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Host or moderator: more time for the phase (and every running question), or for one
        decision."""
        live, who = await authed(code, authorization)
        require_host_or_moderator(live, who)
        if body.decision is not None and who.kind != MODERATOR:
            raise ServerError(403, "not-moderator", "only the moderator extends one decision")
        await live.control("extend", seconds=body.seconds, decision=body.decision)
        return {"ok": True}

    @app.post("/api/games/{code}/takeover")
    async def takeover(code: str, body: SeatIn,
                       authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Moderator: answer and speak for a seat until handing it back."""
        live, who = await authed(code, authorization)
        return await _control_seat(live, who, body.seat, True)

    @app.post("/api/games/{code}/handback")
    async def handback(code: str, body: SeatIn,
                       authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Moderator: give a taken-over seat back to its player (or bot)."""
        live, who = await authed(code, authorization)
        return await _control_seat(live, who, body.seat, False)

    async def _control_seat(live: LiveGame, who: Participant, seat: str,
                            take: bool) -> dict[str, Any]:
        if who.kind != MODERATOR:
            raise ServerError(403, "not-moderator", "only the moderator may do this")
        if live.status != RUNNING:
            raise ServerError(409, "not-running", "the game is not running")
        if seat not in live.seats:
            raise ServerError(404, "not-found", f"there is no seat called {seat}")
        controlled = live.controlled
        if take:
            controlled.add(seat)
        else:
            controlled.discard(seat)
        live.state["controlled"] = sorted(controlled)
        await live.save_meta()
        live.submit(Op("tick"))
        live.refresh()
        return {"ok": True, "controlled": sorted(controlled)}

    # -- live play -----------------------------------------------------------------------------

    @app.websocket("/ws/{code}")
    async def socket(websocket: WebSocket, code: str) -> None:
        await websocket.accept()

        async def refuse(code_: int, error: str, detail: str) -> None:
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps({"type": "error", "error": error,
                                                      "detail": detail}))
                await websocket.close(code_)

        try:
            live = await hub().get(code)
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
        bucket = Bucket(rate=20, capacity=40)
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
            live.detach(connection)
            await connection.finished()

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
        if isinstance(message, WsAnswer):
            op = Op("answer", who, decision=message.decision, value=message.answer,
                    seat=message.seat, lock=message.lock)
        else:
            assert isinstance(message, WsSay)
            op = Op("say", who, channel=message.channel, message=message.message,
                    seat=message.seat)
        future = live.submit(op)
        future.add_done_callback(lambda f: _reply(connection, f, ref))

    def _reply(connection: Connection, future: asyncio.Future[dict[str, Any]],
               ref: Any) -> None:
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

    # -- the web client --------------------------------------------------------------------

    from .web_extras import install as install_web_extras

    install_web_extras(app, hub, link)

    if (WEB / "index.html").is_file():
        from fastapi.staticfiles import StaticFiles

        app.mount("/", StaticFiles(directory=str(WEB), html=True), name="web")
    else:
        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def index() -> str:
            return PLACEHOLDER

    app.add_middleware(BodyLimit)
    return app
