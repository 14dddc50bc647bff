"""Strategy positions answered by playing (issue 37): any legal play from the mover's hand is graded by the
exact solver; a tie with the best is right; a costly play is told its cost against the best; an illegal
play is refused with the engine's reason and costs no try."""

from __future__ import annotations

import itertools

import pytest

from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.puzzles.kinds.best_play import BestPlay, _indices, play_value
from shengji_kit.puzzles.lesson_exercises import LESSON_DATA_DIR
from shengji_kit.puzzles.loader import load_file
from shengji_kit.puzzles.model import Puzzle
from shengji_kit.widgets.exercise import GroupExerciseScene


def item(slug: str, puzzle_id: str) -> Puzzle:
    found, problems = load_file(LESSON_DATA_DIR / f"{slug}.toml")
    assert found is not None and not problems
    return next(puzzle for puzzle in found.puzzles if puzzle.id == puzzle_id)


def question(puzzle: Puzzle) -> BestPlay:
    assert isinstance(puzzle.question, BestPlay)
    return puzzle.question


def test_there_is_no_list_to_guess_from() -> None:
    for slug in ("09_leading", "10_partner"):
        found, _ = load_file(LESSON_DATA_DIR / f"{slug}.toml")
        assert found is not None
        for puzzle in found.puzzles:
            assert puzzle.question.choices() == [] and puzzle.question.answer_format == "play"
            assert "Which of these" not in puzzle.prompt("en") and "pick the cards" in puzzle.prompt("en")


def test_a_play_that_ties_the_best_is_right() -> None:
    puzzle = item("09_leading", "l9-long-strong-suit")
    assert [card.code for card in question(puzzle).answer] != ["CK"]
    feedback = puzzle.check("CK")
    assert feedback.correct and not feedback.refused
    assert "It ties" in feedback.verdict("en") and "一样好" in feedback.verdict("zh")


def test_a_foreseen_costly_play_is_told_its_cost_and_why() -> None:
    feedback = item("09_leading", "l9-pair-they-must-break").check("DA")
    assert not feedback.correct and not feedback.refused
    assert "♦A costs your side 20 points" in feedback.verdict("en") and "East's only diamond" in feedback.verdict("en")


def test_a_play_nobody_listed_is_still_graded_by_the_solver() -> None:
    puzzle = item("09_leading", "l9-tractor-they-must-break")
    feedback = puzzle.check("HJ")
    assert not feedback.correct and not feedback.refused
    verdict = feedback.verdict("en")
    assert "costs your side" in verdict and "against the best play" in verdict
    assert "比最佳打法" in feedback.verdict("zh")


def test_every_legal_play_of_every_exact_item_gets_a_verdict_and_only_best_ones_are_right() -> None:
    graded = 0
    for slug in ("09_leading", "10_partner"):
        found, _ = load_file(LESSON_DATA_DIR / f"{slug}.toml")
        assert found is not None
        for puzzle in found.puzzles:
            q = question(puzzle)
            if q.samples:
                continue
            hand = q.hand()
            best = q.best()
            for size in (1, 2):
                for combo in itertools.combinations(hand, size):
                    feedback = puzzle.check(" ".join(card.code for card in combo))
                    if feedback.refused:
                        continue
                    graded += 1
                    shown = q.failed_throw(combo) or combo
                    value = play_value(q.position, q.trick, _indices(shown))
                    ties = value == best
                    assert feedback.correct == ties, (puzzle.id, combo)
    assert graded > 100


@pytest.mark.parametrize(("answer", "code"), [("BJ", "not_in_hand"), ("", "empty_play"), ("XX", "bad_card")])
def test_a_play_the_table_would_refuse_costs_no_try(answer: str, code: str) -> None:
    widget = lesson.exercises("09_leading", "lead_well")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene) and scene.visit is not None
    feedback = scene.visit.puzzle.check(answer) if answer else None
    if feedback is not None:
        assert feedback.refused and feedback.lines[0].code == code
    widget.handle({"type": "answer", "answer": answer})
    assert scene.visit.tries == 0 and scene.asked == 0 and scene.feedback is None
    assert scene.visit.control_notice is not None
    page = scene.render("en")
    assert 'data-notice="trainer_refused"' in page or 'data-notice="fair_pick_first"' in page
    if answer == "BJ":
        assert "The table would not take that play: You do not hold" in page
        assert "这手牌打不出去" in scene.render("zh")


def test_an_illegal_follow_is_refused_with_the_engines_reason() -> None:
    found, _ = load_file(LESSON_DATA_DIR / "10_partner.toml")
    assert found is not None
    refused = 0
    for puzzle in found.puzzles:
        q = question(puzzle)
        if not q.trick:
            continue
        size = len(q.trick[0][1])
        for combo in itertools.combinations(q.hand(), size):
            feedback = puzzle.check(" ".join(card.code for card in combo))
            if feedback.refused:
                refused += 1
                assert feedback.lines[0].code in ("must_follow_suit", "must_play_pair", "must_play_tractor",
                                                  "wrong_count") or feedback.lines[0].code.startswith("must_")
    assert refused > 0


def test_a_lesson_item_answered_by_clicking_cards_in_the_hand() -> None:
    widget = lesson.exercises("09_leading", "lead_well")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene) and scene.visit is not None
    hand = [card.code for card in scene.visit.draft.cards]
    assert sorted(hand) == sorted(["DA", "DA", "S2"])
    for index, code in enumerate(hand):
        if code == "DA":
            widget.handle({"type": "click", "index": index})
    widget.handle({"type": "action", "action": "check"})
    assert scene.feedback is not None and scene.feedback.correct
