"""The wolfsbane server: HTTP + WebSocket play, timers, bots, durable storage.

`wolfsbane serve` runs it; `create_app(db_url)` builds the ASGI application.
"""

from __future__ import annotations

import os
from pathlib import Path

from .app import create_app
from .storage import describe

__all__ = ["create_app", "default_db", "describe", "serve"]


def default_db() -> str:
    """The embedded database: a SQLite file in the user's data directory
    ($XDG_DATA_HOME/wolfsbane/wolfsbane.db, usually ~/.local/share/wolfsbane/wolfsbane.db)."""
    from platformdirs import user_data_path

    return str(Path(user_data_path("wolfsbane", appauthor=False)) / "wolfsbane.db")


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          public_url: str = "", log_level: str = "info") -> None:
    import uvicorn

    url = db or os.environ.get("WOLFSBANE_DB") or default_db()
    print(f"wolfsbane: games are stored in {describe(url)}", flush=True)
    print(f"wolfsbane: serving on http://{host}:{port} (API docs: /docs)", flush=True)
    app = create_app(url, public_url=public_url)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024,
                ws_ping_interval=20, ws_ping_timeout=30, ws_per_message_deflate=False,
                timeout_graceful_shutdown=3)
