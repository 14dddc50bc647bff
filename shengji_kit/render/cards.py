"""Card faces as SVG strings, drawn in code: ranks, suit symbols, both jokers, and card states.

A face is drawn in a 100 × 140 box. States change the border or add a mark: ``selected``,
``playable``, ``unplayable``, ``last`` (last played), ``winning``, ``points`` (a point badge)
and ``trump`` (a gold stripe on the left edge, visible when cards overlap).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape

from ..engine.cards import Card
from ..engine.display import register_drawers
from .pips import BLACK, BLUE, GOLD, RED, joker_emblem, pip

WIDTH = 100
HEIGHT = 140
STATES = frozenset({"selected", "playable", "unplayable", "last", "winning", "points", "trump"})
FONT = "font-family=\"'Helvetica Neue',Arial,'Liberation Sans',sans-serif\" font-weight=\"700\""

_BORDERS: tuple[tuple[str, str, float], ...] = (
    ("selected", BLUE, 6.0),
    ("winning", GOLD, 6.0),
    ("last", "#e07b00", 4.5),
    ("playable", "#2e9d4b", 3.5),
)
_COURT = frozenset({"J", "Q", "K"})


def _border(states: Collection[str]) -> tuple[str, float]:
    for state, colour, width in _BORDERS:
        if state in states:
            return colour, width
    return "#7a7a7a", 1.6


def _corner(card: Card, colour: str) -> str:
    if card.is_joker:
        letters = "".join(
            f'<text x="13" y="{22 + 15 * i}" font-size="15" text-anchor="middle">{ch}</text>'
            for i, ch in enumerate("JOKER")
        )
        return f'<g fill="{colour}" {FONT}>{letters}</g>'
    assert card.suit is not None
    rank = card.rank
    size = 25 if rank == "10" else 30
    squeeze = ' textLength="24" lengthAdjust="spacingAndGlyphs"' if rank == "10" else ""
    text = f'<text x="14" y="31" font-size="{size}" text-anchor="middle" fill="{colour}" {FONT}{squeeze}>{rank}</text>'
    return text + pip(card.suit, 14, 46, 17)


def _centre(card: Card, colour: str) -> str:
    if card.is_joker:
        return joker_emblem(card.rank == "BJ", 56, 72, 54)
    assert card.suit is not None
    rank = card.rank
    if rank in _COURT:
        frame = (
            f'<rect x="28" y="20" width="52" height="100" rx="4" fill="none" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        letter = f'<text x="54" y="82" font-size="46" text-anchor="middle" fill="{colour}" {FONT}>{rank}</text>'
        return frame + letter + pip(card.suit, 54, 102, 18)
    return pip(card.suit, 56, 72, 58 if rank == "A" else 44)


def _badges(card: Card, states: Collection[str]) -> str:
    parts: list[str] = []
    if "trump" in states:
        parts.append(f'<rect x="2" y="58" width="6" height="76" rx="3" fill="{GOLD}"/>')
    if "points" in states and card.points:
        parts.append(
            f'<circle cx="14" cy="68" r="11" fill="{GOLD}"/>'
            f'<text x="14" y="72.5" font-size="12" text-anchor="middle" fill="{BLACK}" {FONT}>'
            f"{card.points}</text>"
        )
    if "winning" in states:
        parts.append(pip_star(86, 15))
    if "unplayable" in states:
        parts.append(f'<rect width="{WIDTH}" height="{HEIGHT}" rx="8" fill="#5a5a5a" fill-opacity="0.45"/>')
    return "".join(parts)


def pip_star(x: float, y: float) -> str:
    """A small gold star: the mark of the card (or play) that is winning the trick."""
    return f'<circle cx="{x:g}" cy="{y:g}" r="10" fill="{GOLD}"/>' + (
        f'<path transform="translate({x:g},{y:g}) scale(7)" fill="#fff" '
        'd="M0,-1 L0.24,-0.33 L0.95,-0.31 L0.38,0.12 L0.59,0.81 L0,0.4 L-0.59,0.81 '
        'L-0.38,0.12 L-0.95,-0.31 L-0.24,-0.33 Z"/>'
    )


def card_face(card: Card, states: Collection[str] = ()) -> str:
    """The SVG elements of one face in the 100 × 140 box (no ``<svg>`` wrapper)."""
    unknown = set(states) - STATES
    if unknown:
        raise ValueError(f"unknown card states: {sorted(unknown)}")
    colour = RED if card.is_red else BLACK
    stroke, stroke_width = _border(states)
    inset = stroke_width / 2
    body = (
        f'<rect x="{inset:g}" y="{inset:g}" width="{WIDTH - stroke_width:g}" '
        f'height="{HEIGHT - stroke_width:g}" rx="8" fill="#fffdf7" stroke="{stroke}" '
        f'stroke-width="{stroke_width:g}"/>'
    )
    corner = _corner(card, colour)
    turned = f'<g transform="rotate(180 50 70)">{corner}</g>'
    return body + corner + _centre(card, colour) + turned + _badges(card, states)


def card_svg(card: Card, height: int = 84, states: Collection[str] = (), lang: str = "en") -> str:
    """One card as a standalone ``<svg>``, ``height`` pixels tall, labelled with its name."""
    width = round(height * WIDTH / HEIGHT)
    label = escape(card.name(lang))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sk-card-face" data-card="{card.code}" '
        f'role="img" aria-label="{label}" width="{width}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}"><title>{label}</title>{card_face(card, states)}</svg>'
    )


def overlap_step(count: int) -> float:
    """How far (in face widths) each card sits from the previous one in a row of ``count`` cards."""
    if count <= 8:
        return 0.62
    return max(0.3, 0.62 - 0.016 * (count - 8))


def cards_svg(
    cards: Sequence[Card],
    height: int = 84,
    states: Mapping[int, Iterable[str]] | None = None,
    step: float | None = None,
    lang: str = "en",
) -> str:
    """A row of overlapping cards as one ``<svg>``; ``states`` maps positions to card states.

    Selected cards are drawn raised. An empty row is an empty, labelled ``<svg>``.
    """
    states = states or {}
    width = height * WIDTH / HEIGHT
    gap = width * (overlap_step(len(cards)) if step is None else step)
    lift = height * 0.12 if any("selected" in set(s) for s in states.values()) else 0.0
    total_width = width + gap * max(len(cards) - 1, 0) if cards else width / 2
    total_height = height + lift
    names = ", ".join(card.name(lang) for card in cards)
    parts: list[str] = []
    for i, card in enumerate(cards):
        card_states = set(states.get(i, ()))
        y = 0.0 if "selected" in card_states else lift
        parts.append(
            f'<svg x="{i * gap:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" data-card="{card.code}">'
            f"<title>{escape(card.name(lang))}</title>{card_face(card, card_states)}</svg>"
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sk-cards" role="img" '
        f'aria-label="{escape(names)}" width="{total_width:.0f}" height="{total_height:.0f}" '
        f'viewBox="0 0 {total_width:.1f} {total_height:.1f}">{"".join(parts)}</svg>'
    )


def card_back_svg(height: int = 60) -> str:
    """The back of a card (a hidden card), drawn with a diamond lattice."""
    width = round(height * WIDTH / HEIGHT)
    lattice = "".join(
        f'<path d="M{x},{y - 10} L{x + 10},{y} L{x},{y + 10} L{x - 10},{y} Z"/>'
        for x in range(20, 81, 20)
        for y in range(20, 121, 20)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sk-card-back" aria-hidden="true" '
        f'width="{width}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f'<rect x="1" y="1" width="98" height="138" rx="8" fill="#8c1c2a" stroke="#f3d7a0" stroke-width="2"/>'
        f'<g fill="none" stroke="#f3d7a0" stroke-width="2" opacity="0.6">{lattice}</g>'
        f'<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#f3d7a0" stroke-width="2"/></svg>'
    )


# Cards, CardList, Component and Shape draw themselves in notebooks with these.
register_drawers(card_svg, cards_svg)
