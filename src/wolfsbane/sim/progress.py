"""Progress on stderr for long runs: a live bar with games/s and the time left on a terminal,
and plain lines (every tenth of the run, at most every few seconds) in a log or a pipe."""

from __future__ import annotations

import time
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds + 0.5))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class GameProgress:
    """`update(done, total)` as chunks finish; use as a context manager."""

    def __init__(self, console: Console, description: str = "playing",
                 enabled: bool = True, every_seconds: float = 5.0) -> None:
        self.console = console
        self.description = description
        self.enabled = enabled
        self.every_seconds = every_seconds
        self.live = enabled and console.is_terminal
        self._bar: Progress | None = None
        self._task: Any = None
        self._started = time.perf_counter()
        self._last_line = 0.0
        self._last_tenth = -1

    def __enter__(self) -> GameProgress:
        self._started = time.perf_counter()
        if self.live:
            self._bar = Progress(
                TextColumn("[progress.description]{task.description}"), BarColumn(),
                MofNCompleteColumn(), TaskProgressColumn(),
                TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                console=self.console, transient=True)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.description, total=None, rate="")
        return self

    def describe(self, description: str) -> None:
        self.description = description
        if self._bar is not None:
            self._bar.update(self._task, description=description)

    def update(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self._started
        rate = done / elapsed if elapsed > 0 else 0.0
        if self._bar is not None:
            self._bar.update(self._task, completed=done, total=total,
                             rate=f"{rate:,.0f} games/s")
            return
        tenth = (10 * done) // total if total else 10
        now = time.perf_counter()
        if tenth > self._last_tenth and (now - self._last_line >= self.every_seconds
                                         or done == total):
            self._last_tenth = tenth
            self._last_line = now
            left = (total - done) / rate if rate > 0 else 0.0
            self.console.print(f"{self.description}: {done:,}/{total:,} games, "
                               f"{rate:,.0f} games/s, {_clock(elapsed)} elapsed, "
                               f"about {_clock(left)} left", highlight=False)

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(kind, value, traceback)
