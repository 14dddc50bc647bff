"""Every way to share the unseen cards among hidden hands of given sizes, each with its weight (no numpy).

With two decks a pool may hold two copies of a card; then two physical deals can show the same
hands. ``every_share`` yields each distinct share once, with ``weight`` = how many physical deals
(copies told apart) show it, so a weighted average over the shares is the exact average over
uniformly random deals. ``count_shares`` counts the distinct shares, stopping early past a limit,
so a caller can decide whether evaluating every share is affordable before it starts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import islice
from math import comb

from ..engine.cards import Card

Share = tuple[tuple[Card, ...], ...]
"""One hand per hidden seat, in the order of ``sizes``; each hand's cards in pool order."""


def _hands(kinds: list[tuple[Card, int]], sizes: Sequence[int]) -> Iterator[tuple[list[list[int]], int]]:
    """Per card kind, how many copies each hand takes; with the weight of that split."""
    taken: list[list[int]] = []

    def place(k: int, room: tuple[int, ...], weight: int) -> Iterator[tuple[list[list[int]], int]]:
        if k == len(kinds):
            if not any(room):
                yield taken, weight
            return
        copies = kinds[k][1]
        for split in _splits(copies, room):
            taken.append(split)
            ways = 1
            left = copies
            for count in split:
                ways *= comb(left, count)
                left -= count
            yield from place(k + 1, tuple(r - c for r, c in zip(room, split, strict=True)), weight * ways)
            taken.pop()

    yield from place(0, tuple(sizes), 1)


def _splits(copies: int, room: tuple[int, ...]) -> Iterator[list[int]]:
    """Every way to put ``copies`` identical cards into hands with this much ``room``."""
    if len(room) == 1:
        if copies <= room[0]:
            yield [copies]
        return
    for first in range(min(copies, room[0]) + 1):
        for rest in _splits(copies - first, room[1:]):
            yield [first, *rest]


def every_share(pool: Sequence[Card], sizes: Sequence[int]) -> Iterator[tuple[Share, int]]:
    """Each distinct way to deal ``pool`` into hands of ``sizes`` (which must add up to it), with its weight."""
    if sum(sizes) != len(pool):
        raise ValueError(f"hands of {list(sizes)} cards cannot share {len(pool)} cards")
    kinds = list(Counter(pool).items())
    for taken, weight in _hands(kinds, sizes):
        hands: list[list[Card]] = [[] for _ in sizes]
        for (card, _), split in zip(kinds, taken, strict=True):
            for hand, count in zip(hands, split, strict=True):
                hand.extend([card] * count)
        yield tuple(tuple(hand) for hand in hands), weight


def count_shares(pool: Sequence[Card], sizes: Sequence[int], stop: int | None = None) -> int:
    """How many distinct shares there are; at most ``stop`` (counting ends there)."""
    return sum(1 for _ in islice(every_share(pool, sizes), stop))
