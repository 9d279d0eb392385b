"""A token is a secret: 256 random bits, stored only as its SHA-256, good for one game."""

from __future__ import annotations

import base64
import hashlib
import sqlite3
from pathlib import Path

from .helpers import Server, api, auth, create, join


def test_tokens_are_random_256_bits_and_the_database_holds_only_their_hashes(
    tmp_path: Path,
) -> None:
    server = Server(str(tmp_path / "t.db"), log=tmp_path / "server.log").start()
    try:
        made = create(server, "Host")
        tokens = [made["token"], join(server, made["code"], "Guest")["token"]]
    finally:
        server.stop()  # a clean stop checkpoints the write-ahead log into the file
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("t.db*"))
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=")) == 32
        assert token.encode() not in stored
        assert hashlib.sha256(token.encode()).hexdigest().encode() in stored
    with sqlite3.connect(tmp_path / "t.db") as db:
        hashes = {row[0] for row in db.execute("SELECT token_hash FROM participants")}
    assert hashes == {hashlib.sha256(t.encode()).hexdigest() for t in tokens}


def test_a_token_holds_no_place_in_another_game(server: Server) -> None:
    one = create(server, "One")
    two = create(server, "Two")
    with api(server) as client:
        r = client.get(f"/api/games/{two['code']}/me", headers=auth(one["token"]))
        assert r.status_code == 401 and r.json()["error"] == "unauthorised"
        assert client.get(f"/api/games/{one['code']}/me",
                          headers=auth(one["token"])).status_code == 200
