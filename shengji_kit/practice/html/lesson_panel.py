"""A lesson's exercise block: the item of its visit, where the block stands, the trainer's answer controls.

Hooks: ``data-role="exercise"`` (``data-item``, ``data-group``) holds ``where``, ``score``,
``question``, ``problems``, ``position``, ``answers``, ``feedback`` (``data-kind`` ok/error) and
``hint``, ``showme``; its own buttons are ``data-action`` = lang, hint (disabled once the hint is shown),
show, next. ``data-announce`` is the verdict a screen reader hears (the widget's polite live region), new
for each judged answer (``data-announce-key``). A wrong answer says why it fails and offers a retry;
the right answer is shown only by "show me" (as in the trainer).
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ...puzzles.problems import Problem
from ...render.exercises import problems_html
from ...render.table import lang_button
from ...words.catalogue import text
from ..showme import right_choices
from ..visit import Visit
from ._answer_controls import answers_html
from ._position_html import position_html
from .page import feedback_message, hint_html, show_html
from .parts import action_button


def lesson_html(visit: Visit, lang: str, number: int, total: int, dealt: bool, score: tuple[int, int],
                problems: Sequence[Problem] = ()) -> Markup:
    """The whole block: title, where it stands, prompt, position, answers, feedback, hint, "show me"."""
    puzzle, feedback = visit.puzzle, visit.feedback
    kind = "" if feedback is None else ("ok" if feedback.correct else "error")
    count = text("ex_panel_count", lang, number=number, total=total)
    where = text("ex_dealt_label", lang, total=total) if dealt else count
    show = visit.show
    shown = show is not None and show.finished
    right = {choice.value for choice in right_choices(puzzle)} if visit.solved or shown else set()
    staging = show is not None and show.trick is not None
    return Markup(
        '<div class="sk-panel sk-exercise" data-role="exercise" data-item="{item}" data-group="{group}"'
        ' data-announce="{verdict}" data-announce-key="{item}:{tries}">'
        '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>'
        '<span class="sk-legend" data-role="where">{where}</span>'
        '<span class="sk-score" data-role="score">{score}</span>{lang_button}</div>{problems}'
        '<div class="sk-question" data-role="question">{prompt}</div>{position}{answers}'
        '<div class="sk-feedback" data-role="feedback" data-kind="{kind}">{message}</div>'
        '{hint}{show}<div class="sk-actions">{hint_button}{show_button}{next}</div></div>'
    ).format(
        item=puzzle.id, group=puzzle.group, verdict=feedback_message(visit, lang).striptags(), tries=visit.tries,
        title=puzzle.title(lang), where=where,
        score=text("ui_score", lang, right=score[0], asked=score[1]), lang_button=lang_button(lang),
        problems=problems_html(problems, lang), prompt=puzzle.prompt(lang), position=position_html(visit, lang),
        answers="" if staging else answers_html(visit, lang, right), kind=kind, message=feedback_message(visit, lang),
        hint=hint_html(visit, lang), show=show_html(visit, lang, "fair_revealed"),
        hint_button=action_button("hint", text("ex_hint", lang), disabled=visit.hint_shown),
        show_button=action_button("show", text("trainer_show", lang), disabled=show is not None),
        next=action_button("next", text("ex_next", lang), primary=True),
    )
