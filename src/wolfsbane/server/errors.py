"""The error a request gets: an HTTP status, a short code and a sentence for the client."""

from __future__ import annotations

from typing import Any


class ServerError(Exception):
    """An error for the client: an HTTP status, a short code and a sentence."""

    def __init__(self, status: int, code: str, detail: str, message: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        # the message catalogue's entry for the sentence, for clients in other languages
        self.message = message
        self.params = params or {}

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.code, "detail": self.detail}
        if self.message:
            out["message"] = self.message
            out["params"] = self.params
        return out
