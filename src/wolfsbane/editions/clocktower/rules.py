"""How a character is written: its rules as one small `Rules` value next to its functions.

Each character module (townsfolk.py, outsiders.py, minions.py, demons.py, travellers.py,
fabled.py) exposes `RULES: dict[str, Rules]`; registry.py merges them. The framework calls
each hook at its moment (docs/clocktower.md, "How a character is written"):

- `first_night` / `other_nights`: the character's turn in its slot of the night tables, called
  once for every player who uses that ability now (its holder, a Cannibal who ate it, the
  Marionette who believes it), living, or dead with `even_if_dead` or the Bone Collector's
  gift. A drunk or poisoned actor still wakes and chooses; the turn itself checks
  `health.healthy` and learns through `storyteller.learn` (which asks `info` when needed).
- `setup`: storyteller choices once the characters are dealt (red herring, good twin...).
- `on_death`: the holder died (cause "demon", "execution", "exile", ...): the Klutz, the
  Barber, the Banshee; returns the deaths it causes.
- `on_nominated`: the holder was nominated (the Virgin); returns True when that ends the day.
- `instead_of_execution`: someone is about to be executed; True when the holder is executed
  in their place (the Scapegoat).
- `on_execution`: someone was executed (died or not); called for each holder of the ability
  (the Minstrel, the Cannibal).
- `win`: a win this character brings (Evil Twin, Klutz, Lil' Monsta); `holds_off_good`: why
  good cannot win yet (the Evil Twin alive with the good twin), or None.
- `conditions`: states this holder puts others in, worked out from the table (the No
  Dashii's poisoned neighbours), as (target name, Condition).
- `vote_weight`: the hands a voter counts for (the Banshee's two; the Thief's minus one is
  kept in `state.negative`).
- `table_first_night` / `table_other_nights`: a slot that wakes no one player by their own
  ability (Lil' Monsta: the Minions babysit; the Banshee's news).
- `after_night_step`: after each night step that ran, whatever it changed (the Evil Twin
  paired anew when the twins came to share an alignment).
- `day_decision` / `on_day_decision`: a Fabled's or Loric's standing storyteller decision
  through the day (Hell's Librarian's `something-bad`), offered beside the nominations while
  `day_decision` returns one; its answer goes to `on_day_decision`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...core import Decision, Game, Outcome, Player
    from ...core.deaths import Death
    from .state import Condition

Flow = Generator[Any, Any, None]


@dataclass
class Night:
    """What one night's turns hand on to each other and to its dawn."""

    number: int
    # the Demon's choice tonight, per attacker (the Barber's haircut, Lil' Monsta's kill)
    attacks: dict[str, str | None] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)  # a character's own notes tonight
    # a death tonight won the game: no later step is woken, and dawn ends the game
    won: bool = False


Act = Callable[["Game", Night, "Player"], "Flow | None"]


@dataclass(frozen=True)
class Rules:
    id: str
    first_night: Act | None = None
    other_nights: Act | None = None
    even_if_dead: bool = False
    setup: Callable[[Game], Flow] | None = None
    on_death: Callable[[Game, Player, str], Generator[Any, Any, list[Death]]] | None = None
    on_nominated: Callable[[Game, Player, Player], Generator[Any, Any, bool]] | None = None
    on_execution: Callable[[Game, Player, Player, bool], Flow] | None = None
    # someone is about to be executed: True when the holder takes their place (Scapegoat)
    instead_of_execution: Callable[[Game, Player, Player], Generator[Any, Any, bool]] | None \
        = None
    win: Callable[[Game], Outcome | None] | None = None
    holds_off_good: Callable[[Game], str | None] | None = None
    conditions: Callable[[Game, Player], list[tuple[str, Condition]]] | None = None
    vote_weight: Callable[[Game, Player], int] | None = None
    # a slot that belongs to no player (Lil' Monsta's babysitting, the Banshee's news): the
    # framework calls these instead of one turn per actor
    table_first_night: Callable[[Game, Night], Flow | None] | None = None
    table_other_nights: Callable[[Game, Night], Flow | None] | None = None
    # after each night step that ran (the Evil Twin's new twin when the twins share a side)
    after_night_step: Callable[[Game, Night], Flow] | None = None
    # a Fabled's standing storyteller decision through the day (Hell's Librarian)
    day_decision: Callable[[Game], Decision | None] | None = None
    on_day_decision: Callable[[Game, Any], Flow] | None = None
