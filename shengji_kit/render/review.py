"""A round review (``coach.Review``) as HTML: the render side of coach/review.py.

A title, one row per play of the seat, the ending. Pure: ``review_html(review, lang)`` returns a
string; every text is escaped with markupsafe and only the card drawings (our own SVG) go in as
markup.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..coach.review import Entry, Review, register_review_html
from ..coach.tactics import LESSON_NUMBERS, lesson_for
from ..words import Message
from ..words.catalogue import text
from .cards import cards_svg

LESSONS_FROM_APPS = "../"
"""The lessons' folder seen from the apps' notebooks (notebooks/play.ipynb links ../lessons/…)."""

_CELL = "padding:2px 8px;text-align:left;vertical-align:middle"
_HEADS = {
    "en": ("trick", "you played", "coach", "cost", "why"),
    "zh": ("墩", "你出的牌", "教练", "损失", "原因"),
}


def lesson_link(reason: Message, lang: str) -> Markup:
    """A link to the lesson that teaches the reason's idea (a tactic, or the idea a review says was missed)."""
    idea = reason.params.get("idea") if reason.code == "tactic_missed" else reason
    lesson = lesson_for(idea.code) if isinstance(idea, Message) else None
    if lesson is None:
        return Markup("")
    return Markup(' <a href="{href}" target="_blank" rel="noopener" data-role="lesson-link">{label}</a>').format(
        href=LESSONS_FROM_APPS + lesson, label=text("tactic_lesson_link", lang, number=LESSON_NUMBERS[lesson])
    )


def _why(reason: Message, lang: str) -> Markup:
    return Markup("{text}{link}").format(text=reason.render(lang), link=lesson_link(reason, lang))


def _row(entry: Entry, lang: str) -> Markup:
    cells = [
        escape(str(entry.trick)),
        Markup(cards_svg(entry.played, height=36, lang=lang)),
        Markup(cards_svg(entry.better, height=36, lang=lang)) if entry.marked else escape("✓"),
        escape(f"{round(entry.cost)}") if entry.marked else escape(""),
        Markup("<br>").join(_why(reason, lang) for reason in entry.reasons),
    ]
    style = ' style="background:#fff3e0"' if entry.marked else ""
    tds = Markup("").join(Markup('<td style="{}">{}</td>').format(_CELL, cell) for cell in cells)
    return Markup('<tr data-trick="{}" data-marked="{}"{}>{}</tr>').format(
        entry.trick, "yes" if entry.marked else "no", Markup(style), tds
    )


def review_html(review: Review, lang: str = "en") -> str:
    """The review as an HTML block for a notebook cell or a page."""
    lines = review.lines(lang)
    heads = Markup("").join(
        Markup('<th style="{}">{}</th>').format(_CELL, head) for head in _HEADS.get(lang, _HEADS["en"])
    )
    rows = Markup("").join(_row(entry, lang) for entry in review.entries)
    ending = escape(review.perfect.note.render(lang)) if review.perfect is not None else escape("")
    html = Markup(
        '<div class="sk-review" data-reviewed-seat="{}"><b>{}</b>'
        '<table><thead><tr>{}</tr></thead><tbody>{}</tbody></table>'
        '<p data-role="perfect">{}</p></div>'
    ).format(review.seat, lines[0], heads, rows, ending)
    return str(html)


# A Review draws itself in a notebook with this.
register_review_html(review_html)
