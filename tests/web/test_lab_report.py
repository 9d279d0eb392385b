"""The balance lab's HTML report in a real browser: it opens from a file with no server and
no network, every chart shows, and axe-core finds no WCAG 2 A or AA violation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wolfsbane.sim import simulate
from wolfsbane.sim.html import Series, write_html

from .conftest import check_accessibility


def test_the_lab_report_opens_offline_and_is_accessible(browser: Any, shots: Path,
                                                        tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    basic = [simulate("millers-hollow", "basic", players=n, games=8, seed=0, workers=1)
             for n in (6, 8)]
    page_file = tmp_path / "report.html"
    write_html(page_file, basic, title="Millers Hollow: balance report",
               series=[Series("basic", basic)])
    context = browser.new_context(viewport={"width": 1100, "height": 900},
                                  device_scale_factor=1, offline=True)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(page_file.as_uri())
    images = page.locator("img")
    assert images.count() == 1 + 3 * 2
    for index in range(images.count()):
        image = images.nth(index)
        assert image.evaluate("(img) => img.complete && img.naturalWidth > 0"), index
        assert len(image.get_attribute("alt") or "") > 40
    assert all(url.startswith(("file:", "data:")) for url in requests), requests
    assert page.locator("h1").inner_text() == "Millers Hollow: balance report"
    check_accessibility(page, "lab report")
    page.screenshot(path=str(shots / "lab-report.png"), full_page=False)
    context.close()
