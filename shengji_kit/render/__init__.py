"""Pure drawing: cards, hands, tricks, ladders and the card table as SVG/HTML strings."""

from .cards import card_back_svg, card_svg, cards_svg
from .hands import card_button, hand_html
from .ladder import suit_ladder_html, trump_ladder_html
from .scene import ActionButton, PlayedCards, SeatBox, Summary, SummaryLine, TableScene
from .table import table_html
from .tricks import trick_centre_html, trick_html

__all__ = [
    "ActionButton", "PlayedCards", "SeatBox", "Summary", "SummaryLine", "TableScene",
    "card_back_svg", "card_button", "card_svg", "cards_svg", "hand_html", "suit_ladder_html",
    "table_html", "trick_centre_html", "trick_html", "trump_ladder_html",
]
