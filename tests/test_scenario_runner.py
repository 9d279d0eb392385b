"""The scenario runner and `wolfsbane scenario`, checked against SCENARIOS.md."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wolfsbane import editions
from wolfsbane.cli import app
from wolfsbane.scenarios import ScenarioFileError, load_scenario, run_scenario

HEADER = """\
title: {title}
edition: {edition}
options: {{sheriff: false}}
players:
  - Ana: werewolf
  - Ben: werewolf
  - Cal: cupid
  - Dee: villager
  - Eve: villager
  - Fay: villager
"""

NIGHT_ONE = """\
script:
  - phase: night 1
    actions:
      Cal: {link: [Dee, Eve]}
      Ana: {attack: Fay}
      Ben: {attack: Fay}
"""

PASSING = NIGHT_ONE + """\
    expect:
      died: [Fay]
      status: {Dee: [lover], Eve: [lover]}
      told:
        Dee: {player: Eve}
  - phase: day 1
    votes: {Ana: Dee, Ben: Dee, Cal: Ana, Dee: Ana, Eve: Ana}
    expect:
      executed: Ana
      alive: [Ben, Cal, Dee, Eve]
"""


# An edition the project promises but does not offer: the real planned ones arrive one by one.
LATER = "far-hollow"


@pytest.fixture(autouse=True)
def planned_edition(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(editions.PLANNED, LATER, "A village far away")


def write(folder: Path, name: str, body: str, title: str = "a rule",
          edition: str = "millers-hollow") -> Path:
    path = folder / name
    path.write_text(HEADER.format(title=title, edition=edition) + textwrap.dedent(body),
                    encoding="utf-8")
    return path


def run(path: Path) -> tuple[str, str]:
    result = run_scenario(load_scenario(path))
    return result.status, result.detail


# -- the runner --------------------------------------------------------------------------------

def test_a_scenario_that_holds_passes(tmp_path: Path) -> None:
    assert run(write(tmp_path, "ok.yaml", PASSING)) == ("PASS", "")


def test_a_failure_reports_the_first_difference(tmp_path: Path) -> None:
    body = NIGHT_ONE + """\
    expect:
      died: [Dee]
  - phase: day 1
    votes: {Ana: Dee, Ben: Dee, Cal: Ana, Dee: Ana, Eve: Ana}
    expect:
      executed: Dee
"""
    status, detail = run(write(tmp_path, "wrong.yaml", body))
    assert status == "FAIL"
    assert detail == "after night 1: died should be [Dee], was [Fay]"


@pytest.mark.parametrize("expect, words", [
    ("alive: [Ana]", "alive should be [Ana]"),
    ("dead: []", "dead should be []"),
    ("executed: Fay", "executed should be Fay, was none"),
    ("over: true", "should be over"),
    ("winner: village", "village should have won"),
    ("roles: {Ana: villager}", "Ana's role should be villager, is werewolf"),
    ("teams: {Dee: lovers}", "Dee's team should be lovers, is village"),
    ("status: {Fay: [lover]}", "Fay should carry [lover]"),
    ("told: {Dee: {player: Fay}}", "Dee should have been told"),
    ("not_told: {Dee: {player: Eve}}", "Dee should not have been told"),
    ("announced: {about: death, player: Dee}", "should have been announced"),
])
def test_each_expectation_reports_what_differs(tmp_path: Path, expect: str, words: str) -> None:
    body = NIGHT_ONE + "    expect:\n      " + expect + "\n"
    status, detail = run(write(tmp_path, "x.yaml", body))
    assert status == "FAIL"
    assert words in detail
    assert detail.startswith("after night 1")


def test_an_answer_for_a_decision_never_asked_fails(tmp_path: Path) -> None:
    body = NIGHT_ONE + """\
      Dee: {inspect: Ana}
"""
    status, detail = run(write(tmp_path, "unasked.yaml", body))
    assert status == "FAIL"
    assert "Dee" in detail and "'inspect'" in detail and "never asked" in detail
    assert detail.startswith("night 1")


def test_a_storyteller_answer_never_asked_fails(tmp_path: Path) -> None:
    body = NIGHT_ONE + """\
    storyteller: {caught: yes}
"""
    status, detail = run(write(tmp_path, "pin.yaml", body))
    assert status == "FAIL"
    assert "storyteller" in detail and "'caught'" in detail and "never asked" in detail


def test_an_unanswered_required_decision_fails_naming_player_decision_and_phase(
    tmp_path: Path,
) -> None:
    body = """\
