"""The balance lab: many all-bot games, who wins how often, with confidence intervals.

```python
from wolfsbane.sim import simulate, format_report
result = simulate("millers-hollow", "classic", players=10, games=2000, seed=1)
print(format_report(result))
```

Every seat is played by `agents.bot_for`. Game `i` is created with seed `seed + i` and its bots
draw from one generator seeded from that number too. Games are played in deterministic chunks
(`run.chunk_ranges`) folded into running tallies, so a simulation gives the same counts
whatever the number of worker processes (by default, one per local core) or Ray nodes, in
constant memory. `sweep` runs a grid of set-ups, `balance` searches an edition's decks for the
fairest, `html` draws the report as a web page.
"""

from .report import format_report
from .run import SimulationError, SimulationResult, simulate
from .stats import mean_interval, wilson_interval

__all__ = ["SimulationError", "SimulationResult", "format_report", "mean_interval",
           "simulate", "wilson_interval"]
