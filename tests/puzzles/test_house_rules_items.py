"""Puzzles and lesson exercise items may name a house-rules file beside them or give an inline table;
the engine then checks the item under those rules, and a bad file is a problem naming the item."""

from __future__ import annotations

from pathlib import Path

from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.loader import load_file

HOUSE = '[rules]\nbased_on = "super_tycoon"\nthrow_check_opponents_only = true\n'

ITEM = """\
[set]
title = {{ en = "House throws", zh = "家规甩牌" }}
description = {{ en = "Throws under our rules.", zh = "按我们的规矩甩牌。" }}

[[puzzle]]
id = "partner-does-not-count"
kind = "throw"
difficulty = 1
stands = true
title = {{ en = "Partner's ace", zh = "对家的A" }}
hint = {{ en = "Who is checked?", zh = "看谁的牌？" }}
explanation = {{ en = "Only the opponents are checked, and neither beats ♥K.", zh = "只看对手，他们都管不住 ♥K。" }}
[puzzle.position]
rules = {rules}
level = "2"
trump = "S"
leader = 0
trick = {{ 0 = "HA HK" }}
hands = {{ 1 = "H3 H4 C4", 2 = "HA D5 D6", 3 = "H10 H5 S9" }}
"""


def write_set(folder: Path, rules: str) -> Path:
    path = folder / "house-throws.toml"
    path.write_text(ITEM.format(rules=rules), encoding="utf-8")
    return path


def test_an_item_plays_by_the_house_file_beside_it(tmp_path: Path) -> None:
    (tmp_path / "ours.toml").write_text(HOUSE, encoding="utf-8")
    found, problems = load_file(write_set(tmp_path, '"ours.toml"'))
    assert not problems and found is not None
    assert found.puzzles[0].table.rules.name == "ours"
    assert verify_puzzle(found.puzzles[0]) == [], "the engine agrees: under these rules the throw stands"


def test_an_item_plays_by_an_inline_table(tmp_path: Path) -> None:
    found, problems = load_file(write_set(tmp_path, '{ based_on = "super_tycoon", throw_check_opponents_only = true }'))
    assert not problems and found is not None and found.puzzles[0].table.rules.throw_check_opponents_only


def test_under_the_preset_the_same_item_is_wrong(tmp_path: Path) -> None:
    """The engine checks the answer under the rules named: the partner's ♥A stops it under super_tycoon."""
    found, problems = load_file(write_set(tmp_path, '"super_tycoon"'))
    assert not problems and found is not None
    assert verify_puzzle(found.puzzles[0]), "under super_tycoon the partner's ♥A stops the throw"


def test_a_missing_or_bad_house_file_is_a_problem_naming_the_item(tmp_path: Path) -> None:
    (tmp_path / "typo.toml").write_text(HOUSE.replace("throw_check", "throws_check"), encoding="utf-8")
    for rules, said in (('"missing.toml"', "missing.toml"), ('"typo.toml"', "throw_check_opponents_only")):
        _, problems = load_file(write_set(tmp_path, rules))
        assert problems, rules
        assert problems[0].puzzle_id == "partner-does-not-count"
        assert any(said in problem.message for problem in problems), [p.message for p in problems]
        assert any(problem.reason is not None and said in problem.reason.render("zh") for problem in problems)
