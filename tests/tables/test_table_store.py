"""Durable tables: state saved after every trick and restored by a new hall; finished rounds kept as records."""

from __future__ import annotations

import time
from typing import Any

import pytest

from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.tables.hall import TableError, TableHall
from shengji_kit.classroom.tables.table_store import TableStore
from shengji_kit.game.record import replay

from .players import choose, play_round, tier_bot


def play_until(hall: TableHall, tokens: list[str], tricks: int) -> None:
    """The learners act until ``tricks`` tricks are played."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        messages = [hall.message(token) for token in tokens]
        if len(messages[0]["view"]["tricks"]) >= tricks:
            return
        acting = next((m for m in messages if m["legal"]), None)
        if acting is None:
            time.sleep(0.01)
            continue
        hall.act(tokens[acting["seat"]], choose(acting))
    raise AssertionError("the tricks were not played in time")


def restart_keeps_the_table(url: str) -> None:
    """Play half a round, restart the hall on the same store, find it as it stood, and finish it."""
    store = SQLClassStore(url)
    hall = TableHall(TableStore(store), make_bot=tier_bot)
    table = hall.open_table("Durable", seed=17, learners=[f"d{seat}" for seat in range(4)])
    tokens = [hall.sit(table, seat, f"d{seat}") for seat in range(4)]
    play_until(hall, tokens, 6)
    before = hall.message(tokens[1])
    hall.shutdown()
    store.close()

    store = SQLClassStore(url)
    again = TableHall(TableStore(store), make_bot=tier_bot)
    try:
        listed = again.tables()
        assert [summary["table"] for summary in listed] == [table]
        assert [seat["learner"] for seat in listed[0]["seats"]] == ["d0", "d1", "d2", "d3"]
        # the pages come back with the tokens they hold: the store kept each seat's claim, never a token
        assert [again.sit(table, seat, f"d{seat}", token=tokens[seat]) for seat in range(4)] == tokens
        with pytest.raises(TableError) as refused:
            again.sit(table, 1, "d1")  # the name alone is no proof
        assert refused.value.code == "tables_seat_claimed"
        after = again.message(tokens[1])
        assert after["view"] == before["view"]
        inbox: dict[int, list[dict[str, Any]]] = {}
        play_round(again, tokens, inbox)
        rounds = TableStore(store).rounds("default", table_id=table)
        assert [(r.round_number, r.players) for r in rounds] == [(1, ("d0", "d1", "d2", "d3"))]
        replayed = replay(rounds[0].record)  # the record passes the reference checks of any round record
        assert replayed is not None
        assert rounds[0].record["total"] == again.message(tokens[0])["view"]["result"]["total"]
    finally:
        again.shutdown()
        store.close()


def test_a_table_survives_a_restart_on_sqlite(tmp_path: Any) -> None:
    restart_keeps_the_table(f"sqlite:///{tmp_path / 'class.sqlite3'}")


def test_a_table_survives_a_restart_on_postgresql(postgres_url: str) -> None:
    restart_keeps_the_table(postgres_url)


def test_closed_tables_are_not_restored(store: SQLClassStore) -> None:
    hall = TableHall(TableStore(store), make_bot=tier_bot)
    kept = hall.open_table("Kept", seed=1)
    gone = hall.open_table("Gone", seed=2)
    hall.set_paused(kept, True)
    hall.close_table(gone)
    hall.shutdown()
    again = TableHall(TableStore(store), make_bot=tier_bot)
    try:
        listed = again.tables()
        assert [(summary["table"], summary["paused"]) for summary in listed] == [(kept, True)]
    finally:
        again.shutdown()


@pytest.mark.parametrize("tier", ["gentle", "steady"])
def test_bots_alone_finish_a_round_and_it_is_recorded(store: SQLClassStore, tier: str) -> None:
    tables = TableStore(store)
    hall = TableHall(tables, make_bot=tier_bot)
    try:
        table = hall.open_table("Bots", seed=4, tier=tier, start=True)
        deadline = time.monotonic() + 60
        while not tables.rounds("default") and time.monotonic() < deadline:
            time.sleep(0.05)
        (finished,) = tables.rounds("default")
        assert finished.table_id == table and finished.players == (None, None, None, None)
        assert sum(len(trick["plays"][0]) for trick in finished.record["tricks"]) == 25  # every card played
    finally:
        hall.shutdown()


def test_a_store_outage_does_not_stop_play_and_the_round_is_recorded_once_it_is_back(store: SQLClassStore) -> None:
    tables = TableStore(store)
    hall = TableHall(tables, make_bot=tier_bot)
    try:
        table = hall.open_table("Outage", seed=12, learners=[f"o{seat}" for seat in range(4)])
        tokens = [hall.sit(table, seat, f"o{seat}") for seat in range(4)]
        with store.engine.begin() as connection:  # the store loses its tables' tables: every write fails
            connection.exec_driver_sql("ALTER TABLE table_rounds RENAME TO table_rounds_away")
            connection.exec_driver_sql("ALTER TABLE class_tables RENAME TO class_tables_away")
        play_round(hall, tokens, {})
        assert hall.store_error is not None
        with store.engine.begin() as connection:
            connection.exec_driver_sql("ALTER TABLE table_rounds_away RENAME TO table_rounds")
            connection.exec_driver_sql("ALTER TABLE class_tables_away RENAME TO class_tables")
        hall.next_round(tokens[0])  # the next write brings the store up to date
        assert hall.store_error is None
        assert [finished.round_number for finished in tables.rounds("default", table_id=table)] == [1]
        assert [state.round_number for state in tables.load_tables("default")] == [2]
    finally:
        hall.shutdown()
