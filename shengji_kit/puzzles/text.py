"""Bilingual text: every title, hint and explanation exists in English and Chinese."""

from __future__ import annotations

from dataclasses import dataclass

from ..words.catalogue import LANGUAGES, text


@dataclass(frozen=True)
class Text:
    """One text in both languages; ``text("zh")`` picks a language (unknown ones give English)."""

    en: str
    zh: str

    def __call__(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en

    def render(self, lang: str) -> str:
        return self(lang)

    @staticmethod
    def of(code: str, /, **params: object) -> Text:
        """A catalogue message written out in both languages (for labels stored as ``Text``)."""
        return Text(text(code, "en", **params), text(code, "zh", **params))

    @staticmethod
    def languages() -> tuple[str, ...]:
        return LANGUAGES
