"""Lesson 1's "how cards are written": each card drawn beside its two spellings and its name.

Shown instead of a bare ``parse_cards`` value, so the page holds card faces and a sentence in the
learner's language, never a Python list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import as_cards
from ...words.catalogue import text
from ..cards import card_svg
from ..table import lang_button

HEIGHT = 70


class WrittenCards:
    """``cards`` (card text): one line per card, its face, ``♠A`` / ``SA`` and its name."""

    def __init__(self, cards: str) -> None:
        self.cards = as_cards(cards)

    def render(self, lang: str) -> str:
        rows = Markup("").join(
            Markup('<li class="sk-written-card" data-card="{code}">{face} <span>{line}</span></li>').format(
                code=card.code, face=card_svg(card, HEIGHT, lang=lang),
                line=text("lca_written_joker" if card.is_joker else "lca_written_card", lang,
                          written=str(card), code=card.code, name=card.name(lang)),
            )
            for card in self.cards
        )
        return str(Markup(
            '<div class="sk-panel" data-role="written-cards"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div><ul class="sk-written">{rows}</ul></div>'
        ).format(title=text("lca_written_title", lang), lang_button=lang_button(lang), rows=rows))

    def handle(self, message: Mapping[str, Any]) -> None:
        """Only the language switch (handled by the surface)."""
