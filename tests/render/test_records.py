"""Finished tricks and round records drawn for a notebook."""

from __future__ import annotations

from shengji_kit.game import Round
from shengji_kit.game.bots import RuleBot, play_round
from shengji_kit.render.records import RecordView, record_html, trick_record_html


def finished_round(seed: int = 4) -> Round:
    return play_round(Round.new(seed), [RuleBot(seed * 4 + seat) for seat in range(4)])


def test_a_record_shows_hands_kitty_every_trick_and_the_score() -> None:
    rnd = finished_round()
    record = rnd.record()
    html = RecordView(record)._repr_html_()
    assert html.count("<tr data-trick=") == len(record["tricks"])
    assert html.count("data-card=") >= 108
    assert f"<td style=\"padding:2px 10px;text-align:left;vertical-align:middle\">{record['total']}</td>" in html
    assert "South (you)" in html
    assert "南家" in record_html(record, "zh")


def test_a_finished_trick_names_the_winner_and_its_points() -> None:
    rnd = finished_round(6)
    trick = rnd.view(0).tricks[0]
    html = trick_record_html(trick, "en")
    assert f"Trick 1 ({trick.points} points)" in html
    assert html.count("class=\"sk-cards\"") == 4


def test_a_failed_throw_shows_the_attempt_and_who_stopped_it() -> None:
    from shengji_kit.engine.cards import parse_cards
    from shengji_kit.game import Trick

    plays = tuple(tuple(parse_cards(text)) for text in ("SK", "SA", "S3", "H4"))
    trick = Trick(3, 0, plays, 1, 10, tuple(parse_cards("SK SQ SQ")), 1)
    html = trick_record_html(trick, "zh")
    assert 'data-role="failed-throw"' in html and "东家" in html and html.count('data-card="SQ"') == 2
