"""The puzzle trainer as a notebook widget: Python draws the HTML, trainer.js reports clicks and keys.

Messages from the browser (tests send the same through ``handle``):
``{"type": "answer", "answer": value}``, ``{"type": "click", "index": i}`` (a card to pick),
``{"type": "key", "key": "1"|…|"0"|"h"|"s"|"n"}`` and ``{"type": "action", "action": a,
"value": v}`` with ``a`` in lang, mode, goto, next, hint, show, check, group, ungroup, undo, clear, and the
timed run's timed-start, timed-check, timed-end, timed-close, timed-replay (``practice/timed_run.py``).
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
from ...data_folder import data_dir
from ...practice import AUTO, TrainerSession
from ...practice.html import timed_html, timed_start_html, trainer_html
from ...practice.keepers import hand_over, trainer_keeper
from ...practice.session import ProgressKeeper
from ...practice.timed_run import TimedMode
from ...puzzles import Bank
from ...puzzles.bank import trainer_bank
from ...widgets.surface import CardSurface, script, styles
from ...widgets.write_watch import WriteWatch
from ...words import Message
from ..page_options import Choice, query_options, read_choice


class TrainerScene:
    """The trainer session as a scene: draws the page and turns the browser's messages into moves."""

    def __init__(self, session: TrainerSession) -> None:
        self.session = session
        self.timed = TimedMode(session)
        """The timed runs (``practice/timed_run.py``): while one is open the page is the run's."""

    def render(self, lang: str) -> str:
        if self.timed.run is not None:
            return timed_html(self.timed.run, lang)
        return trainer_html(self.session, lang, timed_start_html(self.timed.best, lang))

    def handle(self, message: Mapping[str, Any]) -> None:
        """Act on one message from the browser (the language switch is the surface's)."""
        if not self.timed.handle(message):
            self.session.handle(message)


class TrainerApp(CardSurface):
    """The trainer; ``html``/``lang`` are drawn, the other traits mirror the session for notebooks."""

    _esm = script("trainer.js")
    _css = styles("trainer.css")
    mode = traitlets.Unicode(AUTO).tag(sync=True)
    puzzle_id = traitlets.Unicode("").tag(sync=True)
    stars = traitlets.Int(0).tag(sync=True)
    solved = traitlets.Int(0).tag(sync=True)
    timed_running = traitlets.Bool(False).tag(sync=True)
    timed_score = traitlets.Int(0).tag(sync=True)
    timed_best = traitlets.Int(0).tag(sync=True)

    def __init__(self, session: TrainerSession, keeper_for: Callable[[str], ProgressKeeper] | None = None,
                 **kwargs: Any) -> None:
        self.session = session
        self.keeper_for = keeper_for
        self.trainer_scene = TrainerScene(session)
        super().__init__(self.trainer_scene, **kwargs)
        self.write_watch = WriteWatch(session, self.redraw)  # "kept here" / "saved again" without a click
        if keeper_for is not None:
            self._stop_following = on_learner_change(self.follow_learner)

    def follow_learner(self, learner: str) -> None:
        """The kernel's learner changed (the learner bar): show that learner's progress."""
        if self.keeper_for is None:
            return
        keeper = self.keeper_for(learner)
        before = self.session.store
        hand_over(before, keeper)  # what the page could not write yet is not lost
        self.session.change_keeper(keeper)
        self.trainer_scene.timed.reload()  # a run is one learner's: it ends, and the best is the new learner's
        self.write_watch.watch()
        self.redraw()

    def close(self) -> None:
        """Stop following the learner bar, then close as any widget does."""
        stop = getattr(self, "_stop_following", None)
        if stop is not None:
            stop()
        self.write_watch.stop()
        super().close()

    def redraw(self) -> None:
        """Draw the session again and mirror its state in the traits."""
        session = self.session
        stars, solved, _ = session.star_tally()
        self.mode = session.mode
        self.puzzle_id = session.puzzle.id if session.puzzle else ""
        self.stars, self.solved = stars, solved
        timed = self.trainer_scene.timed
        run = timed.run
        self.timed_running = run is not None and not run.finished
        self.timed_score = run.score if run is not None else 0
        self.timed_best = timed.best
        super().redraw()


def set_option(options: Mapping[str, str], bank: Bank) -> tuple[str, Message | None]:
    """``?set=<id>`` from the page address (the lesson's "practise this set" link): that set; an unknown
    one is named in a note and the first set is used; no ``set`` leaves the trainer's choice (``auto``)."""
    if "set" not in options or not bank.sets:
        return AUTO, None
    known = tuple(puzzle_set.id for puzzle_set in bank.sets)
    return read_choice(options, Choice("set", known[0], known, "input_set_unknown"))


def trainer_app(
    learner: str | None = None, mode: str = AUTO, bank: Bank | None = None, data: Path | None = None,
    query: Mapping[str, str] | None = None,
) -> TrainerApp:
    """The puzzle trainer for ``learner`` (default: the kernel's current learner, followed as it changes).

    Progress is kept in the class store (``open_store()``), or in ``data/class.sqlite3`` when a
    data folder is given; old progress files in ``<data folder>/progress`` are read in once. With
    ``mode`` left at ``auto``, the page address's ``?set=`` (``query``, default the page's) opens a set.
    The bank (default ``trainer_bank()``) holds the hand-written sets, then the mined ones by theme.
    """
    bank = bank or trainer_bank()
    note: Message | None = None
    if mode == AUTO:
        mode, note = set_option(query_options() if query is None else query, bank)
    groups = {puzzle.id: puzzle.set_id for puzzle in bank.puzzles()}
    opener: Callable[[], ClassStoreAPI] = open_store if data is None else _folder_store(Path(data))
    legacy = (data_dir() if data is None else Path(data)) / "progress"

    def keeper_for(name: str) -> ProgressKeeper:
        return trainer_keeper(name, groups, opener, legacy)

    session = TrainerSession(bank, keeper_for(learner or current_learner()), mode, note)
    return TrainerApp(session, keeper_for)


def _folder_store(folder: Path) -> Callable[[], ClassStoreAPI]:
    """An opener of the SQLite class store in ``folder`` (opened once, on first use)."""

    @functools.cache
    def opener() -> ClassStoreAPI:
        from ...classroom.store import SQLClassStore

        return SQLClassStore(f"sqlite:///{folder / 'class.sqlite3'}")

    return opener
