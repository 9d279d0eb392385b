"""Small additions to the API that the web client needs: a QR code of the join link, the
post-game reveal timeline, and "play again with the same people".

`router` holds their routes (server/app.py includes it with the others of server/routes/).
Nothing here changes how a game is played; the reveal is only given once the game is over,
exactly like the record.
"""

from __future__ import annotations

import io
import secrets
import time
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import Response

from ..core import STORYTELLER, Game
from ..core.events import Event
from ..core.record import replay
from ..core.view import visible_events
from ..editions import get_edition
from .live import (
    FINISHED,
    LOBBY,
    MODERATOR,
    PLAYER,
    SPECTATOR,
    LiveGame,
    Participant,
    ServerError,
    hash_token,
    new_token,
)
from .models import Joined
from .protocol import RematchInfo, Reveal
from .routes.lobby import unused_code
from .routes.shared import HubDep, bearer_token, link
from .storage import GameRow

router = APIRouter()


def reveal(live: LiveGame) -> dict[str, Any]:
    """Every role, every event and every answer of a finished game, in order.

    The record is replayed (core.record.replay) and each answer noted as it is replayed, so
    that it can be placed among the events it caused (the log itself does not say in which
    phase it was given)."""
    if live.status != FINISHED or live.game is None:
        raise ServerError(409, "not-finished", "the reveal is shown when the game is over")
    answers: list[dict[str, Any]] = []
    lates: list[_LateBallots] = []

    def note(game: Game, entry: dict[str, Any]) -> None:
        timeout = bool(entry.get("timeout"))
        asked = game.open[entry["id"]]
        answered = {"kind": "Answered", "at": len(game.events), "phase": asked.phase,
                    "seat": entry["seat"], "decision": entry["decision"],
                    "answer": entry["answer"], "auto": bool(entry.get("auto")),
                    "timeout": timeout}
        if asked.seat == STORYTELLER:
            # the storyteller's choices are told with why: the suggestion, its reason, the
            # truth beside it (a false information shows here, and why it was given)
            answered.update({k: v for k, v in asked.as_dict_for_storyteller().items()
                             if k in ("about", "suggestion", "truth", "reason")})
        answers.append(answered)
        if timeout:  # before the answer: it may be the one that has the vote counted
            lates[0].missed(entry["seat"], entry["decision"])

    game = replay(live.game.record(), get_edition,
                  before=lambda game: lates.append(_LateBallots(game)), on_answer=note)
    late = lates[0]
    events = late.mark(visible_events(game, "storyteller"))
    timeline: list[dict[str, Any]] = []
    queue = list(answers)
    for event in events:
        while queue and queue[0]["at"] <= event["index"]:
            timeline.append(queue.pop(0))
        timeline.append(event)
    timeline.extend(queue)
    players = [{"name": p.name, "role": p.role, "team": p.team, "alive": p.alive,
                "markers": sorted(p.markers)} for p in game.players]
    outcome = game.outcome
    grimoire = game.edition.grimoire(game)
    return {
        "edition": game.edition.id,
        "players": players,
        **({"grimoire": grimoire} if grimoire is not None else {}),
        "timeline": timeline,
        "outcome": None if outcome is None else {
            "winner": outcome.winner, "winners": list(outcome.winners),
            "reason": outcome.reason},
    }


