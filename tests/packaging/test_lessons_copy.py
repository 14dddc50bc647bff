"""``shengji-kit lessons copy DIR``: copies appear, existing files are never overwritten without --force,
and the copies' links to the rules reference point at the copy beside them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from shengji_kit.apps.lessons.copy_notebooks import CopyRefused, copied_links, copy_lessons
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
        # the same notebook, but for its rules links, which point at the rules copied beside it
        assert (target / lesson.name).read_text(encoding="utf-8") == copied_links(lesson.read_text(encoding="utf-8"))
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
    assert (tmp_path / lesson.name).read_text(encoding="utf-8") == copied_links(lesson.read_text(encoding="utf-8"))


# a relative link target in a notebook's markdown: ](target) or href="target"
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")


def markdown_links(notebook: Path) -> list[str]:
    """Every relative link target in the markdown cells of ``notebook`` (web addresses and anchors aside)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            found += [a or b for a, b in LINK_TARGET.findall(source)]
    return [link for link in found if not link.startswith(("#", "http://", "https://", "mailto:"))]


def test_every_link_of_a_copied_lesson_opens_a_file_of_the_copy(tmp_path: Path) -> None:
    """In the copied folder, lesson 2's link to the rules (``../docs/rules.md`` in the kit) opens the copied
    rules.md, with its section anchor; no markdown link of any copied lesson points outside the folder."""
    written = copy_lessons(tmp_path / "copy")
    lessons = [path for path in written if path.suffix == ".ipynb"]
    tractors = next(path for path in lessons if path.name.startswith("02_"))
    assert any(link.split("#")[0] == "rules.md" for link in markdown_links(tractors)), markdown_links(tractors)
    for lesson in lessons:
        for link in markdown_links(lesson):
            path, _, anchor = link.partition("#")
            opened = (lesson.parent / path.split("?")[0]).resolve()
            assert opened.is_file() and opened.parent == lesson.parent.resolve(), (lesson.name, link)
            if anchor:
                assert f'id="{anchor}"' in opened.read_text(encoding="utf-8"), (lesson.name, link)
        json.loads(lesson.read_text(encoding="utf-8"))  # still a notebook


def test_copied_links_point_every_form_of_the_rules_link_at_the_local_copy() -> None:
    """The doc (../docs/rules.md, rules.zh.md) and the rules page app (../notebooks/rules.ipynb[?lang=zh]),
    in Markdown and in HTML (as JSON writes it), keep their section; other links stay as they are."""
    cases = {
        "[§2–3](../docs/rules.md).": "[§2–3](rules.md).",
        "[§2](../docs/rules.zh.md#s2)": "[§2](rules.zh.md#s2)",
        "[§3](../notebooks/rules.ipynb#s3)": "[§3](rules.md#s3)",
        "[§3](../notebooks/rules.ipynb?lang=zh#s3)": "[§3](rules.zh.md#s3)",
        '<a href=\\"../docs/rules.md#s4\\">': '<a href=\\"rules.md#s4\\">',
        "[next](03_following.ipynb)": "[next](03_following.ipynb)",
        "Go back to the [landing page](../notebooks/index.ipynb).": "Go back to the landing page.",
    }
    for before, after in cases.items():
        assert copied_links(before) == after


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
