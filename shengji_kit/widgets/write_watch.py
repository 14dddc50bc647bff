"""Redraw a practice page when its keeper's background write changes what the page should say.

Answers are written to the class store by a writer thread (``classroom.spool``), after the
verdict is shown; when that write ends ("kept here" becomes "saved again", or the other way),
the notice line must change without the learner clicking. The writer calls back on its own
thread, so the redraw is handed to the kernel's asyncio loop, where widgets are drawn.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ..practice.session import Practice


class WriteWatch:
    """Follows ``practice``'s keeper (whichever it is now) and calls ``redraw`` when its notices change."""

    def __init__(self, practice: Practice, redraw: Callable[[], None]) -> None:
        self.practice, self.redraw = practice, redraw
        self._watched: Any = None
        self._said = self._notices()
        self._turn = self._keeper_turn()
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None  # a script or a test: redraw on the writer's thread
        self.watch()

    def _keeper_turn(self) -> object:
        """A keeper whose log can change under the page (kept by the browser) says so with its ``turn``."""
        return getattr(self.practice.store, "turn", None)

    def _notices(self) -> tuple[str, ...]:
        return tuple(notice.code for notice in self.practice.notices)

    def watch(self) -> None:
        """Listen to the practice's current keeper (call again after the keeper changed)."""
        keeper = self.practice.store
        if keeper is self._watched:
            return
        self.stop()
        if callable(getattr(keeper, "subscribe", None)):
            keeper.subscribe(self._written)  # type: ignore[attr-defined]
            self._watched = keeper
        self._said = self._notices()
        self._turn = self._keeper_turn()

    def stop(self) -> None:
        """Stop listening (the widget is closed, or the keeper changed)."""
        if self._watched is not None:
            with contextlib.suppress(Exception):
                self._watched.unsubscribe(self._written)
            self._watched = None

    def _written(self) -> None:
        """A background write ended (writer thread): redraw on the kernel's loop if the notices changed."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._check)
        else:
            self._check()

    def _check(self) -> None:
        turn = self._keeper_turn()
        if turn != self._turn:  # the log changed under the page (restored, reset): read it again
            self._turn = turn
            self.practice.reload()
            self._said = self._notices()
            self.redraw()
            return
        said = self._notices()
        if said != self._said:
            self._said = said
            self.redraw()
