"""Reinforcement learning on wolfsbane: a PettingZoo AEC environment for every edition.

    from wolfsbane.env import WolfsbaneEnv
    env = WolfsbaneEnv("licos", players=9, talk=True)

Needs the `env` extra (pettingzoo, gymnasium). See docs/pettingzoo.md.
"""

from .aec import WolfsbaneEnv, env
from .spaces import PASS, Layout, encode

__all__ = ["PASS", "Layout", "WolfsbaneEnv", "encode", "env"]
