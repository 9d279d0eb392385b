"""The table screen's narrator calls each turn of the night inside the slot the engine gives
that turn (core.night.slot_ends), so the voice and the phones agree: a turn's phones are asked
as its call is spoken, whatever the edition."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from wolfsbane.core.night import slot_ends
from wolfsbane.editions import EDITIONS

BOARD = Path(__file__).resolve().parents[1] / "src" / "wolfsbane" / "web" / "js" / "board.js"
NODE = shutil.which("node")
SCRIPT = """
const board = await import(process.argv[2]);
const input = JSON.parse(process.argv[3]);
const out = {};
for (const [phase, edition] of input) {
  out[phase] = board.schedule(board.narrationScript(edition, phase));
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_the_narrator_calls_each_turn_inside_its_slot(edition_id: str, tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed: the web client's narrator cannot be run")
    edition = EDITIONS[edition_id]
    order = {kind: [turn.as_dict() for turn in table]
             for kind, table in edition.night_order.items()}
    phases = {"first": "night 1", "other": "night 2"}
    script = tmp_path / "schedule.mjs"
    script.write_text(SCRIPT, encoding="utf-8")
    cases = [[phases[kind], {"night_order": order}] for kind in order]
    done = subprocess.run([NODE, str(script), BOARD.as_uri(), json.dumps(cases)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    spoken = json.loads(done.stdout)
    for kind, table in edition.night_order.items():
        ends = [0.0, *slot_ends(table, 1.0)]
        lines = [line for line in spoken[phases[kind]] if line.get("role")]
        assert len(lines) == 2 * len(table)
        for k, turn in enumerate(table):
            opens, closes = lines[2 * k], lines[2 * k + 1]
            assert opens["role"] == closes["role"] == turn.called
            assert ends[k] <= opens["at"] < closes["at"] < ends[k + 1], (kind, turn.id)
        outro = spoken[phases[kind]][-1]
        assert lines[-1]["at"] < outro["at"] < 1.0
