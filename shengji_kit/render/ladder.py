"""The trump ladder and a plain suit's ladder as HTML: cards strongest first, equal cards stacked."""

from __future__ import annotations

from html import escape

from ..engine.cards import CARDS, Card
from ..engine.catalogue import text
from ..engine.trump import TRUMP, Trump
from .hands import card_button


def ladder_steps(trump: Trump, effective_suit: str = TRUMP) -> list[list[Card]]:
    """The faces of one effective suit grouped by step, strongest step first."""
    by_step: dict[int, list[Card]] = {}
    for card in CARDS:
        if trump.suit_of(card) == effective_suit:
            by_step.setdefault(trump.step(card), []).append(card)
    return [trump.sorted(by_step[s]) for s in sorted(by_step, reverse=True)]


def _section_code(card: Card, trump: Trump) -> str:
    if card.code == "BJ":
        return "ui_ladder_big_joker"
    if card.code == "LJ":
        return "ui_ladder_little_joker"
    if card.rank == trump.level:
        if trump.suit is None:
            return "ui_ladder_level_nt"
        return "ui_ladder_main_level" if card.suit == trump.suit else "ui_ladder_side_level"
    return "ui_ladder_trump_suit"


def _column(cards: list[Card], lang: str, step: int) -> str:
    buttons = "".join(card_button(card, None, (), lang, focusable=False) for card in cards)
    return f'<div class="sk-ladder-step" data-step="{step}">{buttons}</div>'


def trump_ladder_html(trump: Trump, lang: str = "en") -> str:
    """All trumps of ``trump`` in sections (jokers, 正主, 副主, trump suit), strongest first."""
    sections: list[tuple[str, list[str]]] = []
    for cards in ladder_steps(trump):
        code = _section_code(cards[0], trump)
        column = _column(cards, lang, trump.step(cards[0]))
        if sections and sections[-1][0] == code:
            sections[-1][1].append(column)
        else:
            sections.append((code, [column]))
    body = "".join(
        f'<div class="sk-ladder-section" data-section="{code[10:]}">'
        f'<div class="sk-ladder-caption">{escape(text(code, lang))}</div>'
        f'<div class="sk-ladder-columns">{"".join(columns)}</div></div>'
        for code, columns in sections
    )
    arrows = (
        f'<div class="sk-ladder-arrow"><span>← {text("ui_stronger", lang)}</span>'
        f'<span>{text("ui_weaker", lang)} →</span></div>'
    )
    return (
        f'<div class="sk-ladder" data-role="ladder"><div class="sk-ladder-title">'
        f'{text("ui_ladder_title", lang)} — {escape(trump.describe(lang))}</div>'
        f'<div class="sk-ladder-row">{body}</div>{arrows}</div>'
    )


def suit_ladder_html(trump: Trump, suit: str, lang: str = "en") -> str:
    """A plain suit's cards strongest first; the level rank is missing (it is a trump)."""
    columns = "".join(
        _column(cards, lang, trump.step(cards[0])) for cards in ladder_steps(trump, suit)
    )
    caption = text("ui_ladder_plain", lang, suit=suit, level=trump.level)
    return (
        f'<div class="sk-ladder sk-ladder-plain" data-role="suit-ladder" data-suit="{suit}">'
        f'<div class="sk-ladder-caption">{escape(caption)}</div>'
        f'<div class="sk-ladder-columns">{columns}</div></div>'
    )
