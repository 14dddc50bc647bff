"""One anywidget for every card view: Python draws HTML from a scene, the JS reports clicks and keys.

A *scene* is a plain Python object with ``render(lang) -> str`` and ``handle(message)``; all
behaviour lives there (and is tested there). ``CardSurface`` only syncs the drawn HTML and the
language, and passes the browser's messages on. Messages look like ``{"type": "click", "card":
"SA", "index": 3}``, ``{"type": "action", "action": "play", "value": ""}``, ``{"type":
"answer", "answer": "2"}`` or ``{"type": "key", "key": "enter"}``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

import anywidget
import traitlets

from ..engine.cards import parse_cards
from ..engine.trump import Trump
from ..render.selection import Selection
from ..words.catalogue import text
from .language import SESSION

STATIC = Path(__file__).parent / "static"
# Bounds of one message from the browser (the page is the learner's: it may send anything).
MAX_TEXT_BYTES = 2048  # one text in it, in UTF-8 (an answer: the class store keeps at most 2 KB)
MAX_MESSAGE_BYTES = 8192  # all its texts together
MAX_MESSAGE_PARTS = 64  # keys, values and list items
MAX_MESSAGE_DEPTH = 4
log = logging.getLogger("shengji_kit.widgets")


def message_problem(message: object) -> str | None:
    """Why a browser message is too big to act on (None when it is within the bounds).

    Walks the message once and stops at the first bound passed, so a huge message costs no more
    than a small one; a text is measured in characters first (never more than its bytes).
    """
    budget, parts = MAX_MESSAGE_BYTES, 0
    stack: list[tuple[object, int]] = [(message, 0)]
    while stack:
        value, depth = stack.pop()
        parts += 1
        if parts > MAX_MESSAGE_PARTS:
            return f"more than {MAX_MESSAGE_PARTS} parts"
        if isinstance(value, str):
            size = len(value) if len(value) > MAX_TEXT_BYTES else len(value.encode("utf-8", "surrogatepass"))
            if size > MAX_TEXT_BYTES:
                return f"a text of {size} characters or bytes (at most {MAX_TEXT_BYTES} bytes)"
            budget -= size
            if budget < 0:
                return f"its texts pass {MAX_MESSAGE_BYTES} bytes"
        elif isinstance(value, Mapping | list | tuple):
            if depth >= MAX_MESSAGE_DEPTH:
                return f"nested deeper than {MAX_MESSAGE_DEPTH}"
            if len(value) > MAX_MESSAGE_PARTS:
                return f"more than {MAX_MESSAGE_PARTS} parts"
            items = [part for pair in value.items() for part in pair] if isinstance(value, Mapping) else value
            stack.extend((item, depth + 1) for item in items)
    return None


class Scene(Protocol):
    """What a ``CardSurface`` shows and whom it tells about clicks."""

    def render(self, lang: str) -> str: ...

    def handle(self, message: Mapping[str, Any]) -> None: ...


class Observable:
    """A scene base that can tell its widget to redraw (bots move, timers fire)."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[], None]] = []

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever the scene changed on its own."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def changed(self) -> None:
        """Tell every listener to redraw."""
        for listener in list(self._listeners):
            listener()


def styles(*sheets: str) -> str:
    """The shared card styles (``surface.css``) followed by the named sheets of ``static/``, as one text."""
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in ("surface.css", *sheets))


def script(name: str) -> str:
    """The live region both widgets share (``live_region.js``) followed by ``static/<name>``, as one ES module
    text: anywidget takes ``_esm`` as a string, so the shared code is written once with no build step."""
    return "\n".join((STATIC / part).read_text(encoding="utf-8") for part in ("live_region.js", name))


