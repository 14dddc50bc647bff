"""A learner's progress kept in the class store: read once as events, then written as events.

``load`` derives the records from the learner's stored events and those still in the spool (and,
once, reads the old per-learner progress files into the store); the trainer's keeper reads the
whole class's events in that one read, which the ratings replay (puzzle ratings are shared).
``record`` hands one answer's events to the recorder (the spool, then the store in the
background), with the answer given, whether it was right and the seconds since the puzzle was
shown. A store that does not answer gives a notice that the work is kept; nothing the page calls
waits for it longer than a deadline.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ..classroom.identity import current_learner
from ..classroom.open import open_store
from ..classroom.recorder import UNREADABLE, LearnerRecorder
from ..classroom.spool import NoAnswer, why
from ..classroom.store_protocol import ATTEMPT, ClassEvent, ClassStoreAPI
from ..words import ERROR, Message
from .answer_detail import AnswerDetail
from .events import ProgressEvent, derive
from .progress import Progress
from .ratings_from_events import RatingEvent, from_class

__all__ = ["AnswerDetail", "ClassProgress"]

log = logging.getLogger(__name__)

TRAINER_GROUP = "trainer"  # the group of a puzzle the bank no longer has


class ClassProgress:
    """One learner's progress in the class store (``learner`` None: the kernel's learner at each event).

    The spool is kept in ``legacy_folder``'s parent (the page's data folder), else in the kit's data folder.
    """

    def __init__(self, learner: str | None = None, groups: Mapping[str, str] | None = None,
                 opener: Callable[[], ClassStoreAPI] = open_store, legacy_folder: Path | None = None,
                 group: str = TRAINER_GROUP, whole_class: bool = True) -> None:
        self.learner = learner
        self.whole_class = whole_class
        """Read the whole class's events (the trainer: puzzle ratings are shared), not only the learner's."""
        self.loaded: list[ClassEvent] = []
        """The events the last ``load`` read (the store's and the spool's)."""
        self.groups = dict(groups or {})
        self.group = group  # the dashboard column of puzzles ``groups`` does not name
        self.recorder = LearnerRecorder(opener, folder=None if legacy_folder is None else legacy_folder.parent)
        self.legacy_folder = legacy_folder
        self.import_notices: list[Message] = []

    @property
    def notices(self) -> list[Message]:
        """Files set aside during the import, then the store's trouble (or its recovery)."""
        problem = self.recorder.problem
        return [*self.import_notices, *([problem] if problem else [])]

    @property
    def pending(self) -> int:
        """How many of this page's events wait in the spool for the store."""
        return len(self.recorder.pending)

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` when a background write ends (a widget redraws its notice)."""
        self.recorder.subscribe(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        self.recorder.unsubscribe(listener)

    def load(self) -> Progress:
        """The learner's progress as stored, with what still waits in the spool (each store call has a deadline).

        When the store cannot be read the progress holds only the spool's events, with a notice. With
        ``whole_class`` the one read is the class's events, kept for ``rating_events``.
        """
        recorder = self.recorder
        recorder.problem = None
        recorder.flush()  # what an earlier page or kernel left goes first (waited for up to the grace)
        learner = self.learner or current_learner()
        stored: list[ClassEvent] = []
        store = recorder.store()
        if store is not None and self.legacy_folder is not None:
            self._import_legacy(store, self.legacy_folder)
        class_name = recorder.class_name
        waiting = [e for e in recorder.waiting() if e.class_name == class_name]  # before the store: an event
        if store is not None and recorder.problem is None:                       # on its way is in one of the two
            stored = self._read(store, learner)
        known = {event.uid for event in stored if event.uid}
        self.loaded = [*stored, *(event for event in waiting if event.uid not in known)]
        mine = [event for event in self.loaded if event.learner == learner]
        return derive(ProgressEvent(e.item, e.kind, e.at.isoformat()) for e in mine)

    def rating_events(self, learner: str) -> list[RatingEvent]:
        """The events the last ``load`` read, for the ratings: the class's with ``whole_class`` (puzzle
        ratings are the class's), else the learner's; the store is not asked again."""
        return from_class(self.loaded)

    def record(self, puzzle: str, kinds: Sequence[str], detail: AnswerDetail) -> bool:
        """Hand in the events of one thing done on ``puzzle``; False (a notice says why) when they wait."""
        new = []
        for kind in kinds:
            attempt = kind == ATTEMPT
            new.append(self.recorder.event(
                puzzle, self.groups.get(puzzle, self.group), kind, answer=detail.answer if attempt else "",
                correct=detail.correct if attempt else None, seconds=detail.seconds, learner=self.learner,
            ))
        return self.recorder.hand_in(new)

    def take_over(self, other: ClassProgress) -> None:
        """Keep the events the page's previous learner could not write yet."""
        self.recorder.take_over(other.recorder)

    def _read(self, store: ClassStoreAPI, learner: str) -> list[ClassEvent]:
        """The stored events (none, with a notice, when the store does not answer in time): the class's with
        ``whole_class``, else the learner's; a store that gives a learner only their own (the hub) gives those."""
        class_name = self.recorder.class_name
        for whose in (None, learner) if self.whole_class else (learner,):
            try:
                stored = self.recorder.read(functools.partial(store.events, class_name, learner=whose))
            except (ValueError, OSError) as error:
                if whose is None and not isinstance(error, NoAnswer):  # refused: the learner's own, then
                    log.info("the class store gives %s only their own events: %s", learner, error)
                    continue
                log.warning("the class store cannot give %s's progress: %s", learner, error)
                self.recorder.problem = Message(UNREADABLE, {"error": why(error)}, ERROR)
                return []
            return [each.event for each in stored]
        return []

    def _import_legacy(self, store: ClassStoreAPI, folder: Path) -> None:
        """Read the single-learner kit's progress files into a SQL store (once per file, ever)."""
        from ..classroom.store import SQLClassStore  # SQLAlchemy loads with the first store

        if isinstance(store, SQLClassStore):
            from .import_progress import import_progress_files

            class_name = self.recorder.class_name
            try:
                report = self.recorder.read(lambda: import_progress_files(store, folder, self.groups, class_name))
            except (ValueError, OSError) as error:  # the store failed meanwhile: try again next time
                log.warning("old progress files cannot be read into the class store yet: %s", error)
                self.recorder.problem = Message(UNREADABLE, {"error": why(error)}, ERROR)
                return
            self.import_notices = [
                Message("store_import_set_aside", {"backup": str(backup)}, ERROR) for backup in report.set_aside
            ]
