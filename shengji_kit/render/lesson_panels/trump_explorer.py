"""A live hand that re-sorts as the learner changes the level and the trump suit, with the ladder.

Buttons: ``data-action="level"`` / ``data-value="5"``, ``data-action="suit"`` / ``data-value="S"``
(``none`` for no trump), ``data-action="deal"`` for a new hand; clicking a card explains it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import RANKS, SUITS, Card, full_deck
from ...engine.trump import Trump
from ...words.catalogue import suit_name, text
from ..hands import hand_html
from ..ladder import suit_ladder_html, trump_ladder_html
from ..pips import pip
from ..selection import Selection
from ..table import lang_button
from ._trump_facts import card_role, ladder_position

HAND_SIZE = 25


def _control(action: str, value: str, label: str, pressed: bool, name: str = "") -> Markup:
    aria = Markup(' aria-label="{name}"').format(name=name) if name else ""
    return Markup(
        '<button type="button" class="sk-button" data-action="{action}" data-value="{value}" '
        'aria-pressed="{pressed}"{aria}>{label}</button>'
    ).format(action=action, value=value, pressed=str(pressed).lower(), aria=aria, label=label)


def _suit_icon(suit: str) -> Markup:
    return Markup('<svg width="16" height="16" viewBox="-1 -1 2 2" aria-hidden="true">{pip}</svg>').format(
        pip=pip(suit, 0, 0, 2)
    )



def trump_pickers(trump: Trump, lang: str) -> tuple[Markup, Markup]:
    """The level buttons (2–A) and the suit buttons (four suits and no-trump), the chosen ones pressed."""
    levels = Markup("").join(_control("level", rank, rank, rank == trump.level) for rank in RANKS)
    suits = Markup("").join(_control("suit", s, _suit_icon(s), s == trump.suit, suit_name(s, lang)) for s in SUITS)
    suits += _control("suit", "none", text("l1_no_trump_button", lang), trump.suit is None)
    return levels, suits

class TrumpExplorer:
    """A dealt hand, a level and a trump suit the learner can change; a clicked card is explained."""

    def __init__(self, level: str = "2", suit: str | None = "S", seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.trump = Trump(level, suit)
        self.hand = Selection(self._deal(), self.trump)
        self.focus: Card | None = None

    def _deal(self) -> list[Card]:
        return self.rng.sample(full_deck(), HAND_SIZE)

    def set_level(self, level: str) -> None:
        self.change(Trump(level, self.trump.suit))

    def set_suit(self, suit: str | None) -> None:
        self.change(Trump(self.trump.level, suit))

    def change(self, trump: Trump) -> None:
        """Use a new trump context: the hand re-sorts, the ladder redraws."""
        self.trump = trump
        self.hand.resort(trump)

    def deal(self) -> None:
        """A fresh hand of 25 cards."""
        self.hand.replace(self._deal())
        self.focus = None

    def trump_count(self) -> int:
        return sum(1 for card in self.hand.cards if self.trump.is_trump(card))

    def explain(self, card: Card, lang: str) -> str:
        """What ``card`` is under the current trump, and where it stands on its ladder."""
        role, role_params = card_role(card, self.trump)
        place, place_params = ladder_position(card, self.trump)
        return text("join_sentences", lang).join((text(role, lang, **role_params), text(place, lang, **place_params)))

    def handle(self, message: Mapping[str, Any]) -> None:
        kind, action, value = message.get("type"), message.get("action"), str(message.get("value", ""))
        if kind == "click":
            index = int(message.get("index", -1))
            if 0 <= index < len(self.hand.cards):
                self.focus = self.hand.cards[index]
                self.hand.selected = {index}
        elif action == "level" and value in RANKS:
            self.set_level(value)
        elif action == "suit":
            self.set_suit(None if value == "none" else value)
        elif action == "deal":
            self.deal()

    def render(self, lang: str) -> Markup:
        trump = self.trump
        levels, suits = trump_pickers(trump, lang)
        count = self.trump_count()
        summary = text("l1_trump_count", lang, trump=trump, count=count, plain=HAND_SIZE - count)
        note = self.explain(self.focus, lang) if self.focus is not None else text("l1_click_hint", lang)
        plain_suit = next(s for s in SUITS if s != trump.suit)
        return Markup(
            '<div class="sk-panel" data-role="explorer"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{l1_explorer_title}</span>{lang_button}</div>'
            '<div class="sk-controls"><span class="sk-control-label">{l1_level_label}</span>{levels}</div>'
            '<div class="sk-controls"><span class="sk-control-label">{l1_suit_label}</span>{suits}'
            '<button type="button" class="sk-button" data-action="deal">{l1_new_hand}</button></div>'
            '<div class="sk-legend" data-role="trump-count">{summary}</div>'
            "{hand}"
            '<div class="sk-message" data-role="message" data-kind="info">{note}</div>'
            "{ladder}{plain_ladder}</div>"
        ).format(
            l1_explorer_title=text("l1_explorer_title", lang),
            lang_button=lang_button(lang),
            l1_level_label=text("l1_level_label", lang),
            levels=levels,
            l1_suit_label=text("l1_suit_label", lang),
            suits=suits,
            l1_new_hand=text("l1_new_hand", lang),
            summary=summary,
            hand=hand_html(self.hand.cards, self.hand.selected, None, trump, lang, 0, mark_trumps=True),
            note=note,
            ladder=trump_ladder_html(trump, lang),
            plain_ladder=suit_ladder_html(trump, plain_suit, lang),
        )

