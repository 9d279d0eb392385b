"""How fast the engine plays whole games, against a plain-Python game of the same rules.

Run as ``python benchmarks/engine.py``: one core, fixed seeds, a few seconds in all. Prints the
memory of one game in progress, then exactly three lines:

    basic N games/s
    bots N games/s
    engine N games/s, baseline M games/s, ratio R
"""

from __future__ import annotations

import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable

from wolfsbane.agents import bot_for, play_out, random_answer
from wolfsbane.core import Game
from wolfsbane.editions import get_edition

EDITION = get_edition("millers-hollow")
SEATS8 = [f"P{i}" for i in range(8)]
BASIC_DECK = ["werewolf", "werewolf", "fortune-teller"] + ["villager"] * 5
FULL_DECK = ["werewolf", "werewolf", "fortune-teller", "witch", "hunter", "cupid",
             "villager", "villager"]
SEED = 20261129
ANSWERS = random.Random(SEED)  # draws every random answer of the run


# -- through the engine --------------------------------------------------------------------------

def play_random(deck: list[str], options: dict[str, object], seed: int) -> Game:
    """One game, every open decision answered uniformly at random among its legal answers."""
    game = Game(EDITION, SEATS8, deck=deck, options=options, seed=seed)
    rng = ANSWERS
    open_ = game.open
    answer = game.answer
    while open_:
        decision = next(iter(open_.values()))
        answer(decision.id, random_answer(decision, rng))
    return game


def play_basic(seed: int) -> Game:
    return play_random(BASIC_DECK, {"sheriff": False}, seed)


def play_full(seed: int) -> Game:
    return play_random(FULL_DECK, {"sheriff": True}, seed)


def play_bots(seed: int) -> Game:
    game = Game(EDITION, SEATS8, deck=FULL_DECK, options={"sheriff": True}, seed=seed)
    rng = random.Random(seed)
    agents = {seat: bot_for(seat, random.Random(rng.random()), EDITION.id) for seat in SEATS8}
    return play_out(game, agents)


# -- the same game in plain Python ---------------------------------------------------------------

