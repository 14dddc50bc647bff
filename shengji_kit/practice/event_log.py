"""Where progress lives and how it is written: one append-only event log per learner, under a file lock.

The folder is ``$SHENGJI_KIT_DATA_DIR`` when set (tests and CI), else platformdirs'
``user_data_dir("shengji-kit")``. Each answer appends its events (``events.py``) while holding
an ``fcntl`` lock, so two tabs or two processes never lose each other's work; counts are derived
from the whole log when it is loaded. A version-1 ``<learner>.json`` file is imported as events once, when
the log does not exist yet, and left in place. Nothing is created until the first save. A damaged
file is renamed with a timestamp suffix and reported, never overwritten; a file that cannot be
read or set aside is left alone and saving is switched off. Every failure becomes a ``Message``.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from ..data_folder import APP_NAME as APP_NAME
from ..data_folder import DATA_DIR_ENV, set_aside
from ..data_folder import data_dir as data_dir
from ..words import ERROR, Message
from .events import ProgressEvent, derive, import_events, now_stamp, parse_log
from .progress import Progress, ProgressFormatError
from .ratings_from_events import RatingEvent, from_log

ENV_VAR = DATA_DIR_ENV
DEFAULT_LEARNER = "default"
LOG_SUFFIX = ".jsonl"
LEGACY_SUFFIX = ".json"
LOCK_SUFFIX = ".lock"
_UNSAFE = re.compile(r"[^\w.-]+")


def learner_slug(learner: str) -> str:
    """A file-name-safe form of a learner's name (letters, digits, ``_ . -``)."""
    slug = _UNSAFE.sub("_", learner.strip()).strip("._")
    return slug[:64] or DEFAULT_LEARNER


def progress_path(learner: str = DEFAULT_LEARNER, directory: Path | None = None) -> Path:
    """The progress log of ``learner``: ``<data dir>/progress/<learner>.jsonl``."""
    return (directory or data_dir()) / "progress" / f"{learner_slug(learner)}{LOG_SUFFIX}"


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _why(error: OSError) -> str:
    return error.strerror or type(error).__name__


class _Damaged(Exception):
    """A progress file holds something that is not progress (it is set aside)."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path


class ProgressStore:
    """Loads and saves one learner's progress log; ``notices`` say what went wrong, if anything."""

    def __init__(self, path: Path, clock: Callable[[], str] = _stamp, learner: str | None = None) -> None:
        self.path = path
        self.learner = learner
        """Whose log this is, when known (it seeds the order a learner sees choices in)."""
        self.legacy_path = path.with_suffix(LEGACY_SUFFIX)
        self.lock_path = path.with_suffix(LOCK_SUFFIX)
        self.clock = clock
        self.notices: list[Message] = []
        self.can_save = True
        self.loaded: list[ProgressEvent] = []
        """The events the last ``load`` read (the ratings replay them)."""

    @classmethod
    def for_learner(cls, learner: str = DEFAULT_LEARNER, directory: Path | None = None) -> ProgressStore:
        return cls(progress_path(learner, directory), learner=learner)

    def load(self) -> Progress:
        """The saved progress; empty when there is none or it cannot be used (with a notice)."""
        self.loaded = []
        if not self.path.exists() and not self.legacy_path.exists():
            return Progress()  # nothing saved there yet
        try:
            with self._lock(shared_ok=True):
                events = self._read()
        except OSError as error:
            self._refuse_saving("trainer_progress_unreadable", error)
            return Progress()
        self.loaded = events or []
        return derive(self.loaded)

    def rating_events(self, learner: str) -> list[RatingEvent]:
        """The events the last ``load`` read, as ``learner``'s, for the ratings (the log is not read again)."""
        return from_log(learner, self.loaded)

    def record(self, puzzle: str, kinds: Sequence[str], detail: object = None) -> bool:
        """Append one answer's events to the log, read nothing back (``detail`` is for the class store)."""
        if not self.can_save:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._lock():
                if not self.path.exists() and self.legacy_path.exists() and self._read() is None:
                    return False
                self._append([ProgressEvent(puzzle, kind, now_stamp()) for kind in kinds])
        except OSError as error:
            where = str(self.path.parent)
            self._report(Message("trainer_progress_unwritable", {"path": where, "error": _why(error)}, ERROR))
            return False
        self.notices = [n for n in self.notices if n.code != "trainer_progress_unwritable"]
        return True

    @contextmanager
    def _lock(self, shared_ok: bool = False) -> Iterator[None]:
        """Hold the learner's lock file; a reader in a read-only folder goes on without it."""
        try:
            handle = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            if not shared_ok:
                raise
            yield
            return
        try:
            if hasattr(fcntl, "flock"):  # Pyodide's fcntl is empty: one page, one writer, nothing to lock
                fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            os.close(handle)  # closing releases the lock

    def _read(self) -> list[ProgressEvent] | None:
        """Every logged event (the version-1 file imported first if need be); None when unreadable."""
        try:
            if not self.path.exists() and self.legacy_path.exists():
                self._import_legacy()
            try:
                return parse_log(self.path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                return []
            except (UnicodeDecodeError, ProgressFormatError):
                raise _Damaged(self.path) from None
        except _Damaged as damaged:
            return [] if self._set_aside(damaged.path) else None
        except OSError as error:
            self._refuse_saving("trainer_progress_unreadable", error)
            return None

    def _import_legacy(self) -> None:
        """Turn the version-1 JSON file into the first events of the log (atomically)."""
        try:
            legacy = Progress.from_json(json.loads(self.legacy_path.read_text(encoding="utf-8")))
        except (UnicodeDecodeError, ValueError):
            raise _Damaged(self.legacy_path) from None
        lines = "".join(event.to_line() for event in import_events(legacy, now_stamp()))
        handle, temp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as sink:
                sink.write(lines.encode("utf-8"))
                sink.flush()
                os.fsync(sink.fileno())
            os.replace(temp, self.path)
        finally:
            Path(temp).unlink(missing_ok=True)
        self._sync_folder()

    def _append(self, events: list[ProgressEvent]) -> None:
        """Append the events in one write and make them durable."""
        if not events and self.path.exists():
            return
        created = not self.path.exists()
        handle = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(handle, "".join(event.to_line() for event in events).encode("utf-8"))
            os.fsync(handle)
        finally:
            os.close(handle)
        if created:
            self._sync_folder()

    def _set_aside(self, damaged: Path) -> bool:
        """Rename a damaged file to ``<name>.corrupt-<timestamp>`` and report it; False if it cannot be."""
        try:
            backup = set_aside(damaged, self.clock())
        except OSError as error:
            self._refuse_saving("trainer_progress_stuck", error, damaged)
            return False
        self._report(Message("trainer_progress_corrupt", {"backup": str(backup)}, ERROR))
        return True

    def _refuse_saving(self, code: str, error: OSError, path: Path | None = None) -> None:
        self.can_save = False
        self._report(Message(code, {"path": str(path or self.path), "error": _why(error)}, ERROR))

    def _report(self, notice: Message) -> None:
        if notice not in self.notices:
            self.notices.append(notice)

    def _sync_folder(self) -> None:
        """Make a new or renamed file's name durable where the system allows it."""
        try:
            folder = os.open(self.path.parent, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(folder)
        except OSError:
            pass
        finally:
            os.close(folder)
