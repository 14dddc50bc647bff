"""The whole trainer panel: header, message line, set chooser, puzzle strip, the puzzle, help.

Hooks: ``data-role`` = trainer, stars, message, modes, strip, puzzle, question, position,
answers, feedback, result, hint, showme, record; ``data-action`` = lang, mode, goto, hint,
show, next (and the answer-building actions of ``answers.py``).
"""

from __future__ import annotations

from html import escape

from ...engine.catalogue import text
from ...puzzles import Puzzle
from ...render.table import lang_button
from ..choose import AUTO
from ..notice import ERROR
from ..session import TrainerSession
from ..showme import answer_text, right_choices
from ..visit import Visit
from .answers import answers_html
from .parts import action_button, key_of, labelled_row, paragraphs
from .position import position_html

_SYMBOLS = {"star": "★", "solved": "✓", "tried": "•", "new": ""}


def _header(session: TrainerSession, lang: str) -> str:
    stars, solved, total = session.star_tally()
    label = text("trainer_stars_label", lang, stars=stars, solved=solved, total=total)
    return (
        f'<div class="sk-panel-head"><span class="sk-panel-title">{escape(text("trainer_title", lang))}</span>'
        f'<span class="sk-trainer-stars" data-role="stars" title="{escape(label)}" aria-label="{escape(label)}">'
        f'{escape(text("trainer_stars", lang, stars=stars, total=total))}</span>{lang_button(lang)}</div>'
    )


def _messages(session: TrainerSession, lang: str) -> str:
    notices = session.notices
    kind = next((n.kind for n in notices if n.kind == ERROR), notices[0].kind if notices else "")
    body = "".join(f'<p data-notice="{escape(n.code)}">{escape(n.render(lang))}</p>' for n in notices)
    return f'<div class="sk-message sk-trainer-message" data-role="message" data-kind="{kind}" aria-live="polite">{body}</div>'


def _modes(session: TrainerSession, lang: str) -> str:
    buttons = [_mode_button(AUTO, text("trainer_mode_auto", lang), "", session.mode == AUTO)]
    for puzzle_set in session.bank.sets:
        stars, solved, total = session.star_tally(list(puzzle_set.puzzles))
        tally = text("trainer_set_tally", lang, solved=solved, total=total, stars=stars)
        buttons.append(_mode_button(puzzle_set.id, puzzle_set.title(lang), tally, session.mode == puzzle_set.id))
    if session.mode == AUTO:
        about = text("trainer_mode_auto_about", lang)
    else:
        about = session.bank.get_set(session.mode).description(lang)
    return (
        f'<div class="sk-trainer-modes" data-role="modes" role="group" aria-label="{escape(text("trainer_modes", lang))}">'
        f'{"".join(buttons)}</div><div class="sk-legend" data-role="mode-about">{escape(about)}</div>'
    )


def _mode_button(mode: str, title: str, tally: str, pressed: bool) -> str:
    small = f'<small class="sk-trainer-tally">{escape(tally)}</small>' if tally else ""
    return (
        f'<button type="button" class="sk-button sk-trainer-mode" data-action="mode" data-value="{escape(mode)}" '
        f'aria-pressed="{str(pressed).lower()}"><span>{escape(title)}</span>{small}</button>'
    )


def _strip(session: TrainerSession, lang: str) -> str:
    current = session.puzzle
    items: list[str] = []
    for number, puzzle in enumerate(session.set_puzzles(), start=1):
        standing = session.progress.get(puzzle.id).standing
        state = text(f"trainer_state_{standing}", lang)
        label = text("trainer_strip_item", lang, number=number, title=puzzle.title(lang), state=state)
        here = ' aria-current="true"' if current and puzzle.id == current.id else ""
        items.append(
            f'<button type="button" class="sk-trainer-dot" data-action="goto" data-value="{escape(puzzle.id)}" '
            f'data-standing="{standing}" aria-label="{escape(label)}" title="{escape(label)}"{here}>'
            f'{number}<span aria-hidden="true">{_SYMBOLS[standing]}</span></button>'
        )
    return (
        f'<nav class="sk-trainer-strip" data-role="strip" aria-label="{escape(text("trainer_strip", lang))}">'
        f'{"".join(items)}</nav>'
    )


def _record(session: TrainerSession, puzzle: Puzzle, lang: str) -> str:
    record = session.record
    dots = "●" * puzzle.difficulty + "○" * (5 - puzzle.difficulty)
    parts = [
        f'<span title="{escape(text("trainer_difficulty", lang, level=puzzle.difficulty))}">'
        f'<span aria-hidden="true">{dots}</span> {escape(text("trainer_difficulty", lang, level=puzzle.difficulty))}</span>',
        f'<span>{escape(text("trainer_attempts", lang, count=record.attempts))}</span>',
    ]
    if record.star:
        parts.append(f'<span class="sk-trainer-earned">{escape(text("trainer_star_earned", lang))}</span>')
    elif record.star_lost:
        parts.append(f'<span class="sk-trainer-lost">{escape(text("trainer_star_lost", lang))}</span>')
    return f'<div class="sk-trainer-record" data-role="record">{"".join(parts)}</div>'


