"""The message catalogue: every code in both languages, filled with the actual cards."""

from __future__ import annotations

import string

import pytest

import shengji_kit as sk
from shengji_kit.engine.explain import MESSAGES, register, render_message


def test_every_code_exists_in_both_languages() -> None:
    assert set(MESSAGES["en"]) == set(MESSAGES["zh"])


def test_placeholders_agree_between_languages() -> None:
    for code, en in MESSAGES["en"].items():
        fields_en = {f for _, f, _, _ in string.Formatter().parse(en) if f}
        fields_zh = {f for _, f, _, _ in string.Formatter().parse(MESSAGES["zh"][code]) if f}
        assert fields_en == fields_zh, code


def test_register_refuses_one_language_only() -> None:
    with pytest.raises(ValueError):
        register({"en": {"x_only_en": "text"}, "zh": {}})


def test_unknown_language_falls_back_to_english() -> None:
    assert render_message("empty_play", {}, "fr") == MESSAGES["en"]["empty_play"]


def test_rule_error_is_value_error_with_both_messages() -> None:
    with pytest.raises(ValueError) as info:
        sk.parse_cards("SA QQ")
    error = info.value
    assert isinstance(error, sk.RuleError) and error.code == "bad_card"
    assert "QQ" in error.message("en") and "QQ" in error.message("zh")
