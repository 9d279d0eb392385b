"""The compiled build (`pip install .`: mypyc compiles the engine and the bots where a C
compiler is at hand) plays exactly the games pure Python plays, and falls back to pure Python
where it cannot compile.

Where the package imported is the compiled build, that build is compared; otherwise the
tests compile a copy of this tree first (about a minute of CPU), and skip, saying why, where
mypyc, a C compiler or the tree's own build files are missing.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import wolfsbane
from wolfsbane.core.compiled import is_compiled

ROOT = Path(__file__).resolve().parents[1]
BUILD_FILES = ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in", "build_support")
EXTENSION = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
# modules the compiled build must hold (setup.py compiles more: these are the hot path)
MUST_BE_COMPILED = ("wolfsbane.core.game", "wolfsbane.core.decision", "wolfsbane.core.events",
                    "wolfsbane.core.edition",
                    "wolfsbane.editions.millers_hollow", "wolfsbane.editions.millers_hollow.roles",
                    "wolfsbane.agents.driver", "wolfsbane.agents.memory",
                    "wolfsbane.agents.heuristic", "wolfsbane.agents.random_bot")


def _compiler() -> str | None:
    configured = (sysconfig.get_config_var("CC") or "").split()
    for name in (*configured[:1], "cc", "gcc", "clang"):
        if shutil.which(name):
            return name
    return None


def _build_tree(into: Path) -> Path:
    """A copy of this tree's build files and sources, in `into`."""
    into.mkdir(parents=True, exist_ok=True)
    for name in BUILD_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, into / name)
    shutil.copytree(ROOT / "src", into / "src", ignore=shutil.ignore_patterns(
        "__pycache__", "*.egg-info", f"*{EXTENSION}"))
    return into


def _build_wheel(tree: Path, into: Path, **environment: str) -> subprocess.CompletedProcess[str]:
    """`pip wheel` of `tree` into `into`, as `pip install` builds it (an isolated build
    environment with the build backend's own requirements)."""
    return subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(into), str(tree)],
        text=True, capture_output=True, timeout=1200, env=dict(os.environ, **environment))


def _unpacked(wheels: Path, into: Path) -> Path:
    """The one wheel in `wheels`, unpacked into `into` (a directory to put on the path)."""
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(into)
    return into


def _skip_unless_buildable() -> None:
    missing = [name for name in BUILD_FILES if not (ROOT / name).exists()]
    if missing or not (ROOT / "benchmarks" / "same_games.py").exists():
        pytest.skip(f"the tree's build files are not here ({', '.join(missing) or 'benchmarks'})")
    if importlib.util.find_spec("mypyc") is None:
        pytest.skip("mypyc (part of mypy, in the test extra) is not installed")
    if _compiler() is None:
        pytest.skip("no C compiler on this machine: the compiled build cannot be made here")


@pytest.fixture(scope="module")
def compiled_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str | None]:
    """The directory holding a compiled `wolfsbane` package, and what its build said (None
    where the package imported is the compiled build already installed)."""
    if is_compiled():
        return Path(wolfsbane.__file__).resolve().parents[1], None
    _skip_unless_buildable()
    scratch = tmp_path_factory.mktemp("compiled")
    tree = _build_tree(scratch / "tree")
    built = _build_wheel(tree, scratch / "wheel")  # what `pip install .` does by default
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return _unpacked(scratch / "wheel", scratch / "site"), built.stdout + built.stderr


@pytest.fixture(scope="module")
def compiled_sources(compiled_build: tuple[Path, str | None]) -> Path:
    return compiled_build[0]


def _is_gcc(compiler: str) -> bool:
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True)
    return "Free Software Foundation" in version.stdout


def test_with_gcc_the_build_is_guided_by_a_profile_of_the_games(
        compiled_build: tuple[Path, str | None]) -> None:
    # compiled with counters, trained on games (build_support/profile_training.py), compiled
    # again knowing the hot paths: nothing failed on the way, or it would say so
    _sources, said = compiled_build
    if said is None:
        pytest.skip("the compiled build installed here was built elsewhere")
    compiler = (os.environ.get("CC") or _compiler() or "").split()
    if not compiler or not _is_gcc(compiler[0]):
        pytest.skip("the compiler here is not GCC: the build compiles in one pass")
    assert "training: playing games on the counting build" in said
    assert "compiling again, guided by the profile" in said
    assert "the profile-guided build failed" not in said
    assert "installing pure Python" not in said


