"""Every text a learner reads exists in English and Chinese, with matching placeholders."""

from __future__ import annotations

import re

import pytest

from shengji_kit.lessons.messages import LESSON_MESSAGES
from shengji_kit.render.texts import UI_MESSAGES

FIELD = re.compile(r"\{(\w+?)(?:_en|_zh)?\}")


@pytest.mark.parametrize("catalogue", [UI_MESSAGES, LESSON_MESSAGES], ids=["ui", "lesson1"])
def test_both_languages_have_the_same_codes_and_placeholders(catalogue: dict[str, dict[str, str]]) -> None:
    assert set(catalogue["en"]) == set(catalogue["zh"])
    for code, english in catalogue["en"].items():
        chinese = catalogue["zh"][code]
        assert english.strip() and chinese.strip()
        assert set(FIELD.findall(english)) == set(FIELD.findall(chinese)), code
        assert "_zh}" not in english, code
