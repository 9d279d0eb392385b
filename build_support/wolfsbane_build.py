"""The build backend: setuptools' own, which also asks for mypy (mypyc ships with it) when the
wheel it builds is to be compiled (see setup.py and docs/performance.md).

`pip install .` builds a wheel: compiled where a C compiler is at hand, pure Python wherever
one is missing or the compilation fails. ``WOLFSBANE_COMPILE=0`` asks for pure Python. An
editable install (``pip install -e '.[test]'``) is never compiled: its modules are the sources
themselves, which a compiled module beside them would shadow.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sysconfig
from collections.abc import Callable, Iterator
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - the backend's whole interface, as it is

COMPILER_REQUIREMENT = "mypy>=1.10"  # mypyc ships with mypy
SWITCH = "WOLFSBANE_COMPILE"  # "0": pure Python; unset or "1": compiled where possible


def c_compiler() -> str | None:
    """The C compiler this Python builds extensions with, if there is one on the PATH."""
    chosen = os.environ.get("CC", "").split()
    if chosen:  # the one the builder named, or none
        return chosen[0] if shutil.which(chosen[0]) else None
    configured = (sysconfig.get_config_var("CC") or "").split()
    for name in (*configured[:1], "cc", "gcc", "clang"):
        if shutil.which(name):
            return name
    return None


def compiling() -> bool:
    return os.environ.get(SWITCH, "") != "0" and c_compiler() is not None


@contextlib.contextmanager
def _pure() -> Iterator[None]:
    """setup.py runs for every hook (pip calls each in a process of its own): compile nothing
    in those that only ask for requirements or metadata, or build an editable wheel."""
    before = os.environ.get(SWITCH)
    os.environ[SWITCH] = "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ[SWITCH]
        else:
            os.environ[SWITCH] = before


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    wanted = compiling()
    with _pure():
        requirements: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return requirements + [COMPILER_REQUIREMENT] if wanted else requirements


def _compiling_nothing(hook: Callable[..., Any]) -> Callable[..., Any]:
    """setuptools' `hook`, run with nothing compiled."""
    def run(*args: Any, **kwargs: Any) -> Any:
        with _pure():
            return hook(*args, **kwargs)
    return run


# the hooks that build no compiled wheel: metadata, editable installs, source distributions
prepare_metadata_for_build_wheel = _compiling_nothing(_setuptools.prepare_metadata_for_build_wheel)
get_requires_for_build_editable = _compiling_nothing(_setuptools.get_requires_for_build_editable)
prepare_metadata_for_build_editable = _compiling_nothing(
    _setuptools.prepare_metadata_for_build_editable)
build_editable = _compiling_nothing(_setuptools.build_editable)
get_requires_for_build_sdist = _compiling_nothing(_setuptools.get_requires_for_build_sdist)
build_sdist = _compiling_nothing(_setuptools.build_sdist)
