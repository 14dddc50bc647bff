"""Exercises as data (question, choices, feedback) and as HTML with the answer and feedback hooks.

Hooks: every answer is a ``<button data-answer="…">`` (card answers also carry ``data-card``);
the feedback line is ``data-role="feedback"``; ``data-action="new"`` asks for the next question
and ``data-action="undo"`` takes back the last pick of an ordering question.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from markupsafe import Markup

from ..engine.cards import Card
from ..engine.catalogue import text
from ..engine.explain import seat_name
from ..engine.trump import Trump
from .hands import card_button, card_row_html
from .table import lang_button

CHOICE = "choice"
ORDER = "order"


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer, with a bilingual explanation from the catalogue."""

    ok: bool
    code: str
    params: Mapping[str, object] = field(default_factory=dict)
    notes: tuple[tuple[str, Mapping[str, object]], ...] = ()
    """Further sentences, each a catalogue code with its parameters."""

    def message(self, lang: str = "en") -> str:
        """``Right! …`` / ``Not quite. …`` followed by the explanation and the notes."""
        parts = [text("ui_right" if self.ok else "ui_wrong", lang)]
        parts.append(text(self.code, lang, **self.params))
        parts.extend(text(code, lang, **params) for code, params in self.notes)
        return text("join_sentences", lang).join(parts)


@dataclass(frozen=True)
class Choice:
    """One possible answer: shown as cards (with the seat that played them) or as a label."""

    answer: str
    cards: tuple[Card, ...] = ()
    label_code: str = ""
    seat: int | None = None


@dataclass(frozen=True)
class Question:
    """A question: ``choice`` (pick one answer) or ``order`` (pick every choice, in order)."""

    kind: str
    prompt_code: str
    prompt_params: Mapping[str, object]
    trump: Trump
    choices: tuple[Choice, ...]
    check: Callable[[tuple[str, ...]], Feedback]
    shown: tuple[Card, ...] = ()
    """Cards shown with the question (e.g. the card asked about)."""

    def prompt(self, lang: str = "en") -> str:
        return text(self.prompt_code, lang, **self.prompt_params)


def _choice_html(choice: Choice, chosen: bool, lang: str) -> Markup:
    if choice.cards:
        buttons = Markup("").join(
            card_button(card, None, (), lang, attrs={"data-answer": choice.answer}) for card in choice.cards
        )
        seat = Markup()
        if choice.seat is not None:
            seat = Markup('<span class="sk-slot-name">{name}</span>').format(name=seat_name(choice.seat, lang))
        return Markup(
            '<div class="sk-answer-play" data-chosen="{chosen}">'
            '<div class="sk-row">{buttons}</div>{seat}</div>'
        ).format(chosen=str(chosen).lower(), buttons=buttons, seat=seat)
    pressed = "true" if chosen else "false"
    return Markup(
        '<button type="button" class="sk-button" data-answer="{answer}" '
        'aria-pressed="{pressed}">{label}</button>'
    ).format(answer=choice.answer, pressed=pressed, label=text(choice.label_code, lang))


def _order_html(question: Question, picks: Sequence[str], lang: str) -> Markup:
    by_answer = {choice.answer: choice for choice in question.choices}
    pool = Markup("").join(
        card_button(card, None, (), lang, attrs={"data-answer": choice.answer})
        for choice in question.choices
        if choice.answer not in picks
        for card in choice.cards
    )
    picked = Markup("").join(
        card_button(card, None, ("selected",), lang, focusable=False)
        for answer in picks
        for card in by_answer[answer].cards
    )
    return Markup(
        '<div class="sk-legend">{ui_pick_hint}</div>'
        '<div class="sk-answers sk-row" data-role="pool">{pool}</div>'
        '<div class="sk-order-picked"><span class="sk-control-label">{ui_your_order}</span>'
        '<div class="sk-row" data-role="picked">{picked}</div>'
        '<button type="button" class="sk-button" data-action="undo"{disabled}>'
        "{ui_undo}</button></div>"
    ).format(
        disabled="" if picks else Markup(" disabled"),
        ui_pick_hint=text("ui_pick_hint", lang),
        pool=pool,
        ui_your_order=text("ui_your_order", lang),
        picked=picked,
        ui_undo=text("ui_undo", lang),
    )


def question_html(
    title: str,
    question: Question,
    lang: str,
    picks: Sequence[str] = (),
    feedback: Feedback | None = None,
    score: tuple[int, int] = (0, 0),
) -> Markup:
    """A whole exercise panel: title, trump context, prompt, answers, feedback, next button."""
    shown = Markup()
    if question.shown:
        shown = card_row_html(question.shown, lang, attrs={"data-role": "shown"}, classes=["sk-shown"])
    if question.kind == ORDER:
        answers = _order_html(question, picks, lang)
    else:
        choices = Markup("").join(_choice_html(choice, choice.answer in picks, lang) for choice in question.choices)
        answers = Markup('<div class="sk-answers">{choices}</div>').format(choices=choices)
    kind = "" if feedback is None else ("ok" if feedback.ok else "error")
    message = "" if feedback is None else feedback.message(lang)
    right, asked = score
    return Markup(
        '<div class="sk-panel sk-exercise" data-role="exercise"><div class="sk-panel-head">'
        '<span class="sk-panel-title">{title}</span>'
        '<span class="sk-score" data-role="score">{ui_score}</span>'
        "{lang_button}</div>"
        '<div class="sk-question" data-role="question">{prompt}</div>'
        "{shown}{answers}"
        '<div class="sk-feedback" data-role="feedback" data-kind="{kind}" aria-live="polite">'
        "{message}</div>"
        '<button type="button" class="sk-button sk-primary" data-action="new">'
        "{ui_new_question}</button></div>"
    ).format(
        title=title,
        ui_score=text("ui_score", lang, right=right, asked=asked),
        lang_button=lang_button(lang),
        prompt=question.prompt(lang),
        shown=shown,
        answers=answers,
        kind=kind,
        message=message,
        ui_new_question=text("ui_new_question", lang),
    )
