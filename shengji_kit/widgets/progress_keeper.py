"""The progress keeper of the static site: the browser keeps the learner's progress, and a reset button.

In the browser (Pyodide) a page's progress log lives in memory; ``practice.browser_progress`` mirrors
it in the page's IndexedDB. Two widgets carry that to the page, shown once per page by
``show_progress_keeper`` (called with the learner bar), and only in the browser:

- ``ProgressStorage`` draws nothing. Its script (``static/progress_keeper.js``) reads every stored
  log when the page opens and sends it in pieces (``{"type": "stored", "key", "part"}``), then
  ``{"type": "restore", "available": true}`` (``false`` without IndexedDB); it carries out what the
  shelf posts (append, set aside, clear) and says ``{"type": "failed"}`` when a write fails.
- ``progress_bar()`` is a card surface: whether progress is kept, any stored log refused, and
  "Reset my progress", which asks before it forgets.

The script only stores, restores and reports; what is kept, refused or reset is decided here.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets
from markupsafe import Markup

from ..practice.browser_progress import SHELF, BrowserShelf
from ..render.exercises import notice_html
from ..words import languages_from, text
from .surface import STATIC, CardSurface, Observable, message_problem

DATABASE = "shengji-kit"
"""The IndexedDB database the page keeps progress logs in (one object store, ``progress-logs``)."""


class ProgressStorage(anywidget.AnyWidget):
    """The page's IndexedDB, reached through its script: hands stored logs to the shelf, carries its posts."""

    _esm = STATIC / "progress_keeper.js"
    _css = ".jp-OutputArea-child:has(.sk-progress-storage) { display: none; }"
    database = traitlets.Unicode(DATABASE).tag(sync=True)

    def __init__(self, shelf: BrowserShelf = SHELF, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shelf = shelf
        self._connected = True
        shelf.connect(self._post)
        self.on_msg(self._on_frontend_message)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Act on one message from the script (tests call this as the script would); others are ignored."""
        if message_problem(message) is not None:
            return
        kind = message.get("type")
        if kind == "stored":
            self.shelf.take(message.get("key"), message.get("part"))
        elif kind == "restore":
            self.shelf.restore(message.get("available") is True)
        elif kind == "failed":
            self.shelf.failed()

    def close(self) -> None:
        if getattr(self, "_connected", False):
            self._connected = False
            self.shelf.disconnect(self._post)
        super().close()

    def _post(self, message: dict[str, str]) -> None:
        self.send(message)

    def _on_frontend_message(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict):
            self.handle(content)


class ProgressBarScene(Observable):
    """Says whether the browser keeps progress, shows refused logs, and resets after asking."""

    def __init__(self, shelf: BrowserShelf = SHELF) -> None:
        super().__init__()
        self.shelf = shelf
        self.asking = False
        shelf.subscribe(self.changed)

    def handle(self, message: Mapping[str, Any]) -> None:
        if message.get("type") != "action":
            return
        action, value = message.get("action"), message.get("value")
        if action == "progress-reset":
            self.asking = value == "ask"
            if self.asking:
                self.shelf.reset_done = False
        elif action == "progress-reset-yes" and self.asking:
            self.asking = False
            self.shelf.reset()

    def render(self, lang: str) -> str:
        notices = [message for message in (self.shelf.status(), *self.shelf.notices) if message is not None]
        parts = [notice_html([message.render(one) for one in languages_from(lang)], message.kind,
                             languages_from(lang)) for message in notices]
        if self.shelf.reset_done:
            parts.append(Markup('<p data-role="progress-reset-done" role="status">{done}</p>').format(
                done=text("site_progress_reset_done", lang)))
        if self.asking:
            parts.append(Markup(
                '<div role="group" aria-labelledby="sk-progress-reset-ask" data-role="progress-reset-ask">'
                '<p id="sk-progress-reset-ask">{ask}</p>'
                '<button type="button" data-action="progress-reset-yes">{yes}</button> '
                '<button type="button" data-action="progress-reset" data-value="keep">{keep}</button></div>'
            ).format(ask=text("site_progress_reset_ask", lang), yes=text("site_progress_reset_yes", lang),
                     keep=text("site_progress_reset_keep", lang)))
        else:
            parts.append(Markup(
                '<button type="button" data-action="progress-reset" data-value="ask">{reset}</button>'
            ).format(reset=text("site_progress_reset", lang)))
        kept = {None: "unknown", True: "yes", False: "no"}[self.shelf.kept]
        return str(Markup('<div class="sk-panel" data-role="progress-keeper" data-kept="{kept}">{body}</div>').format(
            kept=kept, body=Markup("").join(parts)))


def progress_bar(shelf: BrowserShelf = SHELF) -> CardSurface:
    """The reset button and what the page says about keeping progress."""
    return CardSurface(ProgressBarScene(shelf))


_SHOWN = [False]  # one page, one kernel: the keeper is shown once


def show_progress_keeper() -> tuple[ProgressStorage, CardSurface] | None:
    """In the browser (Pyodide) and in a running notebook, show the page's progress keeper once; else nothing."""
    if sys.platform != "emscripten" or _SHOWN[0]:
        return None
    from IPython import get_ipython
    from IPython.display import display

    if get_ipython() is None:
        return None
    _SHOWN[0] = True
    storage, bar = ProgressStorage(), progress_bar()
    display(storage, bar)
    return storage, bar
