"""Durable storage: games, participants and the append-only answer log.

One schema, two back ends: SQLite (the embedded default, one file in WAL mode) and PostgreSQL
(psycopg 3). Writes are *group committed*: every job waiting at the same moment runs in one
transaction (each inside its own savepoint, so one failing job does not undo the others), then a
single commit makes them all durable at once, and only then are their callers woken. A caller
that awaits `save()` therefore knows its rows are stored before it tells anyone their
consequences.

PostgreSQL work runs in one dedicated thread (its calls wait on the network). SQLite work runs on
the event loop itself, batched once per loop iteration: a WAL commit is tens of microseconds, far
less than handing work to a thread that must win the GIL back for every statement. With
``synchronous=NORMAL`` (the default) a commit survives the server process being killed at any
moment; ``sqlite:///PATH?synchronous=full`` also survives the machine losing power, at the cost
of an fsync per group commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

SCHEMA_VERSION = 1

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS wolfsbane_schema (version INTEGER NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        edition TEXT NOT NULL,
        config TEXT NOT NULL,
        state TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE INDEX IF NOT EXISTS games_status ON games (status)""",
    """CREATE TABLE IF NOT EXISTS participants (
        id TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games (id),
        token_hash TEXT UNIQUE,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        bot INTEGER NOT NULL,
        active INTEGER NOT NULL,
        joined_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE INDEX IF NOT EXISTS participants_game ON participants (game_id)""",
    """CREATE TABLE IF NOT EXISTS answer_log (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        entry TEXT NOT NULL,
        source TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
)


@dataclass
class GameRow:
    id: str
    code: str
    status: str
    edition: str
    config: dict[str, Any]
    state: dict[str, Any]
    created_at: float


@dataclass
class ParticipantRow:
    id: str
    game_id: str
    token_hash: str | None
    kind: str
    name: str
    bot: bool
    active: bool
    joined_at: float


@dataclass
class LogRow:
    seq: int
    entry: dict[str, Any]
    source: str
    at: float


def describe(url: str) -> str:
    """The database a URL points at, without its password, for the start-up banner."""
    if url.startswith(("postgresql://", "postgres://")):
        parsed = urlparse(url)
        host = parsed.hostname or "localhost"
        port = f":{parsed.port}" if parsed.port else ""
        return f"postgresql://{host}{port}{parsed.path}"
    return str(sqlite_path(url))


def sqlite_path(url: str) -> Path:
    if url.startswith("sqlite:///"):
        return Path(unquote(url[len("sqlite:///"):].split("?", 1)[0]))
    if url.startswith("sqlite://"):
        raise ValueError("use sqlite:///PATH (three slashes) for a SQLite file")
    return Path(url)


def sqlite_synchronous(url: str) -> str:
    query = url.split("?", 1)[1] if url.startswith("sqlite:///") and "?" in url else ""
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if key == "synchronous" and value.lower() in ("normal", "full", "extra"):
            return value.upper()
    return "NORMAL"


class _Job:
    __slots__ = ("fn", "future", "loop", "rows")

    def __init__(
        self, fn: Callable[[Any], Any], future: asyncio.Future[Any] | None,
        loop: asyncio.AbstractEventLoop | None, rows: _SaveRows | None = None,
    ) -> None:
        self.fn = fn
        self.future = future
        self.loop = loop
        self.rows = rows  # a save, which may be merged with the other saves of its batch


@dataclass
class _SaveRows:
    log: list[tuple[Any, ...]]
    participants: list[tuple[Any, ...]]
    game: tuple[Any, ...]
    # the log's entries from this one on are gone before the new ones are written (the
    # storyteller took back their last answer)
    cut: tuple[str, int] | None = None



# SQLite's write-ahead log is checkpointed while the server runs: a checkpointed log is cut back
# to WAL_SIZE_LIMIT bytes when it restarts, and one that still grows past WAL_TRUNCATE_ABOVE
# (a checkpoint that never caught up under load) is checkpointed and truncated outright.
WAL_SIZE_LIMIT = 8 * 1024 * 1024
WAL_TRUNCATE_ABOVE = 32 * 1024 * 1024


class Store:
    """The database, behind one worker thread with group commit."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = url.startswith(("postgresql://", "postgres://"))
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._conn: Any = None
        self._ready = threading.Event()
        self._stop = threading.Event()
        self._error: BaseException | None = None
        self.commits = 0
        self._inline: list[_Job] = []  # SQLite jobs waiting for this loop iteration's commit
        self.synchronous = "" if self.postgres else sqlite_synchronous(url)

    # -- life cycle ------------------------------------------------------------------------

    def open(self) -> None:
        if not self.postgres:
            self._conn = self._connect()
            self._migrate()
            # checkpoints (copying the WAL into the database, with an fsync) happen in a
            # thread of their own, so that the event loop never waits for one
            self._conn.execute("PRAGMA wal_autocheckpoint=0")
            self._stop.clear()
            self._thread = threading.Thread(target=self._checkpointer, name="wolfsbane-wal",
                                            daemon=True)
            self._thread.start()
            return
        # The event loop hands every batch to the database thread, which must win the GIL back
        # after each statement; a short switch interval keeps it from waiting out 5 ms each time.
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.0005))
        self._thread = threading.Thread(target=self._run, name="wolfsbane-db", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise self._error

    def close(self) -> None:
        if not self.postgres:
            if self._inline:
                self._flush()
            self._stop.set()
            if self._thread is not None:
                self._thread.join(timeout=10)
                self._thread = None
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                self._conn.close()
                self._conn = None
            return
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
            self._thread = None

    def _connect(self) -> Any:
        if self.postgres:
            import psycopg

            conn = psycopg.connect(self.url, autocommit=False)
            return conn
        path = sqlite_path(self.url)
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        conn.execute(f"PRAGMA synchronous={sqlite_synchronous(self.url)}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=5000")
        return conn

    def _run(self) -> None:
        try:
            self._conn = self._connect()
            self._migrate()
        except BaseException as error:  # noqa: BLE001 - reported to the opener
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        stop = False
        while not stop:
            job = self._queue.get()
            if job is None:
                break
            jobs = [job]
            while True:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.append(more)
            self._run_batch(jobs)
        with contextlib.suppress(Exception):
            self._conn.close()

    def _checkpointer(self) -> None:
        conn = sqlite3.connect(str(sqlite_path(self.url)), isolation_level=None,
                               check_same_thread=False)
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        wal = Path(f"{sqlite_path(self.url)}-wal")
        seen = -1
        try:
            while not self._stop.wait(0.5):
                if self.commits != seen:
                    seen = self.commits
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
                    with contextlib.suppress(sqlite3.Error, OSError):
                        if wal.stat().st_size > WAL_TRUNCATE_ABOVE:
                            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()

    def _begin(self) -> None:
        if not self.postgres:
            self._conn.execute("BEGIN IMMEDIATE")

    def _run_batch(self, jobs: list[_Job]) -> None:
        if len(jobs) > 1 and all(job.rows is not None for job in jobs):
            # only saves: write them all at once; if that fails, one by one to find the culprit
            try:
                self._begin()
                self._write_saves([job.rows for job in jobs if job.rows is not None])
                self._commit()
                self.commits += 1
            except Exception:  # noqa: BLE001
                with contextlib.suppress(Exception):
                    self._rollback()
            else:
                for job in jobs:
                    self._settle_job(job, None, None)
                return
        results: list[tuple[_Job, Any, BaseException | None]] = []
        try:
            self._begin()
            for number, job in enumerate(jobs):
                savepoint = f"job{number}"
                self._exec(f"SAVEPOINT {savepoint}")
                try:
                    result = job.fn(self)
                except BaseException as error:  # noqa: BLE001 - handed to the caller
                    self._exec(f"ROLLBACK TO SAVEPOINT {savepoint}")
                    self._exec(f"RELEASE SAVEPOINT {savepoint}")
                    results.append((job, None, error))
                    continue
                self._exec(f"RELEASE SAVEPOINT {savepoint}")
                results.append((job, result, None))
            self._commit()
            self.commits += 1
        except BaseException as error:  # noqa: BLE001 - the whole batch failed
            with contextlib.suppress(Exception):
                self._rollback()
            results = [(job, None, error) for job in jobs]
        for job, result, error in results:
            self._settle_job(job, result, error)

    def _settle_job(self, job: _Job, result: Any, error: BaseException | None) -> None:
        if job.future is not None and job.loop is not None:
            if self.postgres:
                job.loop.call_soon_threadsafe(_settle, job.future, result, error)
            else:
                _settle(job.future, result, error)

    def _commit(self) -> None:
        if self.postgres:
            self._conn.commit()
        else:
            self._conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self.postgres:
            self._conn.rollback()
        else:
            self._conn.execute("ROLLBACK")

    def _migrate(self) -> None:
        self._begin()
        for statement in SCHEMA:
            self._exec(statement)
        rows = self.query("SELECT version FROM wolfsbane_schema")
        if not rows:
            self._exec("INSERT INTO wolfsbane_schema (version) VALUES (?)", (SCHEMA_VERSION,))
        elif rows[0][0] > SCHEMA_VERSION:
            self._rollback()
            raise RuntimeError(
                f"the database has schema version {rows[0][0]}; this wolfsbane knows "
                f"{SCHEMA_VERSION}: upgrade wolfsbane"
            )
        self._commit()

    # -- inside the worker thread ------------------------------------------------------------

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def _exec(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        if self.postgres:
            self._conn.execute(self._sql(sql), params)
        else:
            self._conn.execute(sql, params)

    def exec(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        self._exec(sql, params)

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        if self.postgres:
            with self._conn.cursor() as cursor:
                cursor.executemany(self._sql(sql), rows)
        else:
            self._conn.executemany(sql, rows)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        if self.postgres:
            return list(self._conn.execute(self._sql(sql), params).fetchall())
        return list(self._conn.execute(sql, params).fetchall())

    # -- from the event loop -----------------------------------------------------------------

    async def run(self, fn: Callable[[Store], Any], rows: _SaveRows | None = None) -> Any:
        """Run `fn(store)` inside a transaction (group committed); return when committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if not self.postgres:
            self._inline.append(_Job(fn, future, loop, rows))
            if self.synchronous == "NORMAL":
                # a commit without fsync costs tens of microseconds: do it now
                self._flush()
            elif len(self._inline) == 1:
                loop.call_soon(self._flush)  # one fsync for everything this loop iteration
            return await future
        self._queue.put(_Job(fn, future, loop, rows))
        return await future

    def _flush(self) -> None:
        jobs, self._inline = self._inline, []
        if jobs:
            self._run_batch(jobs)

    def run_sync(self, fn: Callable[[Store], Any]) -> Any:
        """The same, for callers outside the event loop (tests, tools)."""
        if not self.postgres:
            box_inline: list[Any] = []
            self._run_batch([_Job(lambda store: box_inline.append(fn(store)), None, None)])
            return box_inline[0] if box_inline else None
        done = threading.Event()
        box: dict[str, Any] = {}

        def wrapped(store: Store) -> Any:
            try:
                box["result"] = fn(store)
            except BaseException as error:
                box["error"] = error
                raise
            return box["result"]

        def finish(store: Store) -> None:
            done.set()

        self._queue.put(_Job(wrapped, None, None))
        self._queue.put(_Job(finish, None, None))
        done.wait()
        if "error" in box:
            raise box["error"]
        return box.get("result")

    # -- the operations --------------------------------------------------------------------

    async def create_game(self, row: GameRow) -> None:
        def fn(store: Store) -> None:
            now = time.time()
            store.exec(
                "INSERT INTO games (id, code, status, edition, config, state, created_at, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.code, row.status, row.edition, json.dumps(row.config),
                 json.dumps(row.state), row.created_at, now),
            )

        await self.run(fn)

    async def save(
        self,
        game_id: str,
        *,
        status: str | None = None,
        state: dict[str, Any] | None = None,
        config: dict[str, Any] | None = None,
        log: list[LogRow] | None = None,
        participants: list[ParticipantRow] | None = None,
        keep_log: int | None = None,
    ) -> None:
        """Append log entries, upsert participants and update the game row, in one commit.
        `keep_log`: first cut the stored log back to its first `keep_log` entries."""
        state_text = json.dumps(state) if state is not None else None
        config_text = json.dumps(config) if config is not None else None
        log_rows = [
            (game_id, entry.seq, json.dumps(entry.entry), entry.source, entry.at)
            for entry in (log or ())
        ]

        rows = _SaveRows(
            log_rows,
            [(p.id, p.game_id, p.token_hash, p.kind, p.name, int(p.bot), int(p.active),
              p.joined_at) for p in participants or ()],
            (time.time(), status, state_text, config_text, game_id),
            None if keep_log is None else (game_id, keep_log),
        )

        def fn(store: Store) -> None:
            store._write_saves([rows])

        await self.run(fn, rows)

    def _write_saves(self, saves: list[_SaveRows]) -> None:
        """Several saves in a handful of statements (one round trip each on PostgreSQL)."""
        cuts = [save.cut for save in saves if save.cut is not None]
        if cuts:
            self.executemany("DELETE FROM answer_log WHERE game_id = ? AND seq >= ?", cuts)
        self.executemany(
            "INSERT INTO answer_log (game_id, seq, entry, source, at) VALUES (?, ?, ?, ?, ?)",
            [row for save in saves for row in save.log],
        )
        people = [row for save in saves for row in save.participants]
        if people:
            self.executemany("DELETE FROM participants WHERE id = ?", [(p[0],) for p in people])
            self.executemany(
                "INSERT INTO participants (id, game_id, token_hash, kind, name, bot, active, "
                "joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", people)
        self.executemany(
            "UPDATE games SET updated_at = ?, status = COALESCE(?, status), "
            "state = COALESCE(?, state), config = COALESCE(?, config) WHERE id = ?",
            [save.game for save in saves],
        )

    async def game_ids(self, statuses: tuple[str, ...]) -> list[str]:
        marks = ", ".join("?" for _ in statuses)

        def fn(store: Store) -> list[str]:
            rows = store.query(
                f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY created_at", statuses
            )
            return [r[0] for r in rows]

        result: list[str] = await self.run(fn)
        return result

    async def find_code(self, code: str) -> str | None:
        def fn(store: Store) -> str | None:
            rows = store.query("SELECT id FROM games WHERE code = ?", (code,))
            return rows[0][0] if rows else None

        result: str | None = await self.run(fn)
        return result

    async def load(
        self, game_id: str
    ) -> tuple[GameRow, list[ParticipantRow], list[LogRow]] | None:
        def fn(store: Store) -> tuple[GameRow, list[ParticipantRow], list[LogRow]] | None:
            return store.load_now(game_id)

        result: tuple[GameRow, list[ParticipantRow], list[LogRow]] | None = await self.run(fn)
        return result

    def load_now(
        self, game_id: str
    ) -> tuple[GameRow, list[ParticipantRow], list[LogRow]] | None:
        rows = self.query(
            "SELECT id, code, status, edition, config, state, created_at FROM games WHERE id = ?",
            (game_id,),
        )
        if not rows:
            return None
        r = rows[0]
        game = GameRow(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), float(r[6]))
        people = [
            ParticipantRow(p[0], p[1], p[2], p[3], p[4], bool(p[5]), bool(p[6]), float(p[7]))
            for p in self.query(
                "SELECT id, game_id, token_hash, kind, name, bot, active, joined_at "
                "FROM participants WHERE game_id = ? ORDER BY joined_at, id",
                (game_id,),
            )
        ]
        log = [
            LogRow(int(e[0]), json.loads(e[1]), e[2], float(e[3]))
            for e in self.query(
                "SELECT seq, entry, source, at FROM answer_log WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        ]
        return game, people, log


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
