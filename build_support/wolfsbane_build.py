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
from collections.abc import Iterator

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


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: dict[str, object] | None = None) -> str:
    with _pure():
        prepared: str = _setuptools.prepare_metadata_for_build_wheel(metadata_directory,
                                                                     config_settings)
    return prepared


def get_requires_for_build_editable(
        config_settings: dict[str, object] | None = None) -> list[str]:
    with _pure():
        requirements: list[str] = _setuptools.get_requires_for_build_editable(config_settings)
    return requirements


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: dict[str, object] | None = None) -> str:
    with _pure():
        prepared: str = _setuptools.prepare_metadata_for_build_editable(metadata_directory,
                                                                        config_settings)
    return prepared


def build_editable(wheel_directory: str, config_settings: dict[str, object] | None = None,
                   metadata_directory: str | None = None) -> str:
    with _pure():
        built: str = _setuptools.build_editable(wheel_directory, config_settings,
                                                metadata_directory)
    return built


def get_requires_for_build_sdist(config_settings: dict[str, object] | None = None) -> list[str]:
    with _pure():
        requirements: list[str] = _setuptools.get_requires_for_build_sdist(config_settings)
    return requirements


def build_sdist(sdist_directory: str, config_settings: dict[str, object] | None = None) -> str:
    with _pure():
        built: str = _setuptools.build_sdist(sdist_directory, config_settings)
    return built
