"""``GentleBot``: RuleBot that, at a stated rate, takes a plausible weaker play on purpose.

At each play with a real choice (two or more listed plays) it draws from its own seeded random
numbers: with probability ``miss_rate`` it plays one of RuleBot's next favourites (the second to
fourth of ``search_bot.candidates``, drawn evenly) instead of RuleBot's own choice; else it plays as
RuleBot. Declaring, redeals and burying are RuleBot's. Deterministic for a seed: a round replays.
"""

from __future__ import annotations

import random

from ..game.actions import Action
from ..game.bots.rule import RuleBot
from ..game.views import SeatView
from .search_bot import candidates

MISS_RATE = 0.3
"""The share of real choices in the tricks on which the gentle bot plays a weaker card on purpose."""
ALTERNATIVES = 3
"""How many of RuleBot's next favourites a miss picks from."""


class GentleBot:
    """A learner-friendly opponent; ``choose(view, actions)`` like every bot.

    ``choices`` counts the plays where it had a real choice and ``misses`` those where it left
    RuleBot's play on purpose (so a test or a page can check the rate).
    """

    def __init__(self, seed: int = 0, miss_rate: float = MISS_RATE) -> None:
        if not 0.0 <= miss_rate <= 1.0:
            raise ValueError(f"miss_rate must be between 0 and 1, not {miss_rate}")
        self.seed = seed
        self.miss_rate = miss_rate
        self.rule = RuleBot(seed)
        self.rng = random.Random(f"gentle-{seed}")
        self.choices = 0
        self.misses = 0

    def choose(self, view: SeatView, actions: list[Action]) -> Action:
        favourite = self.rule.choose(view, actions)
        if view.phase != "play" or len(actions) < 2:
            return favourite
        self.choices += 1
        if self.rng.random() >= self.miss_rate:
            return favourite
        others = [cards for cards in candidates(view, actions, ALTERNATIVES + 1) if cards != favourite.cards]
        if not others:
            return favourite
        chosen = others[self.rng.randrange(len(others))]
        self.misses += 1
        listed = next((action for action in actions if action.cards == chosen), None)
        return listed or Action.play(chosen)
