"""Combinations 牌型: singles, pairs, tractors, and the format of a lead (docs/rules.md §3).

Cards of one effective suit are reduced to *pair counts per step*: how many distinct pairs
sit on each step. Tractors are runs of consecutive steps that hold a pair; two different
副主 pairs on one step count twice there but can only join a run once each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from .cards import CARDS, Card, draw_cards, symbols
from .errors import RuleError
from .trump import Trump, _build_tables

SINGLE = "single"
PAIR = "pair"
TRACTOR = "tractor"
THROW = "throw"


@dataclass(frozen=True)
class Component:
    """One piece of a format: a single, a pair, or a tractor of ``pairs`` consecutive pairs."""

    kind: str
    cards: tuple[Card, ...]
    pairs: int
    top: int
    """The step of the component's highest card."""

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def shape_key(self) -> tuple[str, int]:
        """(kind, pairs): components with equal keys have the same shape."""
        return (self.kind, self.pairs)

    def __str__(self) -> str:
        return symbols(self.cards)

    def _repr_svg_(self) -> str | None:
        return draw_cards(self.cards)


@dataclass(frozen=True)
class Shape:
    """The format of one suit's cards: ``kind`` is single/pair/tractor, or throw for several."""

    kind: str
    suit: str
    components: tuple[Component, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for component in self.components for card in component.cards)

    @property
    def tractor_lengths(self) -> tuple[int, ...]:
        """Pair counts of the tractors, longest first."""
        return tuple(c.pairs for c in self.components if c.kind == TRACTOR)

    @property
    def pair_count(self) -> int:
        """All pairs, tractor pairs included."""
        return sum(c.pairs for c in self.components)

    @property
    def plain_pairs(self) -> int:
        """Pairs that are not part of a tractor."""
        return sum(1 for c in self.components if c.kind == PAIR)

    @property
    def singles(self) -> int:
        return sum(1 for c in self.components if c.kind == SINGLE)

    @property
    def main_shape(self) -> tuple[str, int]:
        """The most important shape: the longest tractor, else a pair, else a single."""
        return self.components[0].shape_key

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.components)

    def _repr_svg_(self) -> str | None:
        return draw_cards(self.cards)


def single_suit(cards: Sequence[Card], trump: Trump) -> str:
    """The one effective suit of ``cards``; raises ``RuleError`` for none or mixed suits."""
    if not cards:
        raise RuleError("empty_play")
    suit_of = trump.tables.suit_of
    suit = suit_of[cards[0].index]
    for card in cards:
        if suit_of[card.index] != suit:
            suits = sorted({suit_of[c.index] for c in cards})
            raise RuleError("mixed_suits", {"cards": tuple(trump.sorted(cards)), "suits": suits})
    return suit


def pair_counts(cards: Iterable[Card], trump: Trump) -> list[int]:
    """How many distinct pairs sit on each step of the cards' (single) effective suit."""
    step = trump.tables.step
    counts: Counter[int] = Counter(card.index for card in cards)
    per_step = [0] * trump.tables.slots
    for index, count in counts.items():
        if count >= 2:
            per_step[step[index]] += count // 2
    return per_step


