"""Facts about a play the coach can check from one seat's view, each a small function.

Every reason a hint gives rests on one of these: ``is_sure_winner``, ``is_top_in_suit``,
``partner_sure_winner``, ``shown_void`` / ``opponent_void``, ``points_at_stake``,
``kept_trump_pair``. They read only the seat's view (own hand, public tricks, own kitty).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine.cards import CARDS, RANKS, Card
from ..engine.scoring import points
from ..engine.shapes import THROW, shape
from ..engine.tricks import play_key, trick_winner
from ..engine.trump import TRUMP
from ..game.bots.memory import Memory, can_be_beaten, cards_in_suit
from ..game.views import SeatView


def unseen_counts(view: SeatView) -> list[int]:
    """Copies of each face the seat has not seen (held by others or in a kitty it did not bury)."""
    memory = Memory(view)
    memory.update(view)
    return memory.unseen(view)


def led_suit(view: SeatView, play: Sequence[Card]) -> str:
    """The effective suit of the trick: the lead's, or the play's own when it is the lead."""
    assert view.trump is not None
    first = view.lead[0] if view.lead else play[0]
    return view.trump.suit_of(first)


def shown_void(seat: int, suit: str, view: SeatView) -> bool:
    """Has ``seat`` shown it holds no ``suit`` by failing to follow it (for the viewer: its hand)?"""
    trump = view.trump
    assert trump is not None
    if seat == view.seat:
        return not any(trump.suit_of(card) == suit for card in view.hand)
    tricks = [(t.leader, t.plays) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(cards for _, cards in view.trick)))
    for leader, plays in tricks:
        lead = plays[0]
        if trump.suit_of(lead[0]) != suit:
            continue
        for offset in range(1, len(plays)):
            following = sum(1 for card in plays[offset] if trump.suit_of(card) == suit)
            if (leader + offset) % 4 == seat and following < len(lead):
                return True
    return False


def opponent_void(seat: int, suit: str, view: SeatView) -> bool:
    """``seat`` is an opponent of the viewer and has shown it is out of ``suit``."""
    return seat % 2 != view.seat % 2 and shown_void(seat, suit, view)


def seats_after(view: SeatView) -> list[int]:
    """The seats that play after the viewer in the current trick."""
    played = len(view.trick)
    return [(view.seat + k) % 4 for k in range(1, 4 - played)]


def _unbeatable(cards: Sequence[Card], view: SeatView, lead_cards: Sequence[Card], ruffs: bool) -> bool:
    """No unseen combination beats ``cards`` in the led suit (and, if ``ruffs``, none ruffs it)."""
    trump = view.trump
    assert trump is not None
    lead = shape(lead_cards, trump)
    if lead.kind == THROW:
        return False
    key = play_key(cards, lead, trump)
    if key is None:
        return False
    unseen = unseen_counts(view)
    kind, pairs = lead.main_shape
    if key[0] == 0:
        if can_be_beaten(kind, pairs, key[1], cards_in_suit(unseen, lead.suit, trump), trump):
            return False
        if ruffs and lead.suit != TRUMP:
            return not can_be_beaten(kind, pairs, -1, cards_in_suit(unseen, TRUMP, trump), trump)
        return True
    return not can_be_beaten(kind, pairs, key[1], cards_in_suit(unseen, TRUMP, trump), trump)


def wins_now(play: Sequence[Card], view: SeatView) -> bool:
    """Would ``play`` take the lead of the current trick (a lead always does)?"""
    assert view.trump is not None
    if not view.trick:
        return True
    plays = [cards for _, cards in view.trick] + [tuple(play)]
    return trick_winner(plays, view.trump) == len(plays) - 1


def is_sure_winner(play: Sequence[Card], view: SeatView) -> bool:
    """``play`` wins the trick now and no card still unseen can beat it, in suit or by a ruff."""
    if not wins_now(play, view):
        return False
    if not seats_after(view):
        return True
    lead = view.lead or tuple(play)
    return _unbeatable(play, view, lead, ruffs=True)


def is_top_in_suit(play: Sequence[Card], view: SeatView) -> bool:
    """``play`` wins in the led plain suit now and only a ruff could beat it."""
    assert view.trump is not None
    lead = view.lead or tuple(play)
    if view.trump.suit_of(lead[0]) == TRUMP or not wins_now(play, view):
        return False
    return _unbeatable(play, view, lead, ruffs=False)


LOW_BELOW = RANKS.index("10")
"""A plain card ranked below this (2 to 9) is a small card."""


def is_low_single(play: Sequence[Card], view: SeatView) -> bool:
    """``play`` is one plain card ranked 2 to 9, without points, that is not the highest left of its suit."""
    assert view.trump is not None
    if len(play) != 1 or view.trump.is_trump(play[0]) or points(play):
        return False
    return play[0].index % 13 < LOW_BELOW and not is_top_in_suit(play, view)


def partner_sure_winner(view: SeatView) -> bool:
    """The viewer's partner is winning the trick and no card still unseen can beat that play."""
    if not view.trick or view.winning != view.partner:
        return False
    winning = next(cards for seat, cards in view.trick if seat == view.partner)
    lead = view.lead
    assert lead is not None
    return _unbeatable(winning, view, lead, ruffs=True) if seats_after(view) else True


def points_at_stake(play: Sequence[Card], view: SeatView) -> int:
    """The points in the trick once ``play`` is on the table."""
    return view.trick_points + points(play)


def trump_pairs(cards: Sequence[Card], view: SeatView) -> list[Card]:
    """The faces of which ``cards`` hold both copies and which are trumps."""
    trump = view.trump
    assert trump is not None
    counts = Counter(card.index for card in cards)
    return [CARDS[index] for index, count in sorted(counts.items()) if count >= 2 and trump.is_trump(CARDS[index])]


def kept_trump_pair(play: Sequence[Card], view: SeatView) -> Card | None:
    """A trump pair the viewer still holds after ``play`` (the highest), or None."""
    trump = view.trump
    assert trump is not None
    rest = list(view.hand)
    for card in play:
        rest.remove(card)
    pairs = trump_pairs(rest, view)
    if not pairs:
        return None
    return max(pairs, key=lambda card: trump.tables.step[card.index])


def kitty_at_risk(view: SeatView) -> bool:
    """The viewer defends, the end is near (8 cards or fewer) and the kitty may hold points."""
    if view.is_attacker is not False or len(view.hand) > 8:
        return False
    return view.kitty is None or points(view.kitty) > 0
