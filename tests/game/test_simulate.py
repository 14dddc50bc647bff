"""The ``shengji-kit simulate`` command."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shengji_kit.cli import main
from shengji_kit.game.record import load, replay


def test_simulate_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "6", "--seed", "3", "--bots", "rule,random"]) == 0
    out = capsys.readouterr()
    assert "rounds: 6" in out.out and "rounds/s" in out.out and "kitty captures" in out.out
    assert "failed throws" in out.out and "team 0 (rule bots" in out.out and "80-115" in out.out
    assert "6/6" in out.err, "the progress bar goes to stderr"


def test_simulate_json_and_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["simulate", "--rounds", "4", "--seed", "8", "--rules", "classic", "--bots", "random",
            "--records", str(tmp_path), "--json", "--quiet"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [json.loads(line) for line in lines]
    assert [row["round"] for row in rows] == [1, 2, 3, 4]
    files = sorted(tmp_path.glob("round-*.json"))
    assert len(files) == 4
    for row, path in zip(rows, files, strict=True):
        record = load(path)
        assert record["total"] == row["total"] and replay(record).result.total == row["total"]
    assert main(args) == 0
    assert capsys.readouterr().out.splitlines() == lines, "the same seed gives the same rounds"


def test_simulate_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rounds", "2", "--bots", "rule,genius", "--quiet"]) == 2
    assert "genius" in capsys.readouterr().err


def test_simulate_checks_the_records_folder_before_playing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(["simulate", "--rounds", "3", "--records", str(blocker / "records"), "--quiet"]) == 2
    out = capsys.readouterr()
    assert str(blocker / "records") in out.err and "cannot write round records" in out.err
    assert "Traceback" not in out.err and "rounds:" not in out.out, "nothing is played"


def test_ctrl_c_prints_the_summary_so_far(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "shengji_kit.cli", "simulate", "--rounds", "100000", "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted after" in err and "Traceback" not in err
    assert "rounds: " in out and "attackers' total" in out
