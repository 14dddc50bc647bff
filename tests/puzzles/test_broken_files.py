"""Broken puzzle files: each error names the file, the puzzle and the field; the rest still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.puzzles import Problem, check_paths, load_bank

from .conftest import WriteSet, winner_puzzle


def only_problem(problems: tuple[Problem, ...]) -> Problem:
    assert len(problems) == 1, problems
    return problems[0]


def test_bad_toml_names_the_file(write_set: WriteSet) -> None:
    bad = write_set('[[puzzle]]\nid = "x\n', name="broken")
    good = write_set(winner_puzzle(), name="fine")
    bank = load_bank([bad, good])
    problem = only_problem(bank.problems)
    assert problem.file.endswith("broken.toml") and problem.puzzle_id is None and problem.field == "toml"
    assert "good" in bank


def test_unknown_card_names_puzzle_and_field(write_set: WriteSet) -> None:
    path = write_set(winner_puzzle("bad-card", south="XQ"), winner_puzzle("good"))
    bank = load_bank([path])
    problem = only_problem(bank.problems)
    assert problem.file.endswith("test-set.toml")
    assert (problem.puzzle_id, problem.field) == ("bad-card", "position.trick.0")
    assert "XQ" in problem.message
    assert [p.id for p in bank.puzzles()] == ["good"]


def test_bad_kind_is_reported(write_set: WriteSet) -> None:
    path = write_set(winner_puzzle("odd").replace('"trick_winner"', '"guess_the_card"'), winner_puzzle("good"))
    bank = load_bank([path])
    problem = only_problem(bank.problems)
    assert (problem.puzzle_id, problem.field) == ("odd", "kind")
    assert "guess_the_card" in problem.message
    assert "good" in bank


def test_missing_chinese_text_is_reported(write_set: WriteSet) -> None:
    entry = winner_puzzle("mute").replace(', zh = "比较红桃。"', "")
    bank = load_bank([write_set(entry, winner_puzzle("good"))])
    problem = only_problem(bank.problems)
    assert (problem.puzzle_id, problem.field) == ("mute", "hint.zh")
    assert "good" in bank


def test_wrong_answer_fails_the_check_only(write_set: WriteSet) -> None:
    path = write_set(winner_puzzle("wrong", answer="2"), winner_puzzle("good"))
    assert load_bank([path]).problems == ()
    report = check_paths([path])
    problem = only_problem(report.problems)
    assert problem.file.endswith("test-set.toml")
    assert (problem.puzzle_id, problem.field) == ("wrong", "answer")
    assert "seat 0" in problem.message
    assert report.puzzles == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("difficulty = 1", "difficulty = 6"), "difficulty"),
        (('rules = "super_tycoon"', 'rules = "poker"'), "position.rules"),
        (('trump = "S"', 'trump = "X"'), "position.trump"),
        (('level = "2"', 'level = "1O"'), "position.level"),
        (("leader = 3", "leader = 7"), "position.leader"),
        (("answer = 0", "answr = 0"), "answr"),
        (('1 = "H5"', '1 = "H5 H6"'), "position.trick.1"),
        (('id = "p"', 'id = "Has Space"'), "id"),
    ],
)
def test_each_bad_field_is_named(write_set: WriteSet, change: tuple[str, str], field: str) -> None:
    entry = winner_puzzle("p").replace(*change)
    bank = load_bank([write_set(entry, winner_puzzle("good"))])
    problem = only_problem(bank.problems)
    assert problem.field == field
    assert "good" in bank


def test_duplicate_ids_across_files(write_set: WriteSet) -> None:
    first = write_set(winner_puzzle("twin"), name="a")
    second = write_set(winner_puzzle("twin"), name="b")
    problem = only_problem(load_bank([first, second]).problems)
    assert problem.file.endswith("b.toml") and (problem.puzzle_id, problem.field) == ("twin", "id")


def test_missing_set_header_and_path(tmp_path: Path, write_set: WriteSet) -> None:
    headless = write_set(winner_puzzle(), name="headless", header="")
    bank = load_bank([headless, tmp_path / "nowhere.toml"])
    fields = sorted((p.field, p.puzzle_id) for p in bank.problems)
    assert fields == [("path", None), ("set", None)]


def test_kind_specific_fields_are_checked(write_set: WriteSet) -> None:
    follow = """
[[puzzle]]
id = "follow"
kind = "legal_follow"
difficulty = 2
options = ["H3", "C4 C4"]
answer = ["A"]
title = { en = "t", zh = "题" }
hint = { en = "h", zh = "提示" }
explanation = { en = "e", zh = "解释" }
[puzzle.position]
rules = "super_tycoon"
level = "2"
trump = "S"
leader = 3
trick = { 3 = "H9" }
hands = { 0 = "H3 C4" }
"""
    problem = only_problem(load_bank([write_set(follow)]).problems)
    assert (problem.puzzle_id, problem.field) == ("follow", "options.1")
