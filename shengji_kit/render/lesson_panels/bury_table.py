"""Lesson 11's bury table: a dealer's 33 cards, the evaluation's bury (``game.bury_evaluation``) beside a naive
one, and the sampled play-outs that check the evaluation (``coach.bury_value``). ``data-action="deal"`` deals
another hand (seeded, so a page shows the same hands in the same order)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from ...coach.bury_value import sampled_gap, sampled_totals
from ...engine.cards import Card, full_deck
from ...engine.rules import Rules
from ...engine.trump import Trump
from ...game.bury_evaluation import BuryValue, best_bury, bury_value
from ...puzzles.kinds.bury import best_bury as lesson_seven_bury
from ...words.catalogue import text
from ..hands import card_row_html
from ..table import lang_button

SAMPLES = 60
FIRST_HAND = 57
"""The seed of the lesson's first hand: one where the evaluation's bury keeps a tractor that lesson 7's simple score
breaks, and the play-outs tell the two apart beyond doubt (the verdict under the numbers says so, computed; a test
checks it). Other hands (``Another hand``) may be too close to tell, or go the other way."""


class BuryTable:
    """One dealt hand, its evaluated bury, lesson 7's simple-score bury, and the sampled gap."""

    def __init__(self, seed: int = FIRST_HAND, samples: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.deal()

    def deal(self) -> None:
        deck = full_deck()
        self.rng.shuffle(deck)
        self.trump = Trump("2", self.rng.choice(("S", "H", "C", "D")))
        self.hand: tuple[Card, ...] = tuple(self.trump.sorted(deck[:33]))
        self.best, self.value = best_bury(self.hand, self.trump)
        self.naive = tuple(self.trump.sorted(lesson_seven_bury(self.hand, self.trump)[0]))
        self.naive_value: BuryValue = bury_value(self.hand, self.naive, self.trump)
        totals = sampled_totals(self.hand, [self.best, self.naive], self.trump, Rules.preset("super_tycoon"),
                                self.samples, self.rng.randrange(10**6))
        self.gap = sampled_gap(totals[0], totals[1])

    @property
    def verdict(self) -> str:
        """What the sampled gap shows for this hand: ``better`` (the evaluation's bury, beyond doubt), ``worse``
        (lesson 7's bury does better beyond doubt) or ``close`` (the 95% interval holds zero)."""
        if self.gap.low > 0:
            return "better"
        if self.gap.high < 0:
            return "worse"
        return "close"

    def handle(self, message: Mapping[str, Any]) -> None:
        if message.get("action") == "deal":
            self.deal()

    def render(self, lang: str) -> str:
        v = self.value
        best = text("kittyl_bury_best", lang, cards=tuple(self.trump.sorted(self.best)), total=v.total,
                    voids=len(v.voids), trumps=v.trumps, pairs=v.pairs, aces=v.aces, kings=v.kings, points=v.points)
        naive = text("kittyl_bury_naive", lang, cards=self.naive, total=self.naive_value.total)
        check = text("kittyl_bury_check", lang, samples=self.gap.samples, gain=f"{self.gap.mean:.1f}",
                     low=f"{self.gap.low:.1f}", high=f"{self.gap.high:.1f}")
        verdict = self.verdict
        return str(Markup(
            '<div class="sk-panel" data-role="bury-table"><div class="sk-panel-head">{lb}</div>'
            '<p>{head}</p><div>{hand}</div><p data-role="best">{best}</p><p>{naive}</p>'
            '<p data-role="check">{check} <span data-role="verdict" data-verdict="{verdict}">{says}</span></p>'
            '<div class="sk-controls">'
            '<button type="button" class="sk-button" data-action="deal">{deal}</button></div></div>'
        ).format(lb=lang_button(lang), head=text("kittyl_bury_hand", lang, trump=self.trump),
                 hand=card_row_html(self.hand, lang, classes=["sk-bury-hand"]), best=best, naive=naive,
                 check=check, verdict=verdict,
                 says=text(f"kittyl_bury_verdict_{verdict}", lang),
                 deal=text("kittyl_bury_deal", lang)))
