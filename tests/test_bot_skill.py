"""Bot skill levels: easy and strong for every edition, chosen per seat in the simulator, the
terminal and the lobby."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from wolfsbane.agents import SKILLS, Agent, bot_for
from wolfsbane.agents.quality import Quality, play
from wolfsbane.agents.skill import EASY, STRONG, seat_skills
from wolfsbane.core import Game, SetupError
from wolfsbane.editions import EDITIONS
from wolfsbane.server.bots import Bots
from wolfsbane.sim import simulate
from wolfsbane.terminal.play import repeat_command

BOT_EDITIONS = sorted(e for e, edition in EDITIONS.items() if edition.bot)


@pytest.mark.parametrize("edition", BOT_EDITIONS)
def test_skill_easy_and_strong_bots_exist_for_every_edition(edition: str) -> None:
    for skill in SKILLS:
        bot = bot_for("P1", random.Random(1), edition, skill)
        assert getattr(bot, "skill", None) == skill
    with pytest.raises(SetupError, match="easy or strong"):
        bot_for("P1", random.Random(1), edition, "hard")


def test_skill_easy_and_strong_village_against_the_same_wolves() -> None:
    def village_at(level: str) -> Quality:
        def seat(game: Game, name: str, rng: random.Random, skill: str) -> Agent:
            team = game.by_name[name].team
            return bot_for(name, rng, game.edition, level if team == "village" else STRONG)

        quality = Quality()
        for seed in range(200):
            quality.add_game(play("millers-hollow", 8, "basic", seed, STRONG, seat))
        return quality

    strong, easy = village_at(STRONG), village_at(EASY)
    # (54% against 41% over 1,000 games; this sample: 50% against 43%)
    assert strong.village_wins > easy.village_wins + 0.05 * strong.games
    assert strong.lynch_later[0] / strong.lynch_later[1] > \
        easy.lynch_later[0] / easy.lynch_later[1]


def test_skill_per_seat_in_the_simulator() -> None:
    strong = simulate("millers-hollow", players=8, games=40, workers=1)
    easy = simulate("millers-hollow", players=8, games=40, workers=1, skills=(EASY,) * 8)
    again = simulate("millers-hollow", players=8, games=40, workers=1, skills=(EASY,) * 8)
    assert easy.wins == again.wins  # still a pure function of the seeds
    assert easy.wins != strong.wins
    mixed = seat_skills("easy,strong,strong,strong,strong,strong,strong,easy", 8)
    assert mixed[0] == mixed[7] == EASY and mixed[1] == STRONG
    assert seat_skills(None, 3) == (STRONG,) * 3 == seat_skills("strong", 3)
    with pytest.raises(SetupError, match="one for every seat"):
        seat_skills("easy,strong", 8)


def test_skill_in_the_terminal_repeats_in_the_command() -> None:
    edition = EDITIONS["millers-hollow"]
    line = repeat_command(edition, players=8, seat=None, seed=3, preset=None, roles=None,
                          options={}, skill=EASY)
    assert "--skill easy" in line
    assert "--skill" not in repeat_command(edition, players=8, seat=None, seed=3,
                                           preset=None, roles=None, options={})


def test_skill_of_a_lobby_bot_seat_is_the_one_the_host_chose() -> None:
    live = SimpleNamespace(config={"seed": 5}, edition=EDITIONS["licos"],
                           state={"bot_skills": {"Ada": EASY}})
    bots = Bots(live)  # type: ignore[arg-type]
    bots.make_agent("Ada")
    bots.make_agent("Bram")  # seated before levels existed: the default
    assert getattr(bots.agents["Ada"], "skill", None) == EASY
    assert getattr(bots.agents["Bram"], "skill", None) == STRONG


def test_skill_on_the_simulate_command_line() -> None:
    from typer.testing import CliRunner

    from wolfsbane.cli import app

    easy = CliRunner().invoke(app, ["simulate", "--games", "12", "--workers", "1", "--json",
                                    "--skill", "easy"])
    strong = CliRunner().invoke(app, ["simulate", "--games", "12", "--workers", "1", "--json"])
    assert easy.exit_code == 0 and strong.exit_code == 0
    assert easy.output != strong.output
    bad = CliRunner().invoke(app, ["simulate", "--games", "2", "--skill", "hard"])
    assert bad.exit_code == 2 and "easy or strong" in " ".join(bad.output.split())