script:
  - phase: night 1
    actions:
      Ana: {attack: Fay}
"""
    status, detail = run(write(tmp_path, "missing.yaml", body))
    assert status == "FAIL"
    assert detail.startswith("night 1:")
    assert "Cal" in detail and "'link'" in detail and "no default" in detail


def test_an_unanswered_optional_decision_takes_its_default(tmp_path: Path) -> None:
    body = """\
script:
  - phase: night 1
    actions:
      Cal: {link: [Dee, Eve]}
    expect:
      died: []
  - phase: day 1
    expect:
      executed: none
"""
    assert run(write(tmp_path, "defaults.yaml", body)) == ("PASS", "")


def test_an_illegal_attempt_the_engine_accepts_fails(tmp_path: Path) -> None:
    body = """\
script:
  - phase: night 1
    illegal:
      Ana: {attack: Fay}
    actions:
      Cal: {link: [Dee, Eve]}
      Ana: {attack: Fay}
"""
    status, detail = run(write(tmp_path, "legal.yaml", body))
    assert status == "FAIL"
    assert "accepted Ana's illegal attack" in detail


def test_an_illegal_attempt_the_engine_refuses_passes(tmp_path: Path) -> None:
    body = """\
script:
  - phase: night 1
    illegal:
      Ana: {attack: Ben}
      Cal: {link: [Cal]}
      Dee: {inspect: Ana}
    actions:
      Cal: {link: [Dee, Eve]}
      Ana: {attack: Fay}
    expect:
      died: [Fay]
"""
    assert run(write(tmp_path, "refused.yaml", body)) == ("PASS", "")


def test_a_script_out_of_phase_order_fails(tmp_path: Path) -> None:
    body = """\
script:
  - phase: day 1
    votes: {Ana: Dee}
