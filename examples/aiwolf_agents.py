"""Random AIWolf NLP agents, on aiwolf-nlp-common, for trying `wolfsbane aiwolf serve`.

    wolfsbane aiwolf serve --players 5 --composition 5C --games 1 &
    python examples/aiwolf_agents.py --agents 5 --url ws://127.0.0.1:8080/ws

Needs the `aiwolf` extra: pip install 'wolfsbane[aiwolf]'.
"""

from __future__ import annotations

import argparse
import random
import threading

from aiwolf_nlp_common.client import Client
from aiwolf_nlp_common.packet import Packet, Request


def answer(packet: Packet, name: str, rng: random.Random) -> str | None:
    """What a random agent answers to a request (None: nothing is asked)."""
    if packet.request == Request.NAME:
        return name
    info = packet.info
    if info is None:
        return None
    others = [a for a, s in info.status_map.items() if s.value == "ALIVE" and a != info.agent]
    if packet.request in (Request.TALK, Request.WHISPER):
        return rng.choice(["Over", "Skip", f"VOTE {rng.choice(others)}",
                           f"I wonder about {rng.choice(others)}."])
    if packet.request in (Request.VOTE, Request.DIVINE, Request.GUARD, Request.ATTACK):
        return rng.choice(others)
    return None


def play(url: str, name: str, seed: int) -> None:
    rng = random.Random(seed)
    client = Client(url, None)
    client.connect()
    try:
        while True:
            packet = client.receive()
            reply = answer(packet, name, rng)
            if reply is not None:
                client.send(reply)
            if packet.request == Request.FINISH:
                role = packet.info.role_map[packet.info.agent].value if packet.info else "?"
                print(f"{name} played {packet.info.agent if packet.info else '?'} ({role})")
                return
    finally:
        client.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="ws://127.0.0.1:8080/ws")
    parser.add_argument("--agents", type=int, default=5)
    arguments = parser.parse_args()
    threads = [threading.Thread(target=play, args=(arguments.url, f"random{i + 1}", i))
               for i in range(arguments.agents)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
