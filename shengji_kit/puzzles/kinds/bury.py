"""Which 8 cards would you bury? Legal is a rule (8 cards you hold); good is advice, scored simply.

The lesson states the scoring, and the feedback repeats that it is advice, not a rule:
+``VOID_BONUS`` for each plain suit left empty in the hand, −``TRUMP_COST`` for each trump buried,
−1 for each point buried (points in the kitty are at risk if the attackers take the last trick).
An answer is judged good when it scores within ``TOLERANCE`` of the best bury.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ...engine.cards import SUITS, Card
from ...engine.scoring import points
from ...engine.trump import Trump
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_cards, cards_text, missing_from
from ..fields import Raw, read_cards, require
from ..model import Grade, Mismatch, Question
from ..problems import FieldError
from ._deal import DealSpec, Pack, codes, context, finish, of_suit, plain_suits

KIND = "bury"
FIELDS = ("answer",)
KITTY_SIZE = 8
HAND_WITH_KITTY = 33
VOID_BONUS = 12
TRUMP_COST = 8
TOLERANCE = 0


@dataclass(frozen=True)
class BuryScore:
    """The advice's score of one bury and its parts."""

    voids: tuple[str, ...]
    trumps: int
    points: int

    @property
    def total(self) -> int:
        return VOID_BONUS * len(self.voids) - TRUMP_COST * self.trumps - self.points


def bury_score(hand: Sequence[Card], buried: Sequence[Card], trump: Trump) -> BuryScore:
    """Score ``buried`` (8 cards of ``hand``): voids made, trumps and points buried."""
    kept = missing_from(buried, hand)
    had = {trump.suit_of(card) for card in hand}
    left = {trump.suit_of(card) for card in kept}
    voids = tuple(s for s in SUITS if s in had and s not in left and _is_plain(s, trump))
    trumps = sum(1 for card in buried if trump.suit_of(card) == "T")
    return BuryScore(voids, trumps, points(list(buried)))


def _is_plain(suit: str, trump: Trump) -> bool:
    return suit != trump.suit


def _cost(card: Card, trump: Trump) -> int:
    return (TRUMP_COST if trump.suit_of(card) == "T" else 0) + points([card])


def best_bury(hand: Sequence[Card], trump: Trump) -> tuple[tuple[Card, ...], BuryScore]:
    """One best-scoring bury: try each set of plain suits to empty, fill with the cheapest other cards."""
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(trump.suit_of(card), []).append(card)
    plain = [s for s in SUITS if s in by_suit and _is_plain(s, trump)]
    best: tuple[tuple[Card, ...], BuryScore] | None = None
    for size in range(len(plain) + 1):
        for chosen in combinations(plain, size):
            emptied = [card for s in chosen for card in by_suit[s]]
            if len(emptied) > KITTY_SIZE:
                continue
            rest = missing_from(emptied, hand)
            rest.sort(key=lambda card: (_cost(card, trump), trump.tables.step[card.index]))
            buried = tuple(emptied + rest[: KITTY_SIZE - len(emptied)])
            score = bury_score(hand, buried, trump)
            if best is None or score.total > best[1].total:
                best = (buried, score)
    assert best is not None
    return best


@dataclass(frozen=True)
class BuryQuestion(Question):
    """``hand`` is the 33 cards after taking the kitty; ``stated`` a good bury of 8."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "cards"
    table: PositionTable
    stated: tuple[Card, ...]

    @property
    def hand(self) -> tuple[Card, ...]:
        return next(iter(self.table.hands.values()))

    def score_line(self, score: BuryScore, key: str) -> Message:
        return Message(key, {
            "voids": len(score.voids), "trumps": score.trumps, "points": score.points, "total": score.total,
        })

    def prompt(self, lang: str = "en") -> str:
        return Message("l7_bury_prompt").render(lang)

    def grade(self, answer: object) -> Grade:
        given = answer_cards(answer)
        if len(given) != KITTY_SIZE:
            return Grade(False, (Message("bury_count", {"count": len(given), "size": KITTY_SIZE}),))
        missing = missing_from(self.hand, given)
        if missing:
            return Grade(False, (Message("not_in_hand", {"cards": tuple(missing)}),))
        score = bury_score(self.hand, given, self.table.trump)
        cards, best = best_bury(self.hand, self.table.trump)
        lines = [self.score_line(score, "l7_bury_yours")]
        good = score.total >= best.total - TOLERANCE
        if not good:
            lines.append(Message("l7_bury_better", {"cards": cards, "total": best.total}))
        lines.append(Message("l7_bury_advice"))
        return Grade(good, tuple(lines))

    def expected(self, lang: str = "en") -> str:
        return cards_text(best_bury(self.hand, self.table.trump)[0], lang)

    def verify(self) -> list[Mismatch]:
        if len(self.stated) != KITTY_SIZE or missing_from(self.hand, self.stated):
            return [Mismatch("answer", "must be 8 cards of the hand")]
        score = bury_score(self.hand, self.stated, self.table.trump).total
        best = best_bury(self.hand, self.table.trump)[1].total
        if score < best - TOLERANCE:
            return [Mismatch("answer", f"scores {score}, but the best bury scores {best}: {self.expected()}")]
        return []


def parse(raw: Raw, table: PositionTable) -> BuryQuestion:
    """Read a bury puzzle: one hand of 33 cards (25 and the kitty) and a good bury."""
    table.need("hands")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "give exactly one hand: the dealer's 33 cards with the kitty")
    hand = next(iter(table.hands.values()))
    if len(hand) != HAND_WITH_KITTY:
        raise FieldError("position.hands", f"the dealer holds 33 cards with the kitty, not {len(hand)}")
    stated = read_cards(require(raw, "answer"), "answer")
    if Counter(c.index for c in stated) - Counter(c.index for c in hand):
        raise FieldError("answer", "buries cards the hand does not hold")
    return BuryQuestion(table, stated)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: the dealer's 33 cards, one plain suit or two kept short (shorter when easier) so
    emptying them is the question; the answer is the advice's best bury."""
    ctx = context(rng, spec)
    trump = ctx.trump
    pack = Pack(rng)
    short = rng.sample(plain_suits(trump), 2 if ctx.difficulty >= 3 else 1)
    hand: list[Card] = []
    for suit in short:
        hand += pack.take(of_suit(trump, suit), rng.randint(1, 2 + ctx.difficulty))
    hand += pack.take(lambda card: trump.suit_of(card) not in short, HAND_WITH_KITTY - len(hand))
    hand = trump.sorted(hand)
    buried, _ = best_bury(hand, trump)
    core: dict[str, Any] = {"answer": codes(buried), "position": ctx.position(hands={"0": codes(hand)})}
    return finish(KIND, core, ctx, parse, list(buried))
