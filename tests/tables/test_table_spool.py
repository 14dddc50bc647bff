"""The tables' spool on SQLite: writes kept on disk at once, sent in order, coalesced, landed once, restored.

The class store is a real SQLite ``TableStore`` that a test can make fail (a stopped database) or
hang (a frozen one); the PostgreSQL outages themselves are tests/faults/test_tables_store_outage.py.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from html_tree import parse

from shengji_kit.apps.classroom._tables_panel import read_tables, tables_html
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import StoreError
from shengji_kit.classroom.tables.hall import TableHall, TableState
from shengji_kit.classroom.tables.table_spool import SpooledTableStore
from shengji_kit.classroom.tables.table_store import TableStore
from shengji_kit.game.actions import Action
from shengji_kit.words.catalogue import text

from .players import choose, tier_bot


class GatedStore(TableStore):
    """A ``TableStore`` that can be made to fail (a stopped database) or to hang (a frozen one), and logs its writes."""

    def __init__(self, store: SQLClassStore) -> None:
        super().__init__(store)
        self.open = threading.Event()
        self.open.set()
        self.failing = False
        self.writes: list[tuple[str, str, int, int]] = []  # (kind, table, round, actions)

    def _pass(self) -> None:
        self.open.wait()
        if self.failing:
            raise StoreError("cannot write to the class store (connection refused)")

    def save_table(self, state: TableState) -> None:
        self._pass()
        super().save_table(state)
        self.writes.append(("state", state.table_id, state.round_number, len(state.actions)))

    def record_round(self, state: TableState, record: dict[str, Any]) -> None:
        self._pass()
        super().record_round(state, record)
        self.writes.append(("round", state.table_id, state.round_number, len(state.actions)))

    def load_tables(self, class_name: str) -> list[TableState]:
        self._pass()
        return super().load_tables(class_name)


def a_state(table_id: str, actions: int = 0, *, closed: bool = False, round_number: int = 1) -> TableState:
    """A table's state as the hall saves it, with ``actions`` passes (the spool and the store do not replay them)."""
    return TableState(table_id, "default", f"T{table_id}", "super_tycoon", "steady", True, 5, (None,) * 4, False,
                      closed, round_number, ("2", "2"), 0, (0, 0), None, ((0, Action("pass")),) * actions)


def play(hall: TableHall, tokens: list[str], tricks: int) -> list[float]:
    """The learners act until ``tricks`` tricks are played (the hall saves at a trick's end); each action's time."""
    took: list[float] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        messages = [hall.message(token) for token in tokens]
        if len(messages[0]["view"]["tricks"]) >= tricks:
            return took
        acting = next((m for m in messages if m["legal"]), None)
        if acting is None:
            time.sleep(0.01)
            continue
        started = time.monotonic()
        hall.act(tokens[acting["seat"]], choose(acting))
        took.append(time.monotonic() - started)
    raise AssertionError("the tricks were not played in time")


@pytest.fixture
def gated(store: SQLClassStore) -> GatedStore:
    return GatedStore(store)


def test_writes_land_in_order_and_the_spool_empties(gated: GatedStore, tmp_path: Path) -> None:
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    try:
        assert spooled.path == tmp_path / "spool" / "tables" / "default.sqlite"
        spooled.save_table(a_state("a"))
        spooled.record_round(a_state("a", round_number=1), {"round": 1})
        spooled.save_table(a_state("b"))
        assert spooled.flushed(10.0) and spooled.behind() == 0 and spooled.trouble() is None
        assert [(kind, table) for kind, table, _, _ in gated.writes] == [("state", "a"), ("round", "a"), ("state", "b")]
        assert [state.table_id for state in TableStore(gated.store).load_tables("default")] == ["a", "b"]
        assert [r.record for r in TableStore(gated.store).rounds("default")] == [{"round": 1}]
    finally:
        spooled.close()


def test_a_hung_store_gets_only_the_latest_state_and_never_an_older_one_after(gated: GatedStore,
                                                                             tmp_path: Path) -> None:
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    try:
        spooled.save_table(a_state("a", 0))
        assert spooled.flushed(10.0)
        gated.open.clear()  # the database hangs
        spooled.save_table(a_state("a", 1))  # the writer takes this one and waits in the store
        deadline = time.monotonic() + 5
        while spooled.trouble() is None:
            assert time.monotonic() < deadline, "the spool does not say the store is behind"
            time.sleep(0.05)
        started = time.monotonic()
        for actions in (2, 3, 4):
            spooled.save_table(a_state("a", actions))
            spooled.record_round(a_state("a", actions), {"n": actions})
            spooled.record_round(a_state("a", actions), {"n": actions})  # a round recorded again is kept once
        assert time.monotonic() - started < 1.0, "a write waited on the hung store"
        message = spooled.trouble()
        assert message is not None and message.code == "tables_store_behind" and spooled.behind() >= 2
        assert {"en", "zh"} <= set(message.texts())
        gated.open.set()
        assert spooled.flushed(10.0)
        states = [actions for kind, _, _, actions in gated.writes if kind == "state"]
        assert states[-1] == 4 and states == sorted(states) and 2 not in states and 3 not in states
        assert [r.record for r in TableStore(gated.store).rounds("default")] == [{"n": 2}]
    finally:
        gated.open.set()
        spooled.close()


