"""Finished tricks and round records (JSON v1 dicts) as HTML for a notebook cell.

``RecordView(record)`` shows a record in any notebook (``_repr_html_``); ``trick_record_html``
draws one finished ``game.Trick``, including a failed throw and who stopped it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..engine.cards import parse_cards
from ..engine.catalogue import text
from ..engine.explain import seat_name
from ..engine.scoring import Outcome
from ..engine.trump import Trump
from ..game.trickplay import Trick
from .cards import cards_svg
from .scene import PlayedCards
from .tricks import trick_html

_CELL = "padding:2px 10px;text-align:left;vertical-align:middle"


def trick_record_html(trick: Trick, lang: str = "en") -> str:
    """One finished trick: plays in order, the winner starred, a failed throw noted."""
    plays = tuple(PlayedCards(trick.seat_of(i), play) for i, play in enumerate(trick.plays))
    head = text("ui_record_trick", lang, number=trick.number, points=trick.points)
    attempt = ""
    if trick.attempt is not None:
        attempt = (
            f'<div data-role="failed-throw">{escape(text("ui_record_attempt", lang, seat=trick.blocker))} '
            f"{cards_svg(trick.attempt, height=40, lang=lang)}</div>"
        )
    return (
        f'<div class="sk-trick-record" data-trick="{trick.number}"><b>{escape(head)}</b>'
        f"{attempt}{trick_html(plays, trick.winner, lang)}</div>"
    )


def _row(label: str, value: str) -> str:
    return f'<tr><th style="{_CELL}">{escape(label)}</th><td style="{_CELL}">{value}</td></tr>'


def _tricks(tricks: Sequence[Mapping[str, Any]], lang: str) -> str:
    rows = []
    for number, trick in enumerate(tricks, start=1):
        leader = int(trick["leader"])
        cells = "".join(
            f'<td style="{_CELL}">{cards_svg(parse_cards(play), height=36, lang=lang)}</td>'
            for play in trick["plays"]
        )
        rows.append(
            f'<tr data-trick="{number}"><td style="{_CELL}">{number}</td>'
            f'<td style="{_CELL}">{escape(seat_name(leader, lang))}</td>{cells}'
            f'<td style="{_CELL}">{escape(seat_name(int(trick["winner"]), lang))}</td>'
            f'<td style="{_CELL}">{int(trick["points"])}</td></tr>'
        )
    head = "".join(
        f'<th style="{_CELL}"{" colspan=4" if code == "ui_record_plays" else ""}>{escape(text(code, lang))}</th>'
        for code in ("ui_record_number", "ui_record_leader", "ui_record_plays", "ui_record_winner",
                     "ui_record_points")
    )
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def record_html(record: Mapping[str, Any], lang: str = "en") -> str:
    """A round record: trump, dealer, the four hands at the first lead, the kitty, every trick, the score."""
    trump = Trump(record["level"], record["trump"])
    outcome = Outcome(**record["outcome"])
    hands = "".join(
        _row(seat_name(seat, lang), cards_svg(trump.sorted(parse_cards(hand)), height=48, lang=lang))
        for seat, hand in enumerate(record["hands"])
    )
    points, multiplier = int(record["kitty_points"]), int(record["kitty_multiplier"])
    if multiplier:
        kitty = text("ui_kitty_scored", lang, points=points, multiplier=multiplier, total=points * multiplier)
    else:
        kitty = text("ui_kitty_kept", lang, points=points)
    summary = "".join((
        _row(text("ui_trump", lang), escape(trump.describe(lang))),
        _row(text("ui_dealer", lang), escape(seat_name(int(record["dealer"]), lang))),
        hands,
        _row(text("ui_kitty", lang), cards_svg(parse_cards(record["buried"]), height=48, lang=lang)),
        _row(text("ui_trick_points", lang), str(record["attackers_points"])),
        _row(text("ui_kitty_points", lang), escape(kitty)),
        _row(text("ui_attackers_total", lang), str(record["total"])),
        _row(text("ui_outcome", lang), escape(outcome.describe(lang))),
        _row(text("ui_next_dealer", lang), escape(seat_name(int(record["next_dealer"]), lang))),
    ))
    return (
        f'<div class="sk-record" data-role="record"><table>{summary}</table>'
        f'{_tricks(record["tricks"], lang)}</div>'
    )


class RecordView:
    """Shows a round record in a notebook: ``RecordView(rnd.record())`` or ``RecordView(load(path))``."""

    def __init__(self, record: Mapping[str, Any], lang: str = "en") -> None:
        self.record = record
        self.lang = lang

    def _repr_html_(self) -> str:
        return record_html(self.record, self.lang)
