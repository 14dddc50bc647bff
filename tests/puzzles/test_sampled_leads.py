"""A sampled best-play item values every lead on every consistent deal once (one searcher for all the
deals), so after the first grade any other lead is graded by looking its values up; the values agree
with solving each deal and lead on its own, and a background warm-up leaves nothing for the grade."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from shengji_kit.practice.event_log import ProgressStore
from shengji_kit.practice.session import Practice
from shengji_kit.puzzles.kinds import best_play
from shengji_kit.puzzles.kinds.best_play import BestPlay, Option, lead_values, play_value
from shengji_kit.puzzles.lesson_exercises import load_lesson


def _no_more_solving(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From here on, every solve the grade would make is recorded (and still made): a look-up makes none."""
    solves: list[str] = []

    def counted_lead_values(deals: Sequence[best_play.Position]) -> list[dict[best_play.Play, int]]:
        solves.append("lead_values")
        return lead_values(deals)

    def counted_play_value(position: best_play.Position, trick: best_play.TrickPlays, play: best_play.Play) -> int:
        solves.append("play_value")
        return play_value(position, trick, play)

    monkeypatch.setattr(best_play, "lead_values", counted_lead_values)
    monkeypatch.setattr(best_play, "play_value", counted_play_value)
    return solves


def _item(item_id: str) -> BestPlay:
    question = next(i for i in load_lesson("09_leading").items if i.id == item_id).question
    assert isinstance(question, BestPlay) and question.samples
    return question


def test_every_lead_is_valued_once_and_a_later_grade_is_a_look_up(monkeypatch: pytest.MonkeyPatch) -> None:
    question = _item("l9-sampled-cash-the-ace")
    first = question.grade(["C3"])
    assert not first.correct
    solves = _no_more_solving(monkeypatch)
    second = question.grade(["D3"])
    assert solves == []  # no deal solved again: the second lead's values were looked up
    assert not second.correct and "5.62" in " ".join(line.render("en") for line in second.lines)
    assert question.verify() == []  # the stated exact costs (4.94, 5.62) still hold
    table = question.samples.lead_values(lead_values)
    assert set(table) == {(card.index,) for card in question.hand()}
    assert all(len(values) == len(question.samples) for values in table.values())


def test_the_shared_searcher_gives_each_deals_own_values() -> None:
    question = _item("l9-sampled-draw-with-the-joker")
    deals = question.samples.positions[::97]
    for deal, values in zip(deals, lead_values(deals), strict=True):
        assert values == {play: play_value(deal, (), play) for play in values}


def test_a_warm_up_in_the_background_fills_the_table_for_the_grade(monkeypatch: pytest.MonkeyPatch) -> None:
    question = _item("l9-sampled-draw-with-the-joker")
    question.samples._leads.clear()
    thread = question.samples.warm(lead_values)
    wrong = question.grade(["CA"])  # waits for the warm-up's table rather than solving again
    thread.join()
    assert not wrong.correct and question.samples._leads
    solves = _no_more_solving(monkeypatch)
    estimate = question.estimate(Option(tuple(c for c in question.hand() if c.code == "CK")))
    assert solves == [] and estimate.exact


def test_opening_a_sampled_item_values_its_leads_before_the_first_grade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The learner reads the position while every lead is valued in the background; the first wrong lead is
    then graded by looking up, with no deal solved at the grade."""
    puzzle = next(i for i in load_lesson("09_leading").items if i.id == "l9-sampled-draw-with-the-joker")
    question = puzzle.question
    assert isinstance(question, BestPlay)
    question.samples._leads.clear()
    practice = Practice(ProgressStore.for_learner("warm", tmp_path))
    practice._open(puzzle)  # as a block does when it shows the item
    for thread in threading.enumerate():
        if thread.name == "sampled-leads":
            thread.join()
    assert question.samples._leads  # filled by the warm-up, not by a grade
    solves = _no_more_solving(monkeypatch)
    feedback = practice.answer(["CA"])
    assert feedback is not None and not feedback.correct and solves == []