def test_a_stopped_store_keeps_the_writes_and_says_why_until_it_is_back(gated: GatedStore, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shengji_kit.classroom.tables.table_spool.RETRY_SECONDS", (0.1,))
    gated.failing = True
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    try:
        spooled.save_table(a_state("a", 1))
        deadline = time.monotonic() + 5
        while (message := spooled.trouble()) is None:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert message.code == "tables_store_kept" and message.kind == "error" and spooled.behind() == 1
        # the catalogue's words in each language, never the driver's text (which goes to the log)
        assert "connection refused" not in message.render("en")
        assert text("outage_store_away", "en") in message.render("en")
        assert text("outage_store_away", "zh") in message.render("zh")
        gated.failing = False  # the database is back: the writer's next try lands it
        deadline = time.monotonic() + 5
        while spooled.behind():
            assert time.monotonic() < deadline, "the writer did not try again on its own"
            time.sleep(0.05)
        assert spooled.trouble() is None
        assert [w[:2] for w in gated.writes] == [("state", "a")]
    finally:
        spooled.close()


def test_a_hall_restarted_while_the_store_is_away_restores_its_tables_from_the_spool(
        gated: GatedStore, tmp_path: Path) -> None:
    gated.failing = True
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path, deadline=0.5)
    hall = TableHall(spooled, make_bot=tier_bot)
    table = hall.open_table("Kept", seed=23, learners=[f"k{seat}" for seat in range(4)])
    tokens = [hall.sit(table, seat, f"k{seat}") for seat in range(4)]
    took = play(hall, tokens, 3)
    before = hall.message(tokens[2])
    assert max(took) < 1.0
    hall.shutdown()
    spooled.close()

    gated.open.clear()  # the store now hangs: a restart reads it within the deadline, then the spool
    again_spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path, deadline=0.5)
    started = time.monotonic()
    again = TableHall(again_spooled, make_bot=tier_bot)
    try:
        assert time.monotonic() - started < 3.0
        tokens = [again.sit(table, seat, f"k{seat}", token=tokens[seat]) for seat in range(4)]
        after = again.message(tokens[2])
        assert after["view"] == before["view"] and after["tricks_played"] == before["tricks_played"]
        gated.failing = False
        gated.open.set()
        assert again_spooled.flushed(10.0)
        (stored,) = TableStore(gated.store).load_tables("default")
        assert stored.table_id == table and len(stored.actions) == len(hall._tables[table].state().actions)
    finally:
        gated.open.set()
        again.shutdown()
        again_spooled.close()


def test_a_closed_table_in_the_spool_hides_the_store_s_open_one(gated: GatedStore, tmp_path: Path) -> None:
    gated.save_table(a_state("a"))
    gated.save_table(a_state("b"))
    gated.failing = True
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    spooled.save_table(a_state("a", closed=True))
    spooled.save_table(a_state("c", 3))
    spooled.close()
    gated.failing = False
    again = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    try:
        assert [(s.table_id, len(s.actions)) for s in again.load_tables("default")] == [("b", 0), ("c", 3)]
    finally:
        again.close()


def test_an_unusable_spool_file_keeps_the_writes_in_memory(gated: GatedStore, tmp_path: Path) -> None:
    (tmp_path / "spool").write_text("not a folder")  # the spool folder cannot be made
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    try:
        assert not spooled.on_disk
        spooled.save_table(a_state("a"))
        assert spooled.flushed(10.0) and [w[:2] for w in gated.writes] == [("state", "a")]
    finally:
        spooled.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_dashboard_says_when_the_store_is_behind(lang: str) -> None:
    trouble = {"code": "tables_store_kept", "kind": "error", "en": "The class store cannot be written",
               "zh": "暂时无法写入班级进度库"}
    now = read_tables(lambda: {"tables": [], "store": {"behind": 7, "trouble": trouble}})
    notice = parse(tables_html(*now[:2], lang, now.store)).find(data_role="tables-store-behind")
    assert notice is not None and notice.attrs["data-behind"] == "7" and trouble[lang] in notice.text
    calm = read_tables(lambda: {"tables": [], "store": {"behind": 0, "trouble": None}})
    assert not parse(tables_html(*calm[:2], lang, calm.store)).find_all(data_role="tables-store-behind")


def test_the_spool_file_holds_only_what_waits(gated: GatedStore, tmp_path: Path) -> None:
    gated.failing = True
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    spooled.save_table(a_state("a", 1))
    spooled.save_table(a_state("a", 2))
    spooled.close()
    with sqlite3.connect(spooled.path) as db:
        rows = db.execute("SELECT kind, body FROM waiting").fetchall()
    assert [(kind, len(json.loads(body)["actions"])) for kind, body in rows] == [("state", 2)]


def test_the_list_reply_says_how_far_behind_the_store_is(gated: GatedStore, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from shengji_kit.apps.serving.tables_api import TablesService

    monkeypatch.setattr("shengji_kit.classroom.tables.table_spool.RETRY_SECONDS", (0.1,))
    gated.failing = True
    spooled = SpooledTableStore(lambda: gated, "default", folder=tmp_path)
    service = TablesService(TableHall(spooled, make_bot=tier_bot))
    try:
        service.hall.open_table("Behind", seed=3)
        deadline = time.monotonic() + 5
        while (store := service.store_json()) is not None and store["trouble"] is None:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert store is not None and store["behind"] == 1
        assert store["trouble"]["code"] == "tables_store_kept" and store["trouble"]["en"] and store["trouble"]["zh"]
        gated.failing = False
        assert spooled.flushed(10.0) and service.store_json() == {"behind": 0, "trouble": None}
        assert TablesService(TableHall(None)).store_json() is None  # tables in memory only: nothing to say
    finally:
        service.hall.shutdown()
        spooled.close()
