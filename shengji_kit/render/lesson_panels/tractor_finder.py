"""Lesson 2's tractor finder: a hand whose pairs and tractors are outlined, live as the level and trump change.

The hand is split by effective suit and read by the engine (``shape``): each tractor is framed in
one colour, each pair in another, singles stand alone. Buttons: ``data-action="level"``/``"suit"``
(``none`` for no trump) and ``data-action="deal"``, as in lesson 1's explorer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import CARDS, RANKS, SUITS, Card, parse_cards
from ...engine.shapes import PAIR, TRACTOR, Component, shape
from ...engine.trump import Trump
from ...words.catalogue import combinations_text, suit_name, text
from ..hands import card_button
from ..selection import Selection
from ..table import lang_button
from .trump_explorer import _control, _suit_icon

FRAME = {
    TRACTOR: "border:3px solid var(--sk-success);border-radius:8px;padding:2px;",
    PAIR: "border:2px dashed var(--sk-brand);border-radius:8px;padding:2px;",
}


class TractorFinder:
    """A hand, a level and a trump suit; the engine finds the pairs and tractors of each suit."""

    def __init__(
        self, cards: str | None = None, level: str = "7", suit: str | None = "H", seed: int | None = 1
    ) -> None:
        self.rng = random.Random(seed)
        self.trump = Trump(level, suit)
        self.hand = Selection(parse_cards(cards) if cards else self._deal(), self.trump)

    def _deal(self) -> list[Card]:
        """A hand rich in pairs: eight faces twice, a few singles."""
        suits = self.rng.sample(SUITS, 2)
        pool = [c for c in CARDS if c.suit is None or c.suit in suits or c.rank == self.trump.level]
        faces = self.rng.sample(pool, 12)
        return faces[:8] * 2 + faces[8:]

    def change(self, trump: Trump) -> None:
        self.trump = trump
        self.hand.resort(trump)

    def components(self) -> list[Component]:
        """The hand's format, effective suit by effective suit (trumps first)."""
        by_suit: dict[str, list[Card]] = {}
        for card in self.hand.cards:
            by_suit.setdefault(self.trump.suit_of(card), []).append(card)
        return [c for cards in by_suit.values() for c in shape(cards, self.trump).components]

    def handle(self, message: Mapping[str, Any]) -> None:
        action, value = message.get("action"), str(message.get("value", ""))
        if action == "level" and value in RANKS:
            self.change(Trump(value, self.trump.suit))
        elif action == "suit":
            self.change(Trump(self.trump.level, None if value == "none" else value))
        elif action == "deal":
            self.hand.replace(self._deal())

    def render(self, lang: str) -> str:
        trump = self.trump
        components = self.components()
        boxes: list[Markup] = []
        suit = None
        for component in components:
            here = trump.suit_of(component.cards[0])
            gap = Markup('<span style="display:inline-block;width:18px"></span>') if suit not in (None, here) else ""
            suit = here
            cards = Markup("").join(card_button(card, None, (), lang, focusable=False) for card in component.cards)
            style = FRAME.get(component.kind, "padding:2px;")
            boxes.append(Markup(
                '{gap}<span class="sk-row" data-role="combo" data-kind="{kind}" data-pairs="{pairs}" '
                'style="display:inline-flex;margin:2px;{style}">{cards}</span>'
            ).format(gap=gap, kind=component.kind, pairs=component.pairs, style=style, cards=cards))
        tractors = [c for c in components if c.kind == TRACTOR]
        pairs = sum(c.pairs for c in components if c.kind in (PAIR, TRACTOR))
        separator = text("term_list_separator", lang)
        listed = separator.join(combinations_text(t.cards, lang) if any(c.is_joker for c in t.cards)
                                else "".join(str(c) for c in t.cards) for t in tractors) or text("l2_finder_none", lang)
        levels = Markup("").join(_control("level", rank, rank, rank == trump.level) for rank in RANKS)
        suits = Markup("").join(_control("suit", s, _suit_icon(s), s == trump.suit, suit_name(s, lang)) for s in SUITS)
        suits += _control("suit", "none", text("l1_no_trump_button", lang), trump.suit is None)
        return str(Markup(
            '<div class="sk-panel" data-role="tractor-finder"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div>'
            '<div class="sk-controls"><span class="sk-control-label">{level_label}</span>{levels}</div>'
            '<div class="sk-controls"><span class="sk-control-label">{suit_label}</span>{suits}'
            '<button type="button" class="sk-button" data-action="deal">{new_hand}</button></div>'
            '<div class="sk-legend">{legend}</div>'
            '<div data-role="finder-hand" style="display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:6px 0">'
            '{boxes}</div>'
            '<div class="sk-message" data-role="message" data-kind="info">{summary}</div></div>'
        ).format(
            title=text("l2_finder_title", lang), lang_button=lang_button(lang),
            level_label=text("l1_level_label", lang), levels=levels, suit_label=text("l1_suit_label", lang),
            suits=suits, new_hand=text("l1_new_hand", lang), legend=text("l2_finder_legend", lang),
            boxes=Markup("").join(boxes),
            summary=text("l2_finder_summary", lang, trump=trump, pairs=pairs, count=len(tractors), tractors=listed),
        ))
