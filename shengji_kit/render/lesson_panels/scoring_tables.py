"""Lesson 6's tables, both presets side by side, every cell computed by the engine:
the kitty multiplier by the last lead (``kitty_multiplier``) and the level table
(``level_outcome``, ``next_dealer``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...engine.cards import Card, parse_cards
from ...engine.rules import PRESET_NAMES
from ...engine.scoring import kitty_multiplier, level_outcome, next_dealer
from ...engine.trump import Trump
from ...words.catalogue import text
from ..hands import card_row_html
from ..table import lang_button
from .live_entry import rules_name

TRUMP = Trump("2", "H")
LEADS: tuple[tuple[str, dict[str, object], str], ...] = (
    ("l6_kitty_single", {}, "SA"),
    ("l6_kitty_pair", {}, "SA SA"),
    ("l6_kitty_tractor", {"pairs": 2}, "SA SA SK SK"),
    ("l6_kitty_tractor", {"pairs": 3}, "SA SA SK SK SQ SQ"),
    ("l6_kitty_tractor", {"pairs": 4}, "SA SA SK SK SQ SQ SJ SJ"),
    ("l6_kitty_throw", {}, "SA SK SK SQ SQ"),
)
"""The leads shown, in spades with hearts trump: a label code, its parameters, the cards."""

BAND_STARTS = (0, 5, 40, 80, 120, 160, 200, 240, 280, 320)
"""Where each band of the §7 table starts (each band runs up to the next start, less 5)."""


def _panel(title: str, lang: str, head: Markup, rows: Markup, role: str) -> Markup:
    return Markup(
        '<div class="sk-panel" data-role="{role}"><div class="sk-panel-head">'
        '<span class="sk-panel-title">{title}</span>{lang_button}</div>'
        '<table class="sk-table"><thead>{head}</thead><tbody>{rows}</tbody></table></div>'
    ).format(role=role, title=title, lang_button=lang_button(lang), head=head, rows=rows)


def _preset_heads(lang: str) -> Markup:
    """One column head per rules preset, by its name in ``lang`` (超级大亨 / 经典 in Chinese)."""
    return Markup("").join(
        Markup('<th data-rules="{name}">{shown}</th>').format(name=name, shown=rules_name(name, lang))
        for name in PRESET_NAMES
    )


class KittyTable:
    """The multiplier of each kind of last lead, in super_tycoon and in classic."""

    @staticmethod
    def multipliers(cards: list[Card]) -> list[int]:
        return [kitty_multiplier(cards, TRUMP, name) for name in PRESET_NAMES]

    def render(self, lang: str) -> Markup:
        head = Markup("<tr><th>{lead}</th><th>{cards}</th>{presets}</tr>").format(
            lead=text("l6_kitty_lead", lang), cards=text("l6_kitty_lead_cards", lang), presets=_preset_heads(lang)
        )
        rows = Markup("")
        for code, params, written in LEADS:
            cards = parse_cards(written)
            cells = Markup("").join(Markup("<td>×{m}</td>").format(m=m) for m in self.multipliers(cards))
            rows += Markup('<tr data-lead="{written}"><td>{label}</td><td>{cards}</td>{cells}</tr>').format(
                written=written, label=text(code, lang, **params), cards=card_row_html(cards, lang), cells=cells
            )
        return _panel(text("l6_kitty_table_title", lang), lang, head, rows, "kitty-table")

    def handle(self, message: Mapping[str, Any]) -> None:
        """A table has nothing to click."""


class LevelTable:
    """The level outcome of each band of totals and who deals next (South dealt), per preset."""

    @staticmethod
    def band_label(index: int, lang: str) -> str:
        low = BAND_STARTS[index]
        if index + 1 == len(BAND_STARTS):
            return text("l6_level_band_open", lang, low=low)
        high = BAND_STARTS[index + 1] - 5
        return str(low) if high == low else text("l6_level_band", lang, low=low, high=high)

    def render(self, lang: str) -> Markup:
        head = Markup("<tr><th>{total}</th>{presets}<th>{dealer}</th></tr>").format(
            total=text("l6_levels_total", lang), presets=_preset_heads(lang), dealer=text("l6_levels_next_dealer", lang)
        )
        rows = Markup("")
        for index, low in enumerate(BAND_STARTS):
            outcomes = [level_outcome(low, name) for name in PRESET_NAMES]
            cells = Markup("").join(Markup("<td>{o}</td>").format(o=o.describe(lang)) for o in outcomes)
            dealer = text(f"seat_{next_dealer(0, outcomes[0])}", lang)
            rows += Markup('<tr data-total="{low}"><td>{band}</td>{cells}<td>{dealer}</td></tr>').format(
                low=low, band=self.band_label(index, lang), cells=cells, dealer=dealer
            )
        return _panel(text("l6_level_table_title", lang), lang, head, rows, "level-table")

    def handle(self, message: Mapping[str, Any]) -> None:
        """A table has nothing to click."""
