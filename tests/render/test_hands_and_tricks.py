"""Hands and tricks as HTML: one button per card with the DOM hooks, suit groups, trick slots."""

from __future__ import annotations

from html_tree import Element, parse

import shengji_kit as sk
from shengji_kit.render.hands import card_row_html, hand_html
from shengji_kit.render.table_data import PlayedCards
from shengji_kit.render.tricks import trick_centre_html, trick_html

TRUMP = sk.Trump("2", "H")


def buttons(html: str) -> list[Element]:
    return parse(html).find_all("button")


def test_every_card_is_a_button_with_code_index_and_name() -> None:
    cards = TRUMP.sorted(sk.parse_cards("BJ H2 S2 HA SA SK C3"))
    html = hand_html(cards, selected={1}, trump=TRUMP, lang="zh")
    tags = buttons(html)
    assert len(tags) == 7
    assert parse(html).find(cls="sk-hand").attrs["data-seat"] == "0"
    for i, (tag, card) in enumerate(zip(tags, cards, strict=True)):
        assert tag.attrs["data-card"] == card.code
        assert tag.attrs["data-index"] == str(i)
        assert "aria-label" not in tag.attrs, "the face names the button; a label over it hides its ranks"
        assert tag.find("svg").attrs["aria-label"] == card.name("zh") and tag.find("svg").attrs["role"] == "img"
    assert tags[1].attrs["aria-pressed"] == "true" and "sk-selected" in tags[1].classes
    assert tags[0].attrs["aria-pressed"] == "false"


def test_a_gap_opens_where_the_effective_suit_changes() -> None:
    cards = TRUMP.sorted(sk.parse_cards("BJ H2 HA SA SK C3"))
    starts = [i for i, tag in enumerate(buttons(hand_html(cards, trump=TRUMP))) if "sk-group-start" in tag.classes]
    assert starts == [3, 5]


def test_playable_marks_come_from_the_given_set_only_when_following() -> None:
    cards = sk.parse_cards("SA SK C3")
    tags = buttons(hand_html(cards, playable={cards[0], cards[1]}, trump=TRUMP))
    assert ["sk-playable" in t.classes for t in tags] == [True, True, False]
    assert "sk-unplayable" in tags[2].classes
    marks = {"sk-playable", "sk-unplayable"}
    assert not any(marks & t.classes for t in buttons(hand_html(cards, trump=TRUMP)))


def test_trump_and_point_marks() -> None:
    cards = sk.parse_cards("H5 S5 SA")
    tags = buttons(hand_html(cards, trump=TRUMP, mark_trumps=True, mark_points=True))
    assert "sk-trump" in tags[0].classes and "sk-trump" not in tags[1].classes
    assert "sk-points" in tags[1].classes and "sk-points" not in tags[2].classes


def test_rows_of_played_cards_are_not_in_the_tab_order() -> None:
    row = parse(card_row_html(sk.parse_cards("SA SA"), attrs={"data-played-by": "1"}))
    assert row.count("button", tabindex="-1") == 2 and row.find(cls="sk-row").attrs["data-played-by"] == "1"


def test_trick_centre_has_a_slot_per_seat_and_marks_winner_and_leader() -> None:
    plays = (PlayedCards(3, tuple(sk.parse_cards("SA"))), PlayedCards(0, tuple(sk.parse_cards("S3"))))
    html = parse(trick_centre_html(plays, winner=3, lang="en"))
    assert html.count(data_slot=True) == 4
    west = html.find(data_slot="3")
    assert west.has("button", cls="sk-winning") and "①" in west.text and "West" in west.text
    assert html.find(data_slot="0").has("button", cls="sk-last")


def test_trick_for_a_notebook_names_the_seats_in_the_chosen_language() -> None:
    plays = (PlayedCards(1, tuple(sk.parse_cards("DA"))), PlayedCards(2, tuple(sk.parse_cards("D3"))))
    html = parse(trick_html(plays, winner=1, lang="zh"))
    assert "东家" in html.text and "北家" in html.text and html.count("svg", cls="sk-cards") == 2
    assert html.count("svg", viewBox="76 5 20 20") == 1
