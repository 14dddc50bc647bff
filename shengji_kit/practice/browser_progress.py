"""Progress kept by the browser (the static site): the progress log mirrored in the page's IndexedDB.

In Pyodide the data folder lives in memory, so a reload would lose every answer. A page's keeper
there is a ``BrowserProgressStore``: the same progress log as ``ProgressStore`` (the same file, the
same events, the same ``ProgressKeeper`` interface), and every line it appends is also posted to the
page's script, which appends it to IndexedDB. When the page opens, the script reads what IndexedDB
keeps and hands it back (``BrowserShelf.take``, then ``restore``); the kernel writes it into the
in-memory log, before any line this page already appended, and every keeper's ``turn`` moves on, so
the pages built before it arrived read their progress again. A stored log that is not a progress
log is refused in words and set aside in IndexedDB (nothing is lost); without IndexedDB the page
works and says its progress will not be kept. ``reset`` forgets everything, here and in the browser.

The messages the script receives (``post``): ``{"type": "append", "key", "lines"}``,
``{"type": "set_aside", "key", "to"}`` and ``{"type": "clear"}``. A key is the log's path inside
the data folder (``progress/default.jsonl``).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from ..data_folder import data_dir
from ..words import ERROR, INFO, Message
from .event_log import ProgressStore, progress_path
from .events import ProgressEvent, parse_log
from .progress import ProgressFormatError

KEY = re.compile(r"^[\w.-]+(/[\w.-]+)*\.jsonl$")
"""A stored log's key: a relative path of plain names ending in ``.jsonl`` (never ``..``)."""

POST = Callable[[dict[str, str]], None]


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


class BrowserShelf:
    """The page's side of the browser's store: what was handed back, what to send, who listens."""

    def __init__(self, folder: Callable[[], Path] = data_dir, clock: Callable[[], str] = _stamp) -> None:
        self.folder, self.clock = folder, clock
        self.kept: bool | None = None
        """Whether the browser keeps progress: None until its script has said, False without IndexedDB."""
        self.turn = 0
        """Moves on each time the logs change under the keepers (restored, reset): they read again."""
        self.notices: list[Message] = []
        self.reset_done = False
        self._incoming: dict[str, list[str]] = {}
        self._local: dict[str, str] = {}
        self._posts: list[POST] = []
        self._keepers: weakref.WeakSet[BrowserProgressStore] = weakref.WeakSet()
        self._listeners: list[Callable[[], None]] = []

    # the script's side
    def connect(self, post: POST) -> None:
        """Send the script's messages to ``post`` too (the keeper widget's ``send``)."""
        self._posts.append(post)

    def disconnect(self, post: POST) -> None:
        if post in self._posts:
            self._posts.remove(post)

    def take(self, key: object, part: object) -> None:
        """One piece of a stored log, as the script reads it from IndexedDB (a log comes in pieces)."""
        if isinstance(key, str) and isinstance(part, str) and self.kept is None:
            self._incoming.setdefault(key, []).append(part)

    def restore(self, available: bool) -> None:
        """The script has handed back every stored log (``available``), or has no IndexedDB."""
        if self.kept is not None:
            return  # handed back once per page
        incoming, self._incoming = self._incoming, {}
        self.kept = bool(available)
        if self.kept and self.reset_done:  # the learner reset before the stored logs arrived
            incoming = {}
            self._post({"type": "clear"})
        if not self.kept:
            self._local.clear()
            self._changed()
            return
        for key, parts in incoming.items():
            self._restore_one(key, "".join(parts))
        for key, lines in self._local.items():  # what this page wrote before the stored logs arrived
            if lines:
                self._post({"type": "append", "key": key, "lines": lines})
        self._local.clear()
        self._changed()

    def failed(self) -> None:
        """The script could not write to IndexedDB (full, or taken away): progress is no longer kept."""
        if self.kept:
            self.kept = False
            self._changed()

    # the keepers' side
    def key_of(self, path: Path) -> str | None:
        """The key of a log in the data folder; None for a log elsewhere (it is not mirrored)."""
        try:
            key = path.resolve().relative_to(self.folder().resolve()).as_posix()
        except ValueError:
            return None
        return key if KEY.match(key) and ".." not in key.split("/") else None

    def appended(self, path: Path, lines: str) -> None:
        """A keeper appended ``lines`` to its log: the browser appends them too."""
        key = self.key_of(path)
        if key is None or not lines:
            return
        if self.kept is None:
            self._local[key] = self._local.get(key, "") + lines
        elif self.kept:
            self._post({"type": "append", "key": key, "lines": lines})

    def join(self, keeper: BrowserProgressStore) -> None:
        self._keepers.add(keeper)

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever the kept logs or what the shelf says changed."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def reset(self) -> None:
        """Forget every progress log: the page's (in memory) and the browser's."""
        folder = self.folder()
        for keeper in list(self._keepers):
            keeper.path.unlink(missing_ok=True)
        for log in (folder / "progress").glob("*.jsonl") if (folder / "progress").is_dir() else ():
            log.unlink(missing_ok=True)
        self._local.clear()
        self.notices = []
        self.reset_done = True
        if self.kept:
            self._post({"type": "clear"})
        self._changed()

    def _restore_one(self, key: str, stored: str) -> None:
        if not KEY.match(key) or ".." in key.split("/"):
            self._refuse(key, "not a progress log")
            return
        try:
            events = parse_log(stored)
        except ProgressFormatError as error:
            self._refuse(key, str(error))
            return
        path = self.folder() / key
        local = path.read_text(encoding="utf-8") if path.exists() else ""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(event.to_line() for event in events) + local, encoding="utf-8")

    def _refuse(self, key: str, reason: str) -> None:
        """Set a stored log that is not progress aside in the browser, under a new key (nothing is lost)."""
        backup = f"{key}.corrupt-{self.clock()}"
        self._post({"type": "set_aside", "key": key, "to": backup})
        self.notices.append(Message("site_progress_refused", {"reason": reason[:200], "backup": backup}, ERROR))

    def _post(self, message: dict[str, str]) -> None:
        for post in list(self._posts):
            post(message)

    def _changed(self) -> None:
        self.turn += 1
        for keeper in list(self._keepers):
            keeper.tell()
        for listener in list(self._listeners):
            listener()

    def status(self) -> Message | None:
        """What the page says about keeping progress (None until the script has said)."""
        if self.kept is None:
            return None
        return Message("site_progress_kept" if self.kept else "site_progress_not_kept", {}, INFO)


class BrowserProgressStore(ProgressStore):
    """A learner's progress log whose every append the browser keeps too (see the module's docstring)."""

    def __init__(self, path: Path, shelf: BrowserShelf, learner: str | None = None) -> None:
        super().__init__(path, learner=learner)
        self.shelf = shelf
        self._listeners: list[Callable[[], None]] = []
        shelf.join(self)

    @classmethod
    def in_browser(cls, learner: str, directory: Path | None = None,
                   shelf: BrowserShelf | None = None) -> BrowserProgressStore:
        return cls(progress_path(learner, directory), shelf or SHELF, learner=learner)

    @property
    def turn(self) -> int:
        """Moves on when the log changed under this keeper (restored from the browser, reset): read again."""
        return self.shelf.turn

    def subscribe(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def tell(self) -> None:
        """Tell the pages reading this log that it changed under them."""
        for listener in list(self._listeners):
            listener()

    def _append(self, events: list[ProgressEvent]) -> None:
        super()._append(events)
        self.shelf.appended(self.path, "".join(event.to_line() for event in events))


SHELF = BrowserShelf()
"""The page's one shelf (one kernel, one page, under Voici)."""

