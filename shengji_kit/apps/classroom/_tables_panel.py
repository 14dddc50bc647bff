"""The dashboard's list of the class's shared tables: who sits where, the round's progress, the match.

DOM hooks: the section ``data-role="class-tables"``; one row per table ``data-table`` (its id) with
``data-phase``, ``data-paused``; each seat ``data-seat`` with ``data-learner`` or ``data-bot``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ...classroom.tables.client import TableClient, TableUnreachable, local_server_url
from ...words.catalogue import text

TablesSource = Callable[[], list[dict[str, Any]]]


def local_tables() -> TablesSource | None:
    """The class server's tables as a kernel on its machine reads them (None when not on ``serve --classroom``)."""
    url = local_server_url()
    if url is None:
        return None
    client = TableClient(url, timeout=2.0)
    return client.tables


def read_tables(source: TablesSource | None) -> tuple[list[dict[str, Any]], bool]:
    """The tables now, and whether the server answered (an unreachable server shows as such, not as none)."""
    if source is None:
        return [], True
    try:
        return source(), True
    except TableUnreachable:
        return [], False


def _seat_html(seat: Mapping[str, Any], lang: str) -> Markup:
    """One seat: its learner; "bot playing for Cy" while a bot covers a learner whose page is gone; "kept for
    Ann" while a seat the teacher named waits for its learner; or the bot that plays it."""
    place = text("tables_seat_name", lang, seat=int(seat["seat"]))
    learner = seat.get("learner")
    if learner and seat.get("away"):
        return Markup('<li data-seat="{n}" data-learner="{name}" data-away="1">{place}: {who}</li>').format(
            n=seat["seat"], name=learner, place=place, who=text("tables_away_seat", lang, name=learner))
    if learner and seat.get("claimed") is False:
        return Markup('<li data-seat="{n}" data-learner="{name}" data-claimed="0">{place}: {who}</li>').format(
            n=seat["seat"], name=learner, place=place, who=text("tables_named_seat", lang, name=learner))
    if learner:
        return Markup('<li data-seat="{n}" data-learner="{name}">{place}: {name}</li>').format(
            n=seat["seat"], name=learner, place=place)
    tier = str(seat.get("bot") or "steady")
    return Markup('<li data-seat="{n}" data-bot="{tier}">{place}: {bot}</li>').format(
        n=seat["seat"], tier=tier, place=place, bot=text("tables_bot_seat", lang, tier=text(f"tier_{tier}", lang)))


def tables_html(tables: Sequence[Mapping[str, Any]], reachable: bool, lang: str) -> Markup:
    """The section listing every open table (or why there is none to show)."""
    if not reachable:
        body = Markup('<p class="sk-message" data-kind="error" data-role="tables-unreachable">{t}</p>').format(
            t=text("tables_lost_connection", lang))
    elif not tables:
        body = Markup('<p data-role="tables-empty">{t}</p>').format(t=text("tables_none_open", lang))
    else:
        rows = []
        for table in tables:
            match = table.get("match") or {}
            levels = match.get("levels") or ["2", "2"]
            if table.get("paused"):
                state = text("tables_paused_mark", lang)
            elif table.get("started") is False:
                state = text("tables_waiting_mark", lang)
            else:
                state = text("tables_progress", lang, round=match.get("round_number", 1),
                             tricks=table.get("tricks_played", 0))
            rows.append(Markup(
                '<li data-table="{id}" data-phase="{phase}" data-paused="{paused}"><strong>{name}</strong> '
                '<span>{state}</span> <span>{levels}</span><ul class="sk-table-seats">{seats}</ul></li>'
            ).format(id=table["table"], phase=table.get("phase", ""), paused="1" if table.get("paused") else "0",
                     name=table.get("name", ""), state=state,
                     levels=text("tables_levels", lang, ours=levels[0], theirs=levels[1]),
                     seats=Markup("").join(_seat_html(seat, lang) for seat in table.get("seats") or [])))
        body = Markup('<ul data-role="tables-list">{rows}</ul>').format(rows=Markup("").join(rows))
    return Markup('<section data-role="class-tables"><h3>{title}</h3>{body}</section>').format(
        title=text("tables_dash_title", lang), body=body)
