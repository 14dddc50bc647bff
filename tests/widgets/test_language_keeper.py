"""The language keeper: the browser's stored choice reaches the kernel, and the kernel's choice reaches the browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from html_tree import parse
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

import shengji_kit as sk
from shengji_kit.widgets import hand_widget, language_switch
from shengji_kit.widgets.language import SESSION, set_language
from shengji_kit.widgets.language_keeper import STORAGE_KEY, LanguageKeeper, language_keeper
from shengji_kit.widgets.learner_bar import learner_bar
from shengji_kit.widgets.surface import STATIC

TEMPLATE = Path(sk.__file__).parent / "jupyter" / "voila" / "templates" / "shengji"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def restore(keeper: LanguageKeeper, content: object) -> None:
    """What the keeper's script sends, delivered the way the comm delivers it."""
    keeper._handle_custom_msg(content, [])


def test_the_stored_choice_flips_the_session_and_every_widget() -> None:
    keeper, hand, switch = LanguageKeeper(), hand_widget("SA SK", sk.Trump("2", "S")), language_switch()
    assert keeper.lang == "en" and "Play" in parse(hand.html).text
    restore(keeper, {"type": "restore", "lang": "zh"})
    assert SESSION.lang == "zh" and keeper.lang == "zh"
    assert "出牌" in parse(hand.html).text and "Play" not in parse(hand.html).text
    assert parse(switch.html).find("button", data_action="lang").text == "English"
    keeper.close()


def test_the_switch_reaches_the_keepers_trait() -> None:
    keeper, switch = LanguageKeeper(), language_switch()
    switch.handle({"type": "action", "action": "lang", "value": "zh"})
    assert keeper.lang == "zh"
    SESSION.toggle()
    assert keeper.lang == "en"
    set_language("zh")
    assert keeper.lang == "zh" and keeper.storage_key == STORAGE_KEY
    keeper.close()
    set_language("en")
    assert keeper.lang == "zh"  # a closed keeper no longer follows


@pytest.mark.parametrize(
    "content",
    [
        {"type": "restore", "lang": "fr"},
        {"type": "restore", "lang": ["zh"]},
        {"type": "restore"},
        {"type": "action", "action": "lang", "value": "zh"},
        {"type": "restore", "lang": "zh", "junk": "x" * 9000},
        "zh",
    ],
)
def test_anything_but_a_known_language_is_ignored(content: object) -> None:
    keeper = LanguageKeeper()
    restore(keeper, content)
    assert SESSION.lang == "en" and keeper.lang == "en"
    keeper.close()


def test_the_kernel_has_one_keeper_until_it_is_closed() -> None:
    first = language_keeper()
    assert language_keeper() is first
    first.close()
    second = language_keeper()
    assert second is not first and second.comm is not None


@pytest.fixture
def shell() -> Iterator[InteractiveShell]:
    """A running IPython (as in a notebook): ``display`` reaches its outputs."""
    instance = InteractiveShell.instance()
    yield instance
    InteractiveShell.clear_instance()


def test_the_switch_and_the_learner_bar_show_the_keeper_in_a_notebook(shell: InteractiveShell) -> None:
    for make in (language_switch, learner_bar):
        with capture_output() as shown:
            widget = make()
        models = [output.data[WIDGET_VIEW]["model_id"] for output in shown.outputs if WIDGET_VIEW in output.data]
        assert models == [language_keeper().model_id], make.__name__
        widget.close()


def test_the_keeper_script_and_the_page_script_share_the_key_and_reach_no_network() -> None:
    keeper_js = (STATIC / "language_keeper.js").read_text(encoding="utf-8")
    page_js = (TEMPLATE / "static" / "shengji-lang.js").read_text(encoding="utf-8")
    assert f'"{STORAGE_KEY}"' in page_js and 'model.get("storage_key")' in keeper_js
    assert 'type: "restore"' in keeper_js and "localStorage" in keeper_js and "export default" in keeper_js
    for script in (keeper_js, page_js):
        assert "catch (error)" in script  # a refused localStorage (private window) is no error
        assert "http://" not in script and "https://" not in script and "import " not in script
    template = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    assert 'include_js("static/shengji-lang.js")' in template and 'include_css("static/shengji-lang.css")' in template
