"""The one way a lesson cell speaks when it cannot show what it was asked for: a catalogue message in
every language (the learner may not have chosen one yet), never a traceback.

``notice``/``safely`` give a widget for cells that build a table; ``say``/``try_it`` give a ``Said``
for the lessons' "try it" helpers, whose answer is a sentence rather than a table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ...engine.errors import RuleError
from ...render.exercises import notice_html
from ...widgets.surface import CardSurface
from ...words import LANGUAGES, languages_from, text

__all__ = ["NoticeScene", "Said", "notice", "safely", "say", "try_it"]

T = TypeVar("T")


def _failure(error: Exception) -> str:
    """What went wrong, in one line a teacher can search for."""
    return f"{type(error).__name__}: {error}"


class NoticeScene:
    """A panel that only says one catalogue message, in the chosen language first, then the others."""

    def __init__(self, code: str, kind: str = "error", **params: object) -> None:
        self.code, self.kind, self.params = code, kind, params

    def render(self, lang: str) -> str:
        langs = languages_from(lang)
        return str(notice_html([text(self.code, one, **self.params) for one in langs], self.kind, langs))

    def handle(self, message: Mapping[str, Any]) -> None:
        """A notice has nothing to click."""


def notice(code: str, kind: str = "error", **params: object) -> CardSurface:
    """A widget showing one catalogue message in every language."""
    return CardSurface(NoticeScene(code, kind, **params))


def safely(build: Callable[[], T]) -> T | CardSurface:
    """``build()``, or a widget saying in every language that the cell could not run, and why."""
    try:
        return build()
    except Exception as error:  # a learner's notebook shows a message, not a traceback
        return notice("ex_cell_failed", error=_failure(error))


@dataclass(frozen=True)
class Said:
    """Sentences per language (``en``, ``zh``); ``ok`` is False when they explain a refusal."""

    lines: dict[str, list[str]]
    ok: bool = True

    def __call__(self, lang: str = "en") -> str:
        return "\n".join(self.lines.get(lang, []))

    def __repr__(self) -> str:
        return "\n".join(self(lang) for lang in LANGUAGES)

    def _repr_html_(self) -> str:
        pairs = [(lang, line) for lang in LANGUAGES for line in self.lines.get(lang, [])]
        langs, lines = [lang for lang, _ in pairs], [line for _, line in pairs]
        return str(notice_html(lines, "info" if self.ok else "error", langs))


def say(*messages: tuple[str, dict[str, object]]) -> Said:
    """The catalogue messages ``(code, params)`` in every language."""
    return Said({lang: [text(code, lang, **params) for code, params in messages] for lang in LANGUAGES})


def try_it(build: Callable[[], Said], error_code: str) -> Said:
    """``build()``; ``error_code`` with the engine's reason when it refuses the learner's input;
    the lessons' general "this cell could not run" message for anything else."""
    try:
        return build()
    except RuleError as error:
        return Said({lang: [text(error_code, lang, why=error.message(lang))] for lang in LANGUAGES}, ok=False)
    except Exception as error:  # a learner's experiment shows a message, not a traceback
        failed = _failure(error)
        return Said({lang: [text("ex_cell_failed", lang, error=failed)] for lang in LANGUAGES}, ok=False)
