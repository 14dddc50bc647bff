"""A poll's live tally as an SVG bar chart: one horizontal bar per option, the right one marked once revealed.

Horizontal bars leave room for long option texts (card lists, sentences). Labels are parameters,
so the caller picks the language; every text is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from .charts import FONT

BAR_COLOUR = "var(--sk-brand, #3b82f6)"
RIGHT_COLOUR = "var(--sk-success, #2e7d32)"
ROW_HEIGHT = 44
LABEL_WIDTH = 300
SHOWN_LABEL = 34  # characters of an option shown beside its bar (the whole text is in its <title>)


def _short(label: str) -> str:
    return label if len(label) <= SHOWN_LABEL else label[: SHOWN_LABEL - 1] + "…"


def poll_chart_svg(
    tally: Sequence[tuple[str, int]], *, title: str, count_label: str, answer: str | None = None, width: int = 760
) -> Markup:
    """Bars for ``tally`` (option, how many chose it) in the given order; ``answer`` (if revealed) drawn green.

    Each bar group carries ``data-option`` and ``data-count`` (tests and the benchmark read them).
    """
    top = max([count for _, count in tally] + [1])
    height = 40 + ROW_HEIGHT * max(len(tally), 1)
    plot = width - LABEL_WIDTH - 60
    rows = []
    for i, (option, count) in enumerate(tally):
        y = 34 + i * ROW_HEIGHT
        right = answer is not None and option == answer
        rows.append(Markup(
            '<g data-option="{option}" data-count="{count}"{right_attr}>'
            '<title>{option}: {count}</title>'
            '<text x="{lx}" y="{ty}" font-size="18" text-anchor="end" fill="currentColor"{weight}>'
            '{mark}{short}</text>'
            '<rect x="{bx}" y="{y}" width="{bw:.1f}" height="{bh}" rx="4" style="fill: {colour}"></rect>'
            '<text x="{cx:.1f}" y="{ty}" font-size="18" fill="currentColor">{count}</text></g>'
        ).format(
            option=option, count=count, right_attr=Markup(' data-correct="true"') if right else Markup(""),
            lx=LABEL_WIDTH - 10, ty=y + ROW_HEIGHT / 2 + 1,
            weight=Markup(' font-weight="700"') if right else Markup(""),
            mark="✔ " if right else "", short=_short(option), bx=LABEL_WIDTH, y=y + 6,
            bw=max(plot * count / top, 2.0), bh=ROW_HEIGHT - 14, colour=RIGHT_COLOUR if right else BAR_COLOUR,
            cx=LABEL_WIDTH + max(plot * count / top, 2.0) + 8,
        ))
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" class="sk-chart sk-poll-chart" data-role="poll-chart" '
        'viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{title}" {font}>'
        '<title>{title}</title>'
        '<text x="{lx}" y="22" font-size="16" text-anchor="end" fill="currentColor">{title}</text>'
        '<text x="{bx}" y="22" font-size="14" fill="currentColor">{count_label}</text>{rows}</svg>'
    ).format(w=width, h=height, title=title, font=FONT, lx=LABEL_WIDTH - 10, bx=LABEL_WIDTH,
             count_label=count_label, rows=Markup("").join(rows))
