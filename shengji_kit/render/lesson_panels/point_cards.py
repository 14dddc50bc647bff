"""The point cards 分牌 (5, 10, K) as a small bilingual table of card faces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import SUITS, Card
from ...engine.scoring import points
from ...words.catalogue import text
from ..hands import card_row_html
from ..table import lang_button

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
        rows = Markup("").join(
            Markup('<tr data-rank="{rank}"><td>{cards}</td><td>{value}</td></tr>').format(
                rank=rank,
                cards=card_row_html(cards, lang),
                value=text("l1_points_value", lang, value=value, total=8 * value),
            )
            for rank, cards, value in self.rows()
        )
        return Markup(
            '<div class="sk-panel" data-role="point-cards"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{l1_points_title}</span>{lang_button}</div>'
            "<p>{l1_points_intro}</p>"
            '<table class="sk-points-table">{rows}</table></div>'
        ).format(
            l1_points_title=text("l1_points_title", lang),
            lang_button=lang_button(lang),
            l1_points_intro=text("l1_points_intro", lang),
            rows=rows,
        )
