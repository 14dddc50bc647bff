"""Lesson 11's burying: the dealer's 33 cards (25 dealt and the kitty), which 8 do you bury?

Every bury of 8 held cards is graded by lesson 11's evaluation (``game.bury_evaluation``) against the proven
best bury (``_bury_search.exact_best_bury``); a bury that ties it is right, and a costlier one is told each part
it loses, with its figure (``_bury_search.bury_grade``). A written item states one best bury (``answer``), which
``puzzles check`` proves ties the best there is; ``generate`` deals a fresh dealer's hand from a seed, so a
lesson block deals hands without end and the class service deals the same hand again from a dealt item's id.
Lesson 7's ``bury`` kind is the simpler score's.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.trump import Trump
from ...game.bury_evaluation import (
    ACE_COST,
    KING_COST,
    KITTY_SIZE,
    PAIR_COST,
    POINT_COST,
    TRACTOR_COST,
    TRUMP_COST,
    VOID_BONUS,
    BuryValue,
    bury_value,
)
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_cards, cards_text, missing_from
from ..fields import Raw, read_cards, require
from ..model import AnswerError, Grade, Mismatch, Question
from ..problems import FieldError
from ._bury_search import bury_grade, exact_best_bury
from ._deal import DealSpec, Pack, codes, context, finish

KIND = "kitty_bury"
FIELDS = ("answer",)
HAND_WITH_KITTY = 33


@dataclass(frozen=True)
class KittyBuryQuestion(Question):
    """``table`` holds the dealer's 33 cards (seat 0, in trump order); ``stated`` is the file's best bury and
    ``best`` the proven best bury with its value."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "cards"
    table: PositionTable
    stated: tuple[Card, ...]
    best: tuple[tuple[Card, ...], BuryValue] = field(repr=False, compare=False)

    @property
    def hand(self) -> tuple[Card, ...]:
        return next(iter(self.table.hands.values()))

    @property
    def trump(self) -> Trump:
        return self.table.trump

    def prompt(self, lang: str = "en") -> str:
        return Message("kittyl_bury_prompt", {
            "void": VOID_BONUS, "trump": TRUMP_COST, "pair": PAIR_COST, "tractor": TRACTOR_COST, "ace": ACE_COST,
            "king": KING_COST, "point": POINT_COST,
        }).render(lang)

    def reveal(self) -> Message:
        return Message("kittyl_bury_reveal", {"cards": self.best[0], "total": self.best[1].total})

    def grade(self, answer: object) -> Grade:
        given = answer_cards(answer)
        if len(given) != KITTY_SIZE:
            raise AnswerError(Message("bury_count", {"count": len(given), "size": KITTY_SIZE}))
        missing = missing_from(self.hand, given)
        if missing:
            raise AnswerError(Message("not_in_hand", {"cards": tuple(missing)}))
        graded = bury_grade(self.hand, given, self.table.trump, self.best)
        return Grade(graded.correct, graded.lines(), (self.reveal(),))

    def expected(self, lang: str = "en") -> str:
        return cards_text(self.best[0], lang)

    def verify(self) -> list[Mismatch]:
        """The stated bury must score as much as the proven best one (whose value is checked against
        ``bury_value`` as it is found)."""
        stated = bury_value(self.hand, self.stated, self.table.trump).total
        best = self.best[1].total
        if stated < best:
            return [Mismatch("answer", f"scores {stated}, but the best bury scores {best}: {self.expected()}")]
        return []


def parse(raw: Raw, table: PositionTable) -> KittyBuryQuestion:
    """Read a burying item: one hand of 33 cards (25 and the kitty), its trump, and a best bury of 8 it holds."""
    table.need("hands", "level", "trump")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "give exactly one hand: the dealer's 33 cards with the kitty")
    hand = next(iter(table.hands.values()))
    if len(hand) != HAND_WITH_KITTY:
        raise FieldError("position.hands", f"the dealer holds 33 cards with the kitty, not {len(hand)}")
    stated = read_cards(require(raw, "answer"), "answer")
    if len(stated) != KITTY_SIZE:
        raise FieldError("answer", f"bury {KITTY_SIZE} cards, not {len(stated)}")
    if Counter(c.index for c in stated) - Counter(c.index for c in hand):
        raise FieldError("answer", "buries cards the hand does not hold")
    return KittyBuryQuestion(table, tuple(stated), exact_best_bury(hand, table.trump))


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: 33 cards of a shuffled pack as the dealer holds them after taking the kitty (seat 0), the
    trump and level of ``spec`` or drawn; the answer is the proven best bury."""
    ctx = context(rng, spec)
    trump = ctx.trump
    hand = trump.sorted(Pack(rng).take(lambda card: True, HAND_WITH_KITTY))
    buried, value = exact_best_bury(hand, trump)
    core: dict[str, Any] = {"answer": codes(buried), "position": ctx.position(dealer=0, hands={"0": codes(hand)})}
    reveal = Message("kittyl_bury_reveal", {"cards": buried, "total": value.total})
    return finish(KIND, core, ctx, parse, list(buried), (Message("kittyl_bury_explanation"), reveal))
