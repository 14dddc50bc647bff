"""Lesson exercise blocks write their answers, hints, solves and stars to the class store (group = lesson slug).

They run on the trainer's practice session: every answer format, each answer's events written at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from html_tree import parse

from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.classroom.identity import set_current_learner
from shengji_kit.classroom.open import forget_opened_stores, open_store
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, SOLVE, STAR, ClassStoreAPI
from shengji_kit.practice import ClassProgress, TrainerSession
from shengji_kit.puzzles import default_bank
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.loader import DATA_DIR as BANK_DATA_DIR
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.widgets.language import SESSION

from .spooling import written

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
        written(scene.store)  # the new store is created (migrated) in the background
        assert [e.event.correct for e in open_store().events() if e.event.kind == ATTEMPT] == [False, True]
        assert parse(widget.html).find(data_role="notice").attrs["data-kind"] == "ok", "redrawn when the write ended"
    finally:
        SESSION.lang = "en"


def test_the_block_redraws_by_itself_when_the_store_is_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{blocker / 'class.sqlite3'}")
    forget_opened_stores()
    widget = lesson.exercises(SLUG, "is_trump")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    widget.handle({"type": "answer", "answer": truth(scene)})
    written_note = parse(widget.html).find(data_role="notice")
    assert written_note is not None and written_note.attrs["data-kind"] == "error", "the work is kept, and said so"
    blocker.unlink()
    blocker.mkdir()  # the store's folder can be made now: the same store is back
    end = time.monotonic() + 20
    while (note := parse(widget.html).find(data_role="notice")) is not None and note.attrs["data-kind"] != "ok":
        assert time.monotonic() < end, "the note still says the work waits, with no click"
        time.sleep(0.2)
    assert [e.event.kind for e in open_store().events()][:1] == [ATTEMPT]


def endgame_lesson(folder: Path) -> str:
    """A lesson file in ``folder`` whose block ``lead`` holds the bank's first endgame; its slug."""
    bank_file = (BANK_DATA_DIR / "07-endgames.toml").read_text(encoding="utf-8")
    head, first = bank_file.split("[[puzzle]]")[:2]
    (folder / "09_endgames.toml").write_text(f'{head}[[puzzle]]\ngroup = "lead"{first}', encoding="utf-8")
    return "09_endgames"


def test_a_lesson_block_shows_and_answers_an_endgame_play_item(tmp_path: Path) -> None:
    slug = endgame_lesson(tmp_path)
    set_current_learner("ada")
    widget = lesson.exercises(slug, "lead", data_dir=tmp_path)
    item = load_lesson(slug, tmp_path).group("lead")[0]
    assert item.kind == "endgame" and item.question.answer_format == "play"
    answers = parse(widget.html).find(data_role="answers")
    assert answers.attrs["data-format"] == "play" and len(answers.find_all("button", data_index=True)) == 2
    widget.handle({"type": "action", "action": "check", "value": ""})
    assert parse(widget.html).has(data_notice="trainer_need_cards"), "nothing selected: said by the button"
    widget.handle({"type": "click", "index": 0})
    widget.handle({"type": "action", "action": "check", "value": ""})
    assert parse(widget.html).find(data_role="feedback").attrs["data-kind"] == "error", "a single ♦Q loses"
    widget.handle({"type": "click", "index": 1})
    widget.handle({"type": "key", "key": "enter"})
    feedback = parse(widget.html).find(data_role="feedback")
    assert feedback.attrs["data-kind"] == "ok" and item.explanation("en") in feedback.text
    stored = [e.event for e in open_store().events(learner="ada")]
    assert [(e.kind, e.answer, e.correct) for e in stored] == [
        (ATTEMPT, "DQ", False), (ATTEMPT, "DQ DQ", True), (SOLVE, "", None),
    ]
    assert {e.group for e in stored} == {slug}


class CountingStore:
    """A class store that counts how often a learner's events are read."""

    def __init__(self, store: SQLClassStore) -> None:
        self.store, self.reads = store, 0

    def events(self, *args: Any, **kwargs: Any) -> Any:
        self.reads += 1
        return self.store.events(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def test_an_answer_does_not_read_the_learners_history_back(store: SQLClassStore) -> None:
    counting = CountingStore(store)
    opener = cast(Callable[[], ClassStoreAPI], lambda: counting)
    bank = default_bank()
    sets = {p.id: p.set_id for p in bank.puzzles()}
    trainer = TrainerSession(bank, ClassProgress("ada", sets, opener), "01-who-wins")
    items = load_lesson(SLUG).group("is_trump")
    block = GroupExerciseScene(items, ClassProgress("ada", opener=opener, group=SLUG))
    assert counting.reads == 2, "each page reads the learner's progress once, when it opens"
    for session in (trainer, block):
        for value in ("no", "yes", "1", "2"):
            session.answer(value)
        session.hint()
        session.next_puzzle()
        session.answer("yes")
    assert counting.reads == 2, "answers write their events and read nothing back"
    assert len(store.events(learner="ada")) >= 6
