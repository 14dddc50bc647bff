"""The solver agrees with an exhaustive minimax on many tiny random positions, both presets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shengji_kit.engine import shape
from shengji_kit.solver import solve

from .brute import BruteForce, random_pair_position, random_small_position


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["super_tycoon", "classic"])
def test_total_matches_brute_force(rules: str) -> None:
    rng = random.Random(f"total-{rules}")
    kinds: Counter[str] = Counter()
    for _ in range(150):
        position = random_small_position(rng, rng.randint(1, 3), rules)
        solution = solve(position)
        assert solution.total == BruteForce(position).total(), position.to_dict()
        trump = position.trump_context
        kinds.update(shape(trick.plays[0], trump).kind for trick in solution.line)
    # the sample really exercises multi-card leads, not only singles
    assert kinds["single"] > 100 and kinds["pair"] >= 5 and kinds["throw"] >= 5


@pytest.mark.slow
def test_pair_rich_positions_match_brute_force() -> None:
    rng = random.Random("pairs")
    kinds: Counter[str] = Counter()
    for _ in range(40):
        position = random_pair_position(rng, rng.choice(["super_tycoon", "classic"]))
        solution = solve(position)
        assert solution.total == BruteForce(position).total(), position.to_dict()
        kinds.update(shape(trick.plays[0], position.trump_context).kind for trick in solution.line)
    assert kinds["tractor"] > 0 and kinds["pair"] > 0


@pytest.mark.parametrize("rules", ["super_tycoon", "classic"])
def test_best_leads_match_brute_force(rules: str) -> None:
    rng = random.Random(f"best-{rules}")
    for _ in range(60):
        position = random_small_position(rng, rng.randint(1, 3), rules)
        solution = solve(position)
        totals = BruteForce(position).lead_totals()
        optimum = max(totals.values()) if position.is_attacker(position.leader) else min(totals.values())
        assert optimum == solution.total
        assert set(solution.best) == {lead for lead, total in totals.items() if total == optimum}
        assert all(total == solution.total for total in solution.best.values())


def test_line_adds_up_and_is_legal() -> None:
    rng = random.Random("line")
    for _ in range(60):
        position = random_small_position(rng, 3, rng.choice(["super_tycoon", "classic"]))
        solution = solve(position)
        assert solution.total == position.points + sum(trick.gained for trick in solution.line)
        assert len(solution.line) >= 1
        first = solution.line[0]
        assert first.leader == position.leader
        assert " ".join(card.code for card in first.plays[0]) in solution.best
        for before, after in zip(solution.line, solution.line[1:], strict=False):
            assert after.leader == before.winner
        played = Counter(card for trick in solution.line for play in trick.plays for card in play)
        held = Counter(card for hand in position.hands for card in hand)
        assert played == held


def test_merging_equivalent_cards_changes_nothing_on_bigger_positions() -> None:
    rng = random.Random("merge")
    merged_some = 0
    for _ in range(12):
        position = random_small_position(rng, 4, rng.choice(["super_tycoon", "classic"]))
        merged = solve(position)
        plain = solve(position, merging=False)
        assert merged.total == plain.total and merged.best == plain.best, position.to_dict()
        merged_some += merged.nodes < plain.nodes
    assert merged_some > 0
