"""Lesson exercise blocks write their answers, hints, solves and stars to the class store (group = lesson slug)."""

from __future__ import annotations

from pathlib import Path

import pytest
from html_tree import parse

from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.classroom.identity import set_current_learner
from shengji_kit.classroom.open import forget_opened_stores, open_store
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, SOLVE, STAR
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.widgets.language import SESSION

SLUG = "01_trump_ranking"


def truth(scene: GroupExerciseScene) -> str:
    card = scene.puzzle.question.shown()[0]
    return "yes" if scene.puzzle.table.trump.is_trump(card) else "no"


def wrong(scene: GroupExerciseScene) -> str:
    return "no" if truth(scene) == "yes" else "yes"


def test_answers_are_events_of_the_current_learner() -> None:
    set_current_learner("ada")
    widget = lesson.exercises(SLUG, "is_trump")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    first, first_wrong = scene.puzzle.id, wrong(scene)
    widget.handle({"type": "answer", "answer": first_wrong})
    widget.handle({"type": "answer", "answer": truth(scene)})
    widget.handle({"type": "action", "action": "next", "value": ""})
    second = scene.puzzle.id
    widget.handle({"type": "answer", "answer": truth(scene)})
    widget.handle({"type": "action", "action": "next", "value": ""})
    third = scene.puzzle.id
    widget.handle({"type": "action", "action": "hint", "value": ""})
    widget.handle({"type": "action", "action": "hint", "value": ""})
    widget.handle({"type": "answer", "answer": truth(scene)})
    stored = [e.event for e in open_store().events(learner="ada")]
    assert [(e.item, e.kind, e.correct) for e in stored] == [
        (first, ATTEMPT, False), (first, ATTEMPT, True), (first, SOLVE, None),
        (second, ATTEMPT, True), (second, SOLVE, None), (second, STAR, None),
        (third, HINT, None), (third, ATTEMPT, True), (third, SOLVE, None),
    ]
    assert {e.group for e in stored} == {SLUG}
    assert stored[0].answer == first_wrong and all(e.seconds is not None for e in stored)


def test_a_store_that_cannot_be_written_is_said_in_the_block_and_nothing_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{blocker / 'class.sqlite3'}")
    SESSION.lang = "zh"
    try:
        widget = lesson.exercises(SLUG, "is_trump")
        scene = widget.scene
        assert isinstance(scene, GroupExerciseScene)
        widget.handle({"type": "answer", "answer": wrong(scene)})
        notice = parse(widget.html).find(data_role="notice")
        assert notice.attrs["data-kind"] == "error" and "班级进度库" in notice.text and "class store" in notice.text
        assert parse(widget.html).find(data_role="feedback").attrs["data-kind"] == "error", "the block goes on"
        monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{tmp_path / 'class.sqlite3'}")
        forget_opened_stores()
        widget.handle({"type": "answer", "answer": truth(scene)})
        assert [e.event.correct for e in open_store().events() if e.event.kind == ATTEMPT] == [False, True]
        assert parse(widget.html).find(data_role="notice").attrs["data-kind"] == "ok"
    finally:
        SESSION.lang = "en"
