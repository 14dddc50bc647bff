"""A live shared table drawn for the teacher: every hand on the dashboard, the public table on the projector.

``watch_html`` draws the teacher's watch reply (``TableClient.watch``): the trick, the score, whose turn,
and all four hands, with the kit's card rendering (``practice.html.parts.labelled_row``, each row named by
its seat). ``TableProjection`` is a ``Projection`` for the projector; it keeps only the public part of the
reply (``public_table``), so no hand can reach the projector whatever the reply holds.

DOM hooks: ``data-role="table-watch"`` with ``data-table``; each hand ``data-role="hand"`` ``data-hand``
(the seat); ``data-role="table-public"`` (the projected table) with ``data-table``; inside both the trick
``data-role="live-trick"``, ``data-role="live-points"`` and ``data-role="live-turn"`` with ``data-seat``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...classroom.store_protocol import Poll
from ...engine.cards import parse_card
from ...practice.html.parts import labelled_row
from ...render.table_data import PlayedCards
from ...render.tricks import trick_centre_html
from ...words.catalogue import text
from .projector import PollQuestion

PUBLIC_KEYS = ("table", "name", "rules", "tier", "hints", "paused", "started", "phase", "to_act", "tricks_played",
               "match", "version")
"""What of a table anyone in the room may see (the list's summary fields, no seats' secrets)."""


def public_table(reply: Mapping[str, Any]) -> dict[str, Any]:
    """The public part of a watch reply: the summary, the trick on the table and the attackers' points."""
    views = reply.get("views") or []
    first = views[0] if views and isinstance(views[0], Mapping) else {}
    found = {key: reply.get(key) for key in PUBLIC_KEYS}
    found["trick"] = [list(entry) for entry in first.get("trick") or []]
    found["attackers_points"] = int(first.get("attackers_points") or 0)
    return found


def _plays(trick: Any) -> tuple[PlayedCards, ...]:
    return tuple(PlayedCards(int(seat), tuple(parse_card(code) for code in codes)) for seat, codes in trick or [])


def _state_html(table: Mapping[str, Any], lang: str) -> Markup:
    """The trick, the attackers' points and whose turn."""
    to_act = table.get("to_act")
    turn = (Markup('<p data-role="live-turn" data-seat="{seat}">{t}</p>').format(
        seat=to_act, t=text("tdesk_turn", lang, seat=int(to_act)))
        if isinstance(to_act, int) and table.get("started") else
        Markup('<p data-role="live-turn" data-seat="">{t}</p>').format(t=text("tdesk_no_turn", lang)))
    plays = _plays(table.get("trick"))
    return Markup(
        '<div class="sk-table-live-state"><p data-role="live-points">{points}</p>{turn}</div>'
        '<div class="sk-trainer-felt" data-role="live-trick" aria-label="{label}">{trick}</div>'
    ).format(points=text("tdesk_points", lang, points=int(table.get("attackers_points") or 0)), turn=turn,
             label=text("tdesk_trick_now", lang),
             trick=trick_centre_html(plays, None, lang, done=len(plays) == 4, plain=True))


def watch_html(reply: Mapping[str, Any], lang: str) -> Markup:
    """The teacher's view of one table: its state and all four hands (the dashboard is teacher-gated)."""
    hands = reply.get("hands") or []
    if hands:
        body = Markup("").join(
            labelled_row(text("tables_seat_name", lang, seat=seat), [parse_card(code) for code in codes], lang, "hand",
                         Markup(' data-hand="{seat}"').format(seat=seat))
            for seat, codes in enumerate(hands))
    else:
        body = Markup('<p data-role="watch-no-deal">{t}</p>').format(t=text("tdesk_no_deal", lang))
    return Markup(
        '<section class="sk-table-watch" data-role="table-watch" data-table="{id}" aria-live="polite">'
        '<h4>{title}</h4><p class="sk-legend">{private}</p>{state}<div class="sk-table-hands">{hands}</div>'
        '</section>'
    ).format(id=reply.get("table", ""), title=text("tdesk_watch_title", lang, name=reply.get("name", "")),
             private=text("tdesk_watch_private", lang), state=_state_html(public_table(reply), lang), hands=body)


class TableProjection:
    """A live shared table on the projector: the trick, the score, whose turn; never a hand."""

    def __init__(self, table_id: str, reply: Mapping[str, Any]) -> None:
        self.table_id = table_id
        self.key = f"table:{table_id}"
        self.table = public_table(reply)

    def update(self, reply: Mapping[str, Any]) -> bool:
        """Take a newer watch reply (only its public part); True when what is shown changed."""
        fresh = public_table(reply)
        changed, self.table = fresh != self.table, fresh
        return changed

    def title(self, lang: str) -> str:
        return str(self.table.get("name") or "")

    def question(self) -> PollQuestion | None:
        return None

    def handle(self, action: str) -> None:
        """A live table has no steps."""

    def render(self, lang: str, poll: Poll | None) -> Markup:
        return Markup(
            '<div data-role="table-public" data-table="{id}"><p class="sk-projector-title">{title}</p>'
            '<div class="sk-projector-board">{state}</div></div>'
        ).format(id=self.table_id, title=self.title(lang), state=_state_html(self.table, lang))
