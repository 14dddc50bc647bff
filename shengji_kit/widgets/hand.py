"""A hand you can select cards in: sorted by the trump, playable cards highlighted by the engine.

``HandScene`` is the behaviour (selection, re-sorting, checking a play against a lead);
``hand_widget`` wraps it in a ``CardSurface``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

from ..engine.cards import Card, parse_cards
from ..engine.catalogue import text
from ..engine.errors import RuleError
from ..engine.follow import check_follow, playable_cards
from ..engine.shapes import shape
from ..engine.trump import Trump
from ..render.hands import card_row_html, hand_html
from ..render.table import lang_button
from .surface import CardSurface, Observable


class Selection:
    """Cards of a hand kept in trump order, with the selected positions."""

    def __init__(self, cards: Iterable[Card], trump: Trump) -> None:
        self.trump = trump
        self.cards: list[Card] = trump.sorted(cards)
        self.selected: set[int] = set()

    def toggle(self, index: int, code: str | None = None) -> bool:
        """Select or unselect position ``index``; False when it does not hold the card ``code``."""
        if not 0 <= index < len(self.cards):
            return False
        if code is not None and self.cards[index].code != code:
            return False
        self.selected.symmetric_difference_update({index})
        return True

    def clear(self) -> None:
        self.selected.clear()

    def chosen(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [self.cards[i] for i in sorted(self.selected)]

    def resort(self, trump: Trump) -> None:
        """Sort again for a new trump, keeping the same cards selected."""
        marked = [(card, i in self.selected) for i, card in enumerate(self.cards)]
        marked.sort(key=lambda pair: trump.sort_key(pair[0]))
        self.trump = trump
        self.cards = [card for card, _ in marked]
        self.selected = {i for i, (_, chosen) in enumerate(marked) if chosen}

    def replace(self, cards: Iterable[Card]) -> None:
        """A new set of cards, nothing selected."""
        self.cards = self.trump.sorted(cards)
        self.selected.clear()

    def remove(self, cards: Sequence[Card]) -> None:
        """Take ``cards`` out of the hand (one copy each) and clear the selection."""
        remaining = list(self.cards)
        for card in cards:
            remaining.remove(card)
        self.cards = remaining
        self.selected.clear()


class HandScene(Observable):
    """A hand that follows ``lead`` (or leads when there is none) and explains refusals."""

    def __init__(
        self,
        cards: Iterable[Card] | str,
        trump: Trump,
        lead: Sequence[Card] | str | None = None,
        on_play: Callable[[list[Card]], None] | None = None,
    ) -> None:
        super().__init__()
        self.hand = Selection(parse_cards(cards) if isinstance(cards, str) else cards, trump)
        self.lead: list[Card] | None = parse_cards(lead) if isinstance(lead, str) else (
            list(lead) if lead is not None else None
        )
        self.on_play = on_play
        self.played: list[list[Card]] = []
        self.message: tuple[str, str, Mapping[str, object]] = ("", "info", {})

    @property
    def trump(self) -> Trump:
        return self.hand.trump

    def set_trump(self, trump: Trump) -> None:
        """Re-sort the hand for a new trump context."""
        self.hand.resort(trump)

    def playable(self) -> frozenset[Card] | None:
        """Cards that belong to some legal follow; None when leading (every card may lead)."""
        if self.lead is None:
            return None
        return frozenset(playable_cards(self.lead, self.hand.cards, self.trump))

    def play(self) -> bool:
        """Play the selected cards if the rules allow it; otherwise say why (message)."""
        chosen = self.hand.chosen()
        if not chosen:
            self.message = ("ui_select_cards", "error", {})
            return False
        if self.lead is not None:
            verdict = check_follow(self.lead, self.hand.cards, chosen, self.trump)
            if not verdict.ok:
                self.message = (verdict.code or "ok", "error", dict(verdict.params))
                return False
        else:
            try:
                shape(chosen, self.trump)
            except RuleError as error:
                self.message = (error.code, "error", error.params)
                return False
        self.hand.remove(chosen)
        self.played.append(chosen)
        self.message = ("ui_you_played", "ok", {"cards": tuple(chosen)})
        if self.on_play is not None:
            self.on_play(chosen)
        return True

    def handle(self, message: Mapping[str, Any]) -> None:
        kind = message.get("type")
        if kind == "click":
            self.hand.toggle(int(message.get("index", -1)), str(message.get("card", "")) or None)
            self.message = ("", "info", {})
        elif (kind == "action" and message.get("action") == "play") or (
            kind == "key" and message.get("key") == "enter"
        ):
            self.play()
        elif kind == "action" and message.get("action") == "clear":
            self.hand.clear()

    def render(self, lang: str) -> str:
        code, kind, params = self.message
        note = text(code, lang, **params) if code else ""
        lead = ""
        if self.lead is not None:
            lead = (
                f'<div class="sk-controls"><span class="sk-control-label">{text("ui_lead_label", lang)}'
                f"</span>{card_row_html(self.lead, lang, attrs={'data-role': 'lead'})}</div>"
            )
        hand = hand_html(
            self.hand.cards, self.hand.selected, self.playable(), self.trump, lang, 0,
            text("ui_your_hand", lang),
        )
        return (
            f'<div class="sk-panel" data-role="hand-panel"><div class="sk-panel-head">'
            f'<span class="sk-panel-title">{escape(self.trump.describe(lang))}</span>{lang_button(lang)}</div>'
            f"{lead}{hand}"
            f'<div class="sk-message" data-role="message" data-kind="{kind}">{escape(note)}</div>'
            f'<div class="sk-actions"><button type="button" class="sk-button sk-primary" data-action="play">'
            f'{text("ui_play", lang)}</button><button type="button" class="sk-button" data-action="clear">'
            f'{text("ui_clear", lang)}</button></div></div>'
        )


def hand_widget(
    cards: Iterable[Card] | str, trump: Trump, lead: Sequence[Card] | str | None = None
) -> CardSurface:
    """A hand to select and play from, following ``lead`` when given."""
    return CardSurface(HandScene(cards, trump, lead))
