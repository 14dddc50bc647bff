"""Who is who on a one-machine class (issue 19), driven from Python as the browser would: a name the
teacher's class list gives a PIN is taken only with that PIN (checked in the kernel, not in the page),
a wrong one is refused in both languages, and a browser's votes count once whatever names it uses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from html_tree import parse

from shengji_kit.classroom.class_list import CLASS_LIST_VAR, pass_token, pin_member, set_pin
from shengji_kit.classroom.identity import current_learner
from shengji_kit.classroom.store_protocol import ClassStoreAPI
from shengji_kit.widgets import learner_bar as bar_module
from shengji_kit.widgets.language import SESSION
from shengji_kit.widgets.learner_bar import NAME_FIELD, PIN_FIELD, LearnerBar, learner_bar
from shengji_kit.words.catalogue import text

from .class_env import class_store  # noqa: F401  (fixture)

pytestmark = pytest.mark.usefixtures("class_store")
BROWSER_A = "0123456789abcdef0123456789abcdef"
BROWSER_B = "fedcba9876543210fedcba9876543210"


@pytest.fixture
def class_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A class list giving "Lin Wei" the PIN 4821 (ada has none), handed to the kernel as serve does."""
    path = tmp_path / "class-list.toml"
    set_pin(path, "Lin Wei", "4821")
    monkeypatch.setenv(CLASS_LIST_VAR, str(path))
    bar_module._PASSES.clear()
    yield path
    bar_module._PASSES.clear()


def choose(bar: LearnerBar, name: str, pin: str | None = None, browser: str = BROWSER_A) -> None:
    """What classroom.js sends when the learner presses OK in the name form."""
    fields = {NAME_FIELD: name, **({} if pin is None else {PIN_FIELD: pin})}
    bar.handle({"type": "action", "action": "name", "value": name, "fields": fields, "browser": browser})


def note(bar: LearnerBar) -> Any:
    return parse(bar.html).find(data_role="learner-note")


def test_a_name_with_a_pin_asks_for_it_and_stays_unchosen(class_list: Path) -> None:
    bar = learner_bar(show_poll=False)
    bar.handle({"type": "action", "action": "switch", "value": ""})
    choose(bar, "Lin Wei")
    assert current_learner() == "default"
    tree = parse(bar.html)
    field = tree.find("input", name=PIN_FIELD)
    assert field.attrs["type"] == "password" and field.attrs["inputmode"] == "numeric"
    assert tree.find("input", name=NAME_FIELD).attrs["value"] == "Lin Wei"
    assert text("serving_pin_needed", "en", name="Lin Wei") in note(bar).text
    SESSION.lang = "zh"
    assert text("serving_pin_needed", "zh", name="Lin Wei") in note(bar).text
    assert text("serving_pin_label", "zh") in parse(bar.html).text


def test_a_wrong_pin_is_refused_in_both_languages(class_list: Path) -> None:
    bar = learner_bar(show_poll=False)
    bar.handle({"type": "action", "action": "switch", "value": ""})
    choose(bar, "Lin Wei", "1234")
    assert current_learner() == "default" and bar.learner_pass == ""
    assert note(bar).attrs["data-kind"] == "error"
    assert text("serving_pin_wrong", "en", name="Lin Wei") in note(bar).text
    SESSION.lang = "zh"
    assert text("serving_pin_wrong", "zh", name="Lin Wei") in note(bar).text
    choose(bar, "lin wei", "12ab")  # the same learner, however it is typed
    assert current_learner() == "default"
    assert text("serving_pin_bad", "zh", name="Lin Wei") in note(bar).text


def test_the_right_pin_chooses_the_name_and_gives_the_browser_a_pass(class_list: Path) -> None:
    bar = learner_bar(show_poll=False)
    bar.handle({"type": "action", "action": "switch", "value": ""})
    choose(bar, "Lin Wei", "4821")
    assert current_learner() == "Lin Wei" == bar.learner
    member = pin_member("Lin Wei")
    assert member is not None and bar.learner_pass == pass_token(member)
    assert not parse(bar.html).has("input")
    assert text("cls_learner_saved", "en", name="Lin Wei") in note(bar).text


def test_a_name_without_a_pin_is_chosen_as_before(class_list: Path) -> None:
    bar = learner_bar(show_poll=False)
    choose(bar, "ada")
    assert current_learner() == "ada" and bar.learner_pass == ""


def test_the_remembered_name_comes_back_only_with_its_pass(class_list: Path) -> None:
    member = pin_member("Lin Wei")
    assert member is not None
    bar = learner_bar(show_poll=False)
    bar.handle({"type": "restore", "name": "Lin Wei", "browser": BROWSER_A})
    assert current_learner() == "default", "a classmate's remembered name without its pass is not taken"
    bar.handle({"type": "restore", "name": "Lin Wei", "pass": "0" * 64, "browser": BROWSER_A})
    assert current_learner() == "default"
    bar.handle({"type": "restore", "name": "Lin Wei", "pass": pass_token(member), "browser": BROWSER_A})
    assert current_learner() == "Lin Wei"


def test_a_new_pin_ends_the_old_pass(class_list: Path) -> None:
    old = pin_member("Lin Wei")
    assert old is not None
    set_pin(class_list, "Lin Wei", "907135")
    bar = learner_bar(show_poll=False)
    bar.handle({"type": "restore", "name": "Lin Wei", "pass": pass_token(old)})
    assert current_learner() == "default"


def test_a_class_list_that_went_missing_refuses_every_name_it_cannot_check(class_list: Path) -> None:
    class_list.unlink()
    bar = learner_bar(show_poll=False)
    choose(bar, "Lin Wei", "4821")
    assert current_learner() == "default"
    assert text("serving_class_list_down", "en") in note(bar).text
    SESSION.lang = "zh"
    assert text("serving_class_list_down", "zh") in note(bar).text


def test_five_names_in_one_browser_cast_one_vote(class_store: ClassStoreAPI) -> None:  # noqa: F811
    poll = class_store.open_poll("default", "puzzle", "ww-001", "Who wins?", "谁赢？", ["East", "West"], "East")
    bar = learner_bar()
    for name in ("ann", "bo", "cy", "di", "ed"):
        choose(bar, name, browser=BROWSER_A)
        bar.handle({"type": "action", "action": "option", "value": "West", "browser": BROWSER_A})
    other = learner_bar()
    choose(other, "fay", browser=BROWSER_B)
    other.handle({"type": "action", "action": "option", "value": "East", "browser": BROWSER_B})
    tally = class_store.poll(poll.id).answers  # type: ignore[attr-defined]
    assert tally == {"ed": "West", "fay": "East"}
    assert sorted(tally.values()) == ["East", "West"]  # two browsers, two votes


def test_a_message_without_a_usable_browser_id_votes_per_name(class_store: ClassStoreAPI) -> None:  # noqa: F811
    class_store.open_poll("default", "puzzle", "ww-002", "Who wins?", "谁赢？", ["East", "West"], "East")
    bar = learner_bar()
    for name in ("ann", "bo"):
        choose(bar, name, browser="not-an-id")
        bar.handle({"type": "action", "action": "option", "value": "West", "browser": "<script>"})
    assert class_store.current_poll("default").answers == {"ann": "West", "bo": "West"}  # type: ignore[union-attr]
