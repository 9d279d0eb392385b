"""Fixtures: a real wolfsbane server per session (and a fresh one per test that asks)."""

from __future__ import annotations

from .helpers import fresh_server, server

__all__ = ["fresh_server", "server"]
