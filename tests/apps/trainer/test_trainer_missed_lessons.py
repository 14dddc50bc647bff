"""Lesson exercises in the trainer's "what you missed", against a real SQLite class store: a wrong first attempt in a
lesson block is listed under its lesson's title (en and zh) and replays in the trainer without being rated or
changing the lesson's record; a right first attempt, or one outside the period, is not listed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from html_tree import parse
from widgets.class_env import class_store  # noqa: F401  # fixture, by name

from shengji_kit.apps.trainer.trainer_app import TrainerApp, trainer_app
from shengji_kit.classroom.identity import set_current_learner
from shengji_kit.classroom.store_protocol import ClassStoreAPI
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.practice.keepers import lesson_keeper
from shengji_kit.puzzles import Bank
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.widgets.language import SESSION

SLUG, GROUP = "01_trump_ranking", "is_trump"
WRONG_FIRST, RIGHT_FIRST = "l1-trump-suit-card", "l1-side-level-card"  # both "yes"


def lesson_block() -> GroupExerciseScene:
    """The lesson's "is it a trump?" block, kept as a lesson cell keeps it (``lesson_keeper``)."""
    return GroupExerciseScene(load_lesson(SLUG).group(GROUP), lesson_keeper(SLUG))


def flushed(block: GroupExerciseScene) -> None:
    keeper = block.store
    assert isinstance(keeper, ClassProgress)
    keeper.recorder.flush()


@pytest.fixture
def ada_did_the_block(class_store: ClassStoreAPI) -> Iterator[GroupExerciseScene]:  # noqa: F811
    """Ada answers the first item wrong ("no"), then right; the second right at once."""
    set_current_learner("ada")
    block = lesson_block()
    assert block.puzzle is not None and block.puzzle.id == WRONG_FIRST
    assert not block.answer("no").correct and block.answer("yes").correct
    block.next_puzzle()
    assert block.puzzle.id == RIGHT_FIRST and block.answer("yes").correct
    flushed(block)
    yield block


def open_trainer(bank: Bank, days_later: float = 0) -> TrainerApp:
    app = trainer_app("ada", bank=bank)
    later = datetime.now(UTC) + timedelta(days=days_later)
    app.session.clock = lambda: later
    app.redraw()
    return app


def press(app: TrainerApp, action: str, value: str = "") -> None:
    app.handle({"type": "action", "action": action, "value": value})


def listed_items(app: TrainerApp) -> list[str]:
    tree = parse(app.html)
    if tree.has(data_role="missed-none"):
        return []
    return [li.attrs["data-item"] for li in tree.find(data_role="missed-list").find_all("li")]


def test_a_wrong_first_attempt_in_a_lesson_is_listed_under_the_lesson_and_replays_unrated(
    ada_did_the_block: GroupExerciseScene, bank: Bank, class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    keeper = ada_did_the_block.store
    assert isinstance(keeper, ClassProgress)
    stored = keeper.recorder.class_name
    events_before = [e.event for e in class_store.events(stored, learner="ada")]
    assert {(e.item, e.group, e.correct) for e in events_before if e.kind == "attempt"} == {
        (WRONG_FIRST, SLUG, False), (WRONG_FIRST, SLUG, True), (RIGHT_FIRST, SLUG, True)}
    app = open_trainer(bank)
    try:
        press(app, "missed", "7")
        assert listed_items(app) == [WRONG_FIRST], "the right first attempt is not listed"
        item = parse(app.html).find(data_role="missed-list").find("li")
        assert item.attrs["data-lesson"] == SLUG and item.attrs["data-set"] == SLUG
        title = load_lesson(SLUG).group(GROUP)[0].title
        assert item.text == f"Replay: {title('en')} Trumps and their ranking · today solved since"
        SESSION.lang = "zh"
        item = parse(app.html).find(data_role="missed-list").find("li")
        assert item.text == f"重做：{title('zh')} 主牌和大小 · 今天 之后已解出"
        SESSION.lang = "en"

        games = len(app.session.ratings.games)
        press(app, "replay", WRONG_FIRST)
        tree = parse(app.html)
        assert tree.find(data_role="puzzle").attrs["data-puzzle"] == WRONG_FIRST
        record = tree.find(data_role="record")
        assert record.attrs["data-lesson"] == SLUG
        assert record.text.startswith("Trumps and their ranking: a lesson exercise, replayed for practice.")
        assert not tree.find(data_role="strip").find_all("button"), "a lesson exercise has no set to strip"
        app.handle({"type": "answer", "answer": "no"})
        app.handle({"type": "action", "action": "hint", "value": ""})
        app.handle({"type": "answer", "answer": "yes"})
        tree = parse(app.html)
        assert tree.find(data_role="feedback").attrs["data-kind"] == "ok"
        assert not tree.has(data_role="rating-moved") and len(app.session.ratings.games) == games, "not rated"
        SESSION.lang = "zh"
        assert parse(app.html).find(data_role="record").text.startswith("主牌和大小：课上的练习")
        SESSION.lang = "en"
    finally:
        app.close()
    assert [e.event for e in class_store.events(stored, learner="ada")] == events_before, "nothing written"
    again = lesson_block()
    again.reload()
    assert (again.right, again.asked) == (ada_did_the_block.right, ada_did_the_block.asked) == (1, 2)
    assert again.progress.get(WRONG_FIRST) == ada_did_the_block.progress.get(WRONG_FIRST)


def test_a_lesson_miss_outside_the_period_is_not_listed(ada_did_the_block: GroupExerciseScene, bank: Bank) -> None:
    app = open_trainer(bank, days_later=8)
    try:
        press(app, "missed", "7")
        assert listed_items(app) == []
        press(app, "missed", "30")
        assert listed_items(app) == [WRONG_FIRST]
    finally:
        app.close()
    app = open_trainer(bank, days_later=31)
    try:
        press(app, "missed", "30")
        assert listed_items(app) == []
    finally:
        app.close()
