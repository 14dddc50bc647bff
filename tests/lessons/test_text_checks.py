"""Checks that the lessons' texts say what the game and the lessons say (issue 20, "Texts that are right")."""

from __future__ import annotations

import json
import re

from tests.lessons.lesson_notebooks import LESSONS, notebook_has_no_outputs


def markdown(slug: str) -> str:
    """The markdown cells of ``lessons/<slug>.ipynb``, joined."""
    cells = json.loads((LESSONS / f"{slug}.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def test_lesson_7_states_the_bury_advice_one_way() -> None:
    """Every English mention of points you cannot protect says never to bury them (the summary once said keep)."""
    text = markdown("07_declaring")
    mentions = [m.start() for m in re.finditer(r"points you cannot protect", text)]
    assert len(mentions) >= 2  # section 6 and the summary
    for start in mentions:
        assert text[max(0, start - 11):start] == "never bury ", text[max(0, start - 40):start + 30]
    assert "别扣护不住的分" in text
    assert notebook_has_no_outputs("07_declaring")
