"""Random masked policies play one whole game of a wolfsbane edition through PettingZoo.

    python examples/pettingzoo_random.py --edition licos --players 9 --talk

Needs the `env` extra: pip install 'wolfsbane[env]'.
"""

from __future__ import annotations

import argparse

import numpy as np

from wolfsbane.env import WolfsbaneEnv


def play(edition: str = "millers-hollow", players: int = 8, seed: int = 0,
         talk: bool = False) -> dict[str, float]:
    """One game; returns each agent's total reward (+1 won, -1 lost)."""
    env = WolfsbaneEnv(edition, players=players, talk=talk)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)  # the game is over for this agent
            continue
        legal = np.flatnonzero(observation["action_mask"])  # only legal indices are marked
        env.step(int(rng.choice(legal)))
    print(env.render())
    return totals


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="millers-hollow")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--talk", action="store_true", help="talk turns with structured acts")
    arguments = parser.parse_args()
    for agent, total in play(arguments.edition, arguments.players, arguments.seed,
                             arguments.talk).items():
        print(f"{agent}: {total:+.0f}")
