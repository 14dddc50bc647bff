"""The answer-checking API the trainer uses: right and wrong answers, in English and Chinese."""

from __future__ import annotations

import pytest

from shengji_kit.puzzles import default_bank


def check(puzzle_id: str, answer: object) -> tuple[bool, str, str]:
    feedback = default_bank().check(puzzle_id, answer)
    return feedback.correct, feedback.message("en"), feedback.message("zh")


def test_trick_winner_right_and_wrong() -> None:
    ok, en, zh = check("win-small-trump-ruffs", 3)
    assert ok and en.startswith("Right.") and zh.startswith("答对了")
    assert "♠3" in en and "♠3" in zh
    ok, en, zh = check("win-small-trump-ruffs", "1")
    assert not ok and "East" in en and "♦A" in en and "东家" in zh
    assert "ruff" in en  # the puzzle's own explanation follows the verdict


def test_trick_winner_offers_the_four_seats() -> None:
    puzzle = default_bank().get("win-pair-needs-pair")
    assert [c.value for c in puzzle.question.choices()] == ["0", "1", "2", "3"]
    assert puzzle.question.answer_format == "seat"


def test_legal_follow_explains_the_wrong_options_with_the_engine() -> None:
    ok, en, zh = check("follow-pair-with-pair", "B")
    assert ok and "A ♥Q ♥A is not allowed" in en
    assert "必须跟对子" in zh
    ok, en, zh = check("follow-pair-with-pair", "A")
    assert not ok and "you must play a pair" in en and "B ♥3♥3" in en


def test_legal_follow_accepts_cards_outside_the_options() -> None:
    ok, _, _ = check("follow-equal-is-not-a-pair", "S3 C2")
    assert ok
    ok, en, _ = check("follow-equal-is-not-a-pair", "DA S3")
    assert not ok and "trumps" in en


def test_throw_names_the_blocker_in_both_languages() -> None:
    ok, en, zh = check("throw-partner-stops-it", 2)
    assert ok and "North holds ♣Q" in en and "北家有 ♣Q" in zh
    ok, en, _ = check("throw-partner-stops-it", "stands")
    assert not ok and "♣J is led instead" in en
    ok, _, _ = check("throw-classic-partner-ignored", "stands")
    assert ok


def test_sort_accepts_any_order_among_equal_cards() -> None:
    assert check("sort-equal-side-levels", "D5 S5 C5 DA DK D3")[0]
    ok, en, zh = check("sort-equal-side-levels", "C5 D5 S5 DA DK D3")
    assert not ok and "♦5 is stronger than ♣5" in en and "♦5 比 ♣5 大" in zh
    ok, en, _ = check("sort-equal-side-levels", "D5 C5 S5 DA DK")
    assert not ok and "exactly the cards" in en


def test_sort_plain_suits_may_come_in_any_order() -> None:
    assert check("sort-mixed-hand", "BJ C7 H7 CA C8 DK DQ S6")[0]
    ok, en, _ = check("sort-mixed-hand", "BJ C7 H7 CA DK C8 DQ S6")
    assert not ok and "kept in one group" in en


def test_tractors_accept_either_equal_pair_and_report_mistakes() -> None:
    assert check("tractor-two-side-level-pairs", ["C2 C2 SA SA"])[0]
    ok, en, _ = check("tractor-two-side-level-pairs", ["C2 C2 H2 H2"])
    assert not ok and "is not a tractor" in en
    ok, en, zh = check("tractor-two-suits", ["S6 S6 S4 S4 S3 S3"])
    assert not ok and "missing" in en and "漏掉" in zh
    assert check("tractor-gap-breaks-it", [])[0]


def test_count_total_shows_the_working() -> None:
    ok, en, zh = check("count-total-kitty-captured", "185")
    assert ok and "50 + 35 in the trick + 25 in the kitty × 4 = 185" in en
    assert "185分" in zh
    assert not check("count-total-kitty-captured", 85)[0]


@pytest.mark.parametrize(
    ("answer", "right"), [("attackers +1", True), ("attackers+1", True), ("swap", False), ("defenders +1", False)]
)
def test_count_outcome_answers(answer: str, right: bool) -> None:
    assert check("count-outcome-exactly-120", answer)[0] is right


def test_count_outcome_offers_the_table_rows() -> None:
    puzzle = default_bank().get("count-outcome-classic-cap")
    values = [c.value for c in puzzle.question.choices()]
    assert values[:3] == ["defenders +3", "defenders +2", "defenders +1"] and values[-1] == "attackers +3"


def test_unreadable_answers_say_why() -> None:
    ok, en, zh = check("count-multiplier-pair", "four")
    assert not ok and "not a whole number" in en and "不是整数" in zh
    ok, en, _ = check("sort-one-plain-suit", "CA ZZ")
    assert not ok and "ZZ" in en
    ok, en, _ = check("win-pair-needs-pair", 7)
    assert not ok and "not one of the seats" in en


def test_endgame_grading_and_solution_line() -> None:
    bank = default_bank()
    ok, en, zh = check("endgame-save-the-pair-for-last", "DA")
    assert ok and "165" in en and "165" in zh
    ok, en, _ = check("endgame-save-the-pair-for-last", "HA HA")
    assert not ok and "After ♥A♥A, perfect play holds the attackers to 125" in en
    ok, en, _ = check("endgame-make-them-lead", "HA HQ")
    assert not ok and "West holds ♥K" in en
    line = bank.solution_line("endgame-save-the-pair-for-last")
    assert [trick.winner for trick in line] == [0, 0] and line[-1].kitty_bonus == 80
    assert bank.solution_line("win-pair-needs-pair") == ()


def test_puzzle_as_plain_data_for_front_ends() -> None:
    bank = default_bank()
    data = bank.get("follow-short-suit").to_dict()
    assert data["kind"] == "legal_follow" and data["answer_format"] == "option"
    assert data["title"]["zh"] == "首发花色不够"
    assert data["position"]["hands"] == {"0": "HK C4 C4 S6"}
    assert [c["value"] for c in data["choices"]] == ["A", "B", "C"]
    assert bank.hint("follow-short-suit", "zh") == "你有几张红桃？"
