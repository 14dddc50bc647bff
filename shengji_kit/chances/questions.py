"""The questions of lesson 8: where is a card, how does a suit split, will a throw stand.

Each answer is an ``Estimate`` from sampled deals (``sampler.py``, or ``plain_sampler.py`` without
numpy), with the exact value beside it when no void is known and a closed form exists (``exact.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.cards import CARDS, Card
from ..engine.errors import RuleError
from ..engine.rules import Rules
from ..engine.shapes import shape
from ..engine.throws import check_throw
from .draw import draw_deals, samples_here
from .estimate import Estimate, from_hits
from .exact import chance_holds_exact, pattern_exact
from .placements import check_samples
from .situation import CardsInput, Holder, Situation, as_card, as_cards, effective_suit

if TYPE_CHECKING:
    from .plain_sampler import PlainDeals
    from .sampler import Deals, Seed

    AnyDeals = Deals | PlainDeals

DEFAULT_SAMPLES = 20_000
THROW_SAMPLES = 5_000


def _deals(situation: Situation, samples: int, seed: Seed, deals: AnyDeals | None) -> AnyDeals:
    if deals is not None:
        return deals
    return draw_deals(situation, check_samples(samples), seed)


def chance_holds(
    card: str | Card,
    holder: Holder,
    situation: Situation,
    *,
    at_least: int = 1,
    samples: int = DEFAULT_SAMPLES,
    seed: Seed = 0,
    deals: AnyDeals | None = None,
) -> Estimate:
    """The chance that ``holder`` (a seat or ``"kitty"``) holds ≥ ``at_least`` copies of ``card``."""
    face = as_card(card)
    index = situation.holder_index(holder)
    drawn = _deals(situation, samples, seed, deals)
    hits = drawn.count_holding(face, holder, at_least)
    exact: float | None = None
    suit = situation.trump.suit_of(face)
    if suit in situation.voids[index]:
        exact = 0.0 if at_least > 0 else 1.0
    elif not situation.has_voids:
        exact = float(
            chance_holds_exact(
                situation.copies_unseen(face), len(situation.unseen), situation.sizes[index], at_least
            )
        )
    return from_hits(hits, drawn.samples, exact)


def chance_partner_holds(
    card: str | Card,
    situation: Situation,
    *,
    at_least: int = 1,
    samples: int = DEFAULT_SAMPLES,
    seed: Seed = 0,
    deals: AnyDeals | None = None,
) -> Estimate:
    """The chance that the partner holds ``card`` (at least one copy unless ``at_least`` says more)."""
    return chance_holds(
        card, situation.partner, situation, at_least=at_least, samples=samples, seed=seed, deals=deals
    )


def _split_holders(situation: Situation, holders: Sequence[Holder] | None) -> list[int]:
    chosen = list(holders) if holders is not None else list(situation.opponents)
    return [situation.holder_index(h) for h in chosen]


def split_distribution(
    suit: str,
    situation: Situation,
    holders: Sequence[Holder] | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: Seed = 0,
    deals: AnyDeals | None = None,
) -> dict[tuple[int, ...], Estimate]:
    """Every split of the unseen ``suit`` cards over ``holders`` (default: the two opponents).

    A split is the counts each holder has, largest first (4-2 and 2-4 are one split); the rest
    of the suit lies in the other hands. Sorted from the likeliest split down.
    """
    letter = effective_suit(suit)
    indices = _split_holders(situation, holders)
    drawn = _deals(situation, samples, seed, deals)
    patterns = drawn.suit_patterns(letter, indices)
    sizes = [situation.sizes[i] for i in indices]
    total = situation.suit_unseen(letter)
    result: dict[tuple[int, ...], Estimate] = {}
    for key, hit in sorted(patterns.items()):
        exact = None if situation.has_voids else float(pattern_exact(len(situation.unseen), total, sizes, key))
        result[key] = from_hits(int(hit), drawn.samples, exact)
    return dict(sorted(result.items(), key=lambda item: -item[1].probability))


def chance_split(
    suit: str,
    pattern: Sequence[int],
    situation: Situation,
    holders: Sequence[Holder] | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: Seed = 0,
    deals: AnyDeals | None = None,
) -> Estimate:
    """The chance that the unseen ``suit`` cards split ``pattern`` (e.g. ``(3, 3)``) over ``holders``."""
    letter = effective_suit(suit)
    indices = _split_holders(situation, holders)
    total = situation.suit_unseen(letter)
    wanted = tuple(sorted((int(c) for c in pattern), reverse=True))
    if len(wanted) != len(indices) or sum(wanted) > total or min(wanted, default=0) < 0:
        raise RuleError(
            "chances_bad_pattern",
            {"pattern": "-".join(str(c) for c in pattern), "count": total, "suit": letter,
             "holders": len(indices)},
        )
    drawn = _deals(situation, samples, seed, deals)
    hits = drawn.suit_patterns(letter, indices)[wanted]
    exact = None
    if not situation.has_voids:
        sizes = [situation.sizes[i] for i in indices]
        exact = float(pattern_exact(len(situation.unseen), total, sizes, wanted))
    return from_hits(hits, drawn.samples, exact)


def chance_throw_stands(
    throw: CardsInput,
    situation: Situation,
    *,
    rules: Rules | str | None = None,
    samples: int = THROW_SAMPLES,
    seed: Seed = 0,
    deals: AnyDeals | None = None,
) -> Estimate:
    """The chance that ``throw``, led now from this seat's hand, stands (engine's ``check_throw``).

    Only the thrown suit matters to the check, so each sampled deal is reduced to the three
    other hands' cards of that suit and the engine is asked once per distinct holding. The
    engine runs in Python, so at most ``samples`` deals are checked (also of ``deals`` given).
    """
    cards = as_cards(throw)
    if not cards or Counter(cards) - Counter(situation.hand):
        raise RuleError("chances_throw_not_in_hand", {"cards": tuple(cards)})
    lead = shape(cards, situation.trump)
    drawn = _deals(situation, samples, seed, deals)
    if lead.kind != "throw":
        return Estimate(1.0, drawn.samples, 1.0)
    columns, owners = drawn.suit_rows(lead.suit, samples_here(samples))
    faces = [situation.unseen[j].index for j in columns]
    seats = [situation.holder_index(s) for s in situation.others]
    verdicts: dict[tuple[tuple[int, ...], ...], bool] = {}
    hits = 0
    for row in owners:
        # Copies are ordered by face, so equal holdings give equal keys whichever copy it is.
        key = tuple(tuple(faces[j] for j, h in enumerate(row) if h == seat) for seat in seats)
        verdict = verdicts.get(key)
        if verdict is None:
            others = [[CARDS[face] for face in hand] for hand in key]
            verdict = check_throw(cards, others, situation.trump, rules).ok
            verdicts[key] = verdict
        hits += verdict
    return from_hits(hits, len(owners))
