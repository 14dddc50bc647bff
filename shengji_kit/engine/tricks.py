"""Who wins a trick (docs/rules.md §6): the rules' side of render/tricks.py.

Ruffs beat the led suit; equal keys keep the earlier play.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .shapes import THROW, Shape, cover_key, shape
from .trump import TRUMP, Trump


def play_key(play: Sequence[Card], lead: Shape, trump: Trump) -> tuple[int, int] | None:
    """(rank of kind, key) of a play against the lead, or None when it cannot take the trick.

    Kind rank 0 is a play of the led suit, 1 a trump ruff of a plain-suit lead.
    """
    if len(play) != len(lead.cards):
        return None
    suit_of = trump.tables.suit_of
    suits = {suit_of[card.index] for card in play}
    if suits == {lead.suit}:
        kind = 0
    elif suits == {TRUMP} and lead.suit != TRUMP:
        kind = 1
    else:
        return None
    key = cover_key(play, lead, trump)
    return None if key is None else (kind, key)


def trick_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """Index into ``plays`` (``plays[0]`` is the lead) of the play that takes the trick.

    A throw in ``plays[0]`` is assumed to have stood: only a ruff can beat it. Unchecked (trusted
    callers pass 1–4 valid plays of equal size); ``shengji_kit.trick_winner`` checks its input.
    """
    lead = shape(plays[0], trump)
    winner = 0
    best = play_key(plays[0], lead, trump)
    assert best is not None
    for i, play in enumerate(plays[1:], start=1):
        key = play_key(play, lead, trump)
        if key is None:
            continue
        if key[0] == 0 and lead.kind == THROW:
            continue
        if key > best:
            winner, best = i, key
    return winner
