"""Hand-made endgames: the kitty multiplier on the last trick, and a throw that wins the hand."""

from __future__ import annotations

import pytest

from shengji_kit.engine import check_throw, parse_cards
from shengji_kit.solver import Position, solve

from .brute import BruteForce

KITTY_20 = "HK D10 C6 C7 C8 C9 D6 D7"  # 20 points


def last_trick_position(leader_cards: str, rules: str) -> Position:
    """Seat 1 (an attacker; seat 0 deals) leads its last cards; nobody can beat them."""
    size = len(leader_cards.split())
    low = {0: "H3 H3 H6 H6", 2: "D3 D3 D8 D8", 3: "C3 C3 C5 C5"}
    return Position.from_dict(
        {
            "rules": rules,
            "level": "2",
            "trump": "S",
            "dealer": 0,
            "leader": 1,
            "hands": {
                str(seat): " ".join(low[seat].split()[:size]) if seat != 1 else leader_cards for seat in range(4)
            },
            "kitty": KITTY_20,
            "points": 40,
        }
    )


@pytest.mark.parametrize(
    ("rules", "cards", "multiplier"),
    [
        ("super_tycoon", "SA", 2),
        ("super_tycoon", "SA SA", 4),
        ("super_tycoon", "SA SA SK SK", 8),
        ("classic", "SA SA", 4),
        ("classic", "SA SA SK SK", 4),
    ],
)
def test_kitty_counts_times_the_last_lead_multiplier(rules: str, cards: str, multiplier: int) -> None:
    position = last_trick_position(cards, rules)
    solution = solve(position)
    trick_points = sum(card.points for hand in position.hands for card in hand)
    assert solution.total == 40 + trick_points + 20 * multiplier
    last = solution.line[-1]
    assert last.winner == 1 and last.kitty_bonus == 20 * multiplier
    assert solution.total == BruteForce(position).total()


def test_no_kitty_when_the_defenders_win_the_last_trick() -> None:
    position = Position.from_dict(
        {"level": "2", "trump": "S", "dealer": 0, "leader": 1,
         "hands": {"0": "SA SA", "1": "H3 H3", "2": "D3 D4", "3": "C3 C4"},
         "kitty": KITTY_20, "points": 10}
    )
    solution = solve(position)
    assert solution.total == 10
    assert solution.line[-1].winner == 0 and solution.line[-1].gained == 0


def throw_position(rules: str = "super_tycoon") -> Position:
    """Seat 1 holds HA HK HK; seat 2 holds one heart and a trump pair that ruffs a lone heart lead."""
    return Position.from_dict(
        {
            "rules": rules,
            "level": "2",
            "trump": "S",
            "dealer": 0,
            "leader": 1,
            "hands": {"0": "D3 D4 D6", "1": "HA HK HK", "2": "H3 S3 S3", "3": "C3 C4 C6"},
            "kitty": "D5 C7 C8 C9 D7 D8 D9 CJ",
            "points": 0,
        }
    )


def test_a_standing_throw_takes_everything() -> None:
    position = throw_position()
    trump = position.trump_context
    others = [position.hands[seat] for seat in (2, 3, 0)]
    assert check_throw(parse_cards("HA HK HK"), others, trump, position.rules).ok
    solution = solve(position)
    # the throw wins 20 trick points and the 5-point kitty at the pair multiplier (x4)
    assert solution.total == 40
    assert solution.best == {"HA HK HK": 40}
    assert len(solution.line) == 1 and solution.line[0].kitty_bonus == 20
    assert solution.total == BruteForce(position).total()


def test_a_failing_throw_is_not_offered() -> None:
    # give seat 3 a higher heart: the throw fails, so only plain leads remain
    table = throw_position().to_dict()
    table["hands"]["3"] = "C3 C4 HA"
    table["hands"]["1"] = "HQ HK HK"
    position = Position.from_dict(table)
    solution = solve(position)
    assert "HQ HK HK" not in solution.best
    assert solution.total == BruteForce(position).total()
