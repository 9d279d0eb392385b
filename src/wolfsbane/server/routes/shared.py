"""What every router of the API shares: the hub of live games, the authorisation of a token,
the host's and the moderator's rights, the rate limit on creating games, and the error
handlers that give every error the documented shape (docs/protocol.md)."""

from __future__ import annotations

import os
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from ..live import MODERATOR, Bucket, Hub, LiveGame, Participant, ServerError

# games created per minute by one client address, and the burst (the operator may change the
# rate with WOLFSBANE_CREATE_PER_MINUTE, e.g. behind a proxy that shows every client as one)
CREATE_PER_MINUTE = 20.0
CREATE_BURST = 20
CREATE_ADDRESSES_KEPT = 10_000  # client addresses remembered before full buckets are forgotten

# the `error` code of the errors FastAPI and Starlette raise themselves
HTTP_ERROR_CODES = {400: "malformed", 401: "unauthorised", 403: "forbidden", 404: "not-found",
                    405: "method-not-allowed", 413: "too-large", 422: "invalid",
                    429: "rate-limited"}


# -- the application's shared state (set by create_app) -------------------------------------

def current_hub(connection: HTTPConnection) -> Hub:
    """The live games of this server (for an HTTP request as for a WebSocket)."""
    hub: Hub = connection.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(current_hub)]


def link(request: Request, code: str) -> str:
    """The join link of a game, on the server's public address when one is configured."""
    base = request.app.state.public_url or str(request.base_url).rstrip("/")
    return f"{base}/?join={code}"


# -- who is asking ----------------------------------------------------------------------------

def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer ...` header, or None."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


async def authed(hub: Hub, code: str,
                 authorization: str | None) -> tuple[LiveGame, Participant]:
    """The game of this code and the participant whose token the request carries (401 when
    the token holds no place in it). Called inside each handler, after the body is checked,
    so that an invalid body is refused as such whoever sends it."""
    live = await hub.get(code)
    return live, live.authenticate(bearer_token(authorization))


def require_host(live: LiveGame, who: Participant) -> None:
    if live.state.get("host") != who.id:
        raise ServerError(403, "not-host", "only the host may do this")


def require_host_or_moderator(live: LiveGame, who: Participant) -> None:
    if who.kind != MODERATOR and live.state.get("host") != who.id:
        raise ServerError(403, "not-host", "only the host or the moderator may do this")


# -- rate limits ------------------------------------------------------------------------------

class CreationLimit:
    """Game creation is rate-limited per client address; full buckets are forgotten."""

    def __init__(self, per_minute: float | None = None) -> None:
        if per_minute is None:
            per_minute = float(os.environ.get("WOLFSBANE_CREATE_PER_MINUTE", CREATE_PER_MINUTE))
        self.rate = per_minute / 60
        self.buckets: dict[str, Bucket] = {}

    def check(self, request: Request) -> None:
        buckets = self.buckets
        if len(buckets) > CREATE_ADDRESSES_KEPT:
            for address in [a for a, b in buckets.items() if b.full()]:
                del buckets[address]
        address = request.client.host if request.client else ""
        bucket = buckets.get(address)
        if bucket is None:
            bucket = buckets[address] = Bucket(self.rate, CREATE_BURST)
        if not bucket.take():
            raise ServerError(429, "rate-limited",
                              "too many games created from here; wait a minute")


def limit_creation(request: Request) -> None:
    limit: CreationLimit = request.app.state.creation_limit
    limit.check(request)


# -- errors -----------------------------------------------------------------------------------

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


def install_error_handlers(app: FastAPI) -> None:
    """Every error in the documented shape `{error, detail}`: ours, the framework's, a
    request that does not validate, and a crash (which tells nothing of its cause)."""

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
