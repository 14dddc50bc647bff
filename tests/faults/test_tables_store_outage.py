"""A class store on PostgreSQL that hangs or stops while four learners play a shared table: no play waits on it.

Each test runs its own PostgreSQL server (tests/classroom/postgres_server.py), freezes it (SIGSTOP to
every server process) or stops it, while four clients (one thread per seat) play through a
``TableHall`` on a ``SpooledTableStore``. Every action is timed; the bound is generous (1 s, where
the store's outage lasts far longer), so a loaded machine does not fail it but a play that waits on
the database does. Once the server is back, the tables and the finished rounds land exactly once.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom.postgres_server import PostgresServer, postgres_bin, running_postgres
from tables.players import choose, tier_bot

from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.tables.hall import TableHall, TableState
from shengji_kit.classroom.tables.table_spool import SpooledTableStore
from shengji_kit.classroom.tables.table_store import TableStore
from shengji_kit.words import Message

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # real outages take seconds each
BOUND_S = 1.0  # an action that waited on the store would take the outage's length (many seconds)


@pytest.fixture
def server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test alone (it will be frozen or stopped)."""
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql)")
    with running_postgres(max_connections=20) as running:
        yield running


@pytest.fixture
def url(server: PostgresServer) -> str:
    return server.create_database("tables_outage")


def spooled_hall(url: str, folder: Path) -> tuple[TableHall, SpooledTableStore]:
    """The class server's hall as ``TablesService.open`` builds it: on the spool, on the class store."""
    spooled = SpooledTableStore(lambda: TableStore(SQLClassStore(url)), "default", folder=folder)
    return TableHall(spooled, make_bot=tier_bot), spooled


def four_play(hall: TableHall, tokens: list[str], tricks: int | None = None) -> list[float]:
    """Four clients, one thread per seat, each acting on its own messages when it is to act, until the round
    is scored or (given ``tricks``) that many of its tricks are played, a trick's end the hall has saved;
    how long every action took."""
    took: list[float] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def seat(token: str) -> None:
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                message = hall.message(token)
                if message["view"]["phase"] == "done" or (tricks is not None and message["tricks_played"] >= tricks):
                    return
                if not message["legal"]:
                    time.sleep(0.002)
                    continue
                started = time.monotonic()
                hall.act(token, choose(message))
                with lock:
                    took.append(time.monotonic() - started)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=seat, args=(token,), daemon=True) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(150)
    assert not failures, failures
    assert not any(thread.is_alive() for thread in threads), "the four clients did not finish"
    return took


def stored_tables(url: str) -> list[TableState]:
    store = SQLClassStore(url)
    try:
        return TableStore(store).load_tables("default")
    finally:
        store.close()


def stored_rounds(url: str) -> list[tuple[str, int]]:
    store = SQLClassStore(url)
    try:
        return [(r.table_id, r.round_number) for r in TableStore(store).rounds("default")]
    finally:
        store.close()


def says_behind(spooled: SpooledTableStore, code: str) -> Message:
    """What the spool says of the store, once it says ``code`` (within a few seconds)."""
    deadline = time.monotonic() + 10.0
    while (trouble := spooled.trouble()) is None or trouble.code != code:
        assert time.monotonic() < deadline, f"the spool does not say {code} (it says {trouble})"
        time.sleep(0.05)
    return trouble


def assert_quick(took: list[float], what: str) -> None:
    assert took, f"no action was taken {what}"
    slowest = max(took)
    assert slowest < BOUND_S, f"an action {what} took {slowest:.2f} s ({len(took)} actions)"


def test_a_frozen_store_does_not_hold_up_a_play(server: PostgresServer, url: str, tmp_path: Path) -> None:
    hall, spooled = spooled_hall(url, tmp_path)
    try:
        table = hall.open_table("Frozen", seed=31, learners=[f"f{seat}" for seat in range(4)])
        tokens = [hall.sit(table, seat, f"f{seat}") for seat in range(4)]
        assert spooled.flushed(30.0)
        frozen = server.pids()
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        try:
            took = four_play(hall, tokens)  # round 1, played out while the store is frozen
            hall.next_round(tokens[0])
            took += four_play(hall, tokens, 3)
            assert_quick(took, "while the store was frozen")
            trouble = says_behind(spooled, "tables_store_behind")
            assert spooled.behind() >= 1
            assert {"en", "zh"} <= set(trouble.texts())
        finally:
            for pid in frozen:
                os.kill(pid, signal.SIGCONT)
        assert spooled.flushed(60.0), "the spool did not drain once the store answered"
        assert spooled.trouble() is None
        (stored,) = stored_tables(url)
        assert stored == hall._tables[table].state()  # the latest state, not an older one
        assert stored_rounds(url) == [(table, 1)]  # the finished round, once
    finally:
        hall.shutdown()
        spooled.close()


def test_a_stopped_store_and_a_restart_during_it_lose_nothing(server: PostgresServer, url: str,
                                                              tmp_path: Path) -> None:
    hall, spooled = spooled_hall(url, tmp_path)
    table = hall.open_table("Stopped", seed=37, learners=[f"s{seat}" for seat in range(4)])
    tokens = [hall.sit(table, seat, f"s{seat}") for seat in range(4)]
    four_play(hall, tokens, 2)
    assert spooled.flushed(30.0)
    server.stop()
    try:
        took = four_play(hall, tokens)
        hall.next_round(tokens[1])
        took += four_play(hall, tokens, 4)
        assert_quick(took, "while the store was stopped")
        trouble = says_behind(spooled, "tables_store_kept")
        assert trouble.kind == "error" and spooled.behind() >= 1
        before = hall._tables[table].state()
        hall.shutdown()
        spooled.close()

        started = time.monotonic()
        hall, spooled = spooled_hall(url, tmp_path)
        assert time.monotonic() - started < 10.0
        (restored,) = [state for state in (hall._tables[t].state() for t in hall._tables)]
        assert restored.table_id == table and restored.round_number == 2
        assert restored == before  # the clients stopped at a trick's end, which the hall saved
        tokens = [hall.sit(table, seat, f"s{seat}", token=tokens[seat]) for seat in range(4)]  # the pages come back
        took = four_play(hall, tokens, 6)
        assert_quick(took, "after a restart while the store was stopped")
    finally:
        server.start()
    try:
        assert spooled.flushed(60.0), "the spool did not drain once the store was back"
        (stored,) = stored_tables(url)
        assert stored == hall._tables[table].state()
        assert stored_rounds(url) == [(table, 1)]
    finally:
        hall.shutdown()
        spooled.close()
