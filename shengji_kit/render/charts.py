"""Bar charts and histograms as SVG, for the chances lesson: pure functions returning ``Markup``.

Colours come from the page (``currentColor`` for text and axes, ``--sk-brand`` for bars,
``--sk-success`` for exact markers, each with a fallback) so the charts read on dark themes too.
Every label is a parameter, so the caller picks the language; all text is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from ..chances import Estimate, KittyGain, KittyPoints
from ..words.catalogue import text

FONT = Markup("font-family=\"'Helvetica Neue',Arial,'Liberation Sans',sans-serif\"")
BAR_STYLE = Markup('style="fill: var(--sk-brand, #3b82f6)"')
EXACT_STYLE = Markup('style="stroke: var(--sk-success, #2e9d4b)"')
MEAN_STYLE = Markup('style="stroke: var(--sk-error, #d9534f)"')
_MARGIN_LEFT = 56
_MARGIN_RIGHT = 16
_MARGIN_TOP = 34
_MARGIN_BOTTOM = 58


def _format(value: float, percent: bool) -> str:
    if percent:
        shown = round(100 * value, 1)
        return f"{shown:.0f}%" if shown == int(shown) else f"{shown:.1f}%"
    return f"{value:.1f}" if value != int(value) else f"{int(value)}"


def _frame(width: int, height: int, title: str, body: Markup) -> Markup:
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" class="sk-chart" viewBox="0 0 {w} {h}" '
        'width="{w}" height="{h}" role="img" aria-label="{title}" {font}>'
        '<title>{title}</title>'
        '<text x="{cx}" y="20" font-size="15" font-weight="700" text-anchor="middle" '
        'fill="currentColor">{title}</text>{body}</svg>'
    ).format(w=width, h=height, title=title, font=FONT, cx=width / 2, body=body)


def _axes(width: int, height: int, top: float, percent: bool, x_label: str, y_label: str) -> Markup:
    """Both axes, three y ticks (0, half, top) with grid lines, and the axis labels."""
    left, bottom = _MARGIN_LEFT, height - _MARGIN_BOTTOM
    plot_h = bottom - _MARGIN_TOP
    parts = [
        Markup(
            '<line x1="{l}" y1="{t}" x2="{l}" y2="{b}" stroke="currentColor" stroke-width="1"/>'
            '<line x1="{l}" y1="{b}" x2="{r}" y2="{b}" stroke="currentColor" stroke-width="1"/>'
        ).format(l=left, t=_MARGIN_TOP, b=bottom, r=width - _MARGIN_RIGHT)
    ]
    for fraction in (0.5, 1.0):
        y = bottom - fraction * plot_h
        parts.append(
            Markup(
                '<line x1="{l}" y1="{y:.1f}" x2="{r}" y2="{y:.1f}" stroke="currentColor" '
                'stroke-opacity="0.2" stroke-dasharray="3 3"/>'
            ).format(l=left, y=y, r=width - _MARGIN_RIGHT)
        )
    for fraction in (0.0, 0.5, 1.0):
        y = bottom - fraction * plot_h
        parts.append(
            Markup(
                '<text x="{x}" y="{y:.1f}" font-size="11" text-anchor="end" fill="currentColor">{v}</text>'
            ).format(x=left - 5, y=y + 4, v=_format(top * fraction, percent))
        )
    parts.append(
        Markup(
            '<text x="{x}" y="{y}" font-size="12" text-anchor="middle" fill="currentColor">{label}</text>'
        ).format(x=(left + width - _MARGIN_RIGHT) / 2, y=height - 8, label=x_label)
    )
    parts.append(
        Markup(
            '<text x="14" y="{y}" font-size="12" text-anchor="middle" fill="currentColor" '
            'transform="rotate(-90 14 {y})">{label}</text>'
        ).format(y=(_MARGIN_TOP + bottom) / 2, label=y_label)
    )
    return Markup("").join(parts)


def _nice_top(largest: float, percent: bool) -> float:
    """A round upper bound for the value axis."""
    if largest <= 0:
        return 1.0
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0) if percent else ():
        if largest <= step:
            return step
    if percent:
        return 1.0
    scale = 1.0
    while largest > scale * 10:
        scale *= 10
    for multiple in (1, 2, 5, 10):
        if largest <= multiple * scale:
            return float(multiple * scale)
    return largest


def _legend(x: float, y: float, sampled_label: str, exact_label: str) -> Markup:
    return Markup(
        '<g class="sk-chart-legend" font-size="11">'
        '<rect x="{x}" y="{y0}" width="10" height="10" {bar}/>'
        '<text x="{tx}" y="{y1}" fill="currentColor">{sampled}</text>'
        '<line x1="{x}" y1="{y2}" x2="{x10}" y2="{y2}" stroke-width="3" {exact}/>'
        '<text x="{tx}" y="{y3}" fill="currentColor">{exact_label}</text></g>'
    ).format(
        x=x, y0=y, bar=BAR_STYLE, tx=x + 14, y1=y + 9, sampled=sampled_label,
        y2=y + 21, x10=x + 10, exact=EXACT_STYLE, y3=y + 25, exact_label=exact_label,
    )


def bar_chart_svg(
    bars: Sequence[tuple[str, float]],
    *,
    title: str,
    value_label: str,
    category_label: str = "",
    exact: Sequence[float | None] | None = None,
    sampled_label: str = "",
    exact_label: str = "",
    percent: bool = True,
    width: int = 520,
    height: int = 280,
) -> Markup:
    """One bar per (label, value); ``exact`` values are drawn as a marker across their bar."""
    top = _nice_top(max([v for _, v in bars] + [e for e in (exact or ()) if e is not None] + [0.0]), percent)
    left, bottom = _MARGIN_LEFT, height - _MARGIN_BOTTOM
    plot_w = width - _MARGIN_RIGHT - left
    plot_h = bottom - _MARGIN_TOP
    slot = plot_w / max(len(bars), 1)
    parts = [_axes(width, height, top, percent, category_label, value_label)]
    for i, (label, value) in enumerate(bars):
        bar_h = plot_h * min(value / top, 1.0)
        x = left + i * slot + slot * 0.15
        parts.append(
            Markup(
                '<rect class="sk-chart-bar" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" {style}>'
                '<title>{label}: {shown}</title></rect>'
                '<text x="{cx:.1f}" y="{vy:.1f}" font-size="11" text-anchor="middle" fill="currentColor">{shown}</text>'
                '<text x="{cx:.1f}" y="{ly}" font-size="11" text-anchor="middle" fill="currentColor">{label}</text>'
            ).format(
                x=x, y=bottom - bar_h, w=slot * 0.7, h=bar_h, style=BAR_STYLE, label=label,
                shown=_format(value, percent), cx=x + slot * 0.35, vy=bottom - bar_h - 4, ly=bottom + 15,
            )
        )
        marker = exact[i] if exact is not None and i < len(exact) else None
        if marker is not None:
            y = bottom - plot_h * min(marker / top, 1.0)
            parts.append(
                Markup(
                    '<line class="sk-chart-exact" x1="{x1:.1f}" y1="{y:.1f}" x2="{x2:.1f}" y2="{y:.1f}" '
                    'stroke-width="3" {style}><title>{label}: {shown}</title></line>'
                ).format(
                    x1=x - 3, x2=x + slot * 0.7 + 3, y=y, style=EXACT_STYLE,
                    label=exact_label or label, shown=_format(marker, percent),
                )
            )
    if exact is not None and (sampled_label or exact_label):
        parts.append(_legend(width - _MARGIN_RIGHT - 110, _MARGIN_TOP - 4, sampled_label, exact_label))
    return _frame(width, height, title, Markup("").join(parts))


def histogram_svg(
    law: Mapping[int, float],
    *,
    title: str,
    x_label: str,
    y_label: str,
    bin_width: int = 1,
    exact: Mapping[int, float] | None = None,
    mean: float | None = None,
    mean_label: str = "",
    sampled_label: str = "",
    exact_label: str = "",
    width: int = 560,
    height: int = 300,
) -> Markup:
    """Probabilities of numeric values (``law``: value → probability) as touching bars.

    ``exact`` draws the exact probability of each value as a marker; ``mean`` a dashed line.
    """
    values = sorted(set(law) | set(exact or {}))
    low, high = (values[0], values[-1]) if values else (0, bin_width)
    slots = (high - low) // bin_width + 1
    largest = max(list(law.values()) + list((exact or {}).values()) + [0.0])
    top = _nice_top(largest, True)
    left, bottom = _MARGIN_LEFT, height - _MARGIN_BOTTOM
    plot_w = width - _MARGIN_RIGHT - left
    plot_h = bottom - _MARGIN_TOP
    slot = plot_w / slots

    def x_of(value: float) -> float:
        return left + (value - low) / bin_width * slot

    parts = [_axes(width, height, top, True, x_label, y_label)]
    for value, probability in sorted(law.items()):
        bar_h = plot_h * min(probability / top, 1.0)
        parts.append(
            Markup(
                '<rect class="sk-chart-bar" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" {style}>'
                '<title>{value}: {shown}</title></rect>'
            ).format(
                x=x_of(value) + 0.5, y=bottom - bar_h, w=max(slot - 1, 0.5), h=bar_h,
                style=BAR_STYLE, value=value, shown=_format(probability, True),
            )
        )
    for value, probability in sorted((exact or {}).items()):
        y = bottom - plot_h * min(probability / top, 1.0)
        parts.append(
            Markup(
                '<line class="sk-chart-exact" x1="{x1:.1f}" y1="{y:.1f}" x2="{x2:.1f}" y2="{y:.1f}" '
                'stroke-width="2" {style}/>'
            ).format(x1=x_of(value), x2=x_of(value) + slot, y=y, style=EXACT_STYLE)
        )
    every = max(1, round(slots / 8))
    for k in range(0, slots, every):
        value = low + k * bin_width
        parts.append(
            Markup(
                '<text x="{x:.1f}" y="{y}" font-size="11" text-anchor="middle" fill="currentColor">{value}</text>'
            ).format(x=x_of(value) + slot / 2, y=bottom + 15, value=value)
        )
    if mean is not None:
        x = x_of(mean) + slot / 2
        parts.append(
            Markup(
                '<line class="sk-chart-mean" x1="{x:.1f}" y1="{t}" x2="{x:.1f}" y2="{b}" stroke-width="2" '
                'stroke-dasharray="5 4" {style}/>'
                '<text x="{tx:.1f}" y="{ty}" font-size="11" fill="currentColor">{label}</text>'
            ).format(x=x, t=_MARGIN_TOP, b=bottom, style=MEAN_STYLE, tx=x + 4, ty=_MARGIN_TOP + 10,
                     label=mean_label or f"{mean:.1f}")
        )
    if exact is not None and (sampled_label or exact_label):
        parts.append(_legend(width - _MARGIN_RIGHT - 110, _MARGIN_TOP + 16, sampled_label, exact_label))
    return _frame(width, height, title, Markup("").join(parts))


def kitty_points_chart(kitty: KittyPoints, lang: str = "en") -> Markup:
    """The kitty-points histogram of ``kitty_points(...)``, exact law as markers when known."""
    return histogram_svg(
        kitty.sampled,
        title=text("ui_chances_kitty_title", lang, samples=f"{kitty.samples:,}"),
        x_label=text("ui_chances_points", lang),
        y_label=text("ui_chances_probability", lang),
        bin_width=5,
        exact=kitty.exact,
        mean=kitty.mean,
        sampled_label=text("ui_chances_sampled", lang),
        exact_label=text("ui_chances_exact", lang),
    )


def kitty_gain_chart(gain: KittyGain, lang: str = "en") -> Markup:
    """Expected kitty gain when the last trick is won with a single vs a pair."""
    bars = [
        (text("ui_chances_single", lang, multiplier=gain.single_multiplier), gain.single),
        (text("ui_chances_pair", lang, multiplier=gain.pair_multiplier), gain.pair),
    ]
    return bar_chart_svg(
        bars,
        title=text("ui_chances_gain_title", lang),
        value_label=text("ui_chances_points", lang),
        exact=[gain.exact_single, gain.exact_pair],
        sampled_label=text("ui_chances_sampled", lang),
        exact_label=text("ui_chances_exact", lang),
        percent=False,
    )


def split_chart(
    splits: Mapping[tuple[int, ...], Estimate], title: str, lang: str = "en", limit: int = 8
) -> Markup:
    """The likeliest splits of ``split_distribution(...)`` as bars (e.g. ``4-2``), exact as markers."""
    shown = list(splits.items())[:limit]
    return bar_chart_svg(
        [("-".join(str(c) for c in split), estimate.probability) for split, estimate in shown],
        title=title,
        value_label=text("ui_chances_probability", lang),
        exact=[estimate.exact for _, estimate in shown],
        sampled_label=text("ui_chances_sampled", lang),
        exact_label=text("ui_chances_exact", lang),
    )
