"""The teacher's controls for the class's shared tables on the dashboard: open, start, pause, hints, seats, deal the
next round, close, watch.

``TablesDesk`` holds the form's choices (kept in Python: each ``<select data-pick>`` sends its value), the
table waiting for the close confirmation, the table watched, and the last result line; every control
calls the class server through a ``TableClient`` that carries the dashboard's teacher code. A refusal
(``TableRefused``) or a server that does not answer (``TableUnreachable``) becomes a line in the
teacher's language; nothing is raised to the page.

Actions (``{"type": "action", "action": a, "value": v}``): ``table-form-rules``, ``table-form-tier``,
``table-form-hints``, ``table-form-seating``, ``table-form-seat-N`` (picks), ``table-open`` (the name
comes in the message's ``fields``, ``table-name``), and with ``v`` a table id: ``table-start``,
``table-pause``, ``table-resume``, ``table-hints-on``, ``table-hints-off``, ``table-close`` (asks),
``table-close-yes``, ``table-close-no``, ``table-watch``, ``table-unwatch``, ``table-project``,
``table-deal-next`` (once a round is over), ``table-takeover-on``, ``table-takeover-off`` (may a learner take a
bot's seat mid-round), ``table-grace`` (the seconds before a bot plays for a silent page, from the message's
``fields``, ``table-grace-<id>``; a value that is not a number in range is refused here, in the teacher's language).

A row shows the controls that make sense for the table as it stands: a paused table "Resume" only (a paused table
that never started is resumed first, then started), a waiting one "Start" and "Pause", a finished round "Deal the
next round" (not while paused, nor once the match is over).

DOM hooks: ``data-role="table-form"``; ``data-role="table-desk-note"`` with ``data-kind``; per row
``data-role="table-controls"``, the seat settings ``data-role="table-seating"`` (the state
``data-role="table-takeover"`` with ``data-takeover``, the field ``data-role="table-grace"``); the confirmation
``data-role="table-close-ask"``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ...classroom.class_list import ClassListError, learner_pins
from ...classroom.tables.client import TableClient, TableRefused, TableUnreachable
from ...classroom.tables.table_state import MAX_GRACE, MIN_GRACE
from ...engine.rules import PRESET_NAMES
from ...game.round import DONE
from ...words.catalogue import text
from ._table_watch import TableProjection, watch_html

log = logging.getLogger(__name__)
TIERS = ("gentle", "steady", "strong")
SEATS = (0, 1, 2, 3)
FIRST_COME, NAMED = "first", "named"
Note = tuple[str, str, dict[str, Any]]
"""A result line: its kind (info, error), its catalogue code and params (``reason``: the server's texts)."""


def class_learners(seen: Iterable[str] = ()) -> list[str]:
    """The learners the teacher may name for a seat: the class list's (when it can be read) and the learners
    the class store has heard from."""
    names = {name for name in seen if name}
    try:
        names.update(member.name for member in learner_pins().values() if not member.teacher)
    except (ClassListError, OSError) as error:
        log.warning("the class list cannot be read for the tables' seats: %s", error)
    return sorted(names, key=str.casefold)


class TablesDesk:
    """The form, the confirmation, the watched table and the last result, for one dashboard."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.form: dict[str, str] = {"rules": PRESET_NAMES[0], "tier": "steady", "hints": "on",
                                     "seating": FIRST_COME, **{f"seat-{seat}": "" for seat in SEATS}}
        self.name = ""
        self.closing: str | None = None
        self.watching: str | None = None
        self.watched: dict[str, Any] | None = None
        self.note: Note | None = None
        self.opened = 0
        self.lang = "en"
        """The language the dashboard was last drawn in (a table opened without a name is named in it)."""

    # --- what the teacher does ----------------------------------------------------------------

    def handle(self, action: str, value: str, fields: Mapping[str, Any], names: Mapping[str, str],
               project: Callable[[TableProjection], None]) -> None:
        """One control; ``names`` are the open tables' names by id (for the result line)."""
        if action.startswith("table-form-"):
            key = action.removeprefix("table-form-")
            if key in self.form:
                self.form[key] = value[:64]
            return
        self.note = None
        name = names.get(value, value)
        if action == "table-open":
            self.name = str(fields.get("table-name") or "").strip()
            self._open()
        elif action == "table-start":
            self._call(lambda: self.client.start(value), "tdesk_started", name)
        elif action in ("table-pause", "table-resume"):
            paused = action == "table-pause"
            self._call(lambda: self.client.set_paused(value, paused), "tdesk_paused" if paused else "tdesk_resumed",
                       name)
        elif action in ("table-hints-on", "table-hints-off"):
            allowed = action == "table-hints-on"
            self._call(lambda: self.client.set_hints(value, allowed),
                       "tdesk_hints_allowed" if allowed else "tdesk_hints_stopped", name)
        elif action == "table-deal-next":
            self._call(lambda: self.client.deal_next(value), "tdesk_dealt", name)
        elif action in ("table-takeover-on", "table-takeover-off"):
            takeover = action == "table-takeover-on"
            self._call(lambda: self.client.set_seating(value, takeover=takeover),
                       "tdesk_takeover_allowed" if takeover else "tdesk_takeover_stopped", name)
        elif action == "table-grace":
            given = str(fields.get(f"table-grace-{value}") or "").strip()[:24]
            seconds = grace_given(given)
            if seconds is None:
                self.note = ("error", "tables_bad_grace", {"given": given or "—", "low": MIN_GRACE,
                                                           "high": int(MAX_GRACE)})
            else:
                self._call(lambda: self.client.set_seating(value, grace=seconds), "tdesk_grace_set", name,
                           seconds=f"{seconds:g}")
        elif action == "table-close":
            self.closing = value
        elif action == "table-close-no":
            self.closing = None
        elif action == "table-close-yes" and self.closing == value:
            self.closing = None
            if self._call(lambda: self.client.close_table(value), "tdesk_closed", name) and self.watching == value:
                self.watching = self.watched = None
        elif action == "table-watch":
            self.watching = value
            self.watched = None
            self.refresh_watch()
        elif action == "table-unwatch":
            self.watching = self.watched = None
        elif action == "table-project":
            reply = self._read(value)
            if reply is not None:
                project(TableProjection(value, reply))
                self.note = ("info", "tdesk_projected", {"name": name})

    def refresh_watch(self) -> bool:
        """Read the watched table again; True when what is shown changed."""
        if self.watching is None:
            return False
        old = self.watched
        try:
            self.watched = dict(self.client.watch(self.watching))
        except TableUnreachable as error:
            if old is None:
                self.note = _failure(error)
            return False  # a moment without the server: the last view stays, the list says the connection is lost
        except TableRefused as error:
            self.note = _failure(error)  # closed or gone: the result line says why
            self.watching = self.watched = None
        if self.watched is not None and self.watched.get("closed"):
            self.note = ("info", "tdesk_gone", {})  # closed from elsewhere (another dashboard, a script)
            self.watching = self.watched = None
        return self.watched != old

    def read(self, table_id: str) -> dict[str, Any] | None:
        """The teacher's whole view of a table (None when it cannot be read now)."""
        return self._read(table_id, quiet=True)

    def _open(self) -> None:
        form = self.form
        named = form["seating"] == NAMED
        learners: list[str | None] = [form[f"seat-{seat}"] or None for seat in SEATS] if named else []
        name = self.name or text("tdesk_default_name", self.lang, number=self.opened + 1)
        try:
            self.client.open_table(name, rules=form["rules"], tier=form["tier"], hints=form["hints"] == "on",
                                   learners=learners or None)
        except (TableRefused, TableUnreachable) as error:
            self.note = _failure(error)
            return
        self.opened += 1
        self.name = ""
        self.note = ("info", "tdesk_opened", {"name": name})

    def _call(self, work: Callable[[], None], done: str, name: str, **params: Any) -> bool:
        try:
            work()
        except (TableRefused, TableUnreachable) as error:
            self.note = _failure(error)
            return False
        self.note = ("info", done, {"name": name, **params})
        return True

    def _read(self, table_id: str, quiet: bool = False) -> dict[str, Any] | None:
        try:
            return dict(self.client.watch(table_id))
        except (TableRefused, TableUnreachable) as error:
            if not quiet or isinstance(error, TableRefused):
                self.note = _failure(error)
            return None

    # --- drawing ------------------------------------------------------------------------------

    def form_html(self, lang: str, learners: Sequence[str]) -> Markup:
        """The small form that opens a table."""
        form, self.lang = self.form, lang

        def pick(key: str, label: str, options: Sequence[tuple[str, str]]) -> Markup:
            return Markup('<label>{label} <select data-pick="table-form-{key}" name="table-form-{key}">{options}'
                          '</select></label>').format(label=label, key=key, options=_options(options, form[key]))

        seats = Markup("")
        if form["seating"] == NAMED:
            choices = [("", text("tdesk_seat_anyone", lang)), *((name, name) for name in learners)]
            seats = Markup('<div class="sk-dash-row" data-role="table-form-seats">{pickers}</div>').format(
                pickers=Markup("").join(pick(f"seat-{seat}", text("tables_seat_name", lang, seat=seat), choices)
                                        for seat in SEATS))
            if not learners:
                seats += Markup('<p class="sk-legend" data-role="table-form-nobody">{t}</p>').format(
                    t=text("tdesk_no_learners", lang))
        return Markup(
            '<fieldset class="sk-table-form" data-role="table-form"><legend>{title}</legend>'
            '<div class="sk-dash-row"><label>{name_label} <input type="text" name="table-name" maxlength="40" '
            'value="{name}" placeholder="{placeholder}" data-submit="table-open"></label>'
            '{rules}{tier}{hints}{seating}</div>{seats}'
            '<div class="sk-dash-row"><button type="button" class="sk-button sk-primary" data-action="table-open">'
            '{open}</button></div></fieldset>'
        ).format(
            title=text("tdesk_open_title", lang), name_label=text("tdesk_name", lang), name=self.name,
            placeholder=text("tdesk_default_name", lang, number=self.opened + 1),
            rules=pick("rules", text("tdesk_rules", lang),
                       [(preset, text(f"term_rules_{preset}", lang)) for preset in PRESET_NAMES]),
            tier=pick("tier", text("tdesk_tier", lang), [(tier, text(f"tier_{tier}", lang)) for tier in TIERS]),
            hints=pick("hints", text("tdesk_hints", lang),
                       [("on", text("tdesk_hints_on", lang)), ("off", text("tdesk_hints_off", lang))]),
            seating=pick("seating", text("tdesk_seating", lang),
                         [(FIRST_COME, text("tdesk_first_come", lang)), (NAMED, text("tdesk_named", lang))]),
            seats=seats, open=text("tdesk_open", lang),
        )

    def note_html(self, lang: str) -> Markup:
        if self.note is None:
            return Markup("")
        kind, code, params = self.note
        if "reason" in params:
            reason = params["reason"]
            params = {**params, "reason": reason.get(lang) or reason.get("en") or ""}
        return Markup('<p class="sk-message" data-kind="{kind}" data-role="table-desk-note" role="status">{t}</p>'
                      ).format(kind=kind, t=text(code, lang, **params))

    def row_html(self, table: Mapping[str, Any], lang: str, projected: bool) -> Markup:
        """One table's buttons (or the close confirmation), its hints state, and its watch view when watched."""
        table_id, name = str(table["table"]), str(table.get("name", ""))

        def button(action: str, code: str, primary: bool = False, pressed: bool | None = None) -> Markup:
            return Markup('<button type="button" class="sk-button{primary}" data-action="{action}" data-value="{id}"'
                          '{pressed}>{label}</button>').format(
                primary=" sk-primary" if primary else "", action=action, id=table_id, label=text(code, lang),
                pressed=Markup("") if pressed is None else Markup(' aria-pressed="{p}"').format(
                    p="true" if pressed else "false"))

        hints, takeover = bool(table.get("hints", True)), bool(table.get("takeover", False))
        state = Markup('<span class="sk-legend" data-role="table-hints" data-hints="{on}">{t}</span> '
                       '<span class="sk-legend" data-role="table-takeover" data-takeover="{take}">{taking}</span>'
                       ).format(on="1" if hints else "0",
                                t=text("tdesk_hints_state_on" if hints else "tdesk_hints_state_off", lang),
                                take="1" if takeover else "0",
                                taking=text("tdesk_takeover_state_on" if takeover else "tdesk_takeover_state_off",
                                            lang))
        if self.closing == table_id:
            controls = Markup(
                '<div class="sk-dash-row" data-role="table-close-ask" role="group" aria-label="{ask}">'
                '<span>{ask}</span>{yes}{no}</div>').format(
                ask=text("tdesk_close_ask", lang, name=name), yes=button("table-close-yes", "tdesk_close_yes", True),
                no=button("table-close-no", "tdesk_close_no"))
        else:
            buttons = []
            if table.get("paused"):  # paused comes first: a waiting table that is paused is resumed, then started
                buttons.append(button("table-resume", "tdesk_resume", True))
            else:
                if table.get("started") is False:
                    buttons.append(button("table-start", "tdesk_start", True))
                elif table.get("phase") == DONE and not (table.get("match") or {}).get("over"):
                    buttons.append(button("table-deal-next", "tdesk_deal_next", True))
                buttons.append(button("table-pause", "tdesk_pause"))
            buttons.append(button("table-hints-off", "tdesk_stop_hints") if hints
                           else button("table-hints-on", "tdesk_allow_hints"))
            watched = self.watching == table_id
            buttons.append(button("table-unwatch" if watched else "table-watch",
                                  "tdesk_stop_watch" if watched else "tdesk_watch", pressed=watched))
            buttons.append(button("table-project", "tdesk_project", pressed=projected))
            buttons.append(button("table-close", "tdesk_close"))
            controls = Markup('<div class="sk-dash-row" data-role="table-controls" role="group" aria-label="{label}">'
                              '{buttons}</div>').format(label=text("tdesk_actions", lang, name=name),
                                                         buttons=Markup("").join(buttons))
            controls += self._seating_html(table_id, name, float(table.get("grace") or 0), takeover, lang, button)
        watch = Markup("")
        if self.watching == table_id and self.watched is not None:
            watch = watch_html(self.watched, lang)
        return state + controls + watch


    @staticmethod
    def _seating_html(table_id: str, name: str, grace: float, takeover: bool, lang: str,
                      button: Callable[..., Markup]) -> Markup:
        """The seat settings: the grace before a bot plays for a silent page, and whether a learner may take a
        bot's seat in the middle of a round."""
        return Markup(
            '<div class="sk-dash-row" data-role="table-seating" role="group" aria-label="{label}">'
            '<label>{grace_label} <input type="number" name="table-grace-{id}" data-role="table-grace" '
            'min="{low}" max="{high}" step="any" inputmode="decimal" value="{grace}"></label>{set}{take}</div>'
        ).format(label=text("tdesk_seating_actions", lang, name=name), grace_label=text("tdesk_grace", lang),
                 id=table_id, low=f"{MIN_GRACE:g}", high=f"{MAX_GRACE:g}", grace=f"{grace:g}" if grace else "",
                 set=button("table-grace", "tdesk_grace_button"),
                 take=button("table-takeover-off", "tdesk_takeover_off") if takeover
                 else button("table-takeover-on", "tdesk_takeover_on"))


def grace_given(given: str) -> float | None:
    """The seconds the teacher typed (a decimal comma taken as a point), or None when it is not a number from
    ``MIN_GRACE`` to ``MAX_GRACE``."""
    try:
        seconds = float(given.replace(",", ".").replace("，", "."))
    except ValueError:
        return None
    if not math.isfinite(seconds) or not MIN_GRACE <= seconds <= MAX_GRACE:
        return None
    return seconds


def _options(options: Sequence[tuple[str, str]], chosen: str) -> Markup:
    return Markup("").join(
        Markup('<option value="{value}"{selected}>{label}</option>').format(
            value=value, label=label, selected=Markup(" selected") if value == chosen else Markup(""))
        for value, label in options)


def _failure(error: TableRefused | TableUnreachable) -> Note:
    """A refusal in the server's words (both languages), or the server not answering."""
    if isinstance(error, TableRefused):
        texts = {lang: str(line) for lang, line in error.texts.items()} or {"en": error.code}
        if error.code == "tables_no_table":
            return ("error", "tdesk_gone", {})
        return ("error", "tdesk_refused", {"reason": texts})
    return ("error", "tdesk_unreachable", {})
