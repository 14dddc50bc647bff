"""The proven best bury under lesson 11's evaluation (``game.bury_evaluation.bury_value``), and what a
learner's bury costs against it, part by part: the search and the grade of the ``kitty_bury`` kind.

``bury_value`` adds up parts that each belong to one effective suit (a void, the trumps, aces, kings
and points buried, the pairs broken), except the tractors: it charges the hand's tractor count minus
the kept cards' count, never below zero, over all suits at once. So ``exact_best_bury`` runs a
dynamic programme: inside each suit, over its steps from low to high (how many copies of each face
to bury; whether the step below still holds a kept pair, to count the kept tractors), and then over
the suits (cards buried so far; tractors lost so far). Every bury falls in exactly one state, and a
state keeps the best score of the buries in it, so the best found is the best there is (a test checks
it against trying every bury of small hands). ``best_bury`` beside ``bury_value`` is a quicker
search that may stop short of it.

``bury_grade`` scores a learner's bury against the best one and names each part where the two
differ, with its figure; the figures add up to the difference of the scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from ...engine.cards import SUITS, Card
from ...engine.trump import TRUMP, Trump
from ...game.bury_evaluation import (
    ACE_COST,
    KING_COST,
    KITTY_SIZE,
    PAIR_COST,
    POINT_COST,
    TRACTOR_COST,
    TRUMP_COST,
    VOID_BONUS,
    BuryValue,
    bury_value,
    kept_cards,
    pair_cards,
)
from ...words import Message

__all__ = ["BuryCost", "BuryGrade", "bury_grade", "exact_best_bury"]

Choice = tuple[tuple[int, int], ...]
"""(card index, copies buried) for the faces that bury at least one copy."""


def _card_cost(card: Card, trump: Trump) -> int:
    """What burying one copy of ``card`` costs, before pairs, tractors and voids."""
    if trump.suit_of(card) == TRUMP:
        return TRUMP_COST + POINT_COST * card.points
    high = ACE_COST if card.rank == "A" else KING_COST if card.rank == "K" else 0
    return high + POINT_COST * card.points


SuitTable = dict[tuple[int, int], tuple[int, Choice]]
"""(cards buried, kept tractors) -> (best score of the suit's part, one choice reaching it)."""


def _suit_table(cards: Sequence[Card], trump: Trump, size: int) -> tuple[int, SuitTable]:
    """For one effective suit: its tractors in the hand, and for each (cards buried, tractors kept) the best
    score of its part of a bury (a void counted) and one choice that reaches it."""
    counts = Counter(card.index for card in cards)
    face = {card.index: card for card in cards}
    by_step: dict[int, list[int]] = {}
    for index in counts:
        by_step.setdefault(trump.step(face[index]), []).append(index)
    # state: (buried, kept pairs on the steps just below, 0, 1 or 2 for more, kept tractors) -> (score, choice);
    # a tractor is counted when its run of kept pairs reaches two steps
    states: dict[tuple[int, int, int], tuple[int, Choice]] = {(0, 0, 0): (0, ())}
    hand_runs, hand_below, last_step = 0, 0, None
    for step in sorted(by_step):
        faces = sorted(by_step[step])
        adjacent = last_step is not None and step == last_step + 1
        held = any(counts[index] == 2 for index in faces)
        below = hand_below if adjacent else 0
        hand_below = min(2, below + 1) if held else 0
        hand_runs += hand_below == 2 and below == 1
        last_step = step
        options = []
        for copies in product(*(range(counts[index] + 1) for index in faces)):
            cost = sum(n * _card_cost(face[index], trump) + PAIR_COST * (counts[index] == 2 and n > 0)
                       for index, n in zip(faces, copies, strict=True))
            kept_pair = any(counts[index] == 2 and n == 0 for index, n in zip(faces, copies, strict=True))
            picked = tuple((index, n) for index, n in zip(faces, copies, strict=True) if n)
            options.append((sum(copies), cost, kept_pair, picked))
        following: dict[tuple[int, int, int], tuple[int, Choice]] = {}
        for (buried, below, runs), (score, choice) in states.items():
            below = below if adjacent else 0
            for count, cost, kept_pair, picked in options:
                if buried + count > size:
                    continue
                run = min(2, below + 1) if kept_pair else 0
                key = (buried + count, run, runs + (run == 2 and below == 1))
                value = (score - cost, choice + picked)
                if key not in following or value[0] > following[key][0]:
                    following[key] = value
        states = following
    plain = trump.suit_of(cards[0]) != TRUMP
    table: SuitTable = {}
    for (buried, _below, runs), (score, choice) in states.items():
        score += VOID_BONUS if plain and buried == len(cards) else 0
        if (buried, runs) not in table or score > table[buried, runs][0]:
            table[buried, runs] = (score, choice)
    return hand_runs, table


def exact_best_bury(hand: Sequence[Card], trump: Trump, size: int = KITTY_SIZE) -> tuple[tuple[Card, ...], BuryValue]:
    """A bury of ``size`` cards of ``hand`` with the highest ``bury_value`` there is (trump order), and its value."""
    if not 0 <= size <= len(hand):
        raise ValueError(f"cannot bury {size} of {len(hand)} cards")
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(trump.suit_of(card), []).append(card)
    # state: (buried, tractors lost so far, kept minus the hand's, may be negative) -> (score, choice)
    states: dict[tuple[int, int], tuple[int, Choice]] = {(0, 0): (0, ())}
    for suit in (TRUMP, *SUITS):
        if suit not in by_suit:
            continue
        hand_runs, table = _suit_table(by_suit[suit], trump, size)
        following: dict[tuple[int, int], tuple[int, Choice]] = {}
        for (buried, lost), (score, choice) in states.items():
            for (count, runs), (part, picked) in table.items():
                if buried + count > size:
                    continue
                key = (buried + count, lost + hand_runs - runs)
                reached = (score + part, choice + picked)
                if key not in following or reached[0] > following[key][0]:
                    following[key] = reached
        states = following
    best = max(((score - TRACTOR_COST * max(0, lost), choice) for (buried, lost), (score, choice) in states.items()
                if buried == size), key=lambda found: found[0])
    face = {card.index: card for card in hand}
    cards = tuple(trump.sorted([face[index] for index, copies in best[1] for _ in range(copies)]))
    value = bury_value(hand, cards, trump)
    assert value.total == best[0], (value, best)
    return cards, value


@dataclass(frozen=True)
class BuryCost:
    """One part where a bury differs from the best one: ``figure`` is what it loses there (negative: gains)."""

    part: str
    figure: int
    line: Message


@dataclass(frozen=True)
class BuryGrade:
    """A bury's value, the best value with one bury that reaches it, and the parts that make the gap."""

    buried: tuple[Card, ...]
    value: BuryValue
    best_cards: tuple[Card, ...]
    best: BuryValue
    costs: tuple[BuryCost, ...]

    @property
    def correct(self) -> bool:
        """A bury that ties the best is right."""
        return self.value.total >= self.best.total

    @property
    def gap(self) -> int:
        return self.best.total - self.value.total

    def lines(self) -> tuple[Message, ...]:
        """The verdict with both scores, then each part's line, the biggest loss first."""
        params = {"yours": self.value.total, "best": self.best.total, "gap": self.gap}
        head = Message("kittyl_bury_right" if self.correct else "kittyl_bury_behind", params)
        return (head, *(cost.line for cost in self.costs))


def _signed(figure: int) -> str:
    """A part's figure as the learner's score sees it: −7 for a loss, +20 for a gain."""
    return f"−{figure}" if figure > 0 else f"+{-figure}"


def _cards(cards: Sequence[Card]) -> Message:
    return Message("kittyl_bury_cards", {"cards": tuple(cards)}) if cards else Message("kittyl_bury_none")


def _costs(hand: Sequence[Card], buried: Sequence[Card], value: BuryValue, best: BuryValue,
           trump: Trump) -> list[BuryCost]:
    kept = kept_cards(hand, buried)
    found: list[BuryCost] = []
    for suit in SUITS:
        if suit in best.voids and suit not in value.voids:
            left = [card for card in kept if trump.suit_of(card) == suit]
            found.append(BuryCost("void", VOID_BONUS, Message(
                "kittyl_part_void_kept", {"suit": suit, "cards": tuple(left), "figure": _signed(VOID_BONUS)})))
        elif suit in value.voids and suit not in best.voids:
            found.append(BuryCost("void", -VOID_BONUS, Message(
                "kittyl_part_void_made", {"suit": suit, "figure": _signed(-VOID_BONUS)})))
    trumps = [card for card in buried if trump.suit_of(card) == TRUMP]
    plain = [card for card in buried if trump.suit_of(card) != TRUMP]
    broken_faces = pair_cards(hand) - pair_cards(kept)
    broken = [card for index in sorted(broken_faces, key=lambda i: trump.sort_key(next(
        c for c in hand if c.index == i))) for card in hand if card.index == index]
    parts = (
        ("trumps", value.trumps, best.trumps, TRUMP_COST, trumps),
        ("pairs", value.pairs, best.pairs, PAIR_COST, broken),
        ("tractors", value.tractors, best.tractors, TRACTOR_COST, None),
        ("aces", value.aces, best.aces, ACE_COST, [card for card in plain if card.rank == "A"]),
        ("kings", value.kings, best.kings, KING_COST, [card for card in plain if card.rank == "K"]),
        ("points", value.points, best.points, POINT_COST, [card for card in buried if card.points]),
    )
    for part, yours, theirs, weight, cards in parts:
        if yours == theirs:
            continue
        figure = weight * (yours - theirs)
        params: dict[str, object] = {"count": yours, "best": theirs, "figure": _signed(figure)}
        if cards is not None:
            params["cards"] = _cards(trump.sorted(cards))
        found.append(BuryCost(part, figure, Message(f"kittyl_part_{part}", params)))
    return found


def bury_grade(hand: Sequence[Card], buried: Sequence[Card], trump: Trump,
               best: tuple[tuple[Card, ...], BuryValue] | None = None) -> BuryGrade:
    """Grade ``buried`` (any ``KITTY_SIZE`` cards ``hand`` holds) against the proven best bury (``best``, when
    the caller has it already). The parts are listed biggest loss first, gains last."""
    best_cards, best_value = best if best is not None else exact_best_bury(hand, trump, len(buried))
    buried = tuple(trump.sorted(buried))
    value = bury_value(hand, buried, trump)
    costs = sorted(_costs(hand, buried, value, best_value, trump), key=lambda cost: -cost.figure)
    return BuryGrade(buried, value, best_cards, best_value, tuple(costs))
