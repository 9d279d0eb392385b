"""The arena: many games with seats filled by a mix of agents, and how each agent did.

Each game shuffles which agent sits where and the names at the table (from the seed, so a
run can be played again exactly, LLM replies apart), plays in process through the one bot
driver (`agents.table_for`, not strict: an agent's illegal answer becomes a random legal one,
as it would on a server), and counts, for every agent, the seats it played and won (the dead
win with their team). Win rates come with their 95% Wilson interval; the rating is
openskill's Plackett-Luce: in each game every seat is rated on its own, the winners tied
first and the losers tied second, and an agent that holds several seats of a game moves by
the mean of their changes.

Agents are named as on the command line: `heuristic` (the edition's bot), `random`,
`llm:URL:MODEL` (a chat endpoint: `client.llm.LLMAgent`), `sdk:module:Class` (an
`agents.base.Agent` subclass of yours, in an importable module or a file: `sdk:mine.py:Mine`).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents import RandomBot, bot_for, table_for
from .agents.base import Agent
from .core import Game, SetupError
from .core.edition import deck_for
from .core.view import visible_events
from .sim.stats import wilson_interval

MAX_ANSWERS = 100_000
FALLBACK_NAMES = ("Ada", "Bram", "Cleo", "Dov", "Esme", "Finn", "Gale", "Hugo", "Iris", "Jude",
                  "Kai", "Lena", "Milo", "Nora", "Otto", "Pia", "Quin", "Rosa", "Sami", "Tova",
                  "Ugo", "Vera", "Wren", "Xavi", "Yara", "Zeno")
_LLM_SPEC = re.compile(r"^(https?://[^/\s:]+(?::\d+)?(?:/[^:\s]*)?):(.+)$")

Make = Callable[[str, random.Random], Agent]


class ArenaError(ValueError):
    """The arena cannot be run as asked: a sentence saying why."""


@dataclass(frozen=True)
class AgentSpec:
    label: str
    make: Make


def parse_agent(spec: str, edition: str, *, api_key: str | None = None,
                llm_timeout: float = 30.0) -> AgentSpec:
    """An agent named as on the command line."""
    spec = spec.strip()
    if spec in ("heuristic", "bot"):
        return AgentSpec("heuristic", lambda seat, rng: bot_for(seat, rng, edition))
    if spec == "random":
        return AgentSpec("random", RandomBot)
    if spec.startswith("llm:"):
        found = _LLM_SPEC.match(spec[len("llm:"):])
        if found is None:
            raise ArenaError(f"“{spec}” is not llm:URL:MODEL (for example "
                             "llm:http://127.0.0.1:8080/v1:my-model).")
        from .client.llm import ChatEndpoint, LLMAgent

        chat = ChatEndpoint(found.group(1), found.group(2), api_key=api_key,
                            timeout=llm_timeout)

        def make_llm(seat: str, rng: random.Random) -> Agent:
            return LLMAgent(seat, rng, chat=chat, edition=edition)

        return AgentSpec(spec, make_llm)
    if spec.startswith("sdk:"):
        module_name, _, class_name = spec[len("sdk:"):].rpartition(":")
        if not module_name or not class_name:
            raise ArenaError(f"“{spec}” is not sdk:module:Class.")
        try:
            found_class = getattr(_load_module(module_name), class_name)
        except (ImportError, AttributeError, OSError, SyntaxError) as error:
            raise ArenaError(f"“{spec}” cannot be loaded: {error}.") from None
        if not (isinstance(found_class, type) and issubclass(found_class, Agent)):
            raise ArenaError(f"{class_name} is not a subclass of wolfsbane.agents.Agent.")
        return AgentSpec(spec, found_class)
    raise ArenaError(f"“{spec}” is not an agent: use heuristic, random, llm:URL:MODEL or "
                     "sdk:module:Class.")


def _load_module(where: str) -> Any:
    """A module by its import name, or a Python file by its path (`agents/mine.py`)."""
    if not where.endswith(".py"):
        return importlib.import_module(where)

    path = Path(where)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"no Python file at {where}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class AgentResult:
    label: str
    seats: int = 0
    wins: int = 0
    mu: float = 25.0
    sigma: float = 25.0 / 3
    by_team: dict[str, list[int]] = field(default_factory=dict)  # team -> [seats, wins]

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats)

    @property
    def ordinal(self) -> float:
        """A conservative rating: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        return {"agent": self.label, "seats": self.seats, "wins": self.wins,
                "rate": self.rate, "interval": list(self.interval), "mu": self.mu,
                "sigma": self.sigma, "ordinal": self.ordinal,
                "by_team": {team: {"seats": seats, "wins": wins}
                            for team, (seats, wins) in sorted(self.by_team.items())}}


