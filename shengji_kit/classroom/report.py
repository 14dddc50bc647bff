"""The class at a glance, from the store's events: the grid, who is stuck, the most-missed items, CSV.

Everything is computed with numpy over flat arrays of the events (one row per event), so the
dashboard can recompute the whole report every few seconds for a class of 30 without effort.
The grid's cells count distinct items (an item solved twice is done once); attempts count events.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np
import numpy.typing as npt

from ..words.catalogue import text
from .store_protocol import ATTEMPT, HINT, SOLVE, STAR, TIMED, StoredEvent

DEFAULT_STUCK_MINUTES = 10
# A learner's answer is the learner's text: the report shows at most this much of it, and of an
# item at most this many different wrong answers (a hostile learner must not fill the dashboard).
SHOWN_ANSWER_CHARS = 60
SHOWN_ANSWERS = 8
ELLIPSIS = "…"
Counts = npt.NDArray[np.int64]


@dataclass(frozen=True)
class StuckLearner:
    """A learner whose newest item is unsolved and who has not solved anything for ``minutes``."""

    learner: str
    item: str
    group: str
    minutes: int
    wrong: int


@dataclass(frozen=True)
class MissedItem:
    """An item the class got wrong: how often, by how many learners, and each wrong answer with its count."""

    item: str
    group: str
    wrong: int
    learners: int
    answers: tuple[tuple[str, int], ...]
    """The most given wrong answers (each shortened to ``SHOWN_ANSWER_CHARS``) and their counts."""
    other: int = 0
    """How many wrong answers are not listed in ``answers`` (beyond the ``SHOWN_ANSWERS`` most given)."""


def shorten(answer: str, limit: int = SHOWN_ANSWER_CHARS) -> str:
    """``answer`` cut to ``limit`` characters, ending in an ellipsis when it was longer."""
    return answer if len(answer) <= limit else answer[: max(limit - 1, 0)] + ELLIPSIS


@dataclass(frozen=True)
class ClassReport:
    """Learners × groups: ``done`` and ``stars`` count distinct items, ``attempts`` and ``hints`` events."""

    learners: tuple[str, ...]
    groups: tuple[str, ...]
    totals: tuple[int, ...]
    done: Counts
    stars: Counts
    attempts: Counts
    hints: Counts
    last_seen: tuple[datetime | None, ...]
    stuck: tuple[StuckLearner, ...]
    missed: tuple[MissedItem, ...]
    last_event_id: int
    last_event_at: datetime | None

    def stuck_minutes(self, learner: str) -> int | None:
        """How long ``learner`` has been stuck, or None when they are not."""
        return next((s.minutes for s in self.stuck if s.learner == learner), None)

    def csv_text(self, lang: str = "en") -> str:
        """One row per learner and group, header first; a group the learner never opened says "not started".

        A teacher reading ``done 0 of 0`` cannot tell "not begun" from "nothing to do", so the ``done``
        cell of a learner × group with no event at all is the words, in ``lang``.
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", "group", "done", "total", "stars", "attempts", "hints", "last_event_utc"])
        not_started = text("teach_csv_not_started", lang)
        opened = (self.done + self.stars + self.attempts + self.hints) > 0
        for row, learner in enumerate(self.learners):
            seen = self.last_seen[row]
            for column, group in enumerate(self.groups):
                done: int | str = int(self.done[row, column]) if opened[row, column] else not_started
                writer.writerow([
                    _safe_cell(learner), _safe_cell(group), done, self.totals[column],
                    int(self.stars[row, column]), int(self.attempts[row, column]), int(self.hints[row, column]),
                    seen.isoformat(timespec="seconds") if seen else "",
                ])
        return out.getvalue()


def _safe_cell(value: str) -> str:
    """A learner-chosen text that a spreadsheet must not run as a formula (``=…``, ``+…``, ``@…``)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _index(values: Sequence[str], order: Sequence[str]) -> tuple[tuple[str, ...], npt.NDArray[np.int64]]:
    """``order`` followed by the values not in it (sorted), and each value's position in that list."""
    known = list(dict.fromkeys(order))
    extra = sorted(set(values) - set(known))
    names = tuple(known + extra)
    where = {name: i for i, name in enumerate(names)}
    return names, np.fromiter((where[v] for v in values), dtype=np.int64, count=len(values))


def _distinct_count(rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64], items: npt.NDArray[np.int64],
                    shape: tuple[int, int]) -> Counts:
    """How many distinct items fall in each (row, column) cell."""
    counts = np.zeros(shape, dtype=np.int64)
    if rows.size:
        triples = np.unique(np.stack([rows, cols, items], axis=1), axis=0)
        np.add.at(counts, (triples[:, 0], triples[:, 1]), 1)
    return counts


