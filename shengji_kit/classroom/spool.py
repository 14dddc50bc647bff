"""Events waiting for the class store, kept on disk so that a reload or a restart loses none of them.

A page's events go first to the spool, a SQLite file of the data folder
(``<data dir>/spool/<class>.sqlite``); one writer thread per kernel and spool then sends them to
the store, oldest first, and deletes them once the store has confirmed them. Each event carries a
unique id that the store keeps once, so an event sent again (after a crash between the store's
commit and the spool's delete, or by two kernels draining one spool) is not doubled. A new
writer (a new kernel, a server restarted) drains what an earlier one left.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from ..data_folder import data_dir
from ..words import ERROR, INFO, Message
from ._wire import event_from_json, event_to_json
from .store_protocol import ClassEvent, ClassStoreAPI, EventRefused, StoreError

log = logging.getLogger(__name__)
STORE_AWAY = "outage_store_away"  # what a page says of any failure of the store but a deadline

SPOOL_FOLDER = "spool"
DEADLINE_SECONDS = 3.0  # the longest a page waits for the store (or for the spool's file lock)
GRACE_SECONDS = 0.4  # an answer waits this long for its write before the page says the work is kept
RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # waits between tries while the store does not answer
BATCH = 200  # events sent in one store transaction
_SAFE_NAME = re.compile(r"[A-Za-z0-9_-]{1,60}")
_SCHEMA = "CREATE TABLE IF NOT EXISTS spool (seq INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE, " \
          "event TEXT NOT NULL)"
# Events the store refused as invalid (too long, unknown kind): kept for a person to read, never resent.
_REFUSED_SCHEMA = "CREATE TABLE IF NOT EXISTS refused (uid TEXT PRIMARY KEY, event TEXT NOT NULL, reason TEXT NOT NULL)"


class NoAnswer(StoreError):
    """The store did not answer within the deadline (a hung or stopped database)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the class store did not answer within {seconds:g} s")
        self.seconds = seconds


def spool_path(class_name: str, folder: Path | None = None, kind: str | None = None) -> Path:
    """The spool file of ``class_name`` in ``folder`` (default: the kit's data folder).

    ``kind`` names another spool of the class (``"tables"``: the shared tables' states), kept in a
    folder of its own under the spool folder so that no class name can make it meet the events' file.
    """
    name = class_name if _SAFE_NAME.fullmatch(class_name) else (
        re.sub(r"[^A-Za-z0-9_-]", "_", class_name)[:40] + "-" + hashlib.sha256(class_name.encode()).hexdigest()[:12]
    )
    spools = (data_dir() if folder is None else folder) / SPOOL_FOLDER
    return (spools if kind is None else spools / kind) / f"{name}.sqlite"


