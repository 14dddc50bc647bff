"""Pick a tractor out of a hand: the longest one (or one of ``pairs`` pairs), judged by ``shape``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.errors import RuleError
from ...engine.shapes import TRACTOR, shape
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_cards, cards_text, missing_from
from ..fields import Raw, read_cards, read_int, require
from ..model import Grade, Mismatch, Question
from ..problems import FieldError
from ._deal import DealSpec, Pack, codes, context, finish, led_suit
from .is_tractor import tractor_line
from .tractors import hand_tractors

KIND = "pick_tractor"
FIELDS = ("answer", "pairs")


@dataclass(frozen=True)
class PickTractorQuestion(Question):
    """``cards`` are one seat's hand; the learner picks a tractor of ``pairs`` pairs (0: the longest)."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "cards"
    table: PositionTable
    seat: int
    cards: tuple[Card, ...]
    stated: tuple[Card, ...]
    pairs: int = 0

    def longest(self) -> tuple[Card, ...]:
        """The hand's longest tractor (the strongest of equal ones); empty when it has none."""
        found = sorted(hand_tractors(self.cards, self.table.trump), key=len, reverse=True)
        return found[0] if found else ()

    def wanted(self) -> int:
        """How many pairs the picked tractor needs."""
        return self.pairs or len(self.longest()) // 2

    def prompt(self, lang: str = "en") -> str:
        if self.pairs:
            return Message("ex_pick_tractor_pairs_prompt", {"pairs": self.pairs}).render(lang)
        return Message("ex_pick_tractor_prompt").render(lang)

    def problem(self, picked: list[Card] | tuple[Card, ...]) -> Message | None:
        """Why ``picked`` is not a right answer (None when it is)."""
        missing = missing_from(self.cards, picked)
        if missing:
            return Message("not_in_hand", {"cards": tuple(missing)})
        try:
            found = shape(picked, self.table.trump)
        except RuleError:
            found = None
        if not picked or found is None or found.kind != TRACTOR:
            return tractor_line(picked, self.table.trump) if picked else Message("ui_select_cards")
        if found.components[0].pairs != self.wanted():
            return Message("ex_pick_tractor_length", {"cards": tuple(picked), "pairs": found.components[0].pairs,
                                                   "wanted": self.wanted()})
        return None

    def grade(self, answer: object) -> Grade:
        picked = answer_cards(answer)
        problem = self.problem(picked)
        if problem is None:
            return Grade(True, (tractor_line(picked, self.table.trump),))
        return Grade(False, (problem, Message("ex_pick_tractor_one", {"cards": self.example()})))

    def example(self) -> tuple[Card, ...]:
        """A right answer: a tractor of the wanted length from the hand."""
        return next((t for t in hand_tractors(self.cards, self.table.trump) if len(t) == 2 * self.wanted()), ())

    def expected(self, lang: str = "en") -> str:
        return cards_text(self.example(), lang) or "—"

    def verify(self) -> list[Mismatch]:
        if not self.example():
            return [Mismatch("position.hands", f"the hand holds no tractor of {self.wanted()} pairs")]
        problem = self.problem(self.stated)
        if problem is None:
            return []
        return [Mismatch("answer", f"{problem.render('en')} (shape finds: {self.expected()})")]


def parse(raw: Raw, table: PositionTable) -> PickTractorQuestion:
    """Read a pick-tractor item: one hand, the stated tractor, and optionally how many ``pairs``."""
    table.need("hands")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "a pick_tractor item gives exactly one hand")
    seat, cards = next(iter(table.hands.items()))
    pairs = read_int(raw["pairs"], "pairs", 2, 12) if "pairs" in raw else 0
    return PickTractorQuestion(table, seat, cards, read_cards(require(raw, "answer"), "answer"), pairs)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a hand holding at least one tractor (longer ones when harder); the answer its longest."""
    from .tractors import deal_hand

    ctx = context(rng, spec)
    while True:
        pack = Pack(rng)
        hand = pack.tractor(ctx.trump, led_suit(rng, ctx.trump), 2 if ctx.difficulty < 3 else rng.randint(2, 3))
        hand += deal_hand(rng, pack, ctx, 3 + 2 * ctx.difficulty)
        longest = hand_tractors(hand, ctx.trump)
        if longest:
            break
    best = sorted(longest, key=len, reverse=True)[0]
    core = {"answer": codes(best), "position": ctx.position(hands={"0": codes(ctx.trump.sorted(hand))})}
    return finish(KIND, core, ctx, parse, list(best))
