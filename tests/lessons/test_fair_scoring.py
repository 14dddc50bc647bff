"""Exercise blocks score fairly (issue 20): an empty or wrong-sized Check counts nothing; a wrong answer
says why it fails and offers a retry; only "Show me" reveals the answer (and ends the star)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from html_tree import parse

from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.classroom.identity import reset_current_learner, set_current_learner
from shengji_kit.classroom.open import forget_opened_stores
from shengji_kit.puzzles.kinds import is_trump, sort, trick_winner
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.widgets.language import SESSION
from shengji_kit.words.catalogue import text


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test's events go to a fresh data folder, as the current learner ``ada``."""
    monkeypatch.setenv("SHENGJI_KIT_DATA_DIR", str(tmp_path / "data"))
    for name in ("SHENGJI_KIT_CLASS_DB", "SHENGJI_KIT_CLASS", "SHENGJI_KIT_CLASS_SERVICE_URL", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    forget_opened_stores()
    set_current_learner("ada")
    SESSION.lang = "en"
    yield
    forget_opened_stores()
    reset_current_learner()
    SESSION.lang = "en"


def _smallest_block() -> tuple[object, GroupExerciseScene]:
    widget = lesson.exercises("04_winning", "smallest")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene) and scene.puzzle is not None
    assert scene.puzzle.id == "l4-smallest-follow"  # "Just enough": hand H10 HQ HK HA C3, answer HQ
    return widget, scene


def test_an_empty_check_says_pick_a_card_first_and_counts_nothing() -> None:
    widget, scene = _smallest_block()
    for message in ({"type": "answer", "answer": ""}, {"type": "action", "action": "check", "value": ""},
                    {"type": "key", "key": "enter"}):
        widget.handle(message)  # type: ignore[attr-defined]
        assert (scene.right, scene.asked) == (0, 0) and scene.visit is not None and scene.visit.tries == 0
    widget.handle({"type": "answer", "answer": ""})  # type: ignore[attr-defined]
    html = parse(widget.html)  # type: ignore[attr-defined]
    assert html.find(data_notice="fair_pick_first").text == text("fair_pick_first", "en")
    assert html.find(data_role="score").text == text("ui_score", "en", right=0, asked=0)
    assert html.find(data_role="feedback").attrs["data-kind"] == ""
    assert scene.progress.get("l4-smallest-follow").attempts == 0
    widget.handle({"type": "action", "action": "lang"})  # type: ignore[attr-defined]
    assert "请先选一张牌" in parse(widget.html).find(data_notice="fair_pick_first").text  # type: ignore[attr-defined]


def test_two_cards_for_a_single_lead_ask_for_one_and_the_right_one_still_scores() -> None:
    widget, scene = _smallest_block()
    widget.handle({"type": "click", "index": 0})  # type: ignore[attr-defined]
    widget.handle({"type": "click", "index": 1})  # type: ignore[attr-defined]
    widget.handle({"type": "action", "action": "check", "value": ""})  # type: ignore[attr-defined]
    notice = parse(widget.html).find(data_notice="fair_pick_count")  # type: ignore[attr-defined]
    assert notice.text == text("fair_pick_count", "en", count=1, picked=2)
    assert (scene.right, scene.asked) == (0, 0) and scene.progress.get("l4-smallest-follow").attempts == 0
    widget.handle({"type": "click", "index": 0})  # type: ignore[attr-defined]  # leaves HQ selected
    widget.handle({"type": "action", "action": "check", "value": ""})  # type: ignore[attr-defined]
    assert (scene.right, scene.asked) == (1, 1) and scene.record.star


