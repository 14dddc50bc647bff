"""A learner may run any lesson cell first: each code cell runs on its own, and a failure is a message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from html_tree import parse

from shengji_kit.apps.lessons import cells as lesson

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "lessons").glob("[0-9][0-9]_*.ipynb"))
CELLS = [
    pytest.param("".join(cell["source"]), id=f"{path.stem}-{number}")
    for path in NOTEBOOKS
    for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"])
    if cell["cell_type"] == "code"
]


@pytest.mark.slow  # every lesson cell run alone: make test runs it, make check does not
@pytest.mark.parametrize("source", CELLS)
def test_every_code_cell_runs_alone_in_a_fresh_namespace(source: str) -> None:
    exec(compile(source, "<cell>", "exec"), {})  # the notebook's own cell, as Jupyter runs it


def test_lesson_two_and_its_exercise_cells_exist() -> None:
    assert "02_tractors" in [path.stem for path in NOTEBOOKS]
    assert sum('cells.exercises("02_tractors"' in source.values[0] for source in CELLS) == 4


def test_a_failing_cell_shows_a_bilingual_message_not_a_traceback() -> None:
    def broken() -> object:
        raise KeyError("no such thing")

    widget = lesson.safely(broken)
    notice = parse(widget.html).find(data_role="notice")
    assert "Run All Cells" in notice.text and "从头运行" in notice.text and "no such thing" in notice.text
