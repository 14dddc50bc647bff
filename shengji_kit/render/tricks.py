"""A trick as HTML: the table's centre (one slot per seat) and a standalone list for notebooks."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..engine.explain import seat_name
from .cards import cards_svg, pip_star
from .hands import card_row_html
from .scene import PlayedCards

_SLOTS = ("south", "east", "north", "west")


def trick_centre_html(
    plays: Sequence[PlayedCards],
    winner: int | None,
    lang: str = "en",
    done: bool = False,
    role: str = "trick",
) -> str:
    """Four slots around the centre (South at the bottom), each with the cards that seat played.

    The winning seat's cards are drawn with the ``winning`` state, the latest play with ``last``.
    """
    by_seat = {play.seat: (i, play) for i, play in enumerate(plays)}
    slots: list[str] = []
    for seat in range(4):
        if seat not in by_seat:
            slots.append(f'<div class="sk-slot sk-slot-{_SLOTS[seat]}" data-slot="{seat}"></div>')
            continue
        order, play = by_seat[seat]
        states: set[str] = set()
        if seat == winner:
            states.add("winning")
        elif order == len(plays) - 1 and not done:
            states.add("last")
        lead = ' <span class="sk-lead-mark">①</span>' if order == 0 else ""
        row = card_row_html(play.cards, lang, states, {"data-played-by": str(seat)})
        slots.append(
            f'<div class="sk-slot sk-slot-{_SLOTS[seat]}" data-slot="{seat}">{row}'
            f'<div class="sk-slot-name">{escape(seat_name(seat, lang))}{lead}</div></div>'
        )
    state = " sk-trick-done" if done else ""
    return f'<div class="sk-trick{state}" data-role="{role}">{"".join(slots)}</div>'


def trick_html(plays: Sequence[PlayedCards], winner: int | None = None, lang: str = "en") -> str:
    """A trick for a notebook cell (no widget CSS needed): one line per play, in play order."""
    rows: list[str] = []
    for play in plays:
        star = ""
        if play.seat == winner:
            star = f'<svg width="20" height="20" viewBox="76 5 20 20" aria-hidden="true">{pip_star(86, 15)}</svg>'
        rows.append(
            '<div style="display:flex;align-items:center;gap:8px;margin:2px 0">'
            f'<span style="min-width:7em">{escape(seat_name(play.seat, lang))}</span>'
            f"{cards_svg(play.cards, height=60, lang=lang)}{star}</div>"
        )
    return f'<div class="sk-trick-list" data-role="trick">{"".join(rows)}</div>'
