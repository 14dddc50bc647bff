"""The trainer's "what you missed" panel and its "practise my weakest set" button.

Hooks: ``data-role`` = missed (the section), missed-toggle, missed-periods, missed-list (each ``li``
with ``data-item``, ``data-set``, ``data-at``, and ``data-lesson`` for a lesson exercise), missed-none,
weakest; ``data-action`` = missed-list
(opens or closes the list; it keeps one address, so focus stays on it after the redraw), missed
(``data-value`` a period in days), replay (``data-value`` the puzzle id), weakest.
Every control is a real button, so the panel works from the keyboard; Python holds its state.
"""

from __future__ import annotations

from markupsafe import Markup

from ...words.catalogue import text
from ..missed import WINDOWS, MissedPuzzle, when_said
from ..missed_lessons import lesson_item, lesson_title
from ..session import TrainerSession
from .parts import action_button


def _set_title(session: TrainerSession, set_id: str, lang: str) -> str:
    known = next((s for s in session.bank.sets if s.id == set_id), None)
    return known.title(lang) if known is not None else set_id


def _toggle(session: TrainerSession, lang: str) -> Markup:
    open_ = session.missed_days is not None
    return Markup(
        '<button type="button" class="sk-button" data-role="missed-toggle" data-action="missed-list" '
        'aria-expanded="{open}" aria-controls="sk-trainer-missed-list">{label}</button>'
    ).format(open=str(open_).lower(), label=text("trainer_missed_open", lang))


def _weakest(session: TrainerSession, lang: str) -> Markup:
    weakest = session.weakest_set()
    if weakest is None:
        return Markup()
    label = text("trainer_weakest_practise", lang, set=_set_title(session, weakest, lang))
    return Markup(
        '<button type="button" class="sk-button" data-role="weakest" data-action="weakest" '
        'data-value="{set}">{label}</button>'
    ).format(set=weakest, label=label)


def _periods(session: TrainerSession, lang: str) -> Markup:
    buttons = [
        Markup(
            '<button type="button" class="sk-button" data-action="missed" data-value="{days}" '
            'aria-pressed="{pressed}">{label}</button>'
        ).format(days=days, pressed=str(days == session.missed_days).lower(),
                 label=text("trainer_missed_days", lang, days=days))
        for days in WINDOWS
    ]
    return Markup(
        '<div class="sk-trainer-actions" data-role="missed-periods" role="group" aria-label="{label}">{buttons}</div>'
    ).format(label=text("trainer_missed_period", lang), buttons=Markup("").join(buttons))


def _item(session: TrainerSession, missed: MissedPuzzle, lang: str) -> Markup:
    if missed.lesson:
        found = lesson_item(missed.item)
        puzzle = found[1] if found is not None else None
        group = lesson_title(missed.theme, lang)
    else:
        puzzle = session.bank.get(missed.item) if missed.item in session.bank else None
        group = _set_title(session, missed.theme, lang)
    title = puzzle.title(lang) if puzzle is not None else missed.item
    when = when_said(missed.at, session.clock()).render(lang)
    line = text("trainer_missed_line", lang, set=group, when=when)
    solved = session.progress.get(missed.item).solved
    since = Markup(' <span class="sk-trainer-earned">{t}</span>').format(t=text("trainer_missed_solved_since", lang))
    here = session.puzzle is not None and session.puzzle.id == missed.item
    replay = action_button("replay", text("trainer_missed_replay", lang, title=title), missed.item,
                           disabled=puzzle is None)
    return Markup(
        '<li data-item="{item}" data-set="{set}" data-at="{at}"{lesson}{here}>{replay} '
        '<span class="sk-legend">{line}</span>{since}</li>'
    ).format(item=missed.item, set=missed.theme, at=missed.at.isoformat(), replay=replay, line=line,
             lesson=Markup(' data-lesson="{slug}"').format(slug=missed.theme) if missed.lesson else Markup(),
             since=since if solved else Markup(), here=Markup(' aria-current="true"') if here else Markup())


def missed_html(session: TrainerSession, lang: str) -> Markup:
    """The two buttons ("What you missed", "Practise my weakest set"), and the list while it is open."""
    body = Markup()
    if session.missed_days is not None:
        found = session.missed()
        if found:
            items = Markup("").join(_item(session, missed, lang) for missed in found)
            listing = Markup('<ol class="sk-trainer-missed-list" data-role="missed-list">{items}</ol>').format(
                items=items)
        else:
            listing = Markup('<p class="sk-legend" data-role="missed-none">{t}</p>').format(
                t=text("trainer_missed_none", lang, days=session.missed_days))
        body = Markup('<div id="sk-trainer-missed-list">{periods}{listing}</div>').format(
            periods=_periods(session, lang), listing=listing)
    return Markup(
        '<section class="sk-trainer-missed" data-role="missed" aria-label="{label}">'
        '<div class="sk-trainer-actions">{toggle}{weakest}</div>{body}</section>'
    ).format(label=text("trainer_missed_open", lang), toggle=_toggle(session, lang),
             weakest=_weakest(session, lang), body=body)
