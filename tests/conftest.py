from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED_SCENARIOS = REPO.parent / "shared" / "scenarios"
OWN_SCENARIOS = REPO / "tests" / "scenarios"
