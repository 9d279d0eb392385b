"""The compiled build: ``pip install .`` compiles the engine's hot path with mypyc where a C
compiler is at hand (the build backend, build_support/wolfsbane_build.py, then fetches mypy,
which ships mypyc), and installs pure Python wherever one is missing or the compilation fails
(the build says so, and the package is whole either way). ``WOLFSBANE_COMPILE=0`` asks for
pure Python; an editable install (``pip install -e '.[test]'``) is never compiled. Everything
else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
PACKAGE = HERE / "src" / "wolfsbane"

# What is compiled: the engine (the core's modules and Millers Hollow's rules), the bot
# driver, the heuristic bots and the random bot (it answers every question of a fuzzed or a
# timed-out game). The core's `edition` is compiled too: its Edition allows the editions
# that stay interpreted to subclass it. Not the core's `catalog`: Clocktower subclasses its
# frozen dataclass Option, which a compiled class does not allow. Not `agents.seat_view` nor
# `agents.frozen`: a compiled function checks that an argument is of a compiled class it
# names, and agents are handed views that only look like SeatView (over the wire, in tests);
# and FrozenDict's refusals are a dict subclass's, which only an interpreted class keeps.
NOT_COMPILED = {"catalog.py"}
ENGINE = sorted(
    [str(path.relative_to(HERE)) for path in (PACKAGE / "core").glob("*.py")
     if path.name not in NOT_COMPILED]
    + [str(path.relative_to(HERE)) for path in (PACKAGE / "editions" / "millers_hollow")
       .glob("*.py")])
BOTS = [f"src/wolfsbane/agents/{name}.py"
        for name in ("base", "driver", "memory", "heuristic", "reasons", "random_bot")]


def _say(text: str) -> None:
    print(f"wolfsbane build: {text}", file=sys.stderr)


def _brief(error: BaseException) -> str:
    """An error in a line: a failed compiler's whole command line is no help here (the
    compiler's own message is printed above it)."""
    said = str(error).splitlines()[0] if str(error) else type(error).__name__
    return said if len(said) <= 160 else said[:157] + "..."


# Flags for GCC and Clang: the compiled modules' functions call one another directly instead of
# through the dynamic linker's tables (only the modules' entry points are exported), and call
# CPython's through its table without a stub: a sixth fewer branches mispredicted in a game.
DIRECT_CALLS = ["-fvisibility=hidden", "-fno-semantic-interposition", "-fno-plt"]
TRAINING = HERE / "build_support" / "profile_training.py"
GUIDED = "WOLFSBANE_PGO"  # "0": one plain pass, no profile (a quicker build, a slower engine)


class OptionalBuildExt(build_ext):
    """Compiles the extensions as well as the compiler allows: with GCC, guided by a profile
    of the games they play most (compiled with counters, trained by
    build_support/profile_training.py, compiled again); otherwise, or if that fails, in one
    pass (with direct calls, or without them for a compiler that lacks those flags); if that
    fails too (no compiler, say), removes whatever part of them was built and carries on: the
    pure Python modules are installed either way."""

    def run(self) -> None:
        if not self.extensions:
            return
        unix = os.name == "posix"
        self._compiler_asked = self.compiler  # a pass replaces it with the compiler it made
        self._own_flags = {
            extension.name: (list(extension.extra_compile_args), list(extension.extra_link_args))
            for extension in self.extensions}
        if unix and os.environ.get(GUIDED, "") != "0" and _is_gcc():
            try:
                self._profile_guided()
                return
            except Exception as error:  # noqa: BLE001 - a plain build is as correct
                _say(f"the profile-guided build failed ({_brief(error)}); compiling in one pass")
        if unix:
            try:
                self._compile(DIRECT_CALLS, DIRECT_CALLS)
                return
            except Exception as error:  # noqa: BLE001 - an older compiler may lack the flags
                _say(f"the compiled build with direct calls failed ({_brief(error)}); "
                     "compiling without them")
        try:
            self._compile([], [])
        except Exception as error:  # noqa: BLE001 - any failure falls back to pure Python
            _say(f"the compiled build failed ({_brief(error)}); installing pure Python")
            for extension in self.extensions:
                built = Path(self.get_ext_fullpath(extension.name))
                if built.exists():
                    built.unlink()
            self.extensions = []

    def _compile(self, compile_flags: list[str], link_flags: list[str]) -> None:
        """One pass over every extension, with these flags after their own."""
        for extension in self.extensions:
            own_compile, own_link = self._own_flags[extension.name]
            extension.extra_compile_args = [*own_compile, *compile_flags]
            extension.extra_link_args = [*own_link, *link_flags]
        self.force = True  # every object again: an earlier pass's objects had other flags
        self.compiler = self._compiler_asked
        super().run()

    def _profile_guided(self) -> None:
        with tempfile.TemporaryDirectory(prefix="wolfsbane-profile-") as profile:
            _say("compiling with counters, to learn which paths the games take")
            self._compile([*DIRECT_CALLS, f"-fprofile-generate={profile}",
                           "-fprofile-update=single"],
                          [*DIRECT_CALLS, f"-fprofile-generate={profile}"])
            _say("training: playing games on the counting build")
            # the package just built (its Python modules are there too) before anything else
            package = os.pathsep.join(
                [str(Path(self.build_lib).resolve()), *os.environ.get("PYTHONPATH", "")
                 .split(os.pathsep)]).rstrip(os.pathsep)
            with tempfile.TemporaryDirectory() as elsewhere:  # away from the tree's sources
                trained = subprocess.run([sys.executable, str(TRAINING)], cwd=elsewhere,
                                         env=dict(os.environ, PYTHONPATH=package),
                                         capture_output=True, text=True, timeout=600)
            if trained.returncode != 0:
                said = (trained.stderr.strip().splitlines() or ["no word"])[-1]
                raise RuntimeError(f"the training stopped: {said}")
            if not any(Path(profile).glob("*.gcda")):
                raise RuntimeError("the training left no profile")
            _say("compiling again, guided by the profile")
            self._compile([*DIRECT_CALLS, f"-fprofile-use={profile}",
                           "-fprofile-partial-training", "-Wno-missing-profile"], DIRECT_CALLS)


def _is_gcc() -> bool:
    """Whether the C compiler extensions are built with is GCC (whose profile flags these
    are: Clang's profiles need merging by a tool of their own)."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        version = subprocess.run([compiler[0], "--version"], capture_output=True, text=True,
                                 timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "Free Software Foundation" in version  # GCC's notice; Clang prints none


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
