"""Load: N concurrent all-bot games played over real WebSockets against a real server.

Run as ``python benchmarks/server.py [--games 100,200,400] [--seats 8] [--db PATH_OR_URL]``.
For each number of games it starts `wolfsbane serve` in a subprocess on a free port (a fresh
SQLite file unless --db says otherwise; `--url` uses a running one instead, e.g. to profile
it with a sampling profiler), then this process creates the games over HTTP, seats a client
on every chair, starts them (spread over --ramp seconds, as a real evening's tables would
be), and every client answers each of its decisions with a random legal answer after a random
think time of up to --think seconds (and says one line in each day's discussion).
`--ramp 0 --think 0` is the worst case: every table in lock-step, every answer in the same
instant. It prints, for each number of games:

    games N (finished F), seats S, errors E, wall W s
    messages M received, R messages/s
    answer -> broadcast: p50 X ms, p99 Y ms (K answers)
    server memory (RSS): A MB before, peak B MB, C MB after; server CPU: T s (U % of one core)
    capacity: P messages per second of server CPU (one core), Q answers per second of it

"capacity" divides what the server delivered by the CPU time it spent: what one core would
deliver were it busy all the time (the games' own clocks pace a run, so the wall-clock rate
measures the pacing, not the server).

"answer -> broadcast" is the time from sending an answer to receiving the update in which that
decision is no longer open (or, for a ballot of the day's vote, which stays open to be changed
until the vote closes, shows it cast): the answer was validated, stored durably (committed)
and its consequences computed and sent.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

from wolfsbane.agents import random_answer
from wolfsbane.core import Decision

# the clients are people to the server: without `talk` and `vote` each of a day's votes would
# wait the online defaults (a minute of talk, a minute of vote) and a run would take hours.
# A vote stays open 2 s and a night 8 s (each of its turns gets a slot of it): longer than a
# client's longest think (--think), so that no answer comes after its time ran out.
TIMERS = {"night": 8.0, "day": 30.0, "decision": 10.0, "grace": 1.0, "bot_delay": 0.0,
          "scale": 0.02, "talk": 0.0, "vote": 2.0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port



class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.messages = 0
        self.errors: list[str] = []
        self.finished = 0
        self.by_name: dict[str, list[float]] = {}


async def play_seat(ws_url: str, token: str, rng: random.Random, stats: Stats,
                    started: asyncio.Event, think: float) -> None:
    async with websockets.connect(ws_url, max_size=2**22, open_timeout=60,
                                  ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "cursor": 0}))
        sent: dict[int, tuple[float, str]] = {}
        said: set[str] = set()
        clock: dict[str, Any] = {}
        await started.wait()
        while True:
            async with asyncio.timeout(300):  # no task per message, unlike wait_for
                text = await ws.recv()
            now = time.perf_counter()
            stats.messages += 1
            message = json.loads(text)
            kind = message.get("type")
            if kind == "error":
                stats.errors.append(f"{message.get('error')}: {message.get('detail')}")
                continue
            if kind not in ("snapshot", "update"):
                continue
            view = message["view"]
            if message.get("clock"):
                clock = message["clock"]
            open_ids = {d["id"] for d in view["decisions"]}
            # a ballot of the day's vote stays open until the vote closes (it may be changed):
            # it is taken when the vote's standing shows it cast
            mine = ((clock.get("vote") or {}).get("mine") or {}) if message.get("clock") else {}
            taken = {int(key) for key, ballot in mine.items() if ballot.get("cast")}
            for decision_id in [i for i in sent if i not in open_ids or i in taken]:
                at, name = sent.pop(decision_id)
                stats.latencies.append(now - at)
                stats.by_name.setdefault(name, []).append(now - at)
            if view["over"]:
                stats.finished += 1
                return
            for channel in view["channels"]:
                if channel == "village" and view["phase"] not in said:
                    said.add(view["phase"])
                    await ws.send(json.dumps({"type": "say", "channel": channel,
                                              "message": "I have my suspicions."}))
            for d in view["decisions"]:
                if d["id"] in sent or d["id"] in answered_ids(stats, ws):
                    continue
                answered_ids(stats, ws).add(d["id"])
                value = random_answer(Decision.from_dict(d), rng)
                # the day's vote opens after its talk: a ballot sent before is refused
                # (vote-not-open), so it waits for the opening the clock announces
                opens = (clock.get("vote") or {}).get("opens") if clock else None
                wait = max(0.0, float(opens) - time.time() + 0.05) if opens else 0.0
                if wait > 0:
                    asyncio.get_running_loop().call_later(
                        wait + rng.random() * think, send_answer, ws, sent, d, value)
                elif think > 0:
                    asyncio.get_running_loop().call_later(
                        rng.random() * think, send_answer, ws, sent, d, value)
                else:
                    send_answer(ws, sent, d, value)


def send_answer(ws: Any, sent: dict[int, tuple[float, str]], d: dict[str, Any],
                value: Any) -> None:
    sent[d["id"]] = (time.perf_counter(), d["name"])
    asyncio.ensure_future(ws.send(json.dumps({"type": "answer", "decision": d["id"],
                                              "answer": value})))


_ANSWERED: dict[int, set[int]] = {}


def answered_ids(stats: Stats, ws: Any) -> set[int]:
    return _ANSWERED.setdefault(id(ws), set())


async def post(client: httpx.AsyncClient, url: str, **kw: Any) -> Any:
    for attempt in range(5):
        try:
            r = await client.post(url, **kw)
            r.raise_for_status()
            return r.json()
        except httpx.TransportError:  # a kept-alive connection closed under us: try again
            if attempt == 4:
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("unreachable")


async def raw_post(url: str, path: str, token: str) -> None:
    """A bare HTTP/1.1 POST on a connection of its own. The games start while others are being
    measured, and httpx's connection pool costs the measuring client milliseconds a request
    (it checks every pooled connection each time), which showed up as latency in the games
    already playing."""
    host, port = url.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write((f"POST {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n"
                  "Content-Length: 0\r\nConnection: close\r\n\r\n").encode())
    await writer.drain()
    status = (await reader.readline()).split()
    await reader.read()
    writer.close()
    if len(status) < 2 or status[1] != b"200":
        raise RuntimeError(f"{path}: {status!r}")


async def create_game(client: httpx.AsyncClient, seats: int, edition: str) -> tuple[str, list[str]]:
    made = await post(client, "/api/games", json={"name": "Seat 0", "edition": edition,
                                                  "timers": TIMERS})
    tokens = [made["token"]]
    for i in range(1, seats):
        joined = await post(client, f"/api/games/{made['code']}/join",
                            json={"name": f"Seat {i}"})
        tokens.append(joined["token"])
    return made["code"], tokens


async def run(url: str, games: int, seats: int, edition: str,
              think: float, ramp: float) -> dict[str, Any]:
    stats = Stats()
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        tables = await asyncio.gather(*(create_game(client, seats, edition)
                                        for _ in range(games)))
        started = asyncio.Event()
        ws_base = url.replace("http://", "ws://")
        rng = random.Random(7)
        tasks = [asyncio.create_task(play_seat(f"{ws_base}/ws/{code}", token,
                                               random.Random(rng.random()), stats, started,
                                               think))
                 for code, tokens in tables for token in tokens]
        await asyncio.sleep(1.0 + games * seats / 2000)  # let every socket say hello
        gc.collect()
        gc.freeze()  # the measuring client should not pause to walk its own sockets
        gc.set_threshold(20_000, 20, 20)
        began = time.perf_counter()
        stats.messages = 0
        started.set()
        async def start(code: str, token: str, delay: float) -> None:
            await asyncio.sleep(delay)
            await raw_post(url, f"/api/games/{code}/start", token)

        # games begin spread over `ramp` seconds, as a real evening's tables would
        await asyncio.gather(*(start(code, tokens[0], ramp * i / max(1, games))
                               for i, (code, tokens) in enumerate(tables)))
        results = await asyncio.gather(*tasks, return_exceptions=True)
        wall = time.perf_counter() - began
        server_side = (await client.get("/api/health")).json().get("answers", {})
    for result in results:
        if isinstance(result, BaseException):
            stats.errors.append(repr(result))
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    if os.environ.get("BENCH_DEBUG"):
        for name, values in stats.by_name.items():
            values.sort()
            print(name, len(values), f"p50 {values[len(values) // 2] * 1000:.1f}",
                  f"max {values[-1] * 1000:.1f}")
    return {"games": games, "finished": stats.finished // seats, "seats": games * seats,
            "errors": len(stats.errors), "wall": wall,
            "error_samples": sorted({e.split(":")[0] + ": " + str(sum(
                1 for f in stats.errors if f.split(":")[0] == e.split(":")[0]))
                for e in stats.errors}),
            "messages": stats.messages, "rate": stats.messages / wall, "p50": pct(0.50),
            "p99": pct(0.99), "answers": len(lat), "server": server_side, "latencies": lat}


def worker(url: str, games: int, seats: int, edition: str, think: float,
           ramp: float) -> dict[str, Any]:
    """One client process (run with --clients K to spread the sockets over K processes)."""
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    return asyncio.run(run(url, games, seats, edition, think, ramp))


def merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    lat = sorted(x for r in results for x in r["latencies"])

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    wall = max(r["wall"] for r in results)
    messages = sum(r["messages"] for r in results)
    server = max((r["server"] for r in results), key=lambda s: s.get("answers", 0))
    return {"games": sum(r["games"] for r in results),
            "finished": sum(r["finished"] for r in results),
            "seats": sum(r["seats"] for r in results),
            "errors": sum(r["errors"] for r in results),
            "error_samples": sorted({e for r in results for e in r["error_samples"]}),
            "wall": wall, "messages": messages, "rate": messages / wall,
            "p50": pct(0.5), "p99": pct(0.99), "answers": len(lat), "server": server}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (Linux)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


class MemoryWatch:
    """Samples a process's RSS twice a second in a thread of its own."""

    def __init__(self, pid: int) -> None:
        import threading

        self.pid = pid
        self.before = rss_mb(pid)
        self.cpu = cpu_seconds(pid)
        self.began = time.perf_counter()
        self.peak = self.before
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(0.5):
            self.peak = max(self.peak, rss_mb(self.pid))

    def stop(self) -> dict[str, float]:
        self._stop.set()
        self._thread.join()
        after = rss_mb(self.pid)
        cpu = cpu_seconds(self.pid) - self.cpu
        return {"before": self.before, "peak": max(self.peak, after), "after": after,
                "cpu": cpu, "busy": 100 * cpu / (time.perf_counter() - self.began)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="100,200,400",
                        help="concurrent games: one number, or several separated by commas")
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--edition", default="millers-hollow")
    parser.add_argument("--db", default=None, help="database (default: a fresh SQLite file)")
    parser.add_argument("--url", default=None, help="use this running server instead")
    parser.add_argument("--ramp", type=float, default=10.0,
                        help="start the games spread over RAMP seconds (0: all at once)")
    parser.add_argument("--clients", type=int, default=1,
                        help="client processes to spread the sockets over")
    parser.add_argument("--think", type=float, default=0.5,
                        help="each answer waits a random 0..THINK seconds (0: answer at once)")
    args = parser.parse_args()
    sizes = [int(n) for n in str(args.games).split(",") if n.strip()]
    if args.url:
        for games in sizes:
            report(merge([worker(args.url, games, args.seats, args.edition, args.think,
                                 args.ramp)]))
        return
    summary = []
    for games in sizes:
        result = run_server_and_clients(args, games)
        report(result)
        summary.append(result)
    if len(summary) > 1:
        print("\n| games (sockets) | errors | answer->broadcast p50 / p99 | in server p99 | "
              "RSS before / peak / after | server CPU | messages/s per core |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for r in summary:
            memory = r["memory"]
            print(f"| {r['games']} ({r['seats']}) | {r['errors']} | {r['p50']:.1f} / "
                  f"{r['p99']:.1f} ms | {(r.get('server') or {}).get('p99_ms')} ms | "
                  f"{memory['before']:.0f} / {memory['peak']:.0f} / {memory['after']:.0f} MB | "
                  f"{memory['cpu']:.1f} s ({memory['busy']:.0f} %) | "
                  f"{r['messages'] / max(memory['cpu'], 1e-9):.0f} |")


@contextlib.contextmanager
def serving(folder: Path, db: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`wolfsbane serve` on a free port with its log in `folder`, once it answers its health
    check: (its URL, its process), stopped on the way out."""
    port = free_port()
    log = open(folder / "server.log", "wb")  # noqa: SIM115
    command = [sys.executable, "-m", "wolfsbane.cli", "serve", "--port", str(port), "--db", db,
               "--log-level", "warning"]
    # one client address creates every game here: lift the per-address creation limit
    server = subprocess.Popen(command, stdout=log, stderr=log,
                              env={**os.environ, "WOLFSBANE_CREATE_PER_MINUTE": "1000000"})
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield url, server
    finally:
        server.terminate()
        server.wait(30)
        log.close()


def run_server_and_clients(args: argparse.Namespace, games: int) -> dict[str, Any]:
    folder = tempfile.mkdtemp(prefix="wolfsbane-bench-")
    db = args.db or str(Path(folder) / "bench.db")
    with serving(Path(folder), db) as (url, server):
        shares = [games // args.clients + (1 if i < games % args.clients else 0)
                  for i in range(args.clients)]
        memory = MemoryWatch(server.pid)
        if args.clients == 1:
            result = merge([worker(url, games, args.seats, args.edition, args.think,
                                   args.ramp)])
        else:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(args.clients) as pool:
                futures = [pool.submit(worker, url, n, args.seats, args.edition, args.think,
                                       args.ramp) for n in shares if n]
                result = merge([f.result() for f in futures])
        result["memory"] = memory.stop()
    return result


def report(result: dict[str, Any]) -> None:
    print(f"games {result['games']} (finished {result['finished']}), seats {result['seats']}, "
          f"errors {result['errors']}, wall {result['wall']:.1f} s")
    for sample in result["error_samples"]:
        print(f"  error: {sample}")
    print(f"messages {result['messages']} received, {result['rate']:.0f} messages/s")
    print(f"answer -> broadcast: p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms "
          f"({result['answers']} answers)")
    server = result.get("server") or {}
    if server:
        print(f"  inside the server (arrival -> stored and queued): p50 {server['p50_ms']} ms, "
              f"p99 {server['p99_ms']} ms, max {server['max_ms']} ms")
    memory = result.get("memory")
    if memory:
        print(f"server memory (RSS): {memory['before']:.0f} MB before, peak "
              f"{memory['peak']:.0f} MB, {memory['after']:.0f} MB after; server CPU: "
              f"{memory['cpu']:.1f} s ({memory['busy']:.0f} % of one core)")
        if memory["cpu"] > 0:
            print(f"capacity: {result['messages'] / memory['cpu']:.0f} messages per second of "
                  f"server CPU (one core), {result['answers'] / memory['cpu']:.0f} answers per "
                  "second of it")


if __name__ == "__main__":
    main()
