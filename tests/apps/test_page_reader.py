"""The one strict reader of page address options: ASCII digits only, bounded length and range, a named
default, and a note in both languages naming the option that was not used."""

from __future__ import annotations

import pytest

from shengji_kit.apps.page_options import Choice, Number, checked_delay, checked_seed, read_choice, read_number

MINUTES = Number("stuck", 10, 1, 240)


@pytest.mark.parametrize("value", ["\uff11", "٣", "²", "1_0", "1e0", " 0x1", "0.5", "+3", "9" * 19, "9" * 5000])
def test_only_plain_ascii_digits_make_a_whole_number(value: str) -> None:
    used, note = read_number({"stuck": value}, MINUTES)
    assert used == 10 and note is not None and note.params["name"] == "stuck"
    assert "stuck=" in note.render("en") and "stuck=" in note.render("zh") and "改用 10" in note.render("zh")
    assert len(note.render("en")) < 200


@pytest.mark.parametrize("value", ["\uff11", "1_0", "1e0", "٣.5", ".5", "5."])
def test_a_delay_in_other_digits_or_python_spellings_is_not_taken(value: str) -> None:
    assert checked_delay({"delay": value}, 0.7)[0] == 0.7


def test_a_delay_in_range_and_out_of_it() -> None:
    assert checked_delay({"delay": "1.25"}, 0.7) == (1.25, None)
    used, note = checked_delay({"delay": "9" * 18}, 0.7)
    assert used == 5.0 and note is not None and note.code == "page_option_clamped"


def test_out_of_range_names_the_range_of_that_option() -> None:
    used, note = read_number({"stuck": "500"}, MINUTES)
    assert used == 10 and note is not None and "1–240" in note.render("en") and "1–240" in note.render("zh")
    assert read_number({}, MINUTES) == (10, None) and read_number({"stuck": "7"}, MINUTES) == (7, None)


def test_a_seed_of_fullwidth_digits_is_not_a_seed() -> None:
    assert checked_seed({"seed": "\uff11\uff12"}, 5)[0] == 5 and checked_seed({"seed": "-12"}, 5) == (-12, None)


def test_a_choice_is_exact_or_another_case_with_a_note() -> None:
    sets = Choice("set", "one", ("one", "two"), "input_set_unknown")
    assert read_choice({"set": "two"}, sets) == ("two", None)
    used, note = read_choice({"set": "TWO"}, sets)
    assert used == "two" and note is not None
    used, note = read_choice({"set": "x" * 5000}, sets)
    assert used == "one" and note is not None and "set=" in note.render("en") and "set=" in note.render("zh")