def test_a_wrong_answer_says_why_and_keeps_the_answer_for_show_me() -> None:
    widget, scene = _smallest_block()
    assert scene.puzzle is not None
    explanation = scene.puzzle.explanation("en")
    widget.handle({"type": "click", "index": 0})  # type: ignore[attr-defined]  # H10: too small
    widget.handle({"type": "action", "action": "check", "value": ""})  # type: ignore[attr-defined]
    html = parse(widget.html)  # type: ignore[attr-defined]
    feedback = html.find(data_role="feedback")
    assert feedback.attrs["data-kind"] == "error" and text("trainer_try_again", "en") in feedback.text
    assert scene.feedback is not None and scene.feedback.lines[0].render("en") in feedback.text, "why it is wrong"
    assert explanation not in html.text and not html.has(data_role="showme")
    assert "disabled" not in html.find("button", data_action="show").attrs
    widget.handle({"type": "action", "action": "show", "value": ""})  # type: ignore[attr-defined]
    html = parse(widget.html)  # type: ignore[attr-defined]
    showme = html.find(data_role="showme")
    assert explanation in showme.text and text("fair_revealed", "en") in showme.text
    assert "disabled" in html.find("button", data_action="show").attrs
    assert scene.record.revealed and scene.record.star_lost and (scene.right, scene.asked) == (0, 1)
    widget.handle({"type": "click", "index": 1})  # type: ignore[attr-defined]
    widget.handle({"type": "action", "action": "check", "value": ""})  # type: ignore[attr-defined]
    assert (scene.right, scene.asked) == (0, 1) and not scene.record.solved, "no answers after the reveal"


def test_show_me_before_any_answer_counts_as_asked_not_right() -> None:
    widget = lesson.exercises("01_trump_ranking", "is_trump")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene) and scene.puzzle is not None
    widget.handle({"type": "key", "key": "s"})
    showme = parse(widget.html).find(data_role="showme")
    assert scene.puzzle.explanation("zh") not in showme.text and scene.puzzle.explanation("en") in showme.text
    assert (scene.right, scene.asked) == (0, 1) and scene.record.revealed


@pytest.mark.parametrize("seed", range(40))
def test_dealt_items_explain_themselves_from_the_position(seed: int) -> None:
    for generate in (is_trump.generate, sort.generate, trick_winner.generate):
        item = read_puzzle(generate(random.Random(seed)), "dealt", "dealt.toml")
        english, chinese = item.explanation("en"), item.explanation("zh")
        assert english != text("ex_dealt_explanation", "en") and chinese != text("ex_dealt_explanation", "zh")
        table = item.table
        if item.kind == "is_trump":
            card = item.question.shown()[0]
            assert card.words("card", "en") in english and card.words("card", "zh") in chinese
            role = is_trump.role_line(card, table.trump)
            assert role.render("en") in english and role.render("zh") in chinese, "the card's role says why"
        elif item.kind == "sort":
            ordered = table.trump.sorted(table.hand(0))
            spots = [english.index(card.words("card", "en")) for card in ordered]
            assert spots == sorted(spots), "the explanation names the cards in the right order"
        else:
            question = item.question
            assert isinstance(question, trick_winner.TrickWinner)
            seat = question.winner()
            best = dict(table.trick)[seat]
            assert text(f"seat_plain_{seat}", "en") in english and text(f"seat_plain_{seat}", "zh") in chinese
            assert best[0].words("card", "en") in english and best[0].words("card", "zh") in chinese


def test_a_dealt_block_item_explains_its_answer_after_a_right_answer() -> None:
    widget = lesson.exercises("01_trump_ranking", "is_trump", seed=3)
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    for _ in scene.items:
        widget.handle({"type": "action", "action": "next", "value": ""})
    assert scene.dealt and scene.puzzle is not None
    card = scene.puzzle.question.shown()[0]
    widget.handle({"type": "answer", "answer": "yes" if scene.puzzle.table.trump.is_trump(card) else "no"})
    feedback = parse(widget.html).find(data_role="feedback").text
    assert text("ex_dealt_explanation", "en") not in feedback and str(card) in feedback
    assert scene.puzzle.explanation("en") in feedback
