"""The lobby of a live game: who takes part (players, the moderator, spectators, bots), their
tokens, the chairs around the table, and what anyone with the game's code may know of it."""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core import SetupError
from ..core.catalog import resolve_options
from ..core.edition import deck_for, table_sizes
from .errors import ServerError
from .storage import ParticipantRow

if TYPE_CHECKING:
    from .live import LiveGame

PLAYER = "player"
MODERATOR = "moderator"
SPECTATOR = "spectator"

LOBBY = "lobby"
RUNNING = "running"
FINISHED = "finished"

MAX_PARTICIPANTS = 200  # people (players, moderator, spectators) in one game, bots aside


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 random bits


@dataclass
class Participant:
    id: str
    kind: str  # player, moderator or spectator
    name: str
    token_hash: str | None
    bot: bool = False
    active: bool = True
    joined_at: float = field(default_factory=time.time)

    def row(self, game_id: str) -> ParticipantRow:
        return ParticipantRow(self.id, game_id, self.token_hash, self.kind, self.name, self.bot,
                              self.active, self.joined_at)

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "name": self.name, "bot": self.bot}


def _count(number: float, word: str) -> str:
    shown = int(number) if float(number).is_integer() else number
    return f"1 {word}" if shown == 1 else f"{shown} {word}s"


def _seconds(seconds: float) -> str:
    return _count(seconds, "second")


