"""What a wrong answer means: the slip that gives exactly the learner's answer, where the engine can tell.

Each function takes a kind's question and the learner's (already read, wrong) answer and returns a
``Message`` naming the cause with the position's own cards and numbers, or None. A cause is named
only when it reproduces the answer exactly and no other known slip does too: two causes that give
the same wrong answer say nothing extra, and so does an answer no known slip gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..engine.cards import Card
from ..engine.rules import Rules, resolve_rules
from ..engine.scoring import component_multiplier, points
from ..engine.shapes import SINGLE, TRACTOR, shape
from ..engine.trump import TRUMP, Trump
from ..words import Message

if TYPE_CHECKING:
    from .kinds.count import CountQuestion
    from .kinds.trick_points import TrickPointsQuestion
    from .kinds.trick_winner import TrickWinner

KITTY_TIMES = (1, 2, 4, 8, 16, 32)
"""The multipliers a learner may wrongly give the kitty when adding up a total."""


def only(causes: Iterable[tuple[object, Message]]) -> Message | None:
    """The one message among ``causes`` (each ``(matches, message)``) that match; None for none or several."""
    found = list(dict.fromkeys(message for matches, message in causes if matches))
    return found[0] if len(found) == 1 else None


# --- counting: the total and the kitty multiplier ---------------------------------------------------


def count_mistake(question: CountQuestion, given: int | str) -> Message | None:
    """A wrong total or multiplier of a ``count`` question (and ``count_choice``), explained."""
    if not isinstance(given, int):
        return None
    if question.ask == "multiplier":
        return multiplier_mistake(question.table.lead, question.table.trump, question.table.rules, given)
    if question.ask == "total":
        return total_mistake(question, given)
    return None


def multiplier_mistake(lead: Sequence[Card], trump: Trump, rules: Rules | str, given: int) -> Message | None:
    """×2 for a lead that was no single, a throw's parts added up, a tractor counted as a pair (the right
    multiplier is not said: it is what the question asks)."""
    preset = resolve_rules(rules)
    led = shape(lead, trump)
    parts = [component_multiplier(component, preset) for component in led.components]
    truth = max(parts)
    if given == truth:
        return None
    largest = max(led.components, key=lambda component: component_multiplier(component, preset))
    params = {"given": given, "lead": tuple(lead)}
    by_shape = preset.kitty_scheme != "per_card"
    return only([
        (given == 2 and largest.kind != SINGLE, Message("mistake_multiplier_single", params)),
        (by_shape and len(parts) > 1 and given == sum(parts), Message("mistake_multiplier_summed", params)),
        (preset.kitty_scheme == "by_shape" and preset.tractor_kitty_scales and largest.kind == TRACTOR and given == 4,
         Message("mistake_multiplier_tractor_as_pair", {**params, "pairs": largest.pairs})),
    ])


def total_mistake(question: CountQuestion, given: int) -> Message | None:
    """A wrong total after the last trick: the kitty left out or multiplied wrongly, the last trick or the points
    before left out, or the last trick counted for the attackers though a defender took it."""
    winner = question.last_winner()
    if winner is None:
        return None
    before, trick, kitty = question.table.points or 0, question.trick_points(), question.kitty_points()
    multiplier = question.multiplier()
    base = {"given": given, "seat": winner, "before": before, "trick": trick, "kitty": kitty}
    if not question.table.is_attacker(winner):
        counted = {before + trick + kitty * times for times in (0, *KITTY_TIMES)} if trick or kitty else set()
        return only([(given in counted, Message("mistake_total_defenders_took_last", base))])
    times = {"lead": tuple(question.table.lead), "multiplier": multiplier}
    causes: list[tuple[object, Message]] = [
        (kitty and given == before + trick, Message("mistake_total_kitty_left_out", base)),
        (trick and given == before + kitty * multiplier, Message("mistake_total_trick_left_out", base)),
        (before and given == trick + kitty * multiplier, Message("mistake_total_before_left_out", base)),
    ]
    causes += [
        (kitty and given == before + trick + kitty * wrong,
         Message("mistake_total_kitty_times", {**base, **times, "wrong": wrong}))
        for wrong in KITTY_TIMES if wrong != multiplier
    ]
    return only(causes)


# --- counting a trick's points --------------------------------------------------------------------


def trick_points_mistake(question: TrickPointsQuestion, given: int) -> Message | None:
    """A wrong point count of a trick: a card (or every card of a rank) left out, 10s or Ks counted as 5, 5s as 10."""
    cards = [card for _, play in question.table.trick for card in play]
    return points_mistake(cards, given)


def points_mistake(cards: Sequence[Card], given: int) -> Message | None:
    """The slip that counts ``cards`` as ``given`` points, when exactly one known slip does."""
    truth = points(cards)
    if given == truth:
        return None
    by_rank = {rank: tuple(card for card in cards if card.rank == rank) for rank in ("5", "10", "K")}
    left_out: list[tuple[Card, ...]] = [(card,) for card in dict.fromkeys(card for card in cards if card.points)]
    left_out += [group for group in by_rank.values() if len(group) > 1]
    causes: list[tuple[object, Message]] = [
        (given == truth - points(group), Message("mistake_points_left_out",
                                                 {"given": given, "cards": group, "points": points(group)}))
        for group in left_out
    ]
    for rank, code, change in (("10", "mistake_points_ten_as_five", -5), ("K", "mistake_points_king_as_five", -5),
                               ("5", "mistake_points_five_as_ten", 5)):
        group = by_rank[rank]
        causes.append((group and given == truth + change * len(group),
                       Message(code, {"given": given, "cards": group})))
    return only(causes)


# --- which play takes the trick -------------------------------------------------------------------


def trick_winner_mistake(question: TrickWinner, seat: int) -> Message | None:
    """A wrong seat for the trick's winner: a card of another suit, the best of the suit led beaten by a trump,
    a later equal card, or the order of the trumps (jokers, the level cards, the trump suit's level card)."""
    trump = question.table.trump
    plays = dict(question.table.trick)
    winner = question.winner()
    if seat == winner or seat not in plays:
        return None
    chosen, best, lead = tuple(plays[seat]), tuple(plays[winner]), tuple(question.table.trick[0][1])
    led = trump.suit_of(lead[0])
    suits = {trump.suit_of(card) for card in chosen}
    if not suits & {led, TRUMP}:  # no card of the suit led, no trump: a discard
        code = "mistake_winner_discard_trump_led" if led == TRUMP else "mistake_winner_discard"
        return Message(code, {"cards": chosen, "suit": led})
    if len(lead) != 1 or suits not in ({led}, {TRUMP}):
        return None
    card, top = chosen[0], best[0]
    if led != TRUMP and suits == {led} and trump.suit_of(top) == TRUMP:
        followed = [play[0] for _, play in question.table.trick if trump.suit_of(play[0]) == led]
        if trump.step(card) == max(trump.step(other) for other in followed):
            trumps = tuple(play[0] for _, play in question.table.trick if trump.suit_of(play[0]) == TRUMP)
            return Message("mistake_winner_ruffed", {"cards": chosen, "suit": led, "trumps": trumps})
        return None
    if trump.suit_of(card) != trump.suit_of(top):
        return None
    order = [other for other, _ in question.table.trick]
    if trump.step(card) == trump.step(top) and order.index(seat) > order.index(winner):
        return Message("fair_wins_tie", {"other": card, "card": top})
    if trump.suit_of(card) != TRUMP:
        return None
    return only([
        (top.is_joker and not card.is_joker, Message("mistake_winner_joker_over", {"cards": chosen, "winner": top})),
        (is_level(top, trump) and not is_level(card, trump) and trump.suit is not None and card.suit == trump.suit,
         Message("mistake_winner_level_over", {"cards": chosen, "winner": top})),
        (is_level(top, trump) and is_level(card, trump) and top.suit == trump.suit,
         Message("mistake_winner_trump_suit_level", {"cards": chosen, "winner": top})),
    ])


def is_level(card: Card, trump: Trump) -> bool:
    """A level card: the level's rank in any suit (never a joker)."""
    return not card.is_joker and card.rank == trump.level
