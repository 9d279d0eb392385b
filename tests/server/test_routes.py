"""The API's routers (server/routes): every route docs/protocol.md lists is served, by exactly
the method it lists, and nothing else is; the shared error handlers answer for every router."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.routing import APIRoute, APIWebSocketRoute

from wolfsbane.server.app import ROUTERS, create_app

from .helpers import Server, api

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


def _shape(path: str) -> str:
    """A path with its parameters unnamed and its query left out: /api/games/{}/view."""
    return re.sub(r"\{[^}]*\}", "{}", path.split("?")[0])


def documented() -> set[tuple[str, str]]:
    """(method, path) of each row of the HTTP table: `POST /a/b`, `/c` is POST /a/c."""
    routes: set[tuple[str, str]] = set()
    for line in PROTOCOL.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `") or not any(f"`{m}" in line.split("|")[1]
                                                  for m in METHODS):
            continue
        cell = line.split("|")[1]
        parts = re.findall(r"`([^`]*)`", cell)
        methods = [m for part in parts for m in METHODS if part.startswith(m)]
        paths: list[str] = []
        for part in parts:
            path = part.split(" ")[-1]
            if not path.startswith("/"):
                continue
            if not path.startswith("/api") and paths:  # a sibling of the previous path
                path = paths[-1].rsplit("/", 1)[0] + path
            paths.append(path)
        routes |= {(m, _shape(p)) for m in methods for p in paths}
    return routes


def served() -> set[tuple[str, str]]:
    """(method, path) of each route in the application's OpenAPI schema."""
    schema = create_app("sqlite:///unused.db", quiet=True).openapi()
    return {(method.upper(), _shape(path)) for path, operations in schema["paths"].items()
            for method in operations}


def test_every_documented_route_is_served_and_every_served_route_is_documented() -> None:
    table = documented()
    assert ("GET", "/api/games/{}/view") in table and ("POST", "/api/games/{}/resume") in table
    assert served() == table


def test_every_route_lives_in_one_of_the_routers() -> None:
    in_routers = [(m, _shape(r.path)) for router in ROUTERS for r in router.routes
                  if isinstance(r, APIRoute) for m in r.methods]
    assert len(in_routers) == len(set(in_routers))  # no route in two routers
    assert set(in_routers) == served()  # none defined on the application itself
    sockets = [r.path for router in ROUTERS for r in router.routes
               if isinstance(r, APIWebSocketRoute)]
    assert sockets == ["/ws/{code}"]


def test_the_shared_error_handlers_answer_for_every_router(server: Server) -> None:
    with api(server) as client:
        for method, path in (("GET", "/api/games/NOPE"), ("POST", "/api/games/NOPE/join"),
                             ("POST", "/api/games/NOPE/start"),
                             ("POST", "/api/games/NOPE/pause"),
                             ("GET", "/api/games/NOPE/reveal")):
            body = {"name": "Ann", "as": "player"} if path.endswith("join") else None
            reply = client.request(method, path, json=body)
            assert reply.status_code == 404, (path, reply.text)
            assert reply.json() == {"error": "not-found",
                                    "detail": "there is no game with this code"}
        refused = client.post("/api/games", json={"name": "Ann", "edition": "millers-hollow",
                                                  "seed": "many"})
        assert refused.status_code == 422 and refused.json()["error"] == "invalid"
        assert "string" not in refused.json()["detail"].lower()  # our words, not pydantic's
