"""Bots for Blood on the Clocktower: good players who reason over what they hear, evil
players who bluff and shield their Demon.

Good bots keep a small consistent-worlds model. A world is a set of evil players of the
table's size with one of them the Demon; every piece of information heard weighs each world:
what a good player says of their ability holds (up to the chance that they are drunk or
poisoned: a violated piece multiplies the world's weight by a small factor), while what an
evil player says binds nothing, so a claim only weighs the worlds where its speaker is good.
The weights give each player's chance of being evil and of being the Demon; the bots nominate
the most likely Demon, raise their hands when the nominee is about as likely as the best
candidate and beats the player about to die, and point their abilities (the Fortune Teller's
pair, the Dreamer's and Village Idiot's player, the Monk's protection) where they learn or
protect the most.

Day talk is structured claims (`core.talk`): `{"type": "claim", "role": R, "night": N,
...what R's ability said}` (a number, players, a player, characters, yes, an alignment), one
claim per piece of information, so that every bot parses every other's. A good bot tells the
truth: its character, then each piece of information as it comes.

Evil bots bluff. The Demon takes one of its three bluffs (an information character first),
a Minion a good character it has no reason to think in play; each says the same character
every day and invents information that character could have had, framing a good player and
clearing a teammate. They look at the table through the model the good players share (the
public claims, no private knowledge): they push the good player the village suspects most,
shield their Demon (never a hand for a teammate; a nomination of a good player to take a
teammate off the block), and the Demon kills the good player whose information helps the
village most.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..core import PARTS, Decision
from ..core.events import Event
from ..editions.clocktower.script import DEMON, MINION, OUTSIDER, TOWNSFOLK, of_type
from ..editions.clocktower.setup import COUNTS, MAX_PLAYERS
from .base import Agent, SeatView
from .random_bot import random_answer
from .skill import DEFAULT_SKILL, STRONG, slips

TOWNSFOLK_IDS = tuple(c.id for c in of_type(TOWNSFOLK))
OUTSIDER_IDS = tuple(c.id for c in of_type(OUTSIDER))
GOOD_IDS = TOWNSFOLK_IDS + OUTSIDER_IDS
EVIL_IDS = tuple(c.id for c in (*of_type(MINION), *of_type(DEMON)) if c.id != "lil-monsta")
# the information characters evil prefers to bluff, most convincing first
BLUFF_ORDER = ("empath", "fortune-teller", "dreamer", "village-idiot", "chef", "librarian",
               "mathematician", "monk", "minstrel", "snake-charmer", "cannibal", "virgin",
               "banshee")
NIGHTLY_INFO = frozenset({"empath", "fortune-teller", "dreamer", "village-idiot",
                          "mathematician"})
FIRST_NIGHT_INFO = frozenset({"chef", "librarian"})
INFO_KEYS = ("number", "player", "players", "roles", "yes", "alignment")
# how much the Demon wants a claimed character dead (the village's best information first;
# a Banshee would gain two hands, an Outsider is worth little)
KILL_VALUE = {"fortune-teller": 5.0, "empath": 4.0, "dreamer": 3.5, "village-idiot": 3.0,
              "monk": 2.5, "snake-charmer": 2.5, "librarian": 2.0, "chef": 1.5,
              "mathematician": 2.0, "minstrel": 1.5, "cannibal": 1.5, "virgin": 1.0,
              "banshee": 0.2}
# chances that a violated piece of information still comes from a good player (drunk or
# poisoned, or the storyteller's red herring)
SOBER_MISS = 0.12
RED_HERRING = 0.35
TRUSTED_SEER = 0.4  # how far a strong bot discounts its suspicion of a lone Fortune Teller
SEEN_IN_PLAY = 0.02  # someone else claims the character I hold
MINION_WEIGHT = 0.3  # how much an evil player's chance adds to the Demon's when nominating
# days begun with nobody dead since the day before, after which the good vote so that someone
# is executed (a Demon gone while an Evil Twin holds good off kills nobody: only the rope moves
# such a game, and votes tied day after day would keep it going for ever)
STALLED = 3

# a piece of evidence, hashable so that a model over the same evidence is computed once:
#   ("count", speaker, mask, number, factor): the evil among `mask` number `number`
#   ("pairs", speaker, number, factor): the Chef's pairs of evil neighbours
#   ("is", speaker, index, evil, factor): that player is evil (True) or good
#   ("any", speaker, mask, factor): at least one of `mask` is evil
#   ("ft", speaker, mask, yes): the Fortune Teller's answer about the Demon
#   ("not-demon", index, factor): that player is not the Demon
# speaker -1: what nobody can lie about (deaths, my own character).
Fact = tuple[Any, ...]
NOBODY = -1


COUNT, PAIRS, IS, ANY = range(4)


@lru_cache(maxsize=512)
def posterior(seats: int, evil_count: int, candidates: tuple[int, ...],
              facts: tuple[Fact, ...]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each seat's chance of being evil and of being the Demon, over every world of
    `evil_count` evil players among `candidates` (one of them the Demon), each world weighed
    by the facts. Uniform when no world survives.

    What nobody can lie about, player by player, is a factor of each player in or out of the
    evil team (`odds`); the rest is tested world by world, skipped in the worlds where its
    speaker is evil."""
    evil_count = max(1, min(evil_count, len(candidates)))
    odds = [1.0] * seats  # weight of a world with the player evil, over one without
    tests: list[tuple[int, int, int, int, float]] = []  # (speaker bit, kind, mask, n, f)
    ungated = [1.0] * seats  # the Demon's factor from facts nobody lies about
    gated: list[tuple[int, list[float]]] = []
    for fact in facts:
        kind = fact[0]
        if kind == "is":
            _, speaker, index, evil, factor = fact
            if speaker < 0:
                odds[index] *= 1.0 / factor if evil else factor
            else:
                tests.append((1 << speaker, IS, 1 << index, int(evil), factor))
        elif kind == "count":
            _, speaker, mask, number, factor = fact
            tests.append((_bit(speaker), COUNT, mask, number, factor))
        elif kind == "pairs":
            _, speaker, number, factor = fact
            tests.append((_bit(speaker), PAIRS, 0, number, factor))
        elif kind == "any":
            _, speaker, mask, factor = fact
            tests.append((_bit(speaker), ANY, mask, 1, factor))
        elif kind == "ft":
            _, speaker, mask, yes = fact
            gated.append((_bit(speaker), [
                (1.0 if (mask >> d) & 1 else RED_HERRING) if yes else
                (SOBER_MISS if (mask >> d) & 1 else 1.0) for d in range(seats)]))
        elif kind == "not-demon":
            _, index, factor = fact
            ungated[index] *= factor
    top = seats - 1
    evil = [0.0] * seats
    demon = [0.0] * seats
    total = 0.0
    for group in combinations(candidates, evil_count):
        mask = 0
        weight = 1.0
        for index in group:
            mask |= 1 << index
            weight *= odds[index]
        for speaker_bit, kind, bits, number, factor in tests:
            if speaker_bit & mask:
                continue  # an evil speaker's word binds nothing
            if kind == COUNT:
                holds = (mask & bits).bit_count() == number
            elif kind == IS:
                holds = bool(mask & bits) == bool(number)
            elif kind == PAIRS:
                holds = (mask & ((mask >> 1) | ((mask & 1) << top))).bit_count() == number
            else:
                holds = bool(mask & bits)
            if not holds:
                weight *= factor
        if weight < 1e-12:
            continue
        group_weight = 0.0
        if gated:
            live = [table for speaker_bit, table in gated if not speaker_bit & mask]
            for d in group:
                w = weight * ungated[d]
                for table in live:
                    w *= table[d]
                demon[d] += w
                group_weight += w
        else:
            for d in group:
                w = weight * ungated[d]
                demon[d] += w
                group_weight += w
        for index in group:
            evil[index] += group_weight
        total += group_weight
    if total <= 0.0:
        share = evil_count / max(1, len(candidates))
        flat = tuple(share if i in candidates else 0.0 for i in range(seats))
        return flat, tuple(v / evil_count for v in flat)
    return (tuple(v / total for v in evil), tuple(v / total for v in demon))


