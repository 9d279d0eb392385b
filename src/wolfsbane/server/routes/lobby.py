"""Before the start: creating a game, joining it, seating bots and people, handing on the
host's role, and the start itself."""

from __future__ import annotations

import math
import re
import secrets
import time
import unicodedata
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request

from ...core import STORYTELLER, SetupError
from ...core.catalog import resolve_options
from ...core.edition import Edition, deck_for, table_sizes
from ...core.night import night_needed
from ...editions import get_edition
from ..live import (
    DEFAULT_TIMERS,
    FINISHED,
    LOBBY,
    MODERATOR,
    PLAYER,
    RUNNING,
    Hub,
    LiveGame,
    Op,
    Participant,
    ServerError,
    hash_token,
    new_token,
)
from ..models import AddBots, CreateGame, HandHost, Join, Joined, PickSeat, ShowBots
from ..protocol import BotsAdded, BotsShown, HostHanded, Ok, SeatMoved, Started
from ..storage import GameRow
from .shared import HubDep, authed, limit_creation, link, require_host

router = APIRouter()

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6

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


def check_name(name: str, *, bot: bool = False) -> str:
    """The name to store (trimmed, spaces collapsed, composed), or a 422 that says why not."""
    clean = " ".join(unicodedata.normalize("NFC", name).split())
    problem = name_problem(clean, bot=bot)
    if problem is not None:
        raise ServerError(422, "bad-name", problem)
    return clean


async def unused_code(hub: Hub) -> str:
    """A game code no game in memory or in the database has."""
    code = ""
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in hub.games and await hub.store.find_code(code) is None:
            break
    return code


def _timers(mode: str, given: dict[str, Any], edition: Edition) -> dict[str, float]:
    timers = dict(DEFAULT_TIMERS[mode])
    if given.get("night") is None:
        # a night's turns each have a slot of it: the default night is long enough for
        # every turn that asks something to have half a question's time (15 s online)
        needed = night_needed(edition.night_order.values(), timers["decision"] / 2)
        timers["night"] = float(max(timers["night"], math.ceil(needed)))
    if given.get("decision") is not None and given.get("storyteller") is None:
        # a host who set the pace of a question set the moderator's too
        timers["storyteller"] = float(given["decision"])
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


@router.post("/api/games", status_code=201)
async def create(body: CreateGame, request: Request, hub: HubDep) -> Joined:
    """Create a game; you become its host (and take a seat, moderate or watch)."""
    limit_creation(request)  # once the body is valid: a refused body costs no creation
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
    if edition.storyteller_run and not body.moderated and not body.practice:
        # the publisher asks that people's games keep their human storyteller
        raise ServerError(422, "setup", f"{edition.name} is run by a storyteller: make the "
                          "game moderated, or choose a practice game (the automatic "
                          "storyteller).")
    name = check_name(body.name)
    config: dict[str, Any] = {
        "show_bots": True,
        "edition": edition.id,
        "preset": body.preset,
        "deck": list(body.deck) if body.deck else None,
        "options": options,
        "timers": _timers(body.mode, body.timers.model_dump(), edition),
        "mode": body.mode,
        "moderated": body.moderated,
        "practice": body.practice and not body.moderated,
        "storyteller": "manual" if body.moderated else "auto",
        "seed": body.seed if body.seed is not None else secrets.randbits(63),
        "talk": body.talk.model_dump(),
        "agents": body.agents.model_dump(),
    }
    game_id = uuid.uuid4().hex
    code = await unused_code(hub)
    token = new_token()
    who = Participant(uuid.uuid4().hex[:12], body.as_, name, hash_token(token))
    state = {"host": who.id, "seats": [name] if body.as_ == PLAYER else []}
    now = time.time()
    await hub.store.create_game(GameRow(game_id, code, LOBBY, edition.id, config, state, now))
    live = LiveGame(hub, game_id, code, config, state, now)
    live.add_participant(who)
    live.dirty_participants.append(who)
    await live.save_meta()
    hub.games[code] = live
    return Joined(code=code, link=link(request, code), token=token, participant=who.public())


@router.post("/api/games/{code}/join", status_code=201)
async def join(code: str, body: Join, request: Request, hub: HubDep) -> Joined:
    """Take a seat (before the start), the moderator's chair, or a spectator's place."""
    live = await hub.get(code)
    name = check_name(body.name)
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