class Lobby:
    """The participants of one live game and the chairs they sit on."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.participants: dict[str, Participant] = {}
        self.by_hash: dict[str, Participant] = {}

    @property
    def seats(self) -> list[str]:
        seats: list[str] = self.live.state["seats"]
        return seats

    def host(self) -> Participant | None:
        return self.participants.get(self.live.state.get("host", ""))

    def seat_positions(self) -> dict[str, int]:
        """Each seat's chair, 1 to the edition's most players, clockwise. `seats` is kept in
        chair order, so the engine gets the table's order; empty chairs in between are simply
        skipped at the start. Games stored before chairs existed sit in `seats` order."""
        stored = self.live.state.get("positions") or {}
        result: dict[str, int] = {}
        last = 0
        for name in self.seats:
            chair = stored.get(name)
            if not isinstance(chair, int) or chair <= last:
                chair = last + 1
            result[name] = last = chair
        return result

    def _set_positions(self, positions: dict[str, int]) -> None:
        self.seats.sort(key=lambda name: positions[name])
        self.live.state["positions"] = {name: positions[name] for name in self.seats}

    def take_seat(self, name: str) -> int:
        """Seat a newcomer on the chair after the last one taken (the first empty chair once
        the last chair is taken). The caller has checked that the table is not full."""
        positions = self.seat_positions()
        highest = max(positions.values(), default=0)
        if highest < self.live.edition.max_players:
            chair = highest + 1
        else:
            used = set(positions.values())
            chair = next(c for c in range(1, self.live.edition.max_players + 1) if c not in used)
        self.seats.append(name)
        positions[name] = chair
        self._set_positions(positions)
        return chair

    def leave_seat(self, name: str) -> None:
        positions = self.seat_positions()
        self.seats.remove(name)
        positions.pop(name, None)
        self._set_positions(positions)

    def move_seat(self, mover: Participant, chair: int) -> str | None:
        """Move a seated player to `chair` before the start. An empty chair is simply taken; a
        bot's chair is taken and the bot moves to the chair just left (the two swap); another
        person's chair is refused. Returns the name of the bot that moved, if one did."""
        if self.live.status != LOBBY:
            raise ServerError(409, "started", "seats are chosen before the start")
        if mover.kind != PLAYER or not mover.active or mover.name not in self.seats:
            raise ServerError(409, "not-seated",
                              f"{mover.name} has no seat at the table; join as a player")
        chairs = self.live.edition.max_players
        if not 1 <= chair <= chairs:
            raise ServerError(422, "no-such-seat", f"the table has seats 1 to {chairs}")
        positions = self.seat_positions()
        before = positions[mover.name]
        if chair == before:
            return None
        occupant = next((name for name, at in positions.items() if at == chair), None)
        if occupant is not None:
            holder = self.seat_holder(occupant)
            if holder is None or not holder.bot:
                raise ServerError(409, "seat-taken",
                                  f"seat {chair} is {occupant}'s; take an empty seat or a "
                                  "bot's seat")
            positions[occupant] = before
        positions[mover.name] = chair
        self._set_positions(positions)
        return occupant

    def seat_holder(self, seat: str) -> Participant | None:
        for p in self.participants.values():
            if p.kind == PLAYER and p.active and p.name == seat:
                return p
        return None

    def moderator(self) -> Participant | None:
        for p in self.participants.values():
            if p.kind == MODERATOR and p.active:
                return p
        return None

    def authenticate(self, token: str | None) -> Participant:
        if not token:
            raise ServerError(401, "unauthorised", "this needs a seat token")
        participant = self.by_hash.get(hash_token(token))
        if participant is None or not participant.active or participant.bot:
            raise ServerError(401, "unauthorised", "this token holds no place in this game")
        return participant

    def check_room(self) -> None:
        """Refuse one more person when the game already holds as many as it may."""
        if sum(1 for p in self.participants.values() if p.active and not p.bot) \
                >= MAX_PARTICIPANTS:
            raise ServerError(409, "full", "There is no room for anyone else in this game.")

    def add_participant(self, participant: Participant) -> None:
        self.participants[participant.id] = participant
        if participant.token_hash:
            self.by_hash[participant.token_hash] = participant

    def next_bot_name(self, also_taken: str = "") -> str:
        """A first name from the edition's list that nobody in the game has, in an order the
        game's seed shuffles, so that a bot's seat reads like a person's and the same names do
        not always mean bots."""
        live = self.live
        taken = {p.name.casefold() for p in self.participants.values() if p.active}
        taken |= {name.casefold() for name in self.seats} | {also_taken.casefold()}
        names = list(live.edition.bot_names or live.edition.character_names)
        random.Random(f"{live.config['seed']}:names").shuffle(names)
        number = 1
        while True:
            for name in names or ["Guest"]:
                candidate = name if number == 1 and names else f"{name} {number}"
                if candidate.casefold() not in taken:
                    return candidate
            number += 1

    def rename_bot(self, bot: Participant, name: str) -> None:
        """Before the start: a bot gives up its name (to a person who joins under it)."""
        positions = self.seat_positions()
        index = self.seats.index(bot.name)
        positions[name] = positions.pop(bot.name)
        self.seats[index] = name
        self._set_positions(positions)
        bot.name = name
        self.live.dirty_participants.append(bot)

    def sees_bots(self, viewer: Participant | None) -> bool:
        """Whether `viewer` is told which seats are bots: the host and the moderator always
        are; everyone else as the host chooses (shown unless the host hides it)."""
        if self.live.config.get("show_bots", True):
            return True
        return viewer is not None and (viewer.kind == MODERATOR
                                       or viewer.id == self.live.state.get("host"))

    def knows_deck(self, viewer: Participant | None) -> bool:
        """Whether `viewer` may be told the deck: everyone, unless the rules keep it secret
        (`Edition.deck_secret`: mystery roles), when only the host who chose it and the
        moderator are."""
        live = self.live
        if not live.edition.deck_secret(live.config["options"]):
            return True
        return viewer is not None and (viewer.kind == MODERATOR
                                       or viewer.id == live.state.get("host"))

    def public_info(self, viewer: Participant | None = None) -> dict[str, Any]:
        """What anyone with the game's code may know: no cards, no seed, no tokens; which
        seats are bots only to those who may see it (`sees_bots`); the deck only to those
        who may know it (`knows_deck`)."""
        live = self.live
        host = self.host()
        seats = []
        positions = self.seat_positions()
        shown = self.sees_bots(viewer)
        for seat in self.seats:
            holder = self.seat_holder(seat)
            bot = bool(holder and holder.bot)
            seats.append({"name": seat, "position": positions[seat],
                          "bot": bot and shown,
                          "id": holder.id if holder else None,
                          "controlled": seat in live.controlled,
                          # a hidden bot is always at the table, as a person who is there
                          "connected": (bot and not shown) or self._connected(holder)})
        moderator = self.moderator()
        spectators = [p.public() for p in self.participants.values()
                      if p.kind == SPECTATOR and p.active]
        info: dict[str, Any] = {
            "code": live.code,
            "edition": live.edition.id,
            "edition_name": live.edition.name,
            "status": live.status,
            "mode": live.config["mode"],
            "moderated": live.config["moderated"],
            "practice": bool(live.config.get("practice")),
            "seats": seats,
            "min_players": live.edition.min_players,
            "max_players": live.edition.max_players,
            "host": host.public() if host else None,
            "moderator": moderator.public() if moderator else None,
            "spectators": spectators,
            "options": live.config["options"],
            "settings": self.option_words(),
            "timers": live.timers,
            "setup": {k: live.config[k] for k in ("preset", "deck") if live.config.get(k)},
            "paused": live.paused,
            "show_bots": bool(live.config.get("show_bots", True)),
        }
        for key in ("talk", "agents"):  # the table's talk and error rule (games since 1.0)
            if live.config.get(key):
                info[key] = live.config[key]
        if not self.knows_deck(viewer):
            info["setup"] = {}  # a preset's name would tell its cards as well
            if live.status == LOBBY:
                info["cards"] = {**self.cards_preview(), "deck": None, "secret": True}
        elif live.state.get("deck"):
            info["deck"] = sorted(live.state["deck"])
        elif live.status == LOBBY:
            info["cards"] = self.cards_preview()
        return info

    def option_words(self) -> list[dict[str, str]]:
        """Each option the game sets, in words: [{id, label, value}]."""
        live = self.live
        out = []
        for key, value in live.config["options"].items():
            spec = live.edition.options.get(key)
            if spec is None:
                continue
            try:
                text = spec.describe_value(value, live.edition.roles)
            except (TypeError, ValueError, KeyError, AttributeError):
                text = str(value)  # a game stored before options had schemas
            out.append({"id": key, "label": spec.label, "value": text})
        out.extend(self._table_rule_words())
        return out

    def _table_rule_words(self) -> list[dict[str, str]]:
        """The table's talk and error rule in words, when they are not the defaults."""
        config = self.live.config
        talk = config.get("talk") or {}
        out = []
        if talk.get("mode") == "turns":
            out.append({"id": "talk", "label": "Talk", "value": (
                f"in turns: up to {talk['rounds']} rounds, {_count(talk['per_turn'], 'message')} "
                f"a turn and {talk['per_day']} a day, {_seconds(talk['turn_seconds'])} a turn")})
        elif talk.get("guaranteed"):
            out.append({"id": "talk", "label": "Talk", "value": (
                f"free, with at least {_seconds(talk['guaranteed'])} for everyone before the "
                "vote closes")})
        ratio = (config.get("agents") or {}).get("error_ratio")
        if ratio is not None:
            out.append({"id": "agents", "label": "Failing players", "value": (
                f"a bot takes over a seat whose errors pass {round(100 * ratio)}%")})
        return out

    def _connected(self, participant: Participant | None) -> bool:
        if participant is None:
            return False
        return any(c.participant is participant and not c.closed for c in self.live.connections)

    def deal_deck(self) -> list[str]:
        live = self.live
        if live.config.get("roles"):
            return list(live.config["roles"])
        return deck_for(live.edition, len(self.seats), live.config["options"],
                        live.config.get("preset"), live.config.get("deck"))

    def cards_preview(self) -> dict[str, Any]:
        """Which cards the lobby's set-up deals to the seats taken now, and the table sizes it
        can be dealt to: public, as the edition's table agrees the deck before the deal."""
        live = self.live
        config = live.config
        try:
            # checked again: a game stored before options had schemas may hold anything
            options = resolve_options(live.edition.options, config["options"],
                                      live.edition.roles)
        except SetupError as error:
            return {"sizes": [], "deck": None, "problem": str(error)}
        preview: dict[str, Any] = {"sizes": table_sizes(
            live.edition, options, config.get("preset"), config.get("deck"))}
        try:
            deck = self.deal_deck()
            live.edition.check_deck(len(self.seats), deck, options)
        except SetupError as error:
            preview["deck"] = None
            preview["problem"] = str(error)
        else:
            preview["deck"] = deck
        return preview
