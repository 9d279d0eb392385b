"""Turning events (as `core.view` hands them out) into sentences a person reads.

The words come from the edition's message catalogue (`wolfsbane.messages`), the same one the
browser renders from; this module only lays them out for a terminal (colour, a round of votes
on one line, a death told once). The same renderer serves a seat (``you`` is that seat) and
the storyteller (``you`` is None: every event, with who it was for and each player's card).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.markup import escape

from ..core.edition import Edition
from ..messages import Words

# Decisions whose answers other events already tell (votes, the pack's picks, the deal).
TOLD_BY_EVENTS = frozenset({"vote", "elect", "deal", "center", "first-vote", "second-vote",
                            "attack"})

# ... and those of the reader's own answers (the reader sees its own ballot as an event)
OWN_TOLD_BY_EVENTS = frozenset({"vote", "elect", "deal", "first-vote", "second-vote"})

TONES = {"death": "red", "bad": "red", "good": "green", "quiet": "dim"}
HIDDEN = ("index", "kind", "phase", "audience")


def esc(value: Any) -> str:
    return escape(str(value))


@dataclass
class Line:
    """One rendered item: a phase heading, or a line of text (Rich markup)."""

    text: str
    phase: str | None = None  # set on a heading: the phase that begins
    public: bool = True


class Renderer:
    def __init__(self, edition: Edition, you: str | None = None) -> None:
        self.edition = edition
        self.you = you
        self.data = edition.messages()
        self.words = Words(self.data, viewer=you, mark=self._mark)
        self.plain = Words(self.data, viewer=you)
        # the card each player holds, as far as this renderer has been told (storyteller)
        self.cards: dict[str, str] = {}
        self.causes: dict[str, str] = {}  # storyteller only: why the player just announced died
        self.executed: set[str] = set()  # verdicts already told, so a card reveal adds only it

    # -- words -------------------------------------------------------------------------------

    def _mark(self, kind: str, text: str) -> str:
        if kind == "you":
            return f"[bold cyan]{esc(text)}[/]"
        if kind == "player":
            return f"[bold]{esc(text)}[/]"
        if kind == "subject":  # the storyteller sees the card of whom a sentence is about
            card = self.cards.get(text) if self.you is None else None
            shown = f"[bold]{esc(text)}[/]"
            return f"{shown} [dim]({esc(self.data['cards'].get(card, card))})[/]" if card \
                else shown
        if kind == "role":
            return f"[bold magenta]{esc(text)}[/]"
        return esc(text)

    def phase(self, phase: str) -> str:
        return self.plain.phase(phase)

    def team(self, team: str) -> str:
        return self.plain.term("team", team)

    def skip_label(self, decision: str) -> str:
        return self.plain.skip_label(decision)

    def decision_label(self, decision: str) -> str:
        return self.plain.decision_label(decision)

    def word(self, key: str) -> str:
        return self.plain.word(key)

    def role(self, role_id: Any) -> str:
        return self.words.card(role_id)

    def name(self, player: Any) -> str:
        return self.words.player(player)

    def choice(self, value: Any) -> str:
        return self.words.answer_value(value)

    def sentence(self, template: str, **values: Any) -> str:
        return self.words.fill(self.plain.word(template), values)

    # -- events ------------------------------------------------------------------------------

    def render(self, events: Sequence[dict[str, Any]]) -> Iterator[Line]:
        """Render a batch of events, grouping a round of votes and folding duplicate deaths."""
        i = 0
        while i < len(events):
            event = events[i]
            kind = event["kind"]
            if kind == "VoteCast":
                j = i
                while (j < len(events) and events[j]["kind"] == "VoteCast"
                       and _ballot(events[j]) == _ballot(event)):
                    j += 1
                yield from self._votes(events[i:j])
                i = j
                continue
            if kind == "PlayerDied" and self._told_later(events, i):
                i += 1
                continue
            if kind == "DeathCaused" and self._told_later(events, i):
                self.causes[event["player"]] = event.get("cause", "")
                i += 1
                continue
            yield from self.event(event)
            i += 1

    @staticmethod
    def _told_later(events: Sequence[dict[str, Any]], i: int) -> bool:
        player = events[i].get("player")
        for later in events[i + 1:i + 6]:
            if (later["kind"] == "Announced" and later.get("player") == player
                    and later.get("about") in ("death", "execution")):
                return True
        return False

    def event(self, e: dict[str, Any]) -> Iterator[Line]:
        kind = e["kind"]
        # talk shows its channel instead of a lock
        public = e.get("audience", "everyone") == "everyone" or kind == "Said"
        if kind == "PhaseBegan":
            name = e.get("phase_name", e["phase"])
            yield Line(self.phase(name), phase=name)
            return
        for text in self._lines(e):
            if text:
                yield Line(text, public=public)

    def _lines(self, e: dict[str, Any]) -> Iterable[str]:
        kind = e["kind"]
        if kind in ("RoleDealt", "RoleChanged") and "player" in e:
            self.cards[e["player"]] = e["role"]
        if kind == "RoleDealt" and self.you is None:
            return  # the storyteller sees the cards in a table of their own
        if kind == "ActionTaken" and e.get("player") == self.you:
            return  # the person's own answer is echoed when given
        if kind == "PlayerExecuted":
            self.executed.add(str(e.get("player")))
        if (kind == "Announced" and e.get("about") == "execution" and "role" not in e
                and e.get("player") in self.executed and not e.get("recap")):
            return  # the verdict was just told (a morning's recap of it is news of its own)
        said = self.words.event(e)
        if said is None:
            details = ", ".join(esc(k) for k in e if k not in HIDDEN)
            yield f"[dim]{esc(self.word('unknown_event'))} ({details})[/]"
            return
        text, tone = said
        if not text:
            return
        if kind == "Said":
            channel = e.get("channel", "village")
            label = "" if channel == "village" else \
                f"[dim]\\[{esc(self.plain.term('channel', channel))}][/] "
            text = f"{label}💬 {text}"
        elif kind == "Overheard":
            text = f"👂 {text}"
        player = e.get("player")
        if kind == "Announced" and isinstance(player, str) and player in self.causes:
            cause = self.causes.pop(player)
            text += f" [dim]({esc(self.plain.term('cause', cause))})[/]"
        yield self._tone(text, tone, player == self.you and self.you is not None)

    def _tone(self, text: str, tone: str, mine: bool) -> str:
        if tone == "star":
            return f"[yellow]★[/] {text}"
        if tone == "role" and mine:
            return text
        colour = TONES.get(tone)
        if colour is None:
            return text
        if tone == "death" and mine:
            colour = "bold red"
        return f"[{colour}]{text}[/]"

    def _votes(self, votes: Sequence[dict[str, Any]]) -> Iterator[Line]:
        voters = {vote.get("player") for vote in votes}
        public = votes[0].get("audience", "everyone") == "everyone"
        if len(voters) <= 1:
            # a secret ballot seen by its voter: say it, without a count that would mislead
            for vote in votes:
                yield from self.event(vote)
            return
        first = votes[0]
        if "nominee" in first:
            yield from self._hands(votes, public)
            return
        if first.get("about") == "sheriff":
            title = self.word("ballot_sheriff")
        elif first.get("vote"):
            title = self.plain.term("vote", first["vote"])
        else:
            title = self.word("ballot")
        counts: dict[str, int] = {}
        parts = []
        for vote in votes:
            targets = vote.get("targets") or ([vote["target"]] if vote.get("target") else [])
            weight = int(vote.get("weight", 1))
            if not targets:
                parts.append(f"{self.name(vote['player'])} [dim]{esc(self.word('abstains'))}[/]")
                continue
            for target in targets:
                counts[target] = counts.get(target, 0) + weight
            extra = f" [dim](×{weight})[/]" if weight != 1 else ""
            parts.append(f"{self.name(vote['player'])} → {self.choice(targets)}{extra}")
        yield Line(f"[bold]{esc(title)}:[/] " + ", ".join(parts), public=public)
        if counts:
            ranked = sorted(counts.items(), key=lambda kv: -kv[1])
            tally = ", ".join(f"{self.name(n)} {c}" for n, c in ranked)
            yield Line(f"   [dim]{esc(self.word('count'))}:[/] {tally}", public=public)

    def _hands(self, votes: Sequence[dict[str, Any]], public: bool) -> Iterator[Line]:
        """A round of raised hands on one nominee (Clocktower): who raised a hand, how many
        hands that makes, and who kept theirs down."""
        nominee = votes[0]["nominee"]
        raised, down = [], []
        count = 0
        for vote in votes:
            if vote.get("target") is None:
                down.append(self.name(vote["player"]))
                continue
            weight = int(vote.get("hands", 1))
            count += weight
            raised.append(self.name(vote["player"]) + (f" [dim](×{weight})[/]" if weight != 1
                                                       else ""))
        what = self.word("hands_exile") if votes[0].get("exile") else self.word("hands_execute")
        text = f"[bold]{esc(what)} {self.name(nominee)}:[/] " + (
            self.words.join(raised) + f" ({count})" if raised else esc(self.word("no_hands")))
        if down:
            text += f"; [dim]{esc(self.word('hands_down'))}: {self.words.join(down)}[/]"
        yield Line(text, public=public)

    def outcome(self, e: dict[str, Any]) -> str:
        said = self.words.event({"kind": "GameWon", **e})
        return f"[bold]{said[0]}[/]" if said else ""

    # -- talk --------------------------------------------------------------------------------

    def message(self, message: Any, speaker: str | None = None) -> str:
        """A structured message or free text, as a sentence in quotes."""
        return f"“{self.words.talk(message, speaker)}”"

    # -- answers in the record (the storyteller's reveal, a seat's replay) --------------------

    def answer(self, entry: dict[str, Any], own: bool = False) -> str | None:
        """A logged answer as a sentence, or None when events already tell it (`own`: the
        reader's answer, whose echoes the reader does not see as events)."""
        name, seat, value = entry.get("decision"), entry.get("seat"), entry.get("answer")
        told = OWN_TOLD_BY_EVENTS if own else TOLD_BY_EVENTS
        if name in told or "say" in entry or "add_seat" in entry:
            return None
        if name == "steal" and value is not None:
            return None  # the card changing hands is an event of its own
        answered = {"kind": "Answered", "seat": seat, "decision": name, "answer": value}
        if entry.get("timeout"):
            answered["timeout"] = True
        said = self.words.event(answered)
        if said is None or not said[0]:
            return None
        text, tone = said
        return self._tone(text, tone, False)


def _ballot(vote: dict[str, Any]) -> tuple[Any, Any]:
    return vote.get("about"), vote.get("vote")
