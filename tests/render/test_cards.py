"""Card faces: well-formed SVG, codes and names, jokers, states, and the engine's rich reprs."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from html_tree import parse as parse_html

import shengji_kit as sk
from shengji_kit.render.cards import STATES, card_back_svg, card_svg, cards_svg
from shengji_kit.render.pips import BLACK, BLUE, GOLD, RED

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("code", [card.code for card in sk.parse_cards("SA H10 C2 DK LJ BJ SQ DJ")])
def test_every_face_is_well_formed_svg_labelled_with_its_name(code: str) -> None:
    card = sk.parse_cards(code)[0]
    root = parse(card_svg(card))
    assert root.tag == f"{SVG}svg"
    assert root.get("data-card") == code
    assert root.get("aria-label") == card.name("en")
    assert parse(card_svg(card, lang="zh")).get("aria-label") == card.name("zh")


def test_all_54_faces_render_and_differ() -> None:
    faces = {card_svg(card) for card in sk.engine.CARDS}
    assert len(faces) == 54


def test_red_suits_and_big_joker_use_red_black_suits_and_little_joker_black() -> None:
    hearts, spades, big, little = sk.parse_cards("H7 S7 BJ LJ")
    assert RED in card_svg(hearts) and BLACK not in card_svg(hearts)
    assert RED not in card_svg(spades)
    assert RED in card_svg(big) and GOLD in card_svg(big)
    assert RED not in card_svg(little) and GOLD not in card_svg(little)


def test_ten_is_squeezed_to_stay_readable_at_small_sizes() -> None:
    root = parse(card_svg(sk.parse_cards("H10")[0], height=40))
    assert root.get("height") == "40"
    assert [text.get("textLength") for text in root.iter(f"{SVG}text")][:2] == ["24", "24"]


def test_states_change_the_drawing_and_unknown_states_are_refused() -> None:
    card = sk.parse_cards("SA")[0]
    plain = card_svg(card)
    drawn = {state: card_svg(card, states=[state]) for state in STATES}
    assert all(svg != plain for state, svg in drawn.items() if state not in ("points", "trump"))
    assert BLUE in drawn["selected"]
    assert any(rect.get("fill-opacity") == "0.45" for rect in parse(drawn["unplayable"]).iter(f"{SVG}rect"))
    with pytest.raises(ValueError, match="unknown card states"):
        card_svg(card, states=["shiny"])


def test_point_badge_only_on_point_cards() -> None:
    five, ace = sk.parse_cards("D5 DA")
    assert "5" in [text.text for text in parse(card_svg(five, states=["points"])).iter(f"{SVG}text")]
    assert card_svg(ace, states=["points"]) == card_svg(ace)


def test_cards_svg_overlaps_and_raises_selected_cards() -> None:
    cards = sk.parse_cards("SA SA BJ")
    root = parse(cards_svg(cards, height=84, states={1: ["selected"]}))
    inner = root.findall(f"{SVG}svg")
    assert [svg.get("data-card") for svg in inner] == ["SA", "SA", "BJ"]
    ys = [float(svg.get("y") or 0) for svg in inner]
    assert ys[1] < ys[0] == ys[2]
    xs = [float(svg.get("x") or 0) for svg in inner]
    assert 0 < xs[1] - xs[0] < 60


def test_a_hand_of_33_cards_stays_narrow() -> None:
    deck = sk.engine.full_deck()[:33]
    root = parse(cards_svg(deck, height=84))
    assert float(root.get("width") or 0) < 33 * 60 * 0.45


def test_empty_row_is_valid_svg() -> None:
    assert parse(cards_svg([])).get("aria-label") == ""


def test_card_back_is_well_formed() -> None:
    assert parse(card_back_svg()).get("aria-hidden") == "true"


def test_engine_objects_show_as_cards_in_a_notebook() -> None:
    cards = sk.parse_cards("♠A ♠A BJ")
    html = parse_html(cards._repr_html_())
    assert html.count(data_card="SA") == 2 and html.count(data_card="BJ") == 1
    assert parse(cards[0]._repr_svg_()).get("data-card") == "SA"
    trump = sk.Trump("2", "S")
    shape = sk.shape(sk.parse_cards("SA SA SK SK"), trump)
    assert parse_html(shape._repr_svg_()).count(data_card=True) == 4
    assert parse_html(shape.components[0]._repr_svg_()).count(data_card="SK") == 2