def _bit(speaker: int) -> int:
    return 0 if speaker < 0 else 1 << speaker


class ClocktowerBot(Agent):
    """One seat of a Clocktower game, good or evil, as its seat sees it."""

    def __init__(self, seat: str, rng: random.Random | None = None, *,
                 skill: str = DEFAULT_SKILL) -> None:
        super().__init__(seat, rng)
        self.skill = skill
        self.strong = skill == STRONG  # the reasoning an easy bot leaves out (agents.skill)
        self.seats: list[str] = []
        self.index: dict[str, int] = {}
        self.dead: set[str] = set()
        self.night = 0
        self.day = 0
        self.alive_at_dawn: dict[int, frozenset[str]] = {}
        self.travellers: set[str] = set()
        # what I learned: (character, night, information), in order
        self.learned: list[tuple[str, int, dict[str, Any]]] = []
        self.shared = 0  # how many of `learned` (or of my invented story) I have told
        # what the table said: each speaker's first claimed character, and each piece of
        # information claimed (speaker, character, night, information)
        self.claims: dict[str, str] = {}
        self.changed_story: set[str] = set()
        self.heard: list[tuple[str, str, int, dict[str, Any]]] = []
        self.public: list[Fact] = []  # deaths and executions, as facts
        self.known_good: set[str] = set()
        self.known_evil: set[str] = set()  # what my own seat knows (a twin, my team)
        # the day: nominations, the block
        self.nominated: list[str] = []
        self.block: str | None = None
        self._last_nomination: tuple[str, str] | None = None
        self._votes_seen = 0
        # evil knowledge
        self.team: set[str] = set()
        self.demon: str | None = None
        self.bluffs: list[str] = []
        self.grimoire_roles: dict[str, str] = {}
        self.good_twin: str | None = None
        self.story_role: str | None = None
        self.story: dict[int, dict[str, Any]] = {}  # night -> invented information
        self.frame: str | None = None
        self.role = ""
        self.evil = False
        self._inspected: set[Any] = set()
        self._attacked: str | None = None
        # days begun with nobody dead since the day before: a stalled game (a Monk who
        # always guesses right, a Demon gone while an Evil Twin holds good off) votes freely
        self.quiet = 0
        self._dead_at_dawn = 0
        self.survived: dict[str, int] = {}  # my attacks that failed: someone protects them
        self._talked: tuple[int, int] = (-1, -1)

    # -- what the seat sees ------------------------------------------------------------------

    def observe(self, events: list[Event]) -> None:
        for event in events:
            kind = event.kind
            data = event.data
            if kind == "PhaseBegan":
                self._phase(str(data.get("phase_name", event.phase)))
            elif kind == "RoleDealt" and data.get("player") == self.seat:
                self.role = str(data.get("role", ""))
            elif kind == "PlayerDied":
                self._died(str(data.get("player")), event.phase)
            elif kind == "InfoGiven":
                self._told(data)
            elif kind == "Announced":
                self._announced(data)
            elif kind == "VoteCast":
                self._votes_seen += 1
            elif kind == "Said" and data.get("channel") == "village":
                self._said(str(data.get("player")), data.get("message"))

    def _phase(self, name: str) -> None:
        kind, _, number = name.partition(" ")
        if not number.isdigit():
            return
        if kind == "night":
            self.night = int(number)
        elif kind == "day":
            self.day = int(number)
            self.alive_at_dawn[self.day] = frozenset(s for s in self.seats
                                                     if s not in self.dead)
            self.nominated = []
            self.block = None
            self.quiet = self.quiet + 1 if len(self.dead) == self._dead_at_dawn else 0
            self._dead_at_dawn = len(self.dead)
            if self._attacked is not None and self._attacked not in self.dead:
                self.survived[self._attacked] = self.survived.get(self._attacked, 0) + 1
            self._attacked = None
            self._last_nomination = None

    def _died(self, name: str, phase: str) -> None:
        if name in self.dead:
            return
        self.dead.add(name)
        if name not in self.index:
            return
        index = self.index[name]
        if phase.startswith("night"):
            # the Demon kills the good: a night death is rarely evil, never the Demon
            self.public.append(("not-demon", index, 0.05))
            self.public.append(("is", NOBODY, index, False, 0.4))

    def _told(self, data: Any) -> None:
        about = str(data.get("about", ""))
        if about == "you-are":
            self.role = str(data.get("role", self.role))
            return
        if about == "demon":
            if data.get("player"):
                self.demon = str(data["player"])
                self.team.add(self.demon)
            return
        if about in ("minions", "lil-monsta"):
            self.team.update(str(p) for p in data.get("players") or ())
            return
        if about == "marionette" and data.get("player"):
            self.team.add(str(data["player"]))
            return
        if about == "bluffs":
            self.bluffs = [str(r) for r in data.get("roles") or ()]
            return
        if about == "grimoire":
            for seat in (data.get("grimoire") or {}).get("seats") or ():
                name = str(seat.get("player"))
                self.grimoire_roles[name] = str(seat.get("role"))
                if seat.get("team") == "evil":
                    self.team.add(name)
                if seat.get("type") == DEMON:
                    self.demon = name
            return
        if about == "twin" and data.get("player"):
            twin = str(data["player"])
            if data.get("role") == "evil-twin":
                self.known_evil.add(twin)  # I am the good twin
            else:
                self.good_twin = twin
            return
        if about in GOOD_IDS:
            info = {k: _plain(data[k]) for k in INFO_KEYS if k in data}
            if "role" in data and about == "librarian":
                info["roles"] = [str(data["role"])]
            self.learned.append((about, self.night, info))

    def _announced(self, data: Any) -> None:
        about = data.get("about")
        if about == "traveller" and data.get("player"):
            self.travellers.add(str(data["player"]))
        elif about == "nomination":
            nominee, by = str(data.get("player")), str(data.get("by"))
            self.nominated.append(nominee)
            self._last_nomination = (by, nominee)
            self._votes_seen = 0
        elif about == "votes":
            block = data.get("block")
            self.block = str(block) if block else None
        elif about == "execution" and data.get("player"):
            name = str(data["player"])
            if name not in self.index:
                return
            index = self.index[name]
            if self._last_nomination is not None and self._votes_seen == 0 \
                    and self._last_nomination[0] == name:
                # executed on nominating, before any hand: a Townsfolk who met a Virgin
                virgin = self._last_nomination[1]
                self.known_good.update((name, virgin))
                if virgin in self.index:
                    self.public.append(("is", NOBODY, self.index[virgin], False, 0.05))
                self.public.append(("is", NOBODY, index, False, 0.05))
            if name not in self.dead:
                # the game goes on after the execution: whoever died was not the Demon
                self.public.append(("not-demon", index, 0.03))

    def _said(self, speaker: str, message: Any) -> None:
        if not isinstance(message, dict) or message.get("type") != "claim":
            return
        role = str(message.get("role"))
        first = self.claims.setdefault(speaker, role)
        if first != role:
            self.changed_story.add(speaker)
            return
        info = {k: _plain(message[k]) for k in INFO_KEYS if k in message}
        if info:
            night = message.get("night")
            self.heard.append((speaker, role, night if isinstance(night, int) else 1, info))

    # -- the model ---------------------------------------------------------------------------

    def _know_table(self, view: SeatView) -> None:
        if not self.seats:
            self.seats = list(view.players)
            self.index = {name: i for i, name in enumerate(self.seats)}
            if 0 not in self.alive_at_dawn:
                self.alive_at_dawn[0] = frozenset(self.seats)

    def _evil_count(self) -> int:
        drawn = min(MAX_PLAYERS, max(5, len(self.seats) - len(self.travellers)))
        _, _, minions, demons = COUNTS[drawn]
        return minions + demons

    def _neighbours_mask(self, name: str, night: int) -> int:
        """The nearest living neighbours of `name` as the night's information saw them."""
        alive = self.alive_at_dawn.get(night) or self.alive_at_dawn.get(0) or frozenset()
        index = self.index[name]
        count = len(self.seats)
        mask = 0
        for step in (1, -1):
            for distance in range(1, count):
                other = self.seats[(index + step * distance) % count]
                if other == name:
                    break
                if other in alive and other not in self.travellers:
                    mask |= 1 << self.index[other]
                    break
        return mask

    def _facts_of(self, speaker: str, role: str, night: int,
                  info: dict[str, Any]) -> Iterable[Fact]:
        """What one piece of information claimed by `speaker` says about the worlds."""
        who = self.index.get(speaker, NOBODY)
        index = self.index
        if role == "chef" and isinstance(info.get("number"), int):
            yield ("pairs", who, info["number"], SOBER_MISS)
        elif role == "empath" and isinstance(info.get("number"), int):
            yield ("count", who, self._neighbours_mask(speaker, night), info["number"],
                   SOBER_MISS)
        elif role == "village-idiot" and info.get("player") in index:
            yield ("is", who, index[info["player"]], info.get("alignment") == "evil",
                   SOBER_MISS)
        elif role == "fortune-teller" and isinstance(info.get("players"), list):
            mask = _mask(index, info["players"])
            yield ("ft", who, mask, bool(info.get("yes")))
        elif role == "dreamer" and info.get("player") in index:
            target = info["player"]
            good_shown = [r for r in info.get("roles") or () if r in GOOD_IDS]
            claimed = self.claims.get(target)
            if target == self.seat:
                return
            if claimed is not None and good_shown:
                # a good target is the good character shown; an evil one rarely claims it
                yield ("is", who, index[target], claimed not in good_shown,
                       SOBER_MISS if claimed not in good_shown else 0.3)
        elif role == "librarian":
            if info.get("number") == 0:
                for other, claimed in self.claims.items():
                    if claimed in OUTSIDER_IDS and other in index and other != speaker:
                        yield ("is", who, index[other], True, 0.2)
            elif isinstance(info.get("players"), list) and info.get("roles"):
                shown = info["roles"][0]
                pair = [p for p in info["players"] if p in index]
                told_apart = all(p in self.claims for p in pair)
                if pair and told_apart and not any(self.claims.get(p) == shown for p in pair):
                    yield ("any", who, _mask(index, pair), 0.4)

    def _facts(self, private: bool) -> tuple[Fact, ...]:
        facts: list[Fact] = list(self.public)
        for speaker, role, night, info in self.heard:
            if speaker in self.index and not (private and speaker == self.seat):
                facts.extend(self._facts_of(speaker, role, night, info))
        by_role: dict[str, list[str]] = {}
        for speaker, role in self.claims.items():
            if speaker in self.index:
                by_role.setdefault(role, []).append(speaker)
        for role, claimants in by_role.items():
            if len(claimants) > 1 and role != "village-idiot":
                facts.append(("any", NOBODY, _mask(self.index, claimants), 0.05))
        for speaker in self.changed_story:
            if speaker in self.index:
                facts.append(("is", NOBODY, self.index[speaker], True, 0.1))
        if private:
            for role, night, info in self.learned:
                facts.extend(self._facts_of(self.seat, role, night, info))
            for speaker, role in self.claims.items():
                if role == self.role and speaker != self.seat and speaker in self.index \
                        and role != "village-idiot":
                    facts.append(("is", NOBODY, self.index[speaker], True, SEEN_IN_PLAY))
            for name in self.known_evil:
                if name in self.index:
                    facts.append(("is", NOBODY, self.index[name], True, 0.01))
            for name in self.known_good:
                if name in self.index and name != self.seat:
                    facts.append(("is", NOBODY, self.index[name], False, 0.05))
        return tuple(facts)

    def _chances(self, private: bool) -> tuple[dict[str, float], dict[str, float]]:
        """(chance of being evil, chance of being the Demon) for each player: as I see it
        (`private`), or as the village sees it from the public claims."""
        me = self.index.get(self.seat, NOBODY)
        candidates = tuple(i for i, name in enumerate(self.seats)
                           if name not in self.travellers
                           and not (private and i == me))
        evil, demon = posterior(len(self.seats), self._evil_count(), candidates,
                                self._facts(private))
        return ({name: evil[i] for i, name in enumerate(self.seats)},
                {name: demon[i] for i, name in enumerate(self.seats)})

    # -- talk --------------------------------------------------------------------------------

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        self._know_table(game_view)
        if channel != "village":
            return []
        self.role = game_view.my_role or self.role
        self.evil = game_view.my_team == "evil"
        out: list[Any] = []
        if self.evil:
            out.extend(self._bluff_claims(game_view))
        else:
            out.extend(self._true_claims())
        if self._talked != (self.day, 0) and self.nominated:
            # once a day, before the first hands: every claim of the day is in by then
            self._talked = (self.day, 0)
            target = self._push_target(game_view)
            if target is not None:
                out.append({"type": "accuse", "player": target})
                out.append({"type": "vote", "player": target})
        return out

    def _true_claims(self) -> list[Any]:
        out: list[Any] = []
        if self.seat not in self.claims:
            self.claims[self.seat] = self.role
            if not self.learned:
                out.append({"type": "claim", "role": self.role})
        for role, night, info in self.learned[self.shared:]:
            if role == self.claims[self.seat]:  # (a Cannibal keeps what he ate to himself)
                out.append({"type": "claim", "role": role, "night": night, **info})
        self.shared = len(self.learned)
        return out

    def _push_target(self, view: SeatView) -> str | None:
        alive = [n for n in view.alive if n != self.seat and n not in self.travellers]
        if not alive:
            return None
        if self.evil:
            return self._evil_target(alive, self.nominated)
        _, demon = self._chances(True)
        best = max(alive, key=lambda n: (demon[n], -self.index[n]))
        return best if demon[best] >= 0.3 else None

    # -- evil stories ------------------------------------------------------------------------

    def _choose_bluff(self) -> str:
        claimed = set(self.claims.values())
        in_play = set(self.grimoire_roles.values())
        pool = [r for r in self.bluffs if r not in claimed]
        if not pool:
            pool = [r for r in TOWNSFOLK_IDS if r not in claimed and r not in in_play]
            self.rng.shuffle(pool)
        pool.sort(key=lambda r: BLUFF_ORDER.index(r) if r in BLUFF_ORDER else 99)
        if len(pool) > 1 and self.rng.random() < 0.3:
            return pool[1]
        return pool[0] if pool else "monk"

    def _bluff_claims(self, view: SeatView) -> list[Any]:
        out: list[Any] = []
        if self.story_role is None and self.seat in self.claims:
            # turned evil after a true claim (an Ogre, a jump, a swap): keep that story, and
            # the nights already told
            self.story_role = self.claims[self.seat]
            self.story.update({night: info for _, night, info in self.learned})
        if self.story_role is None:
            self.story_role = self._choose_bluff()
            self.claims[self.seat] = self.story_role
            if self.story_role not in NIGHTLY_INFO | FIRST_NIGHT_INFO:
                out.append({"type": "claim", "role": self.story_role})
        role = self.story_role
        nights = [1] if role in FIRST_NIGHT_INFO else \
            list(range(1, self.day + 1)) if role in NIGHTLY_INFO else []
        for night in nights:
            if self.seat in self.dead and night not in self.story and night > 1:
                break  # the dead learn nothing more: no story for the nights since
            if night not in self.story:
                self.story[night] = self._invent(role, night, view)
                out.append({"type": "claim", "role": role, "night": night,
                            **self.story[night]})
        return out

    def _good_alive(self, view: SeatView) -> list[str]:
        return [n for n in view.alive if n not in self.team and n != self.seat
                and n not in self.travellers]

    def _frame_target(self, view: SeatView) -> str | None:
        good = self._good_alive(view)
        if self.good_twin in good:
            self.frame = self.good_twin
        if self.frame not in good:
            self.frame = good[int(self.rng.random() * len(good))] if good else None
        return self.frame

    def _invent(self, role: str, night: int, view: SeatView) -> dict[str, Any]:
        """Information the bluffed character could have had: it frames a good player and
        clears a teammate, and repeats itself where nothing changed."""
        rng = self.rng
        mates = [n for n in view.alive if n in self.team and n != self.seat]
        good = self._good_alive(view)
        frame = self._frame_target(view)
        if role == "empath":
            around = self._neighbours_mask(self.seat, night)
            mine = sum(1 for n in self.team if (around >> self.index[n]) & 1)
            if mine:
                return {"number": 0}
            last = self.story.get(night - 1, {}).get("number")
            return {"number": last if isinstance(last, int) else int(rng.random() < 0.6)}
        if role == "chef":
            return {"number": int(rng.random() < 0.35)}
        if role == "fortune-teller":
            if frame is not None and (not mates or rng.random() < 0.6):
                others = [g for g in good if g != frame]
                pair = [frame, others[int(rng.random() * len(others))]] if others else \
                    [frame, self.seat]
                return {"players": pair, "yes": True}
            mate = mates[int(rng.random() * len(mates))] if mates else self.seat
            other = good[int(rng.random() * len(good))] if good else self.seat
            return {"players": [mate, other] if mate != other else [mate, self.seat],
                    "yes": False}
        if role == "village-idiot":
            if frame is not None and rng.random() < 0.6:
                return {"player": frame, "alignment": "evil"}
            target = mates[0] if mates else (good[0] if good else self.seat)
            return {"player": target, "alignment": "good"}
        if role == "dreamer":
            target = frame or (good[0] if good else self.seat)
            claimed = self.claims.get(target)
            wrong = [r for r in GOOD_IDS if r != claimed and r != self.story_role]
            shown_good = wrong[int(rng.random() * len(wrong))]
            shown_evil = EVIL_IDS[int(rng.random() * len(EVIL_IDS))]
            return {"player": target, "roles": [shown_good, shown_evil]}
        if role == "librarian":
            for other, claimed in self.claims.items():
                if claimed in OUTSIDER_IDS and other != self.seat:
                    rest = [n for n in self.seats if n not in (other, self.seat)]
                    return {"players": [other, rest[int(rng.random() * len(rest))]],
                            "roles": [claimed]}
            return {"number": 0}
        return {"number": 0}  # the Mathematician: nothing went wrong

    def _evil_target(self, alive: Sequence[str], nominated: Sequence[str]) -> str | None:
        """The good player the village itself would believe guilty (the good twin first)."""
        good = [n for n in alive if n not in self.team and n != self.seat
                and n not in nominated]
        if not good:
            return None
        if self.good_twin in good:
            return self.good_twin
        _, demon = self._chances(False)
        return max(good, key=lambda n: (demon[n] + (0.05 if n == self.frame else 0.0),
                                        -self.index.get(n, 0)))

    # -- decisions ---------------------------------------------------------------------------

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        self._know_table(game_view)
        self.role = game_view.my_role or self.role
        self.evil = game_view.my_team == "evil"
        decide = _DECIDERS.get(decision.name)
        if decide is None or (decision.kind == PARTS and decision.name != "summon") or \
                slips(self.skill, decision, self.rng):
            # what no reasoning helps (a Traveller's choices, an Apprentice's...): any legal
            # answer; a part-by-part question is the Summoner's alone
            return random_answer(decision, self.rng)
        return decide(self, decision, game_view)

    def _alive_choices(self, decision: Decision, view: SeatView) -> list[str]:
        alive = set(view.alive)
        return [c for c in decision.choices if c in alive and c != self.seat]

    def _nominate(self, decision: Decision, view: SeatView) -> Any:
        choices = [c for c in self._alive_choices(decision, view) if c not in self.travellers]
        if not choices:
            return None
        if self.evil:
            return self._evil_nomination(choices, view)
        demon = self._suspicion()
        best = max(choices, key=lambda n: (demon[n], -self.index[n]))
        if self.block is not None and demon[best] <= demon.get(self.block, 0.0) + 0.02:
            return None  # the player about to die is as likely the Demon
        if self.claims.get(best) == "virgin" and self.role in TOWNSFOLK_IDS \
                and demon[best] < 0.6 and self.quiet < 2:
            return None  # a Townsfolk who nominates a true Virgin dies
        return best

    def _evil_nomination(self, choices: list[str], view: SeatView) -> Any:
        mates_on_block = self.block is not None and (self.block in self.team
                                                     or self.block == self.seat)
        target = self._evil_target(choices, self.nominated)
        if target is None or target not in choices:
            return None
        if mates_on_block:
            return target  # take a teammate off the block
        if self.block is not None:
            return None  # a good player is about to die: let it be
        _, demon = self._chances(False)
        living = [n for n in view.alive if n not in self.travellers]
        if demon[target] >= 1.0 / max(1, len(living)) or target == self.good_twin:
            return target
        return None

    def _vote(self, decision: Decision, view: SeatView) -> Any:
        nominee = decision.about
        if nominee is None or nominee == self.seat or nominee in self.travellers:
            return False
        dead = self.seat in self.dead
        living = [n for n in view.alive if n not in self.travellers]
        if self.evil:
            if nominee in self.team:
                return False  # shield the Demon and the Minions
            if self.block is not None and self.block in self.team | {self.seat}:
                return True  # take a teammate off the block
            if nominee == self.good_twin:
                return True
            _, demon = self._chances(False)
            top = max((demon[n] for n in living if n != self.seat), default=0.0)
            if dead:
                return len(living) <= 4
            return demon[nominee] >= 0.6 * top or len(living) <= 4
        if nominee in self.known_evil:
            return True
        if self.quiet >= STALLED:
            # the first nominee to reach the block is executed: never tie it away
            return self.block is None and nominee not in self.known_good
        demon = self._suspicion()
        others = [n for n in living if n != self.seat]
        top = max((demon[n] for n in others), default=0.0)
        chance = demon.get(nominee, 0.0)
        if self.block is not None and self.block != nominee and \
                chance <= demon.get(self.block, 0.0) + 0.02:
            return False  # the block already holds someone as likely
        if dead:  # one vote token left: spend it on the likeliest Demon
            return chance >= 0.9 * top and (chance >= 0.3 or len(living) <= 5)
        if self.quiet:
            return chance >= 0.6 * top
        return chance >= 0.75 * top and chance >= 1.0 / max(1, len(others))

    def _suspicion(self) -> dict[str, float]:
        """Whom the good hunt: the likeliest Demon, then the likeliest evil player (an
        executed Minion is an evil hand and ability fewer); in a stalled game the likeliest
        evil player alone (the Demon may be gone while an Evil Twin lives, or protected)."""
        evil, demon = self._chances(True)
        scores = evil if self.quiet else {name: demon[name] + MINION_WEIGHT * evil[name]
                                          for name in demon}
        if self.strong:
            # a Fortune Teller nobody contradicts is the village's seer: trusted until the
            # evidence is strong (a bluffing Demon is caught by its story, not by the rope)
            claimants = [n for n, role in self.claims.items() if role == "fortune-teller"]
            if len(claimants) == 1 and claimants[0] in scores and \
                    claimants[0] not in self.changed_story and claimants[0] != self.seat:
                scores = dict(scores)
                scores[claimants[0]] *= TRUSTED_SEER
        return scores

    def _inspect(self, decision: Decision, view: SeatView) -> Any:
        choices = [c for c in self._alive_choices(decision, view)
                   if c not in self.travellers] or [c for c in decision.choices
                                                    if c != self.seat]
        if not choices:
            return random_answer(decision, self.rng)
        evil, demon = self._chances(not self.evil)
        if decision.max == 2:  # the Fortune Teller: the two likeliest Demons
            ranked = sorted(choices, key=lambda n: (-demon[n], self.index.get(n, 0)))
            if len(ranked) < 2:
                return random_answer(decision, self.rng)
            pair = ranked[:2]
            if frozenset(pair) in self._inspected and len(ranked) > 2:
                pair = [ranked[0], ranked[2]]
            self._inspected.add(frozenset(pair))
            return list(pair)
        fresh = [c for c in choices if c not in self._inspected] or choices
        best = max(fresh, key=lambda n: (evil[n], -self.index.get(n, 0)))
        self._inspected.add(best)
        return best

    def _trusted(self, choices: Sequence[str]) -> str:
        evil, _ = self._chances(not self.evil)
        return min(choices, key=lambda n: (evil.get(n, 0.5), self.index.get(n, 0)))

    def _protect(self, decision: Decision, view: SeatView) -> Any:
        # the Monk may name a dead player; the Demon kills only the living
        choices = self._alive_choices(decision, view) or list(decision.choices)
        if self.evil:
            return self._trusted([c for c in choices if c in self.team] or choices)
        evil, _ = self._chances(True)
        return max(choices, key=lambda n: (KILL_VALUE.get(self.claims.get(n, ""), 1.0)
                                           * (1.0 - evil.get(n, 0.5)), -self.index.get(n, 0)))

    def _befriend(self, decision: Decision, view: SeatView) -> Any:
        choices = [c for c in decision.choices if c != self.seat] or list(decision.choices)
        if self.evil:
            return next((c for c in choices if c in self.team), choices[0])
        return self._trusted(choices)

    def _charm(self, decision: Decision, view: SeatView) -> Any:
        choices = [c for c in decision.choices if c != self.seat] or list(decision.choices)
        if self.evil:
            return self._trusted([c for c in choices if c not in self.team] or choices)
        _, demon = self._chances(True)
        return max(choices, key=lambda n: (demon.get(n, 0.0), -self.index.get(n, 0)))

    def _attack(self, decision: Decision, view: SeatView) -> Any:
        choices = list(decision.choices)
        prey = [c for c in choices if c not in self.team and c != self.seat] or choices
        evil, _ = self._chances(False)
        jitter = {c: self.rng.random() * 0.3 for c in prey}
        fang_gu = self.role == "fang-gu"

        def value(name: str) -> float:
            claimed = self.claims.get(name, "")
            worth = KILL_VALUE.get(claimed, 0.2 if fang_gu and claimed in OUTSIDER_IDS
                                   else 1.0)
            # a player my attack missed is likely the Monk's: try someone else
            missed = 0.25 ** self.survived.get(name, 0)
            return worth * (1.2 - evil.get(name, 0.5)) * missed + jitter[name]

        target = max(prey, key=lambda n: (value(n), -self.index.get(n, 0)))
        self._attacked = target
        return target

    def _poison(self, decision: Decision, view: SeatView) -> Any:
        choices = [c for c in decision.choices if c not in self.team] or list(decision.choices)
        ranked = ("fortune-teller", "empath", "snake-charmer", "dreamer", "village-idiot",
                  "monk", "chef", "librarian", "mathematician")
        for role in ranked:
            for name in choices:
                if self.grimoire_roles.get(name) == role:
                    return name
        return choices[int(self.rng.random() * len(choices))]

    def _babysit(self, decision: Decision, view: SeatView) -> Any:
        choices = list(decision.choices)
        ours = [c for c in choices if c in self.team or c == self.seat]
        if not ours:
            return choices[0]
        evil, _ = self._chances(False)
        return min(ours, key=lambda n: (evil.get(n, 0.5), self.index.get(n, 0)))

    def _choose(self, decision: Decision, view: SeatView) -> Any:  # the Klutz
        choices = [c for c in decision.choices if c != self.seat] or list(decision.choices)
        if self.evil:
            return next((c for c in choices if c in self.team), choices[0])
        return self._trusted(choices)

    def _summon(self, decision: Decision, view: SeatView) -> Any:
        parts = decision.parts or {}
        player_part, role_part = parts.get("player"), parts.get("role")
        if player_part is None or role_part is None:
            return random_answer(decision, self.rng)
        players = list(player_part.choices)
        player = self.seat if self.seat in players else self._trusted(players)
        roles = list(role_part.choices)
        role = "no-dashii" if "no-dashii" in roles else roles[0]
        return {"player": player, "role": role}

    def _decline(self, decision: Decision, view: SeatView) -> Any:
        return None if decision.optional else random_answer(decision, self.rng)


def _mask(index: dict[str, int], names: Iterable[Any]) -> int:
    mask = 0
    for name in names:
        if name in index:
            mask |= 1 << index[name]
    return mask


def _plain(value: Any) -> Any:
    """Event data as plain values (bots receive read-only copies: tuples for lists)."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return value


_DECIDERS = {
    "nominate": ClocktowerBot._nominate,
    "vote": ClocktowerBot._vote,
    "inspect": ClocktowerBot._inspect,
    "protect": ClocktowerBot._protect,
    "befriend": ClocktowerBot._befriend,
    "charm": ClocktowerBot._charm,
    "attack": ClocktowerBot._attack,
    "poison": ClocktowerBot._poison,
    "babysit": ClocktowerBot._babysit,
    "choose": ClocktowerBot._choose,
    "summon": ClocktowerBot._summon,
    "swap": ClocktowerBot._decline,
    "exile": ClocktowerBot._decline,
}

__all__ = ["ClocktowerBot", "posterior"]
