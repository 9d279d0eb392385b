"""The build backend: setuptools' own, which also asks for mypy when a compiled build is
wanted (``WOLFSBANE_COMPILE=1 pip install .``; see setup.py and docs/performance.md).

Every other install (``pip install -e '.[test]'``, a plain ``pip install .``) builds exactly
as setuptools does: pure Python, nothing to compile, no extra requirement.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - the backend's whole interface, as it is

COMPILER_REQUIREMENT = "mypy>=1.10"  # mypyc ships with mypy


def _compiling() -> bool:
    return os.environ.get("WOLFSBANE_COMPILE", "") == "1"


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    # setuptools runs setup.py to find its own requirements: it compiles nothing then
    os.environ["WOLFSBANE_FINDING_REQUIREMENTS"] = "1"
    try:
        requirements: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    finally:
        del os.environ["WOLFSBANE_FINDING_REQUIREMENTS"]
    return requirements + [COMPILER_REQUIREMENT] if _compiling() else requirements
