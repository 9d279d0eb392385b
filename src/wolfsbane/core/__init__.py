"""The engine: decisions, answers, events, views, chance, deaths, votes and win checks.

Pure and deterministic: no I/O, no wall clock, no global randomness.
"""

from .catalog import Channel, NightTurn, Option, Role
from .deaths import Death, bind, grieving_partner, kill
from .decision import ARRANGE, NUMBER, PARTS, PICK, YES_NO, Decision
from .edition import Edition
from .errors import IllegalAnswer, SetupError
from .events import PUBLIC, STORYTELLER, Event
from .game import AUTO, MANUAL, Game, check_end
from .outcome import GameOver, Outcome
from .player import Player
from .votes import most_voted, tally

__all__ = [
    "ARRANGE", "AUTO", "MANUAL", "NUMBER", "PARTS", "PICK", "PUBLIC", "STORYTELLER", "YES_NO",
    "Channel", "Death", "Decision", "NightTurn", "Edition", "Event", "Game", "GameOver",
    "IllegalAnswer", "Option", "Outcome", "Player", "Role", "SetupError",
    "bind", "check_end", "grieving_partner", "kill", "most_voted", "tally",
]
