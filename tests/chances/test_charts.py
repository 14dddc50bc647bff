"""Charts are well-formed SVG, escape their labels, follow the page's colours, speak both languages."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from shengji_kit.chances import expected_kitty_gain, kitty_points, situation, split_distribution
from shengji_kit.render.charts import (
    bar_chart_svg,
    histogram_svg,
    kitty_gain_chart,
    kitty_points_chart,
    split_chart,
)
from shengji_kit.words import catalogue

from .conftest import HAND, HEARTS_2

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert("x")</script> & "quotes"'


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return ["".join(node.itertext()) for node in root.iter() if node.tag in (f"{SVG}text", f"{SVG}title")]


def test_bar_chart_escapes_every_label() -> None:
    svg = bar_chart_svg(
        [(HOSTILE, 0.25), ("b", 0.5)],
        title=HOSTILE, value_label=HOSTILE, category_label=HOSTILE,
        exact=[0.3, None], sampled_label=HOSTILE, exact_label=HOSTILE,
    )
    texts = _texts(str(svg))
    assert HOSTILE in texts and "<script>" not in str(svg)
    root = ET.fromstring(str(svg))
    assert len(root.findall(f".//{SVG}rect[@class='sk-chart-bar']")) == 2
    assert len(root.findall(f".//{SVG}line[@class='sk-chart-exact']")) == 1


def test_histogram_has_a_bar_per_value_and_a_mean_line() -> None:
    svg = str(histogram_svg(
        {0: 0.2, 5: 0.3, 15: 0.5}, title=HOSTILE, x_label="x", y_label="y", bin_width=5,
        exact={0: 0.21, 5: 0.29, 10: 0.0, 15: 0.5}, mean=8.5, mean_label=HOSTILE,
    ))
    root = ET.fromstring(svg)
    assert len(root.findall(f".//{SVG}rect[@class='sk-chart-bar']")) == 3
    assert len(root.findall(f".//{SVG}line[@class='sk-chart-mean']")) == 1
    assert HOSTILE in _texts(svg)


def test_charts_take_their_colours_from_the_page() -> None:
    svg = str(bar_chart_svg([("a", 0.5)], title="t", value_label="v"))
    assert "currentColor" in svg and "var(--sk-brand" in svg
    assert 'fill="#000' not in svg and 'fill="black"' not in svg


def test_lesson_charts_in_both_languages() -> None:
    kitty = kitty_points(samples=2000, seed=1)
    gain = expected_kitty_gain(kitty)
    splits = split_distribution("S", situation(HAND, HEARTS_2), samples=2000, seed=1)
    for lang, word in (("en", "Kitty points"), ("zh", "底牌分数")):
        assert any(word in t for t in _texts(str(kitty_points_chart(kitty, lang))))
        gain_texts = _texts(str(kitty_gain_chart(gain, lang)))
        assert any("×4" in t for t in gain_texts)
        assert any("扣底" in t for t in gain_texts) == (lang == "zh")
        assert _texts(str(split_chart(splits, "♠ <split>", lang)))[0] == "♠ <split>"


def test_catalogue_text_with_markup_stays_text(monkeypatch: pytest.MonkeyPatch) -> None:
    mark = '<i class="injected">X</i> '
    for lang in catalogue.LANGUAGES:
        templates = catalogue._CATALOGUE[lang]
        for code, template in list(templates.items()):
            if code.startswith("ui_chances_"):
                (first, field), *rest = template.parts
                marked = catalogue.Template(mark + template.source, ((mark + first, field), *rest))
                monkeypatch.setitem(templates, code, marked)
    kitty = kitty_points(samples=500, seed=2)
    for lang in catalogue.LANGUAGES:
        for svg in (kitty_points_chart(kitty, lang), kitty_gain_chart(expected_kitty_gain(kitty), lang)):
            root = ET.fromstring(str(svg))
            assert not [node for node in root.iter() if node.tag.endswith("}i")]
            assert any(mark.strip() in text for text in _texts(str(svg)))
