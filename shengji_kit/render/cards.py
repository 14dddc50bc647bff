"""Cards drawn as SVG (ranks, suit symbols, jokers, card states): the render side of engine/cards.py.

A face is drawn in a 100 × 140 box. States change the border or add a mark: ``selected``,
``playable``, ``unplayable``, ``last`` (last played), ``winning``, ``points`` (a point badge)
and ``trump`` (a gold stripe on the left edge, visible when cards overlap).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cache, lru_cache

from markupsafe import Markup

from ..engine.cards import Card, register_drawers
from ..words.catalogue import text
from .pips import BLACK, BLUE, GOLD, RED, joker_emblem, pip

WIDTH = 100
HEIGHT = 140
STATES = frozenset({"selected", "playable", "unplayable", "last", "winning", "points", "trump"})
FONT = Markup("font-family=\"'Helvetica Neue',Arial,'Liberation Sans',sans-serif\" font-weight=\"700\"")

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


def _corner(card: Card, colour: str) -> Markup:
    if card.is_joker:
        letters = Markup("").join(
            Markup('<text x="13" y="{y}" font-size="15" text-anchor="middle">{ch}</text>').format(
                y=22 + 15 * i, ch=ch
            )
            for i, ch in enumerate("JOKER")
        )
        return Markup('<g fill="{colour}" {FONT}>{letters}</g>').format(
            colour=colour, FONT=FONT, letters=letters
        )
    assert card.suit is not None
    rank = card.rank
    size = 25 if rank == "10" else 30
    squeeze = Markup(' textLength="24" lengthAdjust="spacingAndGlyphs"') if rank == "10" else ""
    text = Markup(
        '<text x="14" y="31" font-size="{size}" text-anchor="middle" fill="{colour}" {FONT}{squeeze}>{rank}</text>'
    ).format(size=size, colour=colour, FONT=FONT, squeeze=squeeze, rank=rank)
    return text + pip(card.suit, 14, 46, 17)


def _centre(card: Card, colour: str) -> Markup:
    if card.is_joker:
        return joker_emblem(card.rank == "BJ", 56, 72, 54)
    assert card.suit is not None
    rank = card.rank
    if rank in _COURT:
        frame = Markup(
            '<rect x="28" y="20" width="52" height="100" rx="4" fill="none" '
            'stroke="{colour}" stroke-width="2"/>'
        ).format(colour=colour)
        letter = Markup(
            '<text x="54" y="82" font-size="46" text-anchor="middle" fill="{colour}" {FONT}>{rank}</text>'
        ).format(colour=colour, FONT=FONT, rank=rank)
        return frame + letter + pip(card.suit, 54, 102, 18)
    return pip(card.suit, 56, 72, 58 if rank == "A" else 44)


def _badges(card: Card, states: Collection[str]) -> Markup:
    parts: list[Markup] = []
    if "trump" in states:
        parts.append(Markup('<rect x="2" y="58" width="6" height="76" rx="3" fill="{GOLD}"/>').format(
            GOLD=GOLD
        ))
    if "points" in states and card.points:
        parts.append(
            Markup(
                '<circle cx="14" cy="68" r="11" fill="{GOLD}"/>'
                '<text x="14" y="72.5" font-size="12" text-anchor="middle" fill="{BLACK}" {FONT}>'
                "{points}</text>"
            ).format(GOLD=GOLD, BLACK=BLACK, FONT=FONT, points=card.points)
        )
    if "winning" in states:
        parts.append(pip_star(86, 15))
    if "unplayable" in states:
        parts.append(
            Markup('<rect width="{WIDTH}" height="{HEIGHT}" rx="8" fill="#5a5a5a" fill-opacity="0.45"/>').format(
                WIDTH=WIDTH, HEIGHT=HEIGHT
            )
        )
    return Markup("").join(parts)


def pip_star(x: float, y: float) -> Markup:
    """A small gold star: the mark of the card (or play) that is winning the trick."""
    return Markup('<circle cx="{x:g}" cy="{y:g}" r="10" fill="{GOLD}"/>').format(x=x, y=y, GOLD=GOLD) + (
        Markup(
            '<path transform="translate({x:g},{y:g}) scale(7)" fill="#fff" '
            'd="M0,-1 L0.24,-0.33 L0.95,-0.31 L0.38,0.12 L0.59,0.81 L0,0.4 L-0.59,0.81 '
            'L-0.38,0.12 L-0.95,-0.31 L-0.24,-0.33 Z"/>'
        ).format(x=x, y=y)
    )


def card_face(card: Card, states: Collection[str] = ()) -> Markup:
    """The SVG elements of one face in the 100 × 140 box (no ``<svg>`` wrapper)."""
    unknown = set(states) - STATES
    if unknown:
        raise ValueError(f"unknown card states: {sorted(unknown)}")
    return _face(card, frozenset(states))


@lru_cache(maxsize=1024)
def _face(card: Card, states: frozenset[str]) -> Markup:
    """A face depends only on the card and its states, and a table draws dozens: drawn once each."""
    colour = RED if card.is_red else BLACK
    stroke, stroke_width = _border(states)
    inset = stroke_width / 2
    body = Markup(
        '<rect x="{inset:g}" y="{inset:g}" width="{width:g}" '
        'height="{height:g}" rx="8" fill="#fffdf7" stroke="{stroke}" '
        'stroke-width="{stroke_width:g}"/>'
    ).format(
        inset=inset,
        width=WIDTH - stroke_width,
        height=HEIGHT - stroke_width,
        stroke=stroke,
        stroke_width=stroke_width,
    )
    corner = _corner(card, colour)
    turned = Markup('<g transform="rotate(180 50 70)">{corner}</g>').format(corner=corner)
    return body + corner + _centre(card, colour) + turned + _badges(card, states)


def card_svg(card: Card, height: int = 84, states: Collection[str] = (), lang: str = "en") -> Markup:
    """One card as a standalone ``<svg>``, ``height`` pixels tall, labelled with its name."""
    width = round(height * WIDTH / HEIGHT)
    label = card.name(lang)
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" class="sk-card-face" data-card="{code}" '
        'role="img" aria-label="{label}" width="{width}" height="{height}" '
        'viewBox="0 0 {WIDTH} {HEIGHT}"><title>{label}</title>{card_face}</svg>'
    ).format(
        code=card.code,
        label=label,
        width=width,
        height=height,
        WIDTH=WIDTH,
        HEIGHT=HEIGHT,
        card_face=card_face(card, states),
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
) -> Markup:
    """A row of overlapping cards as one ``<svg>``; ``states`` maps positions to card states.

    Selected cards are drawn raised. An empty row is an empty, labelled ``<svg>``.
    """
    states = states or {}
    width = height * WIDTH / HEIGHT
    gap = width * (overlap_step(len(cards)) if step is None else step)
    lift = height * 0.12 if any("selected" in set(s) for s in states.values()) else 0.0
    total_width = width + gap * max(len(cards) - 1, 0) if cards else width / 2
    total_height = height + lift
    names = text("term_list_separator", lang).join(card.name(lang) for card in cards)
    parts: list[Markup] = []
    for i, card in enumerate(cards):
        card_states = set(states.get(i, ()))
        y = 0.0 if "selected" in card_states else lift
        parts.append(
            Markup(
                '<svg x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height}" '
                'viewBox="0 0 {WIDTH} {HEIGHT}" data-card="{code}">'
                "<title>{name}</title>{card_face}</svg>"
            ).format(
                x=i * gap,
                y=y,
                width=width,
                height=height,
                WIDTH=WIDTH,
                HEIGHT=HEIGHT,
                code=card.code,
                name=card.name(lang),
                card_face=card_face(card, card_states),
            )
        )
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" class="sk-cards" role="img" '
        'aria-label="{names}" width="{total_width:.0f}" height="{total_height:.0f}" '
        'viewBox="0 0 {total_width:.1f} {total_height:.1f}">{parts}</svg>'
    ).format(
        names=names,
        total_width=total_width,
        total_height=total_height,
        parts=Markup("").join(parts),
    )


@cache
def card_back_svg(height: int = 60) -> Markup:
    """The back of a card (a hidden card), drawn with a diamond lattice (once per height)."""
    width = round(height * WIDTH / HEIGHT)
    lattice = Markup("").join(
        Markup('<path d="M{x},{top} L{right},{y} L{x},{bottom} L{left},{y} Z"/>').format(
            x=x, y=y, top=y - 10, right=x + 10, bottom=y + 10, left=x - 10
        )
        for x in range(20, 81, 20)
        for y in range(20, 121, 20)
    )
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" class="sk-card-back" aria-hidden="true" '
        'width="{width}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        '<rect x="1" y="1" width="98" height="138" rx="8" fill="#8c1c2a" stroke="#f3d7a0" stroke-width="2"/>'
        '<g fill="none" stroke="#f3d7a0" stroke-width="2" opacity="0.6">{lattice}</g>'
        '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#f3d7a0" stroke-width="2"/></svg>'
    ).format(width=width, height=height, WIDTH=WIDTH, HEIGHT=HEIGHT, lattice=lattice)


# Cards, CardList, Component and Shape draw themselves in notebooks with these.
register_drawers(card_svg, cards_svg)
