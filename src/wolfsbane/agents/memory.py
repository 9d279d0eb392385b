"""What one seat remembers of a game, built incrementally from the events it was shown.

`Memory.observe` is fed exactly the events `core.view.events_for` lets through to the seat, so
everything here is knowledge the seat legitimately has: its own card, what it was told, public
announcements, the votes, and the talk it heard (or overheard without names). Nothing reads the
game.

Beside the raw record, `Memory.suspicion()` turns the evidence into a score per living player:
how likely they are to be a werewolf, seen by an honest villager holding this seat's knowledge.
It is recomputed lazily, at most once per batch of new events.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.events import Event

# (Final: native constants in the compiled build, not look-ups in the module's dict)
WOLF_ROLES: Final = frozenset({"werewolf"})
SEER_ROLES: Final = frozenset({"fortune-teller", "seer"})
CERTAIN: Final = 100.0
# an observed change that touches only accusations and defences
TALK_ONLY: Final = "talk-only"


_PHASES: Final[dict[str, tuple[int | None, bool]]] = {}  # phase name -> (its number, a night?)


def _parse_phase(name: str) -> tuple[int | None, bool]:
    number = name.rpartition(" ")[2]
    return (int(number) if number.isdigit() else None, name.startswith("night"))


def is_wolf_role(role: str | None) -> bool:
    return role in WOLF_ROLES


def result_says_wolf(message: dict[str, Any]) -> bool | None:
    """Whether a structured `result` message says its player is a werewolf (None: unclear)."""
    if "werewolf" in message:
        value = message["werewolf"]
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            return value.strip().lower() in ("yes", "true", "werewolf", "y")
    if "role" in message:
        return is_wolf_role(message["role"])
    team = message.get("team")
    if isinstance(team, str):
        return team in ("werewolves", "werewolf")
    return None


class Memory:
    """The incremental record of one seat's view of the game."""

    def __init__(self, me: str) -> None:
        self.me = me
        self.role: str | None = None
        self.phase = ""
        self.day = 0  # the number of the current (or last) day/night
        self.players: list[str] = []  # in seat order, learned from the first SeatView
        self.alive: dict[str, None] = {}  # the living, in seat order (a dict: ordered)
        self.revealed: dict[str, str] = {}  # public cards (the dead)
        self.wolfness: dict[str, bool] = {}  # private certainty: name -> is a werewolf
        self.pack: set[str] = set()  # the other werewolves (when I am one)
        self.lover: str | None = None
        self.roles_seen: set[str] = set()  # role ids this game is known to have
        self.inspected: dict[str, bool] = {}  # my own inspections (seer): name -> is a werewolf
        self.inspected_order: list[str] = []
        self.attack_victims: list[tuple[int, str]] = []  # told: (night, victim)
        self.center: list[str] = []
        # talk on the village channel
        self.claims: dict[str, str] = {}  # first role each player claimed
        self.seer_claims: list[str] = []  # who claimed a seer's card, in order
        self.claim_day: dict[str, int] = {}
        self.results: list[tuple[str, str, bool, int]] = []  # (speaker, target, wolf?, day)
        self.accusations: list[tuple[str, str, int]] = []  # (speaker, target, day)
        self.defenses: list[tuple[str, str, int]] = []
        self.intents: dict[str, str | None] = {}  # this phase's vote intentions
        self.intent_reasons: dict[str, str | None] = {}  # ... and the reason each gave
        # the speakers of the last phase with village talk, in the order they began (kept
        # through the night, for a question asked before anyone speaks)
        self.speakers: dict[str, None] = {}
        self._speakers_phase = ""
        self.intent_log: list[tuple[str, str, int]] = []
        self.accused_today: list[tuple[str, str]] = []  # (speaker, target) this day
        self.wolf_results: list[tuple[str, str]] = []  # (speaker, target): "a werewolf"
        # night talk
        self.pack_proposal: str | None = None  # a packmate's proposed victim this night
        self.pack_plan_claim: str | None = None  # packmate who will fake-claim tomorrow
        self.pack_plan_push: str | None = None  # packmate-agreed day target
        self.overheard: list[tuple[int, dict[str, Any]]] = []
        self.overheard_push: dict[int, set[str]] = {}  # day -> players the pack means to push
        self.overheard_claim: set[int] = set()  # days on which the pack means to fake-claim
        # votes and their outcomes
        self.votes: dict[int, list[tuple[str, str | None]]] = {}  # day -> ballots
        self.executed: dict[int, str] = {}
        self.sheriff: str | None = None
        self.version = 0
        self._scores: dict[str, float] | None = None
        self._scores_version = -1
        self._cred: dict[str, float] | None = None
        self._cred_version = -1
        self.truth_version = 0  # counts changes other than accusations and defences
        self._base: dict[str, float] = {}
        self._base_version = -1
        self._talk_scores: dict[str, float] = {}
        self._accusations_seen = 0
        self._defenses_seen = 0
        self.tick = 0  # counts every batch of events, even those that change no score
        self._pressures: dict[str, float] | None = None
        self._pressures_key: tuple[int, int, int] = (-1, -1, -1)
        self.intent_version = 0  # counts changes of this phase's stated votes
        self._threats: dict[str, float] | None = None
        self._threats_key: tuple[int, int, str | None, int] = (-1, -1, None, -1)

    # -- learning ----------------------------------------------------------------------------

    def meet(self, players: list[str], alive: list[str]) -> None:
        """Learn the table from the seat's view (names and who is alive are public)."""
        self.players = list(players)
        self.alive = dict.fromkeys(alive)

    def observe(self, events: list[Event]) -> None:
        """Take in a batch of newly visible events (the hot path: kept flat on purpose)."""
        changed: Any = False  # True, or TALK_ONLY when only accusations or defences came
        for event in events:
            kind = event.kind
            data = event.data
            if kind == "VoteCast":
                if "about" not in data:
                    ballots = self.votes.get(self.day)
                    if ballots is None:
                        ballots = self.votes[self.day] = []
                    ballots.append((data["player"], data["target"]))
                    changed = True
            elif kind == "Said":
                said = self._said(data)
                if said is TALK_ONLY:
                    changed = changed or TALK_ONLY
                elif said:
                    changed = True
            elif kind == "PlayerDied":
                name = data["player"]
                self.alive.pop(name, None)
                if name == self.sheriff:
                    self.sheriff = None
                changed = True
            elif kind == "PhaseBegan":
                self._phase(data, event)
            # (called directly, not through a table of handlers: a compiled method calls
            # another natively, where a looked-up function is called as any Python object)
            elif kind == "Announced":
                changed = self._announced(data, event) or changed
            elif kind == "InfoGiven":
                changed = self._info(data, event) or changed
            elif kind == "RoleDealt":
                changed = self._dealt(data, event) or changed
            elif kind == "Overheard":
                changed = self._overheard(data, event) or changed
        if changed:
            self.version += 1
            if changed is True:
                self.truth_version += 1
        if events:
            self.tick += 1

    def _phase(self, data: dict[str, Any], event: Event) -> bool:
        name = data.get("phase_name") or event.phase
        self.phase = name
        parsed = _PHASES.get(name)
        if parsed is None:
            parsed = _PHASES[name] = _parse_phase(name)
        number, night = parsed
        if number is not None and number != self.day:
            self.day = number
            self.accused_today = []  # the accusations of the day numbered `day`
        self.intents = {}
        self.intent_reasons = {}
        self.intent_version += 1
        self.pack_proposal = None
        if night:
            self.pack_plan_push = None  # each night the pack plans afresh
        return False

    def _dealt(self, data: dict[str, Any], event: Event) -> bool:
        if data.get("player") == self.me:
            self.role = data.get("role")
            self._role_seen(self.role)
        return True

    def _role_seen(self, role: Any) -> None:
        if isinstance(role, str):
            self.roles_seen.add(role)

    def _info(self, data: dict[str, Any], event: Event) -> bool:
        if data.get("team") == "werewolves" and "players" in data:
            mates = [p for p in data["players"] if p != self.me]
            self.pack = set(mates)
            for name in mates:
                self.wolfness[name] = True
            self.roles_seen.add("werewolf")
            return True
        about = data.get("about")
        player = data.get("player")
        if about == "center":
            self.center = list(data.get("roles", ()))
            for role in self.center:
                self._role_seen(role)
            return True
        if about == "lover":
            self.lover = player
            return True
        if about == "attack":
            if isinstance(player, str):
                self.attack_victims.append((self.day, player))
                self.wolfness.setdefault(player, False)  # the pack never attacks its own
            return True
        if about == "steal" and player == self.me:
            self.role = data.get("role")
            self._role_seen(self.role)
            return True
        if not isinstance(player, str) or player == self.me:
            return False
        wolf = result_says_wolf(data)
        if wolf is None:
            return False
        self._role_seen(data.get("role"))
        self.wolfness[player] = wolf
        if self.role in SEER_ROLES and about is None:
            if player not in self.inspected:
                self.inspected_order.append(player)
            self.inspected[player] = wolf
        return True

    def _announced(self, data: dict[str, Any], event: Event) -> bool:
        about = data.get("about")
        player = data.get("player")
        if about == "sheriff":
            self.sheriff = player
            return False  # no one's suspicion changes
        if about == "execution" and isinstance(player, str):
            self.executed[self.day] = player
        role = data.get("role")
        if isinstance(player, str) and isinstance(role, str):
            self.revealed[player] = role
            self.roles_seen.add(role)
            self.wolfness[player] = role in WOLF_ROLES
        return True

    def _said(self, data: dict[str, Any]) -> Any:
        """Record a message heard: True when it may change the suspicion scores, TALK_ONLY
        when it is only an accusation or a defence (scored incrementally)."""
        speaker = data["player"]
        message = data["message"]
        if data["channel"] == "werewolves":
            self._pack_talk(speaker, message)
            return False
        if self._speakers_phase != self.phase:
            self._speakers_phase = self.phase
            self.speakers = {}
        if speaker not in self.speakers:
            self.speakers[speaker] = None
        kind = message["type"]
        target = message.get("player")
        day = self.day
        if kind == "vote":
            self.intents[speaker] = target
            self.intent_reasons[speaker] = message.get("reason")
            self.intent_version += 1
            if target is not None:
                self.intent_log.append((speaker, target, day))
            return bool(self.overheard_push)
        if kind == "claim":
            role = message.get("role")
            if isinstance(role, str) and speaker not in self.claims:
                self.claims[speaker] = role
                self.claim_day[speaker] = day
                self._role_seen(role)
                if role in SEER_ROLES:
                    self.seer_claims.append(speaker)
        elif kind == "result" and isinstance(target, str):
            wolf = result_says_wolf(message)
            if wolf is not None:
                self.results.append((speaker, target, wolf, day))
                if wolf:
                    self.wolf_results.append((speaker, target))
        elif kind == "accuse" and isinstance(target, str):
            self.accusations.append((speaker, target, day))
            self.accused_today.append((speaker, target))
            return TALK_ONLY
        elif kind == "defend" and isinstance(target, str):
            self.defenses.append((speaker, target, day))
            return TALK_ONLY
        else:
            return False
        return True

    def _pack_talk(self, speaker: str, message: dict[str, Any]) -> None:
        if speaker == self.me:
            return
        kind = message.get("type")
        target = message.get("player")
        if kind == "vote" and isinstance(target, str):
            self.pack_proposal = target
        elif kind == "claim":
            self.pack_plan_claim = speaker
        elif kind == "accuse" and isinstance(target, str):
            self.pack_plan_push = target

    def _overheard(self, data: dict[str, Any], event: Event) -> bool:
        message = data.get("message")
        if not isinstance(message, dict):
            return False
        self.overheard.append((self.day, message))
        kind = message.get("type")
        target = message.get("player")
        if kind == "accuse" and isinstance(target, str):
            # the pack agreed to push this player tomorrow: whoever pushes them is suspect
            self.overheard_push.setdefault(self.day, set()).add(target)  # night N, day N
        elif kind == "claim":
            self.overheard_claim.add(self.day)
        elif kind == "vote" and isinstance(target, str):
            self.wolfness.setdefault(target, False)  # the pack's prey is not one of them
        return True

    # -- reading the evidence ---------------------------------------------------------------

    def has_intents(self) -> bool:
        """Whether anyone has stated a vote for a player in this phase. (A generator: compiled,
        `any` over one is a plain loop, over a dict's values a call of the builtin.)"""
        return any(target for target in self.intents.values())

    def seers_claimed(self) -> list[str]:
        """Who claimed a seer's card, in the order they claimed (kept as claims come in)."""
        return self.seer_claims

    def credibility(self) -> dict[str, float]:
        """How far an honest villager with my knowledge may trust each seer claim (0..1)."""
        if self._cred is not None and self._cred_version == self.truth_version:
            return self._cred
        self._cred = self._credibility()
        self._cred_version = self.truth_version
        return self._cred

    def _credibility(self) -> dict[str, float]:
        claimers = self.seers_claimed()
        cred: dict[str, float] = {}
        i_am_seer = self.role in SEER_ROLES
        proven = None
        for name in claimers:
            if name == self.me:
                continue
            revealed = self.revealed.get(name)
            if revealed is not None:
                cred[name] = 1.0 if revealed in SEER_ROLES else 0.0
                if revealed in SEER_ROLES:
                    proven = name
                continue
            if i_am_seer or self.wolfness.get(name) is True:
                cred[name] = 0.0
                continue
            cred[name] = -1.0  # to be settled below
        for speaker, target, wolf, _day in self.results:
            if cred.get(speaker, 0.0) != -1.0:
                continue
            truth = self.wolfness.get(target)
            if target == self.me:
                truth = is_wolf_role(self.role)
            if truth is not None and truth != wolf:
                cred[speaker] = 0.0  # caught lying
        open_claims = [n for n, c in cred.items() if c == -1.0]
        for name in open_claims:
            confirmed = any(
                s == name and w and self.wolfness.get(t) is True for s, t, w, _ in self.results
            )
            if proven is not None:
                cred[name] = 0.0
            elif confirmed:
                cred[name] = 0.95
            elif len(open_claims) == 1 and not (i_am_seer or self.role is None):
                cred[name] = 0.8
            else:
                cred[name] = 0.45
        return cred

    def suspicion(self) -> dict[str, float]:
        """Werewolf likelihood scores for the living others, as an honest villager sees it.

        Accusations and defences are scored incrementally on top of a base that is rebuilt only
        when something else changed (a card, a claim, a result, a vote, a death)."""
        if self._scores is not None and self._scores_version == self.version:
            return self._scores
        if self._base_version != self.truth_version or self.overheard_push:
            self._base = self._base_scores()
            self._base_version = self.truth_version
            self._talk_scores = {}
            self._accusations_seen = self._defenses_seen = 0
        talk = self._talk_scores
        base = self._base
        wolfness = self.wolfness
        cred = self.credibility()
        accusations = self.accusations
        if self._accusations_seen < len(accusations):
            for speaker, target, _day in accusations[self._accusations_seen:]:
                if target in base:
                    if cred.get(speaker) == 0.0 or wolfness.get(speaker) is True:
                        talk[target] = talk.get(target, 0.0) - 1.0  # a werewolf pointing
                    else:
                        talk[target] = talk.get(target, 0.0) + 0.35
                truth = wolfness.get(target)
                if truth is not None and speaker in base:
                    talk[speaker] = talk.get(speaker, 0.0) + (-1.0 if truth else 0.6)
            self._accusations_seen = len(accusations)
        defenses = self.defenses
        if self._defenses_seen < len(defenses):
            for speaker, target, _day in defenses[self._defenses_seen:]:
                truth = wolfness.get(target)
                if truth is not None and speaker in base:
                    talk[speaker] = talk.get(speaker, 0.0) + (2.0 if truth else -0.3)
                if target in base and wolfness.get(speaker) is True:
                    talk[target] = talk.get(target, 0.0) + 2.0
            self._defenses_seen = len(defenses)
        if talk:
            scores = dict(base)
            for name, value in talk.items():
                scores[name] += value
        else:
            scores = base
        self._scores = scores
        self._scores_version = self.version
        return scores

    def _base_scores(self) -> dict[str, float]:
        wolfness = self.wolfness
        me = self.me
        scores: dict[str, float] = {}
        for name in self.alive:  # certainties first: the rest only adds or subtracts
            if name != me:
                truth = wolfness.get(name)
                scores[name] = 0.0 if truth is None else CERTAIN if truth else -CERTAIN
        cred = self.credibility()
        # seer claims and their results
        open_claims = [n for n, c in cred.items() if 0.0 < c < 0.9]
        for name, c in cred.items():
            if name not in scores:
                continue
            if c == 0.0:
                scores[name] += 30.0  # a false seer
            elif len(open_claims) > 1 and name in open_claims:
                scores[name] += 2.5  # two claim the same card: one of them lies
            else:
                scores[name] -= 3.0 * c
        accused_by: dict[str, set[str]] = {}
        for speaker, target, wolf, _day in self.results:
            weight = cred.get(speaker)
            if weight is None:
                if speaker == self.me:
                    continue
                weight = 0.2  # a result from someone who claimed nothing
            if target == speaker:
                continue
            if wolf:
                accused_by.setdefault(target, set()).add(speaker)
                if target in scores:
                    scores[target] += 9.0 * weight if weight > 0 else -1.5
            elif target in scores:
                scores[target] -= 4.0 * weight
        # a claimer who appeared only after being called a werewolf by another claimer
        for name in open_claims:
            if name in scores and name in accused_by:
                first = min(self.claim_day.get(s, 99) for s in accused_by[name])
                if self.claim_day.get(name, 99) >= first:
                    scores[name] += 2.0
        # the votes of past days, judged by the card of the one hanged
        trusted = {n for n, c in cred.items() if c >= 0.8}
        executed = self.executed
        for day, ballots in self.votes.items():
            hanged = executed.get(day)
            truth = wolfness.get(hanged) if hanged else None
            for voter, voted in ballots:
                if voted is None or voter not in scores:
                    continue
                if voted in trusted:
                    scores[voter] += 1.5
                if voted == hanged:
                    if truth is not None:
                        scores[voter] += -0.8 if truth else 0.6
                elif truth is True:
                    scores[voter] += 0.4
                elif wolfness.get(voted) is True:
                    scores[voter] -= 0.5
        # what a spying little girl overheard: the pack's plan for the day
        for day, targets in self.overheard_push.items():
            for speaker, target, when in self.accusations:
                if when == day and target in targets and speaker in scores:
                    scores[speaker] += 2.5
            for speaker, target, when in self.intent_log:
                if when == day and target in targets and speaker in scores:
                    scores[speaker] += 1.0
        for day in self.overheard_claim:
            for name, role in self.claims.items():
                if role in SEER_ROLES and self.claim_day.get(name) == day and name in scores:
                    scores[name] += 6.0
        lover = self.lover
        if lover in scores and not is_wolf_role(self.role):
            scores[lover] -= 10.0
        return scores

    def threats(self) -> dict[str, float]:
        """For a werewolf: how dangerous each living non-werewolf is to the pack (kept until
        something it is made of changes: the scores' evidence, the stated votes, the sheriff,
        the pack)."""
        key = (self.version, self.intent_version, self.sheriff, len(self.pack))
        if self._threats is None or self._threats_key != key:
            self._threats = self._compute_threats()
            self._threats_key = key
        return self._threats

    def _compute_threats(self) -> dict[str, float]:
        pack = self.pack | {self.me}
        out = {name: 0.0 for name in self.alive if name not in pack}
        for name, role in self.claims.items():
            if name in out:
                if role in SEER_ROLES:
                    out[name] += 8.0
                elif role in ("witch", "little-girl"):
                    out[name] += 5.0
                elif role == "hunter":
                    out[name] -= 4.0  # he would shoot on the way out
        for speaker, target, wolf, _day in self.results:
            if speaker in out and wolf and target in pack:
                out[speaker] += 4.0
        for speaker, target, _day in self.accusations:
            if speaker in out and target in pack:
                out[speaker] += 1.5
        for speaker, target, _day in self.intent_log:
            if speaker in out and target in pack:
                out[speaker] += 0.7
        for ballots in self.votes.values():
            for voter, voted in ballots:
                if voter in out and voted in pack:
                    out[voter] += 1.0
        if self.sheriff in out:
            out[self.sheriff] += 1.0
        return out

    def pressure(self, name: str) -> float:
        """How hard the village is pushing on `name` right now (intentions, accusations)."""
        return self.pressures().get(name, 0.0)

    def pressures(self) -> dict[str, float]:
        key = (self.intent_version, len(self.accused_today), len(self.wolf_results))
        if self._pressures is not None and self._pressures_key == key:
            return self._pressures  # nothing it is made of changed
        me = self.me
        out: dict[str, float] = {}
        for speaker, target in self.intents.items():
            if target is not None and speaker != me:
                out[target] = out.get(target, 0.0) + 1.0
        for speaker, target in self.accused_today:  # kept per day: no re-scan of the game
            if speaker != me:
                out[target] = out.get(target, 0.0) + 0.5
        pack = self.pack
        for speaker, target in self.wolf_results:
            if speaker != me and speaker not in pack:
                out[target] = out.get(target, 0.0) + 2.0
        self._pressures = out
        self._pressures_key = key
        return out

