"""Lesson 12, counting: the card-memory items are the engine's, the exercise block answers wrong then
right, and the memory drill shows the tricks, hides them, then judges the answer from memory."""

from __future__ import annotations

from shengji_kit.apps.lessons import cells, counting_lesson
from shengji_kit.puzzles.kinds.card_memory import CardMemory
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.lesson_list import lesson_entry
from shengji_kit.render.lesson_panels.memory_drill import MemoryDrill
from shengji_kit.widgets.exercise import GroupExerciseScene

from .lesson_notebooks import notebook_groups, notebook_has_no_outputs


def test_at_least_fifteen_items_every_ask_and_both_presets() -> None:
    items = load_lesson("12_counting").items
    assert len(items) >= 15
    assert {item.rules for item in items} == {"super_tycoon", "classic"}
    asks = set()
    for item in items:
        question = item.question
        assert isinstance(question, CardMemory) and not question.verify(), item.id
        asks.add(question.ask)
    assert asks == {"trumps_out", "points_out", "copies_out", "void"}


def test_the_exercise_block_answers_wrong_then_right() -> None:
    widget = cells.exercises("12_counting", "count_what_is_out")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    question = load_lesson("12_counting").group("count_what_is_out")[0].question
    assert isinstance(question, CardMemory)
    assert question.answer_format == "number" and not question.choices()
    page = scene.render("en")
    assert 'data-role="number"' in page and "data-key" not in page  # typed, no buttons to pick from
    widget.handle({"type": "action", "action": "check", "value": "many"})
    assert scene.feedback is None and scene.visit is not None and scene.visit.tries == 0
    assert "Type a whole number first." in scene.render("en") and "请先填一个整数。" in scene.render("zh")
    wrong = str(int(str(question.truth())) + 5)
    widget.handle({"type": "action", "action": "check", "value": wrong})
    assert scene.feedback is not None and not scene.feedback.correct
    assert question.working().render("en") in scene.feedback.verdict("en")
    widget.handle({"type": "action", "action": "check", "value": str(question.truth())})
    assert scene.feedback is not None and scene.feedback.correct


def test_the_drill_shows_hides_and_then_judges_from_memory() -> None:
    drill = MemoryDrill([q for q in (i.question for i in load_lesson("12_counting").group("from_memory"))
                         if isinstance(q, CardMemory)])
    question = drill.question
    shown = drill.render("en")
    assert 'data-hidden="false"' in shown and "Trick 1:" in shown and "data-answer" not in shown
    drill.handle({"type": "answer", "answer": str(question.truth())})
    assert drill.grade is None  # no answering while the tricks are in view
    drill.handle({"type": "action", "action": "hide"})
    hidden = drill.render("en")
    assert 'data-hidden="true"' in hidden and "Trick 1:" not in hidden
    if question.answer_format == "number":  # a count is typed: a bad entry is refused, not counted
        assert 'data-role="number"' in hidden and "data-answer" not in hidden
        drill.handle({"type": "action", "action": "check", "value": "two"})
        assert drill.grade is None and "Type a whole number first." in drill.render("en")
        assert "请先填一个整数。" in drill.render("zh")
        drill.handle({"type": "action", "action": "check", "value": str(int(str(question.truth())) + 1)})
    else:
        assert "data-answer" in hidden
        wrong = next(c.value for c in question.choices() if c.value != str(question.truth()))
        drill.handle({"type": "answer", "answer": wrong})
    assert drill.grade is not None and not drill.grade.correct
    assert "Right from memory: 0 of 1." in drill.render("en")
    drill.handle({"type": "action", "action": "again"})
    assert drill.question is not question and drill.grade is None and not drill.hidden
    for _ in range(len(drill.fixed) + 2):  # past the file's items, fresh ones are dealt
        drill.handle({"type": "action", "action": "again"})
    assert not drill.question.verify() and "凭记忆答对" in drill.render("zh")
    assert isinstance(counting_lesson.memory_drill().scene, MemoryDrill)


def test_the_notebook_shows_its_groups_and_is_listed() -> None:
    assert set(notebook_groups("12_counting")) == set(load_lesson("12_counting").group_names())
    assert notebook_has_no_outputs("12_counting")
    entry = lesson_entry(12)
    assert entry is not None and entry.exists()


def test_each_wrong_choice_says_what_it_missed_beside_the_working() -> None:
    for item in load_lesson("12_counting").items:
        question = item.question
        assert isinstance(question, CardMemory)
        right = item.check(str(question.truth()))
        assert right.correct
        truth = question.truth()
        wrongs = [c.value for c in question.choices()] if question.ask == "void" else [
            str(truth + step) for step in (-1, 1, 5) if isinstance(truth, int) and truth + step >= 0]
        for value in wrongs:
            if value == str(truth):
                continue
            wrong = item.check(value)
            missed = question.wrong_line(value)
            for lang in ("en", "zh"):
                assert not wrong.correct and missed.render(lang) in wrong.verdict(lang)
                assert wrong.verdict(lang) != right.verdict(lang)


def test_shown_tricks_keep_their_lines_and_the_words_agree() -> None:
    """Issue 38, item 20: each shown trick on its own line (the question keeps line breaks), "1 of them
    has", and the drill's trump line starts a sentence."""
    from pathlib import Path

    from shengji_kit.words import text

    css = (Path(__file__).resolve().parents[2] / "shengji_kit/widgets/static/surface.css").read_text(encoding="utf-8")
    assert ".sk-question { font-size: 1.05em; margin: 6px 0; white-space: pre-line; }" in css
    question = next(q for q in (i.question for i in load_lesson("12_counting").items) if isinstance(q, CardMemory))
    if len(question.tricks) > 1:
        assert "\nTrick 2:" in question.prompt("en")
    assert "1 of them has already" in text("count_l_forgot_played", "en", given=5, played=1)
    assert "2 of them have already" in text("count_l_forgot_played", "en", given=5, played=2)
    shown = MemoryDrill([question]).render("en")
    assert '<p data-role="trump">Playing level ' in shown
    assert "about 1 more point " in text("tactic_support_attack", "en", how="So", margin=1, other=[])
