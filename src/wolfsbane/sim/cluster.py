"""The same deterministic chunks on a Ray cluster (`pip install 'wolfsbane[ray]'`).

Each chunk is one Ray task running `run.play_chunk`, the function a local worker runs, so a
run on Ray gives exactly the counts of a local run on the same seed. A few chunks per CPU are
in flight at a time; the others wait in this process as (start, stop) pairs, so memory stays
flat however many games are asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..core import SetupError
from .run import ChunkResult, Setup, play_chunk

LOCAL = "local"  # start (or join) a Ray instance inside this process instead of a cluster


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SetupError("--ray needs Ray: pip install 'wolfsbane[ray]'") from None
    return ray


def connect(address: str) -> Any:
    """Ray, initialised for `address` ("local": a Ray instance on this machine started by
    this process; "auto" or host:port: a running cluster). Joining twice is harmless."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    try:
        if address == LOCAL:
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
    except ConnectionError as error:
        raise SetupError(f"cannot reach the Ray cluster at {address}: {error}") from None
    return ray


def cluster_cpus() -> int:
    ray = _ray()
    if not ray.is_initialized():
        return 0
    return int(ray.cluster_resources().get("CPU", 0))


def run_on_ray(address: str, setup: Setup, seed: int, ranges: list[tuple[int, int]],
               with_rows: bool) -> Iterator[ChunkResult]:
    """The chunks' results as they finish on the cluster at `address`."""
    ray = connect(address)
    remote_chunk = ray.remote(play_chunk)
    in_flight = max(2, 3 * cluster_cpus())
    queue = iter(ranges)
    pending: list[Any] = []

    def top_up() -> None:
        for start, stop in queue:
            pending.append(remote_chunk.remote(setup, seed, start, stop, with_rows))
            if len(pending) >= in_flight:
                return

    top_up()
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for reference in done:
            result: ChunkResult = ray.get(reference)
            yield result
        top_up()
