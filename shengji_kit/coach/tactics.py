"""Which strategy idea a play carries out, from checkable facts of one seat's view: ``tactics(play, view)``.

Each detector reads only what the seat can know (its hand, the tricks played, its own kitty) and the
candidate play, and returns a ``Message`` (a ``tactic_`` code of ``words/texts/*/tactics.toml``,
the cards and seats filled in) or None. ``LESSONS`` names the strategy lesson that teaches each idea
(lessons 9 leading, 10 partner, 11 kitty, 12 counting), so a hint or a review can link to it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..engine.cards import CARDS, Card
from ..engine.follow import legal_plays
from ..engine.scoring import kitty_multiplier, points
from ..engine.shapes import PAIR, THROW, TRACTOR, shape
from ..engine.trump import TRUMP
from ..game.bots.memory import can_be_beaten, cards_in_suit, count_in_suit
from ..game.round import FOLLOW_LIMIT
from ..game.views import SeatView, rules_of
from ..words import Message
from .facts import (
    is_low_single,
    is_sure_winner,
    is_top_in_suit,
    kept_trump_pair,
    kitty_at_risk,
    led_suit,
    opponent_void,
    partner_sure_winner,
    shown_void,
    unseen_counts,
    wins_now,
)

LEADING = "lessons/09_leading.ipynb"
PARTNER = "lessons/10_partner.ipynb"
KITTY = "lessons/11_kitty.ipynb"
COUNTING = "lessons/12_counting.ipynb"

LESSONS: dict[str, str] = {
    "tactic_cash": LEADING,
    "tactic_cash_top": LEADING,
    "tactic_count": COUNTING,
    "tactic_draw_trumps": LEADING,
    "tactic_lead_pair": LEADING,
    "tactic_lead_tractor": LEADING,
    "tactic_throw": LEADING,
    "tactic_long_suit": LEADING,
    "tactic_avoid_void": COUNTING,
    "tactic_partner_void": PARTNER,
    "tactic_partner_strength": PARTNER,
    "tactic_feed": PARTNER,
    "tactic_feed_hopeful": PARTNER,
    "tactic_overtake": PARTNER,
    "tactic_duck": PARTNER,
    "tactic_no_overtake": PARTNER,
    "tactic_partner_ahead": PARTNER,
    "tactic_ruff": LEADING,
    "tactic_over_ruff": COUNTING,
    "tactic_sure_win": COUNTING,
    "tactic_take_points": LEADING,
    "tactic_play_low": PARTNER,
    "tactic_least_points": PARTNER,
    "tactic_take_lead": LEADING,
    "tactic_lead_low": LEADING,
    "tactic_force_out": LEADING,
    "tactic_concede": PARTNER,
    "tactic_win_kitty": KITTY,
    "tactic_keep_pair_attack": KITTY,
    "tactic_guard_kitty": KITTY,
}
"""The lesson that teaches each tactic (its notebook, from the kit's root)."""

LESSON_NUMBERS = {LEADING: 9, PARTNER: 10, KITTY: 11, COUNTING: 12}
KITTY_NEAR = 8
"""Cards in hand from which the last trick (and so the kitty) is near."""
LONG_SUIT = 4
TAKE_POINTS = 10
GONE_SHOWN = 4
"""At most this many gone faces are named in a counting sentence."""

Detector = Callable[[tuple[Card, ...], SeatView], Message | None]


def lesson_for(code: str) -> str | None:
    """The lesson notebook that teaches the tactic ``code`` (None for a code that is no tactic)."""
    return LESSONS.get(code)


def is_tactic(message: Message) -> bool:
    return message.code in LESSONS


def idea(play: Sequence[Card], view: SeatView) -> Message | None:
    """The one idea a hint names for ``play``: the most telling of ``tactics`` (every play has one)."""
    found = tactics(play, view)
    return found[0] if found else None


def tactics(play: Sequence[Card], view: SeatView) -> list[Message]:
    """Every idea ``play`` carries out in ``view``, the most telling first (kitty ideas last)."""
    cards = tuple(play)
    detectors = _LEAD if not view.trick else _FOLLOW
    found = [message for detect in detectors if (message := detect(cards, view)) is not None]
    found.extend(message for detect in _KITTY if (message := detect(cards, view)) is not None)
    return found


# --- what the seat can count -----------------------------------------------------------------


def gone_above(play: Sequence[Card], view: SeatView) -> list[Card] | None:
    """The faces above ``play``'s single card in its suit, when every copy of each is played (else None).

    None too when no face is above it (then it needs no counting) or the seat holds one of them.
    """
    trump = view.trump
    assert trump is not None
    if len(play) != 1:
        return None
    card = play[0]
    suit, step = trump.suit_of(card), trump.step(card)
    above = [face for face in range(54) if trump.tables.suit_of[face] == suit and trump.tables.step[face] > step]
    if not above:
        return None
    unseen = unseen_counts(view)
    held = Counter(c.index for c in view.hand)
    if any(unseen[face] or held[face] for face in above):
        return None
    played = Counter(c.index for trick in view.tricks for cards in trick.plays for c in cards)
    played.update(c.index for _, cards in view.trick for c in cards)
    if any(not played[face] for face in above):
        return None  # a face the seat buried itself is not counted, it is known
    ranked = sorted(above, key=lambda face: -trump.tables.step[face])
    return [CARDS[face] for face in ranked]


def trumps_out(view: SeatView) -> int:
    """Trumps the seat has not seen: in the other hands (or a kitty it did not bury)."""
    assert view.trump is not None
    return count_in_suit(unseen_counts(view), TRUMP, view.trump)


def _shape_kind(play: Sequence[Card], view: SeatView) -> str | None:
    assert view.trump is not None
    try:
        return shape(play, view.trump).kind
    except ValueError:
        return None  # mixed suits (a follow with discards) have no one shape


def _opponents(view: SeatView) -> tuple[int, int]:
    return ((view.seat + 1) % 4, (view.seat + 3) % 4)


# --- leads -------------------------------------------------------------------------------------


def count_winner(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A single that is the highest left of its suit only because every higher card has been played."""
    if not (wins_now(play, view) and (is_sure_winner(play, view) or is_top_in_suit(play, view))):
        return None
    gone = gone_above(play, view)
    if gone is None:
        return None
    assert view.trump is not None
    return Message("tactic_count", {
        "gone": tuple(gone[:GONE_SHOWN]), "cards": play, "suit": view.trump.suit_of(play[0]),
    })


def cash(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A lead no unseen card can beat (``tactic_cash``), or beat only by a ruff (``tactic_cash_top``)."""
    if view.trick or _shape_kind(play, view) == THROW:
        return None
    suit = led_suit(view, play)
    if is_sure_winner(play, view):
        return Message("tactic_cash", {"cards": play, "suit": suit})
    if is_top_in_suit(play, view):
        return Message("tactic_cash_top", {"cards": play, "suit": suit})
    return None


def draw_trumps(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A trump lead while trumps are still out and an opponent may hold some (吊主)."""
    assert view.trump is not None
    if view.trick or not all(view.trump.is_trump(card) for card in play):
        return None
    out = trumps_out(view)
    if not out or all(shown_void(seat, TRUMP, view) for seat in _opponents(view)):
        return None
    return Message("tactic_draw_trumps", {"cards": play, "out": out})


def lead_shape(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A pair or tractor lead: the others must follow with pairs of the suit, breaking theirs."""
    if view.trick:
        return None
    kind = _shape_kind(play, view)
    if kind == PAIR:
        return Message("tactic_lead_pair", {"cards": play, "suit": led_suit(view, play)})
    if kind == TRACTOR:
        return Message("tactic_lead_tractor", {"cards": play, "suit": led_suit(view, play)})
    return None


def throw(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A throw every part of which is the highest left of its kind in the suit (safe from the seat's view)."""
    trump = view.trump
    assert trump is not None
    if view.trick or _shape_kind(play, view) != THROW:
        return None
    thrown = shape(play, trump)
    pool = cards_in_suit(unseen_counts(view), thrown.suit, trump)
    if any(can_be_beaten(part.kind, part.pairs, part.top, pool, trump) for part in thrown.components):
        return None
    return Message("tactic_throw", {"cards": play, "suit": led_suit(view, play)})


def partner_void(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A plain-suit lead the partner has shown it is out of, while trumps are still out for it to ruff with."""
    suit = led_suit(view, play)
    if view.trick or suit == TRUMP or not shown_void(view.partner, suit, view):
        return None
    if shown_void(view.partner, TRUMP, view):
        return None
    return Message("tactic_partner_void", {"partner": view.partner, "suit": suit})


def partner_strength(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A plain-suit lead in a suit the partner won earlier with a card of that suit (its strength)."""
    assert view.trump is not None
    suit = led_suit(view, play)
    if view.trick or suit == TRUMP:
        return None
    for trick in reversed(view.tricks):
        if trick.winner != view.partner or view.trump.suit_of(trick.plays[0][0]) != suit:
            continue
        won_with = trick.plays[(trick.winner - trick.leader) % 4]
        if all(view.trump.suit_of(card) == suit for card in won_with):
            return Message("tactic_partner_strength", {"partner": view.partner, "suit": suit, "cards": won_with})
    return None


def avoid_void(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A lead away from a plain suit an opponent has shown it is out of (it would ruff there)."""
    assert view.trump is not None
    trump = view.trump
    suit = led_suit(view, play)
    if view.trick or (suit != TRUMP and any(opponent_void(seat, suit, view) for seat in _opponents(view))):
        return None
    for seat in _opponents(view):
        avoided = sorted(
            s for s in "SHCD"
            if s != suit and opponent_void(seat, s, view) and any(trump.suit_of(c) == s for c in view.hand)
        )
        if avoided:
            return Message("tactic_avoid_void", {"seat": seat, "suit": avoided[0]})
    return None


def long_suit(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A plain single led from the seat's longest plain suit, held four deep or more."""
    assert view.trump is not None
    suit = led_suit(view, play)
    if view.trick or suit == TRUMP or len(play) != 1:
        return None
    lengths = Counter(view.trump.suit_of(card) for card in view.hand)
    lengths.pop(TRUMP, None)
    if lengths[suit] < LONG_SUIT or lengths[suit] < max(lengths.values()):
        return None
    return Message("tactic_long_suit", {"suit": suit, "count": lengths[suit]})


def win_kitty(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """An attacker takes the last trick, led with a pair or tractor: the kitty counts more than for a single."""
    assert view.trump is not None
    if not view.is_attacker or len(view.hand) != len(play) or not wins_now(play, view):
        return None
    lead = view.lead or play
    multiplier = kitty_multiplier(lead, view.trump, rules_of(view))
    if len(lead) < 2 or multiplier <= kitty_multiplier(lead[:1], view.trump, rules_of(view)):
        return None
    return Message("tactic_win_kitty", {"cards": play, "multiplier": multiplier})


# --- follows -----------------------------------------------------------------------------------


def over_ruff(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A ruff that beats an opponent's ruff already on the trick."""
    assert view.trump is not None
    suit = led_suit(view, play)
    winner = view.winning
    if suit == TRUMP or winner is None or winner % 2 == view.seat % 2 or not wins_now(play, view):
        return None
    theirs = next(cards for seat, cards in view.trick if seat == winner)
    if not all(view.trump.is_trump(card) for card in (*theirs, *play)):
        return None
    return Message("tactic_over_ruff", {"seat": winner, "their": theirs, "cards": play})


def ruff(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """Trumps on a plain-suit trick the seat is out of, taking the lead."""
    assert view.trump is not None
    suit = led_suit(view, play)
    if suit == TRUMP or not all(view.trump.is_trump(card) for card in play) or not wins_now(play, view):
        return None
    if not shown_void(view.seat, suit, view):
        return None
    return Message("tactic_ruff", {"suit": suit, "cards": play})


def with_partner(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """The partner is winning and the play leaves it so: feed it points (sure or hoped), duck, or don't overtake."""
    if view.winning != view.partner or wins_now(play, view):
        return None
    theirs = next(cards for seat, cards in view.trick if seat == view.partner)
    if partner_sure_winner(view):
        if points(play):
            return Message("tactic_feed", {"partner": view.partner, "their": theirs, "points": points(play)})
        return Message("tactic_duck", {"partner": view.partner, "their": theirs})
    if could_win(view):
        return Message("tactic_no_overtake", {"partner": view.partner, "their": theirs})
    if points(play):
        return Message("tactic_feed_hopeful", {"partner": view.partner, "their": theirs, "points": points(play)})
    return Message("tactic_partner_ahead", {"partner": view.partner, "their": theirs})


def overtake(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """The partner is winning and the play beats it: a stronger hold on the trick against the seats after."""
    if view.winning != view.partner or not wins_now(play, view):
        return None
    theirs = next(cards for seat, cards in view.trick if seat == view.partner)
    return Message("tactic_overtake", {"partner": view.partner, "their": theirs, "cards": play})


def could_win(view: SeatView) -> bool:
    """Does some legal follow of the seat take the lead of the trick?"""
    assert view.trump is not None and view.lead is not None
    return any(
        wins_now(tuple(option), view)
        for option in legal_plays(view.lead, view.hand, view.trump, limit=FOLLOW_LIMIT)
    )


def sure_win(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A follow that takes the trick and that nothing still unseen can beat (counted)."""
    if not is_sure_winner(play, view):
        return None
    return Message("tactic_sure_win", {"cards": play})


def take_points(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A follow that takes the lead from an opponent while points are on the trick."""
    winner = view.winning
    stake = view.trick_points + points(play)
    if winner is None or winner % 2 == view.seat % 2 or stake < TAKE_POINTS or not wins_now(play, view):
        return None
    return Message("tactic_take_points", {"cards": play, "points": stake})


def take_lead(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A follow that takes the lead from an opponent (the trick may still be beaten by a later seat)."""
    winner = view.winning
    if winner is None or winner % 2 == view.seat % 2 or not wins_now(play, view):
        return None
    theirs = next(cards for seat, cards in view.trick if seat == winner)
    return Message("tactic_take_lead", {"cards": play, "seat": winner, "their": theirs})


def least_points(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """An opponent is winning, the seat cannot take over, and the play gives away the fewest points it can."""
    assert view.trump is not None and view.lead is not None
    winner = view.winning
    if winner is None or winner % 2 == view.seat % 2 or wins_now(play, view) or not points(play):
        return None
    options = [tuple(o) for o in legal_plays(view.lead, view.hand, view.trump, limit=FOLLOW_LIMIT)]
    if any(wins_now(option, view) for option in options) or points(play) > min(points(o) for o in options):
        return None
    theirs = next(cards for seat, cards in view.trick if seat == winner)
    return Message("tactic_least_points", {"seat": winner, "their": theirs, "points": points(play)})


def lead_low(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A small plain single (2 to 9, no points, not the highest left) led: it risks nothing, keeps the winners."""
    if view.trick or not is_low_single(play, view):
        return None
    return Message("tactic_lead_low", {"cards": play, "suit": led_suit(view, play), "partner": view.partner})


def force_out(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A lead (no throw) that can be beaten: whoever takes the trick must spend a higher card on it."""
    if view.trick or _shape_kind(play, view) == THROW or is_sure_winner(play, view) or is_top_in_suit(play, view):
        return None
    return Message("tactic_force_out", {"cards": play})


def concede(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """An opponent is winning, the play leaves it so and gives points, more than the fewest the seat could."""
    assert view.trump is not None and view.lead is not None
    winner = view.winning
    if winner is None or winner % 2 == view.seat % 2 or wins_now(play, view) or not points(play):
        return None
    if least_points(play, view) is not None:
        return None
    theirs = next(cards for seat, cards in view.trick if seat == winner)
    return Message("tactic_concede", {"seat": winner, "their": theirs, "points": points(play)})


def play_low(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """An opponent is winning and the play gives it no points (nor spends a winner on a lost trick)."""
    winner = view.winning
    if winner is None or winner % 2 == view.seat % 2 or wins_now(play, view) or points(play):
        return None
    theirs = next(cards for seat, cards in view.trick if seat == winner)
    return Message("tactic_play_low", {"seat": winner, "their": theirs})


# --- the kitty ---------------------------------------------------------------------------------


def guard_kitty(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """A defender near the end keeps a trump pair for the last trick (保底)."""
    pair = kept_trump_pair(play, view)
    if pair is None or not kitty_at_risk(view) or len(view.hand) == len(play):
        return None
    assert view.trump is not None
    multiplier = kitty_multiplier((pair, pair), view.trump, rules_of(view))
    return Message("tactic_guard_kitty", {"cards": (pair, pair), "multiplier": multiplier})


def keep_pair_attack(play: tuple[Card, ...], view: SeatView) -> Message | None:
    """An attacker near the end keeps a trump pair to win the last trick with (抠底)."""
    if not view.is_attacker or len(view.hand) > KITTY_NEAR or len(view.hand) == len(play):
        return None
    pair = kept_trump_pair(play, view)
    if pair is None:
        return None
    assert view.trump is not None
    multiplier = kitty_multiplier((pair, pair), view.trump, rules_of(view))
    return Message("tactic_keep_pair_attack", {"cards": (pair, pair), "multiplier": multiplier})


_LEAD: tuple[Detector, ...] = (
    win_kitty, throw, count_winner, cash, lead_shape, draw_trumps, partner_void, partner_strength, avoid_void,
    long_suit, lead_low, force_out,
)
_FOLLOW: tuple[Detector, ...] = (
    win_kitty, over_ruff, ruff, with_partner, count_winner, sure_win, overtake, take_points, take_lead, play_low,
    least_points, concede,
)
_KITTY: tuple[Detector, ...] = (guard_kitty, keep_pair_attack)
