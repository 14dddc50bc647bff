"""A lesson exercise (a ``Puzzle`` of the shared model) as an HTML panel with the answer hooks.

Hooks: offered answers are ``<button data-answer="…">``; the hand of a card-picking kind is a
``data-seat="0"`` hand whose cards send clicks; ``data-action`` buttons are ``check``, ``clear``,
``group``, ``hint`` and ``next``; the verdict is ``data-role="feedback"`` (``data-kind`` ok/error);
broken items of the lesson file are listed in ``data-role="problems"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from markupsafe import Markup

from ..engine.cards import Card
from ..engine.explain import seat_name
from ..puzzles.model import Feedback, Puzzle
from ..puzzles.problems import Problem
from ..words.catalogue import text
from .hands import card_row_html, hand_html
from .table import lang_button

CHOICE_FORMATS = ("choice", "seat", "option")
PICK_FORMATS = ("cards", "card_groups")


@dataclass(frozen=True)
class ExerciseView:
    """Everything one drawing of the panel needs: the item, where it stands, and the learner's state."""

    puzzle: Puzzle
    number: int
    total: int
    dealt: bool = False
    picks: tuple[int, ...] = ()
    groups: tuple[tuple[int, ...], ...] = ()
    feedback: Feedback | None = None
    score: tuple[int, int] = (0, 0)
    show_hint: bool = False
    problems: tuple[Problem, ...] = field(default=())


def hand_cards(puzzle: Puzzle) -> tuple[Card, ...]:
    """The one hand a card-picking item shows (empty for other kinds)."""
    hands = puzzle.table.hands or {}
    return next(iter(hands.values()), ()) if puzzle.question.answer_format in PICK_FORMATS else ()


def problems_html(problems: Sequence[Problem], lang: str) -> Markup:
    """The broken items of a lesson file, each with file, id and field (empty when there are none)."""
    if not problems:
        return Markup()
    items = Markup("").join(
        Markup("<li>{line}</li>").format(
            line=text("ex_broken_item", lang, file=p.file, item=p.puzzle_id or "—", field=p.field, message=p.message)
        )
        for p in problems
    )
    return Markup(
        '<div class="sk-message" data-role="problems" data-kind="error">{title}<ul>{items}</ul></div>'
    ).format(title=text("ex_broken_title", lang), items=items)


def _button(action: str, label: str, primary: bool = False, disabled: bool = False) -> Markup:
    return Markup('<button type="button" class="sk-button{primary}" data-action="{action}"{disabled}>{label}</button>').format(
        primary=" sk-primary" if primary else "", action=action, label=label,
        disabled=Markup(" disabled") if disabled else "",
    )


def context_html(puzzle: Puzzle, lang: str) -> Markup:
    """For choice kinds, the position the question is about: the trick so far and the hands given."""
    if puzzle.question.answer_format not in ("choice", "option"):
        return Markup()
    rows = [(seat, cards) for seat, cards in puzzle.table.trick or ()]
    rows += [(seat, cards) for seat, cards in (puzzle.table.hands or {}).items() if not puzzle.question.shown()]
    return Markup("").join(
        Markup('<div class="sk-controls" data-role="context" data-seat-shown="{seat}">'
               '<span class="sk-control-label">{name}</span>{cards}</div>').format(
            seat=seat, name=seat_name(seat, lang), cards=card_row_html(cards, lang)
        )
        for seat, cards in rows
    )


def _answers_html(view: ExerciseView, lang: str) -> Markup:
    question = view.puzzle.question
    fmt = question.answer_format
    if question.choices():
        chosen = Markup("").join(
            Markup('<button type="button" class="sk-button" data-answer="{value}">{label}</button>').format(
                value=choice.value, label=choice.label(lang)
            )
            for choice in question.choices()
        )
        return Markup('<div class="sk-answers">{chosen}</div>').format(chosen=chosen)
    cards = hand_cards(view.puzzle)
    if fmt not in PICK_FORMATS or not cards:
        return Markup('<div class="sk-legend" data-role="unsupported">{note}</div>').format(note=text("ex_unsupported", lang))
    grouped = {i for group in view.groups for i in group}
    hand = hand_html(cards, set(view.picks) | grouped, None, view.puzzle.table.trump, lang, 0)
    rows = Markup("").join(
        card_row_html([cards[i] for i in group], lang, attrs={"data-role": "group"}) for group in view.groups
    )
    picked = card_row_html([cards[i] for i in view.picks], lang, ("selected",), attrs={"data-role": "picked"})
    group_button = _button("group", text("ex_group", lang), disabled=not view.picks) if fmt == "card_groups" else Markup()
    return Markup(
        '<div class="sk-legend">{hint}</div>{hand}'
        '<div class="sk-order-picked"><span class="sk-control-label">{your_pick}</span>{rows}{picked}</div>'
        '<div class="sk-actions">{check}{group}{clear}</div>'
    ).format(
        hint=text("ex_pick_cards", lang), hand=hand, your_pick=text("ex_your_pick", lang), rows=rows,
        picked=picked, check=_button("check", text("ex_check", lang), primary=True), group=group_button,
        clear=_button("clear", text("ex_clear", lang)),
    )


def exercise_panel_html(view: ExerciseView, lang: str) -> Markup:
    """The whole panel: title, where it stands, prompt, shown cards, answers, feedback, hint, next."""
    puzzle = view.puzzle
    shown = puzzle.question.shown()
    shown_html = card_row_html(shown, lang, attrs={"data-role": "shown"}, classes=["sk-shown"]) if shown else Markup()
    feedback = view.feedback
    kind = "" if feedback is None else ("ok" if feedback.correct else "error")
    message = "" if feedback is None else feedback.message(lang)
    where = text("ex_dealt_label", lang) if view.dealt else text("ex_panel_count", lang, number=view.number, total=view.total)
    hint = Markup('<div class="sk-legend" data-role="hint">{hint}</div>').format(hint=puzzle.hint(lang)) if view.show_hint else Markup()
    right, asked = view.score
    return Markup(
        '<div class="sk-panel sk-exercise" data-role="exercise" data-item="{item}" data-group="{group}">'
        '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>'
        '<span class="sk-legend" data-role="where">{where}</span>'
        '<span class="sk-score" data-role="score">{score}</span>{lang_button}</div>'
        "{problems}"
        '<div class="sk-question" data-role="question">{prompt}</div>'
        "{shown}{context}{answers}"
        '<div class="sk-feedback" data-role="feedback" data-kind="{kind}" aria-live="polite">{message}</div>'
        "{hint_text}"
        '<div class="sk-actions">{hint_button}{next}</div></div>'
    ).format(
        item=puzzle.id, group=puzzle.group, title=puzzle.title(lang), where=where,
        score=text("ui_score", lang, right=right, asked=asked), lang_button=lang_button(lang),
        problems=problems_html(view.problems, lang), prompt=puzzle.prompt(lang), shown=shown_html, context=context_html(puzzle, lang),
        answers=_answers_html(view, lang), kind=kind, message=message, hint_text=hint,
        hint_button=_button("hint", text("ex_hint", lang)), next=_button("next", text("ex_next", lang), primary=True),
    )


def notice_html(lines: Sequence[str], kind: str = "error") -> Markup:
    """A panel holding only a message (a missing lesson file, a cell run out of order)."""
    body = Markup("").join(Markup("<p>{line}</p>").format(line=line) for line in lines)
    return Markup('<div class="sk-panel"><div class="sk-message" data-role="notice" data-kind="{kind}">{body}</div></div>').format(
        kind=kind, body=body
    )
