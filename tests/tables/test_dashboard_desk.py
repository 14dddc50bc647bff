"""The teacher runs the class's shared tables from the dashboard, against a real ``serve --classroom``: opens a
table from the form, starts, pauses, resumes, stops hints and closes it (after a confirmation), watches it with
all four hands, and puts it (without hands) on the projector; refusals and a silent server are lines, not
crashes."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from html_tree import parse

from benchmarks.tables import CODE, TEACHER, choose, class_server
from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.tables.client import TableClient

ENVIRON = {"SHENGJI_KIT_TEACHER_CODE": TEACHER}


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="tables-desk-") as folder, class_server(Path(folder)) as (url, _):
        yield url


def dashboard(store: SQLClassStore, url: str, teacher: str = TEACHER) -> DashboardScene:
    client = TableClient(url, class_code=CODE, teacher_code=teacher, timeout=10)
    return DashboardScene(lambda: store, query={"teacher": TEACHER}, environ=ENVIRON, table_client=client)


def act(scene: DashboardScene, action: str, value: str = "", **fields: str) -> None:
    scene.handle({"type": "action", "action": action, "value": value, "fields": fields})


def panel(scene: DashboardScene, lang: str = "en") -> Any:
    return parse(scene.render(lang)).find(data_role="class-tables")


def server_table(url: str, table: str) -> dict[str, Any]:
    return next(t for t in TableClient(url, class_code=CODE).tables() if t["table"] == table)


def opened(scene: DashboardScene, name: str) -> str:
    return next(str(t["table"]) for t in scene.tables.tables if t["name"] == name)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_teacher_opens_starts_pauses_resumes_stops_hints_and_closes_a_table(
        store: SQLClassStore, server_url: str, lang: str) -> None:
    scene = dashboard(store, server_url)
    form = panel(scene, lang).find(data_role="table-form")
    assert form.find("select", data_pick="table-form-rules") and form.find("button", data_action="table-open")
    act(scene, "table-form-tier", "gentle")
    act(scene, "table-form-hints", "on")
    act(scene, "table-form-rules", "classic")
    act(scene, "table-open", **{"table-name": f"Desk {lang}"})
    table = opened(scene, f"Desk {lang}")
    listed = server_table(server_url, table)
    assert (listed["tier"], listed["rules"], listed["hints"], listed["started"]) == ("gentle", "classic", True, False)
    row = panel(scene, lang).find("li", data_table=table)
    assert ("已开桌" if lang == "zh" else "is open") in panel(scene, lang).find(data_role="table-desk-note").text
    assert [b.attrs["data-value"] for b in row.find_all("button")] and all(
        b.attrs["data-value"] == table for b in row.find_all("button"))

    act(scene, "table-start", table)
    assert server_table(server_url, table)["started"] is True
    act(scene, "table-pause", table)
    assert server_table(server_url, table)["paused"] is True
    row = panel(scene, lang).find("li", data_table=table)
    assert row.attrs["data-paused"] == "1" and ("已暂停" if lang == "zh" else "paused") in row.find(
        data_role="table-state").text
    assert row.find("button", data_action="table-resume") and not row.find_all("button", data_action="table-pause")
    act(scene, "table-resume", table)
    assert server_table(server_url, table)["paused"] is False
    assert panel(scene, lang).find("li", data_table=table).attrs["data-paused"] == "0"
    act(scene, "table-hints-off", table)
    assert server_table(server_url, table)["hints"] is False
    row = panel(scene, lang).find("li", data_table=table)
    assert row.find(data_role="table-hints").attrs["data-hints"] == "0"
    assert row.find("button", data_action="table-hints-on")

    act(scene, "table-close", table)  # asks first: nothing closed yet
    ask = panel(scene, lang).find("li", data_table=table).find(data_role="table-close-ask")
    assert ask and f"Desk {lang}" in ask.text
    assert any(t["table"] == table for t in TableClient(server_url, class_code=CODE).tables())
    act(scene, "table-close-no", table)
    assert not panel(scene, lang).find_all(data_role="table-close-ask")
    act(scene, "table-close", table)
    act(scene, "table-close-yes", table)
    assert all(t["table"] != table for t in TableClient(server_url, class_code=CODE).tables())
    assert not panel(scene, lang).find_all("li", data_table=table)
    assert ("已关闭" if lang == "zh" else "is closed") in panel(scene, lang).find(data_role="table-desk-note").text


def test_a_table_for_named_learners_from_the_class(store: SQLClassStore, server_url: str) -> None:
    scene = dashboard(store, server_url)
    act(scene, "table-form-seating", "named")
    seats = panel(scene).find(data_role="table-form-seats")
    assert len(seats.find_all("select")) == 4
    act(scene, "table-form-seat-0", "ann")
    act(scene, "table-form-seat-2", "bo")
    act(scene, "table-open", **{"table-name": "Named"})
    listed = server_table(server_url, opened(scene, "Named"))
    assert [seat["learner"] for seat in listed["seats"]] == ["ann", None, "bo", None]


def test_watch_shows_four_hands_and_project_shows_none(store: SQLClassStore, server_url: str) -> None:
    teacher = TableClient(server_url, class_code=CODE, teacher_code=TEACHER)
    table = teacher.open_table("Watched", seed=5, tier="gentle", learners=["ann"])
    ann = TableClient(server_url, class_code=CODE)
    ann.sit(table, 0, "ann")  # the table starts; the bots play until ann's turn, which waits for her
    scene = dashboard(store, server_url)
    act(scene, "table-watch", table)
    watch = panel(scene).find(data_role="table-watch", data_table=table)
    hands = watch.find_all(data_role="hand")
    assert [hand.attrs["data-hand"] for hand in hands] == ["0", "1", "2", "3"]
    assert all(hand.find_all(data_card=True) for hand in hands)
    zh = panel(scene, "zh").find(data_role="table-watch")
    assert "只给你看" in zh.text and "捡分方得分" in zh.text

    act(scene, "table-project", table)
    page = parse(scene.render("en"))
    stage = page.find(data_role="projector")
    assert stage.attrs["data-key"] == f"table:{table}"
    public = stage.find(data_role="table-public", data_table=table)
    assert public and public.find(data_role="live-points") and public.find(data_role="live-turn")
    assert not stage.find_all(data_role="hand") and "Watched" in public.text
    deadline = time.monotonic() + 60  # ann and the bots play on: the projector follows the trick
    while time.monotonic() < deadline and not scene.projection.table["trick"]:  # type: ignore[union-attr]
        message = ann.view(wait=0)
        if message["legal"]:
            ann.act(*choose(message))
        scene.refresh()
        time.sleep(0.2)
    assert parse(scene.render("en")).find(data_role="projector").find(data_role="live-trick").find_all(data_card=True)
    act(scene, "table-unwatch", table)
    assert not panel(scene).find_all(data_role="table-watch")
    act(scene, "table-watch", table)
    teacher.close_table(table)  # from elsewhere: the dashboard stops watching and says why
    scene.refresh()
    assert not panel(scene).find_all(data_role="table-watch")
    assert "no longer open" in panel(scene).find(data_role="table-desk-note").text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_refusals_and_a_silent_server_are_lines_in_the_teachers_language(
        store: SQLClassStore, server_url: str, lang: str) -> None:
    wrong = dashboard(store, server_url, teacher="not-the-code")
    act(wrong, "table-open", **{"table-name": "Nope"})
    note = panel(wrong, lang).find(data_role="table-desk-note")
    assert note.attrs["data-kind"] == "error" and ("老师" if lang == "zh" else "teacher code") in note.text
    act(wrong, "table-form-rules", "house")  # no such preset: the server says so
    right = dashboard(store, server_url)
    act(right, "table-form-rules", "house")
    act(right, "table-open", **{"table-name": "Bad rules"})
    assert "house" in panel(right, lang).find(data_role="table-desk-note").text
    act(right, "table-pause", "000000000000")
    assert panel(right, lang).find(data_role="table-desk-note").attrs["data-kind"] == "error"

    gone = DashboardScene(lambda: store, query={"teacher": TEACHER}, environ=ENVIRON,
                          table_client=TableClient("http://127.0.0.1:9/", teacher_code=TEACHER, timeout=1))
    act(gone, "table-open", **{"table-name": "Lost"})
    page = parse(gone.render(lang))
    assert page.find(data_role="tables-unreachable")
    line = page.find(data_role="table-desk-note").text
    assert ("没有回应" if lang == "zh" else "does not answer") in line
