"""A teacher's lesson file that is there but cannot be read says why (file, line, reason, both languages);
a UTF-8 byte-order mark is fine; a folder holding one lesson keeps the kit's exercises for the others."""

from __future__ import annotations

from pathlib import Path

import pytest
from html_tree import parse

from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.puzzles.lesson_exercises import DATA_ENV, load_lesson
from shengji_kit.puzzles.loader import LESSON_DATA_DIR
from shengji_kit.widgets.exercise import GroupExerciseScene

from .test_exercise_data import BROKEN_ITEM, TEACHER_FILE


def write(folder: Path, data: bytes, name: str = "09_mine") -> Path:
    (folder / f"{name}.toml").write_bytes(data)
    return folder


def notice_text(folder: Path) -> str:
    found = parse(lesson.exercises("09_mine", "mine", data_dir=folder).html).find(data_role="notice")
    assert found is not None
    return str(found.text)


def test_a_file_saved_with_a_utf8_byte_order_mark_loads(tmp_path: Path) -> None:
    folder = write(tmp_path, b"\xef\xbb\xbf" + TEACHER_FILE.encode("utf-8"))
    assert [item.id for item in load_lesson("09_mine", folder).items] == ["my-joker"]
    widget = lesson.exercises("09_mine", "mine", data_dir=folder)
    assert isinstance(widget.scene, GroupExerciseScene) and widget.scene.puzzle.id == "my-joker"


@pytest.mark.parametrize(
    ("data", "english", "chinese"),
    [
        (TEACHER_FILE.encode("utf-16"), "saved as UTF-16", "UTF-16 编码"),
        (b"", "the file is empty", "文件是空的"),
        (b"  \n\n", "the file is empty", "文件是空的"),
        (TEACHER_FILE[: TEACHER_FILE.index("The little") + 5].encode("utf-8"), "cut short", "截断"),
        (TEACHER_FILE.replace('"is_trump"', "is_trump").encode("utf-8"), "line 9, column 8", "第 9 行第 8 列"),
        (b"\x80\x81 = 1", "not UTF-8", "不是 UTF-8"),
        (b"a = " + b"[" * 5000 + b"]" * 5000, "nested more than", "嵌套"),
        (b"a = " + b"9" * 5000, "digits", "位"),
    ],
    ids=["utf16", "empty", "blank", "cut", "syntax", "bad-bytes", "deep", "huge-number"],
)
def test_an_unreadable_file_says_what_is_wrong_in_both_languages(
    tmp_path: Path, data: bytes, english: str, chinese: str
) -> None:
    shown = notice_text(write(tmp_path, data))
    assert "09_mine.toml" in shown and english in shown and chinese in shown
    assert "There is no exercise file" not in shown and "找不到" not in shown
    [problem] = load_lesson("09_mine", tmp_path).problems
    assert problem.puzzle_id is None and problem.field == "toml" and english in problem.message


def test_a_syntax_error_names_its_line(tmp_path: Path) -> None:
    bad = TEACHER_FILE.replace('difficulty = 1', 'difficulty = = 1')
    [problem] = load_lesson("09_mine", write(tmp_path, bad.encode("utf-8"))).problems
    assert problem.line == bad.splitlines().index("difficulty = = 1") + 1
    assert problem.reason is not None and f"第 {problem.line} 行" in problem.text("zh")


def test_a_folder_with_one_lesson_keeps_the_kits_other_lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = write(tmp_path, TEACHER_FILE.encode("utf-8"))
    monkeypatch.setenv(DATA_ENV, str(folder))
    shipped = sorted(LESSON_DATA_DIR.glob("02_*.toml"))[0].stem
    kept = load_lesson(shipped)
    assert kept.items and kept.problems == ()
    assert [item.id for item in kept.items] == [item.id for item in load_lesson(shipped, LESSON_DATA_DIR).items]
    group = kept.group_names()[0]
    assert isinstance(lesson.exercises(shipped, group).scene, GroupExerciseScene)
    assert [item.id for item in load_lesson("09_mine").items] == ["my-joker"]


def test_a_teacher_file_wins_over_the_shipped_one_of_the_same_lesson(tmp_path: Path) -> None:
    shipped = sorted(LESSON_DATA_DIR.glob("02_*.toml"))[0].stem
    write(tmp_path, TEACHER_FILE.encode("utf-8"), shipped)
    assert [item.id for item in load_lesson(shipped, tmp_path).items] == ["my-joker"]


def test_a_block_whose_every_item_is_broken_lists_them_in_both_languages(tmp_path: Path) -> None:
    only_broken = TEACHER_FILE.split("[[puzzle]]")[0] + BROKEN_ITEM
    widget = lesson.exercises("09_mine", "mine", data_dir=write(tmp_path, only_broken.encode("utf-8")))
    shown = parse(widget.html).find_all(data_role="problems")
    assert len(shown) == 2 and all("my-broken" in part.text and "cards" in part.text for part in shown)
    assert "读不出来" in shown[1].text and "no exercises" not in widget.html
