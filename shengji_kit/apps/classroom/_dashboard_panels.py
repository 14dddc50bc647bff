"""The dashboard's live panels as HTML: the learners × groups grid, who is stuck, the most-missed items.

DOM hooks (the browser tests and ``benchmarks/classroom.py`` read them): each grid row
``data-learner``, each cell ``data-group`` with ``data-done``, ``data-stars``, ``data-attempts``;
the newest event in ``data-role="last-event"`` with ``data-event-id``.
"""

from __future__ import annotations

import base64
import functools
import importlib
from collections.abc import Mapping
from datetime import datetime

from markupsafe import Markup

from ...classroom.identity import learner_label
from ...classroom.report import ClassReport, shorten
from ...puzzles.lesson_exercises import parse_dealt_id
from ...words.catalogue import text


def _group_title(group: str, titles: Mapping[str, tuple[str, str]], lang: str) -> str:
    en, zh = titles.get(group, (group, group))
    return zh if lang == "zh" else en


def item_title(item: str, items: Mapping[str, tuple[str, str]], titles: Mapping[str, tuple[str, str]],
               lang: str) -> str:
    """What the teacher reads for an item id: its title, "<lesson>: a dealt exercise", else the id itself."""
    if item in items:
        en, zh = items[item]
        return zh if lang == "zh" else en
    dealt = parse_dealt_id(item)
    if dealt is not None and dealt[0] in titles:
        return text("teach_missed_dealt", lang, lesson=_group_title(dealt[0], titles, lang))
    return item


def grid_html(report: ClassReport, titles: Mapping[str, tuple[str, str]], lang: str) -> Markup:
    """One row per learner, one column per group; a stuck learner's row says for how long."""
    if not report.learners:
        return Markup('<p data-role="grid-empty">{empty}</p>').format(empty=text("cls_grid_empty", lang))
    head = Markup("").join(
        Markup('<th scope="col" data-group="{group}">{title}</th>').format(
            group=group, title=_group_title(group, titles, lang))
        for group in report.groups)
    rows = []
    for row, learner in enumerate(report.learners):
        stuck = report.stuck_minutes(learner)
        badge = Markup("") if stuck is None else Markup(
            '<span class="sk-stuck-badge" data-role="stuck">{t}</span>'
        ).format(t=text("cls_grid_stuck", lang, minutes=stuck))
        cells = []
        for column, group in enumerate(report.groups):
            values = {"done": int(report.done[row, column]), "total": report.totals[column],
                      "stars": int(report.stars[row, column]), "attempts": int(report.attempts[row, column])}
            cells.append(Markup(
                '<td data-group="{group}" data-done="{done}" data-stars="{stars}" data-attempts="{attempts}" '
                'title="{label}">{shown}</td>'
            ).format(group=group,
                     label=text("cls_grid_cell_label", lang, group=_group_title(group, titles, lang), **values),
                     shown=text("cls_grid_cell", lang, **values) if values["attempts"] or values["done"] else "·",
                     **values))
        rows.append(Markup(
            '<tr data-learner="{learner}"{stuck}><th scope="row">{label}{badge}</th>{cells}</tr>'
        ).format(
            learner=learner, label=learner_label(learner, lang),
            stuck=Markup("") if stuck is None else Markup(' data-stuck="{m}"').format(m=stuck),
            badge=badge, cells=Markup("").join(cells)))
    return Markup(
        '<div class="sk-grid-wrap" tabindex="0" role="region" aria-label="{title}">'
        '<table class="sk-grid" data-role="grid">'
        '<thead><tr><th scope="col">{learner}</th>{head}</tr></thead><tbody>{rows}</tbody></table></div>'
        '<p class="sk-dash-meta">{legend}</p>'
    ).format(learner=text("cls_grid_learner", lang), title=text("cls_grid_title", lang), head=head,
             rows=Markup("").join(rows),
             legend=text("cls_grid_legend", lang))


def stuck_html(report: ClassReport, minutes: int, lang: str) -> Markup:
    lines = [Markup('<li data-learner="{learner}">{line}</li>').format(
        learner=s.learner,
        line=text("cls_stuck_line", lang, learner=learner_label(s.learner, lang), item=s.item, minutes=s.minutes,
                  wrong=s.wrong))
        for s in report.stuck]
    body = Markup("<ul>{lines}</ul>").format(lines=Markup("").join(lines)) if lines else Markup("<p>{none}</p>").format(
        none=text("cls_stuck_none", lang))
    return Markup('<section data-role="stuck-list"><h3>{title}</h3>{body}</section>').format(
        title=text("cls_stuck_title", lang, minutes=minutes), body=body)


