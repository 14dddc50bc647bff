"""Lessons 7 and 8: the live deal, the card counter, the charts and the exercise groups of the notebooks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from shengji_kit.apps.lessons import cells as lesson
from shengji_kit.apps.lessons import chances_lesson as chances
from shengji_kit.apps.lessons import declaring_lesson as declaring
from shengji_kit.engine.trump import Trump
from shengji_kit.puzzles.lesson_list import lesson_entry
from shengji_kit.render.lesson_panels.card_counter import count_cards
from shengji_kit.render.lesson_panels.chance_charts import gain_scene, kitty_scene, split_scene
from shengji_kit.render.lesson_panels.live_deal import LiveDeal
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.widgets.language import SESSION
from tests.html_tree import parse

LESSONS = Path(__file__).parents[2] / "lessons"
FULL_HAND = "BJ H2 HA HK HQ H10 H9 SA SA SK SJ S9 S5 S3 C3 C4 C7 C8 C9 D4 D6 D8 D10 DJ DQ"


def notebook_groups(name: str) -> list[tuple[str, str]]:
    """Every ``cells.exercises(slug, group)`` call of a lesson notebook."""
    cells = json.loads((LESSONS / name).read_text(encoding="utf-8"))["cells"]
    source = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    return re.findall(r'cells\.exercises\("([^"]+)", "([^"]+)"\)', source)


def test_live_deal_pauses_for_south_and_shows_the_engines_rulings() -> None:
    deal = LiveDeal()
    assert [a.kind for a in deal.choices()] == ["declare"]
    assert "♠2" in deal.status("en") and "你可以亮" in deal.status("zh")
    deal.handle({"type": "action", "action": "show", "value": "S2 LJ"})
    messages = [event.message("en") for event in deal.events]
    assert messages[:2] == [
        "South (you) declares ♠2 Little Joker: level 2, spades trump.",
        "East overturns with ♦2♦2 Big Joker: level 2, diamonds trump.",
    ]
    assert [a.kind for a in deal.choices()] == ["overturn"]  # the second little joker arrived
    deal.handle({"type": "action", "action": "show", "value": "LJ LJ"})
    assert deal.finished and deal.round.dealer == 0 and deal.round.trump == Trump("2", None)
    assert "South (you) is the dealer" in deal.status("en")


def test_waiting_lets_east_declare_and_the_lock_rules_hold() -> None:
    deal = LiveDeal()
    deal.handle({"type": "action", "action": "wait"})
    assert any(e.message("en") == "East declares ♦2 Big Joker: level 2, diamonds trump." for e in deal.events)
    assert [" ".join(c.code for c in a.cards) for a in deal.choices()] == ["LJ LJ"]
    deal.handle({"type": "action", "action": "restart"})
    assert len(deal.events) == 0 and deal.choices()


def test_live_deal_under_classic_rules_declares_with_one_level_card() -> None:
    deal = LiveDeal("classic")
    assert [" ".join(c.code for c in a.cards) for a in deal.choices()] == ["S2"]


def test_live_deal_widget_renders_buttons_in_both_languages() -> None:
    widget = declaring.live_deal()
    assert isinstance(widget.scene, LiveDeal)
    tree = parse(widget.html)
    values = [b.attrs.get("data-value") for b in tree.find_all("button") if b.attrs.get("data-action") == "show"]
    assert values == ["S2 LJ", "S2"]  # the legal declaration first, then one the engine will refuse
    widget.handle({"type": "action", "action": "lang", "value": "zh"})
    assert "现场发牌" in widget.html
    SESSION.lang = "en"


def test_card_counter_shows_sampled_beside_exact_and_explains_bad_input() -> None:
    html = str(count_cards(FULL_HAND, "", "CA", Trump("2", "H"), "en"))
    assert "83 cards unseen" in html and "exact: 51.4%" in html
    bad = str(count_cards("BJ XX", "", "CA", Trump("2", "H"), "zh"))
    assert "无法计算" in bad and 'data-kind="error"' in bad
    widget = chances.card_counter()
    assert "exact" in widget.result.value
    widget.card.value = "SA"  # both copies in the hand: nobody else can hold one
    assert "exact: 0.0%" in widget.result.value
    SESSION.lang = "zh"
    assert "精确值" in widget.result.value and "你的手牌" in widget.labels[0].value


@pytest.mark.parametrize("scene", [kitty_scene, gain_scene, split_scene])
def test_charts_draw_in_both_languages(scene: object) -> None:
    built = scene(samples=2_000)  # type: ignore[operator]
    for lang in ("en", "zh"):
        tree = parse(str(built.render(lang)))
        assert tree.find_all("svg")
    assert "梅花" in str(split_scene(samples=2_000).render("zh"))


@pytest.mark.parametrize("name", ["07_declaring.ipynb", "08_chances.ipynb"])
def test_every_notebook_exercise_group_exists_and_checks(name: str) -> None:
    groups = notebook_groups(name)
    assert groups
    for slug, group in groups:
        widget = lesson.exercises(slug, group)
        assert isinstance(widget.scene, GroupExerciseScene), (slug, group)


def test_an_exercise_answered_right_and_wrong() -> None:
    widget = lesson.exercises("07_declaring", "can_you_declare")
    scene = widget.scene
    assert isinstance(scene, GroupExerciseScene)
    widget.handle({"type": "answer", "answer": "S2 LJ"})
    assert scene.feedback is not None and scene.feedback.correct
    widget = lesson.exercises("08_chances", "where_are_the_cards")
    widget.handle({"type": "answer", "answer": "a"})  # the kitty is the smaller place
    assert widget.scene.feedback is not None and not widget.scene.feedback.correct
    assert "exact" in widget.html


def test_lessons_are_listed_and_linked() -> None:
    seven, eight = lesson_entry(7), lesson_entry(8)
    assert seven is not None and eight is not None and seven.exists() and eight.exists()
    assert "08_chances.ipynb" in lesson.links(7).html


def test_live_deal_offers_wrong_showings_and_the_engine_refuses_them() -> None:
    deal = LiveDeal()
    assert [" ".join(c.code for c in cards) for cards in deal.tries()] == ["S2"]
    deal.handle({"type": "action", "action": "show", "value": "S2"})
    assert deal.events == [] and deal.choices()  # refused: nothing changed
    assert "Refused: ♠2 " in str(deal.render("en")) and "同颜色的王" in str(deal.render("zh"))


def test_split_chart_shows_every_split_the_lesson_asks_about() -> None:
    """Lesson 8 asks whether 4-2 is likelier than 3-3: both (and the rare 0-0) are bars on the chart."""
    tree = parse(str(split_scene(samples=20_000).render("en")))
    labels = {node.text.split(":")[0].strip() for node in tree.find_all("title")}
    assert {"3-3", "4-2", "2-1", "0-0"} <= labels, labels


def test_card_counter_text_form_is_its_figures_not_a_repr() -> None:
    """A front end without widgets shows the counter's sentence, never ``CardCounter(children=(HTML(value='…``."""
    SESSION.lang = "zh"
    try:
        shown = repr(chances.card_counter())
    finally:
        SESSION.lang = "en"
    assert shown.startswith("还有83张牌没见过") and "精确值" in shown
    assert "(" not in shown.replace("（", "") and "'" not in shown and "<" not in shown
