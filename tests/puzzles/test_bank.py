"""The shipped bank: every puzzle loads and its stated answer agrees with the engine or solver."""

from __future__ import annotations

from collections import Counter

from shengji_kit.puzzles import KINDS, Question, check_bank, default_bank
from shengji_kit.puzzles.kinds import TEACHING_ORDER
from shengji_kit.puzzles.kinds.count import CountQuestion
from shengji_kit.puzzles.kinds.endgame import Endgame
from shengji_kit.puzzles.kinds.legal_follow import LETTERS, LegalFollow
from shengji_kit.puzzles.kinds.sort import SortQuestion
from shengji_kit.puzzles.kinds.throw import ThrowQuestion
from shengji_kit.puzzles.kinds.tractors import TractorsQuestion
from shengji_kit.puzzles.kinds.trick_winner import TrickWinner
from shengji_kit.puzzles.loader import DATA_DIR


def test_every_shipped_puzzle_loads_and_checks() -> None:
    bank = default_bank()
    report = check_bank(bank)
    assert report.problems == ()
    assert report.puzzles == len(bank) >= 60


def test_bank_covers_every_kind_and_difficulty() -> None:
    puzzles = default_bank().puzzles()
    kinds = Counter(p.kind for p in puzzles)
    assert set(kinds) == set(TEACHING_ORDER) <= set(KINDS)
    assert kinds["endgame"] >= 12
    assert {p.difficulty for p in puzzles} == {1, 2, 3, 4, 5}


def test_each_set_is_one_shipped_file() -> None:
    bank = default_bank()
    assert [s.id for s in bank.sets] == sorted(p.stem for p in DATA_DIR.glob("*.toml"))
    for puzzle_set in bank.sets:
        assert puzzle_set.title.en and puzzle_set.title.zh and puzzle_set.puzzles


def test_every_puzzle_speaks_both_languages() -> None:
    for puzzle in default_bank().puzzles():
        for text in (puzzle.title, puzzle.hint, puzzle.explanation):
            assert text("en") and text("zh")
            assert any("\u4e00" <= ch <= "\u9fff" for ch in text("zh")), puzzle.id
        assert puzzle.prompt("en") != puzzle.prompt("zh")


def stated_answer(question: Question) -> object:
    """The puzzle file's own answer, in the form ``check`` takes."""
    if isinstance(question, TrickWinner | CountQuestion):
        return question.stated
    if isinstance(question, LegalFollow):
        return LETTERS[min(question.stated)]
    if isinstance(question, ThrowQuestion):
        return "stands" if question.stands else question.blocker
    if isinstance(question, SortQuestion):
        return " ".join(card.code for card in question.stated)
    if isinstance(question, TractorsQuestion):
        return [list(group) for group in question.stated]
    assert isinstance(question, Endgame)
    return sorted(question.best)[0]


def test_every_puzzle_accepts_its_own_answer() -> None:
    bank = default_bank()
    for puzzle in bank.puzzles():
        feedback = bank.check(puzzle.id, stated_answer(puzzle.question))
        assert feedback.correct, (puzzle.id, feedback.verdict("en"))
        assert puzzle.explanation("zh") in feedback.message("zh")
