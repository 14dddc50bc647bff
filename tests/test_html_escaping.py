"""Text never becomes markup: catalogue messages, puzzle texts and notebook titles carrying HTML
are shown as text on every surface the kit draws (only the render code's own markup is trusted)."""

from __future__ import annotations

from pathlib import Path

import pytest
from html_tree import parse
from surfaces import all_surfaces

from shengji_kit.practice import ENV_VAR
from shengji_kit.words import catalogue

MARK = '<i class="injected">X</i> '
"""Markup put in front of every text that comes from data."""


def marked(template: catalogue.Template) -> catalogue.Template:
    """``template`` with ``MARK`` in front of its first literal text."""
    (first, field), *rest = template.parts
    return catalogue.Template(MARK + template.source, ((MARK + first, field), *rest))


@pytest.fixture
def marked_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every catalogue template, in both languages, starts with ``MARK`` for the test's duration."""
    for lang in catalogue.LANGUAGES:
        templates = catalogue._CATALOGUE[lang]
        for code, template in list(templates.items()):
            if not code.startswith("join_"):
                monkeypatch.setitem(templates, code, marked(template))


WITHOUT_CATALOGUE_TEXT = ("trick list",)
"""Surfaces that show only seat and card names, which are not catalogue messages."""


@pytest.mark.slow  # every surface drawn with a marked catalogue: make test runs it
def test_markup_in_texts_is_shown_as_text_on_every_surface(
    marked_catalogue: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "data"))
    drawn = 0
    for name, html in all_surfaces(tmp_path, MARK):
        drawn += 1
        tree = parse(html)
        assert not tree.has(cls="injected"), f"{name}: a text became an element"
        assert not tree.has("i"), f"{name}: a text became an element"
        if not name.startswith(WITHOUT_CATALOGUE_TEXT):
            assert MARK.strip() in tree.text, f"{name}: the marked text is not shown"
    assert drawn > 100