def class_report(
    events: Sequence[StoredEvent],
    now: datetime,
    group_totals: Mapping[str, int] | None = None,
    stuck_minutes: int = DEFAULT_STUCK_MINUTES,
    missed_limit: int = 8,
) -> ClassReport:
    """The report of ``events`` at time ``now``; ``group_totals`` orders the columns and gives each its size."""
    totals_in = dict(group_totals or {})
    flat = [stored.event for stored in events if stored.event.kind != TIMED]  # a timed run's score: no column
    learners, learner_at = _index([e.learner for e in flat], [])
    groups, group_at = _index([e.group for e in flat], list(totals_in))
    items, item_at = _index([e.item for e in flat], [])
    kinds = np.array([e.kind for e in flat], dtype=object)
    seconds = np.array([(e.at - now).total_seconds() for e in flat], dtype=np.float64)
    shape = (len(learners), len(groups))

    def where(kind: str) -> npt.NDArray[np.bool_]:
        return np.asarray(kinds == kind, dtype=np.bool_) if flat else np.zeros(0, dtype=np.bool_)

    solved, starred, attempted, hinted = where(SOLVE), where(STAR), where(ATTEMPT), where(HINT)
    done = _distinct_count(learner_at[solved], group_at[solved], item_at[solved], shape)
    stars = _distinct_count(learner_at[starred], group_at[starred], item_at[starred], shape)
    attempts = np.zeros(shape, dtype=np.int64)
    np.add.at(attempts, (learner_at[attempted], group_at[attempted]), 1)
    hints = np.zeros(shape, dtype=np.int64)
    np.add.at(hints, (learner_at[hinted], group_at[hinted]), 1)
    last_seen = tuple(
        now + timedelta(seconds=float(seconds[learner_at == row].max())) if flat else None
        for row in range(len(learners))
    )
    wrong = attempted & np.array([e.correct is False for e in flat], dtype=np.bool_) if flat else attempted
    totals = tuple(max(totals_in.get(group, 0), int(done[:, column].max(initial=0)))
                   for column, group in enumerate(groups))
    return ClassReport(
        learners, groups, totals, done, stars, attempts, hints, last_seen,
        _stuck(flat, learners, learner_at, item_at, solved, wrong, seconds, stuck_minutes),
        _missed(flat, items, item_at, learner_at, wrong, missed_limit),
        max((stored.id for stored in events), default=0),
        max((e.at for e in flat), default=None),
    )


def _stuck(flat: Sequence[object], learners: Sequence[str], learner_at: npt.NDArray[np.int64],
           item_at: npt.NDArray[np.int64], solved: npt.NDArray[np.bool_], wrong: npt.NDArray[np.bool_],
           seconds: npt.NDArray[np.float64], stuck_minutes: int) -> tuple[StuckLearner, ...]:
    """Learners whose newest event is on an item they have not solved, with no solve for ``stuck_minutes``.

    The time counts from their last solve, or from their first event on that item when that is later.
    """
    found: list[StuckLearner] = []
    for row, learner in enumerate(learners):
        mine = np.flatnonzero(learner_at == row)
        newest = mine[np.argmax(seconds[mine])]
        item = item_at[newest]
        on_item = mine[item_at[mine] == item]
        if solved[on_item].any():
            continue
        started = float(seconds[on_item].min())
        mine_solved = mine[solved[mine]]
        since = max(started, float(seconds[mine_solved].max())) if mine_solved.size else started
        minutes = int(-since // 60)
        if minutes >= stuck_minutes:
            event = flat[int(newest)]
            found.append(StuckLearner(
                learner, getattr(event, "item", ""), getattr(event, "group", ""), minutes,
                int(wrong[on_item].sum()),
            ))
    return tuple(sorted(found, key=lambda s: (-s.minutes, s.learner)))


def _missed(flat: Sequence[object], items: Sequence[str], item_at: npt.NDArray[np.int64],
            learner_at: npt.NDArray[np.int64], wrong: npt.NDArray[np.bool_], limit: int) -> tuple[MissedItem, ...]:
    """The items with the most wrong answers, each with its wrong answers counted (most given first)."""
    if not wrong.any():
        return ()
    wrong_items = item_at[wrong]
    per_item = np.bincount(wrong_items, minlength=len(items))
    order = sorted((int(i) for i in np.flatnonzero(per_item)), key=lambda i: (-int(per_item[i]), items[i]))[:limit]
    answers = np.array([shorten(str(getattr(e, "answer", ""))) if w else "" for e, w in zip(flat, wrong, strict=True)],
                       dtype=object)
    groups = {i: str(getattr(flat[int(np.flatnonzero(item_at == i)[0])], "group", "")) for i in order}
    missed = []
    for index in order:
        mask = wrong & (item_at == index)
        given, counts = np.unique(answers[mask].astype(str), return_counts=True)
        ranked = sorted(zip(given.tolist(), counts.tolist(), strict=True), key=lambda pair: (-pair[1], pair[0]))
        shown = ranked[:SHOWN_ANSWERS]
        missed.append(MissedItem(
            items[index], groups[index], int(per_item[index]), int(np.unique(learner_at[mask]).size),
            tuple((str(answer), int(count)) for answer, count in shown),
            sum(int(count) for _, count in ranked[SHOWN_ANSWERS:]),
        ))
    return tuple(missed)
