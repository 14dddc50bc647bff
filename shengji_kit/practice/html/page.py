"""The whole trainer panel: header, message line, set chooser, puzzle strip, the puzzle, help.

Hooks: ``data-role`` = trainer, stars, message, modes, missed (``_missed_html``), strip, puzzle, question, position,
answers, feedback, result, hint, showme, record; ``data-action`` = lang, mode, goto, hint,
show, next (and the answer-building actions of ``answers.py``).
"""

from __future__ import annotations

from markupsafe import Markup

from ...puzzles import Puzzle
from ...render.table import lang_button
from ...words import ERROR
from ...words.catalogue import text
from ..choose import AUTO
from ..coach_hint import puzzle_hint
from ..missed_lessons import lesson_title
from ..rating_words import game_said, rating_said, theme_said
from ..session import TrainerSession
from ..showme import answer_text, right_choices
from ..visit import Visit
from ._answer_controls import answers_html
from ._missed_html import missed_html
from ._position_html import position_html
from .parts import action_button, key_of, labelled_row, paragraphs

_SYMBOLS = {"star": "★", "solved": "✓", "tried": "•", "new": ""}


def _header(session: TrainerSession, lang: str) -> Markup:
    stars, solved, total = session.star_tally()
    label = text("trainer_stars_label", lang, stars=stars, solved=solved, total=total)
    return Markup(
        '<div class="sk-panel-head"><span class="sk-panel-title">{title}</span>'
        '<span class="sk-trainer-stars" data-role="stars" title="{label}" aria-label="{label}">'
        "{stars}</span>{lang_button}</div>"
    ).format(
        title=text("trainer_title", lang), label=label, stars=text("trainer_stars", lang, stars=stars, total=total),
        lang_button=lang_button(lang),
    )


def _messages(session: TrainerSession, lang: str) -> Markup:
    notices = session.notices
    kind = next((n.kind for n in notices if n.kind == ERROR), notices[0].kind if notices else "")
    body = Markup("").join(
        Markup('<p data-notice="{code}">{text}</p>').format(code=n.code, text=n.render(lang)) for n in notices
    )
    return Markup(
        '<div class="sk-message sk-trainer-message" data-role="message" data-kind="{kind}" aria-live="polite">'
        "{body}</div>"
    ).format(kind=kind, body=body)


def _modes(session: TrainerSession, lang: str) -> Markup:
    buttons = [_mode_button(AUTO, text("trainer_mode_auto", lang), "", session.mode == AUTO)]
    for puzzle_set in session.bank.sets:
        stars, solved, total = session.star_tally(list(puzzle_set.puzzles))
        tally = text("trainer_set_tally", lang, solved=solved, total=total, stars=stars)
        buttons.append(_mode_button(puzzle_set.id, puzzle_set.title(lang), tally, session.mode == puzzle_set.id))
    if session.mode == AUTO:
        about = text("trainer_mode_auto_about", lang)
    else:
        about = session.bank.get_set(session.mode).description(lang)
    return Markup(
        '<div class="sk-trainer-modes" data-role="modes" role="group" aria-label="{label}">'
        '{buttons}</div><div class="sk-legend" data-role="mode-about">{about}</div>{rating}'
    ).format(label=text("trainer_modes", lang), buttons=Markup("").join(buttons), about=about,
             rating=_rating_summary(session, lang))


def _rating_summary(session: TrainerSession, lang: str) -> Markup:
    """The learner's rating with its uncertainty in words; in a set, that set's rating; else the weakest set."""
    ratings, learner = session.ratings, session.learner
    if not ratings.has_played(learner):
        lines = [text("trainer_rating_none", lang)]
    else:
        lines = [rating_said(ratings.learner(learner)).render(lang)]
        weakest = ratings.weakest_theme(learner)
        if session.mode != AUTO and ratings.has_played(learner, session.mode):
            lines.append(theme_said(ratings.theme(learner, session.mode)).render(lang))
        elif weakest is not None and len({t for who, t in ratings.themes if who == learner}) > 1:
            weakest_set = next((s for s in session.bank.sets if s.id == weakest), None)
            name = weakest_set.title(lang) if weakest_set is not None else weakest
            lines.append(text("trainer_rating_weakest", lang, set=name))
    return Markup('<div class="sk-legend sk-trainer-rating" data-role="rating">{lines}</div>').format(
        lines=Markup(" ").join(Markup("<span>{line}</span>").format(line=line) for line in lines)
    )


