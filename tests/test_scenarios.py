"""Every conformance scenario: the project's own, and ../shared/scenarios whenever it exists."""

from __future__ import annotations

from pathlib import Path

import pytest

from wolfsbane.scenarios import load_scenario, run_scenario, scenario_files

from .conftest import OWN_SCENARIOS, SHARED_SCENARIOS, needs_shared


def _collect() -> list[Path]:
    folders = [OWN_SCENARIOS] + ([SHARED_SCENARIOS] if SHARED_SCENARIOS.is_dir() else [])
    return scenario_files(folders)


@pytest.mark.parametrize("path", _collect(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path: Path) -> None:
    result = run_scenario(load_scenario(path))
    if result.status == "SKIP":
        pytest.skip(result.detail)
    assert result.status == "PASS", result.detail


@needs_shared(SHARED_SCENARIOS)
def test_shared_scenarios_are_run_when_present() -> None:
    assert any(SHARED_SCENARIOS.rglob("*.yaml"))
    assert set(scenario_files([SHARED_SCENARIOS])) <= set(_collect())
