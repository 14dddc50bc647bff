"""Voila hook: the kit's Markdown docs (``docs/*.md``) answer in Voila instead of 403.

Voila renders notebooks only; a lesson's link to ``../docs/rules.md`` became
``/voila/render/docs/rules.md``, which Voila sends on to ``/voila/files/…``, refused (403) for
Markdown. This handler answers those addresses first: the rules reference goes to the rules page
app (``notebooks/rules.ipynb``; the browser keeps a ``#s2`` fragment across the redirect), and any
other doc is shown as a plain rendered page whose links to other docs keep working and whose links
to files Voila cannot show (source code) become plain text. shengji_kit/jupyter/voila.py installs it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import mistune
from markupsafe import Markup

from ...kit_files import DOCS, kit_files
from ...words.catalogue import text

_MARK = "_shengji_serves_docs"
# The addresses answered: a Markdown file right in docs/, as a page's relative link resolves it.
DOC_ROUTE = r"/voila/render/docs/([A-Za-z0-9_-]+(?:\.[a-z]{2})?\.md)"
RULES_PAGE = "voila/render/notebooks/rules.ipynb"
# rules.md / rules.zh.md are the rules page app, in that language
RULES_REFERENCE = re.compile(r"rules(?:\.(?P<lang>[a-z]{2}))?\.md")
# a link Voila can follow from a doc page: an anchor, another doc, or a web address
FOLLOWABLE = re.compile(r"(#|https?://|mailto:|[A-Za-z0-9_-]+(?:\.[a-z]{2})?\.md(#|$))")
PAGE_STYLE = """
body { font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", sans-serif; color: #212121;
  background: #fff; margin: 0 auto; padding: 12px 16px 40px; max-width: 52rem; overflow-wrap: break-word; }
a { color: #1a66d9; text-decoration: underline; }
pre, table { display: block; overflow-x: auto; }
code { font-size: 0.92em; background: #f3f3f3; padding: 0 3px; border-radius: 3px; }
th, td { border: 1px solid #bdbdbd; padding: 3px 8px; text-align: left; vertical-align: top; min-width: 8rem; }
table { border-collapse: collapse; }
nav { margin-bottom: 8px; }
"""


def rules_redirect(name: str) -> str | None:
    """Where ``name`` goes when it is the rules reference (the rules page, in its language); else None."""
    found = RULES_REFERENCE.fullmatch(name)
    if found is None:
        return None
    lang = found.group("lang")
    return f"{RULES_PAGE}?lang={lang}" if lang else RULES_PAGE


def doc_path(name: str, root: Path | None = None) -> Path | None:
    """The file of the doc ``name`` (``decisions.md``) in the kit's docs/ folder, or None when there is none."""
    folder = (root or kit_files().root) / DOCS
    found = {path.name: path for path in folder.glob("*.md")}
    return found.get(name)


class _DocRenderer(mistune.HTMLRenderer):
    """HTML as mistune writes it, but a link Voila cannot follow from a doc page is its text only."""

    def link(self, text: str, url: str, title: str | None = None) -> str:
        if FOLLOWABLE.match(url):
            return str(super().link(text, url, title))
        return text


def _page(lang: str, title: str, name: str, body: Markup) -> Markup:
    """A whole HTML page: ``body`` under a link back to the landing page."""
    return Markup(
        '<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
        "<style>{style}</style></head><body><nav><a href=\"../notebooks/index.ipynb\" data-role=\"doc-home\">"
        "{home}</a></nav><main data-role=\"doc-page\" data-doc=\"{name}\">{body}</main></body></html>"
    ).format(lang=lang, title=title, style=Markup(PAGE_STYLE), home=text("link_doc_home", lang), name=name, body=body)


def doc_html(name: str, root: Path | None = None) -> Markup | None:
    """The doc ``name`` as a whole HTML page (title, a link back to the landing page), or None when absent."""
    path = doc_path(name, root)
    if path is None:
        return None
    source = path.read_text(encoding="utf-8")
    lang = "zh" if name.endswith(".zh.md") else "en"
    body = mistune.create_markdown(renderer=_DocRenderer(escape=False), plugins=["table"])(source)
    heading = next((line.lstrip("#").strip() for line in source.splitlines() if line.startswith("#")), name)
    return _page(lang, heading, name, Markup(str(body)))


def missing_html(name: str) -> Markup:
    """The page for a doc this installation does not have: said in both languages, with the way back."""
    lines = Markup("").join(
        Markup('<p lang="{lang}">{line}</p>').format(lang=lang, line=text("link_doc_missing", lang, name=name))
        for lang in ("en", "zh")
    )
    return _page("en", name, name, lines)


def doc_handler() -> type:
    """The tornado handler of :data:`DOC_ROUTE` (built on first use: Voila's server classes load late)."""
    from jupyter_server.base.handlers import JupyterHandler
    from tornado import web

    class DocPageHandler(JupyterHandler):
        """``/voila/render/docs/<name>.md``: the rules page for the rules reference, else the doc as a page."""

        @web.authenticated
        def get(self, name: str) -> None:
            target = rules_redirect(name)
            if target is not None:
                self.redirect(f"{self.base_url}{target}")
                return
            page = doc_html(name)
            if page is None:
                self.set_status(404)
                page = missing_html(name)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(str(page))

    return DocPageHandler


def serve_doc_pages() -> None:
    """Make every Voila server (plain or the class's) answer :data:`DOC_ROUTE` before its own pages (idempotent)."""
    from jupyter_server.utils import url_path_join
    from voila.app import Voila

    original: Any = Voila.init_handlers
    if getattr(original, _MARK, False):
        return
    handler = doc_handler()

    def init_handlers(self: Any) -> list[Any]:
        return [(url_path_join(self.server_url, DOC_ROUTE), handler), *original(self)]

    setattr(init_handlers, _MARK, True)
    Voila.init_handlers = init_handlers
