"""The solver's answers on 500 seeded endgames are pinned: a change made for speed must change none.

``seeded_values.json`` holds, for each seed, the total and the best leads that the solver gave
before the speed work of issue 40 (written by ``python tests/solver/test_seeded_values.py --write``
with that solver). Positions are dealt from the seed alone: 2–5 cards a hand, both rule presets,
every level and trump suit and no-trump, whole decks and trump-heavy ones.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from shengji_kit.engine import Card, Trump, full_deck
from shengji_kit.solver import Position, solve

DATA = Path(__file__).with_name("data") / "seeded_values.json"
COUNT = 500
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "C", "D")


def seeded_position(seed: int) -> Position:
    """The endgame of ``seed``: its size, rules and deck family follow from the seed."""
    rng = random.Random(f"seeded-values-{seed}")
    size = 2 + seed % 4
    rules = ("super_tycoon", "classic")[seed // 4 % 2]
    level, trump = rng.choice(LEVELS), rng.choice((*SUITS, "none"))
    deck: list[Card] = full_deck()
    if seed // 8 % 2:  # trump-heavy: only trumps and one side suit, full of pairs and ruffs
        kept = {"T", rng.choice(SUITS)}
        deck = [card for card in deck if Trump(level, trump).suit_of(card) in kept]
    rng.shuffle(deck)
    hands = {str(seat): " ".join(card.code for card in deck[seat * size : (seat + 1) * size]) for seat in range(4)}
    kitty = " ".join(card.code for card in deck[4 * size : 4 * size + 8])
    return Position.from_dict(
        {
            "rules": rules, "level": level, "trump": trump, "dealer": rng.randrange(4),
            "leader": rng.randrange(4), "hands": hands, "kitty": kitty, "points": 5 * rng.randrange(20),
        }
    )


def answers(seed: int) -> dict[str, object]:
    """What the solver says about seed's position: the total and every best lead."""
    solution = solve(seeded_position(seed))
    return {"total": solution.total, "best": sorted(solution.best)}


FIRST = 50
"""The seeds ``make check`` solves (every size, preset and deck family comes round in 16); make test adds the rest."""


def _differ(seeds: range) -> list[int]:
    pinned = json.loads(DATA.read_text(encoding="utf-8"))
    assert len(pinned) == COUNT
    totals = {entry["total"] for entry in pinned}
    assert len(totals) > 20, "the pinned positions should not all score alike"
    return [seed for seed in seeds if answers(seed) != pinned[seed]]


def test_the_solver_gives_the_pinned_answer_on_the_first_50_seeded_endgames() -> None:
    differ = _differ(range(FIRST))
    assert not differ, f"seeds whose answer changed: {differ[:10]}"


@pytest.mark.slow  # 450 endgames more: make test runs them, make check does not
def test_the_solver_gives_the_pinned_answer_on_the_other_450_seeded_endgames() -> None:
    differ = _differ(range(FIRST, COUNT))
    assert not differ, f"seeds whose answer changed: {differ[:10]}"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DATA.write_text(json.dumps([answers(seed) for seed in range(COUNT)], ensure_ascii=False) + "\n", encoding="utf-8")