def _feedback(visit: Visit, lang: str) -> str:
    feedback = visit.feedback
    kind = "" if feedback is None else ("ok" if feedback.correct else "error")
    message = "" if feedback is None else paragraphs(feedback.message(lang))
    result = ""
    if visit.solved:
        code = "trainer_solved_star" if visit.earned_star else "trainer_solved"
        result = f'<div class="sk-trainer-result" data-role="result">{escape(text(code, lang))}</div>'
    return (
        f'<div class="sk-feedback sk-trainer-feedback" data-role="feedback" data-kind="{kind}" '
        f'aria-live="polite">{message}</div>{result}'
    )


def _hint(visit: Visit, lang: str) -> str:
    if not visit.hint_shown:
        return ""
    return (
        f'<div class="sk-trainer-hint" data-role="hint"><b>{escape(text("trainer_hint_label", lang))}</b> '
        f"{escape(visit.puzzle.hint(lang))}</div>"
    )


def _show(visit: Visit, lang: str) -> str:
    show = visit.show
    if show is None:
        return ""
    lines: list[str] = []
    trick = show.trick
    if trick is not None:
        lines.append(text("trainer_show_trick", lang, number=show.step, count=show.steps,
                          seat=trick.winner, gained=trick.gained, total=show.total()))
        if trick.kitty_bonus:
            lines.append(text("trainer_show_kitty", lang, bonus=trick.kitty_bonus))
    if show.finished:
        lines.append(text("trainer_answer_is", lang, answer=answer_text(visit.puzzle, lang)))
        lines.append(visit.puzzle.explanation(lang))
    sorted_row = ""
    if show.finished and visit.draft.cards and visit.puzzle.question.answer_format == "cards":
        ordered = visit.puzzle.table.trump.sorted(visit.draft.cards)
        sorted_row = labelled_row(text("trainer_answer_is", lang, answer=""), ordered, lang, "showme-cards")
    body = "".join(f"<p>{paragraphs(line)}</p>" for line in lines)
    step = ""
    if not show.finished:
        step = action_button("show", text("trainer_show_next", lang), primary=True, autofocus=True)
    note = "" if visit.solved else f'<p class="sk-legend">{escape(text("trainer_revealed", lang))}</p>'
    return f'<div class="sk-trainer-showme" data-role="showme" data-step="{show.step}" data-steps="{show.steps}">{body}{sorted_row}{step}{note}</div>'


def _controls(session: TrainerSession, visit: Visit, lang: str) -> str:
    record = session.record
    costs = not visit.solved and not record.star and not record.star_lost
    hint = action_button("hint", text("trainer_hint" if costs else "trainer_hint_free", lang), disabled=visit.hint_shown)
    show = action_button("show", text("trainer_show", lang), disabled=visit.show is not None)
    finished = visit.locked and (visit.show is None or visit.show.finished)
    following = action_button("next", text("trainer_next", lang), primary=finished, autofocus=finished)
    count = len(visit.puzzle.question.choices()) if visit.puzzle.kind != "trick_winner" else len(visit.puzzle.table.trick)
    last = "9, 0" if count >= 10 else key_of(count - 1)
    keys = text("trainer_keys", lang, last=last) if count else text("trainer_keys_plain", lang)
    return f'<div class="sk-trainer-actions">{hint}{show}{following}</div><div class="sk-legend sk-trainer-keys">{escape(keys)}</div>'


def _puzzle(session: TrainerSession, visit: Visit, lang: str) -> str:
    puzzle = visit.puzzle
    show = visit.show
    right: set[str] = set()
    if visit.solved or (show is not None and show.finished):
        right = {choice.value for choice in right_choices(puzzle)}
    staging = show is not None and show.trick is not None
    answers = "" if staging else answers_html(visit, lang, right)
    return (
        f'<section class="sk-trainer-puzzle" data-role="puzzle" data-puzzle="{escape(puzzle.id)}" '
        f'data-kind="{escape(puzzle.kind)}" data-solved="{str(visit.solved).lower()}">'
        f'<h3 class="sk-trainer-title">{escape(puzzle.title(lang))}</h3>{_record(session, puzzle, lang)}'
        f'<div class="sk-question" data-role="question">{escape(puzzle.prompt(lang))}</div>'
        f"{position_html(visit, lang)}{answers}{_feedback(visit, lang)}{_hint(visit, lang)}{_show(visit, lang)}"
        f"{_controls(session, visit, lang)}</section>"
    )


def trainer_html(session: TrainerSession, lang: str) -> str:
    """The trainer as one HTML string in ``lang``."""
    visit = session.visit
    body = _puzzle(session, visit, lang) if visit else ""
    return (
        f'<div class="sk-panel sk-trainer" data-role="trainer" lang="{lang}">{_header(session, lang)}'
        f"{_messages(session, lang)}{_modes(session, lang)}{_strip(session, lang)}{body}</div>"
    )
