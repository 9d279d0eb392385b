"""Bots for Wherewolf: one agent class that plays each card from what its seat sees.

A bot keeps a suspicion score per player built from its own night results (a dark aura, a
mystic who is not), the results other players publish on the village channel (weighted by how
far it trusts the speaker), accusations, and, when voting is open, the ballots. It votes for the
most suspect player it is not allied with.

- Seer, wizard, medium: look at the most suspect player not yet seen; the seer claims and
  publishes once she finds a dark aura or on day 2, the others publish their findings.
- Witch: shields a trusted claimed mystic, else a random player.
- Healer: saves the first non-suspect victim.
- Werewolves: the strongest hunts claimed mystics first, never a known packmate (the outcast
  hunts the pack once the leader is gone); by day they follow the village's suspicion away from
  the pack and one of them bluffs a mystic claim with false results.
- Vampire: bites players who have not claimed a mystic and are not known wolves.
- Criminals: the assassin strikes in a mystic's turn; the spy watches every vote.
- Antagonists bluff a mystic (seer or wizard) and publish false results against villagers.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from ..core import YES_NO, Decision
from ..core.events import Event
from .base import Agent, SeatView
from .random_bot import random_answer
from .reasons import reasoned, weight_of
from .skill import DEFAULT_SKILL, STRONG, slips

WOLVES = ("pack-leader", "pack-wolf", "cursed-wolf", "outcast-wolf", "wolf-descendant")
EVIL_TEAMS = ("werewolves", "vampires", "criminals", "outcast-wolf")
MYSTICS = ("seer", "wizard", "medium", "witch", "healer")


class WherewolfBot(Agent):
    def __init__(self, seat: str, rng: random.Random | None = None, *,
                 skill: str = DEFAULT_SKILL) -> None:
        super().__init__(seat, rng)
        self.skill = skill
        self.strong = skill == STRONG  # the reasoning an easy bot leaves out (agents.skill)
        self.role = ""
        self.team = ""
        self.phase = "setup"
        self.allies: set[str] = set()  # players known to share my side
        self.pack: set[str] = set()  # werewolves I know (for a wolf)
        self.known_bad: set[str] = set()  # players my own power showed as dark/suspect
        self.known_good: set[str] = set()
        self.seen: set[str] = set()  # players I have looked at
        self.my_results: list[dict[str, Any]] = []
        self.published: set[str] = set()
        self.claims: dict[str, str] = {}
        self.suspicion: defaultdict[str, float] = defaultdict(float)
        self.accused_by: dict[str, str] = {}  # accuser -> whom they accused last
        self.accuse_reason: dict[str, str | None] = {}  # accuser -> the reason given
        self.dark_by: dict[str, str] = {}  # target -> who published a dark result on them
        self.dead: set[str] = set()
        self.possible: set[str] = set()
        self.claimed = False
        self.fake_claim = ""
        self.killed_tonight: list[str] = []
        self.faked: set[str] = set()  # whom my false mystic results named
        # one say per discussion (the talk before a vote; a vote cast starts the next one):
        # this bot's coin flips and fake results are meant once a discussion, not once a round
        self.ballots_seen = 0
        self.spoke_at: tuple[str, int] | None = None

    # -- what the seat sees ----------------------------------------------------------------------

    def observe(self, events: list[Event]) -> None:
        for event in events:
            data = event.data
            kind = event.kind
            if kind == "PhaseBegan":
                self.phase = str(data.get("phase_name", event.phase))
            elif kind == "RoleDealt" and data.get("player") == self.seat:
                self.role = str(data["role"])
            elif kind == "PlayerDied":
                self.dead.add(str(data["player"]))
            elif kind == "Announced":
                if data.get("about") == "composition":
                    self.possible = set(data.get("roles") or ())
                elif data.get("about") == "curse" and data.get("player"):
                    self.known_bad.add(str(data["player"]))
            elif kind == "InfoGiven":
                self._told(data)
            elif kind == "Said":
                self._heard(str(data["player"]), str(data["channel"]), data["message"])
            elif kind == "VoteCast":
                self.ballots_seen += 1
                if data.get("player") == self.seat:
                    continue
                for target in data.get("targets") or ():
                    if target == self.seat:
                        self.suspicion[str(data["player"])] += 1

    def _told(self, data: dict[str, Any]) -> None:
        team = data.get("team")
        if "players" in data and team in ("werewolves", "criminals"):
            self.allies.update(str(p) for p in data["players"])
            if team == "werewolves":
                self.pack.update(str(p) for p in data["players"])
        if data.get("role") in ("pack-leader", "traitor", "wolf-descendant") and data.get(
                "player"):
            self.allies.add(str(data["player"]))
            self.pack.add(str(data["player"]))
        if data.get("about") == "guards" and "players" in data:
            self.known_good.update(str(p) for p in data["players"])
        if data.get("about") == "sinner" and data.get("player"):
            self.known_good.add(str(data["player"]))
        if data.get("about") == "romeo" and data.get("player"):
            self.allies.add(str(data["player"]))
        if data.get("about") == "bite" and data.get("role") == "minor-vampire":
            self.role = "minor-vampire"
            if data.get("player"):
                self.allies.add(str(data["player"]))
        if data.get("about") == "recruit" and data.get("team") == "criminals":
            if data.get("player"):
                self.allies.add(str(data["player"]))
            self.team = "criminals"
        if data.get("role") == "vampire" and data.get("player") and self.role == "ghoul":
            self.allies.add(str(data["player"]))
        if data.get("role") == "wolf-descendant" and "players" in data:
            self.role = "wolf-descendant"
            self.pack.update(str(p) for p in data["players"])
            self.allies.update(self.pack)
        player = data.get("player")
        if player is not None and ("aura" in data or "mystic" in data):
            name = str(player)
            self.seen.add(name)
            self.my_results.append(dict(data))
            bad = data.get("aura") == "dark"
            if "mystic" in data and not data["mystic"] and self.claims.get(name) in MYSTICS:
                bad = True
            if bad:
                self.known_bad.add(name)
            elif data.get("aura") == "white":
                self.known_good.add(name)
        if data.get("about") == "night" and "players" in data:
            self.killed_tonight = [str(p) for p in data["players"]]

    def _heard(self, speaker: str, channel: str, message: Any) -> None:
        if not isinstance(message, dict) or channel != "village" or speaker == self.seat:
            return
        kind = message.get("type")
        target = message.get("player")
        if kind == "claim":
            role = str(message.get("role"))
            if self.strong and role in MYSTICS and speaker not in self.claims and any(
                    r == role and n not in self.dead for n, r in self.claims.items()):
                self.suspicion[speaker] += 2  # a late counter-claim: the classic wolf move
            self.claims.setdefault(speaker, role)
            if role == self.role and role in MYSTICS and self.role in MYSTICS:
                self.known_bad.add(speaker)  # they claim my card: a liar
        elif kind == "result" and target == self.seat and not self.evil and self._lie(message):
            self.known_bad.add(speaker)  # a false result about me
        elif kind == "result" and target is not None:
            trust = 0.5 if speaker in self.known_bad else 1.5
            if self.strong and self.claims.get(str(target)) == self.claims.get(speaker):
                trust = 0.5  # rival claimants calling each other names prove little
            name = str(target)
            fake_mystic = (message.get("mystic") in (False, "no")
                           and self.claims.get(name) in MYSTICS)
            if message.get("aura") == "dark" or fake_mystic:
                self.suspicion[name] += int(2 * trust)
                self.dark_by[name] = speaker
            elif message.get("aura") == "white" or message.get("mystic") in (True, "yes"):
                self.suspicion[name] -= 1
        elif kind == "accuse" and target is not None:
            name = str(target)
            self.accused_by[speaker] = name
            self.accuse_reason[speaker] = message.get("reason")
            if self.strong:  # an accusation is worth the reason it gives
                weight = weight_of(message.get("reason"))
                cited = message.get("by")
                if cited is not None and message.get("reason") in ("seer-result", "follow") \
                        and not self._believed(str(cited)):
                    weight *= 0.2  # it leans on a claim I do not believe
                self.suspicion[name] += 2.0 * weight
                if self._believed(name):
                    self.suspicion[speaker] += 1.5  # accusing the seer nobody contradicts
            else:
                self.suspicion[name] += 1

    # -- helpers ---------------------------------------------------------------------------------

    def _lie(self, message: dict[str, Any]) -> bool:
        """Whether a published result about me is false (I know my own card)."""
        dark = self.role in ("sinner", "bocca-di-rosa", "corrupt-guard")
        mystic = self.role in MYSTICS
        said_mystic = message.get("mystic")
        if "aura" in message:
            return (message["aura"] == "dark") != dark
        if said_mystic is not None:
            return (said_mystic in (True, "yes")) != mystic
        return False

    def _counter_claim(self, view: SeatView, out: list[Any]) -> bool:
        """A strong werewolf contests the seer everyone believes: the first of the pack
        alive claims the same card and names the claimant a dark aura (a wolf's best answer
        to a seer it cannot let stand). True when it spoke."""
        if self.role not in WOLVES:
            return False
        if any(self.claims.get(ally) in MYSTICS for ally in self.allies):
            return False  # a packmate already claims a mystic card
        first = next((p for p in view.alive if p == self.seat or p in self.pack), None)
        if first != self.seat:
            return False
        rivals = [n for n, role in self.claims.items() if role == "seer" and n not in
                  self.allies and n not in self.dead and
                  sum(1 for r in self.claims.values() if r == "seer") == 1]
        if not rivals:
            return False
        rival = rivals[0]
        self.fake_claim = "seer"
        self.faked.add(rival)
        out.append({"type": "claim", "role": "seer"})
        out.append({"type": "result", "player": rival, "aura": "dark"})
        out.append(reasoned("accuse", rival, "my-result", None, self.seat))
        return True

    def _believed(self, name: str) -> bool:
        """A mystic claim this seat believes: nobody else claims the card, and nothing the
        claimant published was proven false to me."""
        role = self.claims.get(name)
        if role not in MYSTICS or name in self.known_bad or name in self.dead:
            return False
        return sum(1 for claimed in self.claims.values() if claimed == role) == 1

    def reason_against(self, target: str) -> tuple[str, str | None]:
        """Why this seat accuses `target`, said aloud (an evil seat gives only what the
        village could know too)."""
        if target in self.known_bad and not self.evil:
            if target in self.claims and self.claims[target] == self.role:
                return "false-claim", self.seat
            return "my-result", None
        if self.fake_claim and target in self.faked:
            return "my-result", None
        seer = self.dark_by.get(target)
        if seer is not None and seer != target and (self.evil or self._believed(seer)):
            return "seer-result", seer
        accused = self.accused_by.get(target)
        if accused is not None and self._believed(accused):
            return "voted-seer", accused
        if not self.evil and self.accused_by.get(target) == self.seat:
            return "accused-me", None
        for speaker, accused in self.accused_by.items():
            if accused == target and speaker != self.seat and speaker != target and \
                    weight_of(self.accuse_reason.get(speaker)) >= 0.5:
                return "follow", speaker
        return ("quiet", None) if self.suspicion[target] >= 1 else ("hunch", None)

    @property
    def evil(self) -> bool:
        return self.team in EVIL_TEAMS

    def _score(self, name: str) -> float:
        score = float(self.suspicion[name])
        if name in self.known_bad:
            score += 10
        if name in self.known_good:
            score -= 10
        if name in self.allies:
            score -= 100
        return score + self.rng.random()

    def _most_suspect(self, choices: list[str]) -> str | None:
        others = [c for c in choices if c != self.seat]
        if not others:
            return None
        if self.strong and not self.evil:
            # a mystic nobody contradicts is not accused or burned
            others = [c for c in others if not self._believed(c)] or others
        if self.evil:
            # blend in: follow the village's suspicion, but never against an ally; favour
            # players who claim mystic powers
            def evil_score(name: str) -> float:
                bonus = 3 if self.claims.get(name) in MYSTICS else 0
                return (-100 if name in self.allies else 0) + self.suspicion[name] + bonus + \
                    self.rng.random() * 2
            return max(others, key=evil_score)
        return max(others, key=self._score)

    # -- talk ------------------------------------------------------------------------------------

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        if channel != "village" or not self.phase.startswith("day"):
            return []
        moment = (self.phase, self.ballots_seen)
        if self.spoke_at == moment:
            return []  # said my piece in this discussion: the rounds are for others
        self.spoke_at = moment
        out: list[Any] = []
        if self.role in ("seer", "wizard", "medium"):
            found_bad = any(r.get("aura") == "dark" or r.get("mystic") is False
                            for r in self.my_results)
            if (found_bad or self.phase != "day 1") and not self.claimed:
                self.claimed = True
                out.append({"type": "claim", "role": self.role})
            if self.claimed:
                for result in self.my_results:
                    if result["player"] in self.published:
                        continue
                    self.published.add(str(result["player"]))
                    message: dict[str, Any] = {"type": "result", "player": result["player"]}
                    if "aura" in result:
                        message["aura"] = result["aura"]
                    else:
                        message["mystic"] = "yes" if result["mystic"] else "no"
                    out.append(message)
        elif self.evil and self.strong and not self.fake_claim and \
                self._counter_claim(game_view, out):
            pass
        elif self.evil and self.role in WOLVES + ("traitor", "vampire") and (
                self.fake_claim or self.rng.random() < 0.2):
            if not self.fake_claim:
                self.fake_claim = self.rng.choice(["seer", "wizard"])
                out.append({"type": "claim", "role": self.fake_claim})
            living = [p for p in game_view.alive if p != self.seat and p not in self.allies]
            if living:
                victim = self.rng.choice(living)
                self.faked.add(victim)
                if self.fake_claim == "seer":
                    out.append({"type": "result", "player": victim, "aura": "dark"})
                else:
                    out.append({"type": "result", "player": victim, "mystic": "no"})
        elif self.role == "madman" and not self.claimed:
            self.claimed = True
            out.append({"type": "claim", "role": "seer"})
        suspect = self._most_suspect([p for p in game_view.alive])
        if self.strong and not self.evil and suspect is not None and \
                self.suspicion[suspect] < 1 and suspect not in self.known_bad:
            suspect = None  # nothing to go on: no accusation for others to pile onto
        if suspect is not None and self.rng.random() < 0.5:
            reason, by = self.reason_against(suspect)
            out.append(reasoned("accuse", suspect, reason, by, self.seat))
        return out

    # -- decisions -------------------------------------------------------------------------------

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        self.role = game_view.my_role
        self.team = game_view.my_team
        answer = self._choose(decision, game_view)
        if slips(self.skill, decision, self.rng):
            answer = random_answer(decision, self.rng)
        try:
            return decision.validate(answer)
        except Exception:  # noqa: BLE001 - any slip falls back to a legal random answer
            return random_answer(decision, self.rng)

    def _choose(self, decision: Decision, view: SeatView) -> Any:
        name = decision.name
        choices = [c for c in decision.choices if c != self.seat]
        if decision.kind == YES_NO:
            return True if name == "watch" else self.rng.random() < 0.5
        if not choices:
            return None
        if name in ("first-vote", "second-vote"):
            pick = self._most_suspect(choices)
            if decision.max > 1 and pick is not None:
                ranked = sorted(choices, key=self._score, reverse=True)
                return ranked[: max(1, min(2, decision.max))]
            return pick
        if name == "inspect":
            fresh = [c for c in choices if c not in self.seen] or choices
            return max(fresh, key=lambda c: self.suspicion[c] + self.rng.random() * 3)
        if name == "attack":
            return self._attack(decision, choices)
        if name == "protect":
            trusted = [c for c in choices if self.claims.get(c) in MYSTICS
                       and c not in self.known_bad]
            return self.rng.choice(trusted or choices)
        if name == "bite":
            if self.rng.random() < 0.3:
                return None
            prey = [c for c in choices if c not in self.allies
                    and self.claims.get(c) not in MYSTICS and c not in self.pack]
            return self.rng.choice(prey or choices)
        if name == "save":
            good = [c for c in choices if c not in self.known_bad]
            return good[0] if good else None
        if name == "strike":
            if self.rng.random() < 0.5:
                return None
            return self.rng.choice(list(decision.choices))
        if name in ("strike-target", "recruit", "curse"):
            prey = [c for c in choices if c not in self.allies]
            return max(prey or choices, key=lambda c: self.claims.get(c) in MYSTICS
                       or self.rng.random())
        if name == "claim":
            return "seer" if "seer" in decision.choices else decision.choices[0]
        if name in ("defend", "pardon"):
            friends = [c for c in choices if c in self.allies or c in self.known_good]
            return friends[0] if friends else None
        if name == "decree":
            bad = [c for c in choices if c in self.known_bad]
            return bad[0] if bad else None
        if name.startswith("pass-"):
            friends = [c for c in choices if c in self.allies or c in self.known_good]
            return self.rng.choice(friends or choices)
        if name == "choose-romeo":
            return self.rng.choice(choices)
        return random_answer(decision, self.rng)

    def _attack(self, decision: Decision, choices: list[str]) -> Any:
        if self.role == "outcast-wolf":
            wolves = [c for c in choices if c in self.pack]
            if wolves and self.rng.random() < 0.7:
                return wolves[0] if decision.max == 1 else wolves[: decision.max]
        prey = [c for c in choices if c not in self.allies and c not in self.pack]
        prey = prey or choices
        ranked = sorted(prey, key=lambda c: (self.claims.get(c) in MYSTICS)
                        + self.rng.random(), reverse=True)
        return ranked[0] if decision.max == 1 else ranked[: decision.max]