@dataclass
class ArenaResult:
    edition: str
    players: int
    games: int
    seed: int
    agents: dict[str, AgentResult]
    team_wins: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    out: Path | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "players": self.players, "games": self.games,
                "seed": self.seed, "agents": [a.as_dict() for a in self.ranked()],
                "team_wins": dict(self.team_wins), "seconds": self.seconds,
                "out": str(self.out) if self.out else None}

    def ranked(self) -> list[AgentResult]:
        return sorted(self.agents.values(), key=lambda a: (-a.ordinal, a.label))


class _Rating:
    """openskill's Plackett-Luce model over the arena's agents."""

    def __init__(self, agents: dict[str, AgentResult]) -> None:
        try:
            from openskill.models import PlackettLuce
        except ImportError:
            raise ArenaError("the arena's rating needs openskill: "
                             "pip install 'wolfsbane[arena]'") from None
        self.model = PlackettLuce()
        self.agents = agents
        for agent in agents.values():
            agent.mu, agent.sigma = self.model.mu, self.model.sigma

    def rate(self, winners: list[str], losers: list[str]) -> None:
        """One game: every seat its own team, the winners tied first and the losers tied
        after them (as one team each side, the larger side would be expected to win and its
        members would lose rating whatever they did: werewolves are always fewer)."""
        if not winners or not losers:
            return  # a game every seat won or lost says nothing about who is better
        labels = [*winners, *losers]
        teams = [[self.model.rating(mu=self.agents[label].mu, sigma=self.agents[label].sigma)]
                 for label in labels]
        ranks: list[float] = [1.0] * len(winners) + [2.0] * len(losers)
        rated = self.model.rate(teams, ranks=ranks)
        moves: dict[str, list[tuple[float, float]]] = {}
        for label, [old], [new] in zip(labels, teams, rated, strict=True):
            moves.setdefault(label, []).append((new.mu - old.mu, new.sigma))
        for label, changes in moves.items():
            agent = self.agents[label]
            agent.mu += sum(mu for mu, _ in changes) / len(changes)
            agent.sigma = sum(sigma for _, sigma in changes) / len(changes)


def _names(edition: Any) -> list[str]:
    pool = list(dict.fromkeys([*edition.bot_names, *edition.character_names]))
    return pool if len(pool) >= edition.max_players else list(FALLBACK_NAMES)


def run_arena(edition_id: str, seats: Sequence[str], *, games: int, players: int | None = None,
              preset: str | None = None, seed: int = 0, out: Path | None = None,
              api_key: str | None = None, llm_timeout: float = 30.0,
              progress: Callable[[int], None] | None = None) -> ArenaResult:
    """Play `games` games of the edition, one agent per seat from the mix `seats` (repeated
    to fill `players`), and tally every agent."""
    from .editions import get_edition

    try:
        edition = get_edition(edition_id)
    except SetupError as error:
        raise ArenaError(str(error)) from None
    if not seats:
        raise ArenaError("name at least one agent with --seat.")
    specs = [parse_agent(s, edition.id, api_key=api_key, llm_timeout=llm_timeout)
             for s in seats]
    players = players or len(specs)
    try:
        deck = deck_for(edition, players, {}, preset=preset)
        edition.check_deck(players, deck, {})
    except SetupError as error:
        raise ArenaError(f"{edition.name} cannot be dealt to {players} players: {error}") \
            from None
    agents = {spec.label: AgentResult(spec.label) for spec in specs}
    rating = _Rating(agents)
    result = ArenaResult(edition.id, players, games, seed, agents, out=out)
    pool = _names(edition)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    for index in range(games):
        rng = random.Random(f"{seed}:arena:{index}")
        mix = [specs[i % len(specs)] for i in range(players)]
        rng.shuffle(mix)
        names = rng.sample(pool, players)
        game = Game(edition, names, deck=deck, seed=rng.getrandbits(63))
        seated = {name: spec.make(name, random.Random(rng.getrandbits(64)))
                  for name, spec in zip(names, mix, strict=True)}
        table_for(game, seated, strict=False).play_out(MAX_ANSWERS)
        if game.outcome is None:
            raise ArenaError(f"game {index + 1} did not end within {MAX_ANSWERS} answers")
        winners = set(game.outcome.winners)
        won: list[str] = []
        lost: list[str] = []
        for name, spec in zip(names, mix, strict=True):
            agent = agents[spec.label]
            agent.seats += 1
            on_team = agent.by_team.setdefault(game.by_name[name].team, [0, 0])
            on_team[0] += 1
            if name in winners:
                agent.wins += 1
                on_team[1] += 1
                won.append(spec.label)
            else:
                lost.append(spec.label)
        rating.rate(won, lost)
        team = game.outcome.winner
        result.team_wins[team] = result.team_wins.get(team, 0) + 1
        if out is not None:
            export_game(out, index + 1, game, names, [s.label for s in mix], seated)
        if progress is not None:
            progress(index + 1)
    result.seconds = time.perf_counter() - started
    if out is not None:
        (out / "summary.json").write_text(json.dumps(result.as_dict(), indent=2,
                                                     ensure_ascii=False), encoding="utf-8")
    return result