@router.post("/api/games/{code}/bots", status_code=201,
             response_model=BotsAdded, response_model_exclude_unset=True)
async def add_bots(code: str, body: AddBots, hub: HubDep,
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Host: seat bots (before the start)."""
    live, who = await authed(hub, code, authorization)
    require_host(live, who)
    if live.status != LOBBY:
        raise ServerError(409, "started", "bots are seated before the start")
    if live.edition.played_in_the_dark:
        # its night happens in a dark room, by touch: a bot could only declare itself dead
        raise ServerError(409, "no-bots", f"{live.edition.name} is played in one room by the "
                          "people in it: bots cannot take a seat")
    added = []
    for _ in range(body.count):
        if len(live.seats) >= live.edition.max_players:
            raise ServerError(409, "full", "the table is full")
        name = body.name if body.name and body.count == 1 else None
        if name is not None:
            name = check_name(name, bot=True)
            if any(s.lower() == name.lower() for s in live.seats):
                raise ServerError(409, "name-taken", f"{name} is already at the table")
        else:
            name = live.next_bot_name()
        bot = Participant(uuid.uuid4().hex[:12], PLAYER, name, None, bot=True)
        live.add_participant(bot)
        live.take_seat(name)
        live.state.setdefault("bot_skills", {})[name] = body.skill  # kept with the game
        live.dirty_participants.append(bot)
        added.append({**bot.public(), "skill": body.skill})
    await live.save_meta()
    live.lobby_changed()
    return {"added": added}


@router.delete("/api/games/{code}/participants/{participant_id}",
               response_model=Ok, response_model_exclude_unset=True)
async def kick(code: str, participant_id: str, hub: HubDep,
               authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Host: remove a bot or a person. After the start a removed player's seat goes to a
    bot; a removed moderator's chair falls empty."""
    live, who = await authed(hub, code, authorization)
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
        live.hand_seat_to_bot(target, "removed", "removed from the game")
    else:
        target.active = False
        if target.token_hash:
            live.by_hash.pop(target.token_hash, None)
        if target.kind == PLAYER:
            live.leave_seat(target.name)
        live.drop_participant(target)
    if target not in live.dirty_participants:  # a seat handed to a bot is already there
        live.dirty_participants.append(target)
    await live.save_meta()
    if live.game is None:
        live.lobby_changed()
    else:
        live.submit(Op("tick"))
    return {"ok": True}


@router.post("/api/games/{code}/seat", response_model=SeatMoved, response_model_exclude_unset=True)
async def pick_seat(code: str, body: PickSeat, hub: HubDep,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Before the start: a player moves to another chair (an empty one, or a bot's: the
    bot moves to the chair left); the host may move any player. Another person's chair is
    refused."""
    live, who = await authed(hub, code, authorization)
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


@router.post("/api/games/{code}/show-bots",
             response_model=BotsShown, response_model_exclude_unset=True)
async def show_bots(code: str, body: ShowBots, hub: HubDep,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Host: whether everyone sees which seats are bots (the host and the moderator always
    do)."""
    live, who = await authed(hub, code, authorization)
    require_host(live, who)
    if live.status != LOBBY:
        raise ServerError(409, "started", "who sees the bots is chosen before the start")
    live.config["show_bots"] = body.show
    await live.save_meta()
    live.lobby_changed()
    return {"ok": True, "show_bots": body.show}


@router.post("/api/games/{code}/host", response_model=HostHanded, response_model_exclude_unset=True)
async def hand_host(code: str, body: HandHost, hub: HubDep,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Host: hand the host role to another person in the game."""
    live, who = await authed(hub, code, authorization)
    require_host(live, who)
    target = live.participants.get(body.to)
    if target is None or not target.active or target.bot:
        raise ServerError(404, "not-found", "no such person in this game")
    live.state["host"] = target.id
    await live.save_meta()
    live.lobby_changed()
    return {"ok": True, "host": target.public()}


@router.post("/api/games/{code}/start", response_model=Started, response_model_exclude_unset=True)
async def start(code: str, hub: HubDep,
                authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """Host: deal the cards and begin."""
    live, who = await authed(hub, code, authorization)
    require_host(live, who)
    await live.start()
    return {"ok": True, "status": live.status}
