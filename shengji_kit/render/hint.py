"""The coach's panels on the table: the render side of coach/hint.py (and of the review's block).

The hint's reasons next to the hand, the review under the summary. Pure functions of the coach's
results and a language; every text is escaped (markupsafe), only our own card drawings and
``render.review``'s escaped table go in as markup.
"""

from __future__ import annotations

from markupsafe import Markup

from ..coach import Hint, Review
from ..words.catalogue import text
from .review import review_html


def hint_panel_html(advice: Hint | None, lang: str, available: bool) -> Markup:
    """The reasons for the hint on show, or (on the learner's turn) how to ask for one."""
    if advice is not None:
        reasons = Markup("").join(
            Markup('<li data-code="{code}">{message}</li>').format(code=reason.code, message=reason.render(lang))
            for reason in advice.reasons
        )
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


def review_block_html(
    review: Review | None, reviewing: bool, error: str | None, hints_used: int, lang: str
) -> Markup:
    """Under the summary: hints used, then the review button, its "reviewing…" state or its table."""
    used = Markup("")
    if hints_used:
        used = Markup('<p data-role="hints-used">{line}</p>').format(
            line=text("coachui_hint_count", lang, count=hints_used))
    if review is not None:
        body = Markup('<div data-role="review">{table}</div>').format(table=Markup(review_html(review, lang)))
    elif reviewing:
        body = Markup('<p class="sk-coach-busy" data-role="reviewing" aria-live="polite">{busy}</p>').format(
            busy=text("coachui_reviewing", lang)
        )
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