def export_game(out: Path, number: int, game: Game, names: Sequence[str],
                labels: Sequence[str], seated: dict[str, Agent]) -> None:
    """One game's files: `game-NNNN/record.json` (the record `wolfsbane replay` reads) and
    `game-NNNN/seat-NN.jsonl` for each seat: who sat there and as what, every event as that
    seat saw it, its answers, an LLM's private reasoning, and the outcome. A line of
    `games.jsonl` sums the game up."""
    assert game.outcome is not None
    folder = out / f"game-{number:04d}"
    folder.mkdir(exist_ok=True)
    (folder / "record.json").write_text(json.dumps(game.record(), ensure_ascii=False),
                                        encoding="utf-8")
    outcome = {"type": "outcome", "winner": game.outcome.winner,
               "winners": list(game.outcome.winners), "reason": game.outcome.reason}
    winners = set(game.outcome.winners)
    summary = []
    for position, (name, label) in enumerate(zip(names, labels, strict=True), start=1):
        player = game.by_name[name]
        seat = {"name": name, "position": position, "agent": label, "role": player.role,
                "team": player.team, "won": name in winners}
        summary.append(seat)
        lines: list[dict[str, Any]] = [{"type": "seat", "game": number, "seed": game.seed,
                                        "edition": game.edition.id, **seat}]
        lines += [{"type": "event", **event} for event in visible_events(game, name)]
        lines += [{"type": "answer", **entry} for entry in game.log
                  if isinstance(entry, dict) and entry.get("seat") == name
                  and "decision" in entry]
        agent = seated[name]
        for note in getattr(agent, "notes", ()):
            lines.append({"type": "reasoning", **note.as_dict()})
        for said in getattr(agent, "lines", ()):
            lines.append({"type": "talk", **said})
        lines.append(outcome)
        with (folder / f"seat-{position:02d}.jsonl").open("w", encoding="utf-8") as file:
            for line in lines:
                file.write(json.dumps(line, ensure_ascii=False, default=str) + "\n")
    with (out / "games.jsonl").open("a", encoding="utf-8") as file:
        file.write(json.dumps({"game": number, "seed": game.seed, "seats": summary,
                               "winner": game.outcome.winner,
                               "reason": game.outcome.reason}, ensure_ascii=False) + "\n")


def format_arena(result: ArenaResult) -> str:
    ranked = result.ranked()
    width = max([len("agent"), *(len(agent.label) for agent in ranked)])
    lines = [f"Arena: {result.edition}, {result.players} players, {result.games} games "
             f"(seed {result.seed}), {result.seconds:.1f} s", "",
             f"{'agent':<{width}} {'seats':>6} {'wins':>6} {'win rate':>9}  "
             f"{'95% interval':<15} {'rating (mu ± sigma)':>20}"]
    for agent in ranked:
        low, high = agent.interval
        lines.append(f"{agent.label:<{width}} {agent.seats:>6} {agent.wins:>6} "
                     f"{agent.rate:>8.1%}  {low:>6.1%}–{high:<7.1%} "
                     f"{agent.mu:>12.1f} ± {agent.sigma:.1f}")
    lines += ["", "By the team each seat ended on (wins / seats):"]
    for agent in ranked:
        shares = ", ".join(f"{team} {wins}/{seats}" for team, (seats, wins)
                           in sorted(agent.by_team.items()))
        lines.append(f"  {agent.label}: {shares}")
    teams = ", ".join(f"{team} {count}" for team, count in
                      sorted(result.team_wins.items(), key=lambda item: -item[1]))
    lines += ["", f"Games won by team: {teams}.",
              "Ranked by rating (mu - 3 sigma); a seat wins when its team wins, dead or alive."]
    if result.out is not None:
        lines.append(f"Logs: {result.out} (a folder per game: record.json and one JSONL "
                     "file per seat; games.jsonl, summary.json).")
    return "\n".join(lines) + "\n"
