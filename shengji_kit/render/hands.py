"""A hand as HTML: one ``<button>`` per card, overlapping, grouped by effective suit.

Every card button carries the hooks the widgets and browser tests use: ``data-card`` (the code,
``SA``), ``data-index`` (position in the hand), the card's name in the current language (the
``aria-label`` of its face, ``role="img"``, which names the button; also its ``title``) and
``aria-pressed`` (selected or not). The button has no ``aria-label`` of its own: the corner ranks
drawn on the face are visible text, and a name set over them would not contain them (WCAG 2.5.3).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache

from markupsafe import Markup

from ..engine.cards import Card
from ..engine.trump import Trump
from .cards import card_face

_VIEWBOX = Markup('viewBox="0 0 100 140"')


def html_attributes(attrs: Mapping[str, str]) -> Markup:
    """`` name="value"`` for each attribute, values escaped (names come from the code)."""
    return Markup("").join(Markup(' {name}="{value}"').format(name=name, value=value) for name, value in attrs.items())


def card_button(
    card: Card,
    index: int | None = None,
    states: Collection[str] = (),
    lang: str = "en",
    classes: Iterable[str] = (),
    attrs: dict[str, str] | None = None,
    focusable: bool = True,
) -> Markup:
    """One card as a ``<button>`` holding its SVG face, with the DOM hooks described above."""
    extra = dict(attrs or {})
    if index is not None:
        extra["data-index"] = str(index)
    if not focusable:
        extra["tabindex"] = "-1"
    return _button(card, frozenset(states), lang, tuple(classes), tuple(extra.items()))


@lru_cache(maxsize=2048)
def _button(
    card: Card, states: frozenset[str], lang: str, classes: tuple[str, ...], attrs: tuple[tuple[str, str], ...]
) -> Markup:
    """Tables redraw on every click with mostly the same buttons: each is drawn once and kept."""
    names = ["sk-card", *(f"sk-{state}" for state in sorted(states)), *classes]
    pressed = "true" if "selected" in states else "false"
    return Markup(
        '<button type="button" class="{names}" data-card="{code}" '
        'aria-pressed="{pressed}" title="{label}"{attributes}>'
        '<svg {viewbox} role="img" aria-label="{label}" focusable="false">{face}</svg></button>'
    ).format(
        names=" ".join(names),
        code=card.code,
        label=card.name(lang),
        pressed=pressed,
        attributes=html_attributes(dict(attrs)),
        viewbox=_VIEWBOX,
        face=card_face(card, states),
    )


def card_states(
    card: Card,
    selected: bool,
    playable: Collection[Card] | None,
    trump: Trump | None,
    mark_trumps: bool = False,
    mark_points: bool = False,
) -> set[str]:
    """The drawing states of one card in a hand."""
    states: set[str] = set()
    if selected:
        states.add("selected")
    if playable is not None:
        states.add("playable" if card in playable else "unplayable")
    if mark_trumps and trump is not None and trump.is_trump(card):
        states.add("trump")
    if mark_points and card.points:
        states.add("points")
    return states


def hand_html(
    cards: Sequence[Card],
    selected: Collection[int] = (),
    playable: Collection[Card] | None = None,
    trump: Trump | None = None,
    lang: str = "en",
    seat: int | None = 0,
    label: str = "",
    mark_trumps: bool = False,
    mark_points: bool = False,
    hinted: Collection[int] = (),
) -> Markup:
    """The hand in the given order as overlapping card buttons; a gap opens between suits.

    ``seat`` becomes ``data-seat`` (the learner's hand is ``data-seat="0"``); ``playable`` set
    to None draws no playable/unplayable marks.
    """
    parts: list[Markup] = []
    starts: list[int] = []
    previous_group: str | None = None
    for i, card in enumerate(cards):
        group = trump.suit_of(card) if trump is not None else (card.suit or "T")
        classes = ["sk-group-start"] if previous_group is not None and group != previous_group else []
        if classes:
            starts.append(i)
        previous_group = group
        if i in hinted:
            classes.append("sk-hinted")
        states = card_states(card, i in selected, playable, trump, mark_trumps, mark_points)
        parts.append(card_button(card, i, states, lang, classes))
    seat_attr = Markup(' data-seat="{seat}"').format(seat=seat) if seat is not None else ""
    aria = Markup(' aria-label="{label}"').format(label=label) if label else ""
    names, inner = "sk-hand", Markup("").join(parts)
    if len(cards) > TWO_ROWS_FROM:
        split = two_row_split(len(cards), starts)
        names = "sk-hand sk-hand-rows"
        inner = Markup('<div class="sk-hand-row">{first}</div><div class="sk-hand-row">{second}</div>').format(
            first=Markup("").join(parts[:split]), second=Markup("").join(parts[split:])
        )
    return Markup('<div class="{names}" role="group"{seat_attr}{aria} data-count="{count}">{inner}</div>').format(
        names=names, seat_attr=seat_attr, aria=aria, count=len(cards), inner=inner
    )


TWO_ROWS_FROM = 27
"""Hands with more cards than this (the 33 cards while burying) are laid out in two rows."""


def two_row_split(count: int, group_starts: Sequence[int]) -> int:
    """Where the second row begins: the suit boundary nearest the middle (the middle if far off)."""
    middle = count // 2
    near = [start for start in group_starts if abs(start - middle) <= count // 5]
    return min(near, key=lambda start: abs(start - middle)) if near else middle


def card_row_html(
    cards: Sequence[Card],
    lang: str = "en",
    states: Collection[str] = (),
    attrs: dict[str, str] | None = None,
    classes: Iterable[str] = (),
) -> Markup:
    """A small row of non-interactive card buttons (a play in a trick, a kitty, a declaration)."""
    buttons = Markup("").join(card_button(card, None, states, lang, focusable=False) for card in cards)
    names = " ".join(["sk-row", *classes])
    return Markup('<div class="{names}"{extra}>{buttons}</div>').format(
        names=names, extra=html_attributes(attrs or {}), buttons=buttons
    )
