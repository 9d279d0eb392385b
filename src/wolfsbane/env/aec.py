"""A PettingZoo AEC environment for every edition: each seat an agent, one question at a time.

`WolfsbaneEnv(edition, players)` deals a game (the edition's recommended cards, or `preset`
/ `deck`, with `options`) and lets its seats answer its questions in turn, as the one bot
driver does: the open question of a seat first, a standing one ("I am dead", "nominate")
once nothing else is asked, the clock last (time runs out once nobody has anything left to
do). The storyteller's choices are the engine's automatic ones.

- **Actions**: one `Discrete` index space per edition, table size and options
  (`spaces.Layout`): pass, each seat, yes and no, the cards and other words a question may
  offer, and with `talk=True` the structured talk acts. `observe(agent)["action_mask"]`
  marks the legal ones; an index outside the mask raises `ValueError` and changes nothing.
  A question that takes several players is answered one pick per step (pass ends it once
  enough are chosen); a question in parts (a player and a card) part by part.
- **Talk** (`talk=True`): before the questions of a new kind are answered in a phase, every
  member of each open channel whose members are asked them has one turn to talk, in an
  order drawn from the game's seed: an act index (accuse, defend, "I vote for", claim) or
  pass. During a talk turn `say(text)` posts free text as well.
- **Observations**: `{"observation": float32 vector, "action_mask": int8 vector}`, made by
  `spaces.encode` from `core.view.view(game, seat)` alone (the view boundary), and the
  question being answered. `view(agent)` gives the view itself, and `infos[agent]` the
  question's prompt in words.
- **Rewards**: at the end, +1 for each winner (dead or alive), -1 for each other seat (0 for
  all if nobody wins). The game over, every agent is terminated; past `max_steps` every agent
  is truncated.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces as gym
from pettingzoo import AECEnv

from ..core import Decision, Game, IllegalAnswer
from ..core.decision import CLOCK, PARTS, PICK, YES_NO
from ..core.edition import deck_for
from ..core.events import STORYTELLER
from ..core.view import view as seat_view
from ..editions import DEFAULT_EDITION, get_edition
from .spaces import PASS, Layout, encode


class WolfsbaneEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "wolfsbane_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, edition: str = DEFAULT_EDITION, players: int = 8, *,
                 preset: str | None = None, deck: list[str] | None = None,
                 options: Mapping[str, Any] | None = None, talk: bool = False,
                 max_steps: int = 20_000, seed: int = 0,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.edition = get_edition(edition)
        self.players = players
        self.preset = preset
        self.given_deck = deck
        self.given_options = dict(options or {})
        self.talk = talk
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._seed = seed
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.game = self._new_game(seed)
        self.layout = Layout.of(self.game, talk)
        mask = gym.Box(0, 1, (self.layout.actions,), dtype=np.int8)
        vector = gym.Box(0.0, 1.0, (self.layout.observations,), dtype=np.float32)
        self._observation_space = gym.Dict({"observation": vector, "action_mask": mask})
        self._action_space = gym.Discrete(self.layout.actions)
        self.agents: list[str] = []

    # -- the spaces ---------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gym.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> gym.Space[Any]:
        return self._action_space

    # -- a game -------------------------------------------------------------------------------

    def _new_game(self, seed: int) -> Game:
        deck = deck_for(self.edition, self.players, self.given_options, preset=self.preset,
                        deck=self.given_deck)
        return Game(self.edition, self.possible_agents, deck=deck,
                    options=self.given_options, seed=seed)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1  # each episode its own deal, reproducible from the first seed
        self.game = self._new_game(self._seed)
        self._order = random.Random(f"{self._seed}:env-talk")
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.steps = 0
        self._talk_turns: list[tuple[str, str]] = []  # (seat, channel) still to talk
        self._discussed: set[tuple[str, str]] = set()
        self._declined: set[int] = set()  # standing questions passed over for now
        self._picked: list[str] = []  # the picks so far of a several-choice question
        self._parts: dict[str, Any] = {}  # the parts answered so far of a question in parts
        self._current: Decision | None = None
        self._talking: str | None = None  # the channel of the current talk turn
        self._advance()

    def _advance(self) -> None:
        """Find whose turn it is: a talk turn, a seat's question, after the clocks."""
        game = self.game
        while True:
            if game.over or self.steps >= self.max_steps:
                self._finish()
                return
            if self._talk_turns:
                seat, channel = self._talk_turns.pop(0)
                if channel in game.channels_for(seat):
                    self._select(seat, None, channel)
                    return
                continue
            decision = self._next_decision()
            if decision is not None:
                if self.talk and not decision.standing and \
                        (decision.phase, decision.name) not in self._discussed:
                    self._discussed.add((decision.phase, decision.name))
                    self._talk_turns = self._discussion(decision)
                    if self._talk_turns:
                        continue
                self._select(decision.seat, decision, None)
                return
            clock = next((d for d in game.open.values() if d.seat == CLOCK), None)
            if clock is not None:
                game.answer(clock.id, True)
                self._declined.clear()  # time moved on: standing questions are asked again
                continue
            if self._declined:
                self._declined.clear()  # nothing else can move the game: ask them again
                continue
            raise RuntimeError("the game waits for nothing, yet is not over")

    def _next_decision(self) -> Decision | None:
        standing: Decision | None = None
        for decision in self.game.open.values():
            if decision.seat in (CLOCK, STORYTELLER):
                continue
            if not decision.standing:
                return decision
            if standing is None and decision.id not in self._declined:
                standing = decision
        return standing

    def _discussion(self, decision: Decision) -> list[tuple[str, str]]:
        game = self.game
        turns: list[tuple[str, str]] = []
        for channel in game.edition.channels:
            if not channel.is_open(game):
                continue
            members = [seat for seat in channel.members(game) if seat in game.by_name]
            if decision.seat not in members:
                continue
            self._order.shuffle(members)
            turns += [(seat, channel.name) for seat in members]
        return turns

    def _select(self, seat: str, decision: Decision | None, channel: str | None) -> None:
        self._current, self._talking = decision, channel
        self.agent_selection = seat
        if decision is not None:
            prompt = decision.prompt or decision.name
        else:
            prompt = f"Your turn to talk on the {channel} channel."
        self.infos = {agent: {} for agent in self.agents}
        self.infos[seat] = {"prompt": prompt, "phase": self.game.phase,
                            "question": decision.name if decision else "talk"}

    def _finish(self) -> None:
        outcome = self.game.outcome
        winners = set(outcome.winners) if outcome is not None else set()
        for agent in self.agents:
            if outcome is not None and self.game.over:
                self.terminations[agent] = True
                self.rewards[agent] = (0.0 if not winners
                                       else 1.0 if agent in winners else -1.0)
            else:
                self.truncations[agent] = True
        self._current = None
        self._talking = None
        self.agent_selection = self.agents[0]

    # -- what an agent sees -------------------------------------------------------------------

    def view(self, agent: str) -> dict[str, Any]:
        """The seat's view, exactly as a person, a bot or a remote agent receives it."""
        return seat_view(self.game, agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seen = seat_view(self.game, agent)
        mine = agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent))
        decision = None
        if mine and self._current is not None:
            decision = next((d for d in seen["decisions"] if d["id"] == self._current.id),
                            None)
        observation = encode(self.layout, seen, decision, self._picked if mine else (),
                             talking=mine and self._talking is not None)
        return {"observation": observation,
                "action_mask": self._mask() if mine else np.zeros(self.layout.actions,
                                                                  dtype=np.int8)}

    def _mask(self) -> np.ndarray:
        layout = self.layout
        mask = np.zeros(layout.actions, dtype=np.int8)
        if self._talking is not None:
            mask[PASS] = 1
            limits = self.game.channel(self._talking).limits_in(self.game)[0]
            used = self.game.said.get((self.agent_selection, self._talking, self.game.phase), 0)
            if limits is None or used < limits:
                mask[list(layout.act_indices())] = 1
            return mask
        decision = self._question()
        if decision is None:
            return mask
        for choice in decision.choices:
            if choice not in self._picked:
                mask[layout.index_of(choice)] = 1
        current = self._current
        assert current is not None
        if current.kind == PICK and current.max > 1:
            enough = len(self._picked) >= current.min
            if (enough and self._picked) or (current.optional and not self._picked):
                mask[PASS] = 1
            if len(self._picked) >= current.max:
                mask[1:] = 0
        elif decision.optional or current.standing:
            mask[PASS] = 1  # abstain; a standing question: not now
        return mask

    def _question(self) -> Decision | None:
        """The question the current action answers: the decision, or its next part."""
        current = self._current
        if current is None or current.kind != PARTS:
            return current
        for name, part in (current.parts or {}).items():
            if name not in self._parts:
                return part
        return None

    # -- acting -------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """During a talk turn, post free text on its channel (the turn goes on)."""
        if self._talking is None:
            raise IllegalAnswer("It is not your turn to talk.", "not-your-turn")
        self.game.say(self.agent_selection, self._talking, {"type": "text", "text": text})

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < self.layout.actions or \
                not self._mask()[int(action)]:
            raise ValueError(f"action {action} is not legal for {agent} now "
                             "(see observe(agent)['action_mask'])")
        index = int(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()  # this step's rewards: only the end of the game gives any
        self.steps += 1
        if self._talking is not None:
            if index != PASS:
                # the mask keeps acts within the channel's limits; what the rules refuse
                # all the same ends the turn in silence
                with contextlib.suppress(IllegalAnswer):
                    self.game.say(agent, self._talking, self.layout.act(index))
            self._advance()
        else:
            self._answer(index)
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def _answer(self, index: int) -> None:
        current = self._current
        assert current is not None
        game = self.game
        if current.kind == PARTS:
            part = self._question()
            assert part is not None
            parts = current.parts or {}
            name = next(n for n, p in parts.items() if p is part)
            self._parts[name] = self.layout.choice_of(index, part)
            if len(self._parts) < len(parts):
                return  # the same seat answers the next part
            answer: Any = dict(self._parts)
        elif current.kind == PICK and current.max > 1:
            if index != PASS:
                self._picked.append(self.layout.choice_of(index, current))
                if len(self._picked) < current.max:
                    return  # the same seat picks again (or passes to end it)
            answer = list(self._picked) or None
        elif index == PASS and current.standing:
            self._declined.add(current.id)  # not now: it stays open
            self._after_answer()
            return
        else:
            answer = self.layout.choice_of(index, current)
        if current.kind == YES_NO and answer is None:
            answer = current.default
        game.answer(current.id, answer, seat=current.seat)
        self._after_answer()

    def _after_answer(self) -> None:
        self._picked, self._parts = [], {}
        self._advance()

    def render(self) -> str:
        game = self.game
        living = ", ".join(game.alive_names())
        line = f"{game.phase}: {living} alive"
        if game.over and game.outcome is not None:
            line += f"; {game.outcome.winner} won ({game.outcome.reason})"
        return line

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


def env(**kwargs: Any) -> WolfsbaneEnv:
    """PettingZoo's usual constructor name."""
    return WolfsbaneEnv(**kwargs)


__all__ = ["WolfsbaneEnv", "env"]
