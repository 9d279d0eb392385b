"""Bots for Werewolf in the Dark, and the dark they play in.

The game is played with bodies, not buttons: a monster kills by a double tap, the victim
curls up and declares `dead` on their phone, a living player who stumbles on a body verifies
it and declares `body-found`. None of that is a decision the engine asks a killer; it happens
in the room. So bots play in a simulated room, `DarkTable`: the one bot driver (`Table`) for
everything the engine asks, and, while a night runs, a clock of ten-second ticks in which

- each killer (a card with a dagger) meets someone in the dark now and then, most often the
  prey it goes after, and chooses whether to tap them (`DarkBot.meets`);
- the victim feels it (and, now and then, knows who it was) and declares `dead`;
- a player close by may hear the struggle and know who was there (`DarkBot.hears`);
- every living player searching the dark may find a body, and chooses whether to report it
  (`DarkBot.finds`); a reported body ends the night, as the rulebook says;
- the night's clocks (the countdown, the ghosts' wait) run out when their time comes.

The room is seeded from the game's seed, so a simulated game is a pure function of it.

What a bot knows is only its seat's: its card, whom the know phase showed it, what it felt,
heard and was told, what was said and voted. From that it keeps a suspicion per player:

- Villagers: a killer heard at a body is all but certain; a seer's result (the ghosts' thumbs
  up), accusations and votes against themselves add the rest. By day each says why it votes.
- Monsters: hunt the players who have heard or accused them first, never a monster they know;
  by day they follow the village's suspicion away from their own and accuse the loudest
  accuser; a monster who finds a body reports it only sometimes (the night is theirs).
- Ghosts remember their card and what they saw: they give the seer a thumbs up for the player
  they know killed them or heard kill, down for those they know are innocent; a monster's
  ghost covers its pack.
- The seer inspects the most suspect player not inspected yet and tells the village.
- The sheriff searches hard and always reports (he wins only having verified a body); Romeo
  and Juliet, who win only dead, walk into the dark looking for a killer.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core import YES_NO, Decision, Game, Player
from ..core.decision import CLOCK, PHASE
from ..core.events import Event
from .base import Agent, SeatView
from .driver import Table
from .random_bot import random_answer
from .skill import DEFAULT_SKILL, STRONG, slips

MONSTERS = "monsters"
VILLAINS = "villains"
VILLAGERS = "villagers"
ALL_MONSTERS = "monsters"  # a card that knows this knows every monster (the minion)

# The room, per ten-second tick. A bigger group plays in a bigger house: a body is found
# about as fast, and a kill is heard by as few, whatever the number of players. (Calibrated
# so that a lone werewolf kills within the eight minutes about nineteen nights in twenty, and
# a body lies a minute or so before it is found.)
TICK = 10.0
MEET_CHANCE = 0.07  # a killer meets someone it could tap
PREY_SHARE = 0.5  # ... and it is the one it went after
FIND_RATE = 0.06  # someone of those searching finds a given body
NEARBY = 2  # players close enough to a kill to hear it
HEAR_CHANCE = 0.12  # ... each of whom hears it and knows who was there
FEEL_CHANCE = 0.3  # a victim knows who tapped them
SEEKERS = ("romeo", "juliet")  # they want to die: they are met twice as often
SEARCHERS = ("sheriff",)  # he wants to verify a body: he searches twice as hard
MONSTER_REPORTS = 0.3  # a monster who finds a body reports it


@dataclass
class Room:
    """The night as it is in the room: who has been tapped, who lies where, what time it is."""

    phase: str = ""
    seconds: float = 0.0  # since the night began
    asked_at: dict[int, float] = field(default_factory=dict)  # clock id -> seconds when first seen
    bodies: list[str] = field(default_factory=list)  # declared dead this night, not yet found
    pending: list[tuple[str, str, str]] = field(default_factory=list)  # (act, seat, player)
    spent: set[str] = field(default_factory=set)  # white daggers used this night
    spent_ever: set[str] = field(default_factory=set)  # dotted daggers used this game


def _knows(game: Game, knower: Player) -> list[str]:
    """Whom a knowing card sees when the guide calls it in the know phase, eyes open in the
    room: the players holding the cards it names, or every monster."""
    role = game.catalog.get(knower.role)
    wanted = set(role.traits.get("knows") or ()) if role is not None else set()
    if not wanted:
        return []
    return [p.name for p in game.players if p is not knower
            and (p.role in wanted or (ALL_MONSTERS in wanted and p.team == MONSTERS))]


def _dagger(game: Game, role_id: str) -> str:
    """The dagger printed on a card: none, dagger, white or dotted."""
    role = game.catalog.get(role_id)
    value = role.traits.get("dagger") if role is not None else None
    return str(value) if value else "none"


class DarkTable(Table):
    """The bot driver for a game played in the dark: the engine's questions as everywhere,
    and the room the bots move in while a night runs (see the module's text)."""

    def __init__(self, game: Game, agents: Mapping[str, Agent], **kwargs: Any) -> None:
        super().__init__(game, agents, **kwargs)
        self.room = Room()
        self._chance = random.Random(f"{game.seed}:the-dark")
        # what happened where the engine does not see, for whoever watches the bots play:
        # (the number of events so far, a sentence)
        self.story: list[tuple[int, str]] = []
        self._eyes_opened = False

    def _know(self) -> None:
        """The know phase in the room: each knowing card, called by the guide, opens its eyes
        and sees whom it knows (whether or not the phones show it too)."""
        self._eyes_opened = True
        for player in self.game.players:
            agent = self.agents.get(player.name)
            seen = _knows(self.game, player)
            if isinstance(agent, DarkBot) and seen:
                agent.sees(seen)

    def tell(self, text: str) -> None:
        self.story.append((len(self.game.events), text))

    def decide(self, decision: Decision) -> Any:
        answer = super().decide(decision)
        agent = self.agents.get(decision.seat)
        why = agent.why.pop(decision.name, None) if isinstance(agent, DarkBot) else None
        if why:
            self.tell(f"{decision.seat} {why}")
        return answer

    def step(self) -> bool:
        game = self.game
        if game.over:
            return False
        if not self._eyes_opened and game.phase != "setup":
            self._know()
        if not game.edition.is_night(game.phase):
            return super().step()
        decision = self.next_decision()
        if decision is None:
            return False
        if decision.seat != CLOCK and not decision.standing:
            return super().step()
        return self._night_step()

    # -- the night -----------------------------------------------------------------------------

    def _night_step(self) -> bool:
        """One thing happens in the room: a pending act, a clock running out, or a tick."""
        game, room = self.game, self.room
        if room.phase != game.phase:
            self.room = room = Room(phase=game.phase, spent_ever=room.spent_ever)
        clocks = [d for d in game.open.values() if d.seat == CLOCK]
        for clock in clocks:
            room.asked_at.setdefault(clock.id, room.seconds)
        while True:
            if self._act():
                return True
            due = [(self._due(clock), clock) for clock in clocks]
            soonest = min(due, key=lambda pair: pair[0], default=None)
            if soonest is not None and soonest[0] <= room.seconds + TICK:
                room.seconds = max(room.seconds, soonest[0])
                game.answer(soonest[1].id, True)
                return True
            room.seconds += TICK
            self._tick()
            if not room.pending and not clocks:
                return False  # nothing happens and no clock runs: the engine waits for nobody

    def _due(self, clock: Decision) -> float:
        seconds = clock.seconds or 0.0
        if clock.since == PHASE:
            return seconds
        return self.room.asked_at.get(clock.id, self.room.seconds) + seconds

    def _act(self) -> bool:
        """Answer the first pending act whose question is still open (True), if any."""
        game, room = self.game, self.room
        while room.pending:
            act, seat, player = room.pending.pop(0)
            decision = next((d for d in game.open.values()
                             if d.seat == seat and d.name == act), None)
            if decision is None:
                continue
            if act == "dead":
                answer = self.decide(decision)
                game.answer(decision.id, answer, seat=seat)
                if seat not in room.bodies:
                    room.bodies.append(seat)
                return True
            if act == "body-found":
                if player not in decision.choices:
                    continue  # the body was not declared (yet): the finder walks on
                game.answer(decision.id, player, seat=seat)
                return True
        return False

    def _standing(self, name: str) -> set[str]:
        return {d.seat for d in self.game.open.values() if d.name == name and d.standing}

    def _tick(self) -> None:
        """Ten seconds in the dark: killers meet people, searchers find bodies."""
        game, room, chance = self.game, self.room, self._chance
        walking = self._standing("dead")  # the living who are not lying in the dark
        searching = self._standing("body-found")
        tapped = {seat for act, seat, _ in room.pending if act == "dead"}
        for killer in [p for p in game.players if p.name in walking]:
            if killer.name in tapped:
                continue
            agent = self.agents.get(killer.name)
            dagger = _dagger(game, killer.role)
            if not isinstance(agent, DarkBot) or dagger == "none":
                continue
            if (dagger == "white" and killer.name in room.spent) or \
                    (dagger == "dotted" and killer.name in room.spent_ever):
                continue
            if chance.random() >= MEET_CHANCE:
                continue
            around = sorted(walking - tapped - {killer.name})
            if not around:
                continue
            met = self._whom(agent, killer.name, around)
            self.catch_up([killer.name])
            if not agent.meets(met, self.view(killer.name)):
                continue
            tapped.add(met)
            self.tell(f"In the dark, {killer.name} taps {met} twice.")
            room.spent.add(killer.name)
            if dagger == "dotted":
                room.spent_ever.add(killer.name)
            self._killed(killer.name, met, walking - tapped)
        for finder in sorted(searching - tapped):
            agent = self.agents.get(finder)
            if not isinstance(agent, DarkBot):
                continue
            hard = 2.0 if game.by_name[finder].role in SEARCHERS else 1.0
            for body in room.bodies:
                if chance.random() < FIND_RATE * hard / len(searching):
                    self.catch_up([finder])
                    if agent.finds(body, self.view(finder)):
                        room.pending.append(("body-found", finder, body))
                    else:
                        self.tell(f"{finder} finds {body}'s body in the dark, and walks on "
                                  "without a word.")
                    break

    def _whom(self, agent: DarkBot, killer: str, around: list[str]) -> str:
        """Whom the killer meets: most often the prey it went after, else whoever is there
        (Romeo and Juliet go looking for it)."""
        chance = self._chance
        self.catch_up([killer])
        prey = agent.prey(around, self.view(killer))
        if prey is not None and prey in around and chance.random() < PREY_SHARE:
            return prey
        weights = [2.0 if self.game.by_name[n].role in SEEKERS else 1.0 for n in around]
        return chance.choices(around, weights)[0]

    def _killed(self, killer: str, victim: str, nearby: set[str]) -> None:
        """The victim curls up (and will declare dead); someone close by may hear it."""
        chance = self._chance
        victim_agent = self.agents.get(victim)
        if isinstance(victim_agent, DarkBot):
            felt = chance.random() < FEEL_CHANCE
            victim_agent.tapped(killer if felt else None)
            if felt:
                self.tell(f"{victim} knows who it was.")
        self.room.pending.append(("dead", victim, victim))
        around = sorted(nearby - {killer})
        for seat in chance.sample(around, min(NEARBY, len(around))):
            agent = self.agents.get(seat)
            if isinstance(agent, DarkBot) and chance.random() < HEAR_CHANCE:
                agent.hears(killer, victim)
                self.tell(f"{seat} is close by, hears it, and knows {killer} was there.")


class DarkBot(Agent):
    """One seat of Werewolf in the Dark, for any card (see the module's text)."""

    table: Callable[..., Table] = DarkTable  # the driver that gives these bots their room

    def __init__(self, seat: str, rng: random.Random | None = None, *,
                 skill: str = DEFAULT_SKILL) -> None:
        super().__init__(seat, rng)
        self.skill = skill
        self.strong = skill == STRONG  # the reasoning an easy bot leaves out (agents.skill)
        self.role = ""
        self.phase = "setup"
        self.known: set[str] = set()  # whom the know phase showed me
        self.allies: set[str] = set()  # players on my side that I know of
        self.dead: set[str] = set()
        self.ghosts: list[str] = []  # in the order they became ghosts
        self.killer: str | None = None  # who tapped me, when I felt it
        self.heard: dict[str, str] = {}  # killer -> victim, heard in the dark
        self.suspicion: defaultdict[str, float] = defaultdict(float)
        self.innocent: set[str] = set()
        self.inspected: set[str] = set()
        self.results: list[tuple[str, int]] = []  # the seer's: (player, thumbs up)
        self.told: set[tuple[str, str]] = set()  # what I already said (kind, player)
        self.why: dict[str, str] = {}  # decision name -> why I answer as I do (to be told)
        self.voted_against_me: Counter[str] = Counter()
        self.threats: Counter[str] = Counter()  # who accused me or my side aloud
        self.accused_me: set[str] = set()  # who accused me (I know I am innocent)
        self.accusers: dict[str, set[str]] = {}  # target -> who accused them aloud
        self.seers: set[str] = set()  # who claimed to be the seer
        self.ghosts_at: dict[str, int] = {}  # the seer's player -> how many ghosts judged

    # -- what the seat sees ---------------------------------------------------------------------

    @property
    def monster(self) -> bool:
        return self._team == MONSTERS

    _team = ""

    def observe(self, events: list[Event]) -> None:
        for event in events:
            data = event.data
            kind = event.kind
            if kind == "PhaseBegan":
                self.phase = str(data.get("phase_name", event.phase))
            elif kind == "RoleDealt" and data.get("player") == self.seat:
                self.role = str(data["role"])
            elif kind == "InfoGiven":
                self._told(data)
            elif kind in ("PlayerDied", "PlayerExecuted"):
                self._died(str(data.get("player")))
            elif kind == "Announced":
                if data.get("about") in ("death", "execution", "dead") and data.get("player"):
                    self._died(str(data["player"]))
                if data.get("about") == "ghost" and data.get("player"):
                    self._died(str(data["player"]))
            elif kind == "Said":
                self._heard_said(str(data.get("player")), data.get("message"))
            elif kind == "VoteCast":
                target = data.get("target") or next(iter(data.get("targets") or ()), None)
                if target == self.seat and data.get("player") != self.seat:
                    self.voted_against_me[str(data.get("player"))] += 1

    def _died(self, player: str) -> None:
        if player and player != "None" and player not in self.dead:
            self.dead.add(player)
            self.ghosts.append(player)

    def _told(self, data: Mapping[str, Any]) -> None:
        about = data.get("about")
        if about == "know":
            # whom I know: my pack, if I am a monster; else a partner (Ahab and Moby, the
            # lovers...), who is no monster (sorted out once I know my side: `sync`)
            self.known |= {str(p) for p in data.get("players") or ()}
        elif about == "inspect" and data.get("player") is not None:
            player = str(data["player"])
            self.results.append((player, int(data.get("number", 0))))
            self.ghosts_at[player] = len(self.ghosts)  # every ghost judged

    def _heard_said(self, speaker: str, message: Any) -> None:
        """What is said aloud in the sanctuary. An accusation counts a little; one its
        speaker backs with their vote ("I heard them where the body lay: I vote for them")
        counts more; a claimed seer's word more again, while only one claims it."""
        if speaker == self.seat or not isinstance(message, Mapping):
            return
        kind = message.get("type")
        if kind == "claim":
            if message.get("role") == "seer":
                self.seers.add(speaker)
            return
        target = message.get("player")
        if not isinstance(target, str):
            return
        trust = 0.5 if speaker in self._suspects() else 1.0
        if speaker in self.seers and len(self.seers) == 1:
            trust *= 2
        if target == self.seat or target in self.allies:
            if kind in ("accuse", "vote"):
                self.threats[speaker] += 1
                if not self.monster and target == self.seat:
                    self.suspicion[speaker] += 2  # I know I am innocent
                    self.accused_me.add(speaker)
            return
        if kind == "accuse":
            self.suspicion[target] += trust / 2  # a word without grounds
            self.accusers.setdefault(target, set()).add(speaker)
        elif kind == "vote" and speaker in self.accusers.get(target, ()):
            self.suspicion[target] += 2 * trust  # first-hand: backed with a vote
        elif kind == "defend":
            self.suspicion[target] -= trust

    def _suspects(self) -> set[str]:
        return {name for name, score in self.suspicion.items() if score >= 3}

    # -- the room (called by DarkTable) ---------------------------------------------------------

    def sync(self, view: SeatView) -> None:
        """What my seat shows me of myself: my card and my side."""
        self._team = view.my_team
        if not self.role:
            self.role = view.my_role
        if self.known:
            (self.allies if self._team == MONSTERS else self.innocent).update(self.known)

    def prey(self, around: list[str], view: SeatView) -> str | None:
        """Whom a killer goes after tonight: those who heard or accused it, else anyone it
        does not know to be on its side."""
        self.sync(view)
        targets = [n for n in around if n not in self.allies]
        if not targets:
            return None
        return max(targets, key=lambda n: self.voted_against_me[n] + 2 * self.threats[n] +
                   (3 if n in self.seers else 0) + self.rng.random())

    def meets(self, met: str, view: SeatView) -> bool:
        """A killer meets `met` in the dark: tap them (kill) or not. Never a monster it knows;
        a villain or a villager with a dagger spares those it trusts."""
        self.sync(view)
        if met in self.allies:
            return False
        # a villager with a dagger kills only whom it suspects
        return self.monster or (met not in self.innocent and self.suspicion[met] >= 2)

    def sees(self, players: list[str]) -> None:
        """The know phase: eyes open, I see those my card knows."""
        self.known.update(players)

    def tapped(self, by: str | None) -> None:
        """I was killed; `by` is who, when I could tell."""
        self.killer = by
        if by is not None:
            self.suspicion[by] += 10

    def hears(self, killer: str, victim: str) -> None:
        """I heard `victim` die and know `killer` was there."""
        self.heard[killer] = victim
        if killer not in self.allies:
            self.suspicion[killer] += 8

    def finds(self, body: str, view: SeatView) -> bool:
        """I found a body and verified it: report it (ending the night) or walk on."""
        self.sync(view)
        if self.monster:
            return self.rng.random() < MONSTER_REPORTS
        return True

    # -- the engine's questions -----------------------------------------------------------------

    def decide(self, decision: Decision, game_view: SeatView) -> Any:
        self.sync(game_view)
        name = decision.name
        if name == "dead":
            # In the room I am asked only once tapped. A driver without a room asks anyway,
            # at night when nothing else is asked: a bot says yes there, for nobody would
            # ever find it, and a "no" asked again and again would hold the night forever.
            return True if decision.kind == YES_NO else decision.choices[0]
        if name == "body-found":
            return None  # in the room, a find is the room's (`finds`); elsewhere, none
        if slips(self.skill, decision, self.rng) and name in ("guide", "inspect", "vote"):
            return random_answer(decision, self.rng)
        if name == "choose-ghost":
            return decision.choices[0] if decision.choices else None
        if name == "guide":
            return self._guide(list(decision.choices))
        if name == "inspect":
            return self._inspect(list(decision.choices))
        if name == "judge":
            return self._judge(decision)
        if name == "vote":
            return self._vote(list(decision.choices), decision.optional)
        return random_answer(decision, self.rng)

    def _guide(self, choices: list[str]) -> str:
        """The first ghost: every bot names the same one, so the ghosts agree at once."""
        for ghost in self.ghosts:
            if ghost in choices:
                return ghost
        return choices[0]

    def _score(self, name: str) -> float:
        score = float(self.suspicion[name])
        for player, thumbs in self.results:
            if player == name:
                judges = max(1, self.ghosts_at.get(player, 1))
                score += 8 * thumbs / judges - 2
        if name in self.heard or name == self.killer:
            score += 20
        if name in self.innocent:
            score -= 20
        if name in self.allies:
            score -= 100 if self.monster else 20
        return score + self.rng.random()

    def _inspect(self, choices: list[str]) -> str:
        fresh = [c for c in choices if c not in self.inspected and c != self.seat] or choices
        target = max(fresh, key=self._score)
        self.inspected.add(target)
        self.why["inspect"] = f"(the seer) chooses {target} for the ghosts to judge: " \
            f"{self._grounds(target)}."
        return target

    def _judge(self, decision: Decision) -> bool:
        """A thumbs up: do I believe the player the seer points at is a monster? (The player
        is named in the question's `about`, or is the one the seer was seen to point at.)"""
        target = decision.about or ""
        if self.monster:
            if target in self.allies:
                self.why["judge"] = f"turns a thumb down for {target}, a monster it knows."
                return False  # my pack still hunts
            up = self.rng.random() < 0.5  # muddy the count
            self.why["judge"] = f"turns a thumb {'up' if up else 'down'} at random, to muddy " \
                "the count."
            return up
        if target == self.killer:
            self.why["judge"] = f"turns a thumb up: {target} killed it."
            return True
        if target in self.heard:
            self.why["judge"] = f"turns a thumb up: it heard {target} kill."
            return True
        if target in self.innocent:
            self.why["judge"] = f"turns a thumb down: it knows {target}."
            return False
        return self._score(target) >= 4

    def _vote(self, choices: list[str], optional: bool) -> str | None:
        targets = [c for c in choices if c != self.seat]
        if not targets:
            return None
        if self.monster:
            # follow the village away from the pack; the one who accuses us first
            def score(name: str) -> float:
                if name in self.allies:
                    return -100.0
                return float(self.suspicion[name]) + self.voted_against_me[name] + \
                    2 * self.rng.random()
            target = max(targets, key=score)
            self.why["vote"] = f"points at {target}, " + (
                "away from the monsters it knows." if self.allies else
                "to keep suspicion off itself.")
            return target
        if self.strong and len(self.seers) == 1:
            # a seer nobody contradicts is not voted out on a hunch: only on evidence
            seer = next(iter(self.seers))
            if seer != self.killer and seer not in self.heard:
                targets = [c for c in targets if c != seer] or targets
        best = max(targets, key=self._score)
        if self._score(best) < 1 and optional and self.rng.random() < 0.5:
            self.why["vote"] = "points at nobody: it has no idea."
            return None
        self.why["vote"] = f"points at {best}: {self._grounds(best)}."
        return best

    def _grounds(self, name: str) -> str:
        """Why I suspect `name`, in a few words."""
        if name in self.heard:
            return f"it heard {name} right where {self.heard[name]} died"
        thumbs = [n for player, n in self.results if player == name]
        if thumbs:
            return f"as the seer, it saw {max(thumbs)} of {self.ghosts_at.get(name, 0)} " \
                f"ghosts' thumbs go up for {name}"
        if name in self.accused_me:
            return f"{name} accused it, and it knows it is innocent"
        if self.voted_against_me[name]:
            return f"{name} voted against it, and it knows it is innocent"
        if self.suspicion[name] >= 2:
            who = sorted(self.accusers.get(name, ()))
            return f"{name} was accused by {', '.join(who)}" if who else \
                f"{name} is the one the village suspects"
        if self.suspicion[name] > 0:
            return f"{name} is the one the village accuses"
        return "a hunch"

    # -- talk ----------------------------------------------------------------------------------

    def talk(self, channel: str, game_view: SeatView) -> list[Any]:
        """By day, in the sanctuary: a witness names the killer and backs it with a vote; the
        seer tells what the ghosts' thumbs said; a monster accuses away from its side, and
        turns on whoever accuses it."""
        self.sync(game_view)
        if self.seat in self.dead or not self.phase.startswith("day"):
            return []
        living = set(game_view.alive)
        out: list[Any] = []

        def say(key: tuple[str, str], *messages: Any) -> None:
            if key not in self.told:
                self.told.add(key)
                out.extend(messages)

        if self.monster:
            accusers = [n for n, c in self.threats.most_common() if c and n in living
                        and n not in self.allies]
            if accusers:
                them = accusers[0]
                victim = next((g for g in reversed(self.ghosts)), None)
                where = f" where {victim} died" if victim else ""
                say(("counter", them), {"type": "accuse", "player": them},
                    {"type": "vote", "player": them}, f"{them} is lying: I heard {them}{where}.")
                return out
            others = [n for n in game_view.alive if n != self.seat and n not in self.allies]
            target = max(others, key=lambda n: self.suspicion[n] + 2 * self.rng.random(),
                         default=None)
            if target is not None:  # one name a day: a monster that accuses everyone
                say(("accuse", self.phase), {"type": "accuse", "player": target},
                    f"I don't trust {target}.")
            return out
        for killer, victim in self.heard.items():
            if killer in living:
                say(("heard", killer), {"type": "accuse", "player": killer},
                    {"type": "vote", "player": killer},
                    f"I heard {killer} right where {victim} died.")
        for player, thumbs in self.results:
            if player not in living:
                continue
            judges = self.ghosts_at.get(player, 0)
            if thumbs * 2 > judges:
                say(("result", player), {"type": "claim", "role": "seer"},
                    {"type": "accuse", "player": player},
                    f"I am the seer: {thumbs} of {judges} ghosts think {player} is a monster.")
            elif thumbs == 0 and judges:
                say(("result", player), {"type": "claim", "role": "seer"},
                    {"type": "defend", "player": player},
                    f"I am the seer: no ghost thinks {player} is a monster.")
        return out
