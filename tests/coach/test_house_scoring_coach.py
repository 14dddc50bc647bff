"""The coach reads a round's full house rules (kitty size, kitty scheme) from the seat's view, not its name."""

from __future__ import annotations

import dataclasses

from shengji_kit.coach import hint
from shengji_kit.coach._sample_playout import Budget
from shengji_kit.engine.rules import Rules
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot
from shengji_kit.game.views import rules_of

TINY = Budget(samples=2, candidates=3, horizon=1, solve_at=3)


def test_the_coach_hints_in_a_round_with_a_twelve_card_kitty_and_per_card_multiplier() -> None:
    rules = dataclasses.replace(Rules.preset("super_tycoon"), name="house", kitty_size=12, kitty_scheme="per_card")
    rnd = Round.new(8, rules)
    bot = RandomBot(8)
    while rnd.phase != "play":
        seat = rnd.to_act
        assert seat is not None
        rnd.act(seat, bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
    for _ in range(3):
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        assert rules_of(view) == rules and view.kitty_size == 12
        advice = hint(rnd, seat, budget=TINY)
        listed = {tuple(sorted(card.index for card in a.cards)) for a in rnd.legal_actions(seat)}
        assert tuple(sorted(card.index for card in advice.play)) in listed
        rnd.act(seat, bot.choose(view, rnd.legal_actions(seat)))
