from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
SHARED_RULES = SHARED / "rules"
SHARED_SCENARIOS = SHARED / "scenarios"
OWN_SCENARIOS = REPO / "tests" / "scenarios"


def needs_shared(path: Path) -> pytest.MarkDecorator:
    """Skip a test that reads the shared reference material when it is not beside the repo
    (a fresh clone has no ../shared)."""
    return pytest.mark.skipif(
        not path.exists(),
        reason=f"the shared reference material ({path.relative_to(SHARED.parent)}) is not "
               "beside this clone",
    )
