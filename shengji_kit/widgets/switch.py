"""The 中文/English switch on its own, for the top of a notebook (every widget follows it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ..render.table import lang_button
from .language_keeper import show_language_keeper
from .surface import CardSurface


class LanguageSwitchScene:
    """Only the language button (``data-action="lang"``); the surface itself flips the language."""

    def render(self, lang: str) -> str:
        return Markup('<div class="sk-switch" data-role="language">{lang_button}</div>').format(
            lang_button=lang_button(lang)
        )

    def handle(self, message: Mapping[str, Any]) -> None:
        """Nothing else to do: ``CardSurface`` handles ``lang`` for every scene."""


def language_switch() -> CardSurface:
    """A 中文 / English button; the choice holds for every widget of this notebook session.

    In a running notebook it also shows the page's language keeper: the page opens in the language the
    browser remembers, and a switch is remembered for the next page.
    """
    show_language_keeper()
    return CardSurface(LanguageSwitchScene())
