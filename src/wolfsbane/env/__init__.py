"""Reinforcement learning on wolfsbane: a PettingZoo AEC environment for every edition.

    from wolfsbane.env import WolfsbaneEnv
    env = WolfsbaneEnv(edition_id, players=9, talk=True)   # any id of wolfsbane.editions

Needs the `env` extra (pettingzoo, gymnasium). See docs/pettingzoo.md.
"""

from .aec import WolfsbaneEnv, env
from .spaces import PASS, Layout, encode

__all__ = ["PASS", "Layout", "WolfsbaneEnv", "encode", "env"]