"""
    status, detail = run(write(tmp_path, "order.yaml", body))
    assert status == "FAIL"
    assert "day 1" in detail and "night 1" in detail


def test_a_planned_edition_is_skipped(tmp_path: Path) -> None:
    status, detail = run(write(tmp_path, "later.yaml", NIGHT_ONE, edition=LATER))
    assert status == "SKIP"
    assert detail == f"edition {LATER} is not available yet"
    for edition_id in editions.PLANNED:
        if edition_id not in editions.EDITIONS:
            status, _ = run(write(tmp_path, "planned.yaml", NIGHT_ONE, edition=edition_id))
            assert status == "SKIP", edition_id


def test_an_unknown_edition_fails(tmp_path: Path) -> None:
    status, detail = run(write(tmp_path, "nowhere.yaml", NIGHT_ONE, edition="moonville"))
    assert status == "FAIL" and "moonville" in detail


def test_an_unknown_role_or_option_fails(tmp_path: Path) -> None:
    path = write(tmp_path, "role.yaml", NIGHT_ONE)
    path.write_text(path.read_text().replace("Fay: villager", "Fay: vampire"))
    status, detail = run(path)
    assert status == "FAIL" and "vampire" in detail
    path = write(tmp_path, "option.yaml", NIGHT_ONE)
    path.write_text(path.read_text().replace("{sheriff: false}", "{full-moon: true}"))
    status, detail = run(path)
    assert status == "FAIL" and "full-moon" in detail


def test_yes_and_no_are_read_as_words_even_as_keys(tmp_path: Path) -> None:
    path = tmp_path / "witch.yaml"
    path.write_text(textwrap.dedent("""\
        title: yes and no
        edition: millers-hollow
        options: {sheriff: false}
        players:
          - Ana: werewolf
          - Ben: witch
          - Cal: villager
          - Dee: villager
        script:
          - phase: night 1
            actions:
              Ana: {attack: Cal}
              Ben: {heal: yes, poison: no}
            expect:
              died: []
              told:
                Ben: {about: attack, player: Cal}
        """))
    assert run(path) == ("PASS", "")


# -- invalid files -------------------------------------------------------------------------------

@pytest.mark.parametrize("body, line, key", [
    ("script:\n  - phase: night 1\n    bogus: 1\n", 13, "script.0.bogus"),
    ("script:\n  - phase: night 1\n    expect:\n      dyed: [Ana]\n", 14, "script.0.expect.dyed"),
    ("script:\n  - phase: night 1\n    actions:\n      Zed: {attack: Ana}\n", 14,
     "script.0.actions.Zed"),
    ("script: 7\n", 11, "script"),
])
def test_an_invalid_file_names_file_line_and_key(
    tmp_path: Path, body: str, line: int, key: str
) -> None:
    path = write(tmp_path, "bad.yaml", body)
    with pytest.raises(ScenarioFileError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:{line} ")
    assert f"(key {key})" in message


def test_a_file_that_is_not_yaml_is_invalid(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("title: [unclosed\nedition: millers-hollow\n")
    with pytest.raises(ScenarioFileError, match="not valid YAML"):
        load_scenario(path)


def test_a_scenario_missing_its_script_is_invalid(tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    path.write_text("title: t\nedition: millers-hollow\nplayers:\n  - Ana: werewolf\n")
    with pytest.raises(ScenarioFileError, match="missing 'script'"):
        load_scenario(path)


# -- the command line ----------------------------------------------------------------------------

runner = CliRunner()


def test_cli_counts_and_exits_1_when_a_scenario_fails(tmp_path: Path) -> None:
    write(tmp_path, "a-pass.yaml", PASSING, title="passes")
    write(tmp_path, "b-fail.yaml", NIGHT_ONE + "    expect:\n      died: [Dee]\n",
          title="fails")
    write(tmp_path, "c-skip.yaml", NIGHT_ONE, title="skipped", edition=LATER)
    result = runner.invoke(app, ["scenario", str(tmp_path)])
    assert result.exit_code == 1, result.output
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "PASS passes"
    assert lines[1] == "FAIL fails: after night 1: died should be [Dee], was [Fay]"
    assert lines[2].startswith(f"SKIP skipped: edition {LATER} is not available yet")
    assert lines[-1] == "1 passed, 1 failed, 1 skipped"


def test_cli_exits_0_when_every_scenario_passes_or_is_skipped(tmp_path: Path) -> None:
    one = write(tmp_path, "one.yaml", PASSING, title="one")
    write(tmp_path, "two.yaml", NIGHT_ONE, title="two", edition=LATER)
    result = runner.invoke(app, ["scenario", str(one), str(tmp_path / "two.yaml")])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().splitlines()[-1] == "1 passed, 0 failed, 1 skipped"


def test_cli_exits_2_on_an_invalid_file_and_names_it(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", PASSING, title="good")
    bad = write(tmp_path, "bad.yaml", "script:\n  - phase: night 1\n    bogus: 1\n")
    result = runner.invoke(app, ["scenario", str(good), str(bad)])
    assert result.exit_code == 2, result.output
    assert f"{bad}:13 " in result.stdout and "script.0.bogus" in result.stdout
    assert "PASS good" in result.stdout


def test_cli_exits_2_on_a_missing_path(tmp_path: Path) -> None:
    result = runner.invoke(app, ["scenario", str(tmp_path / "nothing-here.yaml")])
    assert result.exit_code == 2


def test_cli_folders_are_searched_recursively(tmp_path: Path) -> None:
    nested = tmp_path / "deep" / "deeper"
    nested.mkdir(parents=True)
    write(nested, "inner.yaml", PASSING, title="inner")
    (nested / "notes.txt").write_text("not a scenario")
    result = runner.invoke(app, ["scenario", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "PASS inner" in result.stdout
    assert result.stdout.strip().splitlines()[-1] == "1 passed, 0 failed, 0 skipped"


def test_cli_json_prints_one_object_per_scenario(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", PASSING, title="passes")
    write(tmp_path, "b.yaml", NIGHT_ONE + "    expect:\n      died: [Dee]\n", title="fails")
    write(tmp_path, "c.yaml", NIGHT_ONE, title="skipped", edition=LATER)
    result = runner.invoke(app, ["scenario", "--json", str(tmp_path)])
    assert result.exit_code == 1, result.output
    objects = [json.loads(line) for line in result.stdout.strip().splitlines()]
    assert [o["status"] for o in objects] == ["pass", "fail", "skip"]
    assert [o["title"] for o in objects] == ["passes", "fails", "skipped"]
    assert objects[1]["detail"] == "after night 1: died should be [Dee], was [Fay]"
    assert all(o["path"].endswith(".yaml") for o in objects)


def test_cli_runs_the_projects_own_millers_hollow_scenarios() -> None:
    folder = Path(__file__).parent / "scenarios" / "millers-hollow"
    result = runner.invoke(app, ["scenario", str(folder)])
    assert result.exit_code == 0, result.stdout
    last = result.stdout.strip().splitlines()[-1]
    passed = int(last.split()[0])
    assert passed >= 30 and last.endswith(" 0 failed, 0 skipped")
