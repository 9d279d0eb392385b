"""Bots for the LiCOS village: one agent class that plays each role in its own way.

A bot sees only what its seat sees: the events given to `observe` and the `SeatView`. From the
village channel it keeps track of who claimed what, the results they published, accusations and
vote intentions; from the morning news, the vote counts and the dead. It weighs those into a
suspicion for each player and votes for the most suspect.

- Seer: inspects the most suspect uninspected player, claims seer, publishes every result.
- Medium: claims medium once the dead have spoken and publishes what it learned.
- Hunter: keeps quiet and guards the likeliest target (a trusted seer, then a medium, a mason).
- Masons: claim together and vouch for each other.
- Madman: claims seer and publishes lies, often calling the real seer a werewolf.
- Werewolves: agree on the night's prey on their channel (the first speaker proposes, the others
  follow) and hunt the players with powers; by day they follow the village's suspicion away
  from the pack and defend a packmate called a werewolf.
- Werehamster: plays like a villager who distrusts seers.
- Villagers: trust claims the composition allows, drop those that contradict each other or the
  medium, and add the vote counts as the crowd's opinion.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core import Decision
from ..core.events import Event
from .base import Agent, SeatView
from .reasons import reasoned, weight_of
from .skill import DEFAULT_SKILL, STRONG, slips

POWER_CLAIMS = ("seer", "medium")


class LicosBot(Agent):
    def __init__(self, seat: str, rng: random.Random | None = None, *,
                 skill: str = DEFAULT_SKILL) -> None:
        super().__init__(seat, rng)
        self.skill = skill
        self.strong = skill == STRONG  # the reasoning an easy bot leaves out (agents.skill)
        self.role = ""
        self.phase = "setup"
        self.composition: dict[str, int] = {}
        self.pack: set[str] = set()  # other werewolves, for a werewolf
        self.partner: str | None = None  # the other mason
        self.claims: dict[str, str] = {}  # player -> the role they claimed first
        self.results: list[tuple[str, str, bool]] = []  # (speaker, target, werewolf?)
        self.own: dict[str, bool] = {}  # what my seer/medium power told me
        self.accused: Counter[str] = Counter()
        self.intents: Counter[str] = Counter()  # declared votes today
        self.intent_weight: dict[str, float] = {}  # ... each weighed by the reason it gave
        self.intent_by: dict[str, str] = {}  # speaker -> whom they mean to vote for today
        self.defended: Counter[str] = Counter()
        self.votes: dict[str, int] = {}  # votes received the day before (morning news)
        self.killed_at_night: set[str] = set()
        self.dead: set[str] = set()
        self.claimed = False
        self.published: set[str] = set()
        self.inspected: set[str] = set()
        self.failed_attacks: set[str] = set()
        self.proposal: str | None = None  # the pack's agreed prey tonight
        self.pack_picks: list[str] = []
        self.victim: str | None = None  # the pack's prey last night
        self.new_counts = False  # the next vote counts replace the old ones
        self.fake: dict[str, bool] = {}  # the madman's invented results
        self.intent: str | None = None
        self._trusted: dict[str, float] = {}  # trust() until the next events arrive
        self._found: dict[bool, dict[str, float]] = {}  # _findings() likewise

    # -- what the seat sees --------------------------------------------------------------------

    def observe(self, events: list[Event]) -> None:
        self._trusted = {}
        self._found = {}
        for event in events:
            data = event.data
            kind = event.kind
            if kind == "PhaseBegan":
                self._new_phase(str(data.get("phase_name", event.phase)))
            elif kind == "RoleDealt" and data.get("player") == self.seat:
                self.role = str(data["role"])
            elif kind == "Announced":
                self._announced(data)
            elif kind == "InfoGiven":
                self._told(data)
            elif kind == "Said":
                self._heard(str(data["player"]), str(data["channel"]), data["message"])
            elif kind == "ActionTaken" and data.get("decision") == "attack":
                if data.get("answer") is not None and data.get("player") != self.seat:
                    self.pack_picks.append(str(data["answer"]))
            elif kind == "VictimChosen":
                self.victim = str(data["player"])
            elif kind == "PlayerDied":
                self.dead.add(str(data["player"]))

    def _new_phase(self, phase: str) -> None:
        if phase.startswith("night"):
            self.new_counts = True
        elif self.victim is not None:
            if self.victim not in self.dead:
                self.failed_attacks.add(self.victim)  # a werehamster, or guarded
            self.victim = None
        self.phase = phase
        self.proposal = None
        self.pack_picks = []
        self.intent = None
        self.intents = Counter()
        self.intent_weight = {}
        self.intent_by = {}

    def _announced(self, data: dict[str, Any]) -> None:
        about = data.get("about")
        if about == "composition":
            self.composition = dict(data.get("counts") or Counter(data.get("roles") or ()))
        elif about == "votes":
            if self.new_counts:
                self.votes = {}
                self.new_counts = False
            if data.get("player") is not None:
                self.votes[str(data["player"])] = int(data.get("number", 0))
        elif about == "death" and data.get("player") is not None:
            self.killed_at_night.add(str(data["player"]))

    def _told(self, data: dict[str, Any]) -> None:
        if data.get("team") == "werewolves" and "players" in data:
            self.pack = set(data["players"])
        elif data.get("role") == "mason" and data.get("players"):
            self.partner = str(data["players"][0])
        elif "werewolf" in data and "player" in data:
            self.own[str(data["player"])] = bool(data["werewolf"])

    def _heard(self, speaker: str, channel: str, message: Any) -> None:
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        target = message.get("player")
        if channel == "werewolves":
            if kind in ("accuse", "vote") and target and self.proposal is None:
                self.proposal = str(target)
            return
        if channel != "village" or speaker == self.seat:
            return
        if kind == "claim":
            self.claims.setdefault(speaker, str(message.get("role")))
        elif kind == "result" and target is not None and "werewolf" in message:
            value = message["werewolf"]
            wolf = value is True or str(value).lower() in ("yes", "true")
            self.results.append((speaker, str(target), wolf))
        elif kind == "accuse" and target:
            self.accused[str(target)] += 1
        elif kind == "defend" and target:
            self.defended[str(target)] += 1
        elif kind == "vote" and target:
            name = str(target)
            self.intents[name] += 1
            self.intent_weight[name] = self.intent_weight.get(name, 0.0) + 2.0 * weight_of(
                message.get("reason"))
            self.intent_by[speaker] = name
        self._trusted = {}
        self._found = {}

    # -- weighing claims -------------------------------------------------------------------------

    def claimants(self, role: str) -> list[str]:
        return [name for name, claimed in self.claims.items() if claimed == role]

    def trust(self, name: str) -> float:
        """How far this seat believes `name`'s claim (0 liar .. 1 certain)."""
        known = self._trusted.get(name)
        if known is None:
            known = self._trusted[name] = self._trust(name)
        return known

    def _trust(self, name: str) -> float:
        role = self.claims.get(name)
        if role is None:
            return 0.0
        if role == self.role or name in self.pack or self.own.get(name):
            return 0.0  # I hold that card myself, or I know them for a werewolf
        if self.own.get(name) is False and self.role == "seer":
            return 1.0
        for speaker, target, wolf in self.results:
            if speaker != name:
                continue
            if target == self.seat and wolf and self.role != "werewolf":
                return 0.0  # they called me a werewolf: a liar
            if target == self.partner and wolf:
                return 0.0
            if target in self.own and self.own[target] != wolf:
                return 0.0  # my own power says otherwise
            if role != "medium" and self._medium_denies(name, target, wolf):
                return 0.1
        if self._medium_confirms(name):
            return 1.0
        if any(self._medium_confirms(rival) for rival in self.claimants(role) if rival != name):
            return 0.05  # a rival's results were borne out: this one lies
        if name in self.killed_at_night:
            return 0.9  # the pack does not waste a night on a liar
        allowed = self.composition.get(role, 1)
        if allowed == 0:
            return 0.0
        return min(1.0, allowed / max(1, len(self.claimants(role))))

    def _medium_confirms(self, claimant: str) -> bool:
        """Did a believable medium confirm one of `claimant`'s werewolf findings?"""
        found = {t for s, t, w in self.results if s == claimant and w}
        if not found or self.claims.get(claimant) == "medium":
            return False
        return any(w and t in found and s != claimant and self.claims.get(s) == "medium"
                   and self._naive_trust(s) >= 0.5 for s, t, w in self.results)

    def _medium_denies(self, claimant: str, target: str, wolf: bool) -> bool:
        """Does a believable medium contradict `claimant`'s result on the dead `target`?"""
        for speaker, who, said in self.results:
            if (who == target and said != wolf and speaker != claimant
                    and self.claims.get(speaker) == "medium"
                    and self._naive_trust(speaker) >= 0.5):
                return True
        return False

    def suspicion(self, name: str, naive: bool = False) -> float:
        """How much this seat suspects `name` of being a werewolf. `naive`: as a villager
        would, without the pack's knowledge (the werewolves use it to follow the crowd)."""
        if name in self.own and not naive:
            return 50.0 if self.own[name] else -50.0
        if name == self.partner:
            return -50.0
        score = self._findings(naive).get(name, 0.0)
        claimed = self.claims.get(name)
        if claimed is not None:
            weight = self.trust(name) if not naive else self._naive_trust(name)
            if claimed == "mason":
                score += -2.0 if weight >= 1.0 else 1.0
            else:
                score += 1.5 * (1.0 - weight) - 0.8
        score += 0.25 * self.votes.get(name, 0)
        score += 0.3 * self.accused[name] - 0.2 * self.defended[name]
        if self.strong:  # rally behind a vote the table is forming, for its reasons
            score += 0.4 * self.intent_weight.get(name, 0.0)
        else:
            score += 0.4 * self.intents[name]
        if self.role == "werehamster" and claimed == "seer":
            score += 1.5
        return score

    def _findings(self, naive: bool) -> dict[str, float]:
        """The published results summed per target, each weighted by its speaker's trust."""
        cached = self._found.get(naive)
        if cached is not None:
            return cached
        totals: dict[str, float] = {}
        for speaker, target, wolf in self.results:
            if target != speaker:
                weight = self._naive_trust(speaker) if naive else self.trust(speaker)
                if self.claims.get(target) == self.claims.get(speaker):
                    weight *= 0.2  # rival claimants calling each other names prove little
                totals[target] = totals.get(target, 0.0) + (3.0 if wolf else -1.5) * weight
        self._found[naive] = totals
        return totals

    def _naive_trust(self, name: str) -> float:
        role = self.claims.get(name)
        if role is None:
            return 0.0
        if name in self.killed_at_night:
            return 0.9
        allowed = self.composition.get(role, 1)
        return min(1.0, allowed / max(1, len(self.claimants(role)))) if allowed else 0.0

    def most_suspect(self, choices: list[str] | tuple[str, ...], naive: bool = False) -> str:
        noise = {name: self.rng.random() * 0.5 for name in choices}
        return max(choices, key=lambda n: self.suspicion(n, naive) + noise[n])

    # -- deciding ---------------------------------------------------------------------------------

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        self.role = self.role or game_view.my_role
        choices = list(decision.choices)
        if not choices:
            return decision.default
        if slips(self.skill, decision, self.rng):
            return self.rng.choice(choices)
        name = decision.name
        if name == "vote":
            return self.choose_vote(choices)
        if name == "attack":
            return self.choose_prey(choices)
        if name == "inspect":
            fresh = [c for c in choices if c not in self.own and c != self.partner]
            grey = [c for c in fresh if c not in self.claims]  # claimants show themselves
            pool = grey or fresh or choices
            noise = {c: self.rng.random() * 2.0 for c in pool}
            pick = max(pool, key=lambda c: self.suspicion(c) + noise[c])
            self.inspected.add(pick)
            return pick
        if name == "guard":
            return self.choose_guard(choices)
        return decision.default

    def choose_vote(self, choices: list[str]) -> str:
        best = self.vote_target(choices)
        intent = self.intent
        if (intent is not None and intent in choices and self.role not in ("werewolf", "madman")
                and self.suspicion(intent) >= self.suspicion(best) - 1.0):
            return intent  # keep one's word unless something changed
        return best

    def vote_target(self, choices: list[str]) -> str:
        if self.role == "werewolf":
            humans = [c for c in choices if c not in self.pack] or choices
            threats = [c for c in humans if self._threat(c) >= 3.0]
            if threats:
                return max(threats, key=self._threat)
            return self.most_suspect(humans, naive=True)
        if self.role == "madman":
            lies = [c for c, wolf in self.fake.items() if wolf and c in choices]
            if lies:
                return lies[-1]
            rivals = [c for c in self.claimants("seer") if c in choices]
            if rivals:
                return rivals[0]
            return self.rng.choice(choices)
        if self.strong:
            # the grey first: a seer or medium nobody has caught lying is not put to death
            # (two claiming one card are sorted out by the medium, not by the rope), nor a
            # mason his partner vouches for
            grey = [c for c in choices if not self._protected(c)]
            return self.most_suspect(grey or choices)
        return self.most_suspect(choices)

    def _protected(self, name: str) -> bool:
        role = self.claims.get(name)
        if role in POWER_CLAIMS:
            return self.trust(name) >= 0.4
        return role == "mason" and self.trust(name) >= 1.0 and self.suspicion(name) < 0.0

    def reason_against(self, target: str) -> tuple[str, str | None]:
        """Why this seat points at `target`, said aloud (a werewolf or the madman gives only
        what the village could know too)."""
        honest = self.role not in ("werewolf", "madman")
        if self.own.get(target) or self.fake.get(target):
            return "my-result", None
        if target in self.claims and self.claims[target] in POWER_CLAIMS and honest and \
                self.trust(target) <= 0.1:
            if self.role == self.claims[target]:
                return "false-claim", self.seat
            rivals = [n for n in self.claimants(self.claims[target])
                      if n != target and self.trust(n) > 0.3]
            return ("false-claim", rivals[0]) if rivals else ("caught-lying", None)
        for speaker, found, wolf in reversed(self.results):
            if found == target and wolf and speaker != target and (
                    not honest or self.trust(speaker) >= 0.4):
                return "seer-result", speaker
        voted = self.intent_by.get(target)
        if voted is not None and voted in self.claims and self.trust(voted) >= 0.9:
            return "voted-seer", voted
        if honest and self.accused_me_by(target):
            return "accused-me", None
        for speaker, intended in self.intent_by.items():
            if intended == target and speaker != self.seat and speaker != target:
                return "follow", speaker
        return ("quiet", None) if self.suspicion(target, naive=not honest) >= 0.5 else \
            ("hunch", None)

    def accused_me_by(self, name: str) -> bool:
        return self.intent_by.get(name) == self.seat

    def _threat(self, name: str) -> float:
        """For a werewolf: how dangerous `name` is to the pack."""
        score = 0.0
        role = self.claims.get(name)
        wolves = self.pack | {self.seat}
        called_pack = any(s == name and t in wolves and w for s, t, w in self.results)
        lied = any(s == name and ((t in wolves) != w) for s, t, w in self.results)
        if role == "seer":
            score += 5.0 if called_pack else (-3.0 if lied else 4.0)
        elif role == "medium":
            score += 3.0 if not lied else -2.0
        elif role == "mason":
            score += 2.0
        if name in self.failed_attacks:
            score -= 2.5
        return score

    def choose_prey(self, choices: list[str]) -> str:
        if self.proposal is not None and self.proposal in choices:
            return self.proposal
        if self.pack_picks and self.pack_picks[0] in choices:
            return self.pack_picks[0]
        return self.best_prey(choices)

    def best_prey(self, choices: list[str]) -> str:
        noise = {c: self.rng.random() for c in choices}
        return max(choices, key=lambda c: self._threat(c) + noise[c])

    def choose_guard(self, choices: list[str]) -> str:
        def worth(name: str) -> float:
            role = self.claims.get(name)
            value = self.rng.random() * 0.5
            if role == "seer":
                value += 3.0 * self.trust(name) + 1.0
            elif role == "medium":
                value += 2.0 * self.trust(name) + 0.5
            elif role == "mason":
                value += 1.0
            return value - max(0.0, self.suspicion(name))
        return max(choices, key=worth)

    # -- talking ----------------------------------------------------------------------------------

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        self.role = self.role or game_view.my_role
        if channel == "werewolves":
            return self.talk_to_pack(game_view)
        if channel != "village":
            return []
        day = _number(game_view.phase)
        alive = [n for n in game_view.alive if n != self.seat]
        if not alive:
            return []
        out: list[Any] = []
        role = self.role
        if role == "seer":
            out += self.talk_as_seer(day, alive)
        elif role == "medium":
            out += self.talk_as_medium(alive)
        elif role == "mason":
            if not self.claimed:
                self.claimed = True
                out.append({"type": "claim", "role": "mason"})
                if self.partner is not None:
                    out.append(reasoned("defend", self.partner, "confirmed", None, self.seat))
        elif role == "madman":
            out += self.talk_as_madman(day, alive)
        elif role == "werewolf":
            for speaker, target, wolf in self.results[-6:]:
                if wolf and target in self.pack and target in alive:
                    out.append(reasoned("defend", target, "hunch", None, self.seat))
                    if speaker in alive and self.rng.random() < 0.7:
                        out.append(reasoned("accuse", speaker, "caught-lying", target,
                                            self.seat))
                    break
        target = self.vote_target(alive)
        self.intent = target
        if role not in ("hunter", "werehamster") or self.rng.random() < 0.5:
            reason, by = self.reason_against(target)
            out.append(reasoned("vote", target, reason, by, self.seat))
        return out[:9]

    def talk_as_seer(self, day: int, alive: list[str]) -> list[Any]:
        out: list[Any] = []
        if not self.claimed and (self.own or self.rng.random() < 0.5):
            self.claimed = True
            out.append({"type": "claim", "role": "seer"})
        if self.claimed:
            for target, wolf in self.own.items():
                if target not in self.published:
                    self.published.add(target)
                    out.append({"type": "result", "player": target, "werewolf": wolf})
                    if wolf and target in alive:
                        out.append(reasoned("accuse", target, "my-result", None, self.seat))
            for rival in self.claimants("seer"):
                if rival in alive:
                    out.append(reasoned("accuse", rival, "false-claim", self.seat, self.seat))
        return out

    def talk_as_medium(self, alive: list[str]) -> list[Any]:
        out: list[Any] = []
        fresh = [t for t in self.own if t not in self.published]
        if fresh and not self.claimed:
            self.claimed = True
            out.append({"type": "claim", "role": "medium"})
        for target in fresh:
            self.published.add(target)
            out.append({"type": "result", "player": target, "werewolf": self.own[target]})
            for speaker, who, wolf in self.results:
                if who == target and wolf != self.own[target] and speaker in alive:
                    out.append(reasoned("accuse", speaker, "caught-lying", target, self.seat))
        return out

    def talk_as_madman(self, day: int, alive: list[str]) -> list[Any]:
        out: list[Any] = []
        if not self.claimed and (day >= 2 or self.rng.random() < 0.5):
            self.claimed = True
            out.append({"type": "claim", "role": "seer"})
        if self.claimed and day >= 2 and len(self.fake) < day - 1:
            rivals = [c for c in self.claimants("seer") if c in alive and c not in self.fake]
            others = [c for c in alive if c not in self.fake and c not in rivals]
            if rivals and self.rng.random() < 0.6:
                target, wolf = rivals[0], True
            elif others:
                target = self.rng.choice(others)
                wolf = self.rng.random() < 0.35
            else:
                return out
            self.fake[target] = wolf
            out.append({"type": "result", "player": target, "werewolf": wolf})
            if wolf:
                out.append(reasoned("accuse", target, "my-result", None, self.seat))
        return out

    def talk_to_pack(self, game_view: SeatView) -> list[Any]:
        if self.proposal is not None:
            return [{"type": "vote", "player": self.proposal}]
        prey = [n for n in game_view.alive if n != self.seat and n not in self.pack]
        if not prey:
            return []
        self.proposal = self.best_prey(prey)
        return [{"type": "accuse", "player": self.proposal}]


def _number(phase: str) -> int:
    try:
        return int(phase.split()[-1])
    except (ValueError, IndexError):
        return 0
