"""The table page and the trump ladder: hooks present, texts in both languages, ladder order."""

from __future__ import annotations

from html_tree import parse

import shengji_kit as sk
from shengji_kit.engine.trump import TRUMP
from shengji_kit.practice.html.lesson_panel import lesson_html
from shengji_kit.practice.visit import Visit
from shengji_kit.render.ladder import ladder_steps, suit_ladder_html, trump_ladder_html
from shengji_kit.render.table import table_html
from shengji_kit.render.table_data import (
    ActionButton,
    PlayedCards,
    SeatBox,
    Summary,
    SummaryLine,
    TableScene,
)


def scene(lang: str, **changes: object) -> TableScene:
    base: dict[str, object] = dict(
        lang=lang,
        seats=tuple(SeatBox(s, f"seat {s}", 25, dealer=s == 0) for s in range(4)),
        hand=tuple(sk.parse_cards("BJ SA S3")),
        trump=sk.Trump("2", "S"),
        status=(("points", "Points", "35"),),
        trick=(PlayedCards(1, tuple(sk.parse_cards("HA"))),),
        trick_winner=1,
        message="Not allowed",
        message_kind="error",
        message_cards=tuple(sk.parse_cards("HK")),
        actions=(ActionButton("play", "Play", primary=True), ActionButton("declare", "Declare", "H2 BJ")),
    )
    base.update(changes)
    return TableScene(**base)  # type: ignore[arg-type]


def test_table_has_every_hook_the_browser_tests_use() -> None:
    html = parse(table_html(scene("en")))
    assert html.find(cls="sk-hand").attrs["data-seat"] == "0"
    for role in ("message", "message-cards", "status-trump", "status-points"):
        assert html.has(data_role=role), role
    for action in ("lang", "play"):
        assert html.has("button", data_action=action), action
    assert html.has("button", data_action="declare", data_value="H2 BJ")
    assert html.find(data_role="message").attrs["data-kind"] == "error"
    assert html.find("button", data_action="lang").text == "中文" and not html.has(data_role="summary")


def test_language_switch_reads_english_when_chinese_is_shown() -> None:
    html = parse(table_html(scene("zh")))
    assert html.find("button", data_action="lang").text == "English"
    assert html.find(data_role="table").attrs["lang"] == "zh" and "黑桃" in html.text


def test_previous_trick_button_and_panel() -> None:
    previous = (PlayedCards(2, tuple(sk.parse_cards("C3"))),)
    closed = parse(table_html(scene("en", previous=previous)))
    assert closed.find("button", data_action="previous").attrs["aria-pressed"] == "false"
    assert not closed.has(data_role="previous-trick")
    opened = parse(table_html(scene("en", previous=previous, show_previous=True)))
    assert opened.has(data_role="previous-trick")
    assert opened.find("button", data_action="previous").attrs["aria-pressed"] == "true"


def test_summary_replaces_the_trick_and_offers_the_next_round() -> None:
    summary = Summary("Round over", (SummaryLine("total", "Total", "85"),), tuple(sk.parse_cards("SK")))
    html = parse(table_html(scene("en", summary=summary)))
    assert html.has(data_role="summary") and html.has("button", data_action="next-round")
    assert html.find(data_role="summary-total").text == "Total85" and not html.has(data_role="trick")


def test_trump_ladder_has_one_column_per_step_with_equal_cards_together() -> None:
    trump = sk.Trump("2", "S")
    steps = ladder_steps(trump)
    assert len(steps) == trump.steps_in(TRUMP) == 16
    assert [c.code for c in steps[0]] == ["BJ"] and [c.code for c in steps[2]] == ["S2"]
    assert sorted(c.code for c in steps[3]) == ["C2", "D2", "H2"]
    html = parse(trump_ladder_html(trump, "en"))
    assert html.count(cls="sk-ladder-step") == 16
    assert "副主" in html.find(data_section="side_level").text


def test_no_trump_ladder_is_jokers_then_four_equal_level_cards() -> None:
    steps = ladder_steps(sk.Trump("10", None))
    assert [len(step) for step in steps] == [1, 1, 4]


def test_plain_suit_ladder_skips_the_level_rank() -> None:
    html = parse(suit_ladder_html(sk.Trump("5", "S"), "H", "zh"))
    assert not html.has(data_card="H5") and html.count(data_card=True) == 12 and "红桃" in html.text



def test_exercise_panel_hooks() -> None:
    from shengji_kit.puzzles.loader import LESSON_DATA_DIR, load_file

    lesson_set, _ = load_file(LESSON_DATA_DIR / "01_trump_ranking.toml")
    assert lesson_set is not None
    puzzle = next(p for p in lesson_set.puzzles if p.kind == "is_trump")
    visit = Visit.of(puzzle)
    visit.feedback = puzzle.check("yes")
    html = parse(lesson_html(visit, "en", 1, 4, False, (1, 1)))
    shown = [b.attrs["data-answer"] for b in html.find_all("button", data_answer=True)]
    assert shown == [choice.value for choice in visit.choices] and sorted(shown) == ["no", "yes"]  # the learner's order
    assert html.find(data_role="shown").has(data_card=puzzle.question.shown()[0].code)
    feedback = html.find(data_role="feedback")
    assert feedback.attrs["data-kind"] == "ok" and feedback.text.startswith("Right")
    assert html.has("button", data_action="next") and "1 of 4" in html.find(data_role="where").text


def test_card_picking_panel_marks_picked_cards_and_offers_check() -> None:
    from shengji_kit.puzzles.loader import LESSON_DATA_DIR, load_file

    lesson_set, _ = load_file(LESSON_DATA_DIR / "02_tractors.toml")
    assert lesson_set is not None
    puzzle = next(p for p in lesson_set.puzzles if p.kind == "pick_tractor")
    visit = Visit.of(puzzle)
    visit.draft.toggle(1)
    html = parse(lesson_html(visit, "zh", 1, 2, False, (0, 0)))
    hand = puzzle.table.hands[0]
    assert html.find(data_role="picked").has(data_card=hand[1].code)
    assert html.find("button", data_index="1").attrs["aria-pressed"] == "true"
    assert html.has("button", data_action="check") and html.has("button", data_action="clear")
