"""The anywidget surface (traits, messages, the session language) and the selectable hand."""

from __future__ import annotations

from html_tree import parse

import shengji_kit as sk
from shengji_kit.apps.trainer.trainer_app import TrainerApp
from shengji_kit.widgets import CardSurface, HandScene, Selection, hand_widget, language_switch
from shengji_kit.widgets.language import SESSION, current_language, set_language
from shengji_kit.widgets.surface import STATIC

TRUMP = sk.Trump("2", "S")


def click(widget: CardSurface, index: int) -> None:
    card = widget.scene.hand.cards[index]  # type: ignore[attr-defined]
    widget.handle({"type": "click", "card": card.code, "index": index})


def test_static_files_are_package_files_without_remote_imports() -> None:
    js = (STATIC / "surface.js").read_text(encoding="utf-8")
    css = (STATIC / "surface.css").read_text(encoding="utf-8")
    assert "export default" in js and "model.send" in js
    for text in (js, css):
        assert "http://" not in text and "https://" not in text and "@import" not in text
    assert "--jp-layout-color1" in css


def test_the_card_surface_and_the_trainer_speak_through_one_shared_live_region() -> None:
    """Both widgets' scripts start with live_region.js (the polite region that says tricks and verdicts); neither
    file of their own defines it again."""
    shared = (STATIC / "live_region.js").read_text(encoding="utf-8")
    assert "function liveRegion(" in shared and 'aria-live", "polite"' in shared
    for widget, own in ((CardSurface, "surface.js"), (TrainerApp, "trainer.js")):
        esm = str(widget._esm)
        assert esm.startswith(shared) and esm.count("function liveRegion(") == 1, own
        assert "function liveRegion(" not in (STATIC / own).read_text(encoding="utf-8"), own
        assert "announcer(el)" in esm and "export default" in esm, own


def test_the_widget_holds_the_drawn_html_and_the_language_as_traits() -> None:
    widget = hand_widget("SA SK H2", TRUMP)
    html = parse(widget.html)
    assert widget.lang == "en" and html.find(cls="sk-hand").attrs["data-seat"] == "0"
    assert html.count(data_card=True) == 3 and html.count(aria_pressed="true") == 0
    assert "_esm" in widget.keys and "html" in widget.keys and "lang" in widget.keys


def test_clicks_select_and_unselect_cards_in_trump_order() -> None:
    widget = hand_widget("SK H2 SA", TRUMP)
    scene: HandScene = widget.scene  # type: ignore[assignment]
    assert [c.code for c in scene.hand.cards] == ["H2", "SA", "SK"]
    click(widget, 1)
    assert scene.hand.chosen() == sk.parse_cards("SA")
    pressed = parse(widget.html).find_all("button", aria_pressed="true")
    assert [button.attrs["title"] for button in pressed] == ["ace of spades"]
    click(widget, 1)
    assert scene.hand.chosen() == []


def test_a_click_that_names_another_card_is_ignored() -> None:
    widget = hand_widget("SK SA", TRUMP)
    widget.handle({"type": "click", "card": "BJ", "index": 0})
    assert widget.scene.hand.selected == set()  # type: ignore[attr-defined]


def test_following_highlights_playable_cards_and_explains_a_refusal_in_both_languages() -> None:
    widget = hand_widget("SA SK H3 D4", TRUMP, lead="HA")
    html = parse(widget.html)
    assert html.count("button", cls="sk-unplayable") == 3 and html.count("button", cls="sk-playable") == 1
    click(widget, 3)  # D4 while holding a heart
    widget.handle({"type": "key", "key": "enter"})
    message = parse(widget.html).find(data_role="message")
    assert message.attrs["data-kind"] == "error"
    assert "♥" in message.text and "must" in message.text
    widget.handle({"type": "action", "action": "lang"})
    chinese = parse(widget.html).find(data_role="message").text
    assert "红桃" in chinese and widget.lang == "zh"
    click(widget, 3)
    click(widget, 2)  # the heart
    widget.handle({"type": "action", "action": "play"})
    assert widget.scene.played == [sk.parse_cards("H3")]  # type: ignore[attr-defined]
    assert parse(widget.html).find(data_role="message").attrs["data-kind"] == "ok"


def test_leading_a_mixed_lead_is_refused_and_a_pair_is_accepted() -> None:
    scene = HandScene("SA SA SK H3", TRUMP)
    scene.hand.toggle(0)
    scene.hand.toggle(3)
    assert not scene.play() and scene.message[0] == "mixed_suits"
    scene.hand.clear()
    scene.hand.toggle(0)
    scene.hand.toggle(1)
    assert scene.play() and [c.code for c in scene.hand.cards] == ["SK", "H3"]


def test_resorting_keeps_the_selected_cards() -> None:
    selection = Selection(sk.parse_cards("H5 SA D5"), sk.Trump("2", "S"))
    selection.toggle(2)
    chosen = selection.chosen()
    selection.resort(sk.Trump("5", "H"))
    assert [c.code for c in selection.cards] == ["H5", "D5", "SA"]
    assert selection.chosen() == chosen


def test_the_language_choice_holds_for_every_widget_of_the_session() -> None:
    first, second, switch = hand_widget("SA", TRUMP), hand_widget("SK", TRUMP), language_switch()
    switch.handle({"type": "action", "action": "lang", "value": "zh"})
    assert current_language() == "zh" and first.lang == second.lang == "zh"
    assert "出牌" in parse(first.html).text
    assert parse(switch.html).find("button", data_action="lang").text == "English"
    later = hand_widget("SQ", TRUMP)
    assert later.lang == "zh"
    set_language("en")
    assert "Play" in parse(second.html).text and SESSION.lang == "en"
    first.close()
    set_language("zh")
    assert first.lang == "en" and second.lang == "zh"
