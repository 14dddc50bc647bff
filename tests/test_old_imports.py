"""Old notebooks keep working: the import paths of lesson views before the apps/ floor (docs/house.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shengji_kit.lessons import OLD_VIEWS


def test_from_shengji_kit_import_lesson_gives_the_lesson_cells() -> None:
    from shengji_kit import lesson
    from shengji_kit.apps.lessons import cells

    assert lesson is cells
    assert callable(lesson.exercises) and callable(lesson.links) and callable(lesson.language_switch)


@pytest.mark.parametrize("old_name", sorted(OLD_VIEWS))
def test_every_old_lesson_view_path_gives_the_new_view(old_name: str) -> None:
    import importlib

    old = getattr(importlib.import_module("shengji_kit.lessons"), old_name)
    new = importlib.import_module(f"shengji_kit.apps.lessons.{OLD_VIEWS[old_name]}")
    assert old is new


def test_an_old_notebook_cell_runs_in_a_fresh_interpreter() -> None:
    cell = (
        "from shengji_kit import lesson\n"
        "from shengji_kit.lessons import trump_ranking\n"
        "panel = trump_ranking.trump_explorer(level='2', suit='S')\n"
        "block = lesson.exercises('01_trump_ranking', 'is_trump')\n"
        "print(type(panel).__name__, 'is_trump' in block.html or len(block.html) > 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", cell], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "True"


def test_an_unknown_old_name_is_a_clear_attribute_error() -> None:
    import shengji_kit.lessons as old

    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        old.nonsense  # noqa: B018
