"""The solver's bound on the kitty multiplier stays an upper bound under every house kitty scheme.

An underestimate would let the search prune the line that captures the kitty and report a wrong total.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from shengji_kit.engine.cards import full_deck
from shengji_kit.engine.follow import legal_leads
from shengji_kit.engine.rules import Rules
from shengji_kit.engine.scoring import kitty_multiplier
from shengji_kit.engine.trump import Trump
from shengji_kit.solver.search import Searcher

TRUMP = Trump("2", "S")


@pytest.mark.parametrize("base", ["super_tycoon", "classic"])
@pytest.mark.parametrize("scheme", ["by_shape", "per_card", "doubling"])
def test_largest_multiplier_bounds_every_lead(base: str, scheme: str) -> None:
    rules = dataclasses.replace(Rules.preset(base), name="house", kitty_scheme=scheme)
    searcher = Searcher(TRUMP, rules, (False, True, False, True), kitty_points=25)
    rng = random.Random(f"{base}/{scheme}")
    deck = full_deck()
    for _ in range(40):
        hand = sorted(rng.sample(deck, 24), key=lambda card: card.index)
        bound = searcher.largest_multiplier(tuple(card.index for card in hand))
        leads = itertools.islice(legal_leads(hand, TRUMP, include_throws=True), 400)
        most = max(kitty_multiplier(lead, TRUMP, rules) for lead in leads)
        assert most <= bound
