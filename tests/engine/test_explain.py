"""The message catalogue: every code in both languages, filled with the actual cards."""

from __future__ import annotations

import string

import pytest

import shengji_kit as sk
from shengji_kit.engine.explain import MESSAGES, register, render_message


def load_every_catalogue() -> None:
    """Import every package that registers messages, so the whole catalogue is checked."""
    import importlib
    import pkgutil

    import shengji_kit

    for module in pkgutil.walk_packages(shengji_kit.__path__, "shengji_kit."):
        if module.name.endswith(("messages", "texts")):
            importlib.import_module(module.name)


def test_every_code_exists_in_both_languages() -> None:
    load_every_catalogue()
    assert set(MESSAGES["en"]) == set(MESSAGES["zh"])


def placeholders(template: str) -> set[str]:
    """Field names, with a language suffix (``name_en`` / ``name_zh``) folded into ``name``."""
    names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    return {n.removesuffix("_en").removesuffix("_zh") for n in names}


def test_placeholders_agree_between_languages() -> None:
    load_every_catalogue()
    for code, en in MESSAGES["en"].items():
        assert placeholders(en) == placeholders(MESSAGES["zh"][code]), code


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
