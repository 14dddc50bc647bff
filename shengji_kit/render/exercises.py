"""Exercises as data (question, choices, feedback) and as HTML with the answer and feedback hooks.

Hooks: every answer is a ``<button data-answer="…">`` (card answers also carry ``data-card``);
the feedback line is ``data-role="feedback"``; ``data-action="new"`` asks for the next question
and ``data-action="undo"`` takes back the last pick of an ordering question.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

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


def _choice_html(choice: Choice, chosen: bool, lang: str) -> str:
    if choice.cards:
        buttons = "".join(
            card_button(card, None, (), lang, attrs={"data-answer": choice.answer}) for card in choice.cards
        )
        seat = f'<span class="sk-slot-name">{escape(seat_name(choice.seat, lang))}</span>' if choice.seat is not None else ""
        return (
            f'<div class="sk-answer-play" data-chosen="{str(chosen).lower()}">'
            f'<div class="sk-row">{buttons}</div>{seat}</div>'
        )
    pressed = "true" if chosen else "false"
    return (
        f'<button type="button" class="sk-button" data-answer="{escape(choice.answer)}" '
        f'aria-pressed="{pressed}">{escape(text(choice.label_code, lang))}</button>'
    )


def _order_html(question: Question, picks: Sequence[str], lang: str) -> str:
    by_answer = {choice.answer: choice for choice in question.choices}
    pool = "".join(
        card_button(card, None, (), lang, attrs={"data-answer": choice.answer})
        for choice in question.choices
        if choice.answer not in picks
        for card in choice.cards
    )
    picked = "".join(
        card_button(card, None, ("selected",), lang, focusable=False)
        for answer in picks
        for card in by_answer[answer].cards
    )
    return (
        f'<div class="sk-legend">{text("ui_pick_hint", lang)}</div>'
        f'<div class="sk-answers sk-row" data-role="pool">{pool}</div>'
        f'<div class="sk-order-picked"><span class="sk-control-label">{text("ui_your_order", lang)}</span>'
        f'<div class="sk-row" data-role="picked">{picked}</div>'
        f'<button type="button" class="sk-button" data-action="undo"{"" if picks else " disabled"}>'
        f'{text("ui_undo", lang)}</button></div>'
    )


def question_html(
    title: str,
    question: Question,
    lang: str,
    picks: Sequence[str] = (),
    feedback: Feedback | None = None,
    score: tuple[int, int] = (0, 0),
) -> str:
    """A whole exercise panel: title, trump context, prompt, answers, feedback, next button."""
    shown = ""
    if question.shown:
        shown = card_row_html(question.shown, lang, attrs={"data-role": "shown"}, classes=["sk-shown"])
    if question.kind == ORDER:
        answers = _order_html(question, picks, lang)
    else:
        answers = '<div class="sk-answers">{}</div>'.format(
            "".join(_choice_html(choice, choice.answer in picks, lang) for choice in question.choices)
        )
    kind = "" if feedback is None else ("ok" if feedback.ok else "error")
    message = "" if feedback is None else feedback.message(lang)
    right, asked = score
    return (
        f'<div class="sk-panel sk-exercise" data-role="exercise"><div class="sk-panel-head">'
        f'<span class="sk-panel-title">{escape(title)}</span>'
        f'<span class="sk-score" data-role="score">{text("ui_score", lang, right=right, asked=asked)}</span>'
        f"{lang_button(lang)}</div>"
        f'<div class="sk-question" data-role="question">{escape(question.prompt(lang))}</div>'
        f"{shown}{answers}"
        f'<div class="sk-feedback" data-role="feedback" data-kind="{kind}" aria-live="polite">'
        f"{escape(message)}</div>"
        f'<button type="button" class="sk-button sk-primary" data-action="new">'
        f'{text("ui_new_question", lang)}</button></div>'
    )
