"""The exact counting behind the samplers (no numpy): placements of unseen copies under voids, in words too.

``Ways`` counts, exactly, the placements that finish classes ``k..`` of copies (copies grouped by
the holders allowed to take them) into the holders' remaining room; both samplers draw each
class's counts weighted by it, so a deal is uniform among those the voids allow.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from math import factorial

from ..engine.errors import RuleError
from ..engine.explain import seat_name, suit_name
from .situation import KITTY, Situation


def check_samples(samples: int) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RuleError("chances_bad_count", {"count": samples})
    return samples


def classes_by_allowed(situation: Situation, suits: Sequence[str]) -> list[tuple[list[int], tuple[int, ...]]]:
    """Copies grouped by the holders allowed to take them: (columns, allowed holders), largest class last."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for j, suit in enumerate(suits):
        allowed = tuple(h for h, void in enumerate(situation.voids) if suit not in void)
        groups.setdefault(allowed, []).append(j)
    # Largest class last: the last class is placed without enumeration.
    return [(cols, allowed) for allowed, cols in sorted(groups.items(), key=lambda item: len(item[1]))]


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


class Ways:
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
