"""A LiCOS game as an AIWolf game log: the CSV lines AIWolf's servers write and its log
viewers, analysers and judges read.

One line per thing that happened, `day,kind,...`:

    day,status,idx,ROLE,ALIVE|DEAD,agent_name,character   (each seat, as each day begins)
    day,talk,idx,turn,agent,text                          (the village's talk)
    day,whisper,idx,turn,agent,text                       (the pack's)
    day,vote,voter,target
    day,execute,agent,ROLE
    day,divine,seer,target,HUMAN|WEREWOLF
    day,guard,bodyguard,target,ROLE
    day,attackVote,werewolf,target
    day,attack,target|-1,true|false
    day,result,humans_alive,werewolves_alive,WINNER

Agents are numbered from 1 in seat order. It is made from a finished game's record (the
record replays to every event, secret ones included, as the end-of-game reveal does); a
record an AIWolf game master wrote also holds every utterance with its turn, Skips and Overs,
and the names the agents gave. Other records have the talk as it was said, one turn each.
Texts keep their commas; a reader splits the first fields and takes the rest as the text, as
AIWolf's own logs require.
"""

from __future__ import annotations

from typing import Any

from ..core import Game
from ..core.errors import SetupError
from ..core.events import Event
from ..core.record import replay
from ..editions import get_edition
from ..editions.licos import Licos
from .packets import day_of
from .words import ROLE_TO_AIWOLF, TEAM_TO_AIWOLF, species, to_protocol

_CHANNEL_KIND = {"village": "talk", "werewolves": "whisper"}


def aiwolf_log(record: dict[str, Any]) -> list[str]:
    """The AIWolf log lines of a finished LiCOS game's record."""
    if not isinstance(record, dict) or record.get("edition") != Licos.id:
        raise SetupError("The AIWolf log format is for LiCOS games, and this is not the "
                         "record of one.")
    extra = record.get("aiwolf") or {}
    writers: list[_Writer] = []

    def watch(game: Game) -> None:  # the lines are written as the game is played again
        writers.append(_Writer(game, extra))
        game.subscribe(writers[0].event)

    game = replay(record, get_edition, before=watch,
                  on_answer=lambda _game, entry: writers[0].answer(entry))
    if not game.over:
        raise SetupError("This game is not over: an AIWolf log is written once it ends.")
    return writers[0].out


class _Writer:
    def __init__(self, game: Game, extra: dict[str, Any]) -> None:
        self.game = game
        self.index = {p.name: p.index + 1 for p in game.players}
        self.names: dict[str, str] = {seat: name for seat, name in
                                      (extra.get("names") or {}).items() if name}
        self.talk = [entry for entry in extra.get("talk") or () if isinstance(entry, dict)]
        self.out: list[str] = []
        self.claimed: dict[str, str] = {}
        self.spoken: dict[tuple[str, int], int] = {}  # (kind, day) -> utterances so far
        self.night: int | None = None  # the night whose attack is not written yet
        self.victim: str | None = None
        self.night_dead: set[str] = set()

    def _id(self, name: str | None) -> str:
        return str(self.index[name]) if name in self.index else "-1"

    def _status(self, day: int) -> None:
        for player in self.game.players:
            name = self.names.get(player.name, player.name)
            self.out.append(f"{day},status,{player.index + 1},{ROLE_TO_AIWOLF[player.role]},"
                            f"{'ALIVE' if player.alive else 'DEAD'},{name},{player.name}")

    def event(self, event: Event) -> None:
        kind, data, day = event.kind, event.data, day_of(event.phase)
        if kind in ("PhaseBegan", "GameWon") and self.night is not None:
            self._attack(self.night)  # the night's dawn is over: its attack is known
        if kind == "PhaseBegan" and event.phase.startswith("day"):
            self._status(day)
            if self.talk:
                self._recorded_talk(day, "village")
        elif kind == "PhaseBegan" and event.phase.startswith("night"):
            self.night, self.victim, self.night_dead = day, None, set()
            if self.talk:
                self._recorded_talk(day, "werewolves")
        elif kind == "Said" and not self.talk and data["channel"] in _CHANNEL_KIND:
            self._said(day, data)
        elif kind == "PlayerExecuted":
            role = ROLE_TO_AIWOLF[self.game.by_name[data["player"]].role]
            self.out.append(f"{day},execute,{self._id(data['player'])},{role}")
        elif kind == "VictimChosen":
            self.victim = data["player"]
        elif kind == "DeathCaused" and data.get("cause") == "attack":
            self.night_dead.add(data["player"])
        elif kind == "GameWon":
            living = [p for p in self.game.players if p.alive]
            wolves = sum(1 for p in living if p.role == "werewolf")
            winner = TEAM_TO_AIWOLF.get(data["winner"], str(data["winner"]).upper())
            self.out.append(f"{day},result,{len(living) - wolves},{wolves},{winner}")

    def _attack(self, day: int) -> None:
        """The night's attack, once its dawn is known: whom the pack chose (-1: nobody), and
        whether it killed (a guard or a werehamster makes it fail)."""
        victim, self.night = self.victim, None
        killed = victim is not None and victim in self.night_dead
        self.out.append(f"{day},attack,{self._id(victim)},{'true' if killed else 'false'}")

    def answer(self, entry: dict[str, Any]) -> None:
        seat, name, answer = entry.get("seat"), entry.get("decision"), entry.get("answer")
        if seat not in self.index or answer is None:
            return  # the storyteller's and the clock's, and abstentions
        day = day_of(self.game.phase)
        if name == "vote":
            self.out.append(f"{day},vote,{self._id(seat)},{self._id(answer)}")
        elif name == "attack":
            self.out.append(f"{day},attackVote,{self._id(seat)},{self._id(answer)}")
        elif name == "inspect":
            found = species(self.game.by_name[answer].role)
            self.out.append(f"{day},divine,{self._id(seat)},{self._id(answer)},{found}")
        elif name == "guard":
            role = ROLE_TO_AIWOLF[self.game.by_name[answer].role]
            self.out.append(f"{day},guard,{self._id(seat)},{self._id(answer)},{role}")

    def _said(self, day: int, data: Any) -> None:
        kind = _CHANNEL_KIND[data["channel"]]
        message = data["message"]
        if isinstance(message, dict) and message.get("type") == "claim":
            self.claimed[data["player"]] = message["role"]
        text = to_protocol(data["player"], message, self.claimed, whisper=kind == "whisper")
        number = self.spoken.get((kind, day), 0)
        self.spoken[(kind, day)] = number + 1
        self.out.append(f"{day},{kind},{number},0,{self._id(data['player'])},{_one_line(text)}")

    def _recorded_talk(self, day: int, channel: str) -> None:
        """The AIWolf master's own account of a day's (or night's) talk, turn by turn."""
        kind = _CHANNEL_KIND[channel]
        for entry in self.talk:
            if entry.get("channel") == channel and entry.get("day") == day:
                self.out.append(f"{day},{kind},{entry['idx']},{entry['turn']},"
                                f"{self._id(entry['agent'])},{_one_line(str(entry['text']))}")


def _one_line(text: str) -> str:
    return " ".join(text.split())
