"""Why a card is or is not a trump, and where it stands on its ladder, as catalogue codes."""

from __future__ import annotations

from ...engine.cards import Card
from ...engine.roles import Role, role_of
from ...engine.trump import TRUMP, Trump

Sentence = tuple[str, dict[str, object]]


def card_role(card: Card, trump: Trump) -> Sentence:
    """The sentence that says what ``card`` is under ``trump`` (big joker, 正主, 副主, plain …)."""
    params: dict[str, object] = {"card": card, "trump": trump, "level": trump.level}
    role = role_of(card, trump)
    if card.suit is not None:
        params["suit"] = card.suit
    if role is Role.PLAIN and trump.suit is None:
        return "role_plain_nt", params
    return f"role_{role}", params


def ladder_position(card: Card, trump: Trump) -> Sentence:
    """Where ``card`` stands in its effective suit: step ``position`` of ``total`` from the top."""
    suit = trump.suit_of(card)
    total = trump.steps_in(suit)
    position = total - trump.step(card)
    params: dict[str, object] = {"position": position, "total": total, "level": trump.level}
    if suit == TRUMP:
        return "rank_in_trumps", params
    return "rank_in_suit", {**params, "suit": suit}


def stronger(a: Card, b: Card, trump: Trump) -> bool:
    """Is ``a`` strictly stronger than ``b``? (Both of one effective suit, or ``a`` a trump.)"""
    suit_a, suit_b = trump.suit_of(a), trump.suit_of(b)
    if suit_a != suit_b:
        return suit_a == TRUMP
    return trump.step(a) > trump.step(b)
