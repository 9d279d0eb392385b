"""How fast the engine plays whole games, against a plain-Python game of the same rules.

Run as ``python benchmarks/engine.py [SECONDS]``: one core, fixed seeds, about 4 x SECONDS
(default 1.5) of CPU time. Every contender is timed in CPU time, in rounds that interleave
them (the order rotates each round, so a disturbance of the machine falls on all alike), and
each figure is the median of the rounds. Prints the build measured and the memory of one game
in progress, then:

    basic N games/s, peer-like M
    bots N games/s (as the simulator plays them; M with Python's default collector)
    engine N games/s, baseline M games/s, ratio R
    setup N us, decision N us, event N us
    werewolf-engine N games/s: basic X x, peer-like Y x

`basic`: 8 players (2 werewolves, the fortune teller, 5 villagers), no sheriff, every open
decision answered uniformly at random among its legal answers (skipping is one of them).
`peer-like`: the same table played the way rules-enforcing peers play it: nobody ever skips,
and the werewolves win at parity (our own engine, configured so). `bots`: the full deck with
the sheriff, the edition's bots talking, with the garbage collector set as the simulator sets
it for its games (`wolfsbane.collector`: collections rarely, what was alive before frozen out
of them), and beside it with Python's defaults. `engine`: the full deck with random answers;
`baseline`: the same game as a bare plain-Python loop. `setup`: making a basic game (the
deal, up to the first question of night 1) and putting it away; `decision`: a basic game's
cost beyond its set-up, per decision answered; `event`: one public event recorded.

The last line times the peer the issue measures against, werewolf-engine 0.1.0, in the same
rounds (where it is installed: it is no dependency of ours): the basic table in its rules, and
each of our two figures over its own, round by round.

Where the compiled build is installed (``pip install .`` with a C compiler), the same lines
follow for the pure-Python build, measured in a second process on the same sources.
"""

from __future__ import annotations

import gc
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import wolfsbane
from wolfsbane.agents import random_answer
from wolfsbane.collector import collecting_rarely
from wolfsbane.core import PICK, Decision, Game
from wolfsbane.core import game as game_module
from wolfsbane.editions import get_edition
from wolfsbane.sim.run import play_one

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


def peer_answer(decision: Decision, rng: random.Random) -> Any:
    """A peer's random player: one of the offered names, never a skip."""
    if decision.kind == PICK and decision.max == 1 and decision.choices:
        choices = decision.choices
        return choices[int(rng.random() * len(choices))]
    return random_answer(decision, rng)


PEER_OPTIONS = {"sheriff": False, "werewolves-win-at-parity": True}


def play_peer_like(seed: int) -> Game:
    """The basic table as peers play it: no skipping, and the werewolves win at parity."""
    game = Game(EDITION, SEATS8, deck=BASIC_DECK, options=PEER_OPTIONS, seed=seed)
    rng = ANSWERS
    open_ = game.open
    answer = game.answer
    while open_:
        decision = next(iter(open_.values()))
        answer(decision.id, peer_answer(decision, rng))
    return game


# -- the peer, where it is installed ------------------------------------------------------------

try:  # werewolf-engine 0.1.0, the fastest rules-enforcing Python peer measured (issue #17)
    import werewolf_engine as peer_engine
    from werewolf_engine.phases import Phase as PeerPhase
except ImportError:  # not a dependency: `pip install werewolf-engine==0.1.0` to time it here
    peer_engine = None

def play_peer(seed: int) -> object:
    """The basic table in the peer: each night actor acts on a uniformly random one of the
    targets it offers, every living player votes for a uniformly random other one (its rules:
    nobody skips, a tied vote executes nobody, the werewolves win at parity). It deals with
    Python's global generator, seeded here once a game as ours seeds its own."""
    assert peer_engine is not None
    random.seed(seed)
    game = peer_engine.Game(SEATS8, peer_engine.GameConfig(
        role_counts={"werewolf": 2, "seer": 1, "villager": 5}))
    game.start()
    rng = ANSWERS
    while game.phase != PeerPhase.END:
        if game.phase == PeerPhase.NIGHT:
            night = game.night_manager
            actor = night.current_actor
            targets = night.get_available_targets(actor)
            if targets:
                game.night_action(actor.id, rng.choice(targets).id)
            else:
                game.night_skip(actor.id)
        else:
            living = [player for player in game.players if player.is_alive()]
            for voter in living:
                game.day_vote(voter.id, rng.choice([p for p in living if p is not voter]).id)
    return game


def play_full(seed: int) -> Game:
    return play_random(FULL_DECK, {"sheriff": True}, seed)


def play_bots(seed: int) -> Game:
    """A bot game as the simulator plays it (`wolfsbane simulate`)."""
    return play_one(EDITION.id, FULL_DECK, 8, {"sheriff": True}, seed)


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

ROUNDS = 7


def make_basic(seed: int) -> Game:
    """A basic game made, up to the first question of night 1 (its set-up)."""
    return Game(EDITION, SEATS8, deck=BASIC_DECK, options={"sheriff": False}, seed=seed)


def set_up(seed: int) -> None:
    """A basic game set up, then put away (`Game.close`, timed with it): left unfinished as
    it is, a game and its flow would be a cycle for the collector to find, a cost no game
    played to its end has."""
    make_basic(seed).close()


