"""A whole game over the wire against seven bots: python examples/sdk_agent.py SERVER_URL"""

import random
import sys

from wolfsbane.client import Client, play, talk

FAST = {"night": 1, "day": 4, "decision": 1, "grace": 0.3, "talk": 0, "vote": 1, "scale": 0.03}


class Suspicious:
    """Votes for whoever was accused last; otherwise answers at random among legal answers."""

    def __init__(self) -> None:
        self.rng, self.accused = random.Random(7), None

    def observe(self, observation):
        for *_, message in observation.said():
            if isinstance(message, dict) and message.get("type") == "accuse":
                self.accused = message["player"]

    def decide(self, decision, observation):
        if decision.kind == "pick" and decision.max == 1 and self.accused in decision.choices:
            return self.accused
        return decision.random_answer(self.rng)

    def talk(self, channel, observation):
        others = [name for name in observation.alive if name != observation.seat]
        return [talk.accuse(self.rng.choice(others))] if others else []


client = Client(sys.argv[1])
seat = client.create_game("Ada", edition="millers-hollow", timers=FAST, seed=4)
seat.add_bots(7)
seat.start()
with seat.connect() as connection:
    report = play(connection, Suspicious())
print(f"The {report.outcome.winner} won; Ada answered {report.answers} questions.")
