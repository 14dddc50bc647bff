"""The learner bar: the name (switch, refusals, the browser's remembered name), and the poll panel,
driven from Python as the browser would, against the real class store."""

from __future__ import annotations

import pytest
from html_tree import parse

from shengji_kit.classroom.identity import current_learner, set_current_learner
from shengji_kit.classroom.store_protocol import POLL_CLOSED, POLL_REVEALED, ClassStoreAPI
from shengji_kit.widgets.language import SESSION
from shengji_kit.widgets.learner_bar import LearnerBar, learner_bar, poll_options
from shengji_kit.words.catalogue import text

from .class_env import class_store  # noqa: F401  (fixture)

pytestmark = pytest.mark.usefixtures("class_store")


def action(bar: LearnerBar, name: str, value: str = "") -> None:
    bar.handle({"type": "action", "action": name, "value": value})


def test_the_bar_shows_the_learner_and_a_visible_switch_in_both_languages() -> None:
    bar = learner_bar()
    tree = parse(bar.html)
    root = tree.find(data_role="learner-bar")
    assert root.attrs["data-learner"] == "default" == bar.learner
    assert tree.find("button", data_action="switch").text == text("cls_learner_switch", "en")
    assert text("cls_learner_unnamed", "en") in tree.text
    SESSION.lang = "zh"
    tree = parse(bar.html)
    assert tree.find("button", data_action="switch").text == "切换学习者"
    assert "学习者：" in tree.text


def test_switching_sets_the_kernel_learner_and_every_bar_follows() -> None:
    first, second = learner_bar(), learner_bar(show_poll=False)
    action(first, "switch")
    form = parse(first.html)
    field = form.find("input", data_submit="name")
    assert field.attrs["maxlength"] == "40"
    assert form.find("button", data_action="name").attrs["data-field"] == field.attrs["name"]
    action(first, "name", "  Lin   Wei  ")
    assert current_learner() == "Lin Wei" == first.learner == second.learner
    assert parse(second.html).find(data_role="learner-name").text == "Lin Wei"
    assert text("cls_learner_saved", "en", name="Lin Wei") in parse(first.html).text
    assert not parse(first.html).has("input")


def test_a_refused_name_keeps_the_learner_and_says_why_in_the_language_shown() -> None:
    bar = learner_bar()
    action(bar, "switch")
    action(bar, "name", "   ")
    assert current_learner() == "default"
    assert text("learner_name_empty", "en") in parse(bar.html).find(data_role="learner-note").text
    SESSION.lang = "zh"
    assert text("learner_name_empty", "zh") in parse(bar.html).find(data_role="learner-note").text
    action(bar, "cancel")
    assert not parse(bar.html).has("input")


def test_the_name_the_browser_remembered_is_taken_back_and_a_bad_one_ignored() -> None:
    bar = learner_bar()
    bar.handle({"type": "restore", "name": "Mei"})
    assert current_learner() == "Mei" == bar.learner
    bar.handle({"type": "restore", "name": "x" * 80})
    assert current_learner() == "Mei"
    assert not parse(bar.html).has(data_role="learner-note", data_kind="error")


def test_markup_in_a_learner_name_is_shown_as_text() -> None:
    set_current_learner("<b>x</b>")
    tree = parse(learner_bar().html)
    assert not tree.has("b")
    assert tree.find(data_role="learner-name").text == "<b>x</b>"
    assert tree.find(data_role="learner-bar").attrs["data-learner"] == "<b>x</b>"


def test_on_jupyterhub_the_hub_user_is_the_learner_and_cannot_be_switched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "pupil7")
    bar = learner_bar()
    assert bar.learner == "pupil7" and not bar.remember
    assert not parse(bar.html).has("button", data_action="switch")
    bar.handle({"type": "restore", "name": "someone else"})
    action(bar, "name", "someone else")
    assert current_learner() == "pupil7"


def test_the_poll_appears_is_answered_and_revealed(class_store: ClassStoreAPI) -> None:  # noqa: F811
    set_current_learner("Ann")
    bar = learner_bar()
    assert not parse(bar.html).has(data_role="poll")
    poll = class_store.open_poll(
        "default", "puzzle", "ww-001", "Who wins?", "谁赢？", ["East · 东家", "<i>West</i>"], "East · 东家"
    )
    bar.bar.tick()  # what the kernel's ticker does every few seconds
    tree = parse(bar.html)
    panel = tree.find(data_role="poll")
    assert panel.attrs["data-poll-id"] == str(poll.id) and panel.attrs["data-state"] == "open"
    shown = [b.attrs["data-option"] for b in panel.find_all("button")]
    assert shown == poll_options(poll, "Ann") and sorted(shown) == sorted(["East · 东家", "<i>West</i>"])
    assert not tree.has("i")
    bar.handle({"type": "action", "action": "option", "value": "<i>West</i>"})
    stored = class_store.current_poll("default")
    assert stored is not None and stored.answers == {"Ann": "<i>West</i>"}
    assert parse(bar.html).find("button", data_option="<i>West</i>").attrs["aria-pressed"] == "true"
    class_store.set_poll_state(poll.id, POLL_REVEALED)
    bar.bar.tick()
    SESSION.lang = "zh"
    tree = parse(bar.html)
    assert tree.find(data_role="poll").attrs["data-state"] == POLL_REVEALED
    assert tree.find(data_role="poll-prompt").text == "谁赢？"
    assert tree.find("button", data_option="East · 东家").attrs["data-correct"] == "true"
    assert text("cls_poll_wrong", "zh", option="<i>West</i>") in tree.find(data_role="poll-result").text
    bar.handle({"type": "action", "action": "option", "value": "East · 东家"})  # too late: refused
    assert class_store.current_poll("default").answers == {"Ann": "<i>West</i>"}  # type: ignore[union-attr]
    class_store.set_poll_state(poll.id, POLL_CLOSED)
    bar.bar.tick()
    assert not parse(bar.html).has(data_role="poll")


