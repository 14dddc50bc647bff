"""Kit widgets expose their state as traitlets: stock ipywidgets controls link to them and redraw them."""

from __future__ import annotations

import ipywidgets
from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.lessons import tractors_lesson as tractors
from shengji_kit.apps.lessons import trump_ranking_lesson as trump_ranking
from shengji_kit.widgets.hand import hand_widget

LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def drawn_codes(html: str) -> list[str]:
    return [button.attrs["data-card"] for button in parse(html).find_all("button", data_index=True)]


def test_a_linked_level_dropdown_resorts_and_redraws_the_hand() -> None:
    hand = hand_widget("SA H5 C5 S3 D7 BJ", sk.Trump("2", "S"))
    levels = ipywidgets.Dropdown(options=LEVELS, value="2")
    ipywidgets.link((levels, "value"), (hand, "level"))
    assert drawn_codes(hand.html) == ["BJ", "SA", "S3", "H5", "C5", "D7"]
    levels.value = "5"
    assert hand.scene.trump == sk.Trump("5", "S")
    assert drawn_codes(hand.html) == hand.cards == ["BJ", "H5", "C5", "SA", "S3", "D7"]
    hand.level = "7"
    assert levels.value == "7"


def test_trump_suit_cards_selected_and_lead_are_traitlets() -> None:
    hand = hand_widget("SA H5 C5", sk.Trump("2", "S"))
    seen: list[object] = []
    hand.observe(lambda change: seen.append(change["new"]), names="selected")
    hand.handle({"type": "click", "index": 0, "card": hand.cards[0]})
    assert hand.selected == [hand.cards[0]] and seen == [[hand.cards[0]]]
    suits = ipywidgets.Dropdown(options=[("♥", "H"), ("no trump", "")], value="H")
    ipywidgets.dlink((suits, "value"), (hand, "trump_suit"))
    assert hand.scene.trump == sk.Trump("2", "H") and hand.cards[0] == "H5"
    suits.value = ""
    assert hand.scene.trump.suit is None and "no trump" in parse(hand.html).text
    hand.cards = ["D3", "D3", "D4"]
    assert drawn_codes(hand.html) == ["D4", "D3", "D3"]
    hand.lead = ["HA"]
    assert parse(hand.html).find(data_role="lead").has(data_card="HA")


def test_the_trump_explorer_follows_a_linked_control() -> None:
    explorer = trump_ranking.trump_explorer(level="2", suit="S", seed=4)
    levels = ipywidgets.Dropdown(options=LEVELS, value="2")
    ipywidgets.link((levels, "value"), (explorer, "level"))
    levels.value = "9"
    pressed = parse(explorer.html).find_all("button", data_action="level", aria_pressed="true")
    assert [button.attrs["data-value"] for button in pressed] == ["9"]
    explorer.handle({"type": "action", "action": "suit", "value": "D"})
    assert explorer.trump_suit == "D" and levels.value == "9"


def test_the_tractor_finder_outlines_what_shape_finds_as_the_level_changes() -> None:
    finder = tractors.tractor_finder("S6 S6 S8 S8 H7 H7 D3", level="7", suit="H")
    kinds = [box.attrs["data-kind"] for box in parse(finder.html).find_all(data_role="combo")]
    assert kinds.count("tractor") == 1 and "♠6♠6" in parse(finder.html).find(data_role="message").text
    finder.level = "2"
    kinds = [box.attrs["data-kind"] for box in parse(finder.html).find_all(data_role="combo")]
    assert "tractor" not in kinds and kinds.count("pair") == 3
    assert sk.shape("S6 S6 S8 S8", sk.Trump("2", "H")).kind != "tractor"


def test_selecting_from_python_redraws_the_selection() -> None:
    hand = hand_widget("SA H5 C5 C5", sk.Trump("2", "S"))
    hand.selected = ["C5", "C5"]
    pressed = parse(hand.html).find_all("button", data_index=True, aria_pressed="true")
    assert [button.attrs["data-card"] for button in pressed] == ["C5", "C5"] and hand.selected == ["C5", "C5"]
