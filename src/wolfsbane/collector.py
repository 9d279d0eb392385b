"""How Python's garbage collector runs where many games are played: the server and the simulator.

A game makes no reference cycles (`tests/test_collector.py` checks every edition), so its
objects are freed by reference counting the moment it ends; the cyclic collector finds
nothing in them. Yet at Python's default thresholds it runs every 700 new container objects
and walks every young one each time: a simulated bot game plays 1.1 to 1.25 times as fast
without that (docs/performance.md). Where many games are played, it runs rarely instead, and
the objects alive before the games began (the modules, the server's state at start-up) are
frozen out of its walks altogether (`gc.freeze`). (A game dropped unfinished is a cycle, it
and its flow: `Game.close` frees it.)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# a young collection every 20,000 new container objects instead of 700; older generations
# twice as rarely as the default (20 instead of 10 younger collections each)
RARELY = (20_000, 20, 20)


def settle_for_serving() -> None:
    """For a process that serves games from now on: what it holds now stays out of every
    collection, and collections come rarely."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*RARELY)


@contextmanager
def collecting_rarely() -> Iterator[None]:
    """Collect rarely while many games are played in a row (a simulation's chunk), then as
    before. What is alive when it begins stays out of the collections meanwhile, unless the
    process already froze something of its own (a server), which is left as it is."""
    thresholds = gc.get_threshold()
    freezing = gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    gc.set_threshold(*RARELY)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if freezing:
            gc.unfreeze()
