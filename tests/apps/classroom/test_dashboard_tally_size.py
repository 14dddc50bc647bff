"""The poll tally reads from the back of the room: its line and chart words are sized for the projector stage."""

from __future__ import annotations

import re
from importlib.resources import files

from html_tree import parse
from widgets.class_env import TEACHER_CODE, class_store  # noqa: F401  (fixture)

from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.classroom.store_protocol import ClassStoreAPI

STAGE_TEXT_PX = 30  # the stage's body text (classroom.css .sk-projector-stage)


def _rule(css: str, selector: str) -> str:
    """The declarations of the rule whose selector is exactly ``selector``."""
    found = re.search(r"(?:^|\})\s*" + re.escape(selector) + r"\s*\{([^}]*)\}", css, re.MULTILINE)
    assert found, f"no rule for {selector}"
    return found.group(1)


def _px(declarations: str) -> int:
    found = re.search(r"font-size:\s*(\d+)px", declarations)
    assert found, declarations
    return int(found.group(1))


def test_the_tally_line_and_chart_words_are_at_least_the_stages_text_size(
    class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    scene = DashboardScene(lambda: class_store, query={"teacher": TEACHER_CODE},
                           environ={"SHENGJI_KIT_TEACHER_CODE": TEACHER_CODE})
    assert scene.project("puzzle:win-small-trump-ruffs") and scene.open_poll() is not None
    poll = class_store.current_poll("default")
    assert poll is not None
    class_store.answer_poll(poll.id, "ann", poll.answer)
    scene.refresh()
    stage = parse(scene.render("en")).find(data_role="projector-stage")
    tally = stage.find(data_role="poll-tally")
    line = tally.find("p", cls="sk-poll-tally-line")
    assert "1" in line.find(data_role="poll-count").text and tally.has(data_role="poll-chart")
    css = files("shengji_kit.widgets").joinpath("static/classroom.css").read_text(encoding="utf-8")
    assert _px(_rule(css, ".sk-projector-stage .sk-poll-tally-line")) >= STAGE_TEXT_PX
    assert _px(_rule(css, ".sk-projector-stage .sk-poll-tally-count")) >= STAGE_TEXT_PX
    assert _px(_rule(css, ".sk-projector-stage .sk-poll-tally .sk-poll-chart text")) >= 24
    assert "clamp(" in _rule(css, ".sk-poll-tally-line") and "rem" in _rule(css, ".sk-poll-tally-line")
