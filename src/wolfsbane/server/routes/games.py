"""Reading one game: what anyone with its code may see, and what a token's holder may."""

from __future__ import annotations

import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Header

from ..live import FINISHED, ServerError
from ..protocol import PROTOCOL_VERSION, GameInfo, GameMessage, Me, Record
from .shared import HubDep, authed, bearer_token

router = APIRouter()


@router.get("/api/games/{code}", response_model=GameInfo, response_model_exclude_unset=True)
async def game_info(code: str, hub: HubDep,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """What anyone holding the code may see: the lobby, the seats, the settings (with a
    token: which seats are bots, if its holder may know)."""
    live = await hub.get(code)
    viewer = None
    if bearer_token(authorization):
        with contextlib.suppress(ServerError):
            viewer = live.authenticate(bearer_token(authorization))
    return live.public_info(viewer)


@router.get("/api/games/{code}/me", response_model=Me, response_model_exclude_unset=True)
async def me(code: str, hub: HubDep,
             authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    live, who = await authed(hub, code, authorization)
    return {**who.public(), "host": live.state.get("host") == who.id}


@router.get("/api/games/{code}/view", response_model=GameMessage, response_model_exclude_unset=True)
async def game_view(code: str, hub: HubDep, since: int = 0,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Your view (core.view) from event `since` on, with your clocks."""
    live, who = await authed(hub, code, authorization)
    if live.game is None:
        return {"type": "lobby", "protocol": PROTOCOL_VERSION, "game": live.public_info(who)}
    return live.message_for(who, max(0, since), "snapshot")


@router.get("/api/games/{code}/record", response_model=Record, response_model_exclude_unset=True)
async def record(code: str, hub: HubDep,
                 authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """The finished game's record, for `wolfsbane replay`."""
    live, who = await authed(hub, code, authorization)
    if live.status != FINISHED or live.game is None:
        raise ServerError(409, "not-finished", "the record is shown when the game is over")
    out = live.game.record()
    if live.state.get("agents"):  # each agent's answers, illegal answers and timeouts
        out["agents"] = live.state["agents"]
    return out
