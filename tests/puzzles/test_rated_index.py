"""The dashboard's rated-puzzle index (the files' headers only) says what the full trainer bank says."""

from __future__ import annotations

from pathlib import Path

from shengji_kit.practice.ratings_from_events import RatedPuzzle, rated_puzzles
from shengji_kit.puzzles.bank import trainer_bank
from shengji_kit.puzzles.rated_index import read_index, trainer_index


def test_the_index_equals_the_trainer_bank() -> None:
    bank = trainer_bank()
    index = trainer_index()
    assert index.puzzles == {puzzle.id: (puzzle.set_id, puzzle.difficulty) for puzzle in bank.puzzles()}
    assert index.titles == {s.id: (s.title("en"), s.title("zh")) for s in bank.sets}
    as_rated = {item: RatedPuzzle(level, set_id) for item, (set_id, level) in index.puzzles.items()}
    assert as_rated == rated_puzzles(bank.puzzles()), "the ratings replay sees the same puzzles either way"
    assert len(index.puzzles) > 1000 and {level for _, level in index.puzzles.values()} <= {1, 2, 3, 4, 5}


def test_sub_tables_comments_and_a_repeated_id_are_read_as_the_bank_reads_them(tmp_path: Path) -> None:
    first = tmp_path / "a-first.toml"
    first.write_text(
        '# a comment\n[set]\ndescription = { en = "D", zh = "描述" }\n[set.title]\nen = "First"\nzh = "第一"\n\n'
        '[[puzzle]]\nid = "one"  # the first\nkind = "trick_winner"\ndifficulty = 4\n'
        '[puzzle.position]\nid = "not-a-puzzle"\ndifficulty = 1\n'
        '[[puzzle]]\ndifficulty=2\nid="two"\n[[puzzle.option]]\nid = "an-option"\n',
        encoding="utf-8")
    second = tmp_path / "b-second.toml"
    second.write_text('[set]\ntitle = { en = "Second", zh = "第二" }\n[[puzzle]]\nid = "one"\ndifficulty = 5\n'
                      '[[puzzle]]\nid = "three"\ndifficulty = 3\n', encoding="utf-8")
    index = read_index([first, second])
    assert index.puzzles == {"one": ("a-first", 4), "two": ("a-first", 2), "three": ("b-second", 3)}
    assert index.titles == {"a-first": ("First", "第一"), "b-second": ("Second", "第二")}
