"""Answering puzzles (the trainer's and a lesson block's): the visit, the one star rule, events written at once.

Each answer, hint or "show me" writes its events (attempt, solve, star, hint, reveal) straight to the
keeper and counts them into ``progress``; nothing is read back. Answers are judged by ``Puzzle.check``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

from ..classroom.identity import current_learner
from ..classroom.store_protocol import ATTEMPT, HINT, REVEAL, SOLVE, STAR, answer_as_text
from ..puzzles import Bank, Feedback, Puzzle
from ..words import ERROR, INFO, Message
from .answer_detail import AnswerDetail
from .choose import AUTO, near_rating, next_in_set, trainers_choice
from .draft import GROUPS, KEYS, NUMBER, ORDER, PICK, PLAY, REFUSED, SEATS, draft_format
from .events import apply, now_stamp
from .missed import WINDOWS, MissedPuzzle, missed_exercises, missed_puzzles, newest_first
from .missed_lessons import lesson_item, lesson_of
from .progress import Progress, PuzzleRecord
from .ratings_from_events import RatingEvent, Ratings, rated_puzzles, replay
from .showme import ShowMe
from .visit import Visit


class ProgressKeeper(Protocol):
    """Where progress is kept: the class store (``ClassProgress``) or a file (``ProgressStore``)."""

    @property
    def notices(self) -> list[Message]: ...

    def load(self) -> Progress: ...

    def record(self, puzzle: str, kinds: Sequence[str], detail: AnswerDetail) -> bool: ...

    def rating_events(self, learner: str) -> list[RatingEvent]: ...


class Practice:
    """One puzzle open at a time (``visit``) and the learner's ``progress``; subclasses choose the puzzles."""

    def __init__(self, store: ProgressKeeper) -> None:
        self.store = store
        self.progress: Progress = store.load()
        self.notice: Message | None = None
        self.visit: Visit | None = None

    @property
    def puzzle(self) -> Puzzle | None:
        return self.visit.puzzle if self.visit else None

    def reload(self) -> None:
        """Read the keeper's progress again (its log changed under the page: restored, or reset)."""
        self.progress = self.store.load()

    @property
    def record(self) -> PuzzleRecord:
        """The learner's record of the open puzzle (blank when none is open)."""
        return self.progress.get(self.puzzle.id) if self.puzzle else PuzzleRecord()

    @property
    def notices(self) -> list[Message]:
        """What the message line says: the keeper's problems, then the session's note."""
        return [*self.store.notices, *([self.notice] if self.notice else [])]

    @property
    def learner(self) -> str:
        """Whose practice this is: the keeper's learner, else the kernel's (it seeds the order of choices)."""
        return getattr(self.store, "learner", None) or current_learner()

    def _open(self, puzzle: Puzzle | None) -> None:
        self.visit = Visit.of(puzzle, self.learner) if puzzle else None
        if puzzle:
            puzzle.question.warm()  # a sampled lead values every lead while the learner thinks

    def next_puzzle(self) -> None:
        """Open the next puzzle (each kind of session chooses its own)."""

    def _write(self, visit: Visit, kinds: Sequence[str], answer: str = "", correct: bool | None = None) -> None:
        """Count ``kinds`` into the progress and hand them to the keeper, as they happen."""
        record = self.progress.record(visit.puzzle.id)
        for kind in kinds:
            apply(record, kind)
        self.store.record(visit.puzzle.id, kinds, AnswerDetail(answer, correct, visit.seconds()))

    # --- answering -----------------------------------------------------------------------

    def answer(self, value: object) -> Feedback | None:
        """Judge an answer and record it; a star for a first answer, right, before any hint. None once locked."""
        visit = self.visit
        if visit is None or visit.locked:
            return None
        self.notice = None
        if isinstance(value, str) and not value.strip():  # an empty Check or answer: said by the button, not an attempt
            visit.control_notice = Message("fair_pick_first", {}, ERROR)
            return None
        feedback = visit.puzzle.check(value)
        counted = _count_problem(feedback)
        if counted is not None:  # the wrong number of cards, as the follow tables say: pick again, nothing counted
            visit.control_notice = counted
            return None
        if feedback.refused and feedback.lines:  # a play the table would refuse: its reason, nothing counted
            visit.control_notice = Message(REFUSED, {"reason": feedback.lines[0]}, ERROR)
            return None
        visit.feedback = feedback
        visit.tries += 1
        record = self.progress.get(visit.puzzle.id)
        kinds = [ATTEMPT]
        if feedback.correct:
            visit.solved, visit.earned_star = True, not record.star and not record.star_lost
            kinds += [SOLVE] * (not record.solved) + [STAR] * visit.earned_star
        elif isinstance(value, str) and value not in visit.answers:
            visit.answers.append(value)
        self._write(visit, kinds, answer_as_text(value), feedback.correct)
        return feedback

    def choice_values(self) -> list[str]:
        """The values of the offered choices, in the order shown (the learner's), which the number keys follow."""
        return [choice.value for choice in self.visit.choices] if self.visit else []

    def answer_key(self, number: int) -> Feedback | None:
        """Answer with the ``number``-th choice (1 is the first; a trick's ``number``-th play)."""
        puzzle = self.puzzle
        if puzzle is not None and puzzle.kind == "trick_winner":
            values = [str(seat) for seat, _ in puzzle.table.trick]
        else:
            values = self.choice_values()
        return self.answer(values[number - 1]) if 1 <= number <= len(values) else None

    def click_card(self, index: int) -> Feedback | None:
        """A click on the ``index``-th card to pick from: next in the order, or (un)select it."""
        visit = self.visit
        if visit is None or visit.locked:
            return None
        self.notice = visit.control_notice = None
        if draft_format(visit.puzzle) == ORDER:
            visit.draft.pick(index)
            return self.answer(visit.draft.order_codes()) if visit.draft.complete else None
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

    def toggle_seat(self, seat: int) -> bool:
        """Pick or unpick one seat of a ``seats`` answer."""
        if self.visit is None or self.visit.locked:
            return False
        self.notice = self.visit.control_notice = None
        return self.visit.draft.toggle_seat(seat)

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
        """Check the answer built so far: the typed number, the tractors, the order or the selected cards."""
        visit = self.visit
        if visit is None or visit.locked:
            return None
        fmt, draft = draft_format(visit.puzzle), visit.draft
        visit.control_notice = None
        if fmt == NUMBER:
            draft.number = value.strip()
            if draft.number.lstrip("-").isdigit():
                return self.answer(draft.number)
            visit.control_notice = Message("trainer_need_number", {}, ERROR)
        elif fmt == GROUPS:
            return self.answer(draft.group_codes())
        elif fmt == SEATS:
            if draft.seats:
                return self.answer(" ".join(map(str, draft.seats)))
            visit.control_notice = Message("trainer_need_seats", {}, ERROR)
        elif fmt in (ORDER, PICK, PLAY) and (draft.order or draft.selected):
            return self.answer(draft.order_codes() if fmt == ORDER else draft.selected_codes())
        elif fmt in (ORDER, PICK, PLAY):
            visit.control_notice = Message("trainer_need_cards", {}, ERROR)
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
                self._write(visit, [HINT])
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
            self._write(visit, [REVEAL])
        return visit.show

    # --- the browser's messages ------------------------------------------------------------

    def handle(self, message: Mapping[str, Any]) -> None:
        """Act on one message from the page: an answer, a card click, a key or a button's action."""
        kind = message.get("type")
        if kind == "answer":
            self.answer(str(message.get("answer", "")))
        elif kind == "click":
            index = message.get("index")
            if isinstance(index, int) and not isinstance(index, bool):
                self.click_card(index)
        elif kind == "key":
            key = str(message.get("key", ""))
            if key in KEYS:
                self.answer_key(KEYS.index(key) + 1)
            else:
                self.action({"h": "hint", "s": "show", "n": "next", "enter": "check"}.get(key, ""), "")
        elif kind == "action":
            self.action(str(message.get("action", "")), str(message.get("value") or ""))

    def action(self, action: str, value: str) -> None:
        """A ``data-action`` button (``value`` its ``data-value``, or the typed number)."""
        if action == "next":
            self.next_puzzle()
        elif action == "hint":
            self.hint()
        elif action == "show":
            self.show_me()
        elif action in ("check", "submit"):
            self.submit(value)
        elif action == "group":
            self.make_group()
        elif action == "seat" and value.isdigit():
            self.toggle_seat(int(value))
        elif action == "ungroup" and value.isdigit():
            self.remove_group(int(value))
        elif action == "undo":
            self.undo()
        elif action == "clear":
            self.clear()