def emit_public(seed: int) -> None:
    """One public event recorded (on a game kept aside; its log is emptied now and then)."""
    game = _EVENTS_GAME
    if len(game.events) > 10_000:
        del game.events[:]
    game.emit("Announced", {"about": "benchmark", "player": "P1"})


_EVENTS_GAME = make_basic(SEED)


class Contender:
    """One thing timed: how many calls of `play` a second of CPU time makes, round by round."""

    def __init__(self, name: str, play: Callable[[int], object], batch: int = 10,
                 around: Callable[[], AbstractContextManager[object]] = nullcontext) -> None:
        self.name = name
        self.play = play
        self.batch = batch
        self.around = around  # what each round runs in (the simulator's collector settings)
        self.rates: list[float] = []
        self.calls = 0

    def run(self, seconds: float) -> float:
        gc.collect()
        play, batch = self.play, self.batch
        done = 0
        with self.around():
            start = time.process_time()
            deadline = start + seconds
            while True:
                for _ in range(batch):
                    play(SEED + self.calls)
                    self.calls += 1
                done += batch
                now = time.process_time()
                if now >= deadline:
                    break
        rate = done / (now - start)
        self.rates.append(rate)
        return rate

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def decisions_per_game(play: Callable[[int], Game], games: int = 400) -> float:
    """Seat decisions answered per game (the storyteller's automatic ones are not asked)."""
    answered = 0
    for seed in range(games):
        answered += sum(1 for entry in play(SEED + seed).log if "auto" not in entry
                        and "id" in entry)
    return answered / games


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


def compiled() -> bool:
    """Whether the engine imported here is the compiled build (its modules are extensions)."""
    return not str(game_module.__file__).endswith(".py")


def measure(seconds: float) -> list[str]:
    """The four lines, from interleaved rounds of every contender."""
    basic = Contender("basic", play_basic)
    peer = Contender("peer-like", play_peer_like)
    # bot games as the simulator plays them (`wolfsbane.collector`), and with Python's
    # default collector
    bots = Contender("bots", play_bots, batch=2, around=collecting_rarely)
    bots_default = Contender("bots, default collector", play_bots, batch=2)
    engine = Contender("engine", play_full)
    baseline = Contender("baseline", baseline_game)
    setup = Contender("setup", set_up)
    event = Contender("event", emit_public, batch=1000)
    contenders = [basic, peer, bots, bots_default, engine, baseline, setup, event]
    rival = Contender("werewolf-engine", play_peer) if peer_engine is not None else None
    if rival is not None:
        contenders.append(rival)
    for contender in contenders:  # warm up
        contender.run(0.05)
        contender.rates.clear()
    share = seconds * 4 / (ROUNDS * len(contenders))
    ratios = []
    against_peer: list[tuple[float, float]] = []  # basic and peer-like over the peer, per round
    for round_ in range(ROUNDS):
        turn = contenders[round_ % len(contenders):] + contenders[:round_ % len(contenders)]
        for contender in turn:
            contender.run(share)
        ratios.append(engine.rates[-1] / baseline.rates[-1])
        if rival is not None:
            against_peer.append((basic.rates[-1] / rival.rates[-1],
                                 peer.rates[-1] / rival.rates[-1]))
    per_game_us = 1e6 / basic.median
    setup_us = 1e6 / setup.median
    decision_us = (per_game_us - setup_us) / decisions_per_game(play_basic)
    if rival is not None:
        peer_line = (f"werewolf-engine {rival.median:.0f} games/s: basic "
                     f"{statistics.median(r[0] for r in against_peer):.2f} x, peer-like "
                     f"{statistics.median(r[1] for r in against_peer):.2f} x")
    else:
        peer_line = "werewolf-engine not installed (pip install werewolf-engine==0.1.0)"
    return [
        f"basic {basic.median:.0f} games/s, peer-like {peer.median:.0f}",
        f"bots {bots.median:.0f} games/s (as the simulator plays them; "
        f"{bots_default.median:.0f} with Python's default collector)",
        f"engine {engine.median:.0f} games/s, baseline {baseline.median:.0f} games/s, "
        f"ratio {statistics.median(ratios):.2f}",
        f"setup {setup_us:.1f} us, decision {decision_us:.2f} us, "
        f"event {1e6 / event.median:.2f} us",
        peer_line,
    ]


def pure_copy(into: Path) -> Path:
    """The package's Python sources alone (no compiled modules), under `into`."""
    source = Path(wolfsbane.__file__).parent
    target = into / "wolfsbane"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", "__pycache__"))
    return into


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.5
    build = "compiled (mypyc)" if compiled() else "pure Python"
    print(f"build: {build}; memory of one game in progress: {memory_in_progress():.1f} KB",
          file=sys.stderr)
    for line in measure(seconds):
        print(line)
    if compiled() and not os.environ.get("WOLFSBANE_BENCH_PURE"):
        with tempfile.TemporaryDirectory() as scratch:
            environment = dict(os.environ, PYTHONPATH=str(pure_copy(Path(scratch))),
                               WOLFSBANE_BENCH_PURE="1")
            pure = subprocess.run([sys.executable, __file__, str(seconds)], env=environment,
                                  capture_output=True, text=True, check=True)
        print("pure Python build:")
        print(pure.stdout, end="")


if __name__ == "__main__":
    main()
