"""Links the kit writes point to the page form the site serves: ``.html`` in the browser, ``.ipynb`` under Voila."""

from __future__ import annotations

import sys

import pytest

from shengji_kit.kit_files import page_address


def test_voila_keeps_notebook_links() -> None:
    assert page_address("../notebooks/puzzles.ipynb?set=basics") == "../notebooks/puzzles.ipynb?set=basics"


def test_the_browser_links_html_pages_keeping_the_query(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert page_address("../notebooks/puzzles.ipynb?set=basics") == "../notebooks/puzzles.html?set=basics"
    assert page_address("02_tractors.ipynb") == "02_tractors.html"
    assert page_address("rules.ipynb?lang=zh#s2") == "rules.html?lang=zh#s2"
    assert page_address("notes.ipynb.txt") == "notes.ipynb.txt"
