"""The teacher's table controls on the dashboard show what makes sense for the table as it stands, and each one
changes the table on a real ``serve --classroom``: a paused table that never started offers "Resume" only (not
"Start" beside it); the seat settings (the grace before a bot covers a silent page, a learner taking a bot's seat
mid-round) and dealing the next round are buttons, in both languages; bad input is a line in the teacher's
language and changes nothing."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from html_tree import parse

from benchmarks.tables import CODE, TEACHER, class_server
from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.tables.client import TableClient
from tests.classroom.conftest import data_folder, store

__all__ = ["data_folder", "store"]
ENVIRON = {"SHENGJI_KIT_TEACHER_CODE": TEACHER}


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="tables-controls-") as folder, class_server(Path(folder)) as (url, _):
        yield url


def dashboard(store: SQLClassStore, url: str) -> DashboardScene:
    client = TableClient(url, class_code=CODE, teacher_code=TEACHER, timeout=10)
    return DashboardScene(lambda: store, query={"teacher": TEACHER}, environ=ENVIRON, table_client=client)


def act(scene: DashboardScene, action: str, value: str = "", **fields: str) -> None:
    scene.handle({"type": "action", "action": action, "value": value, "fields": fields})


def row(scene: DashboardScene, table: str, lang: str = "en") -> Any:
    return parse(scene.render(lang)).find(data_role="class-tables").find("li", data_table=table)


def actions(scene: DashboardScene, table: str) -> list[str]:
    return [button.attrs["data-action"] for button in row(scene, table).find(data_role="table-controls").find_all(
        "button")]


def listed(url: str, table: str) -> dict[str, Any]:
    return next(t for t in TableClient(url, class_code=CODE).tables() if t["table"] == table)


def note(scene: DashboardScene, lang: str) -> Any:
    return parse(scene.render(lang)).find(data_role="table-desk-note")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_paused_table_that_never_started_offers_resume_only(store: SQLClassStore, server_url: str,
                                                              lang: str) -> None:
    scene = dashboard(store, server_url)
    table = TableClient(server_url, class_code=CODE, teacher_code=TEACHER).open_table(f"Waiting {lang}")
    scene.refresh()
    assert {"table-start", "table-pause"} <= set(actions(scene, table))
    assert "table-resume" not in actions(scene, table)

    act(scene, "table-pause", table)
    assert (listed(server_url, table)["paused"], listed(server_url, table)["started"]) == (True, False)
    shown = actions(scene, table)
    assert "table-resume" in shown and "table-start" not in shown and "table-pause" not in shown
    resume = row(scene, table, lang).find("button", data_action="table-resume")
    assert resume.text == ("继续" if lang == "zh" else "Resume")

    act(scene, "table-resume", table)  # the pause lifted, the table still waits for its learners: now Start
    assert (listed(server_url, table)["paused"], listed(server_url, table)["started"]) == (False, False)
    shown = actions(scene, table)
    assert "table-start" in shown and "table-resume" not in shown
    act(scene, "table-start", table)
    assert listed(server_url, table)["started"] is True
    shown = actions(scene, table)
    assert "table-start" not in shown and "table-resume" not in shown and "table-pause" in shown

    act(scene, "table-pause", table)  # a started table paused: Resume alone again
    shown = actions(scene, table)
    assert "table-resume" in shown and "table-start" not in shown and "table-pause" not in shown
    TableClient(server_url, class_code=CODE, teacher_code=TEACHER).close_table(table)
