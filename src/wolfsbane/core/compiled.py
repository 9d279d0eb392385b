"""The compiled build (mypyc, see setup.py): its marks, which do nothing in pure
Python, and whether the engine running is that build."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_Class = TypeVar("_Class")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the marks matter only to the compiler: pure Python goes without them
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_Class], _Class]:
        return lambda cls: cls


def is_compiled() -> bool:
    """Whether the engine imported is the compiled build (its modules are extensions)."""
    from . import game

    return not str(game.__file__).endswith(".py")


__all__ = ["is_compiled", "mypyc_attr"]
