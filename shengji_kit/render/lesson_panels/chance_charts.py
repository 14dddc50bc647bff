"""Lesson 8's charts as scenes: the kitty's points, single vs pair on the last trick, a 3-3 split.

Each scene draws an SVG chart (``render.charts``) in the learner's language with the language
switch above it; the figures are computed once, with modest sample sizes so the notebook stays quick.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup

from ...chances import expected_kitty_gain, kitty_points, situation, split_distribution
from ...chances.draw import PLAIN_SAMPLES, numpy_missing
from ...engine.cards import parse_cards
from ...engine.trump import Trump
from ...words.catalogue import text
from ..charts import kitty_gain_chart, kitty_points_chart, split_chart
from ..table import lang_button

CHART_SAMPLES = 20_000
SPLIT_TRUMP = Trump("2", "H")
SPLIT_HAND = "BJ H2 HA HK HQ H10 H9 SA SA SK SJ S9 S5 S3 C3 C4 D4 D6 D8 D10"
SPLIT_PLAYED = "C3 C4 C5 C5 C6 C6 C7 C7 C8 C8 C9 C9 C10 C10 CJ CJ D3 D3 S4 S4"
"""Five tricks in: 18 clubs seen, so six clubs (♣Q ♣Q ♣K ♣K ♣A ♣A) are still out."""


def plain_python_note(lang: str) -> Markup:
    """Where numpy is missing (the static site), a line saying the sampled figures use fewer deals."""
    if not numpy_missing():
        return Markup("")
    return Markup('<p class="sk-message" data-role="plain-python" data-kind="info">{line}</p>').format(
        line=text("site_chances_plain_python", lang, samples=f"{PLAIN_SAMPLES:,}"))


class ChartScene:
    """One chart: ``draw(lang)`` gives the SVG; the panel adds the language switch."""

    def __init__(self, role: str, draw: Callable[[str], Markup]) -> None:
        self.role = role
        self.draw = draw

    def render(self, lang: str) -> Markup:
        return Markup(
            '<div class="sk-panel" data-role="{role}"><div class="sk-panel-head">{lang_button}</div>'
            '<div class="sk-chart">{chart}</div>{plain}</div>'
        ).format(role=self.role, lang_button=lang_button(lang), chart=self.draw(lang), plain=plain_python_note(lang))

    def handle(self, message: Mapping[str, Any]) -> None:
        """A chart has nothing to click but the language switch (the widget handles it)."""


def kitty_scene(samples: int = CHART_SAMPLES, seed: int = 0) -> ChartScene:
    """The histogram of the kitty's points over fresh deals, with the exact law as markers."""
    kitty = kitty_points(samples=samples, seed=seed)
    return ChartScene("kitty-chart", lambda lang: kitty_points_chart(kitty, lang))


def gain_scene(samples: int = CHART_SAMPLES, seed: int = 0) -> ChartScene:
    """What the kitty adds on average when the last trick is won with a single (×2) or a pair (×4)."""
    gain = expected_kitty_gain(kitty_points(samples=samples, seed=seed))
    return ChartScene("gain-chart", lambda lang: kitty_gain_chart(gain, lang))


def split_scene(samples: int = CHART_SAMPLES, seed: int = 0) -> ChartScene:
    """How the six missing clubs split between the two opponents (the rest with partner or kitty).

    Every split is drawn, so the lesson's 3-3 and 4-2 are on the chart however unlikely they are.
    """
    known = situation(parse_cards(SPLIT_HAND), SPLIT_TRUMP, parse_cards(SPLIT_PLAYED))
    splits = split_distribution("C", known, samples=samples, seed=seed)
    count = known.suit_unseen("C")
    return ChartScene(
        "split-chart",
        lambda lang: split_chart(splits, text("l8_split_title", lang, count=count, suit="C"), lang, limit=len(splits)),
    )
