"""The choices at each turn of an endgame: leads (throws checked exactly) and legal follows.

Cards are card indices (0..53) and a play is a sorted tuple of them. Choices that are truly
equivalent are merged (see ``equivalence_classes``), so the search branches only on real choices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import NamedTuple

from ..engine.cards import CARDS, Card
from ..engine.follow import legal_leads, legal_plays
from ..engine.rules import Rules
from ..engine.shapes import Shape, shape
from ..engine.throws import check_throw
from ..engine.trump import STEP_SLOTS, Trump

Hand = tuple[int, ...]
Hands = tuple[Hand, ...]
Play = tuple[int, ...]

POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)
SINGLE_CLASS = 100
"""Class ids of faces held once start here (see ``MoveMaker.equivalence_classes``)."""
SUIT_SHIFT = 5
"""A card's place is its effective suit's number shifted left by this, plus its step."""
STEP_MASK = (1 << SUIT_SHIFT) - 1
"""The step bits of a place (``place & STEP_MASK``); ``place >> SUIT_SHIFT`` is the suit's number."""
assert STEP_SLOTS <= STEP_MASK, "a step must fit below the suit bits of a place (with one spare slot)"


class SeatClasses(NamedTuple):
    """One hand's equivalence classes: card -> class id, the hand as sorted class ids, any merge."""

    mapping: dict[int, int]
    signature: tuple[int, ...]
    merging: bool


def cards_of(indices: Iterable[int]) -> list[Card]:
    """Card objects for card indices."""
    return [CARDS[i] for i in indices]


def remove(hand: Hand, play: Play) -> Hand:
    """``hand`` without the cards of ``play`` (both sorted index tuples)."""
    rest = list(hand)
    for index in play:
        rest.remove(index)
    return tuple(rest)


