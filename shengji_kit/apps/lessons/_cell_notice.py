"""A panel that only says something, in both languages at once: a lesson cell that cannot show its
table explains why instead of printing a traceback."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from markupsafe import Markup

from ...words import languages_from, text


class NoticeScene:
    """One catalogue message in every language (the learner may not have chosen one yet)."""

    def __init__(self, code: str, **params: object) -> None:
        self.code, self.params = code, params

    def render(self, lang: str) -> Markup:
        lines = Markup("").join(
            Markup("<p>{line}</p>").format(line=text(self.code, one, **self.params)) for one in languages_from(lang)
        )
        return Markup('<div class="sk-message" data-role="message" data-kind="error">{lines}</div>').format(lines=lines)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Nothing to click."""


T = TypeVar("T")


def built_or_notice(build: Callable[[], T]) -> T | NoticeScene:
    """``build()``, or a notice in both languages naming what went wrong (never a traceback)."""
    try:
        return build()
    except Exception as error:
        return NoticeScene("ex_cell_failed", error=f"{type(error).__name__}: {error}")
