"""Bilingual text: every title, hint and explanation exists in English and Chinese."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.explain import LANGUAGES


@dataclass(frozen=True)
class Text:
    """One text in both languages; ``text("zh")`` picks a language (unknown ones give English)."""

    en: str
    zh: str

    def __call__(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    @staticmethod
    def languages() -> tuple[str, ...]:
        return LANGUAGES
