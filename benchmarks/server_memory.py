"""Memory over many games: does a long-running server give back what finished games held?

Run as ``python benchmarks/server_memory.py [--games 2000] [--at-once 30]``. It starts
`wolfsbane serve` on a fresh SQLite file and plays `--games` all-bot Miller's Hollow games
(8 bots each, a spectator host polling the lobby over HTTP as a browser would), `--at-once`
of them at a time, one after another until all are done. It prints the server's resident
memory (RSS) before the first game, after every tenth of the games, at the end and once the
finished games have had time to leave memory, with the games the server still holds
(`/api/health`), and the size of the database and of its write-ahead log.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

import httpx

from wolfsbane.server.live import HOUSEKEEPING_EVERY, UNLOAD_AFTER

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import rss_mb, serving  # noqa: E402

TIMERS = {"night": 0.5, "day": 1.0, "decision": 0.5, "grace": 0.1, "bot_delay": 0.0,
          "scale": 0.01}


async def one_game(client: httpx.AsyncClient) -> None:
    made = (await client.post("/api/games", json={"name": "Host", "as": "spectator",
                                                  "timers": TIMERS})).json()
    code, headers = made["code"], {"Authorization": f"Bearer {made['token']}"}
    (await client.post(f"/api/games/{code}/bots", headers=headers,
                       json={"count": 8})).raise_for_status()
    (await client.post(f"/api/games/{code}/start", headers=headers)).raise_for_status()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        info = (await client.get(f"/api/games/{code}")).json()
        if info["status"] == "finished":
            return
    raise TimeoutError(f"game {code} did not finish")


def sizes(db: Path) -> tuple[float, float]:
    wal = Path(f"{db}-wal")
    return (db.stat().st_size / 2**20 if db.exists() else 0.0,
            wal.stat().st_size / 2**20 if wal.exists() else 0.0)


async def play(url: str, pid: int, db: Path, games: int, at_once: int) -> None:
    limits = httpx.Limits(max_connections=at_once * 2)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        async def health() -> int:
            games_held: int = (await client.get("/api/health")).json()["games"]
            return games_held

        print(f"before: RSS {rss_mb(pid):.0f} MB, games in memory {await health()}")
        done = failed = 0
        biggest_wal = 0.0
        began = time.perf_counter()
        queue: asyncio.Queue[int] = asyncio.Queue()
        for i in range(games):
            queue.put_nowait(i)

        async def worker() -> None:
            nonlocal done, failed, biggest_wal
            while not queue.empty():
                queue.get_nowait()
                try:
                    await one_game(client)
                except Exception as error:  # noqa: BLE001 - counted and shown
                    failed += 1
                    print(f"  a game failed: {error!r}")
                done += 1
                biggest_wal = max(biggest_wal, sizes(db)[1])
                if done % max(1, games // 10) == 0:
                    data, wal = sizes(db)
                    print(f"{done:5} games ({time.perf_counter() - began:5.0f} s): RSS "
                          f"{rss_mb(pid):.0f} MB, games in memory {await health()}, "
                          f"database {data:.1f} MB, WAL {wal:.1f} MB")

        await asyncio.gather(*(worker() for _ in range(at_once)))
        print(f"end: RSS {rss_mb(pid):.0f} MB, games in memory {await health()}, "
              f"{failed} failed, largest WAL seen {biggest_wal:.1f} MB")
        await asyncio.sleep(UNLOAD_AFTER * 2 + HOUSEKEEPING_EVERY + 2)
        data, wal = sizes(db)
        print(f"after {UNLOAD_AFTER * 2 + HOUSEKEEPING_EVERY + 2:.0f} s idle: RSS "
              f"{rss_mb(pid):.0f} MB, games in memory {await health()}, database "
              f"{data:.1f} MB, WAL {wal:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--at-once", type=int, default=30)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="wolfsbane-memory-"))
    db = folder / "memory.db"
    with serving(folder, str(db)) as (url, server):
        asyncio.run(play(url, server.pid, db, args.games, args.at_once))
    text = (folder / "server.log").read_text(errors="replace")
    print(f"server log: {text.count('Traceback')} tracebacks")


if __name__ == "__main__":
    main()
