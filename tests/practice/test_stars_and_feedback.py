"""What a star means and what a wrong answer shows: a star needs a right first answer without a
hint or "show me"; a wrong answer says why it fails and never gives the right answer away."""

from __future__ import annotations

from html_tree import parse

from shengji_kit.practice import TrainerSession, answer_text
from shengji_kit.practice.html import trainer_html
from shengji_kit.words.catalogue import text

from .answers import losing_seat, winning_seat


def _feedback_text(session: TrainerSession, lang: str) -> str:
    tree = parse(str(trainer_html(session, lang)))
    return " ".join(element.text for element in tree.find_all(**{"data-role": "feedback"}))


def test_a_right_first_answer_earns_the_star(session: TrainerSession) -> None:
    session.choose_mode("01-who-wins")
    puzzle = session.puzzle
    assert puzzle is not None
    session.answer(str(winning_seat(puzzle)))
    assert session.record.star and session.visit is not None and session.visit.earned_star
    assert text("trainer_solved_star", "en") in parse(str(trainer_html(session, "en"))).text


def test_a_wrong_answer_says_why_and_lets_the_learner_try_again_without_the_answer(session: TrainerSession) -> None:
    session.choose_mode("01-who-wins")
    puzzle = session.puzzle
    assert puzzle is not None
    loser, winner = losing_seat(puzzle), winning_seat(puzzle)
    session.answer(str(loser))
    for lang in ("en", "zh"):
        shown = _feedback_text(session, lang)
        assert text("puzzle_wrong", lang) in shown
        assert text("trainer_try_again", lang) in shown
        assert text("puzzle_trick_not", lang, seat=loser, cards=dict(puzzle.table.trick)[loser]) in shown
        assert puzzle.explanation(lang) not in shown, "the explanation waits for a solve or show me"
        assert answer_text(puzzle, lang) not in shown, "the right answer waits for show me"
    assert session.visit is not None and not session.visit.locked
    session.answer(str(winner))
    assert session.record.solved and not session.record.star
    html = parse(str(trainer_html(session, "en"))).text
    assert text("trainer_solved", "en") in html and text("trainer_solved_star", "en") not in html


def test_a_wrong_endgame_lead_shows_neither_the_best_lead_nor_the_line(session: TrainerSession) -> None:
    session.choose_mode("07-endgames")
    puzzle = session.puzzle
    assert puzzle is not None and puzzle.kind == "endgame"
    question = puzzle.question
    best = set(question.solution().best)  # type: ignore[attr-defined]
    hand = question.position.hands[question.mover]  # type: ignore[attr-defined]
    wrong = next(card for card in hand if card.code not in best)
    feedback = session.answer(wrong.code)
    assert feedback is not None and not feedback.correct
    shown = _feedback_text(session, "en")
    assert "perfect line" not in shown and "best leads" not in shown
    assert " wins, attackers +" not in shown
    assert str(question.lead_total([wrong])) in shown, "the learner learns what the chosen lead gets"  # type: ignore[attr-defined]
    session.show_me()
    assert session.record.star_lost and not session.record.star


def test_show_me_reveals_the_answer_and_ends_the_star(session: TrainerSession) -> None:
    session.choose_mode("01-who-wins")
    puzzle = session.puzzle
    assert puzzle is not None
    session.show_me()
    assert session.record.star_lost
    assert answer_text(puzzle, "en") in parse(str(trainer_html(session, "en"))).text
