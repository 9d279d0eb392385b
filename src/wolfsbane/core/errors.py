"""The one exception type a caller sees for anything the rules forbid.

Each error carries an English sentence for people (its message) and, where the message
catalogue has words for it, a `code` with the `params` to fill them in, so that a client can
say it in the reader's language (`wolfsbane.messages.Words.error`).
"""

from __future__ import annotations

from typing import Any


class IllegalAnswer(Exception):
    """An answer, message or request the rules do not allow. The game is left unchanged."""

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class SetupError(ValueError):
    """A game cannot be created as asked (unknown role, bad option, wrong player count...)."""

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