def test_the_landing_pages_bar_switches_the_language_of_every_widget() -> None:
    plain, landing = learner_bar(show_poll=False), learner_bar(show_poll=False, language=True)
    assert not parse(plain.html).has(data_action="lang")
    landing.handle({"type": "action", "action": "lang", "value": "zh"})
    assert SESSION.lang == "zh"
    assert parse(plain.html).find("button", data_action="switch").text == "切换学习者"


def test_an_answer_after_the_teacher_revealed_meanwhile_is_refused_with_a_reason(class_store: ClassStoreAPI) -> None:  # noqa: F811
    set_current_learner("Ann")
    bar = learner_bar()
    poll = class_store.open_poll("default", "puzzle", "p", "Which?", "哪个？", ["A", "B"], "A")
    bar.bar.tick()
    class_store.set_poll_state(poll.id, POLL_REVEALED)  # the bar has not seen it yet
    bar.handle({"type": "action", "action": "option", "value": "B"})
    tree = parse(bar.html)
    assert tree.find(data_role="poll-note").text == text("cls_poll_refused", "en")
    assert tree.find(data_role="poll").attrs["data-state"] == POLL_REVEALED
    assert class_store.current_poll("default").answers == {}  # type: ignore[union-attr]


def test_an_open_poll_is_a_banner_the_learner_can_fold_and_open_again(class_store: ClassStoreAPI) -> None:  # noqa: F811
    """The poll comes in a banner (fixed to the bottom of a Voila page by classroom.css) with a Hide button;
    hidden, it is one line with the question and an Answer button; the reveal opens it again."""
    set_current_learner("Ann")
    bar = learner_bar()
    poll = class_store.open_poll("default", "puzzle", "p", "Which <b>one</b>?", "哪个？", ["A", "B"], "A")
    bar.bar.tick()
    banner = parse(bar.html).find(data_role="poll-banner")
    assert banner.attrs["data-folded"] == "false" and banner.attrs["role"] == "region"
    assert banner.find(data_role="poll").attrs["data-poll-id"] == str(poll.id)
    assert banner.find("button", data_action="poll-fold").text == text("link_poll_fold", "en")

    action(bar, "poll-fold")
    banner = parse(bar.html).find(data_role="poll-banner")
    assert banner.attrs["data-folded"] == "true" and not banner.has(data_role="poll")
    assert banner.find(data_role="poll-waiting").text == text("link_poll_waiting", "en", prompt="Which <b>one</b>?")
    assert not banner.has("b")
    SESSION.lang = "zh"
    assert parse(bar.html).find(data_role="poll-waiting").text == "老师的提问：哪个？"
    SESSION.lang = "en"
    bar.bar.tick()  # nothing new: it stays folded
    assert parse(bar.html).find(data_role="poll-banner").attrs["data-folded"] == "true"

    action(bar, "poll-unfold")
    assert parse(bar.html).find(data_role="poll-banner").attrs["data-folded"] == "false"
    action(bar, "poll-fold")
    class_store.set_poll_state(poll.id, POLL_REVEALED)
    bar.bar.tick()  # the reveal is news: the banner opens again
    banner = parse(bar.html).find(data_role="poll-banner")
    assert banner.attrs["data-folded"] == "false" and banner.find(data_role="poll").attrs["data-state"] == POLL_REVEALED



def test_the_default_learner_is_named_in_the_page_language_and_stored_as_default() -> None:
    """Issue 38, item 26: the stored name stays ``default``; a Chinese page shows 默认学员."""
    set_current_learner("default")
    bar = learner_bar()
    assert parse(bar.bar.render("zh")).find(data_role="learner-name").text == "默认学员"
    assert parse(bar.bar.render("en")).find(data_role="learner-name").text == "default"
    assert parse(bar.bar.render("zh")).find(data_role="learner-bar").attrs["data-learner"] == "default"
    assert current_learner() == "default"
