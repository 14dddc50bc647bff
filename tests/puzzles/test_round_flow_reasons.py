"""Lesson 0's "how many points do the attackers add?": a wrong answer is told the reason that fits it
(issue 38, item 14): more than the trick holds is not "you counted only the attackers' cards"."""

from __future__ import annotations

from shengji_kit.puzzles.generated import generate_puzzle
from shengji_kit.puzzles.kinds.round_flow import RoundFlowQuestion
from shengji_kit.render.lesson_panels.round_stepper import RoundStepper
from shengji_kit.render.lesson_panels.round_story import recorded_story


def points_items(count: int) -> list[RoundFlowQuestion]:
    found: list[RoundFlowQuestion] = []
    for seed in range(2000):
        question = generate_puzzle("round_flow", seed).question
        assert isinstance(question, RoundFlowQuestion)
        if question.ask == "points_for" and question.table.is_attacker(question.winner()) and question.trick_points():
            found.append(question)
            if len(found) == count:
                break
    return found


def test_a_count_above_the_trick_is_told_what_the_trick_holds() -> None:
    items = points_items(10)
    assert items
    for question in items:
        held = question.trick_points()
        too_many = question.why_not(held + 10)
        assert too_many.code == "l00_flow_points_too_many"
        assert f"only {held} points" in too_many.render("en") and f"{held} 分" in too_many.render("zh")
        if held >= 10:
            assert question.why_not(held - 5).code == "l00_flow_points_counted"


def test_a_trick_without_points_is_not_said_to_give_its_points() -> None:
    stepper = RoundStepper(recorded_story())
    pages = [stepper.render("en")]
    for _ in range(80):
        stepper.handle({"type": "action", "action": "next"})
        pages.append(stepper.render("en"))
    assert not any("its 0 points" in page for page in pages)
    assert sum("holds no points" in page for page in pages) >= 1  # the recorded round has such tricks
