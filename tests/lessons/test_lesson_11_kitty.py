"""Lesson 11, the kitty: every endgame is the solver's, each wrong lead says its own cost and why,
the exercise block answers wrong then right, and the bury table compares buries by play-outs."""

from __future__ import annotations

import json
import re

from shengji_kit.apps.lessons import cells, kitty_lesson
from shengji_kit.coach.bury_value import SampledGap
from shengji_kit.engine.cards import Card
from shengji_kit.puzzles.kinds.kitty_endgame import KittyEndgame
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.lesson_list import lesson_entry
from shengji_kit.puzzles.model import Puzzle
from shengji_kit.render.lesson_panels.bury_table import BuryTable
from shengji_kit.solver.position import Position
from shengji_kit.widgets.exercise import GroupExerciseScene

from .lesson_notebooks import LESSONS, notebook_groups, notebook_has_no_outputs


def endgames() -> list[Puzzle]:
    """The lesson's kitty endgames (its other block, ``bury_well``, is burying: tests/puzzles/test_kitty_bury.py)."""
    items = load_lesson("11_kitty").items
    assert {item.kind for item in items} == {"kitty_endgame", "kitty_bury"}
    return [item for item in items if item.kind == "kitty_endgame"]


def test_at_least_fifteen_solver_proven_items_graded_and_in_both_presets() -> None:
    items = endgames()
    assert len(items) >= 15
    assert [item.difficulty for item in items] == sorted(item.difficulty for item in items)
    assert {item.rules for item in items} == {"super_tycoon", "classic"}
    for item in items:
        question = item.question
        assert isinstance(question, KittyEndgame) and not question.verify(), item.id
        assert all(lead.cost > 0 for lead in question.wrong)
        assert len(Position.from_table(item.table).hands[0]) <= 6


def test_each_wrong_lead_has_its_own_reason_and_the_solvers_cost() -> None:
    for item in endgames():
        question = item.question
        assert isinstance(question, KittyEndgame)
        right = item.check(question.key(question.answer))
        assert right.correct
        for lead in question.wrong:
            wrong = item.check(question.key(lead.cards))
            text = wrong.verdict("en")
            assert not wrong.correct and f"{lead.cost} points" in text and lead.why("en") in text
            assert lead.why("zh") in wrong.verdict("zh") and text != right.verdict("en")


def test_every_single_card_lead_is_graded_by_the_solver_not_only_the_named_ones() -> None:
    for item in endgames():
        question = item.question
        assert isinstance(question, KittyEndgame)
        assert item.question.answer_format == "play" and not question.choices()  # no option list to guess from
        for card in set(question.position.hands[question.mover]):
            lead = (card,)
            graded = item.check(question.key(lead))
            cost = question.cost_of(lead)
            assert graded.correct == (cost == 0), (item.id, card)
            if cost:
                assert f"{cost} points" in graded.verdict("en")


def test_the_exercise_block_answers_wrong_then_right() -> None:
    widget = cells.exercises("11_kitty", "guard_the_last_trick")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    first = load_lesson("11_kitty").group("guard_the_last_trick")[0]
    question = first.question
    assert isinstance(question, KittyEndgame)
    page = scene.render("en")
    assert 'data-format="play"' in page and "data-key" not in page  # the hand's cards, no choice buttons
    hand = scene.visit.draft.cards if scene.visit else ()

    def lead(cards: tuple[Card, ...]) -> None:
        for card in cards:  # click each card of the lead in the mover's hand, then "Lead"
            index = next(i for i, held in enumerate(hand) if held == card
                         and scene.visit is not None and i not in scene.visit.draft.selected)
            widget.handle({"type": "click", "card": card.code, "index": index})
        widget.handle({"type": "action", "action": "check", "value": ""})

    widget.handle({"type": "action", "action": "check", "value": ""})  # nothing selected: said, not counted
    assert scene.feedback is None and "Select some cards first." in scene.render("en")
    wrong = question.wrong[0]
    lead(wrong.cards)
    assert scene.feedback is not None and not scene.feedback.correct
    assert f"{wrong.cost} points more than the best lead" in scene.feedback.verdict("en")
    widget.handle({"type": "action", "action": "clear", "value": ""})
    lead(question.answer)
    assert scene.feedback is not None and scene.feedback.correct
    assert "is a best lead" in scene.feedback.verdict("en")
    assert scene.feedback.message("en").count("Best:") == 1  # the truth once, not twice (issue 38, item 19)


def test_the_bury_table_shows_the_evaluation_and_the_sampled_check() -> None:
    table = BuryTable(seed=3, samples=20)
    html = table.render("en")
    assert "The evaluation&#39;s bury" in html and "Over 20 play-outs" in html
    before = table.hand
    table.handle({"type": "action", "action": "deal"})
    assert table.hand != before and "按评分盖的底" in table.render("zh")
    assert isinstance(kitty_lesson.bury_table().scene, BuryTable)


def test_the_first_bury_hand_shows_the_improvement_the_lesson_claims() -> None:
    """Issue 38 item 15: the lesson's first hand is one the play-outs tell apart, and every number and the verdict
    the panel states (in both languages) are the computed ones; the prose's claim (the older bury breaks a
    tractor, the evaluation's does not) holds for it."""
    table = kitty_lesson.bury_table().scene
    assert isinstance(table, BuryTable)
    gap = table.gap
    assert gap.clear and gap.low > 0 and gap.mean >= 5, gap
    assert table.value.total > table.naive_value.total
    assert table.naive_value.tractors >= 1 and table.value.tractors == 0
    assert table.verdict == "better"
    numbers = [f"{gap.mean:.1f}", f"{gap.low:.1f}", f"{gap.high:.1f}", str(gap.samples)]
    for lang, says in (("en", "better beyond doubt"), ("zh", "确实更好")):
        html = table.render(lang)
        assert all(number in html for number in numbers), (lang, numbers)
        assert f"{table.value.total}" in html and f"{table.naive_value.total}" in html
        assert 'data-verdict="better"' in html and says in html


def test_the_bury_verdict_follows_the_interval() -> None:
    table = BuryTable(seed=3, samples=20)
    for low, high, verdict in ((1.0, 9.0, "better"), (-9.0, -1.0, "worse"), (-3.0, 4.0, "close")):
        table.gap = SampledGap(20, (low + high) / 2, low, high)
        assert table.verdict == verdict
        assert f'data-verdict="{verdict}"' in table.render("en") and f'data-verdict="{verdict}"' in table.render("zh")


def test_the_notebook_shows_its_groups_and_is_listed() -> None:
    groups = notebook_groups("11_kitty")
    code = "\n".join("".join(cell["source"]) for cell in json.loads(
        (LESSONS / "11_kitty.ipynb").read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code")
    assert "kitty_lesson.bury_practice()" in code  # the bury_well block, its hands dealt per learner
    assert set(groups) | {kitty_lesson.GROUP} == set(load_lesson("11_kitty").group_names())
    assert notebook_has_no_outputs("11_kitty")
    entry = lesson_entry(11)
    assert entry is not None and entry.exists()
    assert re.search(r"12_counting\.ipynb", cells.links(11).html)
