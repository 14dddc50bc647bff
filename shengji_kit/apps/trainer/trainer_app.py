"""The puzzle trainer as a notebook widget: Python draws the HTML, trainer.js reports clicks and keys.

Messages from the browser (tests send the same through ``handle``):
``{"type": "answer", "answer": value}``, ``{"type": "click", "index": i}`` (a card to pick),
``{"type": "key", "key": "1"|…|"0"|"h"|"s"|"n"}`` and ``{"type": "action", "action": a,
"value": v}`` with ``a`` in lang, mode, goto, next, hint, show, submit, group, ungroup, undo, clear.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import traitlets

from ...classroom.identity import current_learner, on_learner_change
from ...classroom.open import open_store
from ...classroom.store_protocol import ClassStoreAPI
from ...practice import AUTO, TrainerSession
from ...practice.class_progress import ClassProgress
from ...practice.html import trainer_html
from ...practice.html.parts import KEYS
from ...practice.session import ProgressKeeper
from ...puzzles import Bank, default_bank
from ...widgets.surface import STATIC, CardSurface, styles


class TrainerScene:
    """The trainer session as a scene: draws the page and turns the browser's messages into moves."""

    def __init__(self, session: TrainerSession) -> None:
        self.session = session

    def render(self, lang: str) -> str:
        return trainer_html(self.session, lang)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Act on one message from the browser (the language switch is the surface's)."""
        kind = message.get("type")
        if kind == "answer":
            self.session.answer(str(message.get("answer", "")))
        elif kind == "click":
            index = message.get("index")
            if isinstance(index, int) and not isinstance(index, bool):
                self.session.click_card(index)
        elif kind == "key":
            self._key(str(message.get("key", "")))
        elif kind == "action":
            self._action(str(message.get("action", "")), str(message.get("value") or ""))

    def _key(self, key: str) -> None:
        if key in KEYS:
            position = KEYS.index(key)
            if self.session.puzzle is not None and self.session.puzzle.kind == "trick_winner":
                trick = self.session.puzzle.table.trick
                if position < len(trick):
                    self.session.answer(str(trick[position][0]))
            else:
                self.session.answer_key(position + 1)
        elif key == "h":
            self.session.hint()
        elif key == "s":
            self.session.show_me()
        elif key == "n":
            self.session.next_puzzle()

    def _action(self, action: str, value: str) -> None:
        session = self.session
        if action == "mode":
            session.choose_mode(value)
        elif action == "goto":
            session.goto(value)
        elif action == "next":
            session.next_puzzle()
        elif action == "hint":
            session.hint()
        elif action == "show":
            session.show_me()
        elif action == "submit":
            session.submit(value)
        elif action == "group":
            session.make_group()
        elif action == "ungroup" and value.isdigit():
            session.remove_group(int(value))
        elif action == "undo":
            session.undo()
        elif action == "clear":
            session.clear()


class TrainerApp(CardSurface):
    """The trainer; ``html``/``lang`` are drawn, the other traits mirror the session for notebooks."""

    _esm = STATIC / "trainer.js"
    _css = styles("trainer.css")
    mode = traitlets.Unicode(AUTO).tag(sync=True)
    puzzle_id = traitlets.Unicode("").tag(sync=True)
    stars = traitlets.Int(0).tag(sync=True)
    solved = traitlets.Int(0).tag(sync=True)

    def __init__(self, session: TrainerSession, keeper_for: Callable[[str], ProgressKeeper] | None = None,
                 **kwargs: Any) -> None:
        self.session = session
        self.keeper_for = keeper_for
        super().__init__(TrainerScene(session), **kwargs)
        if keeper_for is not None:
            self._stop_following = on_learner_change(self.follow_learner)

    def follow_learner(self, learner: str) -> None:
        """The kernel's learner changed (the learner bar): show that learner's progress."""
        if self.keeper_for is None:
            return
        keeper = self.keeper_for(learner)
        before = self.session.store
        if isinstance(keeper, ClassProgress) and isinstance(before, ClassProgress):
            before.recorder.flush()
            keeper.take_over(before)  # what the page could not write yet is not lost
        self.session.change_keeper(keeper)
        self.redraw()

    def close(self) -> None:
        """Stop following the learner bar, then close as any widget does."""
        stop = getattr(self, "_stop_following", None)
        if stop is not None:
            stop()
        super().close()

    def redraw(self) -> None:
        """Draw the session again and mirror its state in the traits."""
        session = self.session
        stars, solved, _ = session.star_tally()
        self.mode = session.mode
        self.puzzle_id = session.puzzle.id if session.puzzle else ""
        self.stars, self.solved = stars, solved
        super().redraw()


def trainer_app(learner: str | None = None, mode: str = AUTO, bank: Bank | None = None, data: Path | None = None) -> TrainerApp:
    """The puzzle trainer for ``learner`` (default: the kernel's current learner, followed as it changes).

    Progress is kept in the class store (``open_store()``), or in ``data/class.sqlite3`` when a
    data folder is given; old progress files in ``<data folder>/progress`` are read in once.
    """
    bank = bank or default_bank()
    groups = {puzzle.id: puzzle.set_id for puzzle in bank.puzzles()}
    opener: Callable[[], ClassStoreAPI] = open_store if data is None else _folder_store(Path(data))
    legacy = None if data is None else Path(data) / "progress"

    def keeper_for(name: str) -> ProgressKeeper:
        return ClassProgress(name, groups, opener, legacy)

    session = TrainerSession(bank, keeper_for(learner or current_learner()), mode)
    return TrainerApp(session, keeper_for)


def _folder_store(folder: Path) -> Callable[[], ClassStoreAPI]:
    """An opener of the SQLite class store in ``folder`` (opened once, on first use)."""

    @functools.cache
    def opener() -> ClassStoreAPI:
        from ...classroom.store import SQLClassStore

        return SQLClassStore(f"sqlite:///{folder / 'class.sqlite3'}")

    return opener
