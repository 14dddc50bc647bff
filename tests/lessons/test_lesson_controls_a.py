"""Lessons 1–3's live controls, driven as the browser drives them: lesson 2's card reader (type cards,
pick a level and a trump suit, Read), lesson 3's judged tries and lifted cards, lesson 1's card spellings.

Every verdict is worked out with the engine here and looked for in the drawn HTML, in both languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from html_tree import Element, parse

from shengji_kit.apps.lessons import following_lesson as following
from shengji_kit.apps.lessons import tractors_lesson as tractors
from shengji_kit.apps.lessons import trump_ranking_lesson as ranking
from shengji_kit.engine.cards import as_cards, parse_card, parse_cards
from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.follow import check_follow, playable_cards
from shengji_kit.engine.trump import Trump
from shengji_kit.puzzles.kinds.is_tractor import is_tractor, tractor_line
from shengji_kit.widgets.language import SESSION
from shengji_kit.widgets.surface import CardSurface
from shengji_kit.words.catalogue import text

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def message(widget: CardSurface) -> Element:
    return parse(widget.html).find(data_role="message")


def field(widget: CardSurface) -> Element:
    return parse(widget.html).find("input", data_role="cards")


def read(widget: CardSurface, typed: str) -> None:
    widget.handle({"type": "action", "action": "read", "value": typed, "typed": typed})


def test_reading_typed_cards_gives_the_engines_verdict_in_both_languages() -> None:
    widget = tractors.reader("LJ BJ", level="7", suit="S")
    lj_bj = tuple(parse_cards("LJ BJ"))
    assert message(widget).text == tractor_line(lj_bj, Trump("7", "S")).render("en")
    assert field(widget).attrs["value"] == "LJ BJ"

    read(widget, "H7 H7")
    pair = tuple(parse_cards("H7 H7"))
    assert message(widget).text == tractor_line(pair, Trump("7", "S")).render("en")
    assert "one pair" in message(widget).text
    SESSION.lang = "zh"
    assert message(widget).text == tractor_line(pair, Trump("7", "S")).render("zh")
    assert "只是一对" in message(widget).text
    under = parse(widget.html).find(data_role="reader-trump").text
    assert under == text("lca_reader_under", "zh", trump=Trump("7", "S"))


def test_the_level_four_question_answered_through_the_pickers() -> None:
    """Lesson 2 asks: at level 4, is ♣3 ♣3 ♣5 ♣5 a tractor? Typed at level 2 it is not; at level 4 it is."""
    widget = tractors.reader("S6 S6 S8 S8", level="2", suit="H")
    cards = tuple(parse_cards("♣3 ♣3 ♣5 ♣5"))
    read(widget, "♣3 ♣3 ♣5 ♣5")
    assert not is_tractor(cards, Trump("2", "H"))
    assert message(widget).text == tractor_line(cards, Trump("2", "H")).render("en")

    # a level button re-reads what the field holds then (the browser sends it as ``typed``)
    widget.handle({"type": "action", "action": "level", "value": "4", "typed": "♣3 ♣3 ♣5 ♣5"})
    assert is_tractor(cards, Trump("4", "H"))
    assert message(widget).text == tractor_line(cards, Trump("4", "H")).render("en")
    assert "is a tractor of 2 pairs" in message(widget).text
    pressed = [b.attrs["data-value"] for b in parse(widget.html).find_all("button", data_action="level")
               if b.attrs.get("aria-pressed") == "true"]
    assert pressed == ["4"]
    assert [c.attrs["data-card"] for c in parse(widget.html).find(cls="sk-row").find_all("button")] == [
        "C3", "C3", "C5", "C5"]

    widget.handle({"type": "action", "action": "suit", "value": "none", "typed": "♣3 ♣3 ♣5 ♣5"})
    assert message(widget).text == tractor_line(cards, Trump("4", None)).render("en")
    SESSION.lang = "zh"
    assert message(widget).text == tractor_line(cards, Trump("4", None)).render("zh")


@pytest.mark.parametrize("typed", ["SK SX", "S1 S1", "SK SK SK", "hello"])
def test_bad_card_text_gets_the_engines_message_and_stays_in_the_field(typed: str) -> None:
    widget = tractors.reader("SK SK")
    read(widget, typed)
    with pytest.raises(RuleError) as refused:
        as_cards(typed)  # what the engine says of this text
    refusal = refused.value
    shown = message(widget)
    assert shown.attrs["data-kind"] == "error"
    assert shown.text == text("lca_reader_bad", "en", why=refusal.message("en"))
    assert field(widget).attrs["value"] == typed
    assert not parse(widget.html).has(cls="sk-row")  # no cards drawn for text that is not cards
    SESSION.lang = "zh"
    assert message(widget).text == text("lca_reader_bad", "zh", why=refusal.message("zh"))
    assert field(widget).attrs["value"] == typed

    read(widget, "SK SK")  # corrected: read again
    assert message(widget).attrs["data-kind"] == "info"
    assert message(widget).text == tractor_line(tuple(parse_cards("SK SK")), Trump("2", "S")).render("zh")


def test_an_empty_field_asks_for_cards_and_unknown_buttons_change_nothing() -> None:
    widget = tractors.reader("SK SK")
    read(widget, "   ")
    assert message(widget).text == text("lca_reader_empty", "en")
    before = widget.html
    widget.handle({"type": "action", "action": "level", "value": "1", "typed": "SK SK"})
    widget.handle({"type": "action", "action": "suit", "value": "X", "typed": "SK SK"})
    widget.handle({"type": "click", "card": "SK", "index": 0})
    assert widget.html == before


def test_lesson_two_shows_two_readers_where_it_used_to_say_edit_the_cell() -> None:
    cells = json.loads((LESSONS / "02_tractors.ipynb").read_text(encoding="utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    assert sum("tractors_lesson.reader(" in source for source in sources) == 2


@pytest.mark.parametrize("slug", ["01_trump_ranking", "02_tractors", "03_following"])
def test_only_jupyterlab_asides_tell_the_learner_to_edit_or_run_a_cell(slug: str) -> None:
    cells = json.loads((LESSONS / f"{slug}.ipynb").read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        prose = "".join(cell["source"])
        if any(word in prose for word in ("cell above", "cells above", "run it", "单元格", "运行")):
            assert "lab-only" in cell["metadata"].get("tags", []), prose  # Voila hides these


@pytest.mark.parametrize(
    ("lead", "hand", "play"),
    [
        ("D9", "D4 DQ S7 C3", "S7"),
        ("H8 H8 H9 H9", "H3 H3 H4 H4 HK HK HA C5", "HK HK H3 H3"),
        ("H8 H8 H9 H9", "H3 H3 H6 H6 HA HK C5", "H3 H3 HA HK"),
        ("HA", "C3 S5 D8", "S5"),
    ],
)
def test_lesson_three_tries_show_the_engines_verdict_in_the_session_language(lead: str, hand: str, play: str) -> None:
    trump = Trump("2", "S")
    verdict = check_follow(parse_cards(lead), parse_cards(hand), parse_cards(play), trump)
    widget = following.tried(lead, hand, play)
    for lang in ("en", "zh"):
        SESSION.lang = lang
        shown = message(widget)
        if verdict.ok:
            assert shown.attrs["data-kind"] == "ok"
            assert shown.text == text("lca_example_legal", lang, play=tuple(parse_cards(play)),
                                      lead=tuple(parse_cards(lead)))
        else:
            assert shown.attrs["data-kind"] == "error"
            assert shown.text == text("lca_example_refused", lang, why=verdict.message(lang))
        drawn = parse(widget.html).find(data_role="hand").find_all("button")
        assert sorted(b.attrs["data-card"] for b in drawn) == sorted(c.code for c in parse_cards(hand))
        assert "Card(" not in widget.html and "'" not in shown.text


def test_lesson_threes_two_refusals_are_both_in_the_learners_language() -> None:
    """The issue: one refusal was printed in English and a different one in Chinese."""
    first = following.tried("H8 H8 H9 H9", "H3 H3 H4 H4 HK HK HA C5", "HK HK H3 H3")
    second = following.tried("H8 H8 H9 H9", "H3 H3 H6 H6 HA HK C5", "H3 H3 HA HK")
    SESSION.lang = "zh"
    for widget in (first, second):
        assert message(widget).text.startswith("不行：")
    SESSION.lang = "en"
    for widget in (first, second):
        assert message(widget).text.startswith("Refused: ")


def test_the_playable_cards_are_lifted_and_named() -> None:
    trump = Trump("2", "S")
    lead, hand = parse_cards("C5 C5"), parse_cards("CK H3 S8 D6")
    expected = playable_cards(lead, hand, trump)
    widget = following.playable("C5 C5", "CK H3 S8 D6")
    lifted = [b.attrs["data-card"] for b in parse(widget.html).find(data_seat="0").find_all("button")
              if "sk-playable" in b.classes]
    assert sorted(lifted) == sorted(card.code for card in expected)
    shown = message(widget).text
    assert f"{len(expected)} of the {len(hand)} cards" in shown
    for card in expected:
        assert str(card) in shown
    SESSION.lang = "zh"
    assert f"你手里 {len(hand)} 张牌中的 {len(expected)} 张" in message(widget).text


def test_lesson_one_draws_each_card_with_its_spellings_and_name() -> None:
    widget = ranking.written_cards("♠A ♥10 ♣K ♦5 LJ BJ")
    rows = parse(widget.html).find_all("li", data_card=True)
    assert [row.attrs["data-card"] for row in rows] == ["SA", "H10", "CK", "D5", "LJ", "BJ"]
    assert "♠A, also written SA: " + parse_card("SA").name("en") in rows[0].text
    SESSION.lang = "zh"
    rows = parse(widget.html).find_all("li", data_card=True)
    assert "♠A，也可以写成 SA：黑桃A" in rows[0].text and "LJ：小王" in rows[4].text


def test_a_view_given_bad_cards_says_so_instead_of_a_traceback() -> None:
    for widget in (tractors.reader("SK", level="1"), following.tried("D9", "XX", "S7"), ranking.written_cards("Q")):
        assert parse(widget.html).find(data_role="notice").text


def test_lesson_one_explorer_promises_no_sound() -> None:
    """The issue: "Click a card to hear what it is" (there is no sound)."""
    widget = ranking.trump_explorer()
    assert "hear" not in parse(widget.html).find(data_role="trump-count").text
