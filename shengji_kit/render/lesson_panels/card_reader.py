"""Lesson 2's "try it": a card-entry field with level and trump-suit pickers; Read shows what the engine
makes of the typed cards (pair, tractor, or why not), so nothing needs editing in a code cell.

Messages: ``data-action="read"`` with the field's text as ``value``; ``level``/``suit`` buttons as in
lesson 1's explorer (they re-read the field's text, sent as ``typed``). Bad card text shows the
engine's own reason in the learner's language, and the typed text stays in the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import RANKS, SUITS, Card, as_cards
from ...engine.errors import RuleError
from ...engine.trump import Trump
from ...puzzles.kinds.is_tractor import tractor_line
from ...words.catalogue import suit_name, text
from ..hands import card_row_html
from ..table import lang_button
from .trump_explorer import _control, _suit_icon

MAX_TYPED = 200
"""The field's text is cut to this many characters (a hand of 25 cards fits well within it)."""


class CardReader:
    """The typed cards under a level and a trump suit, read by the engine on Read."""

    def __init__(self, cards: str = "", level: str = "2", suit: str | None = "S") -> None:
        self.trump = Trump(level, suit)
        self.typed = ""
        self.cards: tuple[Card, ...] = ()
        self.problem: RuleError | None = None
        self.read(cards)

    def read(self, typed: str) -> None:
        """Read ``typed`` as cards (at most two copies of a card); a refusal is kept to be shown."""
        self.typed = typed[:MAX_TYPED]
        self.problem = None
        try:
            self.cards = as_cards(self.typed)
        except RuleError as error:
            self.cards, self.problem = (), error

    def handle(self, message: Mapping[str, Any]) -> None:
        action, value = message.get("action"), str(message.get("value", ""))
        typed = message.get("typed")
        if action == "read":
            self.read(value)
            return
        if action == "level" and value in RANKS:
            self.trump = Trump(value, self.trump.suit)
        elif action == "suit" and (value in SUITS or value == "none"):
            self.trump = Trump(self.trump.level, None if value == "none" else value)
        else:
            return
        if isinstance(typed, str):
            self.read(typed)

    def verdict(self, lang: str) -> tuple[str, str]:
        """The kind (``info``/``error``) and the sentence the panel shows under the field."""
        if self.problem is not None:
            return "error", text("lca_reader_bad", lang, why=self.problem.message(lang))
        if not self.cards:
            return "error", text("lca_reader_empty", lang)
        return "info", tractor_line(self.cards, self.trump).render(lang)

    def render(self, lang: str) -> str:
        trump = self.trump
        levels = Markup("").join(_control("level", rank, rank, rank == trump.level) for rank in RANKS)
        suits = Markup("").join(
            _control("suit", s, _suit_icon(s), s == trump.suit, suit_name(s, lang)) for s in SUITS
        )
        suits += _control("suit", "none", text("l1_no_trump_button", lang), trump.suit is None)
        kind, sentence = self.verdict(lang)
        shown = card_row_html(self.cards, lang) if kind == "info" else Markup("")
        return str(Markup(
            '<div class="sk-panel" data-role="card-reader"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div>'
            '<div class="sk-legend" data-role="reader-help">{help}</div>'
            '<div class="sk-controls"><label class="sk-control-label">{field}'
            ' <input type="text" class="sk-card-field" data-role="cards" data-submit="read" value="{typed}"'
            ' autocomplete="off" autocapitalize="characters" spellcheck="false"></label>'
            '<button type="button" class="sk-button sk-primary" data-action="read">{read}</button></div>'
            '<div class="sk-controls"><span class="sk-control-label">{level_label}</span>{levels}</div>'
            '<div class="sk-controls"><span class="sk-control-label">{suit_label}</span>{suits}</div>'
            '<div class="sk-legend" data-role="reader-trump">{under}</div>{shown}'
            '<div class="sk-message" data-role="message" data-kind="{kind}" aria-live="polite">{sentence}</div></div>'
        ).format(
            title=text("lca_reader_title", lang), lang_button=lang_button(lang),
            help=text("lca_reader_help", lang), field=text("lca_reader_field", lang), typed=self.typed,
            read=text("lca_reader_read", lang), level_label=text("l1_level_label", lang), levels=levels,
            suit_label=text("l1_suit_label", lang), suits=suits, under=text("lca_reader_under", lang, trump=trump),
            shown=shown, kind=kind, sentence=sentence,
        ))
