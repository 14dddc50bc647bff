"""The exercise view shows what a wrong answer means (issue 41): a count item answered from the page with the
kitty multiplied by 2 where a pair makes 4 says so, in English and in Chinese, where the verdict is shown."""

from __future__ import annotations

from markupsafe import escape

from shengji_kit.classroom.store_protocol import ClassStoreAPI
from shengji_kit.engine.cards import parse_cards
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.puzzles.loader import read_puzzle
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.words import Message
from widgets.class_env import class_store  # noqa: F401  (fixture)

ITEM = {
    "id": "kitty-pair", "kind": "count", "difficulty": 1, "ask": "total", "answer": 175,
    "title": {"en": "Count the total", "zh": "数总分"}, "hint": {"en": "Mind the kitty.", "zh": "注意底牌。"},
    "explanation": {"en": "A pair led to the last trick makes the kitty ×4.", "zh": "最后一墩首发对子，底分乘以4。"},
    "position": {"rules": "super_tycoon", "level": "2", "trump": "S", "dealer": 0, "points": 60, "leader": 1,
                 "trick": {"1": "HA HA", "2": "H3 H4", "3": "HK H5", "0": "H7 H8"},
                 "kitty": "SK S10 C5 D3 D4 D6 D7 D8"},
}


def test_a_wrong_total_is_told_it_multiplied_the_kitty_by_two(class_store: ClassStoreAPI) -> None:  # noqa: F811
    scene = GroupExerciseScene([read_puzzle(ITEM, "test", "test.toml")], ClassProgress("ann", group="test"))
    scene.handle({"type": "action", "action": "check", "value": "125"})
    assert scene.feedback is not None and not scene.feedback.correct
    cause = Message("mistake_total_kitty_times",
                    {"given": 125, "kitty": 25, "wrong": 2, "lead": tuple(parse_cards("HA HA")), "multiplier": 4})
    for lang in ("en", "zh"):
        page = scene.render(lang)
        assert str(escape(cause.render(lang))) in page
    assert str(escape("125 counts the kitty's 25 points ×2")) in scene.render("en")


def test_a_wrong_total_no_slip_gives_shows_no_cause(class_store: ClassStoreAPI) -> None:  # noqa: F811
    scene = GroupExerciseScene([read_puzzle(ITEM, "test", "test.toml")], ClassProgress("ann", group="test"))
    scene.handle({"type": "action", "action": "check", "value": "180"})
    assert scene.feedback is not None and not scene.feedback.correct
    page = scene.render("en")
    assert "180 is too high." in page
    assert "counts the kitty" not in page and "leaves out" not in page