MINED_PREFIX = "mined-"
"""The sets cut from real play (``puzzles/data/mined``): hundreds of puzzles, served near the rating."""


class TrainerSession(Practice):
    """A learner's sitting in the trainer: the mode (a set id or ``auto``), the puzzle open now, the progress."""

    def __init__(
        self, bank: Bank, store: ProgressKeeper, mode: str = AUTO, address_note: Message | None = None
    ) -> None:
        super().__init__(store)
        self.bank = bank
        self.rated = rated_puzzles(bank.puzzles())
        self.events: list[RatingEvent] = store.rating_events(self.learner)
        """The events the keeper read (the lessons' too): the ratings replay them; missed lesson exercises."""
        self.ratings: Ratings = replay(self.events, self.rated)
        self.mode = AUTO
        self.seen: set[str] = set()
        self.address_note = address_note
        """What the page address asked for and did not get (``?set=`` naming no set), until a set is chosen."""
        self.clock: Callable[[], datetime] = _utc_now
        """The time "what you missed" counts back from."""
        self.missed_days: int | None = None
        """The period "what you missed" shows (one of ``WINDOWS``), None while the list is closed."""
        self.replay_queue: list[str] = []
        """The missed puzzles still to replay after the open one ("Next puzzle" opens them one by one)."""
        self.choose_mode(mode)

    @property
    def notices(self) -> list[Message]:
        return [*([self.address_note] if self.address_note else []), *super().notices]

    def pool(self) -> list[Puzzle]:
        """The puzzles of the current mode: one set, or the whole bank."""
        if self.mode == AUTO:
            return self.bank.puzzles()
        return list(self.bank.get_set(self.mode).puzzles)

    def set_puzzles(self) -> list[Puzzle]:
        """The puzzles of the open puzzle's set (for the strip of puzzles); none for a replayed lesson exercise."""
        puzzle = self.puzzle
        return list(self.bank.get_set(puzzle.set_id).puzzles) if puzzle and puzzle.id in self.bank else []

    def star_tally(self, puzzles: list[Puzzle] | None = None) -> tuple[int, int, int]:
        """(stars, solved, puzzles) over ``puzzles`` (default: the whole bank)."""
        ids = [p.id for p in (self.bank.puzzles() if puzzles is None else puzzles)]
        return self.progress.stars(ids), self.progress.solved(ids), len(ids)

    def reload(self) -> None:
        """Read the keeper's progress and ratings again, and reopen the puzzle."""
        self.change_keeper(self.store)

    def change_keeper(self, store: ProgressKeeper) -> None:
        """Go on with another learner's progress (the page's learner changed): reload, reopen the puzzle."""
        self.store = store
        self.progress = store.load()
        self.events = store.rating_events(self.learner)
        self.ratings = replay(self.events, self.rated)
        self.seen = set()
        self.replay_queue = []
        self.notice = None
        puzzle = self.puzzle
        if puzzle is not None:
            self._open(puzzle)
        else:
            self.choose_mode(self.mode)

    def rating_target(self) -> float | None:
        """The rating the trainer's choice aims at: the learner's in the open theme set, else overall;
        None before the first game (then the easiest puzzles come first)."""
        learner = self.learner
        if self.mode != AUTO and self.ratings.has_played(learner, self.mode):
            return self.ratings.theme(learner, self.mode).rating
        return self.ratings.learner(learner).rating if self.ratings.has_played(learner) else None

    def _choose(self, current: Puzzle | None) -> Puzzle | None:
        """The next puzzle of the mode: the trainer's choice near the rating (all sets, or a mined theme
        set), or the next in a hand-written set's order."""
        pool = self.pool()
        if self.mode == AUTO or self.mode.startswith(MINED_PREFIX):
            target = self.rating_target()
            near = None if target is None else near_rating(self.ratings.puzzle, target)
            return trainers_choice(pool, self.progress, current, self.seen, near)
        return next_in_set(pool, self.progress, current.id if current else None)

    def _write(self, visit: Visit, kinds: Sequence[str], answer: str = "", correct: bool | None = None) -> None:
        """Write the events, then play them into the ratings (a first try is a game, kept on the visit); a
        replayed lesson exercise writes nothing (not rated, the lesson's record unchanged)."""
        if self.lesson_replay:
            return
        super()._write(visit, kinds, answer, correct)
        at = datetime.fromisoformat(now_stamp())
        for kind in kinds:
            event = RatingEvent(self.learner, visit.puzzle.id, kind, at, correct if kind == ATTEMPT else None)
            game = self.ratings.play(event)
            if game is not None:
                visit.game = game

    def choose_mode(self, mode: str) -> None:
        """Practise one set (its id) or let the trainer choose (``auto``); opens a puzzle."""
        known = {s.id for s in self.bank.sets}
        self.mode = mode if mode in known else AUTO
        self.notice = None
        current = self.puzzle
        chosen = self._choose(None)
        if chosen is None:
            self._all_starred()
            pool = self.pool()
            chosen = next((p for p in pool if current and p.id == current.id), pool[0] if pool else None)
        self._open(chosen)

    def next_puzzle(self) -> None:
        """Open the next puzzle: the next missed one while replaying them, else the next that still needs
        work (in order, or the trainer's choice)."""
        self.notice = None
        if self.replay_queue:
            self._open_missed(self.replay_queue.pop(0))
            return
        current = self.puzzle
        chosen = self._choose(current)
        if chosen is None:
            self._all_starred()
            chosen = _after(self.pool(), current)
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

    # --- what you missed ----------------------------------------------------------------------

    def missed(self) -> list[MissedPuzzle]:
        """The puzzles and lesson exercises missed in the period shown (the first of ``WINDOWS`` while the
        list is closed), newest first."""
        days, now = self.missed_days or WINDOWS[0], self.clock()
        return newest_first(missed_puzzles(self.ratings.games, self.learner, now, days),
                            missed_exercises(self.events, self.learner, lesson_of, now, days))

    @property
    def lesson_replay(self) -> str:
        """The lesson's slug while one of its exercises is open as a one-off replay, else ""."""
        puzzle = self.puzzle
        return "" if puzzle is None or puzzle.id in self.bank else (lesson_of(puzzle.id) or puzzle.set_id)

    def _open_missed(self, item: str) -> bool:
        """Open a missed item: a puzzle of the bank, or a lesson exercise as a one-off."""
        if item in self.bank:
            return self.goto(item)
        found = lesson_item(item)
        if found is None:
            return False
        self.notice = None
        self._open(found[1])
        return True

    def show_missed(self, value: str) -> None:
        """Show "what you missed" over ``value`` days (one of ``WINDOWS``); anything else closes it."""
        self.missed_days = int(value) if value in {str(days) for days in WINDOWS} else None

    def replay(self, puzzle_id: str) -> bool:
        """Open a missed puzzle as a normal puzzle (a lesson exercise as a one-off, ``lesson_replay``); "Next
        puzzle" then goes on to the older missed ones."""
        listed = [missed.item for missed in self.missed()]
        if puzzle_id not in listed or not self._open_missed(puzzle_id):
            return False
        later = listed[listed.index(puzzle_id) + 1:]
        self.replay_queue = [item for item in later if item in self.bank or lesson_item(item) is not None]
        return True

    def weakest_set(self) -> str | None:
        """The set to practise when the learner asks for their weakest: the lowest theme rating, once
        they have played more than one set (with one, it is no comparison)."""
        learner = self.learner
        if len(self.ratings.themes_played(learner)) < 2:
            return None
        weakest = self.ratings.weakest_theme(learner)
        return weakest if weakest in {puzzle_set.id for puzzle_set in self.bank.sets} else None

    def action(self, action: str, value: str) -> None:
        if action in ("mode", "goto", "weakest"):
            self.replay_queue = []
        if action == "mode":
            self.address_note = None
            self.choose_mode(value)
        elif action == "goto":
            self.goto(value)
        elif action == "missed":
            self.show_missed(value)
        elif action == "missed-list":  # the "What you missed" button: open (the first period) or close
            self.show_missed("" if self.missed_days is not None else str(WINDOWS[0]))
        elif action == "replay":
            self.replay(value)
        elif action == "weakest" and (weakest := self.weakest_set()) is not None:
            self.address_note = None
            self.choose_mode(weakest)
        else:
            super().action(action, value)

    def _all_starred(self) -> None:
        if not self.bank.puzzles():
            self.notice = Message("trainer_no_puzzles", {}, ERROR)
        else:
            self.notice = Message("trainer_all_starred" if self.mode == AUTO else "trainer_set_starred", {}, INFO)

    def _open(self, puzzle: Puzzle | None) -> None:
        super()._open(puzzle)
        if puzzle:
            self.seen.add(puzzle.id)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _count_problem(feedback: Feedback) -> Message | None:
    """"Pick N cards first" when the answer had the wrong number of cards (the engine's ``wrong_count``)."""
    first = feedback.lines[0] if feedback.lines and not feedback.correct else None
    if first is None or first.code != "wrong_count":
        return None
    need, got = first.params.get("lead_count", 0), first.params.get("count", 0)
    if not got:
        return Message("fair_pick_first", {}, ERROR)
    return Message("fair_pick_count", {"count": need, "picked": got}, ERROR)


def _after(pool: list[Puzzle], current: Puzzle | None) -> Puzzle | None:
    """The puzzle after ``current`` in ``pool`` (wrapping), or the first."""
    if not pool:
        return None
    ids = [puzzle.id for puzzle in pool]
    if current is None or current.id not in ids:
        return pool[0]
    return pool[(ids.index(current.id) + 1) % len(pool)]
