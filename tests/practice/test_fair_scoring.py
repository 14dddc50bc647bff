"""The trainer scores fairly too (issue 20): an empty answer is no attempt; a wrong one keeps the answer back."""

from __future__ import annotations

from html_tree import parse

from shengji_kit.practice import TrainerSession
from shengji_kit.practice.html.page import trainer_html
from shengji_kit.words.catalogue import text


def test_an_empty_answer_is_no_attempt_in_the_trainer(session: TrainerSession) -> None:
    puzzle = session.puzzle
    assert puzzle is not None
    session.handle({"type": "answer", "answer": " "})
    assert session.visit is not None and session.visit.tries == 0 and session.visit.feedback is None
    assert session.progress.get(puzzle.id).attempts == 0 and session.visit.control_notice is not None
    assert session.visit.control_notice.code == "fair_pick_first"


def test_a_wrong_trainer_answer_says_why_and_offers_a_retry(session: TrainerSession) -> None:
    puzzle = session.puzzle
    assert puzzle is not None and puzzle.question.choices()
    right = {choice.value for choice in puzzle.question.choices() if puzzle.check(choice.value).correct}
    wrong = next(choice.value for choice in puzzle.question.choices() if choice.value not in right)
    session.handle({"type": "answer", "answer": wrong})
    html = parse(str(trainer_html(session, "en")))
    feedback = html.find(data_role="feedback")
    assert feedback.attrs["data-kind"] == "error" and text("trainer_try_again", "en") in feedback.text
    assert puzzle.explanation("en") not in html.text and session.progress.get(puzzle.id).attempts == 1
