"""The compiled build: ``pip install .`` compiles the engine's hot path with mypyc where a C
compiler is at hand (the build backend, build_support/wolfsbane_build.py, then fetches mypy,
which ships mypyc), and installs pure Python wherever one is missing or the compilation fails
(the build says so, and the package is whole either way). ``WOLFSBANE_COMPILE=0`` asks for
pure Python; an editable install (``pip install -e '.[test]'``) is never compiled. Everything
else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
PACKAGE = HERE / "src" / "wolfsbane"

# What is compiled: the engine (the core's modules and Millers Hollow's rules), the bot
# driver, the heuristic bots and the random bot (it answers every question of a fuzzed or a
# timed-out game). Not the core's `edition` and `catalog`: their classes are subclassed by
# code that stays interpreted (every edition subclasses Edition; Clocktower subclasses
# Option), which compiled classes do not allow. Not `agents.seat_view` nor
# `agents.frozen`: a compiled function checks that an argument is of a compiled class it
# names, and agents are handed views that only look like SeatView (over the wire, in tests);
# and FrozenDict's refusals are a dict subclass's, which only an interpreted class keeps.
NOT_COMPILED = {"edition.py", "catalog.py"}
ENGINE = sorted(
    [str(path.relative_to(HERE)) for path in (PACKAGE / "core").glob("*.py")
     if path.name not in NOT_COMPILED]
    + [str(path.relative_to(HERE)) for path in (PACKAGE / "editions" / "millers_hollow")
       .glob("*.py")])
BOTS = [f"src/wolfsbane/agents/{name}.py"
        for name in ("base", "driver", "memory", "heuristic", "reasons", "random_bot")]


def _say(text: str) -> None:
    print(f"wolfsbane build: {text}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Compiles the extensions, or, if that fails (no compiler, say), removes whatever part
    of them was built and carries on: the pure Python modules are installed either way."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any failure falls back to pure Python
            _say(f"the compiled build failed ({error}); installing pure Python")
            for extension in self.extensions:
                built = Path(self.get_ext_fullpath(extension.name))
                if built.exists():
                    built.unlink()
            self.extensions = []


def extensions() -> list[Any]:
    if os.environ.get("WOLFSBANE_COMPILE", "") == "0":  # asked for, or a hook that builds
        return []                                        # no wheel (wolfsbane_build._pure)
    try:
        from mypyc.build import mypycify
    except ImportError:  # the backend asks for mypy only where there is a C compiler
        _say("no C compiler or no mypyc (part of mypy); installing pure Python")
        return []
    # the bots change more often than the engine: if they do not compile, the engine alone is
    for modules in (ENGINE + BOTS, ENGINE):
        try:
            compiled: list[Any] = mypycify(["--follow-imports=silent", *modules],
                                            opt_level="3")
        except (Exception, SystemExit) as error:  # noqa: BLE001 - mypyc exits on a type error
            _say(f"mypyc could not compile {len(modules)} modules ({error})")
            continue
        return compiled
    _say("installing pure Python")
    return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
