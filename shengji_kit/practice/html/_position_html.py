"""The puzzle's position: the trick on the felt, the hands that are not being answered with, the kitty.

During an endgame's "show me" it draws the trick of the current step (its winner starred) and
every hand as it is after that trick.
"""

from __future__ import annotations

from markupsafe import Markup

from ...render.hands import card_row_html
from ...render.table_data import PlayedCards
from ...render.tricks import trick_centre_html
from ...words.catalogue import seat_plain_name, text
from ..draft import draft_seat
from ..visit import Visit
from .parts import labelled_row, seat_hand

TRICK_WINNER = "trick_winner"


def _felt(inner: Markup) -> Markup:
    return Markup('<div class="sk-trainer-felt">{inner}</div>').format(inner=inner)


def _facts(visit: Visit, lang: str) -> Markup:
    table = visit.puzzle.table
    parts: list[Markup] = []
    if table.dealer is not None:
        parts.append(
            Markup('<span class="sk-trainer-fact" data-role="dealer"><b>{label}</b> {name}</span>').format(
                label=text("ui_dealer", lang), name=seat_plain_name(table.dealer, lang)
            )
        )
    if table.points is not None and visit.puzzle.kind != "count":
        parts.append(
            Markup('<span class="sk-trainer-fact" data-role="points">{text}</span>').format(
                text=text("trainer_points_so_far", lang, points=table.points)
            )
        )
    facts = Markup()
    if parts:
        facts = Markup('<div class="sk-trainer-facts">{parts}</div>').format(parts=Markup("").join(parts))
    kitty = Markup()
    if table.kitty:
        kitty = labelled_row(text("trainer_kitty", lang), table.kitty, lang, "kitty")
    return facts + kitty


def _stage(visit: Visit, lang: str) -> Markup:
    """The endgame after the trick that "show me" has reached."""
    show = visit.show
    assert show is not None and show.trick is not None
    trick = show.trick
    plays = tuple(PlayedCards(seat, play) for seat, play in zip(trick.seats, trick.plays, strict=True))
    centre = _felt(trick_centre_html(plays, trick.winner, lang, done=True, role="showme-trick", plain=True))
    hands = Markup("").join(seat_hand(seat, cards, lang) for seat, cards in sorted(show.hands().items()) if cards)
    return centre + Markup('<div class="sk-trainer-hands">{hands}</div>').format(hands=hands) + _facts(visit, lang)


def position_html(visit: Visit, lang: str) -> Markup:
    """Everything on the table that is not an answer control (the cards a question shows first)."""
    if visit.show is not None and visit.show.trick is not None:
        return Markup('<div class="sk-trainer-position" data-role="position">{stage}</div>').format(
            stage=_stage(visit, lang)
        )
    puzzle = visit.puzzle
    table, shown = puzzle.table, puzzle.question.shown()
    parts = [card_row_html(shown, lang, attrs={"data-role": "shown"}, classes=["sk-shown"])] if shown else []
    if table.trick and puzzle.kind != TRICK_WINNER:
        plays = tuple(PlayedCards(seat, cards) for seat, cards in table.trick)
        parts.append(_felt(trick_centre_html(plays, None, lang, done=len(plays) == 4, plain=True)))
    answering = draft_seat(puzzle)
    hands = [seat_hand(seat, cards, lang) for seat, cards in sorted(table.hands.items())
             if seat != answering and not shown]
    if hands:
        parts.append(Markup('<div class="sk-trainer-hands">{hands}</div>').format(hands=Markup("").join(hands)))
    parts.append(_facts(visit, lang))
    return Markup('<div class="sk-trainer-position" data-role="position">{parts}</div>').format(
        parts=Markup("").join(parts)
    )
