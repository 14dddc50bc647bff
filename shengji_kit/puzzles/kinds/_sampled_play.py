"""Evaluation for best-play items the learner sees only part of: every deal consistent with what is seen, or a sample.

The item states the cards still out (``pool``) and the seats that hold them unseen. When the
distinct ways to share the pool among those seats are few (at most ``EXACT_LIMIT``), every one
is solved and weighted by how many physical deals show it: the stated cost is then the exact
average, and ``puzzles check`` compares it to the stated precision (``cost = 4.94`` means
4.935..4.945; ``cost = 5`` means 4.5..5.5). Otherwise a fixed large sample (``deals`` seeded
deals) stands in, its 95% interval is reported, and ``puzzles check --seed N`` draws a fresh
sample: the stated figure, read with its precision, must meet that interval. So no item stands
or falls by the one seed its author used. Either way an item whose answer does not clearly gain on
average (an exact mean under ``MIN_GAIN`` points, a sampled interval reaching zero) is refused.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ...chances.shares import count_shares, every_share
from ...engine.cards import Card
from ...game.position_table import PositionTable
from ...solver._moves import Play
from ...solver.position import Position
from ..fields import Raw, read_cards, read_int, require
from ..problems import FieldError

EXACT_LIMIT = 5_000
"""At most this many distinct deals: every one is solved and the stated cost is the exact average."""
DEALS = 400
"""The fixed sample's size when the deals are too many to solve them all."""
MIN_DEALS, MAX_DEALS = 100, 2_000
MIN_GAIN = 1.0
"""An exact mean gain below this many points is too small to teach: the margin is not clear."""
Z95 = 1.96


@dataclass(frozen=True)
class Sampling:
    """The unseen cards and the seats holding them; ``exact`` when every deal is solved, else the sample size, seed."""

    pool: tuple[Card, ...]
    seats: tuple[int, ...]
    deals: int
    seed: int
    exact: bool = False


@dataclass(frozen=True)
class Estimate:
    """A mean gap in points and its 95% interval (a single point when every deal was solved)."""

    mean: float
    low: float
    high: float
    exact: bool = False

    @staticmethod
    def of(gaps: list[int], weights: list[int] | None = None, exact: bool = False) -> Estimate:
        """The weighted mean of ``gaps``; exact means the gaps are every deal, so there is no interval."""
        weights = weights or [1] * len(gaps)
        total = sum(weights)
        mean = sum(w * g for w, g in zip(weights, gaps, strict=True)) / total
        if exact:
            return Estimate(mean, mean, mean, True)
        count = len(gaps)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (count - 1)) if count > 1 else 0.0
        half = Z95 * spread / math.sqrt(count)
        return Estimate(mean, mean - half, mean + half)

    def text(self) -> str:
        """The figure as the feedback states it: two decimals when exact, one when sampled."""
        return f"{self.mean:.2f}" if self.exact else f"{self.mean:.1f}"


LeadValues = Callable[[Sequence[Position]], Sequence[Mapping[Play, int]]]
"""Every deal's leads and their values (one mapping a deal, in order)."""


@dataclass(frozen=True, eq=False)
class DealSet:
    """The deals an item is valued on, each with its weight (physical deals it stands for).

    Built on first use, not when the lesson file loads: an exact item has thousands of deals,
    and only checking or grading a wrong answer needs them.
    """

    count: int = 0
    exact: bool = False
    first: Position | None = None
    build: Callable[[], tuple[tuple[Position, ...], tuple[int, ...]]] | None = None
    _leads: dict[Play, tuple[int, ...]] = field(default_factory=dict, repr=False)
    """Every lead's value on every deal, once ``lead_values`` has filled it."""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @cached_property
    def _built(self) -> tuple[tuple[Position, ...], tuple[int, ...]]:
        return self.build() if self.build is not None else ((), ())

    def lead_values(self, values: LeadValues) -> Mapping[Play, tuple[int, ...]]:
        """Each lead the mover can make on every deal, with its value on each deal (in deal order): ``values``
        gives every deal's leads and values. Solved once for the deal set, on first use; a second caller (a
        grade while a background warm-up runs) waits for the first one's table instead of solving again."""
        with self._lock:
            if not self._leads and self.positions:
                found = values(self.positions)
                common = set(found[0]).intersection(*found[1:])  # standing throws differ from deal to deal
                self._leads.update({play: tuple(one[play] for one in found) for play in sorted(common)})
            return self._leads

    def warm(self, values: LeadValues) -> threading.Thread:
        """Fill ``lead_values`` in a background thread (a grade then only looks the values up)."""
        thread = threading.Thread(target=self.lead_values, args=(values,), daemon=True, name="sampled-leads")
        thread.start()
        return thread

    @property
    def positions(self) -> tuple[Position, ...]:
        return self._built[0]

    @property
    def weights(self) -> tuple[int, ...]:
        return self._built[1]

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Position]:
        return iter(self.positions)

    def __getitem__(self, i: int) -> Position:
        if i == 0 and self.first is not None:
            return self.first
        return self.positions[i]

    def estimate(self, gap: Callable[[Position], int]) -> Estimate:
        """The average of ``gap`` over the deals (exact over every deal, or the sample's mean and interval)."""
        return Estimate.of([gap(deal) for deal in self.positions], list(self.weights), self.exact)


