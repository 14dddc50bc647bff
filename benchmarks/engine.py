"""Print the mean microseconds of the engine's hot calls on random 25-card positions.

Target (issue 2): check_follow, trick_winner, check_throw and the legal-play enumerator each
under 50 µs for singles, pairs and tractors. Run: `.venv/bin/python benchmarks/engine.py`.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import shengji_kit as sk
from shengji_kit.engine.cards import RANKS, full_deck
from shengji_kit.engine.follow import legal_leads, legal_plays, playable_cards

Case = tuple[sk.Trump, list[sk.Card], list[list[sk.Card]]]


def random_cases(kind: str, count: int, seed: int) -> list[Case]:
    """Positions whose leader holds a lead of ``kind``; hands are 25 cards from a shuffled deal."""
    rng = random.Random(seed)
    cases: list[Case] = []
    while len(cases) < count:
        deck = full_deck()
        rng.shuffle(deck)
        trump = sk.Trump(rng.choice(RANKS), rng.choice(["S", "H", "C", "D", None]))
        hands = [deck[i * 25 : (i + 1) * 25] for i in range(4)]
        if kind == "throw":
            lead = random_throw(hands[0], trump, rng)
            if lead:
                cases.append((trump, lead, hands))
            continue
        leads = [lead for lead in legal_leads(hands[0], trump) if sk.shape(lead, trump).kind == kind]
        if leads:
            cases.append((trump, rng.choice(leads), hands))
    return cases


def random_throw(hand: list[sk.Card], trump: sk.Trump, rng: random.Random) -> list[sk.Card] | None:
    """2 to 5 cards of one suit of ``hand`` that form a throw, or None."""
    suit = trump.suit_of(rng.choice(hand))
    cards = [c for c in hand if trump.suit_of(c) == suit]
    if len(cards) < 3:
        return None
    lead = rng.sample(cards, rng.randint(2, min(5, len(cards))))
    return lead if sk.shape(lead, trump).kind == "throw" else None


def mean_microseconds(work: Callable[..., object], args: tuple[object, ...], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        work(*args)
    return (time.perf_counter() - start) / repeat * 1e6


def enumerate_plays(lead: list[sk.Card], hand: list[sk.Card], trump: sk.Trump) -> list[list[sk.Card]]:
    return list(legal_plays(lead, hand, trump, limit=200))


def measure(kind: str, cases: list[Case]) -> dict[str, float]:
    prepared = []
    for trump, lead, hands in cases:
        follows = [next(iter(legal_plays(lead, hand, trump)), None) for hand in hands[1:]]
        plays = [lead] + [f or hand[: len(lead)] for f, hand in zip(follows, hands[1:], strict=True)]
        prepared.append((trump, lead, hands, plays))
    figures: dict[str, list[float]] = {
        "check_follow": [], "trick_winner": [], "check_throw": [], "legal_plays": [],
        "playable_cards": [],
    }
    for trump, lead, hands, plays in prepared:
        hand, play = hands[1], plays[1]
        figures["check_follow"].append(mean_microseconds(sk.check_follow, (lead, hand, play, trump), 20))
        figures["trick_winner"].append(mean_microseconds(sk.trick_winner, (plays, trump), 20))
        figures["check_throw"].append(mean_microseconds(sk.check_throw, (lead, hands[1:], trump), 20))
        figures["legal_plays"].append(mean_microseconds(enumerate_plays, (lead, hand, trump), 5))
        figures["playable_cards"].append(mean_microseconds(playable_cards, (lead, hand, trump), 5))
    return {name: sum(values) / len(values) for name, values in figures.items()}


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"engine benchmark: {count} random 25-card positions per lead kind (mean µs per call)")
    names = ["check_follow", "trick_winner", "check_throw", "legal_plays", "playable_cards"]
    print(f"{'lead':<9}" + "".join(f"{n:>16}" for n in names))
    worst = 0.0
    for seed, kind in enumerate(["single", "pair", "tractor", "throw"]):
        result = measure(kind, random_cases(kind, count, seed))
        print(f"{kind:<9}" + "".join(f"{result[n]:>16.1f}" for n in names))
        if kind != "throw":
            worst = max(worst, max(result[n] for n in names[:4]))
    verdict = "met" if worst < 50 else "NOT met"
    print(f"target (each < 50 µs for singles/pairs/tractors): {verdict}; worst mean {worst:.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
