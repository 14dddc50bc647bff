"""The trainer's logic: choose puzzles, take answers, give hints and "show me", keep progress.

Every change to a learner's record (an attempt, a hint, a solve, a reveal) is saved at once.
Answers are judged by ``Puzzle.check`` (the engine or the solver), never by stored answers.
"""

from __future__ import annotations

from typing import Protocol

from ..classroom.recorder import answer_as_text
from ..puzzles import Bank, Feedback, Puzzle
from ..words import ERROR, INFO, Message
from .choose import AUTO, next_in_set, trainers_choice
from .class_progress import AnswerDetail
from .draft import GROUPS, NUMBER, ORDER, PLAY
from .progress import Progress, PuzzleRecord
from .showme import ShowMe
from .visit import Visit


class ProgressKeeper(Protocol):
    """Where a session's progress is kept: the class store (``ClassProgress``) or a file (``ProgressStore``)."""

    @property
    def notices(self) -> list[Message]: ...

    def load(self) -> Progress: ...

    def save(self, progress: Progress, detail: AnswerDetail | None = None) -> bool: ...


class TrainerSession:
    """A learner's sitting: the mode (a set id or ``auto``), the puzzle open now, the progress."""

    def __init__(self, bank: Bank, store: ProgressKeeper, mode: str = AUTO) -> None:
        self.bank = bank
        self.store = store
        self.progress: Progress = store.load()
        self.mode = AUTO
        self.seen: set[str] = set()
        self.notice: Message | None = None
        self.visit: Visit | None = None
        self.choose_mode(mode)

    # --- what is shown -------------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle | None:
        return self.visit.puzzle if self.visit else None

    @property
    def record(self) -> PuzzleRecord:
        """The learner's record of the open puzzle (blank when none is open)."""
        return self.progress.get(self.puzzle.id) if self.puzzle else PuzzleRecord()

    @property
    def notices(self) -> list[Message]:
        """What the message line says: problems with the progress file, then the session's note."""
        return [*self.store.notices, *([self.notice] if self.notice else [])]

    def pool(self) -> list[Puzzle]:
        """The puzzles of the current mode: one set, or the whole bank."""
        if self.mode == AUTO:
            return self.bank.puzzles()
        return list(self.bank.get_set(self.mode).puzzles)

    def set_puzzles(self) -> list[Puzzle]:
        """The puzzles of the open puzzle's set (for the strip of puzzles)."""
        return list(self.bank.get_set(self.puzzle.set_id).puzzles) if self.puzzle else []

    def star_tally(self, puzzles: list[Puzzle] | None = None) -> tuple[int, int, int]:
        """(stars, solved, puzzles) over ``puzzles`` (default: the whole bank)."""
        ids = [p.id for p in (self.bank.puzzles() if puzzles is None else puzzles)]
        return self.progress.stars(ids), self.progress.solved(ids), len(ids)

    def change_keeper(self, store: ProgressKeeper) -> None:
        """Go on with another learner's progress (the page's learner changed): reload, reopen the puzzle."""
        self.store = store
        self.progress = store.load()
        self.seen = set()
        self.notice = None
        puzzle = self.puzzle
        if puzzle is not None:
            self._open(puzzle)
        else:
            self.choose_mode(self.mode)

    # --- choosing ------------------------------------------------------------------------

    def choose_mode(self, mode: str) -> None:
        """Practise one set (its id) or let the trainer choose (``auto``); opens a puzzle."""
        known = {s.id for s in self.bank.sets}
        self.mode = mode if mode in known else AUTO
        self.notice = None
        current = self.puzzle
        if self.mode == AUTO:
            chosen = trainers_choice(self.pool(), self.progress, None, self.seen)
        else:
            chosen = next_in_set(self.pool(), self.progress, None)
        if chosen is None:
            self._all_starred()
            pool = self.pool()
            chosen = next((p for p in pool if current and p.id == current.id), pool[0] if pool else None)
        self._open(chosen)

    def next_puzzle(self) -> None:
        """Open the next puzzle that still needs work (in order, or the trainer's choice)."""
        self.notice = None
        current = self.puzzle
        pool = self.pool()
        if self.mode == AUTO:
            chosen = trainers_choice(pool, self.progress, current, self.seen)
        else:
            chosen = next_in_set(pool, self.progress, current.id if current else None)
        if chosen is None:
            self._all_starred()
            chosen = _after(pool, current)
        self._open(chosen)

    def goto(self, puzzle_id: str) -> bool:
        """Open the puzzle ``puzzle_id`` (a set mode switches to that puzzle's set)."""
        if puzzle_id not in self.bank:
            return False
        puzzle = self.bank.get(puzzle_id)
        if self.mode != AUTO and puzzle.set_id != self.mode:
            self.mode = puzzle.set_id
        self.notice = None
        self._open(puzzle)
        return True

    def _all_starred(self) -> None:
        if not self.bank.puzzles():
            self.notice = Message("trainer_no_puzzles", {}, ERROR)
        else:
            self.notice = Message("trainer_all_starred" if self.mode == AUTO else "trainer_set_starred", {}, INFO)

    def _open(self, puzzle: Puzzle | None) -> None:
        self.visit = Visit.of(puzzle) if puzzle else None
        if puzzle:
            self.seen.add(puzzle.id)

    # --- answering -----------------------------------------------------------------------

    def answer(self, value: object) -> Feedback | None:
        """Judge an answer to the open puzzle and record the attempt; None once it is locked."""
        visit = self.visit
        if visit is None or visit.locked:
            return None
        self.notice = None
        feedback = visit.puzzle.check(value)
        visit.feedback = feedback
        record = self.progress.record(visit.puzzle.id)
        first_try = not record.star and not record.star_lost
        record.attempts += 1
        if feedback.correct:
            visit.solved = True
            visit.earned_star = first_try
            record.solved = True
            record.star = record.star or visit.earned_star
        elif isinstance(value, str) and value not in visit.answers:
            visit.answers.append(value)
        self.store.save(self.progress, AnswerDetail(answer_as_text(value), feedback.correct, visit.seconds()))
        return feedback

    def choice_values(self) -> list[str]:
        """The values of the offered choices, in the order the number keys reach them."""
        return [choice.value for choice in self.puzzle.question.choices()] if self.puzzle else []

    def answer_key(self, number: int) -> Feedback | None:
        """Answer with the ``number``-th choice (1 is the first)."""
        values = self.choice_values()
        return self.answer(values[number - 1]) if 1 <= number <= len(values) else None

    def click_card(self, index: int) -> Feedback | None:
        """A click on the ``index``-th card to pick from: next in the order, or (un)select it."""
        visit = self.visit
        if visit is None or visit.locked:
            return None
        self.notice = None
        visit.control_notice = None
        if visit.puzzle.question.answer_format == ORDER:
            visit.draft.pick(index)
            if visit.draft.complete:
                return self.answer(visit.draft.order_codes())
            return None
        visit.draft.toggle(index)
        return None

    def make_group(self) -> bool:
        """Make the selected cards one tractor of the answer."""
        if self.visit is None or self.visit.locked:
            return False
        made = self.visit.draft.make_group()
        self.notice = None
        self.visit.control_notice = None if made else Message("trainer_need_pair", {}, ERROR)
        return made

    def remove_group(self, number: int) -> bool:
        return self.visit is not None and not self.visit.locked and self.visit.draft.remove_group(number)

    def undo(self) -> None:
        if self.visit and not self.visit.locked:
            self.visit.draft.undo()

    def clear(self) -> None:
        """Start the answer again (the order, the selection and the groups)."""
        if self.visit and not self.visit.locked:
            self.visit.draft.clear()
            self.visit.feedback = None

    def submit(self, value: str = "") -> Feedback | None:
        """Check the answer built so far: the typed number, the tractors, or the selected lead."""
        visit = self.visit
        if visit is None or visit.locked:
            return None
        fmt = visit.puzzle.question.answer_format
        visit.control_notice = None
        if fmt == NUMBER:
            visit.draft.number = value.strip()
            if not visit.draft.number.lstrip("-").isdigit():
                visit.control_notice = Message("trainer_need_number", {}, ERROR)
                return None
            return self.answer(visit.draft.number)
        if fmt == GROUPS:
            return self.answer(visit.draft.group_codes())
        if fmt == PLAY:
            if not visit.draft.selected:
                visit.control_notice = Message("trainer_need_cards", {}, ERROR)
                return None
            return self.answer(visit.draft.selected_codes())
        return None

    # --- help ----------------------------------------------------------------------------

    def hint(self) -> bool:
        """Show the hint; the first time on an unsolved visit it costs the puzzle's star."""
        visit = self.visit
        if visit is None:
            return False
        if not visit.hint_shown:
            visit.hint_shown = True
            if not visit.solved:
                self.progress.record(visit.puzzle.id).hints += 1
                self.store.save(self.progress, AnswerDetail(seconds=visit.seconds()))
        return True

    def show_me(self) -> ShowMe | None:
        """Start "show me", or go on to its next trick; before a solve it costs the star."""
        visit = self.visit
        if visit is None:
            return None
        if visit.show is not None:
            visit.show.advance()
            return visit.show
        visit.show = ShowMe.of(visit.puzzle)
        if not visit.solved:
            self.progress.record(visit.puzzle.id).revealed = True
            self.store.save(self.progress, AnswerDetail(seconds=visit.seconds()))
        return visit.show


def _after(pool: list[Puzzle], current: Puzzle | None) -> Puzzle | None:
    """The puzzle after ``current`` in ``pool`` (wrapping), or the first."""
    if not pool:
        return None
    ids = [puzzle.id for puzzle in pool]
    if current is None or current.id not in ids:
        return pool[0]
    return pool[(ids.index(current.id) + 1) % len(pool)]
