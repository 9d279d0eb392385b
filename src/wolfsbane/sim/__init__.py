"""Simulating many all-bot games: who wins how often, with confidence intervals.

```python
from wolfsbane.sim import simulate, format_report
result = simulate("millers-hollow", "classic", players=10, games=2000, seed=1)
print(format_report(result))
```

Every seat is played by `agents.bot_for`. Game `i` is created with seed `seed + i` and its bots
draw from generators seeded from that number too, so a simulation gives the same counts
whatever the number of worker processes (by default, one per local core).
"""

from .run import SimulationError, SimulationResult, format_report, simulate, wilson_interval

__all__ = ["SimulationError", "SimulationResult", "format_report", "simulate", "wilson_interval"]
