"""The kitty_bury kind (lesson 11's burying): 8 of the dealer's 33 cards, graded by the evaluation against its
proven best; dealt hands from seeds, the written item's stated bury proved by ``puzzles check``."""

from __future__ import annotations

import random

import pytest

from shengji_kit.game.bury_evaluation import KITTY_SIZE, best_bury, bury_value
from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.generated import generate_puzzle, generate_raw
from shengji_kit.puzzles.kinds._bury_search import exact_best_bury
from shengji_kit.puzzles.kinds.bury import best_bury as lesson_seven_bury
from shengji_kit.puzzles.kinds.kitty_bury import KittyBuryQuestion
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.puzzles.model import Puzzle

SLUG, GROUP = "11_kitty", "bury_well"


def codes(cards: object) -> str:
    return " ".join(card.code for card in cards)  # type: ignore[attr-defined]


def first() -> Puzzle:
    return load_lesson(SLUG).group(GROUP)[0]


def question(puzzle: Puzzle) -> KittyBuryQuestion:
    assert isinstance(puzzle.question, KittyBuryQuestion)
    return puzzle.question


def test_the_written_item_is_the_dealer_s_hand_with_the_trump_and_level_stated() -> None:
    puzzle = first()
    asked = question(puzzle)
    assert len(asked.hand) == 33 and max(asked.hand.count(card) for card in asked.hand) <= 2
    assert puzzle.prompt("en").startswith("Level 5, ") and "33 cards" in puzzle.prompt("en")
    assert puzzle.prompt("zh").startswith("打5，")
    assert puzzle.question.answer_format == "cards" and verify_puzzle(puzzle) == []


def test_a_stated_bury_below_the_best_is_reported_by_the_check() -> None:
    raw = generate_raw("kitty_bury", 5)
    dealt = read_puzzle(raw, "generated", "(test)")
    hand, trump = question(dealt).hand, question(dealt).trump
    worse = next(cards for cards in (lesson_seven_bury(hand, trump)[0], hand[:KITTY_SIZE], hand[-KITTY_SIZE:])
                 if bury_value(hand, cards, trump).total < question(dealt).best[1].total)
    found = verify_puzzle(read_puzzle({**raw, "answer": codes(worse)}, "generated", "(test)"))
    assert [problem.field for problem in found] == ["answer"] and "but the best bury scores" in found[0].message
    assert verify_puzzle(dealt) == []


@pytest.mark.parametrize("count", [pytest.param(25, id="25"), pytest.param(200, id="200", marks=pytest.mark.slow)])
def test_seeded_hands_are_distinct_verified_and_every_bury_graded(count: int) -> None:
    """25 hands in make check; all 200 (the same 25 first) in make test."""
    lesson = load_lesson(SLUG)
    rng = random.Random(2026)
    hands = set()
    for _ in range(count):
        puzzle = lesson.deal(GROUP, rng)
        assert puzzle is not None and verify_puzzle(puzzle) == []
        asked = question(puzzle)
        hand, trump = asked.hand, asked.trump
        hands.add((trump, tuple(sorted(card.index for card in hand))))
        best, value = asked.best
        assert value == bury_value(hand, best, trump)
        assert value.total >= best_bury(hand, trump)[1].total  # never below the quicker search
        right = puzzle.check(codes(best))
        assert right.correct and right.lines[0].code == "kittyl_bury_right"
        other = random.Random(len(hands)).sample(list(hand), KITTY_SIZE)
        graded = puzzle.check(codes(other))
        gap = value.total - bury_value(hand, other, trump).total
        assert graded.correct == (gap == 0)
        if gap:
            figures = [line.params["figure"] for line in graded.lines[1:]]
            assert sum(int(f.replace("−", "-")) for f in figures) == -gap  # the parts add up to the gap
    assert len(hands) == count


def test_the_first_hand_teaches_what_lesson_seven_s_score_misses() -> None:
    puzzle = first()
    hand, trump = question(puzzle).hand, question(puzzle).trump
    graded = puzzle.check(codes(lesson_seven_bury(hand, trump)[0]))
    assert not graded.correct
    parts = [line.code for line in graded.lines]
    assert "kittyl_part_tractors" in parts and "kittyl_part_pairs" in parts
    assert exact_best_bury(hand, trump)[1].voids  # the best bury empties a suit


def test_wrong_counts_and_cards_not_held_are_refused_not_graded() -> None:
    puzzle = first()
    hand = question(puzzle).hand
    assert puzzle.check(codes(hand[:7])).refused
    other = question(generate_puzzle("kitty_bury", 3)).hand
    absent = next(card for card in other if card not in hand)
    refused = puzzle.check(" ".join([*(card.code for card in hand[:7]), absent.code]))
    assert refused.refused and refused.lines[0].code == "not_in_hand"
