"""Where progress lives and how it is written: one JSON file per learner, merged and written atomically.

The folder is ``$SHENGJI_KIT_DATA_DIR`` when set (tests and CI), else platformdirs'
``user_data_dir("shengji-kit")``. Nothing is created until the first save. A damaged file is
renamed with a timestamp suffix and reported, never overwritten; a file that cannot be read or
set aside is left alone and saving is switched off. Every failure becomes a ``Notice``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import platformdirs

from ..files import write_atomically
from .notice import ERROR, Notice
from .progress import Progress, ProgressFormatError

ENV_VAR = "SHENGJI_KIT_DATA_DIR"
APP_NAME = "shengji-kit"
DEFAULT_LEARNER = "default"
_UNSAFE = re.compile(r"[^\w.-]+")


def data_dir() -> Path:
    """The kit's data folder: ``$SHENGJI_KIT_DATA_DIR`` if set, else the user data directory."""
    override = os.environ.get(ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def learner_slug(learner: str) -> str:
    """A file-name-safe form of a learner's name (letters, digits, ``_ . -``)."""
    slug = _UNSAFE.sub("_", learner.strip()).strip("._")
    return slug[:64] or DEFAULT_LEARNER


def progress_path(learner: str = DEFAULT_LEARNER, directory: Path | None = None) -> Path:
    """The progress file of ``learner``: ``<data dir>/progress/<learner>.json``."""
    return (directory or data_dir()) / "progress" / f"{learner_slug(learner)}.json"


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _why(error: OSError) -> str:
    return error.strerror or type(error).__name__


class ProgressStore:
    """Loads and saves one learner's progress file; ``notices`` say what went wrong, if anything."""

    def __init__(self, path: Path, clock: Callable[[], str] = _stamp) -> None:
        self.path = path
        self.clock = clock
        self.notices: list[Notice] = []
        self.can_save = True

    @classmethod
    def for_learner(cls, learner: str = DEFAULT_LEARNER, directory: Path | None = None) -> ProgressStore:
        return cls(progress_path(learner, directory))

    def load(self) -> Progress:
        """The saved progress; empty when there is none or it cannot be used (with a notice)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return Progress()  # nothing saved there yet
        except UnicodeDecodeError:
            return self._set_aside()
        except OSError as error:
            self._refuse_saving("trainer_progress_unreadable", error)
            return Progress()
        try:
            return Progress.from_json(json.loads(text))
        except (ValueError, ProgressFormatError):
            return self._set_aside()

    def save(self, progress: Progress) -> bool:
        """Merge in what is on disk, then write atomically (temp file, fsync, rename).

        Merging keeps what another tab of the same learner saved meanwhile. Returns False, with
        a notice, when the progress could not be written.
        """
        if not self.can_save:
            return False
        if self.path.exists():
            progress.absorb(self.load())
            if not self.can_save:
                return False
        data = json.dumps(progress.to_json(), ensure_ascii=False, indent=1).encode("utf-8")
        try:
            write_atomically(self.path, data)
        except OSError as error:
            self._report(Notice("trainer_progress_unwritable", {"path": str(self.path.parent), "error": _why(error)}, ERROR))
            return False
        self.notices = [n for n in self.notices if n.code != "trainer_progress_unwritable"]
        return True

    def _set_aside(self) -> Progress:
        """Rename the damaged file to ``<name>.corrupt-<timestamp>`` and report it."""
        stamp = self.clock()
        backup = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        number = 1
        while backup.exists():
            number += 1
            backup = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{number}")
        try:
            os.rename(self.path, backup)
        except OSError as error:
            self._refuse_saving("trainer_progress_stuck", error)
            return Progress()
        self._report(Notice("trainer_progress_corrupt", {"backup": str(backup)}, ERROR))
        return Progress()

    def _refuse_saving(self, code: str, error: OSError) -> None:
        self.can_save = False
        self._report(Notice(code, {"path": str(self.path), "error": _why(error)}, ERROR))

    def _report(self, notice: Notice) -> None:
        if notice not in self.notices:
            self.notices.append(notice)
