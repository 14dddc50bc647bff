"""Finished tricks and round records drawn for a notebook."""

from __future__ import annotations

from html_tree import parse

from shengji_kit.game import Round
from shengji_kit.game.bots import RuleBot, play_round
from shengji_kit.render.records import RecordView, record_html, trick_record_html


def finished_round(seed: int = 4) -> Round:
    return play_round(Round.new(seed), [RuleBot(seed * 4 + seat) for seat in range(4)])


def test_a_record_shows_hands_kitty_every_trick_and_the_score() -> None:
    rnd = finished_round()
    record = rnd.record()
    html = parse(RecordView(record)._repr_html_())
    assert html.count("tr", data_trick=True) == len(record["tricks"])
    assert html.count(data_card=True) >= 108
    total = next(row for row in html.find_all("tr") if row.find("th").text == "Attackers' total")
    assert total.find("td").text == str(record["total"])
    assert "South (you)" in html.text
    assert "南家" in parse(record_html(record, "zh")).text


def test_a_finished_trick_names_the_winner_and_its_points() -> None:
    rnd = finished_round(6)
    trick = rnd.view(0).tricks[0]
    html = parse(trick_record_html(trick, "en"))
    assert html.find("b").text == f"Trick 1 ({trick.points} points)"
    assert html.count("svg", cls="sk-cards") == 4


def test_a_failed_throw_shows_the_attempt_and_who_stopped_it() -> None:
    from shengji_kit.engine.cards import parse_cards
    from shengji_kit.game import Trick

    plays = tuple(tuple(parse_cards(text)) for text in ("SK", "SA", "S3", "H4"))
    trick = Trick(3, 0, plays, 1, 10, tuple(parse_cards("SK SQ SQ")), 1)
    html = parse(trick_record_html(trick, "zh"))
    failed = html.find(data_role="failed-throw")
    assert "东家" in failed.text and failed.count(data_card="SQ") == 2
