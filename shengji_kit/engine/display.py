"""How a notebook draws cards: the render layer registers its drawing functions here at import,
so the pure engine never imports it. Until then ``draw_*`` return None and Jupyter shows text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card

CardDrawer = Callable[["Card"], str]
CardsDrawer = Callable[[Sequence["Card"]], str]

_drawers: dict[str, Callable[..., str]] = {}


def register_drawers(card: CardDrawer, cards: CardsDrawer) -> None:
    """Set the functions that draw one card and a row of cards (``render.cards`` calls this)."""
    _drawers["card"] = card
    _drawers["cards"] = cards


def draw_card(card: Card) -> str | None:
    """One card face as SVG, or None when no drawer is registered."""
    draw = _drawers.get("card")
    return None if draw is None else draw(card)


def draw_cards(cards: Sequence[Card]) -> str | None:
    """A row of card faces as SVG, or None when no drawer is registered."""
    draw = _drawers.get("cards")
    return None if draw is None else draw(cards)
