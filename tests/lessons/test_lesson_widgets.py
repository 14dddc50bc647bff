"""Lesson 1 panels: the live trump explorer, the point cards, and the exercises as widgets."""

from __future__ import annotations

import shengji_kit as sk
from shengji_kit.lessons import trump_ranking as lesson
from shengji_kit.lessons.point_cards import PointCardsScene
from shengji_kit.lessons.trump_explorer import TrumpExplorer
from shengji_kit.widgets.exercise import ExerciseScene


def test_explorer_resorts_the_hand_when_level_and_suit_change() -> None:
    widget = lesson.trump_explorer(level="2", suit="S", seed=4)
    explorer: TrumpExplorer = widget.scene  # type: ignore[assignment]
    cards = list(explorer.hand.cards)
    assert cards == sk.Trump("2", "S").sorted(cards)
    widget.handle({"type": "action", "action": "level", "value": "9"})
    widget.handle({"type": "action", "action": "suit", "value": "D"})
    assert explorer.trump == sk.Trump("9", "D")
    assert explorer.hand.cards == sk.Trump("9", "D").sorted(cards)
    assert 'data-action="level" data-value="9" aria-pressed="true"' in widget.html
    assert widget.html.count("sk-trump") == explorer.trump_count()
    widget.handle({"type": "action", "action": "suit", "value": "none"})
    assert explorer.trump.suit is None and "no trump" in widget.html


def test_clicking_a_card_explains_it_in_the_session_language() -> None:
    widget = lesson.trump_explorer(level="2", suit="S", seed=4)
    explorer: TrumpExplorer = widget.scene  # type: ignore[assignment]
    card = explorer.hand.cards[0]
    widget.handle({"type": "click", "card": card.code, "index": 0})
    english = widget.html.split('data-role="message"')[1]
    assert "Among the trumps" in english or "Inside" in english
    widget.handle({"type": "action", "action": "lang"})
    chinese = widget.html.split('data-role="message"')[1]
    assert "级" in chinese and widget.lang == "zh"


def test_a_new_hand_is_dealt_on_request() -> None:
    explorer = TrumpExplorer(seed=1)
    before = list(explorer.hand.cards)
    explorer.handle({"type": "action", "action": "deal", "value": ""})
    assert explorer.hand.cards != before and len(explorer.hand.cards) == 25


def test_point_cards_total_two_hundred() -> None:
    scene = PointCardsScene()
    assert scene.total() == 200 == 2 * sk.points(card for _, cards, _ in scene.rows() for card in cards)
    html = scene.render("zh")
    assert html.count("data-card=") == 12 and "200" in html and "分牌" in html


def test_exercise_widget_scores_the_first_answer_and_moves_on() -> None:
    widget = lesson.is_trump_exercise(seed=3)
    scene: ExerciseScene = widget.scene  # type: ignore[assignment]
    question = scene.question
    truth = "yes" if question.trump.is_trump(question.shown[0]) else "no"
    wrong = "no" if truth == "yes" else "yes"
    widget.handle({"type": "answer", "answer": wrong})
    assert 'data-role="feedback" data-kind="error"' in widget.html
    widget.handle({"type": "answer", "answer": truth})
    assert 'data-role="feedback" data-kind="ok"' in widget.html
    assert (scene.right, scene.asked) == (0, 1)
    widget.handle({"type": "action", "action": "new", "value": ""})
    assert scene.feedback is None and 'data-kind=""' in widget.html


def test_ordering_widget_picks_undoes_and_checks_when_complete() -> None:
    widget = lesson.order_exercise(seed=2)
    scene: ExerciseScene = widget.scene  # type: ignore[assignment]
    answers = [c.answer for c in sorted(scene.question.choices, key=lambda c: scene.question.trump.sort_key(c.cards[0]))]
    widget.handle({"type": "answer", "answer": answers[1]})
    widget.handle({"type": "action", "action": "undo", "value": ""})
    assert scene.picks == []
    for answer in answers:
        widget.handle({"type": "answer", "answer": answer})
    assert scene.feedback is not None and scene.feedback.ok and scene.right == 1
    widget.handle({"type": "answer", "answer": "not-an-answer"})
    assert scene.picks == answers


def test_which_wins_widget_answers_with_the_card_buttons() -> None:
    widget = lesson.which_wins_exercise(seed=5)
    assert widget.html.count("data-answer=") == 4 and widget.html.count("data-card=") == 4