def within(work: Callable[[], object], seconds: float = DEADLINE_SECONDS) -> object:
    """``work()`` run in a worker thread, given up after ``seconds`` (raises ``NoAnswer``).

    A call stuck on a stopped server stays in its daemon thread until the server answers; the
    caller (a page) goes on.
    """
    outcome: list[object] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as error:  # handed to the caller's thread
            failure.append(error)

    worker = threading.Thread(target=run, name="class-store-call", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise NoAnswer(seconds)
    if failure:
        raise failure[0]
    return outcome[0]


def _encode(event: ClassEvent) -> str:
    return json.dumps(event_to_json(event), ensure_ascii=False)


def _decode(text: str) -> ClassEvent:
    return event_from_json(json.loads(text))


class Spool:
    """The events waiting in one spool file, oldest first; in memory when the file cannot be used."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._memory: list[ClassEvent] = []
        self._lock = threading.Lock()
        self._file: Path | None = None
        self._file = path if path is not None and self._prepare(path) else None  # None: memory only
        self.on_disk = self._file is not None  # False once the file refused an event: the rest stay in memory

    def _prepare(self, path: Path) -> bool:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as connection:
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute(_SCHEMA)
                connection.execute(_REFUSED_SCHEMA)
        except (sqlite3.Error, OSError):
            return False
        return True

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(str(self._file or self.path), timeout=DEADLINE_SECONDS, isolation_level=None)
        connection.execute("PRAGMA synchronous = NORMAL")  # WAL: a committed row survives a process crash
        return _Closing(connection)  # type: ignore[return-value]

    def add(self, events: Sequence[ClassEvent]) -> None:
        """Keep ``events`` (after those kept already); in memory when the file refuses them."""
        with self._lock:
            if self.on_disk and not self._memory:
                try:
                    with self._connect() as connection:
                        connection.execute("BEGIN IMMEDIATE")
                        connection.executemany("INSERT OR IGNORE INTO spool (uid, event) VALUES (?, ?)",
                                               [(event.uid, _encode(event)) for event in events])
                        connection.execute("COMMIT")
                    return
                except (sqlite3.Error, OSError):
                    self.on_disk = False  # a full or read-only disk: keep the rest in this process
            self._memory.extend(events)

    def waiting(self, limit: int | None = None) -> list[ClassEvent]:
        """The kept events, oldest first (at most ``limit``). Raises ``sqlite3.Error`` or ``OSError``."""
        found: list[ClassEvent] = []
        if self._file is not None:
            with self._connect() as connection:
                rows = connection.execute("SELECT event FROM spool ORDER BY seq LIMIT ?", (limit or -1,)).fetchall()
            found = [_decode(text) for (text,) in rows]
        with self._lock:
            found.extend(self._memory)
        return found[:limit] if limit else found

    def remove(self, uids: Iterable[str]) -> None:
        """Forget the events the store has confirmed."""
        gone = set(uids)
        if self._file is not None:
            with self._connect() as connection:
                connection.executemany("DELETE FROM spool WHERE uid = ?", [(uid,) for uid in gone])
        with self._lock:
            self._memory = [event for event in self._memory if event.uid not in gone]

    def set_aside(self, event: ClassEvent, reason: str) -> None:
        """Move an event the store refused out of the queue (into the file's ``refused`` table), so the
        events after it are not held back by it."""
        log.warning("the class store refused an event of %s (%s): set aside", event.learner, reason)
        if self._file is not None:
            with self._connect() as connection:
                connection.execute("BEGIN IMMEDIATE")
                connection.execute("INSERT OR IGNORE INTO refused (uid, event, reason) VALUES (?, ?, ?)",
                                   (event.uid, _encode(event), reason[:2000]))
                connection.execute("DELETE FROM spool WHERE uid = ?", (event.uid,))
                connection.execute("COMMIT")
        with self._lock:
            self._memory = [kept for kept in self._memory if kept.uid != event.uid]

    def refused(self) -> list[tuple[ClassEvent, str]]:
        """The events set aside, with the store's reason."""
        if self._file is None:
            return []
        with self._connect() as connection:
            rows = connection.execute("SELECT event, reason FROM refused ORDER BY rowid").fetchall()
        return [(_decode(text), reason) for text, reason in rows]

    def uids(self) -> set[str]:
        """The ids of the kept events."""
        return {event.uid for event in self.waiting()}


class _Closing:
    """A sqlite3 connection closed (not only committed) when its ``with`` block ends."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> sqlite3.Connection:
        return self.connection

    def __exit__(self, *exc: object) -> None:
        self.connection.close()


class SpoolWriter:
    """A kernel's one writer of one spool: sends the kept events to the store in order, in the background.

    ``kick()`` asks for a round and gives its ticket; ``wait(ticket, seconds)`` tells whether the
    store confirmed everything kept before it. ``trouble()`` is what the page says meanwhile.
    """

    def __init__(self, spool: Spool, opener: Callable[[], ClassStoreAPI]) -> None:
        self.spool = spool
        self.opener = opener
        self._state = threading.Condition()
        self._asked = self._done = self._failed = 0
        self._error: Exception | None = None
        self._thread: threading.Thread | None = None
        self._listeners: list[Callable[[], None]] = []
        self._closed = False
        self._asked_at: dict[int, float] = {}  # when each round not yet ended was asked for

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (from the writer's thread) whenever a round ends."""
        with self._state:
            self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        with self._state:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def kick(self) -> int:
        """Ask for a round (after the one in flight); its ticket."""
        with self._state:
            self._asked += 1
            self._asked_at[self._asked] = time.monotonic()
            self._closed = False
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="class-store-writer", daemon=True)
                self._thread.start()
            self._state.notify_all()
            return self._asked

    def close(self, seconds: float = DEADLINE_SECONDS) -> None:
        """Let the thread end after its round (waited for up to ``seconds``); a later ``kick`` starts it again."""
        with self._state:
            self._closed = True
            self._state.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(seconds)

    def wait(self, ticket: int, seconds: float) -> bool:
        """Wait up to ``seconds`` for round ``ticket``; True when it wrote everything (False: failed or late)."""
        with self._state:
            self._state.wait_for(lambda: self._done >= ticket or self._failed >= ticket, seconds)
            return self._done >= ticket

    def trouble(self) -> Message | None:
        """What keeps the spool from the store now: its error, a round too long in flight, or None."""
        with self._state:
            error, asked = self._error, min(self._asked_at.values(), default=None)
        if error is not None:
            return Message("outage_kept" if self.spool.on_disk else "outage_kept_in_page", {"error": why(error)}, ERROR)
        if asked is not None and time.monotonic() - asked >= GRACE_SECONDS:
            return Message("outage_waiting", {}, INFO)
        return None

    def _run(self) -> None:
        tries = 0
        while True:
            with self._state:
                while max(self._done, self._failed) >= self._asked:  # every round asked for has ended
                    if self._closed:
                        self._thread = None
                        return
                    retry = self._error is not None
                    woken = self._state.wait(RETRY_SECONDS[min(tries, len(RETRY_SECONDS) - 1)] if retry else None)
                    if retry and not woken:
                        self._asked += 1  # try again on its own: the store may be back
                ticket = self._asked
            try:
                self._drain()
            except Exception as error:  # any failure leaves the events kept; the thread goes on
                if tries == 0:  # the driver's words go to the log, once an outage; the page says ``why``'s
                    log.warning("the class store cannot take the kept work (it stays in the spool): %s", error)
                tries += 1
                with self._state:
                    self._error = error
                    self._failed = ticket
                    self._state.notify_all()
            else:
                tries = 0
                with self._state:
                    self._error, self._done = None, ticket
                    for done in [number for number in self._asked_at if number <= ticket]:
                        del self._asked_at[done]
                    self._state.notify_all()
            self._tell()

    def _drain(self) -> None:
        store: ClassStoreAPI | None = None
        while batch := self.spool.waiting(BATCH):
            store = store or self.opener()
            try:
                store.record(batch)
            except EventRefused:  # one bad event refuses the batch: send them one by one, set the bad ones aside
                for event in batch:
                    try:
                        store.record([event])
                    except EventRefused as error:
                        self.spool.set_aside(event, str(error))
                    else:
                        self.spool.remove([event.uid])
            else:
                self.spool.remove(event.uid for event in batch)

    def _tell(self) -> None:
        with self._state:
            listeners = list(self._listeners)
        for listener in listeners:
            with contextlib.suppress(Exception):  # a page's redraw must not stop the writer
                listener()


def why(error: BaseException) -> Message:
    """An error of the store in a learner's words: a deadline, or that the store is away, never the error's own text.

    The text of a driver ("connection failed: connection to server at …") means nothing to a
    learner and tells a stranger about the server: it goes to the log (the caller's), not the page.
    """
    if isinstance(error, NoAnswer):
        return Message("outage_no_answer", {"seconds": f"{error.seconds:g}"})
    return Message(STORE_AWAY, {})


_writers: dict[tuple[int, Path], SpoolWriter] = {}
_writers_lock = threading.Lock()


def forget_writers() -> None:
    """Stop this process's writers and forget them (the store's settings changed; tests)."""
    with _writers_lock:
        for writer in _writers.values():
            writer.close()
        _writers.clear()


def writer_for(path: Path, opener: Callable[[], ClassStoreAPI]) -> SpoolWriter:
    """The kernel's writer of the spool at ``path`` (made on first use); it writes to ``opener``'s store."""
    key = (os.getpid(), path)
    with _writers_lock:
        writer = _writers.get(key)
        if writer is None:
            writer = _writers[key] = SpoolWriter(Spool(path), opener)
        else:
            writer.opener = opener  # the newest page's store
        return writer
