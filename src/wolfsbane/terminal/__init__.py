"""Playing, watching and replaying games in a terminal.

`play_in_terminal` seats one person among bots (or lets the bots play alone); `show_replay`
prints a saved game as a timeline. What a person sees comes from `core.view` only.
"""

from __future__ import annotations

from .play import play_in_terminal
from .timeline import UnknownSeat, show_replay

__all__ = ["UnknownSeat", "play_in_terminal", "show_replay"]
