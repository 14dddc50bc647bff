"""Lesson 1 panels: the live trump explorer, the point cards, and the exercises as widgets."""

from __future__ import annotations

from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.lessons import trump_ranking_lesson as lesson
from shengji_kit.render.lesson_panels.point_cards import PointCardsScene
from shengji_kit.render.lesson_panels.trump_explorer import TrumpExplorer
from shengji_kit.widgets.exercise import GroupExerciseScene


def test_explorer_resorts_the_hand_when_level_and_suit_change() -> None:
    widget = lesson.trump_explorer(level="2", suit="S", seed=4)
    explorer: TrumpExplorer = widget.scene  # type: ignore[assignment]
    cards = list(explorer.hand.cards)
    assert cards == sk.Trump("2", "S").sorted(cards)
    widget.handle({"type": "action", "action": "level", "value": "9"})
    widget.handle({"type": "action", "action": "suit", "value": "D"})
    assert explorer.trump == sk.Trump("9", "D")
    assert explorer.hand.cards == sk.Trump("9", "D").sorted(cards)
    html = parse(widget.html)
    assert [b.attrs["data-value"] for b in html.find_all("button", data_action="level", aria_pressed="true")] == ["9"]
    assert html.find(data_role="explorer").find(cls="sk-hand").count(cls="sk-trump") == explorer.trump_count()
    widget.handle({"type": "action", "action": "suit", "value": "none"})
    none = parse(widget.html).find("button", data_action="suit", data_value="none")
    assert explorer.trump.suit is None and none.attrs["aria-pressed"] == "true"
    assert "no trump" in parse(widget.html).text


def test_clicking_a_card_explains_it_in_the_session_language() -> None:
    widget = lesson.trump_explorer(level="2", suit="S", seed=4)
    explorer: TrumpExplorer = widget.scene  # type: ignore[assignment]
    card = explorer.hand.cards[0]
    widget.handle({"type": "click", "card": card.code, "index": 0})
    english = parse(widget.html).find(data_role="message").text
    assert "Among the trumps" in english or "Inside" in english
    widget.handle({"type": "action", "action": "lang"})
    chinese = parse(widget.html).find(data_role="message").text
    assert "级" in chinese and widget.lang == "zh"


def test_a_new_hand_is_dealt_on_request() -> None:
    explorer = TrumpExplorer(seed=1)
    before = list(explorer.hand.cards)
    explorer.handle({"type": "action", "action": "deal", "value": ""})
    assert explorer.hand.cards != before and len(explorer.hand.cards) == 25


def test_point_cards_total_two_hundred() -> None:
    scene = PointCardsScene()
    assert scene.total() == 200 == 2 * sk.points(card for _, cards, _ in scene.rows() for card in cards)
    html = parse(scene.render("zh"))
    assert html.count("button", data_card=True) == 12 and "200" in html.text and "分牌" in html.text



def test_lesson_one_exercise_blocks_score_the_first_answer_and_move_on() -> None:
    from shengji_kit.apps.lessons import cells as exercises

    widget = exercises.exercises("01_trump_ranking", "is_trump")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    card = scene.puzzle.question.shown()[0]
    truth = "yes" if scene.puzzle.table.trump.is_trump(card) else "no"
    widget.handle({"type": "answer", "answer": "no" if truth == "yes" else "yes"})
    assert parse(widget.html).find(data_role="feedback").attrs["data-kind"] == "error"
    widget.handle({"type": "answer", "answer": truth})
    assert parse(widget.html).find(data_role="feedback").attrs["data-kind"] == "ok"
    assert (scene.right, scene.asked) == (0, 1)
    widget.handle({"type": "action", "action": "next", "value": ""})
    assert scene.feedback is None and parse(widget.html).find(data_role="feedback").attrs["data-kind"] == ""


def test_ordering_block_checks_the_clicked_order_with_the_engine() -> None:
    from shengji_kit.apps.lessons import cells as exercises

    widget = exercises.exercises("01_trump_ranking", "order")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    hand = list(scene.puzzle.table.hands[0])
    trump = scene.puzzle.table.trump
    order = sorted(range(len(hand)), key=lambda i: trump.sort_key(hand[i]))
    widget.handle({"type": "click", "index": order[1]})
    widget.handle({"type": "action", "action": "clear"})
    assert scene.picks == []
    for index in order:
        widget.handle({"type": "click", "index": index})
    widget.handle({"type": "action", "action": "check"})
    assert scene.feedback is not None and scene.feedback.correct and scene.right == 1


def test_which_wins_block_answers_with_seat_buttons() -> None:
    from shengji_kit.apps.lessons import cells as exercises

    html = parse(exercises.exercises("01_trump_ranking", "which_wins").html)
    assert html.count("button", data_answer=True) == 4
