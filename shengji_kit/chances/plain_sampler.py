"""Sample where the unseen cards are in plain Python: the sampler of a browser that has no numpy.

Each deal is drawn the way ``sampler.py`` draws a batch: with no voids a random order of the
holder labels; with voids each class of copies gets its counts per holder weighted by the exact
number of ways to finish (``placements.Ways``), then its copies are shuffled within those counts.
The deals are uniform among those the voids allow, as with numpy; only slower, so the callers
ask for fewer of them (``draw.PLAIN_SAMPLES``). The exact figures beside them do not change.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.cards import Card
from ..engine.errors import RuleError
from .placements import VoidsInWords, Ways, check_samples, classes_by_allowed
from .situation import KITTY, Holder, Situation, as_card, effective_suit


def plain_generator(seed: object) -> random.Random:
    """A ``random.Random`` from a seed (or the generator itself)."""
    return seed if isinstance(seed, random.Random) else random.Random(seed if isinstance(seed, int) else None)


@dataclass(frozen=True)
class PlainDeals:
    """``owners[s][j]``: the holder index of unseen copy ``j`` in sampled deal ``s`` (as ``sampler.Deals``)."""

    situation: Situation
    owners: list[list[int]]
    card_index: list[int] = field(repr=False)
    suit_index: list[str] = field(repr=False)

    @property
    def samples(self) -> int:
        return len(self.owners)

    def count_holding(self, card: str | Card, holder: Holder, at_least: int) -> int:
        """In how many deals ``holder`` holds at least ``at_least`` copies of ``card``."""
        face = as_card(card).index
        columns = [j for j, index in enumerate(self.card_index) if index == face]
        who = self.situation.holder_index(holder)
        return sum(1 for row in self.owners if sum(row[j] == who for j in columns) >= at_least)

    def suit_patterns(self, suit: str, indices: Sequence[int]) -> Counter[tuple[int, ...]]:
        """How many deals give each split of ``suit`` over the holders ``indices`` (counts largest first)."""
        letter = effective_suit(suit)
        columns = [j for j, each in enumerate(self.suit_index) if each == letter]
        found: Counter[tuple[int, ...]] = Counter()
        for row in self.owners:
            held = Counter(row[j] for j in columns)
            found[tuple(sorted((held[h] for h in indices), reverse=True))] += 1
        return found

    def suit_rows(self, suit: str, limit: int) -> tuple[list[int], list[list[int]]]:
        """The copies of effective suit ``suit`` (their columns) and, for the first ``limit`` deals, their holders."""
        columns = [j for j, each in enumerate(self.suit_index) if each == suit]
        return columns, [[row[j] for j in columns] for row in self.owners[:limit]]

    def kitty_points(self, values: Sequence[int]) -> list[int]:
        """Per deal, the points of the kitty, ``values[j]`` being unseen copy ``j``'s points."""
        kitty = self.situation.holder_index(KITTY)
        return [sum(value for owner, value in zip(row, values, strict=True) if owner == kitty) for row in self.owners]

    def hand(self, sample: int, holder: Holder) -> list[Card]:
        """The cards ``holder`` holds in deal ``sample`` (unseen ones only)."""
        who = self.situation.holder_index(holder)
        return [self.situation.unseen[j] for j, owner in enumerate(self.owners[sample]) if owner == who]


def sample_plain_deals(situation: Situation, samples: int, seed: object = 0) -> PlainDeals:
    """``samples`` deals drawn uniformly among those consistent with ``situation`` (seeded), without numpy."""
    check_samples(samples)
    rng = plain_generator(seed)
    unseen = situation.unseen
    suit_of = situation.trump.tables.suit_of
    suits = [suit_of[c.index] for c in unseen]
    classes = classes_by_allowed(situation, suits)
    ways = Ways([(len(cols), allowed) for cols, allowed in classes])
    if ways.ways(0, situation.sizes) == 0:
        raise RuleError("chances_impossible_voids", {"voids": VoidsInWords(situation)})
    owners = [_one_deal(situation, classes, ways, rng) for _ in range(samples)]
    return PlainDeals(situation, owners, [c.index for c in unseen], suits)


def _one_deal(situation: Situation, classes: list[tuple[list[int], tuple[int, ...]]], ways: Ways,
              rng: random.Random) -> list[int]:
    """One deal: each class's counts per holder drawn by the exact weights, then its copies shuffled."""
    room = tuple(situation.sizes)
    row = [0] * len(situation.unseen)
    for k, (columns, _) in enumerate(classes):
        if k == len(classes) - 1:
            counts = room  # the last class fills exactly the room that is left
        else:
            options = ways.options(k, room)
            counts = rng.choices([c for c, _ in options], weights=[w for _, w in options])[0]
            room = tuple(r - c for r, c in zip(room, counts, strict=True))
        labels = [holder for holder, count in enumerate(counts) for _ in range(count)]
        rng.shuffle(labels)
        for j, label in zip(columns, labels, strict=True):
            row[j] = label
    return row
