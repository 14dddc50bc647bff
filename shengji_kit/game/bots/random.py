"""``RandomBot``: uniformly random among the listed actions; a baseline to measure against.

Two open-ended choices are drawn directly: a bury is 8 (the kitty size) random cards of the hand, and when
leading, with probability ``throw_rate`` the bot tries a random throw (several cards of one
suit), so failed throws and their penalties occur in self-play too.
"""

from __future__ import annotations

import random as _random

from ...engine.cards import Card
from ..actions import BURY, PLAY, Action
from ..views import SeatView, rules_of
from ._turn import PlayTurn, Turn


def below(rng: _random.Random, count: int) -> int:
    """``rng.randrange(count)`` written out (the same ``getrandbits`` draws as CPython's), for ``count`` >= 1."""
    bits = count.bit_length()
    found = rng.getrandbits(bits)
    while found >= count:
        found = rng.getrandbits(bits)
    return found


class RandomBot:
    """Picks uniformly among the allowed actions; deterministic for a given seed."""

    def __init__(self, seed: int = 0, throw_rate: float = 0.05) -> None:
        self.rng = _random.Random(seed)
        self.throw_rate = throw_rate

    def choose(self, view: SeatView, actions: list[Action]) -> Action:
        if actions and actions[0].kind == BURY:
            return Action.bury(self.rng.sample(view.hand, view.kitty_size))
        leading = actions and actions[0].kind == PLAY and not view.trick and view.trump is not None
        if leading and self.rng.random() < self.throw_rate:
            throw = self._throw(view)
            if throw is not None:
                return throw
        return actions[self.rng.randrange(len(actions))]

    def choose_turn(self, turn: Turn) -> Action:
        """``choose`` outside the tricks, reading the view only to bury."""
        actions = turn.actions
        if actions and actions[0].kind in (BURY, PLAY):
            return self.choose(turn.view, actions)
        return actions[self.rng.randrange(len(actions))]

    def choose_play(self, turn: PlayTurn) -> Action:
        """``choose`` during the tricks, reading the view only to make a throw."""
        rng = self.rng
        if not turn.trick and rng.random() < self.throw_rate:
            throw = self._throw(turn.view)
            if throw is not None:
                return throw
        return turn.action(below(rng, len(turn.faces)))

    def _throw(self, view: SeatView) -> Action | None:
        """A random set of 2+ cards of one effective suit from the hand, if any suit has 2+ (and throws are allowed)."""
        trump = view.trump
        assert trump is not None
        if not rules_of(view).throws_allowed:
            return None
        by_suit: dict[str, list[Card]] = {}
        for card in view.hand:
            by_suit.setdefault(trump.suit_of(card), []).append(card)
        suits = sorted(s for s, cards in by_suit.items() if len(cards) >= 2)
        if not suits:
            return None
        cards = by_suit[self.rng.choice(suits)]
        size = self.rng.randint(2, min(len(cards), 6))
        return Action.play(self.rng.sample(cards, size))
