"""What a lesson panel's card rows do not show, told in words before the question: the rules
preset, who dealt and the kitty (the panel draws the trick and the hands itself)."""

from __future__ import annotations

from ..game.position_table import PositionTable
from ..words.catalogue import text


def round_text(table: PositionTable, lang: str) -> str:
    """Who dealt and the kitty, as far as the position gives them."""
    parts: list[str] = []
    if table.dealer is not None:
        parts.append(text("pos_dealer", lang, seat=table.dealer))
    if table.kitty:
        parts.append(text("pos_kitty", lang, cards=table.kitty))
    return text("join_sentences", lang).join(parts)


def with_position(table: PositionTable, question: str, position: str, lang: str) -> str:
    """The rules preset, the position's sentences, then the question."""
    rules = text("pos_rules", lang, rules=table.rules)
    return text("join_sentences", lang).join(part for part in (rules, position, question) if part)
