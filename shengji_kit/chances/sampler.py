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

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from math import factorial

import numpy as np
import numpy.typing as npt

from ..engine.cards import Card
from ..engine.errors import RuleError
from ..engine.explain import seat_name, suit_name
from .situation import KITTY, Holder, Situation, as_card, effective_suit

Seed = int | np.random.Generator | None
IntArray = npt.NDArray[np.int64]
OwnerArray = npt.NDArray[np.int8]


def generator(seed: Seed) -> np.random.Generator:
    """A ``numpy.random.Generator`` from a seed (or the generator itself)."""
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def check_samples(samples: int) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RuleError("chances_bad_count", {"count": samples})
    return samples


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
    groups: dict[tuple[int, ...], list[int]] = {}
    for j, suit in enumerate(suit_index.tolist()):
        allowed = tuple(h for h, void in enumerate(situation.voids) if suit not in void)
        groups.setdefault(allowed, []).append(j)
    # Largest class last: the last class is placed without enumeration.
    ordered = sorted(groups.items(), key=lambda item: len(item[1]))
    return [(np.array(cols, dtype=np.int64), allowed) for allowed, cols in ordered]


def _compositions(total: int, allowed: tuple[int, ...], room: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``total`` copies on the ``allowed`` holders within their ``room``."""
    counts = [0] * len(room)

    def place(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(allowed) - 1:
            if left <= room[allowed[i]]:
                counts[allowed[i]] = left
                yield tuple(counts)
                counts[allowed[i]] = 0
            return
        for take in range(min(left, room[allowed[i]]) + 1):
            counts[allowed[i]] = take
            yield from place(i + 1, left - take)
        counts[allowed[i]] = 0

    if not allowed:
        if total == 0:
            yield tuple(counts)
        return
    yield from place(0, total)


def _multinomial(counts: tuple[int, ...]) -> int:
    result = factorial(sum(counts))
    for c in counts:
        result //= factorial(c)
    return result


class _Ways:
    """Exact number of placements finishing classes ``k..`` into the given room (memoised)."""

    def __init__(self, classes: list[tuple[int, tuple[int, ...]]]) -> None:
        self.classes = classes
        self.ways = cache(self._ways)
        self.options = cache(self._options)

    def _options(self, k: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """(counts of class ``k`` per holder, weight) for every way that can be finished."""
        size, allowed = self.classes[k]
        found = []
        for counts in _compositions(size, allowed, room):
            rest = tuple(r - c for r, c in zip(room, counts, strict=True))
            weight = _multinomial(counts) * self.ways(k + 1, rest)
            if weight:
                found.append((counts, weight))
        return found

    def _ways(self, k: int, room: tuple[int, ...]) -> int:
        if k == len(self.classes):
            return 1 if not any(room) else 0
        if k == len(self.classes) - 1:  # the last class must fill the room exactly
            size, allowed = self.classes[k]
            fits = sum(room) == size and all(r == 0 or h in allowed for h, r in enumerate(room))
            return _multinomial(room) if fits else 0
        return sum(weight for _, weight in self.options(k, room))


def _sample_with_voids(
    situation: Situation,
    classes: list[tuple[IntArray, tuple[int, ...]]],
    samples: int,
    rng: np.random.Generator,
) -> OwnerArray:
    holders = len(situation.holders)
    ways = _Ways([(len(cols), allowed) for cols, allowed in classes])
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


@dataclass(frozen=True)
class VoidsInWords:
    """The voids of a situation as a message parameter, written in the message's language."""

    situation: Situation

    def render(self, lang: str) -> str:
        return describe_voids(self.situation, lang)


def describe_voids(situation: Situation, lang: str = "en") -> str:
    """``East: spades; West: clubs trumps`` — the voids of a situation in words."""
    parts = []
    for holder, void in zip(situation.holders, situation.voids, strict=True):
        if void and holder != KITTY:
            name = seat_name(int(holder), lang)
            parts.append(f"{name}: {' '.join(suit_name(s, lang) for s in sorted(void))}")
    return "; ".join(parts) if parts else "-"
