"""Finished tricks and round records (JSON v1 dicts) as HTML for a notebook cell.

``RecordView(record)`` shows a record in any notebook (``_repr_html_``); ``trick_record_html``
draws one finished ``game.Trick``, including a failed throw and who stopped it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ..engine.cards import parse_cards
from ..engine.explain import seat_name
from ..engine.scoring import Outcome
from ..engine.trump import Trump
from ..game.trickplay import Trick
from ..words.catalogue import text
from .cards import cards_svg
from .table_data import PlayedCards
from .tricks import trick_html

_CELL = "padding:2px 10px;text-align:left;vertical-align:middle"


def trick_record_html(trick: Trick, lang: str = "en") -> Markup:
    """One finished trick: plays in order, the winner starred, a failed throw noted."""
    plays = tuple(PlayedCards(trick.seat_of(i), play) for i, play in enumerate(trick.plays))
    head = text("ui_record_trick", lang, number=trick.number, points=trick.points)
    attempt = Markup()
    if trick.attempt is not None:
        attempt = Markup('<div data-role="failed-throw">{label} {cards}</div>').format(
            label=text("ui_record_attempt", lang, seat=trick.blocker),
            cards=cards_svg(trick.attempt, height=40, lang=lang),
        )
    return Markup(
        '<div class="sk-trick-record" data-trick="{number}"><b>{head}</b>{attempt}{plays}</div>'
    ).format(number=trick.number, head=head, attempt=attempt, plays=trick_html(plays, trick.winner, lang))


def _row(label: str, value: str | int) -> Markup:
    """A labelled line; ``value`` is text (escaped) or ``Markup`` (cards)."""
    return Markup('<tr><th style="{style}">{label}</th><td style="{style}">{value}</td></tr>').format(
        style=_CELL, label=label, value=value
    )


def _tricks(tricks: Sequence[Mapping[str, Any]], lang: str) -> Markup:
    rows: list[Markup] = []
    for number, trick in enumerate(tricks, start=1):
        leader = int(trick["leader"])
        cells = Markup("").join(
            Markup('<td style="{style}">{cards}</td>').format(
                style=_CELL, cards=cards_svg(parse_cards(play), height=36, lang=lang)
            )
            for play in trick["plays"]
        )
        rows.append(
            Markup(
                '<tr data-trick="{number}"><td style="{style}">{number}</td>'
                '<td style="{style}">{leader}</td>{cells}'
                '<td style="{style}">{winner}</td>'
                '<td style="{style}">{points}</td></tr>'
            ).format(
                number=number,
                style=_CELL,
                leader=seat_name(leader, lang),
                cells=cells,
                winner=seat_name(int(trick["winner"]), lang),
                points=int(trick["points"]),
            )
        )
    head = Markup("").join(
        Markup('<th style="{style}"{span}>{label}</th>').format(
            style=_CELL, span=Markup(" colspan=4") if code == "ui_record_plays" else "", label=text(code, lang)
        )
        for code in ("ui_record_number", "ui_record_leader", "ui_record_plays", "ui_record_winner",
                     "ui_record_points")
    )
    return Markup("<table><tr>{head}</tr>{rows}</table>").format(head=head, rows=Markup("").join(rows))


def record_html(record: Mapping[str, Any], lang: str = "en") -> Markup:
    """A round record: trump, dealer, the four hands at the first lead, the kitty, every trick, the score."""
    trump = Trump(record["level"], record["trump"])
    outcome = Outcome(**record["outcome"])
    hands = Markup("").join(
        _row(seat_name(seat, lang), cards_svg(trump.sorted(parse_cards(hand)), height=48, lang=lang))
        for seat, hand in enumerate(record["hands"])
    )
    points, multiplier = int(record["kitty_points"]), int(record["kitty_multiplier"])
    if multiplier:
        kitty = text("ui_kitty_scored", lang, points=points, multiplier=multiplier, total=points * multiplier)
    else:
        kitty = text("ui_kitty_kept", lang, points=points)
    summary = Markup("").join((
        _row(text("ui_trump", lang), trump.describe(lang)),
        _row(text("ui_dealer", lang), seat_name(int(record["dealer"]), lang)),
        hands,
        _row(text("ui_kitty", lang), cards_svg(parse_cards(record["buried"]), height=48, lang=lang)),
        _row(text("ui_trick_points", lang), str(record["attackers_points"])),
        _row(text("ui_kitty_points", lang), kitty),
        *([_row(text("hthrow_ui_penalty_points", lang), f"{int(record['penalty_points']):+d}")]
          if record.get("penalty_points") else []),
        _row(text("ui_attackers_total", lang), str(record["total"])),
        _row(text("ui_outcome", lang), outcome.describe(lang)),
        _row(text("ui_next_dealer", lang), seat_name(int(record["next_dealer"]), lang)),
    ))
    return Markup('<div class="sk-record" data-role="record"><table>{summary}</table>{tricks}</div>').format(
        summary=summary, tricks=_tricks(record["tricks"], lang)
    )


class RecordView:
    """Shows a round record in a notebook: ``RecordView(rnd.record())`` or ``RecordView(load(path))``."""

    def __init__(self, record: Mapping[str, Any], lang: str = "en") -> None:
        self.record = record
        self.lang = lang

    def _repr_html_(self) -> str:
        return record_html(self.record, self.lang)
