"""``shengji-kit solve FILE``: the value and a line for a good file, exit code 2 for a bad one."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from shengji_kit.cli import main
from shengji_kit.engine.cards import full_deck
from shengji_kit.solver.position import Position

GOOD = """
[position]
rules = "super_tycoon"
level = "2"
trump = "S"
dealer = 0
leader = 1
hands = { 0 = "SA SK H3", 1 = "S3 H9 HK", 2 = "D4 D5 C10", 3 = "SJ H10 C3" }
kitty = "H5 D10 C3 C4 C6 C7 C8 C9"
points = 40
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "position.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_solves_a_good_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", write(tmp_path, GOOD)]) == 0
    out = capsys.readouterr().out
    assert "attackers' final total: 60" in out
    assert "1. 1:" in out and "3. " in out  # three tricks, seat 1 leads the first
    assert "best leads:" in out


def test_json_and_chinese_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, GOOD)
    assert main(["solve", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 60 and len(data["line"]) == 3
    assert data["line"][0]["plays"][0]["seat"] == 1
    assert main(["solve", path, "--lang", "zh"]) == 0
    assert "捡分方最终得分：60" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (GOOD.replace('"S3 H9 HK"', '"S3 X9 HK"'), "position.hands.1: unknown card 'X9'"),
        (GOOD.replace("leader = 1\n", ""), "position.leader is missing"),
        (GOOD.replace('"D4 D5 C10"', '"D4 D5"'), "position.hands: every hand must hold the same number"),
        (GOOD.replace("points = 40", "points = 41"), "position.points"),
        ("[position\n", "not valid TOML"),
    ],
)
def test_bad_file_exits_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    assert main(["solve", write(tmp_path, text)]) == 2
    captured = capsys.readouterr()
    assert expected in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(tmp_path / "nowhere.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_command_line_has_no_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace('"S3 H9 HK"', '"S3 X9 HK"'))
    done = subprocess.run(
        [sys.executable, "-m", "shengji_kit.cli", "solve", path], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "unknown card 'X9'" in done.stderr and "Traceback" not in done.stderr


def dealt_position(cards: int, seed: int = 1) -> str:
    """A position of ``cards`` cards per hand dealt from a shuffled double deck, 8 cards in the kitty."""
    deck = [card.code for card in full_deck()]
    random.Random(seed).shuffle(deck)
    hands = ", ".join(f'{seat} = "{" ".join(deck[seat * cards:(seat + 1) * cards])}"' for seat in range(4))
    kitty = " ".join(deck[100:108])
    return f'[position]\nlevel = "2"\ntrump = "S"\ndealer = 0\nleader = 1\nhands = {{ {hands} }}\nkitty = "{kitty}"\n'


def test_a_full_deal_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", write(tmp_path, dealt_position(25))]) == 3
    err = capsys.readouterr().err
    assert "25 cards" in err and "at most 10" in err and "Traceback" not in err
    assert main(["solve", write(tmp_path, dealt_position(25)), "--lang", "zh"]) == 3
    assert "25 张牌" in capsys.readouterr().err


def test_a_search_past_its_time_limit_stops_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", write(tmp_path, dealt_position(10)), "--time-limit", "0.3"]) == 3
    err = capsys.readouterr().err
    assert "time limit of 0.3 s" in err and "--time-limit" in err


@pytest.mark.parametrize("limit", ["-1", "nan", "inf", "soon"])
def test_a_time_limit_that_is_not_seconds_is_refused_in_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["solve", write(tmp_path, GOOD), "--time-limit", limit])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert f"not {limit}" in said and "秒数" in said


def test_a_position_file_saved_with_a_byte_order_mark_is_solved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "\ufeff" + GOOD.lstrip())
    assert len(Position.load(path).hands[0]) == 3
    assert main(["solve", path]) == 0 and capsys.readouterr().out
