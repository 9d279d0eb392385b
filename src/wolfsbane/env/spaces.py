"""The fixed index spaces of a table: the actions a seat may take, and what it observes.

For one edition, table size and options, every action is one index, the same in every game:

    0                      pass: abstain, skip, "not now", the end of a multiple choice
    1 .. N                 the player in seat 1 .. N
    N+1, N+2               yes, no
    N+3 ..                 every other thing a question may offer: the edition's cards (a
                           thief's spare cards, a role to name), then the words the options
                           give choices (Werewolf in the Dark's ghost tokens)
    then, with talk:       accuse seat i, defend seat i, "I vote for" seat i (N each), and
                           claim each card

and every observation is one vector made from the seat's view (`core.view.view`) alone: no
number in it comes from anywhere else, so it holds no secret the view does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core import Decision, Game
from ..core.decision import PARTS, PICK, YES_NO

PASS = 0
TALK_ACTS = ("accuse", "defend", "vote")


@dataclass(frozen=True)
class Layout:
    """The index spaces of one edition at one table size, with one set of options."""

    seats: tuple[str, ...]
    roles: tuple[str, ...]  # the cards this game may hold, in catalog order
    words: tuple[str, ...]  # the other choice words: options' lists (ghost tokens...)
    decisions: tuple[str, ...]  # every decision name the edition declares
    talk: bool
    token_index: dict[str, int] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, game: Game, talk: bool) -> Layout:
        edition = game.edition
        roles = tuple(game.catalog)
        words: list[str] = []
        for value in game.options.values():
            if isinstance(value, (list, tuple)):
                words += [w for w in value if isinstance(w, str) and w not in roles]
        names = {d for role in game.catalog.values() for d in role.decisions}
        names |= set(edition.table_decisions)
        layout = cls(tuple(p.name for p in game.players), roles, tuple(dict.fromkeys(words)),
                     tuple(sorted(names)), talk)
        index = layout.token_index
        for i, seat in enumerate(layout.seats):
            index[seat] = 1 + i
        index["yes"], index["no"] = layout.yes, layout.yes + 1
        for i, token in enumerate(layout.roles + layout.words):
            index.setdefault(token, layout.yes + 2 + i)
        return layout

    # -- actions ------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def yes(self) -> int:
        return 1 + self.players

    @property
    def first_act(self) -> int:
        return self.yes + 2 + len(self.roles) + len(self.words)

    @property
    def actions(self) -> int:
        acts = len(TALK_ACTS) * self.players + len(self.roles) if self.talk else 0
        return self.first_act + acts

    def index_of(self, choice: Any) -> int:
        """The action index of a choice a question offers."""
        if choice is True or choice is False:
            return self.yes if choice else self.yes + 1
        index = self.token_index.get(str(choice))
        if index is None:
            raise ValueError(f"{choice!r} has no index in this table's action space")
        return index

    def choice_of(self, index: int, decision: Decision) -> Any:
        """What an index means as an answer to `decision` (PASS: None)."""
        if index == PASS:
            return None
        if decision.kind == YES_NO:
            return index == self.yes
        for choice in decision.choices:
            if self.token_index.get(str(choice)) == index:
                return choice
        raise ValueError(f"action {index} is not a choice of this question")

    def act(self, index: int) -> dict[str, Any]:
        """The structured message a talk index says."""
        offset = index - self.first_act
        n = self.players
        if 0 <= offset < len(TALK_ACTS) * n:
            return {"type": TALK_ACTS[offset // n], "player": self.seats[offset % n]}
        return {"type": "claim", "role": self.roles[offset - len(TALK_ACTS) * n]}

    def act_indices(self) -> range:
        return range(self.first_act, self.actions)

    # -- observations -------------------------------------------------------------------------

    @property
    def observations(self) -> int:
        n, r, d = self.players, len(self.roles), len(self.decisions)
        return (3  # a constant 1, is it night, the day's number (scaled)
                + 2 * n  # alive; this seat
                + r  # my card
                + n * r  # the cards shown (turned face up)
                + d + 1 + 3  # the question: its name (or another), pick / yes-no / parts
                + n  # already picked (in a multiple choice)
                + 1  # a turn to talk
                + 3 * n  # what the seat was told: werewolf, not a werewolf, its allies
                + n * r  # the cards each player claimed
                + 4 * n  # accused, defended, named as a vote in talk; votes read out
                + 1)  # the game is over


def encode(layout: Layout, view: dict[str, Any], decision: dict[str, Any] | None,
           picked: Sequence[str] = (), talking: bool = False) -> np.ndarray:
    """The observation vector of a seat, from its view (and the question it is answering,
    which is one of the view's own decisions, and what it picked of it so far)."""
    n, r = layout.players, len(layout.roles)
    seat_of = {seat: i for i, seat in enumerate(layout.seats)}
    role_of = {role: i for i, role in enumerate(layout.roles)}
    out = np.zeros(layout.observations, dtype=np.float32)
    at = 0

    def block(size: int) -> np.ndarray:
        nonlocal at
        part = out[at:at + size]
        at += size
        return part

    head = block(3)
    head[0] = 1.0
    phase = str(view.get("phase", ""))
    head[1] = 1.0 if phase.startswith("night") else 0.0
    number = phase.rpartition(" ")[2]
    head[2] = min(int(number), 20) / 20 if number.isdigit() else 0.0
    alive, me = block(n), block(n)
    for player in view["players"]:
        if player["name"] in seat_of:
            alive[seat_of[player["name"]]] = 1.0 if player["alive"] else 0.0
    if view.get("seat") in seat_of:
        me[seat_of[view["seat"]]] = 1.0
    card = block(r)
    you = view.get("you") or {}
    if you.get("role") in role_of:
        card[role_of[you["role"]]] = 1.0
    shown = block(n * r).reshape(n, r)
    for player in view["players"]:
        if player.get("role") in role_of and player["name"] in seat_of:
            shown[seat_of[player["name"]], role_of[player["role"]]] = 1.0
    name, kind = block(len(layout.decisions) + 1), block(3)
    if decision is not None:
        names = layout.decisions
        name[names.index(decision["name"]) if decision["name"] in names else len(names)] = 1.0
        kind[{PICK: 0, YES_NO: 1, PARTS: 2}.get(decision["kind"], 0)] = 1.0
    chosen = block(n)
    for seat in picked:
        chosen[seat_of[seat]] = 1.0
    block(1)[0] = 1.0 if talking else 0.0
    evil, good, allies = block(n), block(n), block(n)
    claims = block(n * r).reshape(n, r)
    accused, defended, stated, counted = block(n), block(n), block(n), block(n)
    for event in view["events"]:
        kind_of = event["kind"]
        if kind_of == "InfoGiven":
            if "werewolf" in event and event.get("player") in seat_of:
                (evil if event["werewolf"] else good)[seat_of[event["player"]]] = 1.0
            for ally in event.get("players") or ():
                if ally in seat_of:
                    allies[seat_of[ally]] = 1.0
        elif kind_of == "Said" and isinstance(event.get("message"), dict):
            message = event["message"]
            speaker, target = event.get("player"), message.get("player")
            if message.get("type") == "claim" and speaker in seat_of and \
                    message.get("role") in role_of:
                claims[seat_of[speaker], role_of[message["role"]]] = 1.0
            elif target in seat_of:
                row = {"accuse": accused, "defend": defended, "vote": stated}.get(
                    message.get("type"))
                if row is not None:
                    row[seat_of[target]] = min(1.0, row[seat_of[target]] + 1.0 / n)
        elif kind_of == "Announced" and event.get("about") == "votes" and \
                event.get("player") in seat_of:
            counted[seat_of[event["player"]]] = min(1.0, float(event.get("number", 0)) / n)
        elif kind_of == "VoteCast" and event.get("target") in seat_of:
            target_index = seat_of[event["target"]]
            counted[target_index] = min(1.0, counted[target_index] + 1.0 / n)
    block(1)[0] = 1.0 if view.get("over") else 0.0
    assert at == layout.observations
    return out
