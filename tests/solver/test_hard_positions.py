"""The slowest 6-card trump-heavy endgames found so far keep their solved value and best leads.

The expected totals and best leads were computed by the solver before its speed-ups (plain
alpha-beta with a full window at the root); the positions come from ``benchmarks/solver.py``'s
``dense`` family (trumps and one side suit only). No timing is asserted.
"""

from __future__ import annotations

from typing import Any

import pytest

from shengji_kit.solver import solve

pytestmark = pytest.mark.slow  # seconds per position

HARD_POSITIONS = [
    pytest.param(
        {
            "rules": "super_tycoon", "level": "K", "trump": "H", "dealer": 2, "leader": 2,
            "hands": {"0": "HQ H9 HJ DK H7 H5", "1": "DK H6 CK H10 HA LJ",
                      "2": "HK H9 H3 LJ HJ BJ", "3": "H10 BJ HQ H6 SK H8"},
            "kitty": "H5 SK H2 H8 H7 H3 H2 HA",
        },
        50,
        {"HJ": 50, "H9": 50, "H3": 50},
        id="dense-seed7-17-super_tycoon",
    ),
    pytest.param(
        {
            "rules": "super_tycoon", "level": "2", "trump": "H", "dealer": 0, "leader": 3,
            "hands": {"0": "BJ H7 HQ H9 H6 H5", "1": "HQ H5 C2 BJ LJ H4",
                      "2": "H2 H8 HA H7 H10 HA", "3": "H8 H2 HK HJ H9 D2"},
            "kitty": "HJ H10 C2 H4 S2 H6 LJ H3",
        },
        25,
        {"HK": 25, "D2": 25, "HJ": 25, "H9": 25, "H8": 25},
        id="dense-seed1-55-super_tycoon",
    ),
    pytest.param(
        {
            "rules": "super_tycoon", "level": "9", "trump": "H", "dealer": 3, "leader": 0,
            "hands": {"0": "H7 H8 D9 H10 C9 BJ", "1": "H3 H9 HK H6 HA LJ",
                      "2": "S9 HK LJ H5 HQ H3", "3": "HJ D9 H8 C9 H10 H9"},
            "kitty": "H7 H6 H5 BJ HJ H4 HA HQ",
        },
        30,
        {"H10": 30, "C9": 30, "D9": 30, "H8": 30, "H7": 30},
        id="dense-seed7-19-super_tycoon",
    ),
    pytest.param(
        {
            "rules": "classic", "level": "10", "trump": "S", "dealer": 1, "leader": 2,
            "hands": {"0": "LJ SA S3 SK S2 S10", "1": "S7 H10 S10 SJ SA S5",
                      "2": "BJ H10 S6 S4 BJ C10", "3": "S4 C10 S5 S2 SJ S7"},
            "kitty": "S9 S8 S8 D10 S3 SK SQ S9",
        },
        105,
        {"H10": 105, "C10": 105, "S6": 105, "S4": 105},
        id="dense-seed3-16-classic",
    ),
]


@pytest.mark.parametrize(("position", "total", "best"), HARD_POSITIONS)
def test_slowest_trump_heavy_positions_keep_their_answer(
    position: dict[str, Any], total: int, best: dict[str, int]
) -> None:
    solution = solve({**position, "points": 0})
    assert solution.total == total
    assert solution.best == best
    assert solution.total == sum(trick.gained for trick in solution.line)
