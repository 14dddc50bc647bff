"""Print the time to sample 100,000 deals of the unseen cards with numpy, against pure Python.

Target (issue 14): 100,000 sampled deals under 1 s. Both sides do the same work: place the 83
unseen copies of a learner's first-trick position over East, North, West and the kitty, every
deal equally likely (no voids: one shuffle of the holder labels per deal), then — with voids —
the exact void-aware method of ``sampler.py`` (class counts from the same exact weights, then
a shuffle within each class). Run: `.venv/bin/python benchmarks/chances.py [deals]`.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import numpy as np

import shengji_kit as sk
from shengji_kit.chances import Situation, chance_partner_holds, sample_deals, situation
from shengji_kit.chances.sampler import _classes, _Ways

HAND = "SK SQ SJ S10 S9 H3 H4 H5 H6 H7 H8 H9 C3 C4 C5 C6 C7 C8 D3 D4 D5 D6 D7 D8 BJ"
TRUMP = sk.Trump("2", "H")


def python_deals(sit: Situation, deals: int, seed: int) -> list[list[int]]:
    """The pure-Python loop: one list of holder labels per deal, shuffled in place."""
    rng = random.Random(seed)
    labels = [h for h, size in enumerate(sit.sizes) for _ in range(size)]
    result = []
    for _ in range(deals):
        row = labels[:]
        rng.shuffle(row)
        result.append(row)
    return result


def python_deals_with_voids(sit: Situation, deals: int, seed: int) -> list[list[int]]:
    """The same exact void-aware method as ``sampler.py``, one deal at a time in Python."""
    rng = random.Random(seed)
    suits = np.array([sit.trump.suit_of(c) for c in sit.unseen])
    classes = _classes(sit, suits)
    ways = _Ways([(len(cols), allowed) for cols, allowed in classes])
    columns = [cols.tolist() for cols, _ in classes]
    result = []
    for _ in range(deals):
        room = list(sit.sizes)
        row = [0] * len(sit.unseen)
        for k, cols in enumerate(columns):
            if k == len(columns) - 1:
                counts = tuple(room)
            else:
                options = ways.options(k, tuple(room))
                counts = rng.choices([c for c, _ in options], weights=[float(w) for _, w in options])[0]
            labels = [h for h, c in enumerate(counts) for _ in range(c)]
            rng.shuffle(labels)
            for j, h in zip(cols, labels, strict=True):
                row[j] = h
            room = [r - c for r, c in zip(room, counts, strict=True)]
        result.append(row)
    return result


def timed(call: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    plain = situation(HAND, TRUMP)
    voids = situation(HAND, TRUMP, voids={1: "S", 3: "S C"})
    print(f"{deals:,} deals of {len(plain.unseen)} unseen cards over {len(plain.holders)} holders (best of 3)")
    for name, sit, python in (
        ("no voids", plain, python_deals),
        ("voids (East ♠, West ♠ ♣)", voids, python_deals_with_voids),
    ):
        fast = timed(lambda sit=sit: sample_deals(sit, deals, seed=1))
        slow = timed(lambda sit=sit, python=python: python(sit, deals, 1))
        verdict = "meets" if fast < 1.0 else "misses"
        print(
            f"  {name:28s} numpy {fast:6.3f} s   pure Python {slow:6.3f} s   "
            f"ratio {slow / fast:5.1f}×   ({verdict} the 1 s target)"
        )
    question = timed(lambda: chance_partner_holds("SA", plain, samples=deals, seed=1))
    print(f"  chance_partner_holds('SA') on {deals:,} deals: {question:.3f} s")


if __name__ == "__main__":
    main()
