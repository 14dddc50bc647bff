"""The teacher's dashboard on ``serve --classroom`` lists the class's shared tables live: a table the
teacher opens appears, and a learner who sits down appears in their seat without a reload."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from live_server import VoilaServer, free_port, launch_server, stop_server
from playwright.sync_api import Page, expect

from conftest import ARTIFACTS
from shengji_kit.classroom.tables.client import TableClient
from shengji_kit.practice import ENV_VAR

pytestmark = pytest.mark.browser

CODE = "class-2345"
TEACHER_CODE = "teacher-98765"
DASHBOARD = f"/voila/render/notebooks/classroom.ipynb?token={CODE}&teacher={TEACHER_CODE}"


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """``shengji-kit serve --classroom`` on 127.0.0.1, its class store in a fresh data folder."""
    data = tmp_path_factory.mktemp("tables-data")
    port = free_port()
    command = [sys.executable, "-m", "shengji_kit.apps.serving.serve", "--classroom",
               "--host", "127.0.0.1", "--port", str(port), "--code", CODE, "--teacher-code", TEACHER_CODE]
    env = {**os.environ, ENV_VAR: str(data)}
    env.pop("SHENGJI_KIT_CLASS_DB", None)
    server = launch_server(command, port, ARTIFACTS / "voila-tables.log", env)
    yield server
    stop_server(server)


def test_the_dashboard_shows_the_tables_live(page: Page, voila_server: VoilaServer) -> None:
    teacher = TableClient(voila_server.base_url, class_code=CODE, teacher_code=TEACHER_CODE)
    table = teacher.open_table("Room A", seed=3, tier="gentle")
    page.goto(DASHBOARD)
    row = page.locator(f"[data-role=class-tables] [data-table='{table}']")
    expect(row).to_be_visible(timeout=90_000)
    expect(row.locator("[data-bot=gentle]")).to_have_count(4)
    learner = TableClient(voila_server.base_url, class_code=CODE)
    learner.sit(table, 2, "Mei")
    expect(row.locator("[data-seat='2'][data-learner='Mei']")).to_be_visible(timeout=15_000)
    teacher.set_paused(table, True)
    expect(row).to_have_attribute("data-paused", "1", timeout=15_000)
