"""Lesson 3's worked examples: one try judged by ``check_follow``, and the cards ``playable_cards`` lifts.

Both draw the lead, the hand and the engine's sentence in the learner's language (no Python value
reaches the page); the position is fixed, so there is nothing to click but the language switch.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import Card, as_cards
from ...engine.follow import check_follow, playable_cards
from ...engine.trump import Trump
from ...words.catalogue import text
from ..hands import card_row_html, hand_html
from ..table import lang_button
from ..table_data import LEARNER
from .follow_table import trump_context

LEADER = 3
"""West leads: South (the learner) is the next to play."""


def _panel(role: str, title: str, lang: str, body: Markup, kind: str, sentence: str) -> str:
    return str(Markup(
        '<div class="sk-panel" data-role="{role}"><div class="sk-panel-head">'
        '<span class="sk-panel-title">{title}</span>{lang_button}</div>{body}'
        '<div class="sk-message" data-role="message" data-kind="{kind}">{sentence}</div></div>'
    ).format(role=role, title=title, lang_button=lang_button(lang), body=body, kind=kind, sentence=sentence))


def _position(trump: Trump, lead: tuple[Card, ...], hand: Markup, lang: str) -> Markup:
    """The trump, West's lead drawn, and South's hand (already drawn) under its label."""
    intro = text("join_sentences", lang).join(
        (trump_context(trump, lang), text("lca_example_lead", lang, leader=LEADER, lead=lead))
    )
    return Markup(
        '<div class="sk-legend" data-role="prompt">{intro}</div>{lead}'
        '<div class="sk-legend">{hand_label}</div><div data-role="hand">{hand}</div>'
    ).format(intro=intro, lead=card_row_html(lead, lang), hand_label=text("lca_example_hand", lang), hand=hand)


class FollowTry:
    """South tries ``play`` on ``lead`` from ``hand``; the engine allows it or says why not."""

    def __init__(self, lead: str, hand: str, play: str, trump: Trump) -> None:
        self.lead, self.hand, self.play = as_cards(lead), as_cards(hand), as_cards(play)
        self.trump = trump
        self.verdict = check_follow(self.lead, self.hand, self.play, trump)

    def render(self, lang: str) -> str:
        body = _position(self.trump, self.lead, card_row_html(self.trump.sorted(self.hand), lang), lang)
        body += Markup('<div class="sk-legend" data-role="tried">{tried}</div>{play}').format(
            tried=text("lca_example_try", lang, play=self.play), play=card_row_html(self.play, lang)
        )
        if self.verdict.ok:
            kind, sentence = "ok", text("lca_example_legal", lang, play=self.play, lead=self.lead)
        else:
            kind, sentence = "error", text("lca_example_refused", lang, why=self.verdict.message(lang))
        return _panel("follow-try", text("lca_example_title", lang), lang, body, kind, sentence)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Only the language switch (handled by the surface)."""


class PlayableCards:
    """The cards of ``hand`` that belong to at least one legal follow of ``lead``, lifted in the hand."""

    def __init__(self, lead: str, hand: str, trump: Trump) -> None:
        self.lead, self.hand = as_cards(lead), as_cards(hand)
        self.trump = trump
        self.playable = playable_cards(self.lead, self.hand, trump)

    def lifted(self) -> tuple[Card, ...]:
        """The playable cards in the hand's drawn order (the order the learner sees them)."""
        return tuple(card for card in self.trump.sorted(self.hand) if card in self.playable)

    def render(self, lang: str) -> str:
        hand = hand_html(self.trump.sorted(self.hand), (), self.playable, self.trump, lang, LEARNER)
        body = _position(self.trump, self.lead, hand, lang)
        lifted = self.lifted()
        sentence = text("lca_playable_line", lang, cards=lifted, count=len(lifted), total=len(self.hand))
        return _panel("playable-cards", text("lca_playable_title", lang), lang, body, "info", sentence)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Only the language switch (handled by the surface)."""
