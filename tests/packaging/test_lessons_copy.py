"""``shengji-kit lessons copy DIR``: copies appear, existing files are never overwritten without --force."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_kit.apps.lessons.copy_notebooks import CopyRefused, copy_lessons
from shengji_kit.cli import main
from shengji_kit.kit_files import JUPYTER_DIR, KitFiles, kit_files
from shengji_kit.words.catalogue import text


def kit_with(tmp_path: Path, *names: str) -> KitFiles:
    """A kit folder holding ``names`` (relative paths), each file's text being its own name."""
    root = tmp_path / "kit"
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name, encoding="utf-8")
    return KitFiles(root, JUPYTER_DIR, installed=True)


def test_cli_copies_every_lesson_and_prints_what_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "mine" / "lessons"
    assert main(["lessons", "copy", str(target)]) == 0
    lessons = kit_files().lesson_notebooks()
    assert lessons
    out = capsys.readouterr().out
    for lesson in lessons:
        assert (target / lesson.name).read_bytes() == lesson.read_bytes()
        assert str(target / lesson.name) in out
    assert f"jupyter lab {target}" in out
    assert text("copy_wrote", "zh", folder=target) in out


def test_cli_refuses_to_overwrite_and_says_so_in_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lesson = kit_files().lesson_notebooks()[0]
    (tmp_path / lesson.name).write_text("my notes", encoding="utf-8")
    assert main(["lessons", "copy", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert lesson.name in captured.err
    assert "Add --force" in captured.err and "加上 --force" in captured.err
    assert (tmp_path / lesson.name).read_text(encoding="utf-8") == "my notes"
    assert not (set(p.name for p in tmp_path.iterdir()) - {lesson.name}), "nothing else written"


def test_cli_force_overwrites(tmp_path: Path) -> None:
    lesson = kit_files().lesson_notebooks()[0]
    (tmp_path / lesson.name).write_text("my notes", encoding="utf-8")
    assert main(["lessons", "copy", str(tmp_path), "--force"]) == 0
    assert (tmp_path / lesson.name).read_bytes() == lesson.read_bytes()


def test_copy_brings_the_rules_reference_when_the_kit_has_one(tmp_path: Path) -> None:
    kit = kit_with(
        tmp_path,
        "lessons/02_b.ipynb",
        "lessons/01_a.ipynb",
        "docs/rules.md",
        "docs/rules.zh.md",
        "docs/decisions.md",
        "notebooks/play.ipynb",
    )
    written = copy_lessons(tmp_path / "out", files=kit)
    assert [path.name for path in written] == [
        "01_a.ipynb",
        "02_b.ipynb",
        "rules.md",
        "rules.zh.md",
    ]
    assert (tmp_path / "out" / "rules.zh.md").read_text(encoding="utf-8") == "docs/rules.zh.md"


def test_copy_refuses_a_file_as_target_and_an_empty_kit(tmp_path: Path) -> None:
    kit = kit_with(tmp_path, "lessons/01_a.ipynb")
    (tmp_path / "taken").write_text("x", encoding="utf-8")
    with pytest.raises(CopyRefused) as refused:
        copy_lessons(tmp_path / "taken", files=kit)
    assert refused.value.code == "copy_not_folder"
    empty = KitFiles(tmp_path / "nowhere", JUPYTER_DIR, installed=True)
    with pytest.raises(CopyRefused) as missing:
        copy_lessons(tmp_path / "out", files=empty)
    assert missing.value.code == "copy_no_lessons"
    assert not (tmp_path / "out").exists()


def test_copy_messages_exist_in_both_languages() -> None:
    codes = ("copy_wrote", "copy_open", "copy_exists", "copy_not_folder", "copy_no_lessons")
    for code in codes:
        assert text(code, "en", folder="F", names="N") != text(code, "zh", folder="F", names="N")
