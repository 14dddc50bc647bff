"""The dashboard's numbers from real stored events: the grid, who is stuck, the most-missed items, CSV."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from shengji_kit.classroom.report import class_report
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, SOLVE, STAR, ClassEvent, StoredEvent

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def at(minutes_ago: float) -> datetime:
    return NOW - timedelta(minutes=minutes_ago)


def test_the_grid_counts_distinct_items_and_every_attempt(store: SQLClassStore) -> None:
    store.record([
        ClassEvent("ann", "p1", "set-a", ATTEMPT, at(9), "East", False),
        ClassEvent("ann", "p1", "set-a", ATTEMPT, at(8), "North", True),
        ClassEvent("ann", "p1", "set-a", SOLVE, at(8)),
        ClassEvent("ann", "p1", "set-a", SOLVE, at(7)),  # solved again: still one item done
        ClassEvent("ann", "p2", "set-a", ATTEMPT, at(6), "S", True),
        ClassEvent("ann", "p2", "set-a", SOLVE, at(6)),
        ClassEvent("ann", "p2", "set-a", STAR, at(6)),
        ClassEvent("bo", "e1", "02_tractors", HINT, at(5)),
    ])
    report = class_report(store.events(), NOW, {"02_tractors": 12, "set-a": 5})
    assert report.learners == ("ann", "bo")
    assert report.groups == ("02_tractors", "set-a")
    assert report.totals == (12, 5)
    assert report.done.tolist() == [[0, 2], [0, 0]]
    assert report.stars.tolist() == [[0, 1], [0, 0]]
    assert report.attempts.tolist() == [[0, 3], [0, 0]]
    assert report.hints.tolist() == [[0, 0], [1, 0]]
    assert report.last_event_id == 8 and report.last_event_at == at(5)


def test_a_learner_on_an_unsolved_item_for_long_is_stuck_and_one_who_solves_is_not(store: SQLClassStore) -> None:
    store.record([
        ClassEvent("ann", "p1", "s", SOLVE, at(30)),
        ClassEvent("ann", "p2", "s", ATTEMPT, at(14), "A", False),
        ClassEvent("ann", "p2", "s", ATTEMPT, at(2), "B", False),
        ClassEvent("bo", "p2", "s", ATTEMPT, at(14), "A", False),
        ClassEvent("bo", "p2", "s", SOLVE, at(1)),
        ClassEvent("cy", "p3", "s", ATTEMPT, at(3), "A", False),
    ])
    report = class_report(store.events(), NOW, stuck_minutes=10)
    assert [(s.learner, s.item, s.minutes, s.wrong) for s in report.stuck] == [("ann", "p2", 14, 2)]
    assert report.stuck_minutes("ann") == 14 and report.stuck_minutes("cy") is None


def test_the_most_missed_items_list_each_wrong_answer_with_how_many_gave_it(store: SQLClassStore) -> None:
    wrong = [
        ("ann", "p1", "East"), ("bo", "p1", "East"), ("cy", "p1", "West"), ("ann", "p1", "East"), ("bo", "p2", "3")
    ]
    store.record([ClassEvent(who, item, "s", ATTEMPT, at(1), answer, False) for who, item, answer in wrong]
                 + [ClassEvent("cy", "p2", "s", ATTEMPT, at(1), "4", True)])
    report = class_report(store.events(), NOW)
    first, second = report.missed
    assert (first.item, first.wrong, first.learners, first.answers) == ("p1", 4, 3, (("East", 3), ("West", 1)))
    assert (second.item, second.wrong, second.learners, second.answers) == ("p2", 1, 1, (("3", 1),))


def test_the_csv_has_a_row_per_learner_and_group_and_disarms_formulas(store: SQLClassStore) -> None:
    store.record([
        ClassEvent("=cmd()", "p1", "s", SOLVE, at(1)), ClassEvent("李雷", "p1", "s", ATTEMPT, at(2), "x", False)
    ])
    rows = list(csv.DictReader(io.StringIO(class_report(store.events(), NOW, {"s": 3, "t": 2}).csv_text())))
    assert [(r["learner"], r["group"], r["done"], r["total"], r["attempts"]) for r in rows] == [
        ("'=cmd()", "s", "1", "3", "0"), ("'=cmd()", "t", "not started", "2", "0"),
        ("李雷", "s", "0", "3", "1"), ("李雷", "t", "not started", "2", "0"),
    ]


def test_no_events_make_an_empty_report() -> None:
    report = class_report([], NOW, {"s": 4})
    assert report.learners == () and report.groups == ("s",) and report.done.shape == (0, 1)
    assert report.stuck == () and report.missed == () and report.last_event_id == 0


KIND = st.sampled_from([ATTEMPT, HINT, SOLVE, STAR])


@given(st.lists(
    st.tuples(st.sampled_from("abc"), st.sampled_from(["p1", "p2", "p3"]), KIND, st.booleans()), max_size=40
))
def test_the_grid_agrees_with_counting_by_hand(rows: list[tuple[str, str, str, bool]]) -> None:
    events = [
        StoredEvent(i + 1, ClassEvent(who, item, "g" + item[-1], kind, at(i), "x", ok if kind == ATTEMPT else None))
        for i, (who, item, kind, ok) in enumerate(rows)
    ]
    report = class_report(events, NOW)
    for r, learner in enumerate(report.learners):
        for c, group in enumerate(report.groups):
            mine = [e.event for e in events if e.event.learner == learner and e.event.group == group]
            assert report.done[r, c] == len({e.item for e in mine if e.kind == SOLVE})
            assert report.stars[r, c] == len({e.item for e in mine if e.kind == STAR})
            assert report.attempts[r, c] == sum(e.kind == ATTEMPT for e in mine)
    assert sum(m.wrong for m in report.missed) <= sum(1 for _, _, kind, ok in rows if kind == ATTEMPT and not ok)
