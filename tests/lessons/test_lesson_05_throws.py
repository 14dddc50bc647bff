"""Lesson 5 (throws): its exercise file, its kinds, the live throw table and the try-it helper."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.lessons import throws_lesson as throws
from shengji_kit.engine.cards import parse_cards
from shengji_kit.game.position_table import read_position_table
from shengji_kit.puzzles.fields import Raw
from shengji_kit.puzzles.kinds.safe_throw import parse as parse_safe_throw
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.problems import FieldError
from shengji_kit.render.lesson_panels.throw_table import ThrowTable

NOTEBOOK = Path(__file__).resolve().parents[2] / "lessons" / "05_throws.ipynb"


def notebook_groups(path: Path) -> set[str]:
    """The exercise groups a notebook's code cells ask for."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    return set(re.findall(r'exercises\("([a-z0-9_-]+)"', code))


def test_every_item_checks_out_and_every_notebook_group_exists() -> None:
    lesson = load_lesson("05_throws")
    assert lesson.problems == ()
    assert len(lesson.items) >= 12
    groups = {item.group for item in lesson.items}
    assert notebook_groups(NOTEBOOK) == groups == {"will_it_stand", "forced", "safest_throw"}
    for item in lesson.items:
        assert item.question.verify() == [], item.id
        assert item.question.answer_format in ("choice", "seat", "option"), item.id


def test_each_item_takes_its_right_answer_and_refuses_a_wrong_one() -> None:
    for item in load_lesson("05_throws").items:
        values = [choice.value for choice in item.question.choices()]
        right = [value for value in values if item.check(value).correct]
        assert len(right) == 1, (item.id, right)
        wrong = next(value for value in values if value not in right)
        feedback = item.check(wrong)
        assert not feedback.correct
        assert item.explanation("en") in feedback.message("en")
        assert item.explanation("zh") in feedback.message("zh")


def test_throw_panel_shows_the_hands_and_names_the_rules() -> None:
    """The panel draws the lead and the three other hands; the question names the preset."""
    widget = throws.exercises("will_it_stand")
    html = parse(widget.html)
    played = [row.attrs["data-played-by"] for row in html.find(data_role="trick").find_all(data_played_by=True)]
    hands = [row.attrs["data-hand"] for row in html.find_all(data_role="hand")]
    assert (played, hands) == (["0"], ["1", "2", "3"])
    item = next(i for i in load_lesson("05_throws").items if i.id == "l5-partner-pair-classic")
    assert "Rules: classic" in item.prompt("en") and "规则：经典" in item.prompt("zh")


def test_rules_example_of_section_4_in_both_presets() -> None:
    """docs/rules.md §4: ♥A♥Q♥Q against North's ♥K♥K fails under super_tycoon, stands under classic."""
    trump = sk.Trump("2", "S")
    hands = ["H5", "HK HK", ""]
    failed = sk.check_throw("HA HQ HQ", hands, trump, "super_tycoon")
    assert not failed.ok and failed.blocker == 1 and list(failed.forced) == parse_cards("HQ HQ")
    assert sk.check_throw("HA HQ HQ", hands, trump, "classic").ok
    assert list(sk.check_throw("HA HQ HQ H9", ["HK HK", "", ""], trump).forced) == parse_cards("H9")


def safe_raw(options: list[str], played: str = "HK HK HA", answer: str = "HA HQ") -> Raw:
    return {"played": played, "options": options, "answer": answer}


def safe_table(hand: str = "HA HQ HJ H5 C5 D7") -> object:
    return read_position_table(
        {"rules": "super_tycoon", "level": "2", "trump": "S", "leader": 0, "hands": {"0": hand}},
        required=("rules",),
    )


def test_safe_throw_is_judged_against_every_unseen_card() -> None:
    question = parse_safe_throw(safe_raw(["HA HQ", "HA HJ"]), safe_table())  # type: ignore[arg-type]
    assert question.safe_options() == [0]
    assert question.grade("1").correct is False
    assert question.grade("HA HQ").correct is True
    # Without the memory of the played cards, the kings are unseen and nothing is safe.
    forgetful = parse_safe_throw(safe_raw(["HA HQ", "HA HJ"], played=""), safe_table())  # type: ignore[arg-type]
    assert forgetful.safe_options() == []
    assert forgetful.verify() and forgetful.verify()[0].field == "options"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        (["HA HQ", "HK HQ"], "options[2]"), (["HA HQ", "HA"], "options[2]"), (["HA HQ", "HA C5"], "options[2]"),
        (["HA HQ"], "options"),
    ],
)
def test_safe_throw_refuses_bad_options(options: list[str], field: str) -> None:
    with pytest.raises(FieldError) as caught:
        parse_safe_throw(safe_raw(options), safe_table())  # type: ignore[arg-type]
    assert caught.value.field == field


def test_throw_table_checks_with_the_engine_and_reveals_the_blocker() -> None:
    table = ThrowTable(seed=6)
    table.choose("CA CJ")
    result = table.check()
    assert result is not None and not result.ok
    expected = sk.check_throw("CA CJ", [table.others[s] for s in (1, 2, 3)], table.trump, "super_tycoon")
    assert result == expected
    hidden = parse(str(table.render("en")))
    assert hidden.find(data_role="throw-table").attrs["data-outcome"] == "fails"
    assert "Reveal" in hidden.find(data_role="message").text
    table.handle({"type": "action", "action": "reveal", "value": ""})
    shown = parse(str(table.render("en")))
    message = shown.find(data_role="message")
    assert message.attrs["data-kind"] == "error"
    assert expected.message("en", table.blocker_seat()) in message.text
    assert "0.5 base stake" in message.text


def test_throw_table_explains_a_mixed_lead_and_a_single_combination() -> None:
    table = ThrowTable(seed=6)
    table.choose("CA HK")
    assert table.check() is None
    assert "one suit" in table.verdict("en")[0]
    table.choose("HK HK")
    assert table.check() is None
    assert "ordinary lead" in table.verdict("en")[0]
    table.handle({"type": "action", "action": "clear", "value": ""})
    assert table.hand.chosen() == []


def test_throw_table_rules_switch_checks_again() -> None:
    table = ThrowTable(seed=6)
    table.others = {1: list(parse_cards("H5 C3")), 2: list(parse_cards("HK HK D4")), 3: list(parse_cards("C6 D9"))}
    table.hand.replace(parse_cards("HA HQ HQ S3"))
    table.choose("HA HQ HQ")
    first = table.check()
    assert first is not None and not first.ok and table.blocker_seat() == 2
    table.handle({"type": "action", "action": "rules", "value": "classic"})
    assert table.result is not None and table.result.ok
    table.revealed = True
    assert "nothing" in table.verdict("en")[0] or table.verdict("en")[1] == "ok"


def test_try_it_helper_answers_in_both_languages_and_never_raises() -> None:
    said = throws.check("HA HQ HQ", east="H5", north="HK HK", west="C3")
    assert not said.ok and "North holds ♥K♥K" in said("en") and "北家" in said("zh")
    bad = throws.check("HA X9")
    assert not bad.ok and "X9" in bad("en") and "X9" in bad("zh")
    odd = throws.check(5)  # type: ignore[arg-type]
    assert not odd.ok and odd("zh")
