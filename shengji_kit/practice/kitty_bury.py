"""Lesson 11's burying practice: a dealt dealer's hand of 33 cards, the learner picks the 8 to bury.

Every bury of 8 held cards is graded by lesson 11's evaluation (``coach.bury_value``) against the proven
best bury (``coach.bury_search``); a bury that ties it is right, and a costlier one is told each part it
loses, with its figure. Hands are dealt from a seed without end: ``bury_deal`` is the block's "more like
this", seeded per learner (``bury_seed``), so a learner meets the same hands after a reload.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

from ..coach.bury_search import bury_grade, exact_best_bury
from ..coach.bury_value import (
    ACE_COST,
    KING_COST,
    KITTY_SIZE,
    PAIR_COST,
    POINT_COST,
    TRACTOR_COST,
    TRUMP_COST,
    VOID_BONUS,
    BuryValue,
)
from ..engine.cards import RANKS, SUITS, Card, full_deck
from ..engine.trump import Trump
from ..game.position_table import read_position_table
from ..puzzles.answers import answer_cards, cards_text, missing_from
from ..puzzles.choice_seed import order_seed
from ..puzzles.lesson_exercises import SEED_LIMIT, dealt_id
from ..puzzles.model import AnswerError, Grade, Mismatch, Puzzle, Question
from ..puzzles.text import Text
from ..words import Message

KIND = "kitty_bury"
SLUG, GROUP = "11_kitty", "bury_well"
HAND_SIZE = 25
SEATS = 4
FIRST_HAND = 8
"""The seed of the block's first hand, the same for every learner (the hands after it are the learner's own): level 5,
hearts trump, where lesson 7's simple score would break a tractor and the best bury empties diamonds instead."""


@dataclass(frozen=True)
class KittyBuryQuestion(Question):
    """``hand``: the dealer's 33 cards (25 dealt and the kitty), in trump order; ``best``: a proven best bury."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "cards"
    hand: tuple[Card, ...]
    trump: Trump
    best: tuple[tuple[Card, ...], BuryValue] = field(repr=False)

    def prompt(self, lang: str = "en") -> str:
        return Message("kittyl_bury_prompt", {
            "void": VOID_BONUS, "trump": TRUMP_COST, "pair": PAIR_COST, "tractor": TRACTOR_COST, "ace": ACE_COST,
            "king": KING_COST, "point": POINT_COST,
        }).render(lang)

    def grade(self, answer: object) -> Grade:
        given = answer_cards(answer)
        if len(given) != KITTY_SIZE:
            raise AnswerError(Message("bury_count", {"count": len(given), "size": KITTY_SIZE}))
        missing = missing_from(self.hand, given)
        if missing:
            raise AnswerError(Message("not_in_hand", {"cards": tuple(missing)}))
        graded = bury_grade(self.hand, given, self.trump, self.best)
        reveal = Message("kittyl_bury_reveal", {"cards": self.best[0], "total": self.best[1].total})
        return Grade(graded.correct, graded.lines(), (reveal,))

    def expected(self, lang: str = "en") -> str:
        return cards_text(self.best[0], lang)

    def verify(self) -> list[Mismatch]:
        """Nothing is stated: the best bury is computed (and its value checked against ``bury_value``)."""
        return []


def deal_hand(seed: int) -> tuple[Trump, tuple[Card, ...]]:
    """A round dealt from ``seed`` as the table deals it, one card at a time from the dealer (seat 0), 8 left for the
    kitty: the dealer's 25 and the kitty, with the dealer's level and the trump he declared."""
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    dealt = deck[: HAND_SIZE * SEATS]
    trump = Trump(rng.choice(RANKS), rng.choice(SUITS))
    hand = dealt[0::SEATS] + deck[HAND_SIZE * SEATS:]
    return trump, tuple(trump.sorted(hand))


def bury_puzzle(seed: int) -> Puzzle:
    """The practice item of ``seed``: the same seed, the same hand, trump and id everywhere."""
    trump, hand = deal_hand(seed)
    table = read_position_table({
        "rules": "super_tycoon", "level": trump.level, "trump": trump.suit, "dealer": 0,
        "hands": {"0": " ".join(card.code for card in hand)},
    }, required=("rules",))
    question = KittyBuryQuestion(hand, trump, exact_best_bury(hand, trump))
    return Puzzle(
        dealt_id(SLUG, GROUP, seed), SLUG, "(dealt)", KIND, 3, Text.of("kittyl_bury_title"),
        Text.of("kittyl_bury_hint"), Text.of("kittyl_bury_explanation"), table, question, GROUP,
    )


def bury_seed(learner: str) -> int:
    """The seed of ``learner``'s run of hands after the first (``choice_seed.order_seed``)."""
    return order_seed(learner, f"{SLUG}:{GROUP}")


def bury_deal(rng: random.Random, unguessable: bool = False) -> Puzzle:
    """"More like this": the next hand from the block's ``rng`` (a bury of 8 from 33 cannot be guessed)."""
    return bury_puzzle(rng.randrange(SEED_LIMIT))
