"""The one boundary between the engine and anyone playing: what a seat may see.

Players, bots, AI agents, the terminal and the server all receive `view(game, seat)` and
nothing else. A seat sees public events and the events addressed to it; its own card and the
markers it may know; the channels it may speak on now; and its own open decisions. The
`storyteller` seat (a moderator) sees everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .deaths import seen_alive
from .events import STORYTELLER
from .reminders import visible_to

if TYPE_CHECKING:
    from .events import Event
    from .game import Game


def events_for(game: Game, seat: str, since: int = 0) -> list[Event]:
    """The events `seat` may see, from index `since` on (read-only: bots take these)."""
    if seat == STORYTELLER:
        return game.events[since:]
    return [e for e in game.events[since:] if e.audience is None or seat in e.audience]


PUBLIC_SEAT: Final = ""  # the key under which the public (a spectator) is numbered
# The shared screen of a game played around one table: it sees what the public sees, and hears
# what is said aloud on the day's channel, as everyone at the table does (the bots' talk).
TABLE_SEAT: Final = "\x00table"
TABLE_CHANNELS: Final = frozenset({"village"})


def _heard_at_table(event: Event) -> bool:
    return event.audience is None or (
        event.kind == "Said" and event.data.get("channel") in TABLE_CHANNELS)


def _seen(game: Game, seat: str) -> list[int]:
    """The global indexes of the events `seat` may see, extended as the game goes on.

    Views number events per seat: a seat's n-th visible event has index n, so that gaps in
    the numbering cannot tell it how many secret events others received."""
    seen = game.seen.get(seat)
    if seen is None:
        seen = game.seen[seat] = [0]  # [scanned up to, index, index, ...]
    events = game.events
    scanned = seen[0]
    if scanned < len(events):
        if seat == PUBLIC_SEAT:
            seen.extend(i for i in range(scanned, len(events)) if events[i].audience is None)
        elif seat == TABLE_SEAT:
            seen.extend(i for i in range(scanned, len(events)) if _heard_at_table(events[i]))
        else:
            seen.extend(
                i for i in range(scanned, len(events))
                if events[i].audience is None or seat in events[i].audience  # type: ignore[operator]
            )
        seen[0] = len(events)
    return seen


def visible_events(game: Game, seat: str, since: int = 0) -> list[dict[str, Any]]:
    """The events `seat` may see, numbered for that seat, from its `since`-th on."""
    if seat == STORYTELLER:
        return [event.as_dict(with_audience=True) for event in game.events[since:]]
    seen = _seen(game, seat)
    events = game.events
    out = []
    for number, index in enumerate(seen[1 + since:], start=since):
        entry = events[index].as_dict()
        entry["index"] = number
        out.append(entry)
    return out


def visible_count(game: Game, seat: str) -> int:
    """How many events `seat` may see so far: the `cursor` of its view."""
    if seat == STORYTELLER:
        return len(game.events)
    return len(_seen(game, seat)) - 1


def view(game: Game, seat: str, since: int = 0) -> dict[str, Any]:
    """Everything `seat` may know: the table, its own card, events from `since` on, its open
    decisions. Pass the previous view's `cursor` as `since` to receive only what is new."""
    edition = game.edition
    if seat == STORYTELLER:
        return _storyteller_view(game, since)
    me = game.player(seat)
    players = []
    for player in game.players:
        entry: dict[str, Any] = {"name": player.name, "alive": seen_alive(game, player)}
        markers = sorted(player.markers & edition.public_markers)
        if player is me:
            markers = sorted(player.markers & (edition.public_markers | edition.self_markers))
        if markers:
            entry["markers"] = markers
        if player.name in game.revealed:
            entry["role"] = game.revealed[player.name]
        if game.reminders:
            tokens = [r.token for r in game.reminders
                      if r.target == player.name and visible_to(game, r, seat)]
            if tokens:
                entry["reminders"] = tokens
        players.append(entry)
    you: dict[str, Any] = {
        "name": me.name,
        "role": edition.role_shown_to_self(me),
        "alive": seen_alive(game, me),
    }
    role = game.catalog.get(you["role"])
    if role is not None:
        you["team"] = edition.team_shown_to_self(me) if you["role"] == me.role else role.team
        you["description"] = role.description
        # the card's own name: a group's own card is in no message catalogue
        you["card"] = role.name
    channels = game.channels_for(seat)
    return {
        "edition": edition.id,
        "seat": seat,
        "phase": game.phase,
        "you": you,
        "players": players,
        "events": visible_events(game, seat, since),
        "decisions": [d.as_dict() for d in game.open.values() if d.seat == seat],
        "channels": channels,
        "channel_limits": _channel_limits(game, seat, channels),
        "over": game.over,
        "outcome": _outcome(game),
        "cursor": visible_count(game, seat),
    }


def _channel_limits(game: Game, seat: str, channels: list[str]) -> dict[str, dict[str, Any]]:
    """For each channel the seat may speak on now: the longest message, and how many messages
    it may still post this phase (None: no limit), so a client can hold a message back before
    the engine would refuse it."""
    limits: dict[str, dict[str, Any]] = {}
    for name in channels:
        most, length = game.channel(name).limits_in(game)
        used = game.said.get((seat, name, game.phase), 0)
        limits[name] = {"length": length,
                        "messages_left": None if most is None else max(0, most - used)}
    return limits


def _storyteller_view(game: Game, since: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "edition": game.edition.id,
        "seat": STORYTELLER,
        "phase": game.phase,
        "players": [
            {
                "name": p.name,
                "alive": p.alive,
                "role": p.role,
                "team": p.team,
                "markers": sorted(p.markers),
            }
            for p in game.players
        ],
        "events": visible_events(game, STORYTELLER, since),
        "reminders": [r.as_dict() for r in game.reminders],
        "decisions": [d.as_dict_for_storyteller() for d in game.open.values()],
        "channels": [],
        "over": game.over,
        "outcome": _outcome(game),
        "cursor": len(game.events),
    }
    grimoire = game.edition.grimoire(game)
    if grimoire is not None:
        out["grimoire"] = grimoire
    return out


def _outcome(game: Game) -> dict[str, Any] | None:
    if game.outcome is None:
        return None
    return {
        "winner": game.outcome.winner,
        "winners": list(game.outcome.winners),
        "reason": game.outcome.reason,
    }


def public_view(game: Game, since: int = 0, seat: str = PUBLIC_SEAT) -> dict[str, Any]:
    """What someone who holds no seat may see (a spectator): the table as everyone sees it and
    the public events only; no card, no decisions, no channels. With `seat=TABLE_SEAT`, the
    shared screen of a table game, which also hears the day's talk."""
    edition = game.edition
    players = []
    for player in game.players:
        entry: dict[str, Any] = {"name": player.name, "alive": seen_alive(game, player)}
        markers = sorted(player.markers & edition.public_markers)
        if markers:
            entry["markers"] = markers
        if player.name in game.revealed:
            entry["role"] = game.revealed[player.name]
        players.append(entry)
    return {
        "edition": edition.id,
        "seat": None,
        "phase": game.phase,
        "players": players,
        "events": visible_events(game, seat, since),
        "decisions": [],
        "channels": [],
        "over": game.over,
        "outcome": _outcome(game),
        "cursor": visible_count(game, seat),
    }
