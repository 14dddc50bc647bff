"""The opponents' line above the card table: "Opponents: Steady", and until the first trick a choice of
the three strengths (one button per tier, the chosen one pressed, each with its one-line description)."""

from __future__ import annotations

from markupsafe import Markup

from ...coach.bot_tiers import TIERS, tier_named
from ...words import text

ACTION_PREFIX = "bots-"
"""A tier button's action is ``bots-<tier>`` (one action per button, so keyboard focus finds it again)."""


def tier_action(name: str) -> str:
    return f"{ACTION_PREFIX}{name}"


def tier_choice_html(chosen: str, choosable: bool, lang: str) -> Markup:
    """The line naming the opponents' tier; with ``choosable``, the three buttons to change it."""
    label = tier_named(chosen).label(lang)
    line = Markup('<p class="sk-rules" data-role="opponents" data-tier="{}">{}</p>').format(
        chosen, text("tier_opponents", lang, tier=label)
    )
    if not choosable:
        return line
    buttons = Markup("").join(
        Markup(
            '<button type="button" class="sk-button{}" data-action="{}" data-tier="{}" aria-pressed="{}" '
            'title="{}">{}</button>'
        ).format(
            " sk-primary" if tier.name == chosen else "", tier_action(tier.name), tier.name,
            "true" if tier.name == chosen else "false", tier.description(lang), tier.label(lang),
        )
        for tier in TIERS
    )
    about = tier_named(chosen).description(lang)
    return Markup(
        '<div class="sk-resume" role="group" aria-label="{}" data-role="tier-choice">'
        '<span>{}</span>{}<span data-role="tier-about">{} {}</span></div>{}'
    ).format(
        text("tier_choose", lang), text("tier_choose", lang), buttons, about, text("tier_choose_hint", lang), line
    )
