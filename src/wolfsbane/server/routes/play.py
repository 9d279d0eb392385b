"""Playing by HTTP: answering, speaking, and the host's and the moderator's controls (the
clock, and the seats the moderator takes over)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header

from ..live import MODERATOR, RUNNING, LiveGame, Op, Participant, ServerError
from ..models import AnswerIn, Extend, SayIn, SeatIn, TurnIn
from ..protocol import Controlled, Ok
from .shared import HubDep, authed, require_host_or_moderator

router = APIRouter()


@router.post("/api/games/{code}/answer", response_model=Ok, response_model_exclude_unset=True)
async def answer(code: str, body: AnswerIn, hub: HubDep,
                 authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Answer one of your open decisions (the moderator: a storyteller's decision, or one
    of a seat it has taken over)."""
    live, who = await authed(hub, code, authorization)
    result: dict[str, Any] = await live.submit(
        Op("answer", who, decision=body.decision, value=body.answer, seat=body.seat,
           lock=body.lock))
    return result


@router.post("/api/games/{code}/say", response_model=Ok, response_model_exclude_unset=True)
async def say(code: str, body: SayIn, hub: HubDep,
              authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Post a message on a channel you may speak on now."""
    live, who = await authed(hub, code, authorization)
    result: dict[str, Any] = await live.submit(
        Op("say", who, channel=body.channel, message=body.message, seat=body.seat))
    return result


@router.post("/api/games/{code}/turn", response_model=Ok, response_model_exclude_unset=True)
async def turn(code: str, body: TurnIn, hub: HubDep,
               authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Turn-based talk: `skip` your turn, or `over` (nothing more to say today)."""
    live, who = await authed(hub, code, authorization)
    result: dict[str, Any] = await live.submit(Op("turn", who, value=body.action,
                                                  seat=body.seat))
    return result


@router.post("/api/games/{code}/pause", response_model=Ok, response_model_exclude_unset=True)
async def pause(code: str, hub: HubDep,
                authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    live, who = await authed(hub, code, authorization)
    require_host_or_moderator(live, who)
    await live.control("pause")
    return {"ok": True}


@router.post("/api/games/{code}/resume", response_model=Ok, response_model_exclude_unset=True)
async def resume(code: str, hub: HubDep,
                 authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    live, who = await authed(hub, code, authorization)
    require_host_or_moderator(live, who)
    await live.control("resume")
    return {"ok": True}


@router.post("/api/games/{code}/undo", response_model=Ok, response_model_exclude_unset=True)
async def undo(code: str, hub: HubDep,
               authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """The storyteller: take back your last answer, while nobody has played since."""
    live, who = await authed(hub, code, authorization)
    result: dict[str, Any] = await live.submit(Op("undo", who))
    return result


@router.post("/api/games/{code}/extend", response_model=Ok, response_model_exclude_unset=True)
async def extend(code: str, body: Extend, hub: HubDep,
                 authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Host or moderator: more time for the phase (and every running question), or for one
    decision."""
    live, who = await authed(hub, code, authorization)
    require_host_or_moderator(live, who)
    if body.decision is not None and who.kind != MODERATOR:
        raise ServerError(403, "not-moderator", "only the moderator extends one decision")
    await live.control("extend", seconds=body.seconds, decision=body.decision)
    return {"ok": True}


@router.post("/api/games/{code}/takeover",
             response_model=Controlled, response_model_exclude_unset=True)
async def takeover(code: str, body: SeatIn, hub: HubDep,
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Moderator: answer and speak for a seat until handing it back."""
    live, who = await authed(hub, code, authorization)
    return await _control_seat(live, who, body.seat, True)


@router.post("/api/games/{code}/handback",
             response_model=Controlled, response_model_exclude_unset=True)
async def handback(code: str, body: SeatIn, hub: HubDep,
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Moderator: give a taken-over seat back to its player (or bot)."""
    live, who = await authed(hub, code, authorization)
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
