"""The small API additions the web client uses: the join QR code, the reveal, the rematch,
and the static client itself (served at /, and never building HTML out of text)."""

from __future__ import annotations

import asyncio
import random
import re
import time
from pathlib import Path

from .helpers import Seat, Server, api, auth, create, play_randomly, start

WEB = Path(__file__).resolve().parents[2] / "src" / "wolfsbane" / "web"


def test_the_web_client_is_served_at_the_root(server: Server) -> None:
    with api(server) as client:
        page = client.get("/")
        assert page.status_code == 200 and '<script type="module" src="/js/app.js">' in page.text
        script = client.get("/js/app.js")
        assert script.status_code == 200
        assert "javascript" in script.headers["content-type"]


def test_the_client_never_builds_html_from_strings() -> None:
    for path in WEB.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", text), path


def test_a_qr_code_of_the_join_link(server: Server) -> None:
    made = create(server, "Quinn")
    with api(server) as client:
        r = client.get(f"/api/games/{made['code']}/qr.svg")
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("image/svg+xml")
        assert r.text.lstrip().startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in r.text
        assert client.get("/api/games/NOSUCH/qr.svg").status_code == 404


def test_reveal_and_rematch_after_a_game(server: Server) -> None:
    made = create(server, "Rae", preset="classic")
    code, token = made["code"], made["token"]
    with api(server) as client:
        assert client.post(f"/api/games/{code}/bots", json={"count": 7},
                           headers=auth(token)).status_code == 201
        joined = client.post(f"/api/games/{code}/join", json={"name": "Sam", "as": "spectator"})
        sam = joined.json()["token"]
        # nothing is revealed, and no rematch opens, before the end
        assert client.get(f"/api/games/{code}/reveal", headers=auth(token)).status_code == 409
    seat = Seat(server, code, token, "Rae")

    async def main() -> None:
        await seat.connect()
        start(server, code, token)
        with api(server) as client:
            early = client.get(f"/api/games/{code}/reveal", headers=auth(token))
            assert early.status_code == 409
            assert client.post(f"/api/games/{code}/rematch",
                               headers=auth(token)).status_code == 409
        await play_randomly(seat, random.Random(2), talk=False)
        await asyncio.sleep(0.5)
        await seat.close()

    asyncio.run(main())
    with api(server) as client:
        assert client.get(f"/api/games/{code}/reveal").status_code == 401
        for _ in range(50):
            r = client.get(f"/api/games/{code}/reveal", headers=auth(sam))
            if r.status_code == 200:
                break
            time.sleep(0.2)
        assert r.status_code == 200, r.text
        reveal = r.json()
        assert len(reveal["players"]) == 8 and all(p["role"] for p in reveal["players"])
        kinds = {e["kind"] for e in reveal["timeline"]}
        assert {"RoleDealt", "Answered", "VoteCast", "GameWon"} <= kinds
        answers = [e for e in reveal["timeline"] if e["kind"] == "Answered"]
        assert answers and all("phase" in a for a in answers)
        assert reveal["outcome"]["winner"] == seat.view["outcome"]["winner"]

        assert client.get(f"/api/games/{code}/rematch").json() == {"code": None}
        first = client.post(f"/api/games/{code}/rematch", headers=auth(token))
        assert first.status_code == 201, first.text
        new_code = first.json()["code"]
        assert new_code != code
        assert client.get(f"/api/games/{code}/rematch").json() == {"code": new_code}
        again = client.post(f"/api/games/{code}/rematch", headers=auth(sam))
        assert again.status_code == 201 and again.json()["code"] == new_code
        info = client.get(f"/api/games/{new_code}").json()
        assert info["status"] == "lobby"
        assert [s["name"] for s in info["seats"]][0] == "Rae"
        assert len(info["seats"]) == 8 and sum(s["bot"] for s in info["seats"]) == 7
        assert info["host"]["name"] == "Rae"
        assert [p["name"] for p in info["spectators"]] == ["Sam"]
        assert info["setup"] == {"preset": "classic"}
        assert client.post(f"/api/games/{new_code}/start",
                           headers=auth(first.json()["token"])).status_code == 200
