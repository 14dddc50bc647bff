"""A hand you can select cards in: sorted by the trump, playable cards highlighted by the engine.

``HandScene`` is the behaviour (selection, re-sorting, checking a play against a lead);
``hand_widget`` wraps it in a ``CardSurface``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import traitlets
from markupsafe import Markup

from ..engine.cards import Card, parse_cards
from ..engine.errors import RuleError
from ..engine.follow import check_follow, playable_cards
from ..engine.shapes import shape
from ..engine.trump import Trump
from ..render.hands import card_row_html, hand_html
from ..render.selection import Selection
from ..render.table import lang_button
from ..words.catalogue import text
from .surface import HandSurface, Observable


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

    def change(self, trump: Trump) -> None:
        """Re-sort the hand for a new trump context (the name ``HandSurface`` calls)."""
        self.set_trump(trump)

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
        lead = Markup()
        if self.lead is not None:
            lead = Markup(
                '<div class="sk-controls"><span class="sk-control-label">{label}</span>{cards}</div>'
            ).format(
                label=text("ui_lead_label", lang),
                cards=card_row_html(self.lead, lang, attrs={"data-role": "lead"}),
            )
        hand = hand_html(
            self.hand.cards, self.hand.selected, self.playable(), self.trump, lang, 0,
            text("ui_your_hand", lang),
        )
        return Markup(
            '<div class="sk-panel" data-role="hand-panel"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{trump}</span>{lang_button}</div>'
            "{lead}{hand}"
            '<div class="sk-message" data-role="message" data-kind="{kind}">{note}</div>'
            '<div class="sk-actions"><button type="button" class="sk-button sk-primary" data-action="play">'
            '{ui_play}</button><button type="button" class="sk-button" data-action="clear">'
            "{ui_clear}</button></div></div>"
        ).format(
            trump=self.trump.describe(lang),
            lang_button=lang_button(lang),
            lead=lead,
            hand=hand,
            kind=kind,
            note=note,
            ui_play=text("ui_play", lang),
            ui_clear=text("ui_clear", lang),
        )



class HandWidget(HandSurface):
    """A hand as a widget whose state is traitlets: ``cards``, ``selected``, ``level``, ``trump_suit``
    and ``lead`` (the card codes being followed; empty when leading)."""

    lead = traitlets.List(traitlets.Unicode())

    def _pull(self) -> None:
        super()._pull()
        scene: HandScene = self.scene  # type: ignore[assignment]
        self._syncing = True
        try:
            self.lead = [card.code for card in scene.lead or ()]
        finally:
            self._syncing = False

    @traitlets.observe("lead")
    def _lead_changed(self, change: Mapping[str, Any]) -> None:
        if self._syncing or not hasattr(self, "trump_scene"):
            return
        scene: HandScene = self.scene  # type: ignore[assignment]
        with contextlib.suppress(ValueError):
            scene.lead = parse_cards(list(self.lead)) or None
        self.redraw()


def hand_widget(
    cards: Iterable[Card] | str, trump: Trump, lead: Sequence[Card] | str | None = None
) -> HandWidget:
    """A hand to select and play from, following ``lead`` when given; its state is traitlets."""
    return HandWidget(HandScene(cards, trump, lead))