@pytest.fixture(scope="module")
def pure_sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same package's Python sources alone."""
    into = tmp_path_factory.mktemp("pure")
    shutil.copytree(Path(wolfsbane.__file__).parent, into / "wolfsbane",
                    ignore=shutil.ignore_patterns("__pycache__", f"*{EXTENSION}", "*.pyd"))
    return into


def _run(sources: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *arguments], cwd=ROOT, text=True,
                          capture_output=True, timeout=1800,
                          env=dict(os.environ, PYTHONPATH=str(sources)))


def test_the_compiled_build_compiles_the_engine_and_the_bots(compiled_sources: Path) -> None:
    found = _run(compiled_sources, "-c", "import importlib, sys\n"
                 "from wolfsbane.core.compiled import is_compiled\n"
                 f"for name in {MUST_BE_COMPILED!r}:\n"
                 "    print(importlib.import_module(name).__file__)\n"
                 "print(is_compiled())")
    assert found.returncode == 0, found.stderr
    *files, compiled = found.stdout.split()
    assert compiled == "True"
    assert len(files) == len(MUST_BE_COMPILED)
    assert all(file.endswith(EXTENSION) for file in files), files


def test_the_compiled_build_plays_the_same_games_as_pure_python_on_many_seeds(
        compiled_sources: Path, pure_sources: Path) -> None:
    # every edition: random answers (automatic and manual storyteller), timed nights, bots;
    # each game's events, questions, log and outcome fingerprinted on both builds
    compared = _run(compiled_sources, "benchmarks/same_games.py", "--games", "40",
                    "--bot-games", "12", "--timed-games", "12", "--against", str(pure_sources))
    assert compared.returncode == 0, compared.stdout + compared.stderr[-3000:]
    assert " 0 differ, 0 only on one side" in compared.stdout


def test_the_compiled_build_plays_the_benchmarks_games_as_pure_python(
        compiled_sources: Path, pure_sources: Path) -> None:
    # the benchmark's own tables, 300 seeds each: basic, peer-like, the full deck, bots
    script = ("import sys, hashlib\nsys.path.insert(0, 'benchmarks')\nimport engine\n"
              "for play in (engine.play_basic, engine.play_peer_like, engine.play_full,"
              " engine.play_bots):\n"
              "    digest = hashlib.sha256()\n"
              "    for seed in range(300):\n"
              "        game = play(seed)\n"
              "        digest.update(repr([e.key() for e in game.events]).encode())\n"
              "        digest.update(repr(game.log).encode())\n"
              "    print(play.__name__, digest.hexdigest())")
    compiled, pure = _run(compiled_sources, "-c", script), _run(pure_sources, "-c", script)
    assert compiled.returncode == 0 and pure.returncode == 0, compiled.stderr + pure.stderr
    assert compiled.stdout == pure.stdout
    assert len(compiled.stdout.splitlines()) == 4


def test_an_interpreted_edition_overrides_the_compiled_defaults(compiled_sources: Path) -> None:
    # the engine is compiled with Edition: an edition written in plain Python (every one but
    # Millers Hollow; a variant of Millers Hollow) still has its own declarations and its own
    # rules called, by the compiled engine as by anyone reading them off the class
    script = ("from wolfsbane.core import Game\n"
              "from wolfsbane.editions.millers_hollow import MillersHollow\n"
              "class Hidden(MillersHollow):\n"
              "    id = 'hidden'\n"
              "    def reveals_cards(self, game):\n"
              "        return False\n"
              "    def role_shown_to_self(self, player):\n"
              "        return 'villager'\n"
              "seats = ['Ana', 'Ben', 'Cy', 'Dee', 'Eve']\n"
              "roles = ['werewolf', 'fortune-teller', 'villager', 'villager', 'villager']\n"
              "game = Game(Hidden(), seats, roles=roles, options={'sheriff': False})\n"
              "print(Hidden.id, Hidden().id, MillersHollow.id, game.edition.id)\n"
              "print(sorted({e.data['role'] for e in game.events if e.kind == 'RoleDealt'}))\n"
              "for name, answer in (('inspect', None), ('attack', 'Ben')):\n"
              "    asked = next(d for d in game.open.values() if d.name == name)\n"
              "    game.answer(asked.id, answer)\n"
              "print([e.data for e in game.events if e.kind == 'Announced'])")
    found = _run(compiled_sources, "-c", script)
    assert found.returncode == 0, found.stderr
    declared, dealt, announced = found.stdout.splitlines()
    assert declared == "hidden hidden millers-hollow hidden"
    assert dealt == "['villager']"
    assert "'player': 'Ben'" in announced and "'role'" not in announced


