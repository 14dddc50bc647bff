"""The card surface drops a browser message over its bounds before any scene sees it, and says why in
the log: a 5 MB answer pushed through a card button never reaches the trainer, the store or the dashboard."""

from __future__ import annotations

import logging

import pytest
from practice.answers import losing_answer, trick_puzzles, winning_answer

from shengji_kit.classroom.store_protocol import ATTEMPT, ClassStoreAPI
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.widgets.exercise import ExerciseBlock, GroupExerciseScene
from shengji_kit.widgets.surface import MAX_MESSAGE_DEPTH, MAX_MESSAGE_PARTS, MAX_TEXT_BYTES, message_problem
from widgets.class_env import class_store  # noqa: F401  (fixture)


def test_a_huge_answer_never_reaches_the_scene_or_the_store(
    class_store: ClassStoreAPI, caplog: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    puzzle = trick_puzzles()[0]
    widget = ExerciseBlock(GroupExerciseScene([puzzle], ClassProgress("ann", group="01-who-wins")))
    drawn = widget.html
    with caplog.at_level(logging.WARNING, logger="shengji_kit.widgets"):
        widget.handle({"type": "answer", "answer": "1" * 5_000_000})
    assert class_store.events() == [] and widget.html == drawn
    assert widget.refused and "ignored" in caplog.text and str(MAX_TEXT_BYTES) in caplog.text
    widget.handle({"type": "answer", "answer": winning_answer(puzzle)})  # an ordinary answer still goes
    attempts = [stored.event for stored in class_store.events() if stored.event.kind == ATTEMPT]
    assert [(e.learner, e.item, e.answer, e.correct) for e in attempts] == [
        ("ann", puzzle.id, winning_answer(puzzle), True)]


@pytest.mark.parametrize(("message", "why"), [
    ({"type": "answer", "answer": "谁" * 700}, "bytes"),  # 2100 bytes of UTF-8 in 700 characters
    ({"type": "answer", "answer": ["S3"] * (MAX_MESSAGE_PARTS + 1)}, "parts"),
    ({"type": "action", "value": [[[[["deep"]]]]]}, "deeper"),
    ({f"k{number}": "x" * 2000 for number in range(5)}, "together"),
])
def test_messages_past_a_bound_are_refused_with_the_reason(message: dict[str, object], why: str) -> None:
    problem = message_problem(message)
    assert problem is not None
    assert {"bytes": "at most", "parts": "parts", "deeper": str(MAX_MESSAGE_DEPTH), "together": "pass"}[why] in problem


def test_ordinary_messages_pass_and_checking_a_huge_one_is_cheap() -> None:
    for ordinary in ({"type": "click", "card": "SA", "index": 3}, {"type": "key", "key": "enter"},
                     {"type": "answer", "answer": "谁" * 600}, {"type": "action", "action": "play", "value": ""}):
        assert message_problem(ordinary) is None
    huge = {"type": "answer", "answer": NeverEncoded("1" * 50_000_000)}
    assert message_problem(huge) is not None  # refused on its length: NeverEncoded fails the test if it is encoded


class NeverEncoded(str):
    """A text that fails the test when encoded: a huge one must be refused on its length alone (no timing)."""

    __slots__ = ()

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        raise AssertionError("a huge text was encoded to be measured; its length alone refuses it")


def test_the_browser_s_own_channel_drops_a_huge_message_before_any_handle(
    class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    puzzle = trick_puzzles()[0]
    widget = ExerciseBlock(GroupExerciseScene([puzzle], ClassProgress("ann", group="01-who-wins")))
    widget._on_frontend_message(widget, {"type": "answer", "answer": "2" * 3_000_000}, [])
    assert widget.refused and class_store.events() == []
    widget._on_frontend_message(widget, {"type": "answer", "answer": losing_answer(puzzle)}, [])
    assert [(s.event.kind, s.event.correct) for s in class_store.events()] == [(ATTEMPT, False)]
