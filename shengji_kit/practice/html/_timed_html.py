"""The trainer's timed run drawn as HTML: the start button, the run (clock, score, puzzle), the results.

Hooks: ``data-role`` = timed-start (the start section, ``data-best``), timed (the run's panel, ``data-state``
running or over), timed-clock (``data-left-ms``, the milliseconds left when drawn; the page counts its display
down from it and sends ``timed-check`` at zero), timed-time (m:ss), timed-score (``data-score``), timed-last
(``data-kind`` ok or error), timed-result, timed-best (``data-best``), timed-missed (each ``li`` with
``data-item``); ``data-action`` = timed-start, timed-end, timed-close, timed-replay (``data-value`` a puzzle id).
"""

from __future__ import annotations

from markupsafe import Markup

from ...render.table import lang_button
from ...words.catalogue import text
from ..timed_run import TimedRun
from ..visit import Visit
from ._answer_controls import answers_html
from ._position_html import position_html
from .parts import action_button


def clock_text(seconds: float) -> str:
    """The time left as the clock shows it, ``m:ss`` (rounded up: 0:00 only when it is gone)."""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


def timed_start_html(best: int, lang: str) -> Markup:
    """The trainer's start button for a run, with what it is and the learner's best."""
    said = text("timed_best", lang, score=best) if best else text("timed_best_none", lang)
    return Markup(
        '<section class="sk-trainer-timed-start" data-role="timed-start" data-best="{best}" aria-label="{title}">'
        '<div class="sk-trainer-actions">{button}</div>'
        '<div class="sk-legend">{about} <span data-role="timed-best" data-best="{best}">{said}</span></div></section>'
    ).format(best=best, title=text("timed_title", lang), button=action_button("timed-start", text("timed_start", lang)),
             about=text("timed_about", lang), said=said)


def _bar(run: TimedRun, lang: str) -> Markup:
    left = run.left()
    last = Markup()
    if run.last is not None:
        kind, code = ("ok", "timed_right") if run.last else ("error", "timed_wrong")
        last = Markup('<span class="sk-trainer-timed-last" data-role="timed-last" data-kind="{kind}">{said}</span>'
                      ).format(kind=kind, said=text(code, lang))
    return Markup(
        '<div class="sk-trainer-timed-bar">'
        '<span class="sk-trainer-timed-clock" data-role="timed-clock" role="timer" data-left-ms="{ms}">'
        '{label}: <b data-role="timed-time">{time}</b></span> '
        '<span data-role="timed-score" data-score="{score}">{score_said}</span> '
        '<span aria-live="polite">{last}</span>{end}</div>'
    ).format(ms=int(left * 1000), label=text("timed_clock", lang), time=clock_text(left), score=run.score,
             score_said=text("timed_score", lang, score=run.score), last=last,
             end=action_button("timed-end", text("timed_end", lang)))


def _puzzle(run: TimedRun, visit: Visit, lang: str) -> Markup:
    puzzle = visit.puzzle
    return Markup(
        '<section class="sk-trainer-puzzle" data-role="puzzle" data-puzzle="{id}" data-step="{step}" '
        'data-kind="{kind}" data-difficulty="{difficulty}">'
        '<h2 class="sk-trainer-title">{title}</h2>'
        '<div class="sk-question" data-role="question">{prompt}</div>{position}{answers}</section>'
    ).format(id=puzzle.id, step=run.served, kind=puzzle.kind, difficulty=puzzle.difficulty,
             title=puzzle.title(lang), prompt=puzzle.prompt(lang), position=position_html(visit, lang),
             answers=answers_html(visit, lang))


def _results(run: TimedRun, titles: dict[str, str], lang: str, over: Markup) -> Markup:
    lines = [Markup('<p data-role="timed-result" data-score="{score}">{said}</p>').format(
        score=run.score, said=text("timed_result", lang, score=run.score))]
    if run.new_best:
        lines.append(Markup('<p class="sk-trainer-earned">{said}</p>').format(said=text("timed_new_best", lang)))
    lines.append(Markup('<p data-role="timed-best" data-best="{best}">{said}</p>').format(
        best=run.best, said=text("timed_best", lang, score=run.best)))
    if run.missed:
        items = Markup("").join(
            Markup('<li data-item="{item}">{button}</li>').format(
                item=item, button=action_button("timed-replay", text("timed_replay", lang, title=titles[item]), item))
            for item in dict.fromkeys(run.missed))
        missed = Markup('<ol class="sk-trainer-missed-list" data-role="timed-missed">{items}</ol>').format(items=items)
    else:
        missed = Markup('<p class="sk-legend">{said}</p>').format(said=text("timed_missed_none", lang))
    buttons = action_button("timed-start", text("timed_again", lang), primary=True, autofocus=True)
    buttons += action_button("timed-close", text("timed_close", lang))
    return Markup(
        '<div data-role="timed-results" aria-live="polite">{over}{lines}<h3>{missed_title}</h3>{missed}'
        '<div class="sk-trainer-actions">{buttons}</div></div>'
    ).format(over=over, lines=Markup("").join(lines), missed_title=text("timed_missed", lang), missed=missed,
             buttons=buttons)


def timed_html(run: TimedRun, lang: str) -> Markup:
    """A run as one HTML string in ``lang``: running, the clock, score and puzzle; over, the results."""
    visit = run.visit
    if run.finished or visit is None:
        titles = {puzzle.id: puzzle.title(lang) for puzzle in run.queue}
        over = Markup("<p>{over}</p>").format(over=text("timed_over", lang)) if run.left() <= 0 else Markup()
        body = _results(run, titles, lang, over)  # in the live region: "Time is up" is said too
        state = "over"
    else:
        body = _bar(run, lang) + _puzzle(run, visit, lang)
        state = "running"
    return Markup(
        '<div class="sk-panel sk-trainer" data-role="trainer" lang="{lang}">'
        '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>{lang_button}</div>'
        '<section class="sk-trainer-timed" data-role="timed" data-state="{state}">{body}</section></div>'
    ).format(lang=lang, title=text("timed_title", lang), lang_button=lang_button(lang), state=state, body=body)
