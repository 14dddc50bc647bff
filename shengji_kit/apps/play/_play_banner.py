"""The lines above the card table: address options that were not used, a saved round that could not be read
or a round that is not being saved, the resume offer, the rules in force."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from ...engine.rules import Rules
from ...kit_files import page_address
from ...words import Message, text
from ._round_keeper import DECLINE, RESUME, RoundKeeper

TABLES_PAGE = "tables.ipynb"
"""The class's shared tables (notebooks/tables.ipynb), linked on the class server."""


def rules_label(rules: Rules | str, lang: str) -> str:
    """``Rules: classic`` in the learner's language."""
    code = f"page_rules_{rules}"
    if code in ("page_rules_super_tycoon", "page_rules_classic") and (not isinstance(rules, Rules) or rules.is_preset):
        name = text(code, lang)
    else:
        name = (rules.words("rules", lang) if isinstance(rules, Rules) else None) or str(rules)
    return text("page_rules_in_force", lang, name=name)


def banner_html(rules: Rules | str, notes: Sequence[Message], keeper: RoundKeeper | None, lang: str,
                tables: bool = False) -> Markup:
    """The banner: one line per option note, the saved round's problem, the offer with its two buttons, the rules;
    on the class server (``tables``) a link to the class's shared tables."""
    parts = [
        Markup('<p class="sk-page-note" data-role="page-note" data-option="{}">{}</p>').format(
            note.params["name"], note.render(lang)
        )
        for note in notes
    ]
    if keeper is not None and keeper.problem is not None:
        parts.append(Markup(
            '<p class="sk-message sk-page-note" data-kind="error" data-role="resume-problem" data-problem="{}">{}</p>'
        ).format(keeper.problem.code, keeper.problem.render(lang)))
    saving_note = keeper.saving_note() if keeper is not None else None
    if saving_note is not None:
        parts.append(Markup(
            '<p class="sk-message sk-page-note" data-kind="error" data-role="round-not-saved">{}</p>'
        ).format(saving_note.render(lang)))
    if keeper is not None and keeper.offer is not None:
        parts.append(Markup(
            '<div class="sk-resume" data-role="resume-offer"><span>{}</span>'
            '<button type="button" class="sk-button sk-primary" data-action="{}">{}</button>'
            '<button type="button" class="sk-button" data-action="{}">{}</button></div>'
        ).format(keeper.offer_text(lang), RESUME, text("resume_button", lang), DECLINE, text("resume_new", lang)))
    elif keeper is not None and keeper.resumed:
        parts.append(Markup('<p class="sk-page-note" data-role="resumed">{}</p>').format(text("resume_done", lang)))
    parts.append(Markup('<p class="sk-rules" data-role="rules" data-rules="{}">{}</p>').format(
        str(rules), rules_label(rules, lang)
    ))
    if tables:
        parts.append(Markup('<p class="sk-rules"><a href="{}" data-role="tables-link">{}</a></p>').format(
            page_address(TABLES_PAGE), text("tpage_tables_link", lang)))
    return Markup('<div class="sk-banner" data-role="banner">{}</div>').format(Markup("").join(parts))
