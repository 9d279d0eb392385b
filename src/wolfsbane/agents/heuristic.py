"""Heuristic bots for the Werewolves of Millers Hollow: every role played sensibly.

A `HeuristicBot` decides only from its seat's view: the events handed to `observe()` (filtered
by `core.view.events_for`), the public properties of its `SeatView`, and the decision it is
asked. It keeps an incremental `Memory` of claims, reported results, accusations, defences,
vote intentions and votes, and scores every living player's likelihood of being a werewolf.

How each role plays:

- Village: votes on evidence (claims, reported results, who voted and spoke for whom, what the
  dead turned out to be), states its vote intention so the village can gather behind one name,
  defends players it knows to be innocent, and elects a trusted sheriff.
- Fortune teller: inspects the most suspicious unknown player; once it has found a werewolf (or
  a liar claims its card, or the village turns on it) it claims the card, reports its results
  and accuses the werewolf.
- Witch: heals the first victim; poisons only someone strongly suspected (or late in the game).
- Hunter: shoots the likeliest werewolf; claims the card when the village turns on him.
- Cupid: links himself to another player (a couple with a known honest half).
- Thief: takes a werewolf, else a power card, else keeps his own.
- Little girl: spies now and then, and treats whoever follows the pack's overheard plan as a
  suspect.
- Werewolves: agree on a victim on their night channel (hunting claimed seers and other power
  roles), sometimes plan a day target or a false fortune-teller claim, defend a packmate now and
  then, vote with the village on a packmate who is doomed anyway, and counter-claim a fortune
  teller who exposed one of them.

All randomness comes from the bot's own `rng`.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from ..core import PICK, YES_NO, Decision
from ..core.compiled import mypyc_attr
from ..core.events import Event
from .base import Agent, SeatView
from .memory import SEER_ROLES, Memory, is_wolf_role
from .random_bot import random_answer
from .reasons import NO_REASON_WEIGHT, reasoned, weight_of
from .reasons import WEIGHT as REASON_WEIGHT  # noqa: N811
from .skill import DEFAULT_SKILL, STRONG, slips

# (Final: native constants in the compiled build, not look-ups in the module's dict)
STEAL_PREFERENCE: Final = ("werewolf", "fortune-teller", "witch", "hunter", "little-girl",
                           "cupid")
SPY_CHANCE: Final = 0.3
DEFEND_PACKMATE_CHANCE: Final = 0.3
BUS_CHANCE: Final = 0.6
COUNTER_CLAIM_CHANCE: Final = 0.4
STRONG_COUNTER_CLAIM_CHANCE: Final = 0.5  # a strong pack contests the seer who exposed one
PLAN_FAKE_CLAIM_CHANCE: Final = 0.12
PLAN_PUSH_CHANCE: Final = 0.5
POISON_THRESHOLD: Final = 6.0
# below and above every score (made once: compiled, `float("inf")` is parsed at each use)
LOWEST: Final = float("-inf")
HIGHEST: Final = float("inf")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py), yet subclassable
class HeuristicBot(Agent):
    """A sensible player of any Millers Hollow card (see the module docstring)."""

    # it takes a `skill` (agents.bot_for): said here, since a compiled class's signature
    # shows only its base's parameters
    takes_skill: ClassVar[bool] = True

    def __init__(self, seat: str, rng: random.Random | None = None, *,
                 skill: str = DEFAULT_SKILL) -> None:
        super().__init__(seat, rng)
        self.skill = skill
        self.strong = skill == STRONG  # the reasoning an easy bot leaves out (agents.skill)
        self.memory = Memory(seat)
        self._jitter_day = -1
        self._jitter: dict[str, float] = {}
        self._claim_made = False
        self._framed: str | None = None  # whom I falsely reported as a werewolf
        self._reported: set[str] = set()
        self._fake_claim_planned = False
        self._counter_decided: set[str] = set()
        self._day_target: tuple[int, str | None] = (-1, None)
        self._night_target: tuple[int, str | None] = (-1, None)
        self._spoken: set[tuple[int, str, str]] = set()
        self._order: dict[str, int] = {}
        self._social_key: tuple[int, int] = (-1, -1)
        self._social_cache: dict[str, float] = {}
        self._bus_draws: dict[tuple[int, str], bool] = {}
        self._planned_night = -1  # the night this wolf last proposed a prey to the pack

    # -- the Agent interface ----------------------------------------------------------------

    def observe(self, events: list[Event]) -> None:
        self.memory.observe(events)

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        self._meet(game_view)
        handler = _DECIDERS.get(decision.name)
        if handler is None or (not self.strong and slips(self.skill, decision, self.rng)):
            return random_answer(decision, self.rng)
        answer = handler(self, decision, game_view)
        return self._legal(decision, answer)

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        self._meet(game_view)
        if channel == "werewolves":
            return self._pack_talk(game_view)
        if channel == "village":
            if self._is_wolf():
                return self._wolf_day_talk(game_view)
            return self._village_day_talk(game_view)
        return []

    @property
    def _claimed(self) -> bool:
        """Whether this seat has claimed a card aloud (by this bot or through its seat)."""
        return self._claim_made or self.seat in self.memory.claims

    @_claimed.setter
    def _claimed(self, value: bool) -> None:
        self._claim_made = value

    def suspicion(self, game_view: SeatView) -> dict[str, float]:
        """This bot's current werewolf-likelihood score for each living other player."""
        self._meet(game_view)
        return dict(self.memory.suspicion())

    # -- helpers ----------------------------------------------------------------------------

    def _meet(self, view: SeatView) -> None:
        memory = self.memory
        if not memory.players:
            memory.meet(view.players, view.alive)
        if memory.role is None:
            memory.role = view.my_role

    def _is_wolf(self) -> bool:
        return is_wolf_role(self.memory.role)

    def _jitters(self) -> dict[str, float]:
        """A small per-day random preference between otherwise equal players."""
        memory = self.memory
        if self._jitter_day != memory.day:
            self._jitter_day = memory.day
            rand = self.rng.random
            self._jitter = {name: rand() * 0.3 for name in memory.players}
        return self._jitter

    def _legal(self, decision: Decision, answer: Any) -> Any:
        if decision.kind == YES_NO:
            return bool(answer)
        if decision.kind != PICK:
            return answer
        if decision.max == 1:
            if answer is None and decision.optional:
                return None
            if answer in decision.choices:
                return answer
            return random_answer(decision, self.rng)
        if isinstance(answer, list) and decision.min <= len(answer) <= decision.max and all(
            a in decision.choices for a in answer
        ) and len(set(answer)) == len(answer):
            return answer
        return random_answer(decision, self.rng)

    def _said_already(self, key: str) -> bool:
        """Whether this seat said the message `key` in this phase (see `_say_once`)."""
        return (self.memory.day, self.memory.phase, key) in self._spoken

    def _say_once(self, out: list[Any], key: str, message: dict[str, Any]) -> None:
        """Add `message` unless this seat already said it (by key) today."""
        stamp = (self.memory.day, self.memory.phase, key)
        if stamp in self._spoken:
            return
        self._spoken.add(stamp)
        out.append(message)

    def _best(self, names: list[str] | tuple[str, ...], scores: dict[str, float],
              social: bool = False) -> tuple[str | None, float]:
        jitter = self._jitters()
        best, best_score = None, LOWEST
        if social:
            pressure = self._social()
            for name in names:
                score = scores.get(name, 0.0) + jitter.get(name, 0.0) + pressure.get(name, 0.0)
                if score > best_score:
                    best, best_score = name, score
            return best, best_score
        for name in names:  # (the same without the pull of stated votes: the hot case)
            score = scores.get(name, 0.0) + jitter.get(name, 0.0)
            if score > best_score:
                best, best_score = name, score
        return best, best_score

    def _social(self) -> dict[str, float]:
        """The pull of others' stated vote intentions, weighted by how much I trust them."""
        memory = self.memory
        key = (memory.version, memory.intent_version)  # the scores and the stated votes
        if self._social_key == key:
            return self._social_cache
        self._social_key = key
        self._social_cache = pull = self._compute_social()
        return pull

    def _compute_social(self) -> dict[str, float]:
        memory = self.memory
        scores = memory.suspicion()
        pull: dict[str, float] = {}
        cred = memory.credibility()
        reasons = memory.intent_reasons
        strong = self.strong
        weights = REASON_WEIGHT
        for speaker, target in memory.intents.items():
            if target is None or speaker == self.seat:
                continue
            weight = 0.6 if scores.get(speaker, 0.0) < 1.5 else 0.1
            if strong:  # no pile-on without a reason: a hunch hardly pulls at all
                weight *= 1.5 * weights.get(reasons.get(speaker), NO_REASON_WEIGHT)
            pull[target] = pull.get(target, 0.0) + weight
            if cred.get(target, 0.0) >= 0.8:  # means to hang a trusted fortune teller
                pull[speaker] = pull.get(speaker, 0.0) + 1.0
        return pull

    def _trusted(self, names: list[str] | tuple[str, ...]) -> str | None:
        """The most trustworthy of `names`: a credible seer, else the least suspected. Ties
        go to whoever spoke first in the latest talk, then to seat order, so that an uninformed
        village gathers behind one name; the talk's order is shuffled, so that name is not
        always the first seat's."""
        memory = self.memory
        cred = memory.credibility()
        seers = [n for n in names if cred.get(n, 0.0) >= 0.8 and n in memory.alive]
        if seers:
            return max(seers, key=lambda n: cred[n])
        scores = memory.suspicion()
        order = self._order
        if not order:
            order.update((name, i) for i, name in enumerate(memory.players))
        spoke = {name: i for i, name in enumerate(memory.speakers)}
        silent = len(spoke)
        best: str | None = None
        best_score, best_place = HIGHEST, 0
        for name in names:
            if name != self.seat:
                score = _tenths(scores.get(name, 0.0))
                rank = spoke.get(name)
                place = silent + order.get(name, 0) if rank is None else rank
                # (the least suspected, then the first to speak: compared as numbers, not
                # as tuples, which the compiled build compares as any Python objects)
                if score < best_score or (score == best_score and place < best_place):
                    best, best_score, best_place = name, score, place
        if best is None and names:
            return names[0]
        return best

    # -- village reasoning ------------------------------------------------------------------

    def _village_vote_target(self, choices: list[str] | tuple[str, ...]) -> str | None:
        memory = self.memory
        scores = memory.suspicion()
        names = [c for c in choices if c != memory.lover]
        cred = memory.credibility()
        if self.strong and _highest(cred) >= 0.8:
            # a seer nobody contradicts (or whose results were borne out) is not hanged
            names = [c for c in names if cred.get(c, 0.0) < 0.8] or names
        best, score = self._best(names, scores, social=True)
        if best is None or score < -50.0:
            return None  # everyone left is known to be innocent
        return best

    def _village_day_talk(self, view: SeatView) -> list[Any]:
        memory = self.memory
        out: list[Any] = []
        role = memory.role
        if role in SEER_ROLES:
            self._seer_reveal(out)
        elif role == "hunter" and not self._claimed and memory.pressure(self.seat) >= 2.0:
            self._claimed = True
            out.append({"type": "claim", "role": role})
        scores = memory.suspicion()
        # stand up for someone I know to be innocent (the pressures only when there is one)
        pressures: dict[str, float] | None = None
        for name, truth in memory.wolfness.items():
            if truth is False and name in memory.alive and name != self.seat:
                if pressures is None:
                    pressures = memory.pressures()
                if pressures.get(name, 0.0) >= 1.0:
                    if not self._said_already("defend:" + name):  # (its reason: once)
                        self._say_once(out, "defend:" + name, self._defence(name))
                    break
        # cheap silences first (the scores bound the target's evidence): the talk comes in
        # rounds, and most turns add nothing
        top = _highest(scores)
        if top < 1.0 and not out and memory.has_intents():
            return out  # no reason to accuse or to state a vote, and the village has a focus
        if top < 3.0 and self._said_already("vote"):
            return out  # my vote is stated and nobody is suspect enough to accuse
        target = self._village_vote_target([n for n in memory.alive if n != self.seat])
        evidence = scores.get(target, 0.0) if target is not None else 0.0
        if target is None:
            if not self._said_already("vote"):
                self._say_once(out, "vote", {"type": "vote", "player": None})
            return out
        if evidence >= 3.0 and not self._said_already("accuse:" + target):
            reason, by = self._reason_against(target, evidence)
            self._say_once(out, "accuse:" + target,
                           reasoned("accuse", target, reason, by, self.seat))
        # say how I will vote when I have a reason, or to give an undecided village a focus
        if (evidence >= 1.0 or out or not memory.has_intents()) and \
                not self._said_already("vote"):
            reason, by = self._reason_against(target, evidence)
            self._say_once(out, "vote", reasoned("vote", target, reason, by, self.seat))
        return out

    def _defence(self, name: str) -> dict[str, Any]:
        """A defence of `name`, whom I know to be innocent, and how I know it."""
        memory = self.memory
        if memory.inspected.get(name) is False:
            return reasoned("defend", name, "my-result", None, self.seat)
        cred = memory.credibility()
        for speaker, target, wolf, _day in memory.results:
            if target == name and not wolf and cred.get(speaker, 0.0) >= 0.8:
                return reasoned("defend", name, "seer-result", speaker, self.seat)
        return reasoned("defend", name, "confirmed", None, self.seat)

    def _reason_against(self, target: str, evidence: float) -> tuple[str, str | None]:
        """Why I point at `target`, in the vocabulary of `reasons` (the strongest reason I
        can give aloud: a werewolf gives only what the village could know too)."""
        memory = self.memory
        honest = not self._is_wolf()
        if target == self._framed or (honest and memory.inspected.get(target) is True):
            return "my-result", None
        cred = memory.credibility()
        if target in memory.claims and memory.claims[target] in SEER_ROLES and \
                cred.get(target) == 0.0 and honest:
            if memory.role in SEER_ROLES:
                return "false-claim", self.seat
            rivals = [n for n, c in cred.items() if c > 0.0 and n != target]
            if rivals:
                return "false-claim", max(rivals, key=lambda n: cred[n])
        for speaker, found, wolf, _day in reversed(memory.results):
            if found == target and wolf and speaker != target and \
                    (cred.get(speaker, 0.0) >= 0.45 or not honest):
                return "seer-result", speaker
        trusted = [n for n, c in cred.items() if c >= 0.8]
        if trusted:
            seer = memory.intents.get(target)
            if seer in trusted:
                return "voted-seer", seer
            for ballots in memory.votes.values():
                for voter, voted in ballots:
                    if voter == target and voted in trusted:
                        return "voted-seer", voted
        for speaker, defended, _day in memory.defenses:
            if speaker == target and (memory.revealed.get(defended) == "werewolf" or (
                    honest and memory.wolfness.get(defended) is True)):
                return "defended-wolf", defended
        for day, ballots in memory.votes.items():
            hanged = memory.executed.get(day)
            wolves = {voted: voter for voter, voted in ballots if voted is not None and (
                memory.revealed.get(voter) == "werewolf" or (
                    honest and memory.wolfness.get(voter) is True))}
            for voter, voted in ballots:
                if voter != target:
                    continue
                if voted in wolves and wolves[voted] != target:
                    return "voted-with-wolf", wolves[voted]
                if voted is not None and voted == hanged and \
                        memory.revealed.get(hanged, "werewolf") != "werewolf":
                    return "voted-innocent", hanged
        if honest and any(s == target and t == self.seat for s, t, _d in memory.accusations):
            return "accused-me", None
        for speaker, intended in memory.intents.items():
            if intended == target and speaker != self.seat and \
                    weight_of(memory.intent_reasons.get(speaker)) >= 0.5:
                return "follow", speaker
        return ("quiet", None) if evidence >= 1.0 else ("hunch", None)

    def _seer_reveal(self, out: list[Any]) -> None:
        memory = self.memory
        found = [n for n, wolf in memory.inspected.items() if wolf and n in memory.alive]
        liars = [n for n in memory.seers_claimed() if n != self.seat and n in memory.alive]
        threatened = memory.pressure(self.seat) >= 2.0
        if not (self._claimed or found or liars or threatened):
            return
        if not self._claimed:
            self._claimed = True
            out.append({"type": "claim", "role": memory.role})
        for name in memory.inspected_order:
            if name not in self._reported:
                self._reported.add(name)
                out.append({"type": "result", "player": name,
                            "werewolf": memory.inspected[name]})
        # (each accusation worded only when it is new: a later turn repeats none of them)
        for name in found:
            if not self._said_already("accuse:" + name):
                self._say_once(out, "accuse:" + name,
                               reasoned("accuse", name, "my-result", None, self.seat))
        for name in liars:
            if not self._said_already("accuse:" + name):
                self._say_once(out, "accuse:" + name,
                               reasoned("accuse", name, "false-claim", self.seat, self.seat))

    # -- werewolf reasoning -----------------------------------------------------------------

    def _pack_alive(self) -> list[str]:
        memory = self.memory
        return [n for n in memory.alive if n in memory.pack]  # seat order: deterministic

    def _attack_target(self, choices: list[str] | tuple[str, ...]) -> str | None:
        memory = self.memory
        day, cached = self._night_target
        if day == memory.day and cached in choices:
            return cached
        names = [c for c in choices if c != memory.lover]
        target, _ = self._best(names, memory.threats())
        self._night_target = (memory.day, target)
        return target

    def _doomed_mate(self) -> str | None:
        """A packmate the village is about to hang whatever the pack does."""
        memory = self.memory
        pressures = memory.pressures()
        if not pressures:
            return None
        top = _highest(pressures)
        need = max(2.0, (len(memory.alive) - 1) / 3)
        for mate in self._pack_alive():
            pressure = pressures.get(mate, 0.0)
            if mate != memory.lover and pressure >= need and pressure >= top:
                key = (memory.day, mate)
                if key not in self._bus_draws:
                    self._bus_draws[key] = self.rng.random() < BUS_CHANCE
                if self._bus_draws[key]:
                    return mate
        return None

    def _pack_rank(self) -> int:
        """My place among the living werewolves in seat order (0: the first)."""
        memory = self.memory
        rank = 0
        for name in memory.alive:
            if name == self.seat:
                return rank
            if name in memory.pack:
                rank += 1
        return rank

    def _wolf_day_target(self) -> str | None:
        memory = self.memory
        day, cached = self._day_target
        if day == memory.day and cached in memory.alive:
            return cached
        pack = set(memory.pack) | {self.seat}
        planned = memory.pack_plan_push
        if planned in memory.alive and planned not in pack and planned != memory.lover:
            target: str | None = planned
        else:
            # someone the village itself could believe guilty, preferably a dangerous one
            names = [n for n in memory.alive if n not in pack and n != memory.lover]
            looks = memory.suspicion()
            threats = memory.threats()
            scores = {n: looks.get(n, 0.0) + 0.25 * threats.get(n, 0.0) for n in names}
            target, _ = self._best(names, scores)
        self._day_target = (memory.day, target)
        return target

    def _wolf_vote_target(self, choices: list[str] | tuple[str, ...]) -> str | None:
        primary = self._wolf_vote_primary(choices)
        if not self.strong or primary == self._framed or self._pack_rank() % 2 == 0:
            return primary
        # a strong pack does not vote as a bloc: every other wolf picks its own plausible
        # suspect (a bloc of identical ballots is what a village reads afterwards)
        memory = self.memory
        pack = memory.pack
        pressures = memory.pressures()
        looks = memory.suspicion()
        jitter = self._jitters()
        others = [c for c in choices if c != primary and c not in pack and c != memory.lover
                  and c != self.seat]
        if not others:
            return primary
        # (the first of the most pressed and suspect, found by a loop: compiled, `max` with a
        # key would call a Python lambda for every name)
        target, most = others[0], LOWEST
        for name in others:
            weight = pressures.get(name, 0.0) + 0.5 * looks.get(name, 0.0) + jitter.get(name, 0.0)
            if weight > most:
                target, most = name, weight
        return target

    def _wolf_vote_primary(self, choices: list[str] | tuple[str, ...]) -> str | None:
        if self._framed in choices:
            return self._framed  # stand by the false result I reported
        doomed = self._doomed_mate()
        if doomed in choices:
            return doomed  # hang with the village: it clears the rest of the pack
        memory = self.memory
        pack = memory.pack
        pressures = memory.pressures()
        wave = [c for c in choices if c not in pack and c != memory.lover
                and pressures.get(c, 0.0) >= 1.0]
        if wave:  # blend in: join the village where it already points at an innocent
            jitter = self._jitters()
            pressed, most = wave[0], LOWEST
            for name in wave:
                weight = pressures[name] + jitter.get(name, 0.0)
                if weight > most:
                    pressed, most = name, weight
            return pressed
        target = self._wolf_day_target()
        if target in choices:
            return target
        names = [c for c in choices if c not in pack]
        return self._best(names or list(choices), memory.threats())[0]

    def _wolf_day_talk(self, view: SeatView) -> list[Any]:
        memory = self.memory
        out: list[Any] = []
        pack = set(memory.pack) | {self.seat}
        mate_claimed = any(memory.claims.get(m) in SEER_ROLES for m in memory.pack)
        # a false seer claim, planned with the pack overnight
        if self._fake_claim_planned and not self._claimed and not mate_claimed:
            target = self._wolf_day_target()
            if target is not None and "fortune-teller" in memory.roles_seen:
                self._claimed = True
                self._framed = target
                out.append({"type": "claim", "role": "fortune-teller"})
                out.append({"type": "result", "player": target, "werewolf": True})
                self._say_once(out, "accuse:" + target,
                               reasoned("accuse", target, "my-result", None, self.seat))
        # a counter-claim against a seer who exposed one of us
        if not self._claimed and not mate_claimed:
            for speaker, target, wolf, _day in memory.results:
                if (wolf and target in pack and speaker not in pack and speaker in memory.alive
                        and speaker not in self._counter_decided):
                    self._counter_decided.add(speaker)
                    chance = STRONG_COUNTER_CLAIM_CHANCE if self.strong else \
                        COUNTER_CLAIM_CHANCE
                    if self.rng.random() < chance:
                        self._claimed = True
                        self._framed = speaker
                        out.append({"type": "claim", "role": memory.claims.get(
                            speaker, "fortune-teller")})
                        out.append({"type": "result", "player": speaker, "werewolf": True})
                        self._say_once(out, "accuse:" + speaker, reasoned(
                            "accuse", speaker, "my-result", None, self.seat))
                    break
        doomed = self._doomed_mate()
        if doomed is None:
            for mate in self._pack_alive():
                if memory.pressure(mate) >= 1.0 and self.rng.random() < DEFEND_PACKMATE_CHANCE:
                    if not self._said_already("defend:" + mate):
                        self._say_once(out, "defend:" + mate,
                                       reasoned("defend", mate, "hunch", None, self.seat))
                    break
        if self._said_already("vote"):
            return out  # my vote is stated: a later turn only adds claims and defences
        if not out and memory.has_intents() and _highest(memory.pressures()) < 1.0:
            return out  # nobody is under pressure: no reason to state a vote
        target = self._wolf_vote_target([n for n in memory.alive if n != self.seat])
        # speak like a villager: a stated vote when there is a reason to give one
        if out or memory.pressure(target or "") >= 1.0 or not memory.has_intents():
            if target is None:
                self._say_once(out, "vote", {"type": "vote", "player": None})
            else:
                looks = memory.suspicion().get(target, 0.0)
                reason, by = self._reason_against(target, looks)
                self._say_once(out, "vote", reasoned("vote", target, reason, by, self.seat))
        return out

    def _pack_talk(self, view: SeatView) -> list[Any]:
        memory = self.memory
        out: list[Any] = []
        # the first wolf to speak proposes the prey and plans the day, once a night (the
        # talk comes in rounds: a later turn is for answering, not for planning again)
        if memory.pack_proposal is None and self._planned_night != memory.day:
            self._planned_night = memory.day
            prey = [n for n in memory.alive if n not in memory.pack and n != self.seat]
            target = self._attack_target(prey)
            if target is not None:
                out.append({"type": "vote", "player": target})
            if (not self._claimed and not memory.pack_plan_claim and memory.pack
                    and "fortune-teller" in memory.roles_seen
                    and not any(r in SEER_ROLES for r in memory.claims.values())
                    and self.rng.random() < PLAN_FAKE_CLAIM_CHANCE):
                self._fake_claim_planned = True
                out.append({"type": "claim", "role": "fortune-teller"})
            if memory.pack and self.rng.random() < PLAN_PUSH_CHANCE:
                self._day_target = (-1, None)
                push = self._wolf_day_target_for_night(target)
                if push is not None:
                    out.append({"type": "accuse", "player": push})
        return out

    def _wolf_day_target_for_night(self, victim: str | None) -> str | None:
        memory = self.memory
        pack = set(memory.pack) | {self.seat}
        names = [n for n in memory.alive if n not in pack and n != victim and n != memory.lover]
        if not names:
            return None
        push = names[int(self.rng.random() * len(names))]
        memory.pack_plan_push = push
        return push

    # -- decisions --------------------------------------------------------------------------

    def _vote(self, decision: Decision, view: SeatView) -> Any:
        if self._is_wolf():
            return self._wolf_vote_target(decision.choices)
        return self._village_vote_target(decision.choices)

    def _attack(self, decision: Decision, view: SeatView) -> Any:
        memory = self.memory
        proposal = memory.pack_proposal
        if proposal in decision.choices and proposal != memory.lover:
            return proposal
        return self._attack_target(decision.choices)

    def _inspect(self, decision: Decision, view: SeatView) -> Any:
        memory = self.memory
        unknown = [c for c in decision.choices
                   if c not in memory.wolfness and c != memory.lover]
        if not unknown:
            return None if decision.optional else decision.choices[0]
        return self._best(unknown, memory.suspicion())[0]

    def _heal(self, decision: Decision, view: SeatView) -> Any:
        return True  # save the first victim: an early save keeps the village strong

    def _poison(self, decision: Decision, view: SeatView) -> Any:
        memory = self.memory
        scores = memory.suspicion()
        names = [c for c in decision.choices if c != self.seat and c != memory.lover]
        best, score = self._best(names, scores)
        if best is None:
            return None
        if score >= POISON_THRESHOLD or (len(memory.alive) <= 4 and score >= 2.0):
            return best
        return None

    def _shoot(self, decision: Decision, view: SeatView) -> Any:
        memory = self.memory
        names = [c for c in decision.choices if c != memory.lover]
        if self._is_wolf():
            pack = memory.pack
            return self._best([n for n in names if n not in pack] or names,
                              memory.threats())[0]
        best, score = self._best(names, memory.suspicion())
        if score < -50.0:
            return None
        return best

    def _link(self, decision: Decision, view: SeatView) -> Any:
        others = [c for c in decision.choices if c != self.seat]
        if self.seat in decision.choices and others:
            return [self.seat, others[int(self.rng.random() * len(others))]]
        return self.rng.sample(list(decision.choices), 2)

    def _steal(self, decision: Decision, view: SeatView) -> Any:
        for role in STEAL_PREFERENCE:
            if role in decision.choices:
                return role
        return None if decision.optional else decision.choices[0]

    def _spy(self, decision: Decision, view: SeatView) -> Any:
        return self.rng.random() < SPY_CHANCE

    def _elect(self, decision: Decision, view: SeatView) -> Any:
        memory = self.memory
        if memory.role in SEER_ROLES and self._claimed and self.seat in decision.choices:
            return self.seat
        if self._is_wolf():
            mates = [m for m in self._pack_alive() if m in decision.choices]
            if mates and self.rng.random() < 0.3:
                return mates[0]
            if self.strong:
                return self._harmless(decision.choices)
        return self._trusted(decision.choices)

    def _harmless(self, choices: list[str] | tuple[str, ...]) -> str | None:
        """For a werewolf: the living non-werewolf who threatens the pack least (never the
        seer who has just exposed one of us), to hold the sheriff's double vote."""
        threats = self.memory.threats()
        names = [c for c in choices if c in threats]
        if not names:
            return self._trusted(choices)
        jitter = self._jitters()
        harmless, least = names[0], HIGHEST
        for name in names:
            threat = threats[name] + jitter.get(name, 0.0)
            if threat < least:
                harmless, least = name, threat
        return harmless

    def _successor(self, decision: Decision, view: SeatView) -> Any:
        if self._is_wolf():
            mates = [m for m in self._pack_alive() if m in decision.choices]
            if mates and self.rng.random() < 0.5:
                return mates[0]
            if self.strong:
                return self._harmless(decision.choices)
        return self._trusted(decision.choices)

    def _guard(self, decision: Decision, view: SeatView) -> Any:
        return self._trusted(decision.choices)


def _highest(scores: dict[str, float]) -> float:
    """`max(scores.values(), default=0.0)`, as a loop: compiled, the builtin's call costs as much
    as the few scores it compares."""
    top = LOWEST
    for value in scores.values():
        if value > top:
            top = value
    return top if scores else 0.0


def _tenths(score: float) -> float:
    """`round(score, 1)`: a whole number (most scores, early on) is its own rounding, without
    the decimal conversion that `round` makes of every other."""
    return score if score.is_integer() else round(score, 1)


_DECIDERS: Final = {
    "vote": HeuristicBot._vote,
    "attack": HeuristicBot._attack,
    "inspect": HeuristicBot._inspect,
    "heal": HeuristicBot._heal,
    "poison": HeuristicBot._poison,
    "shoot": HeuristicBot._shoot,
    "link": HeuristicBot._link,
    "steal": HeuristicBot._steal,
    "spy": HeuristicBot._spy,
    "elect": HeuristicBot._elect,
    "successor": HeuristicBot._successor,
    "guard": HeuristicBot._guard,
}