def baseline_game(seed: int) -> str:
    """The full set-up (2 werewolves, fortune teller, witch, hunter, cupid, 2 villagers, sheriff)
    with random answers, written as plain lists and loops: no engine around it."""
    rng = random.Random(seed)
    rand = rng.random
    n = 8
    roles = list(FULL_DECK)
    rng.shuffle(roles)
    alive = [True] * n
    lover = [-1] * n
    wolf = [role == "werewolf" for role in roles]
    potions = {"heal": True, "poison": True}
    sheriff = -1
    seen: list[tuple[int, int]] = []  # what the fortune teller saw

    def living() -> list[int]:
        return [i for i in range(n) if alive[i]]

    def pick(choices: list[int], optional: bool) -> int:
        k = len(choices) + (1 if optional else 0)
        j = int(rand() * k)
        return choices[j] if j < len(choices) else -1

    def plural(counts: dict[int, int]) -> int:
        if not counts:
            return -1
        top = max(counts.values())
        tied = [who for who, c in counts.items() if c == top]
        return tied[0] if len(tied) == 1 else rng.choice(tied)

    def winner() -> str | None:
        alive_ = living()
        if not alive_:
            return "none"
        lovers = [i for i in range(n) if lover[i] >= 0]
        mixed = len(lovers) == 2 and wolf[lovers[0]] != wolf[lovers[1]]
        if mixed and all(alive[i] for i in lovers) and len(alive_) == 2:
            return "lovers"
        wolves = sum(1 for i in alive_ if wolf[i])
        if wolves == 0:
            return "village"
        if wolves == len(alive_):
            return "werewolves"
        return None

    def kill(who: int, cause: str) -> None:
        if not alive[who]:
            return
        alive[who] = False
        if lover[who] >= 0 and alive[lover[who]]:
            kill(lover[who], "grief")
        if roles[who] == "hunter" and cause in ("attack", "execution"):
            targets = living()
            if targets:
                shot = pick(targets, True)
                if shot >= 0:
                    kill(shot, "shot")

    def pass_star() -> None:
        nonlocal sheriff
        if sheriff >= 0 and not alive[sheriff]:
            old, sheriff = sheriff, -1
            heirs = living()
            if heirs:
                heir = pick(heirs, True)
                sheriff = heir if heir >= 0 else rng.choice(heirs)
            del old

    night = 1
    while True:
        # night
        if night == 1:
            cupid = roles.index("cupid")
            a, b = rng.sample(living(), 2)
            lover[a], lover[b] = b, a
            del cupid
        for seer in (i for i in living() if roles[i] == "fortune-teller"):
            look = pick([i for i in living() if i != seer], True)
            if look >= 0:
                seen.append((look, wolf[look]))
        prey = [i for i in living() if not wolf[i]]
        counts: dict[int, int] = {}
        for _w in (i for i in living() if wolf[i]):
            target = pick(prey, True)
            if target >= 0:
                counts[target] = counts.get(target, 0) + 1
        victim = plural(counts)
        healed = False
        poisoned = -1
        for _witch in (i for i in living() if roles[i] == "witch"):
            if victim >= 0 and potions["heal"] and rand() < 0.5:
                potions["heal"] = False
                healed = True
            if potions["poison"]:
                poisoned = pick(living(), True)
                if poisoned >= 0:
                    potions["poison"] = False
        if victim >= 0 and not healed:
            kill(victim, "attack")
        if poisoned >= 0:
            kill(poisoned, "poison")
        pass_star()
        won = winner()
        if won:
            return won
        # day
        if night == 1 and sheriff < 0:
            votes: dict[int, int] = {}
            for _v in living():
                choice = pick(living(), True)
                if choice >= 0:
                    votes[choice] = votes.get(choice, 0) + 1
            chosen = plural(votes)
            if chosen >= 0:
                sheriff = chosen
        votes = {}
        for voter in living():
            choice = pick([i for i in living() if i != voter and i != lover[voter]], True)
            if choice >= 0:
                votes[choice] = votes.get(choice, 0) + (2 if voter == sheriff else 1)
        if votes:
            top = max(votes.values())
            tied = [who for who, c in votes.items() if c == top]
            if len(tied) == 1:
                kill(tied[0], "execution")
                pass_star()
        won = winner()
        if won:
            return won
        night += 1


# -- measuring ---------------------------------------------------------------------------------

def rate(play: Callable[[int], object], seconds: float, seed: int = SEED) -> float:
    """Games per second of `play`: the best of five rounds of about `seconds` / 5 each (the
    best round is the one least disturbed by whatever else the machine is doing), in CPU
    time of this process."""
    best = 0.0
    games = 0
    for _round in range(5):
        gc.collect()
        played = 0
        start = time.process_time()
        deadline = start + seconds / 5
        while True:
            for _ in range(10):
                play(seed + games)
                games += 1
                played += 1
            now = time.process_time()
            if now >= deadline:
                break
        best = max(best, played / (now - start))
    return best


def memory_in_progress() -> float:
    """KB held by one game of the full set-up paused at its first day vote."""
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    game = Game(EDITION, SEATS8, deck=FULL_DECK, options={"sheriff": True}, seed=SEED)
    rng = random.Random(SEED)
    while game.open and not any(d.name == "vote" for d in game.open.values()):
        decision = next(iter(game.open.values()))
        game.answer(decision.id, random_answer(decision, rng))
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    del game
    return size / 1024


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print(f"memory of one game in progress: {memory_in_progress():.1f} KB", file=sys.stderr)
    rate(play_basic, 0.2)  # warm up
    basic = rate(play_basic, seconds)
    bots = rate(play_bots, seconds)
    engine = rate(play_full, seconds)
    baseline = rate(baseline_game, seconds)
    print(f"basic {basic:.0f} games/s")
    print(f"bots {bots:.0f} games/s")
    print(f"engine {engine:.0f} games/s, baseline {baseline:.0f} games/s, "
          f"ratio {engine / baseline:.2f}")


if __name__ == "__main__":
    main()
