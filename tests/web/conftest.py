"""Browser tests: a real server and Debian's chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.helpers import Server

CHROMIUM = os.environ.get("WOLFSBANE_CHROMIUM", "/usr/bin/chromium")
REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "test-output" / "screenshots"
# axe-core, installed by .ci/run with npm (never committed); WOLFSBANE_AXE may point elsewhere
AXE_PLACES = [Path(p) for p in (os.environ.get("WOLFSBANE_AXE", ""),) if p] + [
    REPO / "test-output" / "node" / "node_modules" / "axe-core" / "axe.min.js",
    REPO / ".ci" / "node" / "node_modules" / "axe-core" / "axe.min.js",
]
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    # module-scoped: Playwright's sync API keeps an event loop running while it is open, which
    # would stop other tests from calling asyncio.run
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


# one server per test module: a module's games (bots playing on, on real clocks) would
# otherwise still load the one event loop under the next modules' tests, whose nights then
# dragged past their waits in a full run (the table screen's first day, twice in CI)
@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}")
    folder = tmp_path_factory.mktemp("web")
    srv = Server(str(folder / "wolfsbane.db"), log=folder / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def axe_script() -> Path | None:
    return next((p for p in AXE_PLACES if p.is_file()), None)


def check_accessibility(page: Any, screen_name: str) -> None:
    """Run axe-core on the page as it stands and fail on any WCAG 2.0/2.1 A or AA violation,
    naming the screen, the rule and the elements. Skips the test when axe-core is not
    installed (`npm install --prefix test-output/node axe-core@4`, as .ci/run does)."""
    script = axe_script()
    if script is None:
        pytest.skip("axe-core is not installed: run "
                    "`npm install --prefix test-output/node axe-core@4` (.ci/run does)")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated through the browser's debugging protocol, which a page's Content Security
        # Policy does not stop (an inline <script> would be)
        page.evaluate(script.read_text(encoding="utf-8") + "\n;true")
    result = page.evaluate(
        """async (tags) => {
            const r = await window.axe.run(document, {runOnly: {type: "tag", values: tags},
                                                      resultTypes: ["violations"]});
            return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": "
                    + (n.failureSummary || "").split(String.fromCharCode(10))
                        .slice(1, 2).join(""))}));
        }""", WCAG_TAGS)
    problems = [f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"])
                for v in result]
    assert not problems, f"accessibility of the {screen_name} screen:\n" + "\n".join(problems)
