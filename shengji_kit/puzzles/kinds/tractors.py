"""Find the tractors: the tractors of a hand's format (docs/rules.md §3), suit by suit."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.errors import RuleError
from ...engine.shapes import TRACTOR, shape
from ...engine.trump import Trump
from ...game.position_table import PositionTable
from ...words import Message, text
from ..answers import answer_groups, cards_text, missing_from
from ..fields import Raw, read_cards, require
from ..model import Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ._deal import Context, DealSpec, Pack, codes, context, finish, led_suit, of_suit

KIND = "tractors"
FIELDS = ("answer",)

Signature = tuple[str, int, int]
"""(effective suit, pairs, top step): tractors with equal signatures are interchangeable."""


def hand_tractors(cards: tuple[Card, ...] | list[Card], trump: Trump) -> list[tuple[Card, ...]]:
    """The tractors of a hand's format, by ``shape`` of each effective suit, strongest suit first."""
    by_suit: dict[str, list[Card]] = {}
    for card in trump.sorted(cards):
        by_suit.setdefault(trump.suit_of(card), []).append(card)
    return [c.cards for suit in by_suit.values() for c in shape(suit, trump).components if c.kind == TRACTOR]


@dataclass(frozen=True)
class TractorsQuestion(Question):
    """``cards`` are one seat's hand; ``stated`` lists its tractors (possibly none)."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "card_groups"
    table: PositionTable
    seat: int
    cards: tuple[Card, ...]
    stated: tuple[tuple[Card, ...], ...]

    def tractors(self) -> list[tuple[Card, ...]]:
        """The tractors of the hand's format, by ``shape`` of each effective suit."""
        return hand_tractors(self.cards, self.table.trump)

    def signature(self, cards: tuple[Card, ...] | list[Card]) -> Signature | None:
        """The tractor's signature, or None when ``cards`` are not one tractor."""
        try:
            found = shape(cards, self.table.trump)
        except RuleError:
            return None
        if found.kind != TRACTOR:
            return None
        return found.suit, found.components[0].pairs, found.components[0].top

    def problem(self, groups: list[list[Card]] | tuple[tuple[Card, ...], ...]) -> Message | None:
        """Why ``groups`` are not the hand's tractors (None when they are)."""
        for group in groups:
            if self.signature(group) is None:
                return Message("puzzle_tractor_not", {"cards": tuple(group)})
        missing = missing_from(self.cards, [card for group in groups for card in group])
        if missing:
            return Message("not_in_hand", {"cards": tuple(missing)})
        want = Counter(self.signature(t) for t in self.tractors())
        got = Counter(self.signature(group) for group in groups)
        if want != got:
            missed = not (got - want) and (want - got)
            return Message("puzzle_tractors_missed" if missed else "puzzle_tractors_differ", {})
        return None

    def prompt(self, lang: str = "en") -> str:
        return Message("puzzle_tractors_prompt", {"seat": self.seat}).render(lang)

    def grade(self, answer: object) -> Grade:
        problem = self.problem(answer_groups(answer))
        listed = Text(self.expected("en"), self.expected("zh"))  # each language lists with its own separator
        found = (
            Message("puzzle_tractors_are", {"tractors": listed}) if self.tractors() else Message("puzzle_tractors_none")
        )
        return Grade(True, (found,)) if problem is None else Grade(False, (problem,), (found,))

    def expected(self, lang: str = "en") -> str:
        return text("term_list_separator", lang).join(cards_text(t, lang) for t in self.tractors()) or "—"

    def verify(self) -> list[Mismatch]:
        problem = self.problem(self.stated)
        if problem is None:
            return []
        return [Mismatch("answer", f"{problem.render('en')} (shape finds: {self.expected()})")]


def parse(raw: Raw, table: PositionTable) -> TractorsQuestion:
    """Read a tractors puzzle: exactly one hand and the list of its tractors."""
    table.need("hands")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "a tractors puzzle gives exactly one hand")
    seat, cards = next(iter(table.hands.items()))
    answer = require(raw, "answer")
    if not isinstance(answer, list):
        raise FieldError("answer", "must be a list of tractors such as [\"S3 S3 S4 S4\"] (or [] for none)")
    stated = tuple(read_cards(item, f"answer.{i}") for i, item in enumerate(answer))
    return TractorsQuestion(table, seat, cards, stated)


def deal_hand(rng: random.Random, pack: Pack, ctx: Context, size: int) -> list[Card]:
    """A hand of ``size`` cards rich in pairs, often with a tractor, sometimes one around the level rank."""
    hand: list[Card] = []
    if rng.random() < 0.7:
        hand += pack.tractor(ctx.trump, led_suit(rng, ctx.trump), 2 if ctx.difficulty < 4 else rng.randint(2, 3))
    for _ in range(rng.randint(1, 1 + ctx.difficulty)):
        suit = led_suit(rng, ctx.trump)
        hand += pack.pair(of_suit(ctx.trump, suit))
    hand += pack.take(lambda card: True, max(0, size - len(hand)))
    return ctx.trump.sorted(hand[:max(size, 2)])


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a hand of 6–16 cards rich in pairs; its tractors by ``shape``, suit by suit."""
    ctx = context(rng, spec)
    hand = deal_hand(rng, Pack(rng), ctx, 4 + 2 * ctx.difficulty + rng.randint(0, 2))
    found = hand_tractors(hand, ctx.trump)
    core = {"answer": [codes(t) for t in found], "position": ctx.position(hands={"0": codes(hand)})}
    return finish(KIND, core, ctx, parse, [list(t) for t in found])
