"""Turning events (as `core.view` hands them out) into sentences a person reads.

The same renderer serves a seat (``you`` is that seat: "You learn that ...") and the storyteller
(``you`` is None: every event, with who it was for). It reads only the event dictionaries it is
given and the edition's catalog (card names), never the game itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.markup import escape

from ..core.edition import Edition

TEAM_NAMES = {
    "village": "the village",
    "werewolves": "the werewolves",
    "lovers": "the lovers",
    "none": "nobody",
}

CAUSES = {
    "attack": "devoured by the werewolves",
    "poison": "poisoned by the witch",
    "execution": "hanged by the village",
    "grief": "died of a broken heart",
    "shot": "shot by the hunter",
    "fright": "caught spying and died of fright",
}

CHANNEL_LABELS = {"werewolves": "pack"}

# The village's verdict, by edition (past participle); "hanged" elsewhere.
EXECUTIONS = {"wherewolf": "burned at the stake", "licos": "put to death"}

# What the inn reports each morning in Wherewolf, by kind of news.
INN_NEWS = {
    "seer-found-a-dark-aura": "the seer found a dark aura",
    "wizard-found-a-mystic": "the wizard found a mystic",
    "healer-saved": "the healer saved someone",
    "vampire-created": "a new vampire rose",
}

# What skipping a decision means, said to the person.
SKIP_LABELS = {"vote": "abstain", "elect": "abstain", "attack": "nobody tonight",
               "inspect": "nobody tonight", "poison": "keep the potion",
               "steal": "keep your own card", "shoot": "hold your fire",
               "successor": "nobody (the storyteller picks)"}

# Decisions whose answers other events already tell (votes, the pack's picks, the deal).
TOLD_BY_EVENTS = frozenset({"vote", "elect", "deal", "center", "first-vote", "second-vote"})


def esc(value: Any) -> str:
    return escape(str(value))


def team_name(team: str) -> str:
    return TEAM_NAMES.get(team, f"the {team}")


def phase_title(phase: str) -> str:
    if phase == "setup":
        return "Before the first night"
    if phase == "end":
        return "The end"
    return phase[:1].upper() + phase[1:]


def is_night(phase: str) -> bool:
    return phase.startswith("night")


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
        # how the village puts someone to death in this edition
        self.put_to_death = EXECUTIONS.get(edition.id, "hanged")
        # the card each player holds, as far as this renderer has been told (storyteller)
        self.cards: dict[str, str] = {}
        self.causes: dict[str, str] = {}  # storyteller only: why the player just announced died
        self._speaker: str | None = None  # whose message is being rendered

    # -- names -------------------------------------------------------------------------------

    def role(self, role_id: Any) -> str:
        role = self.edition.roles.get(str(role_id))
        return esc(role.name if role is not None else role_id)

    def name(self, player: Any) -> str:
        if player is None:
            return "nobody"
        if player == self.you:
            return "[bold cyan]you[/]"
        return f"[bold]{esc(player)}[/]"

    def Name(self, player: Any) -> str:  # noqa: N802 - the capitalised form, to open a sentence
        if player == self.you:
            return "[bold cyan]You[/]"
        return self.name(player)

    def who(self, player: Any) -> str:
        """A player with their card, in the storyteller's view (``Dee (Fortune Teller)``)."""
        if self.you is None and player in self.cards:
            return f"{self.name(player)} [dim]({self.role(self.cards[player])})[/]"
        return self.Name(player)

    def choice(self, value: Any) -> str:
        if isinstance(value, list):
            return " and ".join(self.choice(v) for v in value) or "nobody"
        if value is None:
            return "nobody"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str) and value in self.edition.roles:
            return self.role(value)
        return self.name(value)

    def _learns(self, audience: Any) -> tuple[str, str]:
        """Subject and verb ending for private information: ("You", "") or ("Dee", "s")."""
        if self.you is not None:
            return "[bold cyan]You[/]", ""
        names = audience if isinstance(audience, list) else []
        if len(names) == 1:
            return self.who(names[0]), "s"
        if not names:
            return "The storyteller", "s"
        return ", ".join(self.name(n) for n in names), ""

    # -- events ------------------------------------------------------------------------------

    def render(self, events: Sequence[dict[str, Any]]) -> Iterator[Line]:
        """Render a batch of events, grouping a round of votes and folding duplicate deaths."""
        i = 0
        while i < len(events):
            event = events[i]
            kind = event["kind"]
            if kind == "VoteCast":
                about = event.get("about")
                j = i
                while (j < len(events) and events[j]["kind"] == "VoteCast"
                       and events[j].get("about") == about):
                    j += 1
                yield from self._votes(events[i:j], about)
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
        handler = getattr(self, "_" + kind, None)
        # talk shows its channel instead of a lock
        public = e.get("audience", "everyone") == "everyone" or kind == "Said"
        if handler is None:
            details = ", ".join(f"{k}={v}" for k, v in e.items()
                                if k not in ("index", "kind", "phase", "audience"))
            yield Line(f"[dim]{esc(kind)}: {esc(details)}[/]", public=public)
            return
        for text in handler(e):
            if isinstance(text, Line):
                yield text
            else:
                yield Line(text, public=public)

    def _PhaseBegan(self, e: dict[str, Any]) -> Iterable[Line]:  # noqa: N802
        yield Line(phase_title(e.get("phase_name", e["phase"])), phase=e.get("phase_name"))

    def _RoleDealt(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        self.cards[e["player"]] = e["role"]
        if self.you is None:
            return
        role = self.edition.roles.get(e["role"])
        yield f"You are the [bold magenta]{self.role(e['role'])}[/]."
        if role is not None:
            yield f"[italic]{esc(role.description)}[/]"

    def _AttackFailed(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        why = f" ({esc(e['reason'])})" if e.get("reason") else ""
        yield f"The attack on {self.name(e.get('player'))} fails{why}."

    def _RoleChanged(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        before = self.who(e["player"])
        self.cards[e["player"]] = e["role"]
        yield f"{before} now holds the {self.role(e['role'])} card."

    def _LoversLinked(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        first, second = e["players"][:2]
        yield f"Cupid's arrow binds {self.who(first)} and {self.who(second)} in love."

    def _InfoGiven(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        subject, s = self._learns(e.get("audience"))
        about = e.get("about")
        if about == "center":
            cards = " and ".join(self.role(r) for r in e.get("roles", ()))
            yield f"{subject} see{s} the cards nobody was dealt: {cards}."
        elif about == "steal":
            if self.you is None:
                return  # the storyteller sees the RoleChanged that follows
            yield f"You take the card: you are now the [bold magenta]{self.role(e['role'])}[/]."
        elif about == "lover":
            yield (f"{subject} fall{s} in love with {self.name(e['player'])}. "
                   "If one of you dies, the other dies of grief." if self.you is not None else
                   f"{subject} fall{s} in love with {self.name(e['player'])}.")
        elif about == "attack" and e.get("yes") is False:
            target = f" on {self.name(e['player'])}" if e.get("player") else ""
            yield f"{subject} learn{s} that the pack's attack{target} failed tonight."
        elif about == "attack":
            yield f"{subject} learn{s} that the werewolves attacked {self.name(e['player'])}."
        elif about == "night" and isinstance(e.get("players"), list):
            killed = ", ".join(self.name(p) for p in e["players"]) or "nobody"
            yield f"{subject} learn{s} who was killed tonight: {killed}."
        elif "players" in e and "team" in e:
            others = e["players"]
            if e["team"] == "werewolves":
                if others:
                    pack = ", ".join(self.name(p) for p in others)
                    yield f"{subject} open{s} {'your' if s == '' else 'their'} eyes and see{s} " \
                          f"the rest of the pack: {pack}."
                else:
                    yield f"{subject} {'are' if s == '' else 'is'} the only werewolf."
            else:
                group = ", ".join(self.name(p) for p in others) or "nobody"
                yield f"{subject} learn{s} that {group} side with {team_name(e['team'])}."
        elif "player" in e and "role" in e:
            yield (f"{subject} learn{s} that {self.name(e['player'])} is the "
                   f"[bold magenta]{self.role(e['role'])}[/].")
        elif "player" in e and e.get("aura") in ("dark", "white"):
            aura = "[bold red]dark[/]" if e["aura"] == "dark" else "[green]white[/]"
            yield f"{subject} learn{s} that {self.name(e['player'])} has a {aura} aura."
        elif "player" in e and isinstance(e.get("mystic"), bool):
            what = "a mystic" if e["mystic"] else "not a mystic"
            yield f"{subject} learn{s} that {self.name(e['player'])} is {what}."
        elif "player" in e and isinstance(e.get("werewolf"), bool):
            what = "[bold red]a werewolf[/]" if e["werewolf"] else "[green]not a werewolf[/]"
            yield f"{subject} learn{s} that {self.name(e['player'])} is {what}."
        else:
            details = ", ".join(f"{k}: {v}" for k, v in e.items()
                                if k not in ("index", "kind", "phase", "audience"))
            yield f"{subject} learn{s}: {esc(details)}."

    def _ActionTaken(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        player, decision, answer = e["player"], e["decision"], e.get("answer")
        if player == self.you:
            return
        if decision == "attack":
            if answer is None:
                yield f"{self.who(player)} would spare everyone tonight."
            else:
                yield f"{self.who(player)} wants to devour {self.name(answer)}."
            return
        yield f"{self.who(player)} answers {esc(decision)}: {self.choice(answer)}."

    def _VictimChosen(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        yield f"The pack settles on {self.name(e['player'])}."

    def _PlayerDied(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        if e["player"] == self.you:
            yield "[bold red]You have died.[/]"
        else:
            yield f"[red]{self.Name(e['player'])} has died.[/]"

    def _DeathCaused(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        cause = CAUSES.get(e.get("cause", ""), e.get("cause", "unknown causes"))
        yield f"[dim]({self.name(e['player'])}: {esc(cause)})[/]"

    def _PlayerExecuted(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        is_ = "are" if e["player"] == self.you else "is"
        yield (f"[bold red]The village has spoken: {self.name(e['player'])} {is_} "
               f"{self.put_to_death}.[/]")

    def _Announced(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        about, player = e.get("about"), e.get("player")
        card = f"the [bold magenta]{self.role(e['role'])}[/]" if "role" in e else None
        cause = self.causes.pop(player, None) if isinstance(player, str) else None
        why = f" [dim]({esc(CAUSES.get(cause, cause))})[/]" if cause else ""
        if about == "death":
            if player == self.you:
                yield "[bold red]You have died[/]" + (
                    f"; your card is turned face up: {card}." if card else ".") + why
            else:
                yield f"[red]{self.Name(player)} is dead[/]" + (
                    f"; the card shows {card}." if card else ".") + why
        elif about == "execution" and player is None:
            reason = e.get("reason")
            if reason == "tie":
                yield f"The vote is tied: nobody is {self.put_to_death} today."
            else:
                yield f"Nobody voted: nobody is {self.put_to_death} today."
        elif about == "execution":
            if player == self.you:
                yield (f"Your card is turned face up: {card}." if card else
                       f"You have been {self.put_to_death}.")
            elif e.get("recap"):
                return  # the morning's reminder of yesterday's verdict, already shown
            else:
                yield (f"{self.Name(player)} was {card}." if card else
                       f"{self.Name(player)} has been {self.put_to_death}.")
        elif about == "shot":
            yield (f"[bold red]With a last shot, {self.name(e.get('by'))} takes "
                   f"{self.name(player)} along.[/]")
        elif about == "composition" and isinstance(e.get("roles"), list):
            yield "The cards in play: " + ", ".join(self.role(r) for r in e["roles"]) + "."
        elif about == "runoff" and isinstance(e.get("players"), list):
            names = ", ".join(self.name(p) for p in e["players"]) or "nobody"
            yield f"To the runoff: {names}."
        elif about == "inn":
            news = INN_NEWS.get(str(e.get("news")), "something happened")
            yield (f"Word from the inn: {news} last night." if e.get("yes") else
                   "It is morning, and there is no word from the inn.")
        elif about == "votes" and "number" in e:
            yield f"{self.Name(player)} received {esc(e['number'])} vote(s)."
        elif about == "sheriff":
            star = "[yellow]★[/]"
            if player == self.you:
                yield f"{star} You are the sheriff now: your vote counts twice."
            else:
                yield f"{star} {self.Name(player)} wears the sheriff's star."
        else:
            details = ", ".join(f"{k}: {v}" for k, v in e.items()
                                if k not in ("index", "kind", "phase", "audience"))
            yield f"Announcement: {esc(details)}"

    def _votes(self, votes: Sequence[dict[str, Any]], about: Any) -> Iterator[Line]:
        title = "Sheriff election" if about == "sheriff" else "The vote"
        counts: dict[str, int] = {}
        parts = []
        for vote in votes:
            target, weight = vote.get("target"), int(vote.get("weight", 1))
            if target is None:
                s = "" if vote["player"] == self.you else "s"
                parts.append(f"{self.name(vote['player'])} [dim]abstain{s}[/]")
                continue
            counts[target] = counts.get(target, 0) + weight
            extra = f" [dim](×{weight})[/]" if weight != 1 else ""
            parts.append(f"{self.name(vote['player'])} → {self.name(target)}{extra}")
        yield Line(f"[bold]{title}:[/] " + ", ".join(parts))
        if counts:
            ranked = sorted(counts.items(), key=lambda kv: -kv[1])
            tally = ", ".join(f"{self.name(n)} {c}" for n, c in ranked)
            yield Line(f"   [dim]count:[/] {tally}")

    def _Said(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        channel = e.get("channel", "village")
        label = "" if channel == "village" else \
            f"[dim]\\[{esc(CHANNEL_LABELS.get(channel, channel))}][/] "
        speaker = self.who(e["player"])
        yield f"{label}💬 {speaker}: {self.message(e.get('message'), e['player'])}"

    def _Overheard(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        channel = CHANNEL_LABELS.get(e.get("channel", ""), e.get("channel", "someone"))
        if self.you is None:
            ears = ", ".join(self.who(n) for n in e.get("audience", ()) or ())
            yield f"👂 {ears} overhears the {esc(channel)}: {self.message(e.get('message'))}"
            return
        yield f"👂 You overhear a voice from the {esc(channel)}: {self.message(e.get('message'))}"

    def _GameWon(self, e: dict[str, Any]) -> Iterable[str]:  # noqa: N802
        yield self.outcome(e)

    def outcome(self, e: dict[str, Any]) -> str:
        winner = e.get("winner", "none")
        reason = esc(e.get("reason", ""))
        if winner == "none":
            return f"[bold]Nobody wins[/]: {reason}."
        names = ", ".join(self.name(n) for n in e.get("winners", ()))
        verb = "wins" if winner == "village" else "win"
        return (f"[bold green]{team_name(winner).capitalize()} {verb}[/]: {reason}. "
                f"Winners: {names or 'nobody'}.")

    # -- talk --------------------------------------------------------------------------------

    def message(self, message: Any, speaker: str | None = None) -> str:
        """A structured message or free text, as a sentence in quotes."""
        self._speaker = speaker
        if not isinstance(message, dict):
            return f"“{esc(message)}”"
        kind = message.get("type")
        player = message.get("player")
        if kind == "text":
            return f"“{esc(message.get('text', ''))}”"
        if kind == "claim":
            return f"“I am the {self.role(message.get('role'))}.”"
        if kind == "accuse":
            return f"“I accuse {self._plain(player)}!”"
        if kind == "defend":
            return f"“I vouch for {self._plain(player)}.”"
        if kind == "vote":
            if player is None:
                return "“I will abstain.”"
            return f"“I will vote for {self._plain(player)}.”"
        if kind == "result":
            if "role" in message:
                found = f"is the {self.role(message['role'])}"
            elif "werewolf" in message:
                found = "is a werewolf" if message["werewolf"] else "is not a werewolf"
            else:
                key = next((k for k in ("team", "aura", "alignment", "mystic") if k in message),
                           None)
                found = f"has {key} {esc(message[key])}" if key else "is... unclear"
            return f"“My power showed me that {self._plain(player)} {found}.”"
        return f"“{esc(message)}”"

    def _plain(self, player: Any) -> str:
        if player is not None and player == self._speaker:
            return "myself"
        return f"[bold]{esc(player)}[/]"

    # -- answers in the record (the storyteller's reveal) -------------------------------------

    def answer(self, entry: dict[str, Any]) -> str | None:
        """A logged answer as a sentence, or None when events already tell it."""
        name, seat, value = entry.get("decision"), entry.get("seat"), entry.get("answer")
        if name in TOLD_BY_EVENTS or "say" in entry:
            return None
        if seat == "storyteller":
            if name == "tie-break":
                return f"[dim]The storyteller breaks the tie:[/] {self.choice(value)}."
            if name == "caught":
                return ("[dim]The pack catches the little girl spying![/]" if value
                        else "[dim]The little girl is not caught.[/]")
            if name == "successor":
                return f"[dim]The storyteller hands the star to[/] {self.choice(value)}."
            return f"[dim]The storyteller decides {esc(name)}:[/] {self.choice(value)}."
        actor = self.who(seat)
        skipped = value is None or value is False or value == []
        verbs = {
            "inspect": ("looks at the card of", "looks at nobody's card"),
            "heal": ("uses the healing potion", "keeps the healing potion"),
            "poison": ("poisons", "keeps the poison"),
            "link": ("makes lovers of", "links nobody"),
            "steal": ("takes the card", "keeps their own card"),
            "spy": ("peeks at the werewolves", "keeps their eyes shut"),
            "shoot": ("shoots", "holds their fire"),
            "successor": ("hands the sheriff's star to", "names no successor"),
            "attack": ("wants to devour", "would spare everyone"),
        }
        if name == "steal" and not skipped:
            return None  # the card changing hands is an event of its own
        if name in verbs:
            done, not_done = verbs[name]
            if skipped:
                return f"{actor} {not_done}."
            if isinstance(value, bool):
                return f"{actor} {done}."
            return f"{actor} {done} {self.choice(value)}."
        if skipped:
            return f"{actor} skips {esc(name)}."
        return f"{actor} answers {esc(name)}: {self.choice(value)}."
