"""The dashboard's address options go through the one strict reader: ``?stuck=²`` or 5000 digits never
break the page; the ignored option is named on it, in either language."""

from __future__ import annotations

import pytest
from html_tree import parse
from widgets.class_env import TEACHER_CODE, class_store  # noqa: F401  (fixture)

from shengji_kit.apps.classroom import classroom_dashboard
from shengji_kit.apps.classroom.dashboard import stuck_option
from shengji_kit.classroom.report import DEFAULT_STUCK_MINUTES
from shengji_kit.classroom.store_protocol import ClassStoreAPI
from shengji_kit.widgets.language import SESSION

HOSTILE = ["²", "٣", "\uff11\uff15", "9" * 5000, "1" + "0" * 30, "15.0", "+15", "0x10", " ", "-3", "0", "241"]


@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
def test_a_stuck_value_that_is_no_plain_number_in_range_falls_back(value: str) -> None:
    assert stuck_option({"stuck": value}, 10) == 10


def test_a_good_stuck_value_is_used() -> None:
    assert stuck_option({"stuck": "240"}, 10) == 240 and stuck_option({"stuck": " 1"}, 10) == 1


@pytest.mark.parametrize(("value", "shown"), [("%C2%B2", "stuck=²"), ("9" * 5000, "stuck=" + "9" * 10), ("999", "999")])
def test_the_dashboard_opens_and_names_the_ignored_option(
    class_store: ClassStoreAPI, monkeypatch: pytest.MonkeyPatch, value: str, shown: str  # noqa: F811
) -> None:
    monkeypatch.setenv("SHENGJI_KIT_TEACHER_CODE", TEACHER_CODE)
    monkeypatch.setenv("QUERY_STRING", f"teacher={TEACHER_CODE}&stuck={value}")
    widget = classroom_dashboard()
    try:
        assert widget.scene.stuck_minutes == DEFAULT_STUCK_MINUTES
        note = parse(widget.html).find(data_role="dashboard-note")
        assert note is not None and shown in note.text and "stuck=" in note.text
        assert str(DEFAULT_STUCK_MINUTES) in note.text and len(note.text) < 200
        SESSION.lang = "zh"
        assert "改用" in parse(widget.html).find(data_role="dashboard-note").text
    finally:
        SESSION.lang = "en"
        widget.close()


def test_a_good_stuck_option_gives_no_note(class_store: ClassStoreAPI, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setenv("SHENGJI_KIT_TEACHER_CODE", TEACHER_CODE)
    monkeypatch.setenv("QUERY_STRING", f"teacher={TEACHER_CODE}&stuck=15")
    widget = classroom_dashboard()
    try:
        assert widget.scene.stuck_minutes == 15 and not parse(widget.html).has(data_role="dashboard-note")
    finally:
        widget.close()
