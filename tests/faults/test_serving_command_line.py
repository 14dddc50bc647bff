"""Faults of the command line (issue 19): each wrong option is refused with a clear bilingual message
and exit 2, before anything is printed as if it worked; no traceback reaches the person typing."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from shengji_kit import cli
from shengji_kit.words import text


def run_cli(*argv: str, cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``shengji-kit ARGV`` in its own process, in ``cwd``, with its data under ``cwd``."""
    env = {**os.environ, "SHENGJI_KIT_DATA_DIR": str(cwd / "data"), "SHENGJI_KIT_KERNEL_POOL": "0"}
    return subprocess.run(
        [sys.executable, "-m", "shengji_kit.cli", *argv], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=timeout,
    )


def both(code: str, **params: object) -> list[str]:
    """The message ``code`` in English and in Chinese."""
    return [text(code, lang, **params) for lang in ("en", "zh")]


def refused_in_both(result: subprocess.CompletedProcess[str], code: str, **params: object) -> None:
    """Exit 2, nothing on standard output, ``code`` on standard error in both languages, no traceback."""
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr, result.stderr
    for said in both(code, **params):
        assert said in result.stderr, result.stderr


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port another server is listening on (127.0.0.1)."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield int(other.getsockname()[1])


@pytest.mark.parametrize("port", ["70000", "0", "-1", "eighty"])
def test_serve_refuses_a_port_outside_1_to_65535(tmp_path: Path, port: str) -> None:
    result = run_cli("serve", "--port", port, cwd=tmp_path)
    refused_in_both(result, "classroom_bad_port", port=port)
    assert "Open" not in result.stdout and ":70000" not in result.stdout


def test_serve_says_a_port_in_use_before_printing_any_address(tmp_path: Path, busy_port: int) -> None:
    result = run_cli("serve", "--port", str(busy_port), cwd=tmp_path)
    refused_in_both(result, "classroom_port_in_use", port=busy_port, host="127.0.0.1")
    assert result.stdout == ""  # no "Open http://…" for a server that never starts


def test_serve_classroom_refuses_port_zero_too(tmp_path: Path) -> None:
    result = run_cli("serve", "--classroom", "--host", "127.0.0.1", "--port", "0", cwd=tmp_path)
    refused_in_both(result, "classroom_bad_port", port="0")


@pytest.mark.parametrize("bots", ["rule,", ",rule", "rule,,random", "rule,robot"])
def test_simulate_refuses_an_empty_or_unknown_bot_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bots: str
) -> None:
    assert cli.main(["simulate", "--rounds", "1", "--quiet", "--bots", bots]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    for line in both("serving_bots_bad", known="random, rule, search", given=repr(bots)):
        assert line in said.err


def test_simulate_still_takes_one_name_for_both_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--rounds", "1", "--quiet", "--bots", "rule"]) == 0
    assert "bots rule (team 0) vs rule (team 1)" in capsys.readouterr().out


def test_simulate_refuses_an_empty_records_folder(tmp_path: Path) -> None:
    result = run_cli("simulate", "--rounds", "1", "--quiet", "--records", "", cwd=tmp_path)
    refused_in_both(result, "serving_records_empty")
    assert sorted(path.name for path in tmp_path.iterdir() if path.name != "data") == []  # nothing written here


def test_lessons_copy_into_a_folder_that_cannot_be_made_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    target = blocker / "lessons"  # its parent is a file: the folder cannot be made
    result = run_cli("lessons", "copy", str(target), cwd=tmp_path)
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr, result.stderr
    for line in both("serving_copy_unwritable", folder=target, error="Not a directory"):
        assert line in result.stderr


@pytest.mark.skipif(not Path("/sys").is_dir(), reason="needs Linux's /sys")
def test_lessons_copy_into_sys_says_why(tmp_path: Path) -> None:
    result = run_cli("lessons", "copy", "/sys/x", cwd=tmp_path)
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr, result.stderr
    assert text("serving_copy_unwritable", "zh", folder="/sys/x", error="Operation not permitted") in result.stderr


def test_serve_class_list_needs_classroom(tmp_path: Path) -> None:
    result = run_cli("serve", "--class-list", str(tmp_path / "list.toml"), cwd=tmp_path)
    refused_in_both(result, "serving_class_list_needs_classroom")


def test_serve_classroom_refuses_a_class_list_it_cannot_read(tmp_path: Path) -> None:
    broken = tmp_path / "list.toml"
    broken.write_text("[users]\nada = 3\n", encoding="utf-8")
    result = run_cli("serve", "--classroom", "--host", "127.0.0.1", "--port", "8899", "--class-list", str(broken),
                     cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result
    assert str(broken) in result.stderr and "--class-list" in result.stderr
    assert result.stdout == ""  # refused before any address is printed


def test_serve_classroom_takes_a_readable_class_list_as_an_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernels run elsewhere than the command: they are handed the list's absolute path."""
    from shengji_kit.apps.serving.serve_classroom import checked_class_list
    from shengji_kit.classroom.class_list import set_pin

    path = tmp_path / "list.toml"
    set_pin(path, "Lin Wei", "4821")
    monkeypatch.chdir(tmp_path)
    assert checked_class_list(Path("list.toml")) == path.resolve()
    assert checked_class_list(None) is None
