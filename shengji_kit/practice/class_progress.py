"""A learner's trainer progress kept in the class store: read as events, written as events.

``load`` derives the records from the learner's stored events (and, once, reads the old
per-learner progress files into the store); ``save`` writes what changed since, with the answer
given, whether it was right and the seconds since the puzzle was shown, then reads back what
other tabs wrote. A store that cannot be reached gives a notice; the events stay in the page
and are written with the next save that succeeds.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..classroom.open import open_store
from ..classroom.recorder import LearnerRecorder
from ..classroom.store_protocol import ATTEMPT, ClassEvent, ClassStoreAPI
from ..data_folder import data_dir
from ..words import ERROR, Message
from .events import ProgressEvent, changes, derive, now_stamp
from .progress import Progress

TRAINER_GROUP = "trainer"  # the group of a puzzle the bank no longer has


@dataclass(frozen=True)
class AnswerDetail:
    """What a save records besides the counts: the answer given, if it was right, the time taken."""

    answer: str = ""
    correct: bool | None = None
    seconds: float | None = None


class ClassProgress:
    """One learner's progress in the class store, for a ``TrainerSession``."""

    def __init__(self, learner: str, groups: Mapping[str, str] | None = None,
                 opener: Callable[[], ClassStoreAPI] = open_store, legacy_folder: Path | None = None) -> None:
        self.learner = learner
        self.groups = dict(groups or {})
        self.recorder = LearnerRecorder(opener)
        self.legacy_folder = legacy_folder
        self.import_notices: list[Message] = []
        self._known = Progress()  # what the store held at the last load or save, with this page's events

    @property
    def notices(self) -> list[Message]:
        """Files set aside during the import, then the store's trouble (or its recovery)."""
        problem = self.recorder.problem
        return [*self.import_notices, *([problem] if problem else [])]

    @property
    def pending(self) -> int:
        """How many events wait in the page for the store."""
        return len(self.recorder.pending)

    def load(self) -> Progress:
        """The learner's progress as stored (empty, with a notice, when the store cannot be read)."""
        store = self.recorder.store()
        if store is None:
            return Progress()
        self._import_legacy(store)
        waiting = self.recorder.pending and not self.recorder.flush()  # a previous learner's, taken over
        progress = self._read(store)
        if progress is None:
            return Progress()
        if not waiting:
            self.recorder.problem = None
        self._known = copy.deepcopy(progress)
        return progress

    def save(self, progress: Progress, detail: AnswerDetail | None = None) -> bool:
        """Write what changed in ``progress``; afterwards it holds every stored event (other tabs' too).

        False, with a notice, when the store cannot be written (the events wait for the next save).
        """
        detail = detail or AnswerDetail()
        self.recorder.pending.extend(self._event(change, detail) for change in changes(progress, self._known, now_stamp()))
        self._known = copy.deepcopy(progress)
        if not self.recorder.flush():
            return False
        store = self.recorder.store()
        merged = self._read(store) if store is not None else None
        if merged is not None:
            progress.records = merged.records
            self._known = copy.deepcopy(merged)
        return True

    def take_over(self, other: ClassProgress) -> None:
        """Keep the events the page's previous learner could not write yet."""
        self.recorder.take_over(other.recorder)

    def _event(self, change: ProgressEvent, detail: AnswerDetail) -> ClassEvent:
        attempt = change.kind == ATTEMPT
        return self.recorder.event(
            change.puzzle, self.groups.get(change.puzzle, TRAINER_GROUP), change.kind,
            answer=detail.answer if attempt else "", correct=detail.correct if attempt else None,
            seconds=detail.seconds, learner=self.learner,
        )

    def _read(self, store: ClassStoreAPI) -> Progress | None:
        try:
            stored = store.events(self.recorder.class_name, learner=self.learner)
        except (ValueError, OSError) as error:
            self.recorder.problem = Message("store_unreadable", {"error": " ".join(str(error).split())[:200]}, ERROR)
            return None
        return derive(ProgressEvent(e.event.item, e.event.kind, e.event.at.isoformat()) for e in stored)

    def _import_legacy(self, store: ClassStoreAPI) -> None:
        """Read the single-learner kit's progress files into a SQL store (once per file, ever)."""
        from ..classroom.store import SQLClassStore  # SQLAlchemy loads with the first store

        if isinstance(store, SQLClassStore):
            folder = self.legacy_folder or data_dir() / "progress"
            from .import_progress import import_progress_files

            try:
                report = import_progress_files(store, folder, self.groups, self.recorder.class_name)
            except (ValueError, OSError) as error:  # the store failed meanwhile: try again next time
                why = " ".join(str(error).split())[:200]
                self.recorder.problem = Message("store_unreadable", {"error": why}, ERROR)
                return
            self.import_notices = [
                Message("store_import_set_aside", {"backup": str(backup)}, ERROR) for backup in report.set_aside
            ]