NO_DEALS = DealSet()


def read_sampling(raw: Raw, table: PositionTable) -> Sampling:
    """Read ``sample = { pool = "..." }`` (plus ``deals``, ``seed`` when the deals are too many to solve all)."""
    sample = require(raw, "sample")
    if not isinstance(sample, Mapping):
        raise FieldError("sample", "must be a table: { pool = \"cards still out\" }")
    unknown = set(sample) - {"pool", "deals", "seed"}
    if unknown:
        raise FieldError("sample", f"unknown field {sorted(unknown)[0]!r}")
    pool = read_cards(require(sample, "pool", "sample"), "sample.pool")
    seats = tuple(seat for seat in range(4) if seat not in table.hands)
    if not seats or table.trick:
        raise FieldError("sample", "a sampled item is a lead (no trick) with some seats' hands left out")
    size = len(next(iter(table.hands.values())))
    if len(pool) != size * len(seats):
        raise FieldError("sample.pool", f"holds {len(pool)} cards; {len(seats)} hidden hands of {size} need "
                                        f"{size * len(seats)}")
    count = count_shares(pool, [size] * len(seats), EXACT_LIMIT + 1)
    if count <= EXACT_LIMIT:
        if "deals" in sample or "seed" in sample:
            raise FieldError("sample", f"the pool can lie in only {count} ways, all solved exactly: "
                                       "leave out deals and seed")
        return Sampling(pool, seats, count, 0, exact=True)
    deals = read_int(sample.get("deals", DEALS), "sample.deals", MIN_DEALS, MAX_DEALS)
    seed = read_int(sample.get("seed", 1), "sample.seed", 0, 10**9)
    return Sampling(pool, seats, deals, seed)


def sampled_positions(table: PositionTable, sampling: Sampling, seed: int | None = None) -> DealSet:
    """Every consistent deal (exact items), else ``sampling.deals`` deals drawn with ``seed`` (default: the item's)."""
    table.need("dealer", "leader", "hands")
    assert table.dealer is not None and table.leader is not None
    dealer, leader = table.dealer, table.leader
    size = len(sampling.pool) // len(sampling.seats)

    def position(shared: tuple[tuple[Card, ...], ...]) -> Position:
        dealt = dict(zip(sampling.seats, shared, strict=True))
        hands = tuple(tuple(table.hands[seat]) if seat in table.hands else dealt[seat] for seat in range(4))
        return Position(table.rules, table.trump.level, table.trump.suit, dealer, leader,
                        hands, table.kitty or (), table.points or 0)

    sizes = [size] * len(sampling.seats)
    if sampling.exact:
        def every() -> tuple[tuple[Position, ...], tuple[int, ...]]:
            shares = list(every_share(sampling.pool, sizes))
            return tuple(position(share) for share, _ in shares), tuple(w for _, w in shares)

        first = position(next(every_share(sampling.pool, sizes))[0])
        return DealSet(sampling.deals, True, first, every)
    rng = random.Random(sampling.seed if seed is None else seed)
    positions = []
    for _ in range(sampling.deals):
        cards = list(sampling.pool)
        rng.shuffle(cards)
        positions.append(position(tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(len(sampling.seats)))))
    return DealSet(len(positions), False, positions[0], lambda: (tuple(positions), (1,) * len(positions)))


def precision(stated: float) -> float:
    """Half a unit of the stated figure's last digit: 4.94 → 0.005, 5.6 → 0.05, 5 → 0.5."""
    written = repr(stated)
    decimals = len(written.split(".")[1]) if "." in written and not written.endswith(".0") else 0
    return 0.5 * 10.0 ** -decimals


def cost_problem(stated: float, found: Estimate, deals: int) -> tuple[str, str] | None:
    """Why a stated cost does not hold, as (``margin`` or ``cost``, message); None when it holds."""
    if found.exact and found.mean < MIN_GAIN:
        return "margin", (f"the margin is not clear: over all {deals} deals the exact mean is {found.mean:.2f} "
                          f"points (less than {MIN_GAIN:g})")
    if found.low <= 0:
        return "margin", (f"the margin is not clear: {found.mean:.1f} points, "
                          f"95% interval {found.low:.1f}..{found.high:.1f}")
    slack = precision(stated) + 1e-9
    if found.exact:
        if abs(found.mean - stated) > slack:
            return "cost", f"states {stated}, but the exact mean over all {deals} deals is {found.mean:.2f}"
        return None
    if stated + slack < found.low or stated - slack > found.high:
        return "cost", (f"states {stated}, but over {deals} deals the mean is {found.mean:.1f} "
                        f"(95% interval {found.low:.1f}..{found.high:.1f})")
    return None