class CardSurface(anywidget.AnyWidget):
    """Shows ``scene.render(lang)``; the ``html`` and ``lang`` traits hold what is drawn."""

    _esm: str | Path = script("surface.js")
    _css: str | Path = STATIC / "surface.css"
    html = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)

    def __init__(self, scene: Scene, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scene = scene
        self.refused: str | None = None  # why the latest message from the browser was dropped
        self.lang = SESSION.lang
        SESSION.observe(self._language_changed, names="lang")
        if isinstance(scene, Observable):
            scene.subscribe(self.redraw)
        self.on_msg(self._on_frontend_message)
        self.redraw()

    def handle(self, message: Mapping[str, Any]) -> None:
        """Act on one message from the browser (tests call this as the JS would).

        A message over the bounds (``message_problem``) is logged and dropped before the scene sees it.
        """
        if not self._within_bounds(message):
            return
        if message.get("type") == "action" and message.get("action") == "lang":
            value = str(message.get("value") or "")
            SESSION.lang = value if value in ("en", "zh") else ("zh" if SESSION.lang == "en" else "en")
        else:
            self.scene.handle(message)
        self.redraw()

    def redraw(self) -> None:
        """Draw the scene again in the current language."""
        self.html = str(self.scene.render(self.lang))

    def close(self) -> None:
        """Stop following the language and the scene; closing twice (then ``__del__``) is harmless."""
        with contextlib.suppress(ValueError):  # already unobserved by an earlier close
            SESSION.unobserve(self._language_changed, names="lang")
        if isinstance(self.scene, Observable):
            self.scene.unsubscribe(self.redraw)
        super().close()

    def _language_changed(self, change: Mapping[str, Any]) -> None:
        self.lang = change["new"]
        self.redraw()

    def _within_bounds(self, message: object) -> bool:
        """Whether the message may reach the scene; if not, why is logged and kept in ``refused``."""
        problem = message_problem(message)
        if problem is not None:
            self.refused = problem
            log.warning(text("service_message_too_large", "en", detail=problem))
        return problem is None

    def _on_frontend_message(self, _widget: object, content: Any, _buffers: object) -> None:
        # checked here too: a subclass's own ``handle`` may act before calling this one's
        if isinstance(content, dict) and self._within_bounds(content):
            self.handle(content)


class TrumpScene(Scene, Protocol):
    """A scene with a hand sorted by a trump context the notebook may change."""

    hand: Selection

    @property
    def trump(self) -> Trump: ...

    def change(self, trump: Trump) -> None: ...


class HandSurface(CardSurface):
    """A ``CardSurface`` whose hand and trump context are traitlets, for ``observe``, ``link`` and ``interact``.

    ``level`` (``"2"`` … ``"A"``), ``trump_suit`` (``"S"``, ``"H"``, ``"C"``, ``"D"`` or ``""`` for no
    trump), ``cards`` (card codes in the drawn order) and ``selected`` (the selected card codes).
    Setting ``level``/``trump_suit`` re-sorts and redraws; setting ``cards`` deals that hand.
    Clicks in the browser update ``selected`` (and ``cards`` when the hand changes).
    """

    level = traitlets.Unicode("2")
    trump_suit = traitlets.Unicode("")
    cards = traitlets.List(traitlets.Unicode())
    selected = traitlets.List(traitlets.Unicode())

    def __init__(self, scene: TrumpScene, **kwargs: Any) -> None:
        self._syncing = False
        super().__init__(scene, **kwargs)
        self.trump_scene = scene

    def redraw(self) -> None:
        super().redraw()
        self._pull()

    def _pull(self) -> None:
        """Copy the scene's state into the traits (without acting on the change)."""
        scene: TrumpScene = self.scene  # type: ignore[assignment]
        self._syncing = True
        try:
            self.level = scene.trump.level
            self.trump_suit = scene.trump.suit or ""
            self.cards = [card.code for card in scene.hand.cards]
            self.selected = [scene.hand.cards[i].code for i in sorted(scene.hand.selected)]
        finally:
            self._syncing = False

    @traitlets.observe("level", "trump_suit")
    def _trump_changed(self, change: Mapping[str, Any]) -> None:
        if self._syncing or not hasattr(self, "trump_scene"):
            return
        scene = self.trump_scene
        try:
            trump = Trump(self.level, self.trump_suit or None)
        except ValueError:
            self._pull()
            return
        if trump != scene.trump:
            scene.change(trump)
        self.redraw()

    @traitlets.observe("selected")
    def _selected_changed(self, change: Mapping[str, Any]) -> None:
        if self._syncing or not hasattr(self, "trump_scene"):
            return
        hand = self.trump_scene.hand
        wanted = list(self.selected)
        chosen: set[int] = set()
        for code in wanted:
            index = next((i for i, card in enumerate(hand.cards) if card.code == code and i not in chosen), None)
            if index is not None:
                chosen.add(index)
        hand.selected = chosen
        self.redraw()

    @traitlets.observe("cards")
    def _cards_changed(self, change: Mapping[str, Any]) -> None:
        if self._syncing or not hasattr(self, "trump_scene"):
            return
        try:
            cards = parse_cards(list(self.cards))
        except ValueError:
            self._pull()
            return
        self.trump_scene.hand.replace(cards)
        self.redraw()
