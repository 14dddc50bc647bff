"""Hands and tricks as HTML: one button per card with the DOM hooks, suit groups, trick slots."""

from __future__ import annotations

import re

import shengji_kit as sk
from shengji_kit.render.hands import card_row_html, hand_html
from shengji_kit.render.scene import PlayedCards
from shengji_kit.render.tricks import trick_centre_html, trick_html

TRUMP = sk.Trump("2", "H")


def buttons(html: str) -> list[str]:
    return re.findall(r"<button [^>]*>", html)


def test_every_card_is_a_button_with_code_index_and_name() -> None:
    cards = TRUMP.sorted(sk.parse_cards("BJ H2 S2 HA SA SK C3"))
    html = hand_html(cards, selected={1}, trump=TRUMP, lang="zh")
    tags = buttons(html)
    assert len(tags) == 7
    assert 'data-seat="0"' in html
    for i, (tag, card) in enumerate(zip(tags, cards, strict=True)):
        assert f'data-card="{card.code}"' in tag
        assert f'data-index="{i}"' in tag
        assert f'aria-label="{card.name("zh")}"' in tag
    assert 'aria-pressed="true"' in tags[1] and "sk-selected" in tags[1]
    assert tags[0].count('aria-pressed="false"') == 1


def test_a_gap_opens_where_the_effective_suit_changes() -> None:
    cards = TRUMP.sorted(sk.parse_cards("BJ H2 HA SA SK C3"))
    starts = [i for i, tag in enumerate(buttons(hand_html(cards, trump=TRUMP))) if "sk-group-start" in tag]
    assert starts == [3, 5]


def test_playable_marks_come_from_the_given_set_only_when_following() -> None:
    cards = sk.parse_cards("SA SK C3")
    tags = buttons(hand_html(cards, playable={cards[0], cards[1]}, trump=TRUMP))
    assert ["sk-playable" in t for t in tags] == [True, True, False]
    assert "sk-unplayable" in tags[2]
    assert not any("playable" in t for t in buttons(hand_html(cards, trump=TRUMP)))


def test_trump_and_point_marks() -> None:
    cards = sk.parse_cards("H5 S5 SA")
    tags = buttons(hand_html(cards, trump=TRUMP, mark_trumps=True, mark_points=True))
    assert "sk-trump" in tags[0] and "sk-trump" not in tags[1]
    assert "sk-points" in tags[1] and "sk-points" not in tags[2]


def test_rows_of_played_cards_are_not_in_the_tab_order() -> None:
    html = card_row_html(sk.parse_cards("SA SA"), attrs={"data-played-by": "1"})
    assert html.count('tabindex="-1"') == 2 and 'data-played-by="1"' in html


def test_trick_centre_has_a_slot_per_seat_and_marks_winner_and_leader() -> None:
    plays = (PlayedCards(3, tuple(sk.parse_cards("SA"))), PlayedCards(0, tuple(sk.parse_cards("S3"))))
    html = trick_centre_html(plays, winner=3, lang="en")
    assert html.count('data-slot="') == 4
    west = html.split('data-slot="3"')[1].split('data-slot="0"')[0]
    assert "sk-winning" in west and "①" in west and "West" in west
    south = html.split('data-slot="0"')[1]
    assert "sk-last" in south


def test_trick_for_a_notebook_names_the_seats_in_the_chosen_language() -> None:
    plays = (PlayedCards(1, tuple(sk.parse_cards("DA"))), PlayedCards(2, tuple(sk.parse_cards("D3"))))
    html = trick_html(plays, winner=1, lang="zh")
    assert "东家" in html and "北家" in html and html.count('class="sk-cards"') == 2
    assert html.count("viewBox=\"76 5 20 20\"") == 1