def _mode_button(mode: str, title: str, tally: str, pressed: bool) -> Markup:
    small = Markup('<small class="sk-trainer-tally">{tally}</small>').format(tally=tally) if tally else ""
    return Markup(
        '<button type="button" class="sk-button sk-trainer-mode" data-action="mode" data-value="{mode}" '
        'aria-pressed="{pressed}"><span>{title}</span>{small}</button>'
    ).format(mode=mode, pressed=str(pressed).lower(), title=title, small=small)


STRIP_MOST = 24
"""A set longer than this (a mined theme holds hundreds) shows this many dots around the open puzzle."""


def _strip(session: TrainerSession, lang: str) -> Markup:
    current = session.puzzle
    items: list[Markup] = []
    puzzles = session.set_puzzles()
    here_at = next((k for k, p in enumerate(puzzles) if current and p.id == current.id), 0)
    first = min(max(0, here_at - STRIP_MOST // 2), max(0, len(puzzles) - STRIP_MOST))
    for number, puzzle in enumerate(puzzles[first:first + STRIP_MOST], start=first + 1):
        standing = session.progress.get(puzzle.id).standing
        state = text(f"trainer_state_{standing}", lang)
        label = text("trainer_strip_item", lang, number=number, title=puzzle.title(lang), state=state)
        here = Markup(' aria-current="true"') if current and puzzle.id == current.id else ""
        items.append(
            Markup(
                '<button type="button" class="sk-trainer-dot" data-action="goto" data-value="{id}" '
                'data-standing="{standing}" aria-label="{label}" title="{label}"{here}>'
                '{number}<span aria-hidden="true">{symbol}</span></button>'
            ).format(
                id=puzzle.id, standing=standing, label=label, here=here, number=number, symbol=_SYMBOLS[standing],
            )
        )
    return Markup(
        '<nav class="sk-trainer-strip" data-role="strip" aria-label="{label}">{items}</nav>'
    ).format(label=text("trainer_strip", lang), items=Markup("").join(items))


def _record(session: TrainerSession, puzzle: Puzzle, lang: str) -> Markup:
    if session.lesson_replay:  # a missed lesson exercise, replayed: its lesson, and that nothing is counted
        return Markup('<div class="sk-trainer-record" data-role="record" data-lesson="{slug}">{text}</div>').format(
            slug=session.lesson_replay, text=text("trainer_missed_lesson_replay", lang,
                                                  lesson=lesson_title(session.lesson_replay, lang)))
    record = session.record
    dots = "●" * puzzle.difficulty + "○" * (5 - puzzle.difficulty)
    difficulty = text("trainer_difficulty", lang, level=puzzle.difficulty)
    parts = [
        Markup('<span title="{difficulty}"><span aria-hidden="true">{dots}</span> {difficulty}</span>').format(
            difficulty=difficulty, dots=dots
        ),
        Markup("<span>{attempts}</span>").format(attempts=text("trainer_attempts", lang, count=record.attempts)),
    ]
    if record.star:
        parts.append(
            Markup('<span class="sk-trainer-earned">{text}</span>').format(text=text("trainer_star_earned", lang))
        )
    elif record.star_lost:
        parts.append(Markup('<span class="sk-trainer-lost">{text}</span>').format(text=text("trainer_star_lost", lang)))
    return Markup('<div class="sk-trainer-record" data-role="record">{parts}</div>').format(
        parts=Markup("").join(parts)
    )


def feedback_message(visit: Visit, lang: str) -> Markup:
    """What the feedback line says (the trainer's and a lesson block's): a right answer with its explanation;
    a wrong one only why it fails and "try again, or show me" (the answer is revealed by "show me" alone)."""
    feedback = visit.feedback
    if feedback is None:
        return Markup()
    if feedback.correct:
        return paragraphs(feedback.message(lang))
    if visit.show is not None:
        return paragraphs(feedback.verdict(lang))
    return paragraphs(f"{feedback.verdict(lang)}\n\n{text('trainer_try_again', lang)}")


def _feedback(visit: Visit, lang: str) -> Markup:
    feedback = visit.feedback
    kind = "" if feedback is None else ("ok" if feedback.correct else "error")
    message = feedback_message(visit, lang)
    result = ""
    if visit.solved:
        code = "trainer_solved_star" if visit.earned_star else "trainer_solved"
        result = Markup('<div class="sk-trainer-result" data-role="result">{text}</div>').format(text=text(code, lang))
    if visit.game is not None:  # the first try was a rated game: the new rating, said after it
        result += Markup('<div class="sk-legend" data-role="rating-moved">{text}</div>').format(
            text=game_said(visit.game).render(lang)
        )
    return Markup(
        '<div class="sk-feedback sk-trainer-feedback" data-role="feedback" data-kind="{kind}" '
        'data-announce="{said}" data-announce-key="{key}">{message}</div>{result}'
    ).format(
        kind=kind, message=message, result=result, said=message.striptags(), key=f"{visit.puzzle.id}:{visit.tries}"
    )


def hint_html(visit: Visit, lang: str) -> Markup:
    if not visit.hint_shown:
        return Markup()
    return Markup(
        '<div class="sk-trainer-hint" data-role="hint"><b>{label}</b> {hint}</div>'
    ).format(label=text("trainer_hint_label", lang), hint=puzzle_hint(visit.puzzle, lang))


def show_html(visit: Visit, lang: str, revealed: str = "trainer_revealed") -> Markup:
    """"Show me" (the trainer's and a lesson block's): each trick of an endgame, then the answer and why;
    before a solve a note (``revealed``) that it cost the star."""
    show = visit.show
    if show is None:
        return Markup()
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
    body = Markup("").join(Markup("<p>{line}</p>").format(line=paragraphs(line)) for line in lines)
    following = Markup()
    if not show.finished:
        following = action_button("show", text("trainer_show_next", lang), primary=True, autofocus=True)
    note = Markup()
    if not visit.solved:
        note = Markup('<p class="sk-legend">{text}</p>').format(text=text(revealed, lang))
    return Markup(
        '<div class="sk-trainer-showme" data-role="showme" data-step="{step}" data-steps="{steps}">'
        "{body}{sorted_row}{following}{note}</div>"
    ).format(step=show.step, steps=show.steps, body=body, sorted_row=sorted_row, following=following, note=note)


def _controls(session: TrainerSession, visit: Visit, lang: str) -> Markup:
    record = session.record
    costs = not visit.solved and not record.star and not record.star_lost and not session.lesson_replay
    hint_label = text("trainer_hint" if costs else "trainer_hint_free", lang)
    hint = action_button("hint", hint_label, disabled=visit.hint_shown)
    show = action_button("show", text("trainer_show", lang), disabled=visit.show is not None)
    finished = visit.locked and (visit.show is None or visit.show.finished)
    following = action_button("next", text("trainer_next", lang), primary=finished, autofocus=finished)
    puzzle = visit.puzzle
    count = len(puzzle.question.choices()) if puzzle.kind != "trick_winner" else len(puzzle.table.trick)
    last = "9, 0" if count >= 10 else key_of(count - 1)
    keys = text("trainer_keys", lang, last=last) if count else text("trainer_keys_plain", lang)
    return Markup(
        '<div class="sk-trainer-actions">{hint}{show}{following}</div>'
        '<div class="sk-legend sk-trainer-keys">{keys}</div>'
    ).format(hint=hint, show=show, following=following, keys=keys)


def _puzzle(session: TrainerSession, visit: Visit, lang: str) -> Markup:
    puzzle = visit.puzzle
    show = visit.show
    right: set[str] = set()
    if visit.solved or (show is not None and show.finished):
        right = {choice.value for choice in right_choices(puzzle)}
    staging = show is not None and show.trick is not None
    answers = "" if staging else answers_html(visit, lang, right)
    return Markup(
        '<section class="sk-trainer-puzzle" data-role="puzzle" data-puzzle="{id}" '
        'data-kind="{kind}" data-solved="{solved}">'
        '<h2 class="sk-trainer-title">{title}</h2>{record}'
        '<div class="sk-question" data-role="question">{prompt}</div>'
        "{position}{answers}{feedback}{hint}{show}{controls}</section>"
    ).format(
        id=puzzle.id, kind=puzzle.kind, solved=str(visit.solved).lower(), title=puzzle.title(lang),
        record=_record(session, puzzle, lang), prompt=puzzle.prompt(lang), position=position_html(visit, lang),
        answers=answers, feedback=_feedback(visit, lang), hint=hint_html(visit, lang), show=show_html(visit, lang),
        controls=_controls(session, visit, lang),
    )


def trainer_html(session: TrainerSession, lang: str, timed: str = "") -> Markup:
    """The trainer as one HTML string in ``lang``; ``timed`` is the timed run's start section (``_timed_html``)."""
    visit = session.visit
    body = _puzzle(session, visit, lang) if visit else ""
    return Markup(
        '<div class="sk-panel sk-trainer" data-role="trainer" lang="{lang}">'
        "{header}{messages}{modes}{missed}{timed}{strip}{body}</div>"
    ).format(
        lang=lang, header=_header(session, lang), messages=_messages(session, lang), modes=_modes(session, lang),
        missed=missed_html(session, lang), timed=timed, strip=_strip(session, lang), body=body,
    )