def test_the_compiled_bots_play_at_the_skill_level_asked_for(compiled_sources: Path) -> None:
    # a compiled class's signature shows only its base's parameters: every level must still
    # reach every edition's bot (once, every compiled bot was seated strong)
    script = ("import random\nfrom wolfsbane.agents import bot_for\n"
              "from wolfsbane.agents.skill import SKILLS\n"
              "from wolfsbane.editions import EDITIONS\n"
              "for edition in sorted(e for e, ed in EDITIONS.items() if ed.bot):\n"
              "    for skill in SKILLS:\n"
              "        bot = bot_for('P1', random.Random(1), edition, skill)\n"
              "        print(edition, skill, bot.skill)")
    found = _run(compiled_sources, "-c", script)
    assert found.returncode == 0, found.stderr
    lines = [line.split() for line in found.stdout.splitlines()]
    assert len(lines) >= 10
    assert all(asked == given for _edition, asked, given in lines), found.stdout


def test_without_a_compiler_the_build_installs_pure_python(tmp_path: Path) -> None:
    _skip_unless_buildable()
    tree = _build_tree(tmp_path / "tree")
    built = _build_wheel(tree, tmp_path / "wheel", CC="no-such-compiler")
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "installing pure Python" in built.stdout + built.stderr
    site = _unpacked(tmp_path / "wheel", tmp_path / "site")
    assert not list(site.rglob(f"*{EXTENSION}"))
    assert (site / "wolfsbane" / "core" / "game.py").exists()


def _without_switch() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if key != "WOLFSBANE_COMPILE"}


def test_asking_for_pure_python_compiles_nothing(tmp_path: Path) -> None:
    missing = [name for name in BUILD_FILES if not (ROOT / name).exists()]
    if missing:
        pytest.skip(f"the tree's build files are not here ({', '.join(missing)})")
    tree = _build_tree(tmp_path / "tree")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "wheel"),
         str(tree)], text=True, capture_output=True, timeout=600,
        env=dict(_without_switch(), WOLFSBANE_COMPILE="0"))
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")  # pure Python: no compiled module in it


def test_an_editable_install_is_never_compiled(tmp_path: Path) -> None:
    # `pip install -e` of a copy of the tree into a prefix of its own (the package installed
    # here is left alone), nothing said, on a machine that could compile:
    # the build asks for no mypy, and no module is compiled beside the sources it points to
    _skip_unless_buildable()
    tree = _build_tree(tmp_path / "tree")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--ignore-installed", "-v", "-e",
         str(tree),
         "--prefix", str(tmp_path / "prefix")], text=True, capture_output=True, timeout=600,
        env=_without_switch())
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "mypy" not in built.stdout + built.stderr
    assert list((tmp_path / "prefix").rglob("__editable__*wolfsbane*"))
    assert not list(tree.rglob(f"*{EXTENSION}"))
    assert not list((tmp_path / "prefix").rglob(f"*{EXTENSION}"))


def test_the_source_distribution_builds_into_a_wheel(tmp_path: Path) -> None:
    # an sdist made by the tree's own backend, then built as `pip install` builds it: the
    # backend and the training games must travel in it (MANIFEST.in), or nothing builds
    missing = [name for name in BUILD_FILES if not (ROOT / name).exists()]
    if missing:
        pytest.skip(f"the tree's build files are not here ({', '.join(missing)})")
    tree = _build_tree(tmp_path / "tree")
    tools = tmp_path / "tools"  # the backend's requirements, as pip's isolated build has them
    fetched = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target",
                              str(tools), "setuptools>=77", "wheel"],
                             text=True, capture_output=True, timeout=600)
    if fetched.returncode != 0:
        pytest.skip(f"setuptools could not be installed here: {fetched.stderr[-300:]}")
    made = subprocess.run(
        [sys.executable, "-c", "import wolfsbane_build\n"
         f"print(wolfsbane_build.build_sdist({str(tmp_path / 'sdist')!r}))"],
        cwd=tree, text=True, capture_output=True, timeout=600,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree / "build_support"),
                                                         str(tools)])))
    assert made.returncode == 0, made.stderr[-3000:]
    (sdist,) = (tmp_path / "sdist").glob("*.tar.gz")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "wheel"),
         str(sdist)], text=True, capture_output=True, timeout=600,
        env=dict(_without_switch(), WOLFSBANE_COMPILE="0"))  # pure: the sdist is the point
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert "wolfsbane/core/game.py" in archive.namelist()
