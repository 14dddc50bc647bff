"""The teacher's table controls on the dashboard show what makes sense for the table as it stands, and each one
changes the table on a real ``serve --classroom``: a paused table that never started offers "Resume" only (not
"Start" beside it); the seat settings (the grace before a bot covers a silent page, a learner taking a bot's seat
mid-round) and dealing the next round are buttons, in both languages; bad input is a line in the teacher's
language and changes nothing."""

from __future__ import annotations

import tempfile
import time
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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_seat_settings_change_the_table_and_bad_seconds_are_refused_in_the_teachers_language(
        store: SQLClassStore, server_url: str, lang: str) -> None:
    scene = dashboard(store, server_url)
    table = TableClient(server_url, class_code=CODE, teacher_code=TEACHER).open_table(f"Seats {lang}")
    scene.refresh()
    seating = row(scene, table, lang).find(data_role="table-seating")
    assert seating.find("input", data_role="table-grace").attrs["value"] == "20"
    set_wait = seating.find("button", data_action="table-grace")
    assert set_wait.text == ("设定等待时间" if lang == "zh" else "Set the wait")
    assert row(scene, table).find(data_role="table-takeover").attrs["data-takeover"] == "0"

    act(scene, "table-grace", table, **{f"table-grace-{table}": "45"})
    assert listed(server_url, table)["grace"] == 45.0
    assert row(scene, table).find("input", data_role="table-grace").attrs["value"] == "45"
    assert ("45 秒" if lang == "zh" else "45 seconds") in note(scene, lang).text
    act(scene, "table-grace", table, **{f"table-grace-{table}": "7,5"})  # a decimal comma reads as a point
    assert listed(server_url, table)["grace"] == 7.5
    for bad in ("soon", "0", "1000", "nan", ""):
        act(scene, "table-grace", table, **{f"table-grace-{table}": bad})
        line = note(scene, lang)
        assert line.attrs["data-kind"] == "error" and ("0.2" in line.text and "600" in line.text)
        assert ("秒" if lang == "zh" else "seconds") in line.text
        assert listed(server_url, table)["grace"] == 7.5  # nothing changed
    act(scene, "table-grace", table, **{"table-grace-someothertable": "30"})  # another row's field is not read
    assert note(scene, lang).attrs["data-kind"] == "error" and listed(server_url, table)["grace"] == 7.5

    act(scene, "table-takeover-on", table)
    assert listed(server_url, table)["takeover"] is True
    seating = row(scene, table, lang).find(data_role="table-seating")
    assert not seating.find_all("button", data_action="table-takeover-on")
    assert seating.find("button", data_action="table-takeover-off").text == (
        "机器人打完这一局再让座" if lang == "zh" else "Keep a bot's seat to the round's end")
    assert row(scene, table).find(data_role="table-takeover").attrs["data-takeover"] == "1"
    act(scene, "table-takeover-off", table)
    assert listed(server_url, table)["takeover"] is False
    assert row(scene, table).find(data_role="table-seating").find("button", data_action="table-takeover-on")
    TableClient(server_url, class_code=CODE, teacher_code=TEACHER).close_table(table)


def test_deal_next_is_offered_once_a_round_is_over_and_deals_it(store: SQLClassStore, server_url: str) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    scene = dashboard(store, server_url)
    waiting = teacher.open_table("Mid-round", seed=5, tier="gentle", learners=["ann"])
    TableClient(server_url, class_code=CODE).sit(waiting, 0, "ann")  # the round waits for ann's turn
    scene.refresh()
    assert listed(server_url, waiting)["phase"] != "done"
    assert "table-deal-next" not in actions(scene, waiting)
    act(scene, "table-deal-next", waiting)  # a stale page's click: the server says why, in the teacher's language
    assert note(scene, "zh").attrs["data-kind"] == "error" and "打完以后" in note(scene, "zh").text
    assert "once this one is over" in note(scene, "en").text

    table = teacher.open_table("Bots only", seed=3, tier="gentle", start=True)  # four bots play the round out
    deadline = time.monotonic() + 120
    while listed(server_url, table)["phase"] != "done" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert listed(server_url, table)["match"]["rounds_played"] == 1
    scene.refresh()
    assert "table-deal-next" in actions(scene, table)
    assert row(scene, table, "zh").find("button", data_action="table-deal-next").text == "发下一局"
    act(scene, "table-pause", table)  # paused: the next round waits for Resume
    assert "table-deal-next" not in actions(scene, table)
    act(scene, "table-resume", table)
    act(scene, "table-deal-next", table)
    after = listed(server_url, table)
    assert after["match"]["round_number"] == 2 or after["match"]["rounds_played"] == 2
    assert "next round is dealt" in note(scene, "en").text and "Bots only" in note(scene, "en").text
    for made in (waiting, table):
        teacher.close_table(made)
