"""The rules page and the landing list follow the learner's language (issue 20, "one language, chosen once")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import ipywidgets
import pytest
from html_tree import parse
from IPython.display import HTML

from shengji_kit.apps.rules_page import rules_page
from shengji_kit.apps.serving import serve
from shengji_kit.widgets.language import SESSION, set_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    SESSION.lang = "en"
    yield
    SESSION.lang = "en"


def test_the_rules_page_follows_the_session_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ?lang= the page redraws in the language the keeper restores (or the learner switches to)."""
    monkeypatch.setenv("QUERY_STRING", "")
    view = rules_page()
    assert isinstance(view, ipywidgets.HTML)
    assert parse(view.value).find("article", data_role="rules-page").attrs["lang"] == "en"
    set_language("zh")
    assert parse(view.value).find("article", data_role="rules-page").attrs["lang"] == "zh"
    view.close()
    set_language("en")
    assert parse(view.value).find("article", data_role="rules-page").attrs["lang"] == "zh"  # closed: stays


def test_an_address_that_names_the_language_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=zh")
    page = rules_page()
    assert isinstance(page, HTML) and 'lang="zh"' in str(page.data)


def test_the_landing_list_marks_each_language() -> None:
    """Each title and summary is there in both languages, each marked; the " · " between them only joins."""
    page = parse(serve.catalogue_html())
    link = page.find("a", data_notebook="notebooks/play.ipynb")
    shown = {span.attrs["data-sk-lang"]: span.text for span in link.find_all("span") if "data-sk-lang" in span.attrs}
    assert shown == {"en": "Play a round", "zh": "打一局"}
    heading = page.find("h2", data_folder="lessons")
    assert heading.text == serve.FOLDERS["lessons"]
    assert [span.attrs.get("lang") for span in heading.find_all("span")] == ["en", None, "zh"]


def test_describe_reads_the_language_twin() -> None:
    play = ROOT / "notebooks" / "play.ipynb"
    assert serve.describe(play)[0] == serve.describe(play, "en")[0] == "Play a round"
    assert serve.describe(play, "zh")[0] == "打一局"
    assert serve.describe(ROOT / "tests" / "browser" / "pages" / "language_cells.ipynb", "fr") == ("", "")
