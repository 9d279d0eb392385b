"""The lobby: joining by code, bots, removing people, handing the host role on, the moderator's
chair, spectators; the start-up banner and the default database."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .helpers import Server, api, auth, create, free_port, join


def test_the_lobby_seats_people_and_bots_and_the_host_runs_it(server: Server) -> None:
    made = create(server, "Ana", moderated=True)
    code, host = made["code"], made["token"]
    assert made["link"].endswith(f"?join={code}")
    with api(server) as client:
        ben = join(server, code.lower(), "Ben")  # codes are not case-sensitive
        assert client.post(f"/api/games/{code}/join", json={"name": "ben"}).status_code == 409
        mod = join(server, code, "Mo", "moderator")
        r = client.post(f"/api/games/{code}/join", json={"name": "Max", "as": "moderator"})
        assert r.json()["error"] == "taken"
        join(server, code, "Sue", "spectator")
        added = client.post(f"/api/games/{code}/bots", json={"count": 2},
                            headers=auth(host)).json()["added"]
        info = client.get(f"/api/games/{code}").json()
        assert [s["name"] for s in info["seats"]] == ["Ana", "Ben"] + [b["name"] for b in added]
        assert all(b["bot"] and not b["name"].startswith("Bot") for b in added)
        assert info["moderator"]["name"] == "Mo" and info["spectators"][0]["name"] == "Sue"
        assert "token" not in str(info) and "seed" not in str(info)
        # the host removes a bot; Ben may not
        r = client.delete(f"/api/games/{code}/participants/{added[0]['id']}",
                          headers=auth(ben["token"]))
        assert r.status_code == 403
        r = client.delete(f"/api/games/{code}/participants/{added[0]['id']}",
                          headers=auth(host))
        assert r.status_code == 200
        # hand the host role to Ben: now Ana may not start, Ben may
        r = client.post(f"/api/games/{code}/host", json={"to": ben["participant"]["id"]},
                        headers=auth(host))
        assert r.status_code == 200
        assert client.post(f"/api/games/{code}/start", headers=auth(host)).status_code == 403
        assert client.get(f"/api/games/{code}/me", headers=auth(ben["token"])).json()["host"]
        # Ben removes Ana, whose token stops working at once
        r = client.delete(f"/api/games/{code}/participants/{made['participant']['id']}",
                          headers=auth(ben["token"]))
        assert r.status_code == 200
        assert client.get(f"/api/games/{code}/me", headers=auth(host)).status_code == 401
        client.post(f"/api/games/{code}/bots", json={"count": 3}, headers=auth(ben["token"]))
        r = client.post(f"/api/games/{code}/start", headers=auth(ben["token"]))
        assert r.status_code == 200, r.text
        # after the start: no more players or bots, spectators still welcome
        assert client.post(f"/api/games/{code}/join", json={"name": "Zed"}).status_code == 409
        assert client.post(f"/api/games/{code}/join",
                           json={"name": "Zed", "as": "spectator"}).status_code == 201
        # the moderator sees the storyteller's deal waiting, with its suggestion
        seen = client.get(f"/api/games/{code}/view", headers=auth(mod["token"])).json()
        deal = seen["view"]["decisions"][0]
        assert deal["seat"] == "storyteller" and deal["suggestion"]


def test_serve_prints_where_games_are_stored_in_the_data_directory(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, "-m", "wolfsbane.cli", "serve", "--port", str(port),
                             "--log-level", "warning"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        expected = tmp_path / "data" / "wolfsbane" / "wolfsbane.db"
        assert str(expected) in first
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert page.status_code == 200
        web = Path(__file__).resolve().parents[2] / "src" / "wolfsbane" / "web" / "index.html"
        if not web.exists():
            assert "/docs" in page.text  # the placeholder page
        schema = httpx.get(f"http://127.0.0.1:{port}/openapi.json").json()
        assert "/api/games/{code}/answer" in schema["paths"]
        assert expected.exists()
    finally:
        proc.kill()
        proc.wait(10)


def test_skill_of_lobby_bots_is_chosen_by_the_host(server: Server) -> None:
    made = create(server, "Ana")
    code, host = made["code"], made["token"]
    with api(server) as client:
        easy = client.post(f"/api/games/{code}/bots", json={"count": 2, "skill": "easy"},
                           headers=auth(host)).json()["added"]
        strong = client.post(f"/api/games/{code}/bots", json={"count": 1},
                             headers=auth(host)).json()["added"]
        assert [b["skill"] for b in easy + strong] == ["easy", "easy", "strong"]
        refused = client.post(f"/api/games/{code}/bots", json={"count": 1, "skill": "hard"},
                              headers=auth(host))
        assert refused.status_code == 422 and refused.json()["detail"]
        assert "Literal" not in refused.text and "pydantic" not in refused.text
        info = client.get(f"/api/games/{code}").json()
        assert len(info["seats"]) == 4  # the refused request seated nobody
