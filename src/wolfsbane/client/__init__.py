"""The Python SDK: play a seat of a wolfsbane server from your own program.

    from wolfsbane.client import Client, play

    client = Client("http://127.0.0.1:8000")
    seat = client.create_game("Ada")          # or client.join(code, "Ada")
    seat.add_bots(7)
    seat.start()
    with seat.connect() as connection:
        report = play(connection, MyAgent())  # an object with decide(decision, observation)

docs/agents.md is the tutorial: the observations, the decisions and their legal answers,
talk, reconnection, in-process agents over the wire, LLM players and the arena.
"""

from . import talk
from .connection import Connection
from .http import Client, Seat
from .models import (
    DecisionRequest,
    GameEvent,
    Observation,
    Outcome,
    PlayerInfo,
    Reply,
    SeatClosed,
    ServerRefused,
    VoteStatus,
    You,
)
from .playing import InProcessAgent, ObservedSeatView, PlayReport, RemoteAgent, play

__all__ = ["Client", "Connection", "DecisionRequest", "GameEvent", "InProcessAgent",
           "Observation", "ObservedSeatView", "Outcome", "PlayReport", "PlayerInfo",
           "RemoteAgent", "Reply", "Seat", "SeatClosed", "ServerRefused", "VoteStatus", "You",
           "play", "talk"]
