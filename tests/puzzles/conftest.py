"""Helpers for the puzzle tests: write small puzzle files from a valid template."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

HEADER = """
[set]
title = { en = "Test set", zh = "测试题组" }
description = { en = "Puzzles for the tests.", zh = "测试用的题目。" }
"""

WINNER = """
[[puzzle]]
id = "{id}"
kind = "trick_winner"
difficulty = 1
answer = {answer}
title = {{ en = "Highest heart", zh = "最大的红桃" }}
hint = {{ en = "Compare the hearts.", zh = "比较红桃。" }}
explanation = {{ en = "♥A is the highest heart.", zh = "♥A 是最大的红桃。" }}
[puzzle.position]
rules = "super_tycoon"
level = "2"
trump = "S"
leader = 3
trick = {{ 3 = "HK", 0 = "{south}", 1 = "H5", 2 = "HQ" }}
"""


def winner_puzzle(puzzle_id: str = "good", answer: str = "0", south: str = "HA") -> str:
    """A trick-winner puzzle whose right answer is seat 0 (South plays ``south``)."""
    return WINNER.format(id=puzzle_id, answer=answer, south=south)


WriteSet = Callable[..., Path]


@pytest.fixture
def write_set(tmp_path: Path) -> WriteSet:
    """Write a puzzle set file from puzzle entries; returns its path."""

    def write(*entries: str, name: str = "test-set", header: str = HEADER) -> Path:
        path = tmp_path / f"{name}.toml"
        path.write_text(header + "".join(entries), encoding="utf-8")
        return path

    return write
