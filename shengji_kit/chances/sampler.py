"""Sample where the unseen cards are, many deals at once with numpy, exactly under the voids shown.

The unseen copies are an index array ``0..N-1``; a batch of deals is an ``owners`` array of
shape ``(samples, N)`` whose entry is the holder (index into ``Situation.holders``) of that copy.

* No voids: every way to place the copies is equally likely, so each row is a random
  permutation of the holder labels ``[0]*sizes[0] + [1]*sizes[1] + …`` (``rng.permuted``).
* Voids: still uniform, but only over placements that give no holder a card of a suit it lacks.
  Copies are grouped into classes by the set of holders allowed to take them. The number of
  placements with ``c[k][h]`` copies of class ``k`` at holder ``h`` is ``∏ₖ nₖ! / ∏ₕ c[k][h]!``,
  so the count table is drawn first, class by class, each step weighted by the exact number of
  ways to finish (a dynamic programme over the holders' remaining room, exact integers), then
  each class is permuted within its counts. No rejection: a rare void pattern costs no more
  than a common one, and an impossible one is reported as ``chances_impossible_voids``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..engine.cards import Card
from ..engine.errors import RuleError
from .placements import VoidsInWords, Ways, check_samples, classes_by_allowed, describe_voids
from .situation import KITTY, Holder, Situation, as_card, effective_suit

_Ways = Ways  # the name benchmarks/chances.py reads

__all__ = ["Deals", "Seed", "VoidsInWords", "check_samples", "describe_voids", "generator", "sample_deals"]

Seed = int | np.random.Generator | None
IntArray = npt.NDArray[np.int64]
OwnerArray = npt.NDArray[np.int8]


def generator(seed: Seed) -> np.random.Generator:
    """A ``numpy.random.Generator`` from a seed (or the generator itself)."""
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


@dataclass(frozen=True)
class Deals:
    """``owners[s, j]``: the holder index of unseen copy ``j`` in sampled deal ``s``."""

    situation: Situation
    owners: OwnerArray
    card_index: IntArray = field(repr=False)
    """Face index (0..53) of each unseen copy."""
    suit_index: npt.NDArray[np.str_] = field(repr=False)
    """Effective suit letter of each unseen copy."""

    @property
    def samples(self) -> int:
        return int(self.owners.shape[0])

    def holds(self, holder: Holder) -> npt.NDArray[np.bool_]:
        """``(samples, N)``: whether ``holder`` holds each unseen copy."""
        held: npt.NDArray[np.bool_] = self.owners == self.situation.holder_index(holder)
        return held

    def copies_held(self, card: str | Card, holder: Holder) -> IntArray:
        """Per deal, how many copies of ``card`` ``holder`` holds (0, 1 or 2)."""
        columns = self.card_index == as_card(card).index
        counts: IntArray = self.holds(holder)[:, columns].sum(axis=1).astype(np.int64)
        return counts

    def suit_counts(self, suit: str) -> IntArray:
        """``(samples, holders)``: how many unseen cards of effective suit ``suit`` each holder has."""
        columns = self.suit_index == effective_suit(suit)
        owners = self.owners[:, columns]
        return np.stack(
            [(owners == h).sum(axis=1) for h in range(len(self.situation.holders))], axis=1
        ).astype(np.int64)

    def count_holding(self, card: str | Card, holder: Holder, at_least: int) -> int:
        """In how many deals ``holder`` holds at least ``at_least`` copies of ``card``."""
        return int((self.copies_held(card, holder) >= at_least).sum())

    def suit_patterns(self, suit: str, indices: Sequence[int]) -> Counter[tuple[int, ...]]:
        """How many deals give each split of ``suit`` over the holders ``indices`` (counts largest first)."""
        counts = -np.sort(-self.suit_counts(suit)[:, list(indices)], axis=1)
        patterns, hits = np.unique(counts, axis=0, return_counts=True)
        return Counter({tuple(int(c) for c in row): int(hit)
                        for row, hit in zip(patterns.tolist(), hits.tolist(), strict=True)})

    def suit_rows(self, suit: str, limit: int) -> tuple[list[int], list[list[int]]]:
        """The copies of effective suit ``suit`` (their columns) and, for the first ``limit`` deals, their holders."""
        columns = np.flatnonzero(self.suit_index == suit)
        rows: list[list[int]] = self.owners[:limit, columns].tolist()
        return [int(j) for j in columns], rows

    def kitty_points(self, values: Sequence[int]) -> list[int]:
        """Per deal, the points of the kitty, ``values[j]`` being unseen copy ``j``'s points."""
        points = (self.holds(KITTY) * np.array(values, dtype=np.int64)[None, :]).sum(axis=1)
        return [int(p) for p in points.tolist()]

    def hand(self, sample: int, holder: Holder) -> list[Card]:
        """The cards ``holder`` holds in deal ``sample`` (unseen ones only)."""
        row = self.owners[sample] == self.situation.holder_index(holder)
        return [self.situation.unseen[j] for j in np.flatnonzero(row)]


