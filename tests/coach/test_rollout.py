"""The search bot's play-out policy (``rollout.RuleRollout``) picks RuleBot's play at every turn."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_kit.coach.rollout import RuleRollout, listed, shown_voids
from shengji_kit.engine.cards import Card
from shengji_kit.game import Round
from shengji_kit.game.bots.rule import RuleBot
from shengji_kit.game.playout import Playout, unseen_cards


def faces(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(card.index for card in cards))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**40), rules=st.sampled_from(["super_tycoon", "classic"]))
def test_rollout_policy_chooses_as_rulebot(seed: int, rules: str) -> None:
    """At every play of a RuleBot round, the play-out policy given the true hands picks RuleBot's play."""
    rnd = Round.new(seed, rules)
    bots = [RuleBot(seed + seat) for seat in range(4)]
    compared = 0
    while rnd.to_act is not None:
        seat = rnd.to_act
        view = rnd.view(seat)
        actions = rnd.legal_actions(seat)
        action = bots[seat].choose(view, actions)
        if view.phase == "play":
            hidden = {other: list(rnd.view(other).hand) for other in range(4) if other != seat}
            kitty = Counter(unseen_cards(view))
            for cards in hidden.values():
                kitty.subtract(cards)
            playout = Playout.from_view(view, hidden, list(kitty.elements()))
            burier = seat if view.kitty is not None else view.dealer
            assert burier is not None
            history = [(trick.leader, [faces(play) for play in trick.plays]) for trick in view.tricks]
            rollout = RuleRollout(playout, burier, shown_voids(playout.tables, history))
            options = listed(playout)
            chosen = options[0] if len(options) == 1 else rollout.choose(playout, options)
            assert tuple(sorted(chosen)) == faces(action.cards)
            compared += 1
        rnd.act(seat, action)
    assert compared >= 4  # at least one whole trick was compared (a round of throws can be short)
