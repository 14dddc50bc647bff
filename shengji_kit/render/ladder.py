"""The trump ladder and a plain suit's ladder as HTML: cards strongest first, equal cards stacked."""

from __future__ import annotations

from markupsafe import Markup

from ..engine.cards import CARDS, Card
from ..engine.roles import role_of
from ..engine.trump import TRUMP, Trump
from ..words.catalogue import text
from .hands import card_button


def ladder_steps(trump: Trump, effective_suit: str = TRUMP) -> list[list[Card]]:
    """The faces of one effective suit grouped by step, strongest step first."""
    by_step: dict[int, list[Card]] = {}
    for card in CARDS:
        if trump.suit_of(card) == effective_suit:
            by_step.setdefault(trump.step(card), []).append(card)
    return [trump.sorted(by_step[s]) for s in sorted(by_step, reverse=True)]


def _section_code(card: Card, trump: Trump) -> str:
    return f"ui_ladder_{role_of(card, trump)}"


def _column(cards: list[Card], lang: str, step: int) -> Markup:
    buttons = Markup("").join(card_button(card, None, (), lang, focusable=False) for card in cards)
    return Markup('<div class="sk-ladder-step" data-step="{step}">{buttons}</div>').format(
        step=step, buttons=buttons
    )


def trump_ladder_html(trump: Trump, lang: str = "en") -> Markup:
    """All trumps of ``trump`` in sections (jokers, 正主, 副主, trump suit), strongest first."""
    sections: list[tuple[str, list[Markup]]] = []
    for cards in ladder_steps(trump):
        code = _section_code(cards[0], trump)
        column = _column(cards, lang, trump.step(cards[0]))
        if sections and sections[-1][0] == code:
            sections[-1][1].append(column)
        else:
            sections.append((code, [column]))
    body = Markup("").join(
        Markup(
            '<div class="sk-ladder-section" data-section="{section}">'
            '<div class="sk-ladder-caption">{caption}</div>'
            '<div class="sk-ladder-columns">{columns}</div></div>'
        ).format(section=code[10:], caption=text(code, lang), columns=Markup("").join(columns))
        for code, columns in sections
    )
    arrows = Markup(
        '<div class="sk-ladder-arrow"><span>← {ui_stronger}</span>'
        "<span>{ui_weaker} →</span></div>"
    ).format(ui_stronger=text("ui_stronger", lang), ui_weaker=text("ui_weaker", lang))
    return Markup(
        '<div class="sk-ladder" data-role="ladder"><div class="sk-ladder-title">'
        "{ui_ladder_title} — {trump}</div>"
        '<div class="sk-ladder-row">{body}</div>{arrows}</div>'
    ).format(
        ui_ladder_title=text("ui_ladder_title", lang),
        trump=trump.describe(lang),
        body=body,
        arrows=arrows,
    )


def suit_ladder_html(trump: Trump, suit: str, lang: str = "en") -> Markup:
    """A plain suit's cards strongest first; the level rank is missing (it is a trump)."""
    columns = Markup("").join(
        _column(cards, lang, trump.step(cards[0])) for cards in ladder_steps(trump, suit)
    )
    caption = text("ui_ladder_plain", lang, suit=suit, level=trump.level)
    return Markup(
        '<div class="sk-ladder sk-ladder-plain" data-role="suit-ladder" data-suit="{suit}">'
        '<div class="sk-ladder-caption">{caption}</div>'
        '<div class="sk-ladder-columns">{columns}</div></div>'
    ).format(suit=suit, caption=caption, columns=columns)