def missed_html(report: ClassReport, titles: Mapping[str, tuple[str, str]], lang: str,
                item_titles: Mapping[str, tuple[str, str]] | None = None) -> Markup:
    """Each most-missed item by its title (its id in ``data-item``), with every wrong answer and how many gave it."""
    if not report.missed:
        body = Markup("<p>{none}</p>").format(none=text("cls_missed_none", lang))
    else:
        items = []
        for missed in report.missed:
            # a learner's answer is their own text: never more than a short line of it (with an ellipsis)
            shown = [(shorten(answer), count) for answer, count in missed.answers]
            parts = [
                Markup('<span data-answer="{answer}" data-count="{count}">{line}</span>').format(
                    answer=answer, count=count,
                    line=text("cls_missed_answer", lang, answer=answer or text("cls_missed_blank", lang), count=count))
                for answer, count in shown]
            if missed.other:
                parts.append(Markup('<span data-role="missed-more" data-count="{count}">{line}</span>').format(
                    count=missed.other, line=text("service_missed_more", lang, count=missed.other)))
            answers = Markup(", ").join(parts)
            items.append(Markup(
                '<li data-item="{item}" data-wrong="{wrong}">{line}<br>'
                '<span class="sk-missed-answers">{answers}</span></li>'
            ).format(item=missed.item, wrong=missed.wrong, answers=answers, line=text(
                "cls_missed_item", lang, item=item_title(missed.item, item_titles or {}, titles, lang),
                group=_group_title(missed.group, titles, lang),
                wrong=missed.wrong, learners=missed.learners)))
        body = Markup('<ol class="sk-missed">{items}</ol>').format(items=Markup("").join(items))
    return Markup('<section data-role="most-missed"><h3>{title}</h3>{body}</section>').format(
        title=text("cls_missed_title", lang), body=body)


def last_event_html(report: ClassReport, lang: str) -> Markup:
    if report.last_event_at is None:
        line = text("cls_last_event_none", lang)
    else:
        line = text("cls_last_event", lang, id=report.last_event_id,
                    time=report.last_event_at.strftime("%Y-%m-%d %H:%M:%S"))
    return Markup('<span class="sk-dash-meta" data-role="last-event" data-event-id="{id}">{line}</span>').format(
        id=report.last_event_id, line=line)


def csv_link_html(report: ClassReport, class_name: str, now: datetime, lang: str) -> Markup:
    """A download link holding the class results as CSV (a data: address, so nothing is served)."""
    data = base64.b64encode(("\ufeff" + report.csv_text(lang)).encode("utf-8")).decode("ascii")
    safe_class = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in class_name) or "class"
    return Markup(
        '<a class="sk-button" data-role="csv-export" download="{name}"'
        ' href="data:text/csv;charset=utf-8;base64,{data}">{label}</a>'
    ).format(name=f"{safe_class}-{now:%Y%m%d-%H%M}.csv", data=data, label=text("cls_export", lang))


@functools.lru_cache(maxsize=4)
def _join_qr(url: str) -> Markup:
    """The join address's QR code, drawn by ``classroom.join`` (``serve --classroom``); our own SVG markup."""
    join = importlib.import_module("shengji_kit.classroom.join")
    return Markup(str(join.qr_svg(url, size="220")))


def join_html(lang: str) -> Markup:
    """Where learners join, as text and QR code, when ``shengji-kit serve --classroom`` serves the class."""
    try:
        join = importlib.import_module("shengji_kit.classroom.join")
    except ModuleNotFoundError:  # a kit without the classroom server
        return Markup("")
    url = join.join_url()
    if not url:
        return Markup("")
    return Markup(
        '<section class="sk-join" data-role="join"><h3>{title}</h3><div class="sk-dash-row">{qr}'
        '<p>{line}<br><code data-role="join-url">{url}</code></p></div></section>'
    ).format(title=text("cls_join_title", lang), qr=_join_qr(str(url)), line=text("cls_join_line", lang), url=url)
