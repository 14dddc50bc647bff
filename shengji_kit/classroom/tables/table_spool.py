"""The shared tables' writes kept on disk first, so that a hung or stopped class store never holds up a play.

``SpooledTableStore`` has the methods the hall uses (``save_table``, ``record_round``,
``load_tables``, ``rounds``). A write goes first to a SQLite file of the data folder
(``<data dir>/spool/tables/<class>.sqlite``, named by ``spool.spool_path``), which takes well under a
millisecond; one writer thread then sends the kept writes to the ``TableStore`` oldest first, with
the progress events' retries, and deletes each only once the store has committed it. A table's
states are coalesced (only its latest state waits, under a new place in the line, so an older state
is never written after a newer one); a finished round is kept once per table and round, as the store
keeps it. A restarted server reads the store within the spool's deadline and lays the spool's newer
states over it, so tables played while the store was away come back too. ``behind()`` and
``trouble()`` tell the dashboard how far the store lags.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from ...words import ERROR, INFO, Message
from ..spool import DEADLINE_SECONDS, GRACE_SECONDS, RETRY_SECONDS, spool_path, why, within
from .hall import TableState
from .table_store import TableRound, TableStore

log = logging.getLogger(__name__)
TABLES_SPOOL = "tables"  # the spool folder's subfolder of the tables' files
BATCH = 100  # writes read from the spool at a time
STATE, ROUND = "state", "round"
_SCHEMA = "CREATE TABLE IF NOT EXISTS waiting (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, " \
          "kind TEXT NOT NULL, body TEXT NOT NULL)"
_drain_locks: dict[Path, threading.Lock] = {}
_drain_locks_guard = threading.Lock()


def _drain_lock(path: Path) -> threading.Lock:
    """The lock of this process under which a spool file is sent (two writers could race an old state past a new)."""
    with _drain_locks_guard:
        return _drain_locks.setdefault(path.resolve(), threading.Lock())


class SpooledTableStore:
    """A ``TableStore`` behind a durable spool and a writer thread: the hall's writes never wait on the database.

    ``opener`` makes the store (called on the writer's thread, or within the deadline on start), so a
    server started while the database is away opens it once it answers.
    """

    def __init__(self, opener: Callable[[], TableStore], class_name: str, *, folder: Path | None = None,
                 deadline: float = DEADLINE_SECONDS) -> None:
        self.opener = opener
        self.class_name = class_name
        self.deadline = deadline
        self.path = spool_path(class_name, folder, TABLES_SPOOL)
        self._db_lock = threading.Lock()
        db = self._open_file()
        self.on_disk = db is not None
        """False when the spool file cannot be used: the writes wait in this process's memory only."""
        self._db = db if db is not None else self._open_memory()
        self._store: TableStore | None = None
        self._store_lock = threading.Lock()
        self._state = threading.Condition()
        self._kicked = self._closed = False
        self._error: Exception | None = None
        self._sending_since: float | None = None
        self._thread: threading.Thread | None = None
        if self.behind():
            self._kick()  # what an earlier server left is sent first

    # --- what the hall calls -----------------------------------------------------------------

    def save_table(self, state: TableState) -> None:
        """Keep the table's latest state (replacing one still waiting) for the store."""
        self._keep(f"{STATE}:{state.table_id}", STATE, json.dumps(state.to_json(), ensure_ascii=False), replace=True)

    def record_round(self, state: TableState, record: dict[str, Any]) -> None:
        """Keep a finished round's record for the store (once per table and round number)."""
        body = json.dumps({"state": state.to_json(), "record": record}, ensure_ascii=False)
        self._keep(f"{ROUND}:{state.table_id}:{state.round_number}", ROUND, body, replace=False)

    def load_tables(self, class_name: str) -> list[TableState]:
        """The class's open tables: the store's (read within the deadline), with the spool's newer states laid over."""
        found: dict[str, TableState] = {}
        try:
            stored = cast(list[TableState], within(lambda: self._table_store().load_tables(class_name), self.deadline))
            found = {state.table_id: state for state in stored}
        except Exception as error:  # a store away: the spool's tables only, the rest come back on a later start
            log.warning("shared tables: the class store cannot be read (%s); restoring from the spool only", error)
            with self._state:
                self._error = error
        for state in self._waiting_states():
            if state.class_name != class_name:
                continue
            if state.closed:
                found.pop(state.table_id, None)
            else:
                found[state.table_id] = state
        return [found[table_id] for table_id in sorted(found)]

    def rounds(self, class_name: str, *, table_id: str | None = None, after_id: int = 0) -> list[TableRound]:
        """The rounds the store holds (read within the deadline; raises ``NoAnswer`` or ``StoreError``)."""
        return cast(list[TableRound], within(
            lambda: self._table_store().rounds(class_name, table_id=table_id, after_id=after_id), self.deadline))

    # --- how far behind ----------------------------------------------------------------------

    def behind(self) -> int:
        """How many writes wait for the store."""
        with self._db_lock:
            return int(self._db.execute("SELECT COUNT(*) FROM waiting").fetchone()[0])

    def trouble(self) -> Message | None:
        """What keeps the tables' writes from the store now: its error, a write too long in flight, or None."""
        with self._state:
            error, since = self._error, self._sending_since
        waiting = self.behind()
        if error is not None and waiting:
            code = "tables_store_kept" if self.on_disk else "tables_store_kept_in_memory"
            return Message(code, {"error": why(error), "waiting": waiting}, ERROR)
        if since is not None and time.monotonic() - since >= GRACE_SECONDS:
            return Message("tables_store_behind", {"waiting": waiting}, INFO)
        return None

    def flushed(self, seconds: float) -> bool:
        """Wait up to ``seconds`` until every kept write is in the store (tests, a server stopping)."""
        deadline = time.monotonic() + seconds
        while self.behind():
            if time.monotonic() > deadline:
                return False
            self._kick()
            time.sleep(0.05)
        return True

    def close(self, seconds: float = DEADLINE_SECONDS) -> None:
        """Stop the writer after the write in flight (waited for up to ``seconds``); what waits stays in the spool."""
        with self._state:
            self._closed = True
            self._state.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(seconds)
        if thread is None or not thread.is_alive():
            with self._store_lock:
                store, self._store = self._store, None
            if store is not None:
                store.store.close()

    # --- the spool file ----------------------------------------------------------------------

    def _open_file(self) -> sqlite3.Connection | None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(str(self.path), timeout=self.deadline, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")  # WAL: a committed row survives a process crash
            db.execute(_SCHEMA)
        except (sqlite3.Error, OSError) as error:
            log.warning("shared tables: the spool %s cannot be used (%s); writes wait in memory", self.path, error)
            return None
        return db

    @staticmethod
    def _open_memory() -> sqlite3.Connection:
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        db.execute(_SCHEMA)
        return db

    def _keep(self, key: str, kind: str, body: str, *, replace: bool) -> None:
        verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"  # REPLACE: a new seq, after every older write
        with self._db_lock:
            try:
                self._db.execute(f"{verb} INTO waiting (key, kind, body) VALUES (?, ?, ?)", (key, kind, body))
            except (sqlite3.Error, OSError) as error:
                if not self.on_disk:
                    raise
                log.warning("shared tables: the spool %s refused a write (%s); writes wait in memory", self.path, error)
                self._to_memory()
                self._db.execute(f"{verb} INTO waiting (key, kind, body) VALUES (?, ?, ?)", (key, kind, body))
        self._kick()

    def _to_memory(self) -> None:
        """Under ``_db_lock``: go on in memory, with the writes the file still gives (a full or read-only disk)."""
        memory = self._open_memory()
        try:
            rows = self._db.execute("SELECT key, kind, body FROM waiting ORDER BY seq").fetchall()
        except (sqlite3.Error, OSError):
            rows = []
        memory.executemany("INSERT OR REPLACE INTO waiting (key, kind, body) VALUES (?, ?, ?)", rows)
        self._db.close()
        self._db, self.on_disk = memory, False

    def _oldest(self, limit: int) -> list[tuple[int, str, str]]:
        with self._db_lock:
            rows = self._db.execute("SELECT seq, kind, body FROM waiting ORDER BY seq LIMIT ?", (limit,)).fetchall()
        return [(int(seq), str(kind), str(body)) for seq, kind, body in rows]

    def _forget(self, seq: int) -> None:
        """The store committed the write ``seq``: delete it (a newer state of its table has a newer seq and stays)."""
        with self._db_lock:
            self._db.execute("DELETE FROM waiting WHERE seq = ?", (seq,))

    def _waiting_states(self) -> list[TableState]:
        with self._db_lock:
            texts = [str(text) for (text,) in self._db.execute(
                "SELECT body FROM waiting WHERE kind = ? ORDER BY seq", (STATE,)).fetchall()]
        states = []
        for text in texts:
            try:
                states.append(TableState.from_json(json.loads(text)))
            except ValueError as error:
                log.warning("a spooled table cannot be read: %s", error)
        return states

    # --- the writer --------------------------------------------------------------------------

    def _table_store(self) -> TableStore:
        with self._store_lock:
            if self._store is None:
                self._store = self.opener()
            return self._store

    def _kick(self) -> None:
        with self._state:
            self._kicked = True
            self._closed = False
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="tables-store-writer", daemon=True)
                self._thread.start()
            self._state.notify_all()

    def _run(self) -> None:
        tries = 0
        while True:
            with self._state:
                if self._error is not None and tries:  # a failed try: wait (kicks do not hurry a retry)
                    self._state.wait_for(lambda: self._closed, RETRY_SECONDS[min(tries, len(RETRY_SECONDS)) - 1])
                else:
                    self._state.wait_for(lambda: self._kicked or self._closed)
                if self._closed:
                    self._thread = None
                    return
                self._kicked = False
            try:
                with _drain_lock(self.path):
                    self._drain()
            except Exception as error:  # the writes stay kept; the thread tries again
                tries += 1
                log.warning("shared tables: cannot write to the class store: %s", error)
                with self._state:
                    self._error, self._sending_since = error, None
            else:
                tries = 0
                with self._state:
                    self._error = None

    def _drain(self) -> None:
        while rows := self._oldest(BATCH):
            for seq, kind, body in rows:
                with self._state:
                    if self._closed:
                        return
                    self._sending_since = time.monotonic()
                self._send(kind, body)
                self._forget(seq)
                with self._state:
                    self._sending_since = None

    def _send(self, kind: str, body: str) -> None:
        try:
            data = json.loads(body)
            state = TableState.from_json(data["state"] if kind == ROUND else data)
        except (ValueError, KeyError, TypeError) as error:  # unreadable: never resent, never in the way
            log.warning("shared tables: a spooled %s cannot be read (%s); dropped", kind, error)
            return
        store = self._table_store()
        if kind == ROUND:
            store.record_round(state, dict(data["record"]))
        else:
            store.save_table(state)
