"""Where a page keeps a learner's progress: the class store where it can run, else a progress file.

The class store writes through a SQLite spool and a writer thread; in the browser (Pyodide, the
static site) there is neither, so a page there keeps its progress in a progress log instead
(``event_log.ProgressStore``). The class store's modules are imported only when one is used.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from ..classroom.identity import current_learner
from ..classroom.settings import class_store_works
from ..classroom.store_protocol import ClassStoreAPI
from .event_log import ProgressStore
from .session import ProgressKeeper

OPENER = Callable[[], ClassStoreAPI]


def lesson_keeper(slug: str) -> ProgressKeeper:
    """A lesson block's keeper: the current learner's events in the lesson's dashboard column."""
    if class_store_works():
        from .class_progress import ClassProgress

        return ClassProgress(group=slug, whole_class=False)
    return _log_keeper(current_learner())


def trainer_keeper(learner: str, groups: Mapping[str, str], opener: OPENER, legacy: Path) -> ProgressKeeper:
    """The trainer's keeper for ``learner``; without the class store, the log in ``legacy``'s parent."""
    if class_store_works():
        from .class_progress import ClassProgress

        return ClassProgress(learner, groups, opener, legacy)
    return _log_keeper(learner, legacy.parent)


def _log_keeper(learner: str, directory: Path | None = None) -> ProgressStore:
    """The progress log; in the browser (Pyodide) one the browser keeps too (``browser_progress``)."""
    if sys.platform == "emscripten":
        from .browser_progress import BrowserProgressStore

        return BrowserProgressStore.in_browser(learner, directory)
    return ProgressStore.for_learner(learner, directory)


def hand_over(before: ProgressKeeper, after: ProgressKeeper) -> None:
    """Pass what ``before`` could not write yet to ``after`` (only class-store keepers hold such events)."""
    if "shengji_kit.practice.class_progress" not in sys.modules:
        return  # no class-store keeper was ever made
    from .class_progress import ClassProgress

    if isinstance(after, ClassProgress) and isinstance(before, ClassProgress):
        before.recorder.flush()
        after.take_over(before)
