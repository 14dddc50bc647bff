"""The review's endgame under ``throw_penalty_points``: the penalty of throws failed before it is not counted there."""

from __future__ import annotations

import shengji_kit as sk
from shengji_kit.coach._sample_playout import Budget
from shengji_kit.engine.rules import rules_from_table
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, play_round
from shengji_kit.game.result import throw_penalty_points

TINY = Budget(samples=2, candidates=3, horizon=1, solve_at=3)
RULES = rules_from_table({"based_on": "classic", "throw_penalty_points": 40})


def test_the_endgame_counts_only_what_was_gained_from_its_first_trick_on() -> None:
    reviewed = 0
    for seed in range(40):
        rnd = Round.new(seed, RULES)
        play_round(rnd, [RandomBot(seed + seat, throw_rate=0.5) for seat in range(4)])
        result = rnd.result
        assert result is not None
        if not result.failed_throws:
            continue
        perfect = sk.review(rnd.record(), seat=0, budget=TINY).perfect
        assert perfect is not None
        tricks = rnd.view(0).tricks[perfect.trick - 1:]
        gained = sum(trick.points for trick in tricks if trick.winner % 2 != result.dealer % 2)
        later = throw_penalty_points([t.leader for t in tricks if t.attempt is not None], result.dealer, RULES)
        assert perfect.actual == gained + result.kitty_points * result.kitty_multiplier + later
        reviewed += 1
        if reviewed == 2:
            break
    assert reviewed == 2
