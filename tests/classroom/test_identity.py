"""Learner names: cleaned or refused with a message in both languages; the kernel's current learner."""

from __future__ import annotations

import pytest

from shengji_kit.classroom.identity import (
    LearnerNameError,
    clean_learner_name,
    current_learner,
    on_learner_change,
    set_current_learner,
)


@pytest.mark.parametrize("raw, clean", [
    ("ada", "ada"), ("  Ada  Lovelace ", "Ada Lovelace"), ("王小明", "王小明"),
    ("e\u0301lodie", "\u00e9lodie"), ("x" * 40, "x" * 40),
])
def test_names_are_cleaned(raw: str, clean: str) -> None:
    assert clean_learner_name(raw) == clean


@pytest.mark.parametrize("raw, code", [
    ("", "learner_name_empty"), ("   ", "learner_name_empty"), ("x" * 41, "learner_name_too_long"),
    ("a\nb", "learner_name_bad_character"), ("a\x00b", "learner_name_bad_character"),
    ("a\u202eb", "learner_name_bad_character"), ("a\u200bb", "learner_name_bad_character"),
])
def test_unusable_names_are_refused_in_both_languages(raw: str, code: str) -> None:
    with pytest.raises(LearnerNameError) as caught:
        clean_learner_name(raw)
    assert isinstance(caught.value, ValueError) and caught.value.message.code == code
    english, chinese = caught.value.message.render("en"), caught.value.message.render("zh")
    assert english and chinese and english != chinese


def test_the_default_learner_is_default_or_the_hub_user(monkeypatch: pytest.MonkeyPatch) -> None:
    assert current_learner() == "default"
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    assert current_learner() == "ada"
    assert set_current_learner("bo") == "bo" and current_learner() == "bo"


def test_listeners_hear_of_changes_only() -> None:
    heard: list[str] = []
    stop = on_learner_change(heard.append)
    set_current_learner(" ada ")
    set_current_learner("ada")
    set_current_learner("bo")
    stop()
    set_current_learner("cy")
    assert heard == ["ada", "bo"]


def test_a_bad_name_changes_nothing() -> None:
    heard: list[str] = []
    on_learner_change(heard.append)
    set_current_learner("ada")
    with pytest.raises(LearnerNameError):
        set_current_learner("")
    assert current_learner() == "ada" and heard == ["ada"]


def test_a_gone_widget_stops_listening_and_a_failing_one_stops_nobody() -> None:
    class Page:
        def __init__(self) -> None:
            self.heard: list[str] = []

        def follow(self, name: str) -> None:
            self.heard.append(name)

    def broken(name: str) -> None:
        raise RuntimeError("boom")

    kept, gone = Page(), Page()
    on_learner_change(broken)
    on_learner_change(kept.follow)
    on_learner_change(gone.follow)
    del gone
    with pytest.warns(UserWarning, match="boom"):
        set_current_learner("ada")
    assert kept.heard == ["ada"]


def test_the_default_learner_is_worded_per_language_and_other_names_are_kept() -> None:
    """Issue 38, item 26: 默认学员 on a Chinese page (the learner bar and the dashboard); names as typed."""
    from shengji_kit.classroom.identity import learner_label

    assert learner_label("default", "zh") == "默认学员" and learner_label("default", "en") == "default"
    assert learner_label("Mei", "zh") == "Mei"
