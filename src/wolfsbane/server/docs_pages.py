"""/docs and /redoc without the internet: Swagger UI and ReDoc served from the package's own
files (the `fastapi-offline` distribution ships them; the `docs` extra installs it), never a
CDN. Without that distribution the pages say how to get it, and link the schema itself."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS_URL = "/docs-assets"  # where the Swagger UI and ReDoc files are served

NO_ASSETS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wolfsbane API</title></head>
<body><h1>The wolfsbane API</h1>
<p>The browsable documentation needs the <code>docs</code> extra
(<code>pip install 'wolfsbane[docs]'</code>). The schema itself is at
<a href="/openapi.json">/openapi.json</a>; docs/protocol.md describes the WebSocket.</p>
</body></html>
"""


def asset_folder() -> Path | None:
    """The folder of Swagger UI's and ReDoc's files, when they are installed."""
    try:
        import fastapi_offline
    except ImportError:
        return None
    folder = Path(fastapi_offline.__file__).resolve().parent / "static"
    return folder if (folder / "swagger-ui-bundle.js").is_file() else None


def install_docs(app: FastAPI, title: str) -> None:
    """Add /docs and /redoc, with every asset they load served here."""
    folder = asset_folder()
    if folder is not None:
        app.mount(ASSETS_URL, StaticFiles(directory=str(folder)), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> HTMLResponse:
        if folder is None:
            return HTMLResponse(NO_ASSETS)
        return get_swagger_ui_html(
            openapi_url="/openapi.json", title=f"{title}: API",
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon.png")

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        if folder is None:
            return HTMLResponse(NO_ASSETS)
        return get_redoc_html(
            openapi_url="/openapi.json", title=f"{title}: API",
            redoc_js_url=f"{ASSETS_URL}/redoc.standalone.js",
            redoc_favicon_url=f"{ASSETS_URL}/favicon.png", with_google_fonts=False)
