"""The language keeper: the browser remembers the learner's language and every page opens in it.

One invisible anywidget per page (``show_language_keeper``, called by the language switch, the
learner bar and the apps). When it is drawn, its script reads the language the browser keeps
(``localStorage``) and sends ``{"type": "restore", "lang": "zh"}``; the kernel then calls
``set_language`` and every widget redraws. Its ``lang`` trait follows ``SESSION.lang``: when the
learner switches, the script stores the new choice and marks the page (``<html lang>``, the body
classes ``sk-lang-en``/``sk-lang-zh``), which the Voila template uses to show only that language's prose.
Without browser storage (private windows) the choice holds for the page's session only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets

from .language import LANGUAGES, SESSION
from .surface import STATIC, message_problem

STORAGE_KEY = "shengji-kit-language"
"""The ``localStorage`` key under which the browser keeps the choice (read too by the Voila template)."""


class LanguageKeeper(anywidget.AnyWidget):
    """Mirrors ``SESSION.lang`` to the browser and takes the stored choice back (``restore``)."""

    _esm = STATIC / "language_keeper.js"
    # the keeper draws nothing: its output takes no room on the page
    _css = ".jp-OutputArea-child:has(.sk-language-keeper) { display: none; }"
    lang = traitlets.Unicode("en").tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = SESSION.lang
        self._following = True
        SESSION.observe(self._language_changed, names="lang")
        self.on_msg(self._on_frontend_message)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Act on one message from the browser (tests call this as the JS would): ``restore`` sets the language.

        Anything else, a language the kit does not have, or a message over the bounds is ignored.
        """
        if message_problem(message) is not None or message.get("type") != "restore":
            return
        lang = message.get("lang")
        if isinstance(lang, str) and lang in LANGUAGES and lang != SESSION.lang:
            SESSION.lang = lang

    def close(self) -> None:
        if getattr(self, "_following", False):  # closed once only (ipywidgets closes again when collected)
            self._following = False
            SESSION.unobserve(self._language_changed, names="lang")
        super().close()

    def _language_changed(self, change: Mapping[str, Any]) -> None:
        self.lang = change["new"]

    def _on_frontend_message(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict):
            self.handle(content)


_KEEPER: list[LanguageKeeper] = []


def language_keeper() -> LanguageKeeper:
    """The kernel's one keeper (made on first use): every page shows the same one."""
    if not _KEEPER or _KEEPER[0].comm is None:  # none yet, or the last one was closed
        _KEEPER[:] = [LanguageKeeper()]
    return _KEEPER[0]


def show_language_keeper() -> LanguageKeeper | None:
    """Show the keeper in the running notebook's current cell (plain Python shows nothing and returns None)."""
    from IPython import get_ipython
    from IPython.display import display

    if get_ipython() is None:
        return None
    keeper = language_keeper()
    display(keeper)
    return keeper
