"""A position told in words, for panels that show only a question and its answers (the lessons'):
the other hands, the last trick, the kitty and the dealer, as catalogue lines in both languages."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.catalogue import text
from ..game.position_table import PositionTable


def hands_text(table: PositionTable, seats: Iterable[int], lang: str) -> str:
    """``East holds ♥Q♥4; North holds ♥8 …`` for the given seats (an empty hand says so)."""
    parts = [
        text("pos_holds", lang, seat=seat, cards=table.hand(seat)) if table.hand(seat)
        else text("pos_holds_nothing", lang, seat=seat)
        for seat in seats
    ]
    return text("pos_sentence", lang, body=text("join_clauses", lang).join(parts))


def trick_text(table: PositionTable, lang: str) -> str:
    """``The trick: East ♣J♣J, North ♠K♠10, …`` in play order (``East leads …`` for a lead alone)."""
    if len(table.trick) == 1:
        seat, cards = table.trick[0]
        return text("pos_lead", lang, seat=seat, cards=cards)
    plays = text("pos_list_sep", lang).join(
        text("pos_play", lang, seat=seat, cards=cards) for seat, cards in table.trick
    )
    return text("pos_trick", lang, plays=plays)


def round_text(table: PositionTable, lang: str) -> str:
    """Who dealt, the last trick and the kitty, as far as the position gives them."""
    parts: list[str] = []
    if table.dealer is not None:
        parts.append(text("pos_dealer", lang, seat=table.dealer))
    if table.trick:
        parts.append(trick_text(table, lang))
    if table.kitty:
        parts.append(text("pos_kitty", lang, cards=table.kitty))
    return text("join_sentences", lang).join(parts)


def with_position(table: PositionTable, question: str, position: str, lang: str) -> str:
    """The rules preset, the position's sentences, then the question."""
    rules = text("pos_rules", lang, rules=table.rules.name)
    return text("join_sentences", lang).join(part for part in (rules, position, question) if part)
