"""``shengji-kit puzzles check``: zero exit for the shipped bank, each failure named otherwise."""

from __future__ import annotations

import pytest

from shengji_kit.cli import main

from .conftest import WriteSet, winner_puzzle


def test_check_of_the_shipped_bank_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "check"]) == 0
    out = capsys.readouterr().out
    assert "0 failures" in out and "endgame" in out


def test_check_names_each_failure(write_set: WriteSet, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_set(winner_puzzle("wrong", answer="1"), winner_puzzle("bad", south="HZ"), winner_puzzle("good"))
    assert main(["puzzles", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "puzzle 'wrong': field 'answer'" in out
    assert "puzzle 'bad': field 'position.trick.0'" in out
    assert "test-set.toml" in out and "1 puzzles in 1 files check out" in out
