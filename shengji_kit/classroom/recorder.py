"""Writing one page's events to the class store without ever making the page wait for it.

A learner's page (the trainer, a lesson's exercise block) hands each thing done to a
``LearnerRecorder``. The events go first to the data folder's spool (``spool.py``), then the
kernel's writer thread sends them to the store, in order; the page waits at most
``GRACE_SECONDS`` for that. While the store does not answer, ``problem`` says the work is kept and
will be written; a reload, a kernel or a server restart loses nothing (the next recorder drains
the spool first). Every call a page makes to the store itself has a deadline (``read``).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar, cast

from ..words import ERROR, OK, Message
from .identity import current_learner
from .open import class_name as configured_class
from .open import open_store
from .spool import DEADLINE_SECONDS, GRACE_SECONDS, SpoolWriter, spool_path, why, within, writer_for
from .store_protocol import ClassEvent, ClassStoreAPI, StoreError
from .store_protocol import answer_as_text as answer_as_text  # where it was first

UNWRITABLE, UNREADABLE, SAVED_AGAIN = "store_unwritable", "store_unreadable", "store_saved_again"
KEPT = ("outage_kept", "outage_kept_in_page", "outage_waiting")  # the notices of work kept for the store
T = TypeVar("T")
log = logging.getLogger(__name__)
OPEN_SECONDS = 10.0  # opening may create or upgrade the schema; a server that is down still fails in ~3 s


class LearnerRecorder:
    """Records events of the current learner (or a given one) in the class store, in order, via the spool.

    ``folder`` holds the spool (default: the kit's data folder); making a recorder starts sending
    whatever an earlier page or kernel left there.
    """

    def __init__(self, opener: Callable[[], ClassStoreAPI] = open_store, class_name: str | None = None,
                 folder: Path | None = None) -> None:
        self.opener = opener
        self.class_name = class_name or configured_class()
        self.writer: SpoolWriter = writer_for(spool_path(self.class_name, folder), opener)
        self._mine: list[ClassEvent] = []  # this page's events not yet confirmed by the store
        self._note: Message | None = None  # a reading problem the page met
        self._troubled = self._said_saved = False
        self.writer.kick()

    def event(self, item: str, group: str, kind: str, *, answer: str = "", correct: bool | None = None,
              seconds: float | None = None, learner: str | None = None) -> ClassEvent:
        """A new event happening now (not yet recorded), with its own unique id."""
        return ClassEvent(
            learner=learner or current_learner(), item=item, group=group, kind=kind, at=datetime.now(UTC),
            answer=answer, correct=correct, seconds=None if seconds is None else round(seconds, 1),
            class_name=self.class_name, uid=uuid.uuid4().hex,
        )

    def add(self, item: str, group: str, kind: str, *, answer: str = "", correct: bool | None = None,
            seconds: float | None = None) -> bool:
        """Record one event of the current learner now (after any still waiting); False when it has to wait."""
        return self.hand_in([self.event(item, group, kind, answer=answer, correct=correct, seconds=seconds)])

    def hand_in(self, events: Sequence[ClassEvent]) -> bool:
        """Keep ``events`` in the spool and have them written; True when the store took them within the grace."""
        if self._said_saved:  # "saved again" was shown: a new answer clears it
            self._troubled = self._said_saved = False
        self.writer.spool.add(events)
        self._mine.extend(events)
        return self.flush()

    def flush(self, seconds: float = GRACE_SECONDS) -> bool:
        """Have every kept event written, waiting up to ``seconds``; True when none is left waiting."""
        return self.writer.wait(self.writer.kick(), seconds) and not self.pending

    @property
    def pending(self) -> list[ClassEvent]:
        """This page's events the store has not confirmed yet (they are in the spool)."""
        if not self._mine:
            return []
        try:
            kept = self.writer.spool.uids()
        except Exception:  # an unreadable spool: assume they all still wait
            return list(self._mine)
        self._mine = [event for event in self._mine if event.uid in kept]
        return list(self._mine)

    def waiting(self, learner: str | None = None) -> list[ClassEvent]:
        """Every event kept in the spool for the store (of one learner if given), oldest first."""
        try:
            kept = self.writer.spool.waiting()
        except Exception:  # an unreadable spool: what this page handed in
            kept = list(self._mine)
        return [event for event in kept if learner is None or event.learner == learner]

    @property
    def problem(self) -> Message | None:
        """What the page says about the store now: work kept for it, its recovery, or a reading problem."""
        trouble = self.writer.trouble()
        if trouble is not None and (self._mine or self.waiting()):
            self._troubled = True
            return trouble
        if self._troubled and not self.pending and not self.waiting():
            self._said_saved = True
            return Message(SAVED_AGAIN, {}, OK)
        return self._note

    @problem.setter
    def problem(self, note: Message | None) -> None:
        self._note = note

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (from the writer's thread) when a write ends: the page may redraw its notice."""
        self.writer.subscribe(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        self.writer.unsubscribe(listener)

    def read(self, work: Callable[[], T], seconds: float = DEADLINE_SECONDS) -> T:
        """``work()`` (a call to the store) given up after ``seconds``: raises ``NoAnswer``, a ``StoreError``."""
        return cast(T, within(work, seconds))

    def store(self) -> ClassStoreAPI | None:
        """The opened store (within ``OPEN_SECONDS``), or None (with ``problem`` set) when it cannot be opened."""
        try:
            return self.read(self.opener, OPEN_SECONDS)
        except (StoreError, OSError) as error:
            log.warning("the class store cannot be opened: %s", error)
            self._note = Message(UNREADABLE, {"error": why(error)}, ERROR)
            return None

    def take_over(self, other: LearnerRecorder) -> None:
        """Keep the events another recorder (the page's previous learner) could not write yet."""
        left = other.pending
        if other.writer is not self.writer:
            self.writer.spool.add(left)
            self.writer.kick()
        self._mine[:0] = left
        other._mine = []
        self._troubled = self._troubled or other._troubled
