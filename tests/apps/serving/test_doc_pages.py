"""Links to the kit's docs answer in Voila: the rules reference is the rules page, other docs are pages."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from html_tree import parse
from traitlets.config import Config

from shengji_kit.apps.rules_page import rules_source
from shengji_kit.apps.serving import doc_pages, serve
from shengji_kit.kit_files import kit_files
from shengji_kit.words.catalogue import text


def test_the_rules_reference_goes_to_the_rules_page_in_its_language() -> None:
    assert doc_pages.rules_redirect("rules.md") == "voila/render/notebooks/rules.ipynb"
    assert doc_pages.rules_redirect("rules.zh.md") == "voila/render/notebooks/rules.ipynb?lang=zh"
    assert doc_pages.rules_redirect("decisions.md") is None


def test_the_route_takes_a_doc_of_docs_and_nothing_else() -> None:
    route = re.compile(doc_pages.DOC_ROUTE + "$")
    for name in ("rules.md", "rules.zh.md", "decisions.md", "game.md"):
        assert route.match(f"/voila/render/docs/{name}"), name
    for other in ("/voila/render/docs/../pyproject.toml", "/voila/render/docs/a/b.md", "/voila/render/lessons/x.md"):
        assert not route.match(other), other


def test_a_doc_page_keeps_links_it_can_follow_and_makes_the_rest_text(tmp_path: Path) -> None:
    """Links to other docs and anchors stay links; a link to source code (which Voila refuses) is its text."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "notes.md").write_text(
        "# Notes\nSee [rules](rules.md#s2), [above](#top), [the engine](../shengji_kit/engine/rules.py) "
        "and [game](game.md).\n",
        encoding="utf-8",
    )
    page = parse(str(doc_pages.doc_html("notes.md", tmp_path)))
    main = page.find(data_role="doc-page")
    assert [a.attrs["href"] for a in main.find_all("a")] == ["rules.md#s2", "#top", "game.md"]
    assert "the engine" in main.text
    assert page.find("title").text == "Notes"
    home = page.find("a", data_role="doc-home")
    assert home.attrs["href"] == "../notebooks/index.ipynb" and home.text == text("link_doc_home", "en")
    assert doc_pages.doc_html("missing.md", tmp_path) is None
    missing = parse(str(doc_pages.missing_html("missing.md"))).find(data_role="doc-page")
    said = [text("link_doc_missing", lang, name="missing.md") for lang in ("en", "zh")]
    assert [line.text for line in missing.find_all("p")] == said


def test_every_doc_the_rules_page_links_is_there() -> None:
    """The rules page links decisions.md and game.md beside it in docs/ (served as pages), never as notebooks/."""
    for lang in ("en", "zh"):
        source = rules_source(lang)
        targets = re.findall(r"\]\(([^)#\s]+\.md)", source)
        assert targets and all(target.startswith("../docs/") for target in targets), targets
        for target in targets:
            assert doc_pages.doc_path(target.removeprefix("../docs/")) is not None, target
    docs = {path.name for path in (kit_files().root / "docs").glob("*.md")}
    assert {path.name for path in kit_files().rules_reference()} <= docs


def test_the_voila_config_installs_the_doc_pages() -> None:
    """shengji_kit/jupyter/voila.py puts the docs route before Voila's own (which would answer 403)."""
    from voila.app import Voila

    runpy.run_path(str(serve.JUPYTER_DIR / "voila.py"), {"get_config": Config})
    assert getattr(Voila.init_handlers, doc_pages._MARK, False)
    doc_pages.serve_doc_pages()  # a second time changes nothing
    assert getattr(Voila.init_handlers, doc_pages._MARK, False)