def sample_deals(situation: Situation, samples: int = 10_000, seed: Seed = 0) -> Deals:
    """``samples`` deals drawn uniformly among those consistent with ``situation`` (seeded)."""
    check_samples(samples)
    rng = generator(seed)
    unseen = situation.unseen
    suit_of = situation.trump.tables.suit_of
    card_index = np.array([c.index for c in unseen], dtype=np.int64)
    suit_index = np.array([suit_of[c.index] for c in unseen], dtype=np.str_)
    classes = _classes(situation, suit_index)
    if len(classes) == 1 and classes[0][1] == tuple(range(len(situation.holders))):
        labels = np.repeat(np.arange(len(situation.sizes), dtype=np.int8), situation.sizes)
        owners = rng.permuted(np.tile(labels, (samples, 1)), axis=1)
    else:
        owners = _sample_with_voids(situation, classes, samples, rng)
    return Deals(situation, owners, card_index, suit_index)


def _classes(
    situation: Situation, suit_index: npt.NDArray[np.str_]
) -> list[tuple[IntArray, tuple[int, ...]]]:
    """Copies grouped by the holders allowed to take them: (columns, allowed holders)."""
    grouped = classes_by_allowed(situation, suit_index.tolist())
    return [(np.array(cols, dtype=np.int64), allowed) for cols, allowed in grouped]


def _sample_with_voids(
    situation: Situation,
    classes: list[tuple[IntArray, tuple[int, ...]]],
    samples: int,
    rng: np.random.Generator,
) -> OwnerArray:
    holders = len(situation.holders)
    ways = Ways([(len(cols), allowed) for cols, allowed in classes])
    if ways.ways(0, situation.sizes) == 0:
        raise RuleError(
            "chances_impossible_voids",
            {"voids": VoidsInWords(situation)},
        )
    room = np.tile(np.array(situation.sizes, dtype=np.int64), (samples, 1))
    radix = 1 << 7
    owners = np.empty((samples, len(situation.unseen)), dtype=np.int8)
    for k, (columns, _) in enumerate(classes):
        if k == len(classes) - 1:
            table = room  # the last class fills exactly the room that is left
        else:
            table = np.zeros((samples, holders), dtype=np.int64)
            keys = room @ (radix ** np.arange(holders, dtype=np.int64))
            states, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            order = np.argsort(inverse, kind="stable")
            starts = np.searchsorted(inverse[order], np.arange(len(states) + 1))
            for s in range(len(states)):
                rows = order[starts[s] : starts[s + 1]]
                options = ways.options(k, tuple(int(r) for r in room[first[s]]))
                total = sum(weight for _, weight in options)
                chances = np.array([weight / total for _, weight in options])
                picks = rng.choice(len(options), size=len(rows), p=chances / chances.sum())
                table[rows] = np.array([counts for counts, _ in options], dtype=np.int64)[picks]
            room = room - table
        owners[:, columns] = _labels_within(table, len(columns), rng)
    return owners


def _labels_within(table: IntArray, size: int, rng: np.random.Generator) -> OwnerArray:
    """Per row, holder labels with ``table[row, h]`` copies of ``h``, in random order."""
    bounds = np.cumsum(table, axis=1)
    positions = np.arange(size)[None, :]
    labels = np.zeros((table.shape[0], size), dtype=np.int8)
    for h in range(table.shape[1] - 1):
        labels += positions >= bounds[:, h : h + 1]
    return rng.permuted(labels, axis=1)
