"""/docs renders in a browser that may reach nothing but the server itself: every request
elsewhere is refused, and Swagger UI still shows the API with the protocol's models."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from ..server.helpers import Server


def test_the_api_docs_render_offline(browser: Any, web_server: Server, shots: Path) -> None:
    page = browser.new_page()
    elsewhere: list[str] = []

    def only_the_server(route: Any) -> None:
        url = route.request.url
        if urlparse(url).netloc == urlparse(web_server.url).netloc:
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    page.route("**/*", only_the_server)
    page.goto(f"{web_server.url}/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=20000)
    assert "wolfsbane" in page.inner_text(".swagger-ui .info .title")
    page.get_by_text("/api/games/{code}/view", exact=True).first.wait_for(timeout=20000)
    # the protocol's models are listed under the schemas
    page.get_by_text("PickDecision", exact=True).first.wait_for(timeout=20000)
    page.screenshot(path=str(shots / "api-docs.png"))
    assert elsewhere == []
    page.close()
