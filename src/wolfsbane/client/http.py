"""The HTTP side of the protocol: create or join a game, seat bots, start, read the record.

`Client(base_url)` speaks to one server; `create_game` and `join` return a `Seat`, which holds
the participant's token in memory only (never printed, never written anywhere) and opens the
seat's WebSocket (`Seat.connect`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType
from typing import Any

import httpx

from .connection import Connection
from .models import ServerRefused


def _checked(response: httpx.Response) -> Any:
    if response.status_code >= 400:
        try:
            body = response.json()
        except ValueError:
            body = {}
        raise ServerRefused(response.status_code, str(body.get("error", "error")),
                            str(body.get("detail", response.reason_phrase)))
    return response.json()


class Client:
    """A wolfsbane server at `base_url` (http://host:port)."""

    def __init__(self, base_url: str, *, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.http = httpx.Client(base_url=self.base_url, timeout=timeout)

    def __repr__(self) -> str:
        return f"Client({self.base_url!r})"

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    @property
    def ws_url(self) -> str:
        if self.base_url.startswith("https://"):
            return "wss://" + self.base_url[len("https://"):]
        return "ws://" + self.base_url.removeprefix("http://")

    def editions(self) -> list[dict[str, Any]]:
        """Every edition the server runs: roles, presets, options, its message catalogue."""
        found = _checked(self.http.get("/api/editions"))
        return list(found["editions"] if isinstance(found, Mapping) else found)

    def edition(self, edition_id: str) -> dict[str, Any]:
        for entry in self.editions():
            if entry.get("id") == edition_id:
                return entry
        raise ServerRefused(404, "not-found", f"The server runs no edition {edition_id!r}.")

    def lobby(self, code: str) -> dict[str, Any]:
        """The lobby (`GET /api/games/{code}`): seats, host, settings, cards."""
        found: dict[str, Any] = _checked(self.http.get(f"/api/games/{code}"))
        return found

    def create_game(self, name: str, *, edition: str | None = None,
                    preset: str | None = None, deck: list[str] | None = None,
                    options: Mapping[str, Any] | None = None,
                    timers: Mapping[str, float] | None = None, seed: int | None = None,
                    mode: str = "online", as_: str = "player") -> Seat:
        """Create a game and take its first seat (its host); without `edition`, the
        server's default (Millers Hollow)."""
        body: dict[str, Any] = {"name": name, "as": as_, "mode": mode}
        for key, value in (("edition", edition), ("preset", preset), ("deck", deck),
                           ("options", options),
                           ("timers", timers), ("seed", seed)):
            if value is not None:
                body[key] = value
        made = _checked(self.http.post("/api/games", json=body))
        return Seat(self, made["code"], made["token"], made.get("participant", {}), name)

    def join(self, code: str, name: str, *, as_: str = "player") -> Seat:
        """Join a game by its code (players before the start, spectators any time)."""
        made = _checked(self.http.post(f"/api/games/{code}/join",
                                       json={"name": name, "as": as_}))
        return Seat(self, code, made["token"], made.get("participant", {}), name)


class Seat:
    """A participant of one game: what its token allows, over HTTP and its WebSocket."""

    def __init__(self, client: Client, code: str, token: str,
                 participant: Mapping[str, Any], name: str) -> None:
        self.client = client
        self.code = code
        self.participant = dict(participant)
        self.name = str(self.participant.get("name", name))
        self._token = token

    def __repr__(self) -> str:  # never the token
        return f"Seat(code={self.code!r}, name={self.name!r})"

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self._token}"}

    def _post(self, path: str, body: Mapping[str, Any] | None = None) -> Any:
        return _checked(self.client.http.post(f"/api/games/{self.code}{path}",
                                              json=dict(body or {}), headers=self._headers()))

    def _get(self, path: str) -> Any:
        return _checked(self.client.http.get(f"/api/games/{self.code}{path}",
                                             headers=self._headers()))

    def add_bots(self, count: int) -> Any:
        """Seat `count` bots (the host, in the lobby)."""
        return self._post("/bots", {"count": count})

    def start(self) -> Any:
        """Deal and begin (the host)."""
        return self._post("/start")

    def lobby(self) -> dict[str, Any]:
        found: dict[str, Any] = self._get("")
        return found

    def view(self, since: int = 0) -> dict[str, Any]:
        """What a snapshot carries (`{type, view, clock}`), over HTTP."""
        found: dict[str, Any] = self._get(f"/view?since={since}")
        return found

    def answer(self, decision: int, answer: Any) -> Any:
        """Answer over HTTP (the WebSocket's `Connection.answer` is the usual way)."""
        return self._post("/answer", {"decision": decision, "answer": answer})

    def say(self, channel: str, message: Any) -> Any:
        return self._post("/say", {"channel": channel, "message": message})

    def record(self) -> dict[str, Any]:
        """The finished game's record (seed, deck, every answer: `wolfsbane replay` reads it)."""
        found: dict[str, Any] = self._get("/record")
        return found

    def reveal(self) -> dict[str, Any]:
        """The finished game's every role and whole timeline."""
        found: dict[str, Any] = self._get("/reveal")
        return found

    def connect(self, cursor: int = 0) -> Connection:
        """The seat's WebSocket, open (use it as a context manager to close it)."""
        return Connection(self.client.ws_url, self.code, self._token, cursor=cursor).open()
