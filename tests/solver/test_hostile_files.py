"""``shengji-kit solve`` on a hostile file (deeply nested arrays or tables, a 5000-digit number): one line
on stderr, exit code 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from shengji_kit.cli import main

HOSTILE = {
    "deep-arrays": "[position]\nhands = " + "[" * 5000 + "]" * 5000 + "\n",
    "deep-tables": "[position]\nhands = " + "{ a = " * 3000 + "1" + " }" * 3000 + "\n",
    "huge-number": "[position]\npoints = " + "9" * 5000 + "\n",
}


@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize(("lang", "words"), [("en", ("error:", "deep", "digits")), ("zh", ("错误", "层", "位"))])
def test_a_hostile_position_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, lang: str, words: tuple[str, str, str]
) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(HOSTILE[name], encoding="utf-8")
    assert main(["solve", str(path), "--lang", lang]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and captured.out == "" and "Traceback" not in captured.err
    assert lines[0].startswith(words[0]) and str(path) in lines[0]
    assert (words[2] if name == "huge-number" else words[1]) in lines[0]


def test_the_command_itself_prints_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(HOSTILE["deep-arrays"], encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "shengji_kit.cli", "solve", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1

