"""Lesson exercises as data: a teacher's own file shows up, a broken item is reported, answers use the engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.puzzles import check_paths
from shengji_kit.puzzles.lesson_exercises import DATA_ENV, lesson_files, load_lesson
from shengji_kit.puzzles.loader import LESSON_DATA_DIR
from shengji_kit.widgets.exercise import GroupExerciseScene

TEACHER_FILE = '''
[set]
title = { en = "My lesson", zh = "我的课" }
description = { en = "A teacher's own exercises.", zh = "老师自己的练习。" }

[[puzzle]]
id = "my-joker"
group = "mine"
kind = "is_trump"
difficulty = 1
card = "LJ"
answer = true
title = { en = "The little joker", zh = "小王" }
hint = { en = "Jokers are always trumps.", zh = "王总是主牌。" }
explanation = { en = "TEACHER-EXPLANATION", zh = "老师的解释" }
question = { en = "Is the little joker a trump here?", zh = "这里小王是主牌吗？" }
[puzzle.position]
rules = "classic"
level = "9"
trump = "D"
'''

BROKEN_ITEM = '''
[[puzzle]]
id = "my-broken"
group = "mine"
kind = "is_tractor"
difficulty = 1
cards = "S3 S3 S4 XX"
answer = true
title = { en = "Broken", zh = "坏的" }
hint = { en = "-", zh = "-" }
explanation = { en = "-", zh = "-" }
[puzzle.position]
rules = "classic"
level = "9"
trump = "D"
'''


def teacher_folder(tmp_path: Path, broken: bool = False) -> Path:
    (tmp_path / "09_mine.toml").write_text(TEACHER_FILE + (BROKEN_ITEM if broken else ""), encoding="utf-8")
    return tmp_path


def test_a_teacher_file_in_an_override_folder_shows_its_exercise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(teacher_folder(tmp_path)))
    widget = lesson.exercises("09_mine", "mine")
    html = parse(widget.html)
    assert "Is the little joker a trump here?" in html.find(data_role="question").text
    assert "level 9" in html.find(data_role="question").text.lower()
    assert [b.attrs["data-answer"] for b in html.find_all("button", data_answer=True)] == ["yes", "no"]
    widget.handle({"type": "answer", "answer": "yes"})
    feedback = parse(widget.html).find(data_role="feedback")
    assert feedback.attrs["data-kind"] == "ok" and "TEACHER-EXPLANATION" in feedback.text


def test_a_data_dir_argument_wins_over_the_shipped_folder(tmp_path: Path) -> None:
    widget = lesson.exercises("09_mine", "mine", data_dir=teacher_folder(tmp_path))
    assert isinstance(widget.scene, GroupExerciseScene) and widget.scene.puzzle.id == "my-joker"


def test_a_broken_item_is_reported_with_file_id_and_field_and_the_others_load(tmp_path: Path) -> None:
    folder = teacher_folder(tmp_path, broken=True)
    loaded = load_lesson("09_mine", folder)
    assert [item.id for item in loaded.items] == ["my-joker"]
    [problem] = loaded.problems
    assert (problem.puzzle_id, problem.field) == ("my-broken", "cards") and problem.file.endswith("09_mine.toml")
    widget = lesson.exercises("09_mine", "mine", data_dir=folder)
    problems = parse(widget.html).find(data_role="problems")
    assert "my-broken" in problems.text and "cards" in problems.text and "09_mine.toml" in problems.text
    widget.handle({"type": "action", "action": "lang"})
    assert "读不出来" in parse(widget.html).find(data_role="problems").text
    assert parse(widget.html).find(data_role="question") is not None


def test_a_missing_lesson_or_group_is_a_message_in_both_languages(tmp_path: Path) -> None:
    missing = parse(lesson.exercises("42_nothing", "any", data_dir=tmp_path).html).find(data_role="notice")
    assert "42_nothing" in missing.text and "找不到" in missing.text
    unknown = parse(lesson.exercises("02_tractors", "no_such_group").html).find(data_role="notice")
    assert "no_such_group" in unknown.text and "没有" in unknown.text


def test_every_shipped_lesson_item_checks_out_with_the_engine() -> None:
    report = check_paths([LESSON_DATA_DIR])
    assert report.problems == () and report.puzzles >= 12
    assert [path.name for path in lesson_files()][:1] == ["01_trump_ranking.toml"] or lesson_files()
    for path in lesson_files():
        loaded = load_lesson(path.stem)
        assert loaded.problems == () and all(item.group for item in loaded.items)


def test_lesson_two_has_its_four_blocks_with_enough_items() -> None:
    loaded = load_lesson("02_tractors")
    assert loaded.group_names() == ["spot_the_tractor", "is_tractor", "longest_tractor", "build_tractor"]
    assert len(loaded.items) >= 12


def test_picking_cards_answers_a_tractor_item_right_and_wrong() -> None:
    widget = lesson.exercises("02_tractors", "longest_tractor")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    hand = list(scene.puzzle.table.hands[0])
    trump = scene.puzzle.table.trump
    for index in (hand.index(sk.parse_cards("CK")[0]), len(hand) - 1):
        widget.handle({"type": "click", "index": index})
    widget.handle({"type": "action", "action": "check"})
    assert scene.feedback is not None and not scene.feedback.correct
    widget.handle({"type": "action", "action": "clear"})
    longest = max((c for c in sk.shape(hand[:6], trump).components), key=lambda c: c.pairs)
    for index in range(6):
        widget.handle({"type": "click", "index": index})
    widget.handle({"type": "action", "action": "check"})
    assert scene.feedback.correct and longest.pairs == 3
    assert (scene.right, scene.asked) == (0, 1)


def test_card_groups_are_made_and_checked() -> None:
    widget = lesson.exercises("02_tractors", "spot_the_tractor")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    for index in range(4):
        widget.handle({"type": "click", "index": index})
    widget.handle({"type": "action", "action": "group"})
    assert len(parse(widget.html).find_all(data_role="group")) == 1
    widget.handle({"type": "action", "action": "check"})
    assert scene.feedback is not None and scene.feedback.correct


def test_after_the_fixed_items_a_generator_deals_more() -> None:
    widget = lesson.exercises("01_trump_ranking", "is_trump", seed=3)
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    for _ in scene.items:
        widget.handle({"type": "action", "action": "next"})
    assert scene.dealt and scene.puzzle.kind == "is_trump"
    card = scene.puzzle.question.shown()[0]
    truth = "yes" if scene.puzzle.table.trump.is_trump(card) else "no"
    widget.handle({"type": "answer", "answer": truth})
    assert scene.feedback is not None and scene.feedback.correct
    assert parse(widget.html).find(data_role="where").text