class _LateBallots:
    """Which cast votes were the clock's, not the voter's: a day's vote that timed out is
    told as "did not answer in time", not as an abstention. Each of the edition's day votes
    gives its voter exactly one VoteCast once the vote is counted, so a voter's timed-out
    ballot is the next VoteCast in their name."""

    def __init__(self, game: Game) -> None:
        self.day_votes = game.edition.day_votes
        self.pending: dict[str, int] = {}
        self.late: set[int] = set()
        game.subscribe(self._seen)

    def missed(self, seat: str, decision: str) -> None:
        if decision in self.day_votes:
            self.pending[seat] = self.pending.get(seat, 0) + 1

    def _seen(self, event: Event) -> None:
        seat = event.data.get("player")
        if event.kind == "VoteCast" and self.pending.get(seat, 0) > 0:
            self.pending[seat] -= 1
            self.late.add(event.index)

    def mark(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for event in events:
            if event["index"] in self.late:
                event["timeout"] = True
        return events


@router.get("/api/games/{code}/qr.svg", include_in_schema=True)
async def qr(code: str, request: Request, hub: HubDep) -> Response:
    """The game's join link as a QR code (SVG), for phones at the table."""
    import segno

    live = await hub.get(code)
    target = link(request, live.code)
    out = io.BytesIO()
    segno.make(target, error="m").save(out, kind="svg", scale=6, border=2, dark="#1b1b2f",
                                       light="#ffffff", xmldecl=False, omitsize=True)
    return Response(out.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


@router.get("/api/games/{code}/reveal", response_model=Reveal, response_model_exclude_unset=True)
async def game_reveal(code: str, hub: HubDep,
                      authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """The finished game in full: every card, every event and every answer, in order."""
    live = await hub.get(code)
    live.authenticate(bearer_token(authorization))
    return reveal(live)


@router.get("/api/games/{code}/rematch",
            response_model=RematchInfo, response_model_exclude_unset=True)
async def rematch_info(code: str, hub: HubDep) -> dict[str, Any]:
    """The code of the next game with the same people, once someone has opened it."""
    live = await hub.get(code)
    return {"code": live.state.get("rematch")}


@router.post("/api/games/{code}/rematch", status_code=201)
async def rematch(code: str, request: Request, hub: HubDep,
                  authorization: Annotated[str | None, Header()] = None) -> Joined:
    """Play again with the same people: the first to ask opens a new lobby with the same
    settings and the same bots, and becomes its host; everyone after joins it in the
    same place (seat, moderator's chair or spectator's place) they had."""
    old = await hub.get(code)
    who = old.authenticate(bearer_token(authorization))
    if old.status != FINISHED:
        raise ServerError(409, "not-finished", "the game is not over yet")
    new_code = old.state.get("rematch")
    if new_code:
        new = await hub.get(new_code)
        kind = who.kind
        if new.status != LOBBY or (kind == PLAYER and (
                any(s.lower() == who.name.lower() for s in new.seats)
                or len(new.seats) >= new.edition.max_players)) or (
                kind == MODERATOR and new.moderator() is not None):
            kind = SPECTATOR
        new.check_room()
        token = new_token()
        person = Participant(uuid.uuid4().hex[:12], kind, who.name, hash_token(token))
        new.add_participant(person)
        if kind == PLAYER:
            new.take_seat(who.name)
        new.dirty_participants.append(person)
        await new.save_meta()
        new.lobby_changed()
        return Joined(code=new.code, link=link(request, new.code), token=token,
                      participant=person.public())
    config = {k: v for k, v in old.config.items() if k != "roles"}
    config["seed"] = secrets.randbits(63)
    new_code = await unused_code(hub)
    token = new_token()
    person = Participant(uuid.uuid4().hex[:12], who.kind, who.name, hash_token(token))
    state: dict[str, Any] = {"host": person.id,
                             "seats": [who.name] if who.kind == PLAYER else []}
    now = time.time()
    game_id = uuid.uuid4().hex
    await hub.store.create_game(GameRow(game_id, new_code, LOBBY, old.edition.id, config,
                                        state, now))
    new = LiveGame(hub, game_id, new_code, config, state, now)
    new.add_participant(person)
    new.dirty_participants.append(person)
    for seat in old.seats:
        holder = old.seat_holder(seat)
        if holder is not None and holder.bot and seat not in new.seats:
            bot = Participant(uuid.uuid4().hex[:12], PLAYER, seat, None, bot=True)
            new.add_participant(bot)
            new.take_seat(seat)
            new.dirty_participants.append(bot)
    await new.save_meta()
    hub.games[new_code] = new
    old.state["rematch"] = new_code
    await old.store.save(old.id, state=old.state)
    for connection in list(old.connections):
        connection.push({"type": "rematch", "code": new_code})
    return Joined(code=new_code, link=link(request, new_code), token=token,
                  participant=person.public())
