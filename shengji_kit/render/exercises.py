"""Messages around a lesson's exercise blocks: the broken items of a lesson file, a panel that only says something."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ..puzzles.problems import Problem
from ..words.catalogue import text


def problems_html(problems: Sequence[Problem], lang: str) -> Markup:
    """The broken items of a lesson file, each with file, id and field, the reason in ``lang`` where it is
    known (empty when there are none)."""
    if not problems:
        return Markup()
    items = Markup("").join(
        Markup("<li>{line}</li>").format(
            line=text("ex_broken_item", lang, file=p.file, item=p.puzzle_id or "—", field=p.field, message=p.text(lang))
        )
        for p in problems
    )
    return Markup(
        '<div class="sk-message" data-role="problems" data-kind="error">{title}<ul>{items}</ul></div>'
    ).format(title=text("ex_broken_title", lang), items=items)


def notice_html(lines: Sequence[str], kind: str = "error", langs: Sequence[str] = ()) -> Markup:
    """A panel holding only a message (a missing lesson file, a cell run out of order); ``langs``, when
    given, names each line's language so a browser and a screen reader pick the right voice and font."""
    tags = list(langs) or [""] * len(lines)
    body = Markup("").join(
        Markup('<p lang="{lang}">{line}</p>').format(lang=lang, line=line)
        if lang
        else Markup("<p>{line}</p>").format(line=line)
        for lang, line in zip(tags, lines, strict=True)
    )
    return Markup(
        '<div class="sk-panel"><div class="sk-message" data-role="notice" data-kind="{kind}">{body}</div></div>'
    ).format(kind=kind, body=body)
