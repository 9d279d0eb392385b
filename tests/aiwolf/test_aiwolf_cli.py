"""`wolfsbane aiwolf serve` and `wolfsbane export aiwolf-log` from the command line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("aiwolf_nlp_common", reason="the aiwolf extra (aiwolf-nlp-common)")

from typer.testing import CliRunner  # noqa: E402

from wolfsbane.cli import app  # noqa: E402

from .nlp_agent import NlpAgent  # noqa: E402


def test_aiwolf_serve_plays_a_village_and_export_writes_its_log(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", "from wolfsbane.cli import main; main()", "aiwolf", "serve",
         "--port", "0", "--players", "5", "--composition", "5C", "--games", "1",
         "--action-timeout", "30", "--seed", "3", "--out", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"})
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", line)
        assert found, line + server.stderr.read() if server.stderr else line
        agents = [NlpAgent(f"ws://127.0.0.1:{found.group(1)}/ws", f"cli{i}", seed=i)
                  for i in range(5)]
        threads = [threading.Thread(target=a.run, daemon=True) for a in agents]
        for thread in threads:
            thread.start()
        out, _err = server.communicate(timeout=60)
    finally:
        server.kill()
    assert server.returncode == 0
    assert re.search(r"Game wolfsbane-3 is over: (village|werewolves) won\.", out)
    assert all(a.packets[-1].request.value == "FINISH" for a in agents)
    record = tmp_path / "wolfsbane-3.json"
    written = tmp_path / "exported.log"
    result = CliRunner().invoke(app, ["export", "aiwolf-log", str(record), "--out",
                                      str(written)])
    assert result.exit_code == 0, result.output
    assert written.read_text() == (tmp_path / "wolfsbane-3.log").read_text()
    lines = written.read_text().splitlines()
    assert lines[0].startswith("1,status,1,") and ",result," in lines[-1]


def test_export_refuses_what_is_not_a_finished_licos_record(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(app, ["export", "aiwolf-log", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output
    other = tmp_path / "mh.json"
    other.write_text('{"format": "wolfsbane-record/1", "edition": "millers-hollow"}')
    refused = runner.invoke(app, ["export", "aiwolf-log", str(other)])
    assert refused.exit_code == 2 and "LiCOS" in refused.output
    assert "Traceback" not in refused.output
