"""A learner's progress kept in the class store: read once as events, then written as events.

``load`` derives the records from the learner's stored events (and, once, reads the old
per-learner progress files into the store); ``record`` writes one answer's events straight away,
with the answer given, whether it was right and the seconds since the puzzle was shown. A store
that cannot be reached gives a notice; the events stay in the page and go with the next write.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..classroom.identity import current_learner
from ..classroom.open import open_store
from ..classroom.recorder import LearnerRecorder
from ..classroom.store_protocol import ATTEMPT, ClassStoreAPI
from ..words import ERROR, Message
from .events import ProgressEvent, derive
from .progress import Progress

TRAINER_GROUP = "trainer"  # the group of a puzzle the bank no longer has


@dataclass(frozen=True)
class AnswerDetail:
    """What a save records besides the counts: the answer given, if it was right, the time taken."""

    answer: str = ""
    correct: bool | None = None
    seconds: float | None = None


class ClassProgress:
    """One learner's progress in the class store (``learner`` None: the kernel's learner at each event)."""

    def __init__(self, learner: str | None = None, groups: Mapping[str, str] | None = None,
                 opener: Callable[[], ClassStoreAPI] = open_store, legacy_folder: Path | None = None,
                 group: str = TRAINER_GROUP) -> None:
        self.learner = learner
        self.groups = dict(groups or {})
        self.group = group  # the dashboard column of puzzles ``groups`` does not name
        self.recorder = LearnerRecorder(opener)
        self.legacy_folder = legacy_folder
        self.import_notices: list[Message] = []

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
        if self.legacy_folder is not None:
            self._import_legacy(store, self.legacy_folder)
        waiting = self.recorder.pending and not self.recorder.flush()  # a previous learner's, taken over
        progress = self._read(store)
        if progress is None:
            return Progress()
        if not waiting:
            self.recorder.problem = None
        return progress

    def record(self, puzzle: str, kinds: Sequence[str], detail: AnswerDetail) -> bool:
        """Write the events of one thing done on ``puzzle``; False, with a notice, when they have to wait."""
        for kind in kinds:
            attempt = kind == ATTEMPT
            self.recorder.pending.append(self.recorder.event(
                puzzle, self.groups.get(puzzle, self.group), kind, answer=detail.answer if attempt else "",
                correct=detail.correct if attempt else None, seconds=detail.seconds, learner=self.learner,
            ))
        return self.recorder.flush()

    def take_over(self, other: ClassProgress) -> None:
        """Keep the events the page's previous learner could not write yet."""
        self.recorder.take_over(other.recorder)

    def _read(self, store: ClassStoreAPI) -> Progress | None:
        try:
            stored = store.events(self.recorder.class_name, learner=self.learner or current_learner())
        except (ValueError, OSError) as error:
            self.recorder.problem = Message("store_unreadable", {"error": " ".join(str(error).split())[:200]}, ERROR)
            return None
        return derive(ProgressEvent(e.event.item, e.event.kind, e.event.at.isoformat()) for e in stored)

    def _import_legacy(self, store: ClassStoreAPI, folder: Path) -> None:
        """Read the single-learner kit's progress files into a SQL store (once per file, ever)."""
        from ..classroom.store import SQLClassStore  # SQLAlchemy loads with the first store

        if isinstance(store, SQLClassStore):
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
