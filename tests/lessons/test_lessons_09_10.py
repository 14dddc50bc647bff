"""Lessons 9 and 10: the solver-proven exercises answered wrong then right, and the narrated deals played."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.apps.lessons import leading_lesson, partner_lesson
from shengji_kit.puzzles.check import check_paths
from shengji_kit.puzzles.lesson_exercises import LESSON_DATA_DIR, load_lesson
from shengji_kit.puzzles.lesson_list import lesson_entry
from shengji_kit.render.lesson_panels.narrated_deal import NarratedDeal
from shengji_kit.widgets.exercise import GroupExerciseScene


@pytest.mark.parametrize("slug", ["09_leading", "10_partner"])
def test_every_exercise_is_proven_by_the_solver(slug: str) -> None:
    report = check_paths([LESSON_DATA_DIR / f"{slug}.toml"])
    assert report.ok, report.problems
    assert report.by_kind == {"best_play": report.puzzles} and report.puzzles >= 15


def test_a_leading_exercise_answered_wrong_then_right() -> None:
    widget = lesson.exercises("09_leading", "lead_well")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    widget.handle({"type": "answer", "answer": "DA"})
    assert scene.feedback is not None and not scene.feedback.correct
    verdict = scene.feedback.verdict("en")
    assert "♦A costs your side 20 points" in verdict and "East's only diamond" in verdict
    assert "让你方少了20分" in scene.feedback.verdict("zh")
    widget.handle({"type": "answer", "answer": "DA DA"})
    assert scene.feedback is not None and scene.feedback.correct
    assert "♦A♦A is the best play" in scene.feedback.verdict("en")


def test_a_partner_exercise_answered_wrong_then_right() -> None:
    widget = lesson.exercises("10_partner", "with_partner")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    widget.handle({"type": "answer", "answer": "SQ"})
    assert scene.feedback is not None and not scene.feedback.correct
    assert "costs your side 10 points" in scene.feedback.verdict("en")
    widget.handle({"type": "answer", "answer": "S10"})
    assert scene.feedback is not None and scene.feedback.correct


def test_the_leading_deal_prices_a_wrong_lead_and_narrates_each_trick() -> None:
    widget = leading_lesson.narrated_deal()
    deal = widget.scene
    assert isinstance(deal, NarratedDeal)
    widget.handle({"type": "action", "action": "play", "value": "SA SA"})
    assert deal.decisions[0].cost == 30 and [c.code for c in deal.decisions[0].best] == ["S2"]
    said = "best was ♠2. Your play cost your side 30 points: with best play from here the attackers end with 145"
    assert said in deal.render("en")
    widget.handle({"type": "action", "action": "restart"})
    for value in ("S2", "H7", "HA", "C8", "H6", "CA", "C7", "SA SA"):  # the best line, eight tricks
        widget.handle({"type": "action", "action": "play", "value": value})
    assert all(d.cost == 0 for d in deal.decisions) and len(deal.decisions) == 8 and len(deal.done) == 8
    page = deal.render("en")
    assert "the attackers end with 175 points" in page and "count four times (60)" in page
    assert "draws trumps" in page and "吊主" in deal.render("zh")
    assert "扣底" in deal.render("zh")


def test_the_partner_deal_starts_with_the_learners_lead() -> None:
    deal = partner_lesson.narrated_deal().scene
    assert isinstance(deal, NarratedDeal)
    assert deal.seat_to_play == 0 and not deal.trick and not deal.done  # South leads the first trick
    deal.handle({"type": "action", "action": "play", "value": "C10"})
    assert deal.decisions[0].cost == 15 and [c.code for c in deal.decisions[0].best] == ["D7"]
    deal.handle({"type": "action", "action": "restart"})
    for value in ("D7", "C10", "C6", "S10", "LJ", "S4", "HK", "H3"):  # the best line, eight tricks
        deal.handle({"type": "action", "action": "play", "value": value})
    assert all(d.cost == 0 for d in deal.decisions) and len(deal.done) == 8
    assert "the attackers end with 95 points" in deal.render("en") and "送分" in deal.render("zh")


def test_lessons_9_and_10_follow_lesson_8_in_the_list() -> None:
    nine, ten = lesson_entry(9), lesson_entry(10)
    assert nine is not None and ten is not None and nine.exists() and ten.exists()
    assert "09_leading.ipynb" in lesson.links(8).html and "10_partner.ipynb" in lesson.links(9).html


def test_a_sampled_item_states_its_margin_and_an_unclear_one_is_refused(tmp_path: Path) -> None:
    item = next(i for i in load_lesson("09_leading").items if i.id == "l9-sampled-draw-with-the-joker")
    wrong = item.check("CA")
    assert not wrong.correct
    verdict = wrong.verdict("en")
    said = ("Over all 1680 ways the cards still out can lie, each solved exactly, "
            "Big Joker gains on average 11.46 points")
    assert said in verdict
    assert "1680种分法" in wrong.verdict("zh") and "11.46" in wrong.verdict("zh")
    assert item.check("BJ").correct
    unclear = SAMPLED.replace('answer = "BJ"', 'answer = "CA"').replace(
        'play = "BJ"\n[[puzzle.option]]\nplay = "CA"', 'play = "CA"\n[[puzzle.option]]\nplay = "CK"'
    )  # ♣A gains only 0.22 points over ♣K on average: no clear margin
    path = tmp_path / "09_unclear.toml"
    path.write_text(unclear, encoding="utf-8")
    problems = check_paths([path]).problems
    assert [p.field for p in problems] == ["option.1"] and "margin is not clear" in problems[0].message


SAMPLED = (LESSON_DATA_DIR / "09_leading.toml").read_text(encoding="utf-8").split("\n[[puzzle]]\n")[0] + next(
    "\n[[puzzle]]\n" + block
    for block in (LESSON_DATA_DIR / "09_leading.toml").read_text(encoding="utf-8").split("\n[[puzzle]]\n")
    if 'id = "l9-sampled-draw-with-the-joker"' in block
)
