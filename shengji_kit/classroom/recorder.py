"""Writing one page's events to the class store, keeping whatever could not be written yet.

A learner's page (the trainer, a lesson's exercise block) hands each thing done to a
``LearnerRecorder``. When the store cannot be reached the events stay in the page and go with
the next write that succeeds; ``problem`` then holds the message the page shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from ..words import ERROR, OK, Message
from .identity import current_learner
from .open import class_name as configured_class
from .open import open_store
from .store_protocol import ClassEvent, ClassStoreAPI, StoreError

UNWRITABLE, UNREADABLE, SAVED_AGAIN = "store_unwritable", "store_unreadable", "store_saved_again"


def answer_as_text(value: object) -> str:
    """An answer as one line of text: card groups are joined with `` | ``, anything else as written."""
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence):
        return " | ".join(answer_as_text(part) for part in value)
    return str(value)


class LearnerRecorder:
    """Records events of the current learner (or a given one) in the class store, in order."""

    def __init__(self, opener: Callable[[], ClassStoreAPI] = open_store, class_name: str | None = None) -> None:
        self.opener = opener
        self.class_name = class_name or configured_class()
        self.pending: list[ClassEvent] = []
        self.problem: Message | None = None

    def event(self, item: str, group: str, kind: str, *, answer: str = "", correct: bool | None = None,
              seconds: float | None = None, learner: str | None = None) -> ClassEvent:
        """A new event happening now (not yet recorded)."""
        return ClassEvent(
            learner=learner or current_learner(), item=item, group=group, kind=kind, at=datetime.now(UTC),
            answer=answer, correct=correct, seconds=None if seconds is None else round(seconds, 1),
            class_name=self.class_name,
        )

    def add(self, item: str, group: str, kind: str, *, answer: str = "", correct: bool | None = None,
            seconds: float | None = None) -> bool:
        """Record one event of the current learner now (after any still waiting); False when it has to wait."""
        self.pending.append(self.event(item, group, kind, answer=answer, correct=correct, seconds=seconds))
        return self.flush()

    def flush(self) -> bool:
        """Write every waiting event; True when none is left waiting."""
        if not self.pending:
            return True
        try:
            self.opener().record(list(self.pending))
        except (StoreError, OSError) as error:
            self.problem = Message(UNWRITABLE, {"error": _why(error)}, ERROR)
            return False
        self.pending.clear()
        self.problem = Message(SAVED_AGAIN, {}, OK) if self.problem else None
        return True

    def store(self) -> ClassStoreAPI | None:
        """The opened store, or None (with ``problem`` set) when it cannot be opened."""
        try:
            return self.opener()
        except (StoreError, OSError) as error:  # with events waiting, say that they are kept
            self.problem = Message(UNWRITABLE if self.pending else UNREADABLE, {"error": _why(error)}, ERROR)
            return None

    def take_over(self, other: LearnerRecorder) -> None:
        """Keep the events another recorder (the page's previous learner) could not write yet."""
        self.pending[:0] = other.pending
        other.pending = []
        if other.problem and other.problem.code == UNWRITABLE:
            self.problem = other.problem


def _why(error: Exception) -> str:
    return " ".join(str(error).split())[:200] or type(error).__name__
