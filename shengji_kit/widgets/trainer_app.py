"""The puzzle trainer as a notebook widget: Python draws the HTML, trainer.js reports clicks and keys.

Messages from the browser (tests send the same through ``handle``):
``{"type": "answer", "answer": value}``, ``{"type": "click", "index": i}`` (a card to pick),
``{"type": "key", "key": "1"|…|"0"|"h"|"s"|"n"}`` and ``{"type": "action", "action": a,
"value": v}`` with ``a`` in lang, mode, goto, next, hint, show, submit, group, ungroup, undo, clear.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import traitlets

from ..puzzles import Bank, default_bank
from ..trainer import AUTO, ProgressStore, TrainerSession
from ..trainer.html import trainer_html
from ..trainer.html.parts import KEYS
from .surface import STATIC, CardSurface


def _styles() -> str:
    """The shared card styles followed by the trainer's own."""
    return (STATIC / "surface.css").read_text(encoding="utf-8") + "\n" + (STATIC / "trainer.css").read_text(encoding="utf-8")


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
    _css = _styles()
    mode = traitlets.Unicode(AUTO).tag(sync=True)
    puzzle_id = traitlets.Unicode("").tag(sync=True)
    stars = traitlets.Int(0).tag(sync=True)
    solved = traitlets.Int(0).tag(sync=True)

    def __init__(self, session: TrainerSession, **kwargs: Any) -> None:
        self.session = session
        super().__init__(TrainerScene(session), **kwargs)

    def redraw(self) -> None:
        """Draw the session again and mirror its state in the traits."""
        session = self.session
        stars, solved, _ = session.star_tally()
        self.mode = session.mode
        self.puzzle_id = session.puzzle.id if session.puzzle else ""
        self.stars, self.solved = stars, solved
        super().redraw()


def trainer_app(learner: str = "default", mode: str = AUTO, bank: Bank | None = None, data: Path | None = None) -> TrainerApp:
    """The puzzle trainer for ``learner`` (progress in the user data folder, or ``data``)."""
    store = ProgressStore.for_learner(learner, data)
    return TrainerApp(TrainerSession(bank or default_bank(), store, mode))
