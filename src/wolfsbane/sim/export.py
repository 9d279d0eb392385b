"""Per-game export: one row per game, written as the games finish (CSV and JSON lines), so
a million-game run writes a million rows without holding them."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from .stats import ROW_FIELDS

CELL_FIELDS = ("edition", "players", "deck")  # which set-up a row's game was played with


class RowWriter:
    """Writes per-game rows to a CSV file, a JSON lines file, or both, flushing each batch.
    `cell` (edition, players, deck) is prefixed to every row, so a sweep's rows say which
    cell they belong to."""

    def __init__(self, csv_path: Path | None = None, jsonl_path: Path | None = None) -> None:
        self.rows = 0
        self._cell: dict[str, Any] = {}
        self._csv_file: IO[str] | None = None
        self._jsonl_file: IO[str] | None = None
        self._csv: csv.DictWriter[str] | None = None
        try:
            if csv_path is not None:
                self._csv_file = csv_path.open("w", encoding="utf-8", newline="")
                self._csv = csv.DictWriter(self._csv_file, fieldnames=[*CELL_FIELDS,
                                                                       *ROW_FIELDS])
                self._csv.writeheader()
            if jsonl_path is not None:
                self._jsonl_file = jsonl_path.open("w", encoding="utf-8")
        except OSError:
            self.close()
            raise

    @property
    def active(self) -> bool:
        return self._csv is not None or self._jsonl_file is not None

    def set_cell(self, edition: str, players: int, deck: list[str]) -> None:
        self._cell = {"edition": edition, "players": players, "deck": ";".join(deck)}

    def write(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            full = {**self._cell, **row}
            if self._csv is not None:
                self._csv.writerow(full)
            if self._jsonl_file is not None:
                self._jsonl_file.write(json.dumps(full) + "\n")
        self.rows += len(rows)
        for handle in (self._csv_file, self._jsonl_file):
            if handle is not None:
                handle.flush()

    def close(self) -> None:
        for handle in (self._csv_file, self._jsonl_file):
            if handle is not None:
                handle.close()
        self._csv_file = self._jsonl_file = None
        self._csv = None

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()
