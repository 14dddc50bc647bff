"""RuleBot's fast path (``choose_play`` over faces) chooses exactly what ``choose(view, actions)`` chooses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_kit.game import Round
from shengji_kit.game.actions import Action
from shengji_kit.game.bots import play_round
from shengji_kit.game.bots.rule import RuleBot
from shengji_kit.game.views import SeatView


class ViewOnlyRuleBot:
    """RuleBot without its fast path: every decision goes through ``choose(view, actions)``."""

    def __init__(self, seed: int) -> None:
        self.bot = RuleBot(seed)

    def choose(self, view: SeatView, actions: list[Action]) -> Action:
        return self.bot.choose(view, actions)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**40), rules=st.sampled_from(["super_tycoon", "classic"]))
def test_fast_path_plays_the_same_round(seed: int, rules: str) -> None:
    fast = play_round(Round.new(seed, rules), [RuleBot(seed + seat) for seat in range(4)])
    slow = play_round(Round.new(seed, rules), [ViewOnlyRuleBot(seed + seat) for seat in range(4)])
    assert fast.actions == slow.actions
    assert fast.record() == slow.record()
