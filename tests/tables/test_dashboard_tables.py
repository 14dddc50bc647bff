"""The teacher's dashboard lists the class's tables from the authority: seats, bots, progress, paused."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from html_tree import parse

from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.tables.client import TableUnreachable, local_server_url
from shengji_kit.classroom.tables.hall import TableHall

from .players import tier_bot

TEACHER = {"SHENGJI_KIT_TEACHER_CODE": "c"}


@pytest.fixture
def hall() -> Iterator[TableHall]:
    made = TableHall(make_bot=tier_bot)
    yield made
    made.shutdown()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_dashboard_lists_each_table_with_its_seats(store: SQLClassStore, hall: TableHall, lang: str) -> None:
    table = hall.open_table("Room A", seed=9, tier="gentle", learners=["ann", None, "bo", None])
    hall.set_paused(table, True)
    scene = DashboardScene(lambda: store, query={"teacher": "c"}, environ=TEACHER, tables=hall.tables)
    row = parse(scene.render(lang)).find(data_role="class-tables").find("li", data_table=table)
    assert row.attrs["data-paused"] == "1"
    assert "Room A" in row.text and ("已暂停" if lang == "zh" else "paused") in row.text
    assert [seat.attrs.get("data-learner") for seat in row.find_all("li", data_learner=True)] == ["ann", "bo"]
    assert [seat.attrs["data-bot"] for seat in row.find_all("li", data_bot=True)] == ["gentle", "gentle"]
    assert ("温和" if lang == "zh" else "Gentle") in row.text


def test_an_empty_class_and_an_unreachable_server_say_so(store: SQLClassStore) -> None:
    scene = DashboardScene(lambda: store, query={"teacher": "c"}, environ=TEACHER, tables=list)
    assert parse(scene.render("en")).find(data_role="tables-empty")

    def unreachable() -> list[dict[str, object]]:
        raise TableUnreachable("the class server does not answer")

    scene = DashboardScene(lambda: store, query={"teacher": "c"}, environ=TEACHER, tables=unreachable)
    assert parse(scene.render("zh")).find(data_role="tables-unreachable")
    plain = DashboardScene(lambda: store, query={"teacher": "c"}, environ=TEACHER)  # not on serve --classroom
    assert "class-tables" not in plain.render("en")


def test_a_kernel_reaches_the_tables_where_the_learners_reach_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SHENGJI_KIT_JOIN_URL", raising=False)
    assert local_server_url() is None
    monkeypatch.setenv("SHENGJI_KIT_JOIN_URL", "http://192.168.1.20:9000/voila/render/notebooks/index.ipynb?token=x")
    assert local_server_url() == "http://192.168.1.20:9000/"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_dashboard_says_who_a_bot_plays_for_and_which_table_waits(store: SQLClassStore, lang: str) -> None:
    hall = TableHall(make_bot=tier_bot)
    try:
        waiting = hall.open_table("Waits", seed=2, learners=["ann", "bo"])
        hall.sit(waiting, 0, "ann")
        playing = hall.open_table("Plays", seed=4, learners=["cy"], grace=0.2)
        hall.sit(playing, 0, "cy")  # then her page goes silent
        deadline = time.monotonic() + 10
        while not hall._table(playing).away and time.monotonic() < deadline:
            time.sleep(0.05)
        scene = DashboardScene(lambda: store, query={"teacher": "c"}, environ=TEACHER, tables=hall.tables)
        panel = parse(scene.render(lang)).find(data_role="class-tables")
        row = panel.find("li", data_table=waiting)
        assert ("等待玩家入座" if lang == "zh" else "waiting for its players") in row.text
        kept = row.find("li", data_seat="1")
        assert kept.attrs["data-claimed"] == "0" and ("留给 bo" if lang == "zh" else "kept for bo") in kept.text
        away = panel.find("li", data_table=playing).find("li", data_seat="0")
        assert away.attrs["data-away"] == "1"
        assert ("机器人代打（cy）" if lang == "zh" else "bot playing for cy") in away.text
    finally:
        hall.shutdown()
