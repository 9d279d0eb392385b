"""Fixtures: a real wolfsbane server per session, as the server tests start it."""

from __future__ import annotations

from tests.server.helpers import server

__all__ = ["server"]
