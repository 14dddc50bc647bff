"""The table page and the trump ladder: hooks present, texts in both languages, ladder order."""

from __future__ import annotations

import shengji_kit as sk
from shengji_kit.engine.trump import TRUMP
from shengji_kit.render.exercises import CHOICE, ORDER, Choice, Feedback, Question, question_html
from shengji_kit.render.ladder import ladder_steps, suit_ladder_html, trump_ladder_html
from shengji_kit.render.scene import (
    ActionButton,
    PlayedCards,
    SeatBox,
    Summary,
    SummaryLine,
    TableScene,
)
from shengji_kit.render.table import table_html


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
    html = table_html(scene("en"))
    for hook in ('data-seat="0"', 'data-role="message"', 'data-action="lang"', 'data-action="play"',
                 'data-action="declare" data-value="H2 BJ"', 'data-role="message-cards"',
                 'data-kind="error"', 'data-role="status-trump"', 'data-role="status-points"'):
        assert hook in html, hook
    assert ">中文<" in html and 'data-role="summary"' not in html


def test_language_switch_reads_english_when_chinese_is_shown() -> None:
    html = table_html(scene("zh"))
    assert ">English<" in html and 'lang="zh"' in html and "黑桃" in html


def test_previous_trick_button_and_panel() -> None:
    previous = (PlayedCards(2, tuple(sk.parse_cards("C3"))),)
    closed = table_html(scene("en", previous=previous))
    assert 'data-action="previous"' in closed and 'data-role="previous-trick"' not in closed
    opened = table_html(scene("en", previous=previous, show_previous=True))
    assert 'data-role="previous-trick"' in opened and 'aria-pressed="true"' in opened


def test_summary_replaces_the_trick_and_offers_the_next_round() -> None:
    summary = Summary("Round over", (SummaryLine("total", "Total", "85"),), tuple(sk.parse_cards("SK")))
    html = table_html(scene("en", summary=summary))
    assert 'data-role="summary"' in html and 'data-action="next-round"' in html
    assert 'data-role="summary-total"' in html and 'data-role="trick"' not in html


def test_trump_ladder_has_one_column_per_step_with_equal_cards_together() -> None:
    trump = sk.Trump("2", "S")
    steps = ladder_steps(trump)
    assert len(steps) == trump.steps_in(TRUMP) == 16
    assert [c.code for c in steps[0]] == ["BJ"] and [c.code for c in steps[2]] == ["S2"]
    assert sorted(c.code for c in steps[3]) == ["C2", "D2", "H2"]
    html = trump_ladder_html(trump, "en")
    assert html.count('class="sk-ladder-step"') == 16
    assert 'data-section="side_level"' in html and "副主" in html


def test_no_trump_ladder_is_jokers_then_four_equal_level_cards() -> None:
    steps = ladder_steps(sk.Trump("10", None))
    assert [len(step) for step in steps] == [1, 1, 4]


def test_plain_suit_ladder_skips_the_level_rank() -> None:
    html = suit_ladder_html(sk.Trump("5", "S"), "H", "zh")
    assert 'data-card="H5"' not in html and html.count("data-card=") == 12 and "红桃" in html


def test_exercise_panel_hooks() -> None:
    card = sk.parse_cards("SA")[0]
    question = Question(
        CHOICE, "ui_play", {}, sk.Trump("2", "S"),
        (Choice("yes", label_code="ui_yes"), Choice("0", (card,), seat=1)),
        lambda picks: Feedback(picks == ("yes",), "ui_play"),
    )
    html = question_html("Title", question, "en", picks=("yes",), feedback=question.check(("yes",)))
    assert 'data-answer="yes"' in html and 'data-answer="0"' in html and 'data-card="SA"' in html
    assert 'data-role="feedback" data-kind="ok"' in html and "Right!" in html
    assert 'data-action="new"' in html and "East" in html


def test_ordering_panel_moves_picked_cards_out_of_the_pool() -> None:
    cards = sk.parse_cards("SA SK")
    question = Question(
        ORDER, "ui_play", {}, sk.Trump("2", "S"),
        tuple(Choice(str(i), (c,)) for i, c in enumerate(cards)),
        lambda picks: Feedback(True, "ui_play"),
    )
    html = question_html("Order", question, "zh", picks=("1",))
    pool = html.split('data-role="pool"')[1].split('data-role="picked"')[0]
    picked = html.split('data-role="picked"')[1]
    assert 'data-card="SA"' in pool and 'data-card="SK"' not in pool
    assert 'data-card="SK"' in picked and 'data-action="undo"' in picked
