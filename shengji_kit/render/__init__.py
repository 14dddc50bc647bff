"""Pure drawing: cards, hands, tricks, ladders and the card table as SVG/HTML strings.

Markup is built with ``markupsafe``: ``Markup(template).format(...)`` escapes every value that is
not itself ``Markup``, so text from data (catalogue messages, names, puzzle texts) is always shown
as text; only the literal markup written in the render code is trusted. Drawing functions return
``Markup``, a ``str``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from .cards import card_back_svg, card_svg, cards_svg
    from .hands import card_button, hand_html
    from .ladder import suit_ladder_html, trump_ladder_html
    from .table import table_html
    from .table_data import ActionButton, PlayedCards, SeatBox, Summary, SummaryLine, TableScene
    from .tricks import trick_centre_html, trick_html

__getattr__, __dir__ = lazy_names(__name__, {
    ".cards": ("card_back_svg", "card_svg", "cards_svg"),
    ".hands": ("card_button", "hand_html"),
    ".ladder": ("suit_ladder_html", "trump_ladder_html"),
    ".table": ("table_html",),
    ".table_data": (
        "ActionButton", "PlayedCards", "SeatBox", "Summary", "SummaryLine", "TableScene",
    ),
    ".tricks": ("trick_centre_html", "trick_html"),
})

__all__ = [
    "ActionButton", "PlayedCards", "SeatBox", "Summary", "SummaryLine", "TableScene",
    "card_back_svg", "card_button", "card_svg", "cards_svg", "hand_html", "suit_ladder_html",
    "table_html", "trick_centre_html", "trick_html", "trump_ladder_html",
]
