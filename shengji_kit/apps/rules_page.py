"""The learner's rules reference (docs/rules.md, rules.zh.md) as a page Voila can show offline.

Voila does not serve Markdown files, so ``notebooks/rules.ipynb`` calls :func:`rules_page`, which
renders the reference to HTML with mistune (already installed with nbconvert) from the copy the
kit ships (the checkout's ``docs/`` or the wheel's bundled files).
"""

from __future__ import annotations

import re

import ipywidgets
import mistune
from IPython.display import HTML
from markupsafe import Markup

from ..kit_files import kit_files
from ..render.glossary import terminology_table
from ..widgets.language import SESSION
from ..widgets.language_keeper import show_language_keeper
from ..widgets.surface import CardSurface
from ..words.catalogue import text
from .house_rules_section import HouseComparison
from .page_options import query_options

# a Markdown link to another doc of docs/ (``](decisions.md``), seen from notebooks/ where this page is
OTHER_DOC_LINK = re.compile(r"\]\(([A-Za-z0-9_-]+\.md)")
MARKDOWN_LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\((?P<target>[^)\s]*)\)")
# what the rules page can open: its own sections, itself in the other language, a doc of docs/, the web
FOLLOWABLE = re.compile(r"#|rules\.ipynb|\.\./docs/[A-Za-z0-9_-]+\.md(#|$)|https?://")


def rules_source(lang: str) -> str:
    """The Markdown of the rules reference in ``lang`` (English when there is no translation)."""
    found = {path.name: path for path in kit_files().rules_reference()}
    path = found.get(f"rules.{lang}.md") or found.get("rules.md")
    if path is None:
        raise FileNotFoundError("the rules reference (docs/rules.md) is missing from this installation")
    source = path.read_text(encoding="utf-8")
    # The two references link each other as .md files; on the page they are this notebook. The other
    # docs (decisions.md, game.md) are beside them in docs/, which Voila shows as pages (doc_pages.py).
    # A link to anything else (../README.md) would answer 403 in Voila: it is left as its text.
    source = source.replace("](rules.zh.md", "](rules.ipynb?lang=zh").replace("](rules.md", "](rules.ipynb")
    return MARKDOWN_LINK.sub(_followable, OTHER_DOC_LINK.sub(r"](../docs/\1", source))


def _followable(found: re.Match[str]) -> str:
    """A Markdown link kept when the rules page can follow it, else only its text."""
    target = found.group("target")
    return found.group(0) if FOLLOWABLE.match(target) else found.group("text")


def rules_html(lang: str = "en") -> Markup:
    """The rules reference as HTML; its own anchors (``<a id="s2">``) are kept for the glossary links.

    The glossary's terminology list (each idea's one Chinese word, and the words not to use) ends it.
    """
    render = mistune.create_markdown(escape=False, plugins=["table"])
    body = render(rules_source(lang))
    return Markup(
        '<article class="sk-rules" data-role="rules-page" lang="{lang}" aria-label="{title}">{body}</article>'
    ).format(lang=lang, title=text("table_page_rules", lang), body=Markup(str(body)) + terminology_table(lang))


class RulesView(ipywidgets.HTML):
    """The rules in the session's language, drawn again whenever it changes (until closed)."""

    def __init__(self) -> None:
        super().__init__(str(rules_html(SESSION.lang)))
        self.add_class("sk-rules-view")
        self._following = True
        SESSION.observe(self._follow, names="lang")

    def close(self) -> None:
        if getattr(self, "_following", False):  # closed once only (ipywidgets closes again when collected)
            self._following = False
            SESSION.unobserve(self._follow, names="lang")
        super().close()

    def _follow(self, change: dict[str, object]) -> None:
        self.value = str(rules_html(str(change["new"])))


def house_rules_section(lang: str | None = None) -> CardSurface:
    """The page's house-rules section: a preset, a class file or a pasted file side by side with both presets.

    It speaks ``lang``, else the address's ``?lang=zh`` (as the reference above it), else the session's language."""
    chosen = lang or query_options().get("lang")
    if chosen in ("en", "zh"):
        SESSION.lang = chosen
    return CardSurface(HouseComparison())


def rules_page(lang: str | None = None) -> HTML | RulesView:
    """Show the rules in ``lang``, else the page address's ``?lang=zh``; without either, in the session's
    language, following it (the page opens in the language the browser remembers: the language keeper)."""
    chosen = lang or query_options().get("lang")
    if chosen:
        return HTML(str(rules_html(chosen if chosen in ("en", "zh") else "en")))
    show_language_keeper()
    return RulesView()
