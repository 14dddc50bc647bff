"""How the engine reads some cards under a trump: the cards, and one sentence (pair, tractor, or why not)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import parse_cards
from ...engine.trump import Trump
from ...puzzles.kinds.is_tractor import tractor_line
from ..hands import card_row_html
from ..table import lang_button


class CombinationReading:
    """``cards`` under ``trump``: drawn as a row, with the engine's verdict (``shape``) below."""

    def __init__(self, cards: str, trump: Trump) -> None:
        self.cards = tuple(parse_cards(cards))
        self.trump = trump

    def render(self, lang: str) -> str:
        return str(Markup(
            '<div class="sk-panel" data-role="reading"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{trump}</span>{lang_button}</div>{cards}'
            '<div class="sk-message" data-role="message" data-kind="info">{verdict}</div></div>'
        ).format(
            trump=self.trump.describe(lang), lang_button=lang_button(lang),
            cards=card_row_html(self.cards, lang), verdict=tractor_line(self.cards, self.trump).render(lang),
        ))

    def handle(self, message: Mapping[str, Any]) -> None:
        """Only the language switch (handled by the surface)."""
