"""Lesson 11's burying practice: the lesson's ``bury_well`` block (kind kitty_bury). The learner clicks 8 of the
dealer's 33 cards; every bury is graded by the evaluation against its proven best, and "more like this" deals
other hands without end through the lesson file's block, per learner. (The kind itself: tests/puzzles/
test_kitty_bury.py; the class service judging a dealt hand: tests/classroom/test_service_judging.py.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shengji_kit.apps.lessons import kitty_lesson
from shengji_kit.practice.event_log import ProgressStore
from shengji_kit.puzzles.lesson_exercises import learner_seed, load_lesson, parse_dealt_id
from shengji_kit.widgets.exercise import GroupExerciseScene

SLUG, GROUP = kitty_lesson.SLUG, kitty_lesson.GROUP


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress and the class store go to a fresh folder, never the real home."""
    monkeypatch.setenv("SHENGJI_KIT_DATA_DIR", str(tmp_path / "data"))


def test_the_block_is_answered_by_clicking_cards_then_deals_more_without_end() -> None:
    lesson = load_lesson(SLUG)
    store = ProgressStore.for_learner("ada")
    scene = GroupExerciseScene(lesson.group(GROUP), store, (), lambda rng, unguessable=False: lesson.deal(
        GROUP, rng, unguessable), learner_seed("ada", SLUG, GROUP))
    visit = scene.visit
    assert visit is not None
    best = visit.puzzle.question.best[0]  # type: ignore[attr-defined]
    cards = list(visit.draft.cards)
    chosen: list[int] = []
    for card in best:  # click the best bury's cards, one copy each
        chosen.append(next(i for i, held in enumerate(cards) if held == card and i not in chosen))
    for index in chosen[:-1]:
        scene.handle({"type": "click", "index": index, "card": cards[index].code})
    scene.handle({"type": "action", "action": "check"})
    assert scene.feedback is None and visit.control_notice is not None  # 7 cards: pick 8 first, no try counted
    scene.handle({"type": "click", "index": chosen[-1], "card": cards[chosen[-1]].code})
    scene.handle({"type": "action", "action": "check"})
    assert scene.feedback is not None and scene.feedback.correct
    html = scene.render("en")
    assert "as much as the best bury can" in html and 'data-kind="ok"' in html
    assert "和最好的盖法" in scene.render("zh")
    seen = {visit.puzzle.id}
    for _ in range(3):
        scene.handle({"type": "action", "action": "next"})
        assert scene.dealt and scene.visit is not None and scene.visit.puzzle.id not in seen
        assert scene.visit.puzzle.kind == "kitty_bury"
        parts = parse_dealt_id(scene.visit.puzzle.id)
        assert parts is not None and parts[:2] == (SLUG, GROUP)  # the id deals it again
        assert lesson.deal_seeded(GROUP, parts[2]) == scene.visit.puzzle
        seen.add(scene.visit.puzzle.id)


def test_each_learner_gets_their_own_run_of_hands_the_same_after_a_reload() -> None:
    lesson = load_lesson(SLUG)
    ada, bo = learner_seed("ada", SLUG, GROUP), learner_seed("bo", SLUG, GROUP)
    assert ada == learner_seed("ada", SLUG, GROUP) != bo
    first = lesson.deal(GROUP, random.Random(ada))
    again = lesson.deal(GROUP, random.Random(ada))
    other = lesson.deal(GROUP, random.Random(bo))
    assert first is not None and again is not None and other is not None
    assert first.id == again.id != other.id


def test_the_lesson_cell_builds_the_block_from_the_lesson_file(monkeypatch: pytest.MonkeyPatch) -> None:
    block = kitty_lesson.bury_practice(seed=4)
    scene = block.scene
    assert isinstance(scene, GroupExerciseScene)
    assert scene.visit is not None and scene.visit.puzzle.id == "l11-bury-keep-the-tractor"
    monkeypatch.setattr("shengji_kit.classroom.identity._current", "ada")  # the kernel's learner
    own = kitty_lesson.bury_practice().scene
    assert isinstance(own, GroupExerciseScene)
    own.handle({"type": "action", "action": "next"})
    expected = load_lesson(SLUG).deal(GROUP, random.Random(learner_seed("ada", SLUG, GROUP)))
    assert own.visit is not None and expected is not None and own.visit.puzzle.id == expected.id
