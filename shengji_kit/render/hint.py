"""The coach's panels on the table: the render side of coach/hint.py (and of the review's block).

The hint's reasons next to the hand (the tactic first, with a link to the lesson that teaches it),
the review's button and progress in the summary, and the review itself full-width under the board.
Pure functions of the coach's results and a language; every text is escaped (markupsafe), only our
own card drawings and ``render.review``'s escaped table go in as markup.
"""

from __future__ import annotations

from markupsafe import Markup

from ..coach import Hint, Review
from ..words import Message
from ..words.catalogue import text
from .review import lesson_link, review_html


def hint_panel_html(advice: Hint | None, lang: str, available: bool) -> Markup:
    """The reasons for the hint on show, or (on the learner's turn) how to ask for one."""
    if advice is not None:
        reasons = Markup("").join(_reason(reason, lang) for reason in advice.reasons)
        if not advice.reasons:
            code = "coachui_hint_forced" if len(advice.scored) <= 1 else "coachui_hint_plain"
            reasons = Markup('<li data-code="{code}">{message}</li>').format(code=code, message=text(code, lang))
        return Markup(
            '<div class="sk-coach-hint" data-role="hint" aria-live="polite"><b>{title}</b><ul>{reasons}</ul></div>'
        ).format(title=text("coachui_hint_title", lang, cards=advice.play), reasons=reasons)
    if available:
        return Markup('<div class="sk-coach-hint sk-coach-idle" data-role="hint-key">{key}</div>').format(
            key=text("coachui_hint_key", lang)
        )
    return Markup("")


def _reason(reason: Message, lang: str) -> Markup:
    """One reason of a hint, with a link to the lesson that teaches its idea when it is a tactic."""
    return Markup('<li data-code="{code}">{message}{link}</li>').format(
        code=reason.code, message=reason.render(lang), link=lesson_link(reason, lang)
    )


def review_block_html(
    review: Review | None, reviewing: bool, error: str | None, hints_used: int, lang: str,
    progress: tuple[int, int] | None = None,
) -> Markup:
    """In the summary: hints used, then the review button, or its progress while it thinks.

    The finished review is not drawn here but full-width under the board (``review_wide_html``).
    """
    used = Markup("")
    if hints_used:
        used = Markup('<p data-role="hints-used">{line}</p>').format(
            line=text("coachui_hint_count", lang, count=hints_used))
    if review is not None:
        body = Markup("")
    elif reviewing:
        done, total = progress or (0, 0)
        line = text("tactic_reviewing", lang, done=done, total=total) if total else text("coachui_reviewing", lang)
        body = Markup(
            '<p class="sk-coach-busy" data-role="reviewing" aria-live="polite">{busy}'
            '<progress data-role="review-progress" value="{done}" max="{total}">{done}/{total}</progress></p>'
        ).format(busy=line, done=done, total=max(total, 1))
    else:
        failed = Markup("")
        if error is not None:
            failed = Markup('<p data-role="review-error">{line}</p>').format(
                line=text("coachui_review_failed", lang, reason=error)
            )
        body = Markup(
            '{failed}<button type="button" class="sk-button" data-action="review">{label}</button>'
        ).format(failed=failed, label=text("coachui_review", lang))
    return Markup('<div class="sk-coach-review">{used}{body}</div>').format(used=used, body=body)


def review_wide_html(review: Review | None, lang: str) -> Markup:
    """The finished review, full-width under the board (empty until there is one)."""
    if review is None:
        return Markup("")
    return Markup('<section class="sk-review-wide" data-role="review">{table}</section>').format(
        table=Markup(review_html(review, lang))
    )
