"""The teacher's dashboard: the class live, the projector and the polls, behind the teacher code.

``DashboardScene`` holds the state and draws it; a ``Ticker`` on the kernel's loop calls
``refresh`` every few seconds, which reads only the events newer than the last one seen, so the
page follows the class without a reload; the ratings are the trainer's replay over the events read
(``practice/class_ratings.py``), done again when new events come. Nothing is read from the store
while the gate refuses.

Messages (``{"type": "action", "action": a, "value": v}``): pick (``v`` a projectable key),
project, previous, next (a record's tricks), poll-open, poll-reveal, poll-close; the shared tables'
``table-…`` controls go to the ``TablesDesk`` (``_tables_desk``), which calls the class server with the
teacher's code; a watched or projected table is read again on every refresh.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ...classroom.report import DEFAULT_STUCK_MINUTES, ClassReport, class_report
from ...classroom.store_protocol import (
    POLL_CLOSED,
    POLL_OPEN,
    POLL_REVEALED,
    ClassStoreAPI,
    Poll,
    StoredEvent,
    StoreError,
)
from ...classroom.tables.client import TableClient
from ...data_folder import data_dir
from ...practice.class_ratings import ClassRatings, class_ratings, replay_class
from ...practice.ratings_from_events import RatedPuzzle, rated_puzzles
from ...puzzles import Bank, default_bank
from ...puzzles.lesson_exercises import load_lesson
from ...puzzles.lesson_list import lesson_list
from ...puzzles.rated_index import trainer_index
from ...render.exercises import notice_html
from ...render.poll_chart import poll_chart_svg
from ...render.table import lang_button
from ...widgets.class_store import class_name, shared_store
from ...widgets.language_keeper import show_language_keeper
from ...widgets.surface import STATIC, CardSurface, Observable, styles
from ...widgets.ticker import Ticker
from ...words import languages_from, text
from ..page_options import checked_whole, query_options
from ._dashboard_panels import (
    csv_link_html,
    grid_html,
    join_html,
    last_event_html,
    missed_html,
    stuck_html,
)
from ._dashboard_ratings import ratings_html
from ._gate import TEACHER_PARAMETER, teacher_refusal
from ._table_watch import TableProjection
from ._tables_desk import TablesDesk, class_learners
from ._tables_panel import TablesNow, TablesSource, local_client, read_tables, tables_html
from .projector import Projection, ProjectorCatalogue, projector_html

log = logging.getLogger(__name__)
REFRESH_SECONDS = 2.0
MAX_STUCK_MINUTES = 240
Clock = Callable[[], datetime]


def group_titles(bank: Bank) -> dict[str, tuple[str, str]]:
    """Each dashboard column (lesson slug, puzzle set id) with its title in English and Chinese."""
    titles = {entry.slug: (entry.title("en"), entry.title("zh")) for entry in lesson_list()}
    for puzzle in bank.puzzles():
        if puzzle.set_id not in titles:
            chosen = bank.get_set(puzzle.set_id)
            titles[puzzle.set_id] = (chosen.title("en"), chosen.title("zh"))
    return titles


def item_titles(bank: Bank) -> dict[str, tuple[str, str]]:
    """Each puzzle's and lesson exercise's id with its title in English and Chinese (the most-missed list)."""
    titles = {puzzle.id: (puzzle.title.en, puzzle.title.zh) for puzzle in bank.puzzles()}
    for entry in lesson_list():
        try:
            items = load_lesson(entry.slug).items
        except (OSError, ValueError):
            continue
        titles.update((item.id, (item.title.en, item.title.zh)) for item in items)
    return titles


def group_totals(bank: Bank) -> dict[str, int]:
    """How many items each lesson and puzzle set holds, lessons first (the grid's column order)."""
    totals: dict[str, int] = {}
    for entry in lesson_list():
        try:
            totals[entry.slug] = len(load_lesson(entry.slug).items)
        except (OSError, ValueError):
            totals[entry.slug] = 0
    for puzzle in bank.puzzles():
        totals[puzzle.set_id] = totals.get(puzzle.set_id, 0) + 1
    return totals


def _now() -> datetime:
    return datetime.now(UTC)


class DashboardScene(Observable):
    """The dashboard's state: the events read so far, the report, the projection, the class's poll."""

    def __init__(
        self,
        store: Callable[[], ClassStoreAPI] = shared_store,
        class_name_: str | None = None,
        query: Mapping[str, str] | None = None,
        environ: Mapping[str, str] | None = None,
        bank: Bank | None = None,
        records_dir: Path | None = None,
        stuck_minutes: int = DEFAULT_STUCK_MINUTES,
        clock: Clock = _now,
        tables: TablesSource | None = None,
        table_client: TableClient | None = None,
    ) -> None:
        super().__init__()
        query = query_options() if query is None else query
        self.refusal = teacher_refusal(query, environ)
        if table_client is None and tables is None and self.refusal is None:
            table_client = local_client(query.get(TEACHER_PARAMETER, "").strip())
        self.tables_source = tables if tables is not None else (
            table_client.listing if table_client is not None else None)
        """The class server's shared tables (None: not served by ``serve --classroom``, no section)."""
        self.desk = TablesDesk(table_client) if table_client is not None and self.refusal is None else None
        """The teacher's table controls (None: a list without controls, or no tables)."""
        self.tables = TablesNow([], True)
        self.store = store
        self.class_name = class_name_ or class_name()
        self.stuck_minutes = stuck_minutes
        self.clock = clock
        self.events: list[StoredEvent] = []
        self.error: str | None = None
        self.poll: Poll | None = None
        self.projection: Projection | None = None
        self.picked = ""
        self.note: tuple[str, dict[str, object]] | None = None
        self.report: ClassReport | None = None
        self.ratings: ClassRatings | None = None
        if self.refusal is None:
            self.bank = bank or default_bank()
            if bank is not None:
                self.rated = rated_puzzles(bank.puzzles())
                self.set_titles = {s.id: (s.title("en"), s.title("zh")) for s in bank.sets}
            else:  # the trainer's puzzles (the learners' replay), from the files' headers: no bank built
                index = trainer_index()
                self.rated = {item: RatedPuzzle(level, set_id) for item, (set_id, level) in index.puzzles.items()}
                self.set_titles = dict(index.titles)
            self.titles = group_titles(self.bank)
            self.totals = group_totals(self.bank)
            self.item_titles = item_titles(self.bank)
            records = records_dir if records_dir is not None else data_dir() / "records"
            self.catalogue = ProjectorCatalogue(self.bank, records)
            self.refresh()

    @property
    def allowed(self) -> bool:
        return self.refusal is None

    # --- reading the store ------------------------------------------------------------------

    def refresh(self) -> bool:
        """Read the new events and the current poll; True when anything shown changed (then redraw)."""
        if not self.allowed:
            return False
        old_poll, old_error = self.poll, self.error
        try:
            after = self.events[-1].id if self.events else 0
            new = self.store().events(self.class_name, after_id=after)
            self.events.extend(new)
            self.poll = self.store().current_poll(self.class_name)
            self.error = None
        except StoreError as error:
            self.error = str(error)
            return old_error != self.error
        old_tables, self.tables = self.tables, read_tables(self.tables_source)
        live = self._refresh_live_tables()
        report = class_report(self.events, self.clock(), self.totals, self.stuck_minutes)
        renewed = self.report is None or bool(new) or _stuck_changed(self.report, report)
        if renewed:
            self.report = report
            self.ratings = class_ratings(replay_class((e.event for e in self.events), self.rated), report.learners)
        return renewed or self.poll != old_poll or self.error != old_error or self.tables != old_tables or live

    def _refresh_live_tables(self) -> bool:
        """Read the watched table and the projected one again; True when either changed."""
        if self.desk is None:
            return False
        changed = self.desk.refresh_watch()
        if isinstance(self.projection, TableProjection):
            reply = self.desk.read(self.projection.table_id)
            if reply is not None:
                changed = self.projection.update(reply) or changed
        return changed

    def tick(self) -> None:
        if self.refresh():
            self.changed()

    # --- what the teacher does ----------------------------------------------------------------

    def handle(self, message: Mapping[str, Any]) -> None:
        if not self.allowed or message.get("type") != "action":
            return
        action, value = str(message.get("action") or ""), str(message.get("value") or "")
        self.note = None
        if action == "pick":
            self.picked = value
        elif action == "project":
            self.project(value or self.picked)
        elif action in ("previous", "next") and self.projection is not None:
            self.projection.handle(action)
        elif action == "poll-open":
            self.open_poll()
        elif action in ("poll-reveal", "poll-close"):
            self.set_poll_state(POLL_REVEALED if action == "poll-reveal" else POLL_CLOSED)
        elif action.startswith("table-") and self.desk is not None:
            fields = message.get("fields")
            self.desk.handle(action, value, fields if isinstance(fields, Mapping) else {},
                             {str(t.get("table")): str(t.get("name", "")) for t in self.tables.tables},
                             self._project_table)
        self.refresh()

    def _project_table(self, projection: TableProjection) -> None:
        self.projection = projection

    def project(self, key: str) -> bool:
        """Put ``key`` (``puzzle:ID``, ``exercise:ID``, ``record:NAME``) on the projector."""
        try:
            self.projection = self.catalogue.open(key)
        except KeyError:
            return False
        except (OSError, ValueError) as error:
            self.note = ("cls_project_bad_record", {"name": key.partition(":")[2], "error": str(error)})
            return False
        self.picked = key
        return True

    def open_poll(self) -> Poll | None:
        """Open a poll on the projected item (closing any open one); None when it has no options."""
        question = self.projection.question() if self.projection is not None else None
        if question is None:
            self.note = ("cls_poll_no_options", {})
            return None
        try:
            self.poll = self.store().open_poll(self.class_name, question.source, question.ref, question.prompt_en,
                                               question.prompt_zh, question.options, question.answer)
        except StoreError as error:
            self.error = str(error)
            return None
        self.note = ("cls_poll_pending", {})
        return self.poll

    def set_poll_state(self, state: str) -> None:
        if self.poll is None:
            return
        try:
            self.store().set_poll_state(self.poll.id, state)
        except StoreError as error:
            self.error = str(error)

    # --- drawing ------------------------------------------------------------------------------

    def render(self, lang: str) -> str:
        if self.refusal is not None:
            notice = notice_html([text(self.refusal, one) for one in languages_from(lang)], "error")
            return str(Markup(
                '<div class="sk-dashboard" data-role="classroom-dashboard" data-refused="{code}">{notice}</div>'
            ).format(code=self.refusal, notice=notice))
        report = self.report or class_report([], self.clock(), self.totals, self.stuck_minutes)
        error = Markup("")
        if self.error is not None:
            error = Markup('<p class="sk-message" data-kind="error" data-role="store-error">{line}</p>').format(
                line=text("cls_store_error", lang, error=self.error))
        return str(Markup(
            '<div class="sk-dashboard" data-role="classroom-dashboard" data-class="{class_name}">'
            '<div class="sk-dash-head"><h2>{title}</h2><span class="sk-dash-meta">{live}</span>{last}{lang_button}'
            '</div>'
            '{error}'
            '<section data-role="class-grid"><h3>{grid_title}</h3>{grid}</section>'
            '{ratings}{stuck}{missed}{tables}<div class="sk-dash-row">{csv}</div>{project}{join}</div>'
        ).format(
            tables=self._tables_html(lang),
            class_name=self.class_name, title=text("cls_dash_title", lang, class_name=self.class_name),
            live=text("cls_dash_live", lang, seconds=f"{REFRESH_SECONDS:g}"), last=last_event_html(report, lang),
            lang_button=lang_button(lang),
            error=error, grid_title=text("cls_grid_title", lang), grid=grid_html(report, self.titles, lang),
            ratings=ratings_html(self.ratings or class_ratings(replay_class([], self.rated), []), self.set_titles,
                                 lang),
            stuck=stuck_html(report, self.stuck_minutes, lang),
            missed=missed_html(report, self.titles, lang, self.item_titles),
            csv=csv_link_html(report, self.class_name, self.clock(), lang), project=self._project_html(lang),
            join=join_html(lang),
        ))

    def _tables_html(self, lang: str) -> Markup:
        """The tables' section: the list, and with a client the teacher's form and each table's controls."""
        if self.tables_source is None:
            return Markup("")
        desk = self.desk
        if desk is None:
            return tables_html(*self.tables[:2], lang, self.tables.store)
        projected = self.projection.key if isinstance(self.projection, TableProjection) else ""
        learners = class_learners(self.report.learners if self.report is not None else ())
        return tables_html(*self.tables[:2], lang, self.tables.store,
                           head=desk.form_html(lang, learners) + desk.note_html(lang),
                           controls=lambda table: desk.row_html(table, lang, projected == f"table:{table['table']}"))

    def _project_html(self, lang: str) -> Markup:
        groups: dict[str, list[Markup]] = {"puzzle": [], "exercise": [], "record": []}
        for entry in self.catalogue.entries():
            groups[entry.source].append(Markup('<option value="{key}"{selected}>{label}</option>').format(
                key=entry.key, selected=Markup(" selected") if entry.key == self.picked else Markup(""),
                label=entry.label(lang)))
        labels = {"puzzle": "cls_project_puzzle", "exercise": "cls_project_exercise", "record": "cls_project_record"}
        options = Markup("").join(
            Markup('<optgroup label="{label}">{options}</optgroup>').format(label=text(labels[source], lang),
                                                                           options=Markup("").join(found))
            for source, found in groups.items() if found)
        blank = Markup('<option value=""{selected}>—</option>').format(
            selected=Markup(" selected") if not self.picked else Markup(""))
        note = Markup("")
        if self.note is not None:
            code, params = self.note
            note = Markup('<p class="sk-message" data-kind="info" data-role="dashboard-note">{line}</p>').format(
                line=text(code, lang, **params))
        return Markup(
            '<section data-role="projector-panel"><h3>{title}</h3><div class="sk-dash-row">'
            '<label>{title} <select data-pick="pick" data-role="project-pick">{blank}{options}</select></label>'
            '<button type="button" class="sk-button sk-primary" data-action="project">{show}</button>'
            '<button type="button" class="sk-button" data-action="fullscreen">{full}</button></div>'
            '{polls}{note}{stage}</section>'
        ).format(
            title=text("cls_project_title", lang), blank=blank, options=options, show=text("cls_project_show", lang),
            full=text("cls_project_fullscreen", lang), polls=self._poll_controls(lang), note=note,
            stage=projector_html(self.projection, lang, self.poll, self._tally_html(lang)),
        )

    def _poll_controls(self, lang: str) -> Markup:
        """Open (on the projected item), reveal, close."""
        disabled = Markup("") if self.projection is not None else Markup(" disabled")
        buttons = [Markup(
            '<button type="button" class="sk-button" data-action="poll-open"{disabled}>{label}</button>'
        ).format(disabled=disabled, label=text("cls_poll_open", lang))]
        poll = self.poll
        if poll is not None and poll.state == POLL_OPEN:
            buttons.append(Markup(
                '<button type="button" class="sk-button sk-primary" data-action="poll-reveal">{l}</button>'
            ).format(l=text("cls_poll_reveal", lang)))
        if poll is not None:
            buttons.append(Markup(
                '<button type="button" class="sk-button" data-action="poll-close">{l}</button>'
            ).format(l=text("cls_poll_close", lang)))
        return Markup('<div class="sk-dash-row" data-role="poll-controls">{b}</div>').format(b=Markup("").join(buttons))

    def _tally_html(self, lang: str) -> Markup:
        """The poll's question, how many answered, and the live bar chart (drawn on the projector)."""
        poll = self.poll
        if poll is None:
            return Markup("")
        counts = {option: 0 for option in poll.options}
        for chosen in poll.answers.values():
            if chosen in counts:
                counts[chosen] += 1
        learners = len(self.report.learners) if self.report is not None else 0
        chart = poll_chart_svg(list(counts.items()), title=text("cls_poll_chart", lang),
                               count_label=text("cls_poll_chart_count", lang),
                               answer=poll.answer if poll.state == POLL_REVEALED else None)
        state = text("cls_poll_state_open" if poll.state == POLL_OPEN else "cls_poll_state_revealed", lang)
        return Markup(
            '<div class="sk-poll-tally" data-role="poll-tally" data-poll-id="{id}" data-state="{state_code}"'
            ' data-answers="{answered}">'
            '<p class="sk-poll-tally-line"><span class="sk-poll-tally-prompt">{prompt}</span> {state} '
            '<span class="sk-poll-tally-count" data-role="poll-count">{tally}</span></p>{chart}</div>'
        ).format(
            id=poll.id, state_code=poll.state, answered=len(poll.answers),
            prompt=poll.prompt_zh if lang == "zh" else poll.prompt_en, state=state,
            tally=text("cls_poll_tally", lang, count=len(poll.answers), learners=max(learners, len(poll.answers))),
            chart=chart,
        )


def _stuck_changed(old: ClassReport, new: ClassReport) -> bool:
    return [(s.learner, s.minutes) for s in old.stuck] != [(s.learner, s.minutes) for s in new.stuck]


class ClassroomDashboard(CardSurface):
    """The dashboard's widget; its ticker refreshes it from the store every ``REFRESH_SECONDS``."""

    _esm = STATIC / "classroom.js"
    _css = styles("trainer.css", "classroom.css")

    def __init__(self, scene: DashboardScene, **kwargs: Any) -> None:
        self._open = True
        super().__init__(scene, **kwargs)
        self.dashboard = scene
        self.ticker = Ticker(REFRESH_SECONDS, self._tick)
        if scene.allowed:
            self.ticker.start()

    def _tick(self) -> None:
        if self._open:
            self.dashboard.tick()

    def close(self) -> None:
        self._open = False
        if hasattr(self, "ticker"):
            self.ticker.stop()
        super().close()


def stuck_option(query: Mapping[str, str], default: int) -> int:
    """``?stuck=N`` from the page address: the minutes without progress that make a learner stuck (1–240)."""
    return checked_whole(query, "stuck", default, 1, MAX_STUCK_MINUTES)[0]


def classroom_dashboard(records_dir: str | Path | None = None, stuck_minutes: int | None = None) -> ClassroomDashboard:
    """The teacher's dashboard for this server's class (shown only with the teacher code, see ``gate``).

    ``stuck_minutes`` left out comes from the address (``?stuck=15``), else 10 minutes.
    """
    show_language_keeper()  # the dashboard opens in the language the browser remembers
    query = query_options()
    minutes, stuck_note = checked_whole(query, "stuck", DEFAULT_STUCK_MINUTES, 1, MAX_STUCK_MINUTES)
    scene = DashboardScene(query=query, records_dir=Path(records_dir) if records_dir is not None else None,
                           stuck_minutes=stuck_minutes if stuck_minutes is not None else minutes)
    if stuck_minutes is None and stuck_note is not None and scene.allowed:
        scene.note = (stuck_note.code, dict(stuck_note.params))  # the ignored ?stuck= is named on the page
    return ClassroomDashboard(scene)
