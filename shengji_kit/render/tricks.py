"""A trick as HTML: the render side of engine/tricks.py.

The table's centre (one slot per seat) and a standalone list for notebooks.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ..engine.explain import seat_name
from ..words.catalogue import seat_plain_name
from .cards import cards_svg, pip_star
from .hands import card_row_html
from .table_data import PlayedCards

_SLOTS = ("south", "east", "north", "west")


def trick_centre_html(
    plays: Sequence[PlayedCards],
    winner: int | None,
    lang: str = "en",
    done: bool = False,
    role: str = "trick",
    plain: bool = False,
) -> Markup:
    """Four slots around the centre (South at the bottom), each with the cards that seat played.

    ``plain`` names the seats without "(you)", for a recorded or example trick nobody is playing.

    The winning seat's cards are drawn with the ``winning`` state, the latest play with ``last``.
    """
    by_seat = {play.seat: (i, play) for i, play in enumerate(plays)}
    slots: list[Markup] = []
    for seat in range(4):
        if seat not in by_seat:
            slots.append(
                Markup('<div class="sk-slot sk-slot-{area}" data-slot="{seat}"></div>').format(
                    area=_SLOTS[seat], seat=seat)
            )
            continue
        order, play = by_seat[seat]
        states: set[str] = set()
        if seat == winner:
            states.add("winning")
        elif order == len(plays) - 1 and not done:
            states.add("last")
        lead = Markup(' <span class="sk-lead-mark">①</span>') if order == 0 else ""
        row = card_row_html(play.cards, lang, states, {"data-played-by": str(seat)})
        name = seat_plain_name(seat, lang) if plain else seat_name(seat, lang)
        slots.append(
            Markup(
                '<div class="sk-slot sk-slot-{area}" data-slot="{seat}">{row}'
                '<div class="sk-slot-name">{name}{lead}</div></div>'
            ).format(area=_SLOTS[seat], seat=seat, row=row, name=name, lead=lead)
        )
    state = " sk-trick-done" if done else ""
    return Markup('<div class="sk-trick{state}" data-role="{role}">{slots}</div>').format(
        state=state, role=role, slots=Markup("").join(slots)
    )


def trick_html(plays: Sequence[PlayedCards], winner: int | None = None, lang: str = "en") -> Markup:
    """A trick for a notebook cell (no widget CSS needed): one line per play, in play order."""
    rows: list[Markup] = []
    for play in plays:
        star = ""
        if play.seat == winner:
            star = Markup('<svg width="20" height="20" viewBox="76 5 20 20" aria-hidden="true">{star}</svg>').format(
                star=pip_star(86, 15)
            )
        rows.append(
            Markup(
                '<div style="display:flex;align-items:center;gap:8px;margin:2px 0">'
                '<span style="min-width:7em">{name}</span>{cards}{star}</div>'
            ).format(name=seat_name(play.seat, lang), cards=cards_svg(play.cards, height=60, lang=lang), star=star)
        )
    return Markup('<div class="sk-trick-list" data-role="trick">{rows}</div>').format(
        rows=Markup("").join(rows)
    )