def pair_faces(cards: Iterable[Card]) -> list[Card]:
    """One card for every pair held (a face held twice)."""
    counts: Counter[int] = Counter(card.index for card in cards)
    return [CARDS[index] for index, count in counts.items() for _ in range(count // 2)]


def shape(cards: Sequence[Card], trump: Trump) -> Shape:
    """The format of a lead: maximal tractors, then pairs, then singles (docs/rules.md §3).

    Unchecked (trusted callers pass valid cards); ``shengji_kit.shape`` checks its input.
    """
    suit = single_suit(cards, trump)
    return _shape_cached(tuple(sorted(card.index for card in cards)), trump.level, trump.suit, trump.breaks, suit)


def shape_of_faces(faces: Iterable[int], trump: Trump, suit: str) -> Shape:
    """``shape`` of cards given as face indices, all of effective suit ``suit`` (unchecked; for hot loops)."""
    return _shape_cached(tuple(sorted(faces)), trump.level, trump.suit, trump.breaks, suit)


@lru_cache(maxsize=1 << 16)
def _shape_cached(indices: tuple[int, ...], level: str, trump_suit: str | None, breaks: int, suit: str) -> Shape:
    tables = _build_tables(level, trump_suit, breaks)
    step = tables.step
    sort_key = tables.sort_key
    counts: Counter[int] = Counter(indices)
    pairs_by_step: dict[int, list[int]] = {}
    singles: list[int] = []
    for index in sorted(counts, key=lambda i: sort_key[i]):
        count = counts[index]
        for _ in range(count // 2):
            pairs_by_step.setdefault(step[index], []).append(index)
        if count % 2:
            singles.append(index)
    components: list[Component] = []
    run: list[int] = []

    def close_run() -> None:
        if len(run) >= 2:
            faces = [pairs_by_step[s].pop(0) for s in reversed(run)]
            cards = tuple(CARDS[i] for face in faces for i in (face, face))
            components.append(Component(TRACTOR, cards, len(run), run[-1]))
        run.clear()

    for s in sorted(pairs_by_step):
        if run and s != run[-1] + 1:
            close_run()
        run.append(s)
    close_run()
    for s in sorted(pairs_by_step, reverse=True):
        for face in pairs_by_step[s]:
            components.append(Component(PAIR, (CARDS[face], CARDS[face]), 1, s))
    for index in singles:
        components.append(Component(SINGLE, (CARDS[index],), 0, step[index]))
    order = {TRACTOR: 0, PAIR: 1, SINGLE: 2}
    components.sort(key=lambda c: (order[c.kind], -c.pairs, -c.top, sort_key[c.cards[0].index]))
    kind = components[0].kind if len(components) == 1 else THROW
    return Shape(kind, suit, tuple(components))


# --- matching and covering -------------------------------------------------------------


def runs(per_step: Sequence[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive steps holding a pair, as (first step, last step)."""
    found: list[tuple[int, int]] = []
    start = -1
    for s, count in enumerate(per_step):
        if count and start < 0:
            start = s
        elif not count and start >= 0:
            found.append((start, s - 1))
            start = -1
    if start >= 0:
        found.append((start, len(per_step) - 1))
    return found


def has_tractor_above(per_step: Sequence[int], length: int, top: int) -> int | None:
    """The highest top step > ``top`` of a ``length``-pair tractor in ``per_step``, or None."""
    best: int | None = None
    for first, last in runs(per_step):
        if last - first + 1 >= length and last > top:
            best = last if best is None else max(best, last)
    return best


def max_tractor_match(per_step: Sequence[int], lengths: Sequence[int]) -> int:
    """Most pairs that can sit in disjoint tractors of exactly the lead's tractor lengths.

    Criterion (a) of docs/rules.md §5: a tractor of k pairs may be cut from a longer run.
    """
    if not lengths:
        return 0
    if len(lengths) == 1:
        need = lengths[0]
        return need if any(last - first + 1 >= need for first, last in runs(per_step)) else 0
    return _match_search(list(per_step), tuple(sorted(lengths, reverse=True)))


def _match_search(counts: list[int], lengths: tuple[int, ...]) -> int:
    memo: dict[tuple[tuple[int, ...], int], int] = {}

    def search(i: int) -> int:
        if i == len(lengths):
            return 0
        key = (tuple(counts), i)
        if key in memo:
            return memo[key]
        best = search(i + 1)
        length = lengths[i]
        remaining = sum(lengths[i:])
        for start in range(len(counts) - length + 1):
            if best == remaining:
                break
            if all(counts[s] for s in range(start, start + length)):
                for s in range(start, start + length):
                    counts[s] -= 1
                best = max(best, length + search(i + 1))
                for s in range(start, start + length):
                    counts[s] += 1
        memo[key] = best
        return best

    return search(0)


def cover_key(play: Sequence[Card], lead: Shape, trump: Trump) -> int | None:
    """The play's key against ``lead`` (docs/rules.md §6), or None when it cannot cover the lead.

    The key is the highest top step the play can give a component of the lead's most important
    shape, in a split of the play that covers every lead component by shape. The caller checks
    the play's suit.
    """
    step = trump.tables.step
    main_kind, main_pairs = lead.main_shape
    if main_kind == SINGLE:
        return max(step[card.index] for card in play)
    if len(lead.components) == 1:
        return _single_component_key(play, main_kind, main_pairs, trump)
    per_step = pair_counts(play, trump)
    lengths = lead.tractor_lengths
    if not lengths:
        if sum(per_step) < lead.plain_pairs:
            return None
        return max(s for s, count in enumerate(per_step) if count)
    best: int | None = None
    counts = list(per_step)
    plain_pairs = lead.plain_pairs

    def place(i: int, top_of_main: int) -> None:
        nonlocal best
        if i == len(lengths):
            if sum(counts) >= plain_pairs and (best is None or top_of_main > best):
                best = top_of_main
            return
        length = lengths[i]
        for start in range(len(counts) - length, -1, -1):
            if all(counts[s] for s in range(start, start + length)):
                top = start + length - 1
                if i == 0 and best is not None and top <= best:
                    break
                new_top = max(top_of_main, top) if length == main_pairs else top_of_main
                for s in range(start, start + length):
                    counts[s] -= 1
                place(i + 1, new_top)
                for s in range(start, start + length):
                    counts[s] += 1

    place(0, -1)
    return best


def _single_component_key(play: Sequence[Card], kind: str, pairs: int, trump: Trump) -> int | None:
    """Fast path of ``cover_key`` for a lead of one pair or one tractor."""
    step = trump.tables.step
    if kind == PAIR:
        first, second = play
        return step[first.index] if first.index == second.index else None
    faces = sorted(play, key=lambda card: step[card.index])
    steps: list[int] = []
    for i in range(0, len(faces), 2):
        a, b = faces[i], faces[i + 1]
        if a.index != b.index:
            return None
        steps.append(step[a.index])
    if any(later != earlier + 1 for earlier, later in pairwise(steps)):
        return None
    return steps[-1]
