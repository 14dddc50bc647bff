"""A lesson's summary card: its title and its rules, one line each, in the learner's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from ...words.catalogue import text
from ..table import lang_button


class RuleCard:
    """The rules of a lesson (catalogue codes), numbered, under a title."""

    def __init__(self, title: str, rules: Sequence[str]) -> None:
        self.title, self.rules = title, tuple(rules)

    def render(self, lang: str) -> Markup:
        items = Markup("").join(Markup("<li>{rule}</li>").format(rule=text(code, lang)) for code in self.rules)
        return Markup(
            '<div class="sk-panel" data-role="rule-card"><div class="sk-panel-head">'
            '<span class="sk-panel-title">{title}</span>{lang_button}</div><ol>{items}</ol></div>'
        ).format(title=text(self.title, lang), lang_button=lang_button(lang), items=items)

    def handle(self, message: Mapping[str, Any]) -> None:
        """Only the language button, which the surface handles."""
