"""The dashboard's list of the class's shared tables: who sits where, the round's progress, the match.

DOM hooks: the section ``data-role="class-tables"``; one row per table ``data-table`` (its id) with
``data-phase``, ``data-paused``; each seat ``data-seat`` with ``data-learner`` or ``data-bot``; when
the class store lags behind the tables, a notice ``data-role="tables-store-behind"`` with
``data-behind`` (the saves waiting) above the list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from markupsafe import Markup

from ...classroom.tables.client import TableClient, TableUnreachable, local_server_url
from ...words.catalogue import text

TIMEOUT_SECONDS = 5.0
TablesSource = Callable[[], list[dict[str, Any]] | dict[str, Any]]
"""The tables (a list), or the server's whole list reply (``{"tables": …, "store": …}``)."""


class TablesNow(NamedTuple):
    """What the panel shows: the tables, whether the server answered, and how far the class store lags (or None)."""

    tables: list[dict[str, Any]]
    reachable: bool
    store: dict[str, Any] | None = None


def local_client(teacher_code: str | None = None) -> TableClient | None:
    """A client of the class server as a kernel on its machine reaches it, with the teacher's code (None: the
    kernel's ``$SHENGJI_KIT_TEACHER_CODE``); None when not on ``serve --classroom``."""
    url = local_server_url()
    if url is None:
        return None
    return TableClient(url, teacher_code=teacher_code or None, timeout=TIMEOUT_SECONDS)


def read_tables(source: TablesSource | None) -> TablesNow:
    """The tables now, and whether the server answered (an unreachable server shows as such, not as none)."""
    if source is None:
        return TablesNow([], True)
    try:
        found = source()
    except TableUnreachable:
        return TablesNow([], False)
    if isinstance(found, dict):
        store = found.get("store")
        return TablesNow(list(found.get("tables") or []), True, dict(store) if isinstance(store, dict) else None)
    return TablesNow(list(found), True)


def store_notice(store: Mapping[str, Any] | None, lang: str) -> Markup:
    """The notice that the class store lags behind the tables (play goes on; the saves wait on disk), or nothing."""
    trouble = (store or {}).get("trouble")
    if not isinstance(trouble, Mapping) or not trouble.get(lang, trouble.get("en")):
        return Markup("")
    kind = "error" if trouble.get("kind") == "error" else "info"
    return Markup('<p class="sk-message" data-kind="{kind}" data-role="tables-store-behind" data-behind="{n}">'
                  '{t}</p>').format(kind=kind, n=int((store or {}).get("behind") or 0),
                                    t=trouble.get(lang, trouble.get("en")))


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


def tables_html(tables: Sequence[Mapping[str, Any]], reachable: bool, lang: str,
                store: Mapping[str, Any] | None = None, *, head: Markup | None = None,
                controls: Callable[[Mapping[str, Any]], Markup] | None = None) -> Markup:
    """The section listing every open table (or why there is none to show), under the store's notice if it lags;
    ``head`` (the teacher's form and result line) goes above the list, ``controls`` draws a row's buttons."""
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
                '<span data-role="table-state">{state}</span> <span>{levels}</span>'
                '<ul class="sk-table-seats">{seats}</ul>{controls}</li>'
            ).format(id=table["table"], phase=table.get("phase", ""), paused="1" if table.get("paused") else "0",
                     controls=Markup("") if controls is None else controls(table),
                     name=table.get("name", ""), state=state,
                     levels=text("tables_levels", lang, ours=levels[0], theirs=levels[1]),
                     seats=Markup("").join(_seat_html(seat, lang) for seat in table.get("seats") or [])))
        body = Markup('<ul data-role="tables-list">{rows}</ul>').format(rows=Markup("").join(rows))
    if reachable:
        body = store_notice(store, lang) + body
    body = (head or Markup("")) + body
    return Markup('<section data-role="class-tables"><h3>{title}</h3>{body}</section>').format(
        title=text("tables_dash_title", lang), body=body)