class MoveMaker:
    """Lists leads and follows for one trump context and rule preset, with caches."""

    def __init__(self, trump: Trump, rules: Rules) -> None:
        trump = self.trump = trump.under(rules)
        self.rules = rules
        self.suit_of = trump.tables.suit_of
        self.step = trump.tables.step
        self._leads: dict[Hand, list[Play]] = {}
        self._follows: dict[tuple[Play, Hand], list[Play]] = {}
        self._shapes: dict[Play, Shape] = {}
        self._throw_ok: dict[tuple[Play, Hands], bool] = {}
        self._groups: dict[Hand, list[tuple[str, list[tuple[int, int, int]]]]] = {}
        self._tops: dict[Hand, dict[str, int]] = {}
        self._places: dict[Hand, tuple[frozenset[int], frozenset[int], tuple[tuple[int, int], ...]]] = {}
        self._throws = rules.throws_allowed
        """Whether any throw may be led (``throws_allowed``), read once."""
        self._every_part = rules.throw_compare == "every_part"
        """Every part of a throw is checked, so a standing throw's singles reach the checked hands' top."""
        suit_number = {suit: n for n, suit in enumerate(("S", "H", "C", "D", "T"))}
        self._order = tuple(suit_number[self.suit_of[i]] << SUIT_SHIFT | self.step[i] for i in range(len(CARDS)))
        """A card's place: effective suit, then step (cards of one place are equal). Read it only through
        ``SUIT_SHIFT`` and ``STEP_MASK``: a place's suit and step must never be decoded with another width."""
        points_code = {0: 0, 5: 1, 10: 2}
        self._labels = tuple(
            points_code[POINTS[i]] << 3 | (i // 13 if i < 52 and self.suit_of[i] == "T" else 4)
            for i in range(len(CARDS))
        )
        """A card's points and, for cards sharing a step, which face it is."""

    def shape(self, play: Play) -> Shape:
        """The engine's shape of a lead (cached)."""
        found = self._shapes.get(play)
        if found is None:
            found = self._shapes[play] = shape(cards_of(play), self.trump)
        return found

    def combination_leads(self, hand: Hand) -> list[Play]:
        """Every distinct single, pair and tractor lead from ``hand``."""
        found = self._leads.get(hand)
        if found is None:
            found = [tuple(sorted(c.index for c in lead)) for lead in legal_leads(cards_of(hand), self.trump)]
            self._leads[hand] = found
        return found

    def follows(self, lead: Play, hand: Hand) -> list[Play]:
        """Every distinct legal follow to ``lead`` from ``hand`` (the engine's ``legal_plays``)."""
        key = (lead, hand)
        found = self._follows.get(key)
        if found is None:
            plays = legal_plays(cards_of(lead), cards_of(hand), self.trump, limit=None)
            found = self._follows[key] = [tuple(sorted(c.index for c in play)) for play in plays]
        return found

    def standing_throws(self, hands: Hands, leader: int) -> list[Play]:
        """The throws ``leader`` could make that stand (``check_throw`` decides each one).

        A throw that fails leads its forced component instead, which is also a plain lead with the
        same tricks (its stake and any ``throw_penalty_points`` only cost the thrower's side), so only
        the throws that stand are new choices. When every
        part is checked, a candidate's singles must reach the highest card the checked hands hold in
        the suit, which keeps the candidates few; ``highest_part`` lets any lower card ride along.
        """
        if not self._throws:
            return []
        hand = hands[leader]
        groups = self._groups.get(hand)
        if groups is None:
            groups = self._groups[hand] = self._throw_groups(hand)
        if not groups:
            return []  # one face per suit: at most a pair, never a throw
        others = (hands[(leader + 1) % 4], hands[(leader + 2) % 4], hands[(leader + 3) % 4])
        checked = (others[0], others[2]) if self.rules.throw_check_opponents_only else others
        found: list[Play] = []
        tops = [self._highest(cards) for cards in checked]
        for suit, counts in groups:
            top = -1
            for highest in tops:
                held = highest.get(suit, -1)
                if held > top:
                    top = held
            options: list[tuple[int, tuple[int, ...]]] = []
            for index, count, step in counts:
                if step >= top or not self._every_part:
                    options.append((index, tuple(range(count + 1))))
                elif count == 2:
                    options.append((index, (0, 2)))
            if len(options) < 2:
                continue
            for throw in _multisets(options):
                if len(throw) >= 2 and self.shape(throw).kind == "throw" and self._stands(throw, others):
                    found.append(throw)
        return found

    def _throw_groups(self, hand: Hand) -> list[tuple[str, list[tuple[int, int, int]]]]:
        """The suits where ``hand`` holds two faces or more: each face, its count and step, by face."""
        by_suit: dict[str, dict[int, int]] = {}
        for index in hand:
            counts = by_suit.setdefault(self.suit_of[index], {})
            counts[index] = counts.get(index, 0) + 1
        return [
            (suit, [(index, count, self.step[index]) for index, count in sorted(counts.items())])
            for suit, counts in by_suit.items()
            if len(counts) >= 2
        ]

    def _highest(self, hand: Hand) -> dict[str, int]:
        """The highest step ``hand`` holds in each effective suit (cached)."""
        found = self._tops.get(hand)
        if found is None:
            found = {}
            for index in hand:
                suit = self.suit_of[index]
                if self.step[index] > found.get(suit, -1):
                    found[suit] = self.step[index]
            self._tops[hand] = found
        return found

    def _stands(self, throw: Play, others: Hands) -> bool:
        key = (throw, others)
        ok = self._throw_ok.get(key)
        if ok is None:
            result = check_throw(cards_of(throw), [cards_of(h) for h in others], self.trump, self.rules)
            ok = self._throw_ok[key] = result.ok
        return ok

    def equivalence_classes(self, hands: Hands) -> tuple[SeatClasses, ...]:
        """Give each card of each hand a class; cards of one class are interchangeable.

        Two faces of one hand are merged only when the hand holds each once (so neither can
        pair), they have the same effective suit and points, and no card of another hand sits on
        a step between them, ends included (equal steps always merge). Swapping such cards changes
        no comparison, follow rule, throw check or score for the rest of play; during a trick the
        played cards still count as held, so a trick boundary's classes hold all trick long.
        A face held once gets the class ``SINGLE_CLASS + first face of its class``; a face held
        twice is its own class (its index), so class ids never confuse a pair with two singles.
        """
        order = self._order
        entries: list[int] = []
        mappings: list[dict[int, int]] = []
        for seat, hand in enumerate(hands):
            mapping: dict[int, int] = {}
            last = len(hand) - 1
            for n, index in enumerate(hand):
                if (n == 0 or hand[n - 1] != index) and (n == last or hand[n + 1] != index):
                    mapping[index] = SINGLE_CLASS + index
                    entries.append(order[index] << 9 | seat << 7 | 64 | index)
                elif index not in mapping:
                    mapping[index] = index
                    entries.append(order[index] << 9 | seat << 7 | index)
            mappings.append(mapping)
        # entries sort by suit, step, seat; bit 6 marks a face held once, bits 0-5 the face
        entries.sort()
        merging = [False] * 4
        other_top = [-1, -1, -1, -1]  # per seat: the highest place met that another hand holds
        previous: list[dict[int, tuple[int, int]]] = [{}, {}, {}, {}]  # per seat, points: last single
        suit, at, total = -1, 0, len(entries)
        while at < total:
            here = entries[at] >> 9
            if here >> SUIT_SHIFT != suit:
                suit = here >> SUIT_SHIFT
                other_top = [-1, -1, -1, -1]
                previous = [{}, {}, {}, {}]
            end, owners = at, 0
            while end < total and entries[end] >> 9 == here:
                owners |= 1 << (entries[end] >> 7 & 3)
                end += 1
            for seat in _OTHER_SEATS[owners]:
                other_top[seat] = here
            for entry in entries[at:end]:
                if entry & 64:
                    seat, index = entry >> 7 & 3, entry & 63
                    points = POINTS[index]
                    before = previous[seat].get(points)
                    if before is not None and (before[0] == here or other_top[seat] < before[0]):
                        mappings[seat][index] = before[1]
                        merging[seat] = True
                    previous[seat][points] = (here, mappings[seat][index])
            at = end
        return tuple(
            SeatClasses(mapping, tuple(sorted(map(mapping.__getitem__, hand))), merging[seat])
            for seat, (mapping, hand) in enumerate(zip(mappings, hands, strict=True))
        )

    def shape_signature(self, hands: Hands) -> tuple[tuple[int, ...], ...]:
        """The hands up to renaming cards: positions with equal signatures play out alike.

        Each card becomes (effective suit, its step among the steps still held, points, face
        within the step). Steps are renumbered in order, skipping one number wherever a step
        between two held ones is empty, so order, equality and adjacency (tractors) of the
        remaining cards are kept; nothing else about a card matters to the rules. A gap counts
        only in a suit where some hand holds a pair: with no pair there, no tractor can ever form,
        so positions that differ only by which lower card of it has gone share one entry.
        """
        parts = self._places
        held: set[int] = set()
        paired: set[int] = set()
        found = []
        for hand in hands:
            part = parts.get(hand)
            if part is None:
                part = parts[hand] = self._hand_places(hand)
            held |= part[0]
            paired |= part[1]
            found.append(part[2])
        renumbered: dict[int, int] = {}
        number, previous = 0, -10
        for place in sorted(held):
            suit = place >> SUIT_SHIFT
            # a gap between steps matters only to tractors: only in a suit where some hand holds a pair
            if suit == previous >> SUIT_SHIFT and (place == previous + 1 or suit not in paired):
                number += 1
            else:
                number += 2
            renumbered[place] = suit << 16 | number << 6
            previous = place
        return tuple(tuple(sorted([renumbered[place] | label for place, label in part])) for part in found)

    def _hand_places(self, hand: Hand) -> tuple[frozenset[int], frozenset[int], tuple[tuple[int, int], ...]]:
        """Of ``shape_signature``: a hand's places, the suits where it holds a pair, each card's place and label."""
        order, labels = self._order, self._labels
        paired = frozenset(order[i] >> SUIT_SHIFT for i, j in pairwise(hand) if i == j)
        return frozenset(order[i] for i in hand), paired, tuple((order[i], labels[i]) for i in hand)

    def plain_classes(self, hands: Hands) -> tuple[SeatClasses, ...]:
        """Every face its own class: no merging (cheap, for the last tricks)."""
        return tuple(SeatClasses({i: i for i in hand}, hand, False) for hand in hands)

    def merge(self, plays: list[Play], classes: SeatClasses) -> list[Play]:
        """One play of each equivalence class of plays (the first met)."""
        if len(plays) < 2 or not classes.merging:
            return plays
        mapping = classes.mapping
        seen: set[tuple[int, ...]] = set()
        kept: list[Play] = []
        for play in plays:
            key = tuple(sorted(mapping[i] for i in play))
            if key not in seen:
                seen.add(key)
                kept.append(play)
        return kept


_OTHER_SEATS = tuple(tuple(seat for seat in range(4) if owners & ~(1 << seat)) for owners in range(16))
"""For a set of seats holding a place (a bit mask): the seats for which another hand holds it."""


def _multisets(options: Sequence[tuple[int, tuple[int, ...]]]) -> list[Play]:
    """Every choice of how many copies to take of each face (sorted index tuples)."""
    result: list[list[int]] = [[]]
    for index, takes in options:
        result = [chosen + [index] * take for chosen in result for take in takes]
    return [tuple(chosen) for chosen in result]
