"""The point cards 分牌 (5, 10, K) as a small bilingual table of card faces."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..engine.cards import SUITS, Card
from ..engine.catalogue import text
from ..engine.scoring import points
from ..render.hands import card_row_html
from ..render.table import lang_button

POINT_RANKS = ("5", "10", "K")


class PointCardsScene:
    """Shows every point card of one deck with its value; the totals count both decks."""

    def rows(self) -> list[tuple[str, list[Card], int]]:
        """(rank, the four cards of that rank, points of each)."""
        return [(rank, [Card.of(s, rank) for s in SUITS], Card.of("S", rank).points) for rank in POINT_RANKS]

    def total(self) -> int:
        """All points in the two decks (200)."""
        return 2 * sum(points(cards) for _, cards, _ in self.rows())

    def handle(self, message: Mapping[str, Any]) -> None:
        """The table does not react to clicks."""

    def render(self, lang: str) -> str:
        rows = "".join(
            f'<tr data-rank="{rank}"><td>{card_row_html(cards, lang)}</td>'
            f'<td>{escape(text("l1_points_value", lang, value=value, total=8 * value))}</td></tr>'
            for rank, cards, value in self.rows()
        )
        return (
            f'<div class="sk-panel" data-role="point-cards"><div class="sk-panel-head">'
            f'<span class="sk-panel-title">{text("l1_points_title", lang)}</span>{lang_button(lang)}</div>'
            f'<p>{escape(text("l1_points_intro", lang))}</p>'
            f'<table class="sk-points-table">{rows}</table></div>'
        )
