"""Sort by strength: trumps first, each suit kept together, strongest first; equal cards in any order."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

from ...engine.cards import CARDS, SUITS, Card
from ...engine.roles import role_of
from ...engine.trump import TRUMP, Trump
from ...game.position_table import PositionTable
from ...words import Message
from ...words.catalogue import card_words
from ..answers import answer_cards, cards_text, same_cards
from ..fields import Raw, read_cards, require
from ..model import Grade, Mismatch, Question
from ..problems import FieldError
from ._deal import ANY, DealSpec, first_trump

KIND = "sort"
FIELDS = ("answer",)


def order_problem(order: list[Card] | tuple[Card, ...], trump: Trump) -> Message | None:
    """Why ``order`` is not strongest-first (None when it is): trumps first, suits together, steps falling."""
    if any(trump.is_trump(card) for card in order) and not trump.is_trump(order[0]):
        return Message("puzzle_sort_trumps_first", {"card": order[0]})
    finished: set[str] = set()
    for before, card in pairwise(order):
        suit, previous = trump.suit_of(card), trump.suit_of(before)
        if suit != previous:
            finished.add(previous)
            if suit in finished or suit == TRUMP:
                return Message("puzzle_sort_together", {"suit": suit, "card": card})
        elif trump.step(card) > trump.step(before):
            return Message("puzzle_sort_stronger", {"card": card, "before": before})
    return None


@dataclass(frozen=True)
class SortQuestion(Question):
    """``cards`` are one seat's hand; ``stated`` is the hand strongest first."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "cards"
    table: PositionTable
    seat: int
    cards: tuple[Card, ...]
    stated: tuple[Card, ...]

    def prompt(self, lang: str = "en") -> str:
        return Message("puzzle_sort_prompt", {"seat": self.seat}).render(lang)

    def grade(self, answer: object) -> Grade:
        order = answer_cards(answer)
        if not same_cards(order, self.cards):
            return Grade(False, (Message("puzzle_sort_cards", {"cards": tuple(self.table.trump.sorted(self.cards))}),))
        problem = order_problem(order, self.table.trump)
        if problem is not None:
            expected = Message("puzzle_sort_expected", {"cards": tuple(self.table.trump.sorted(self.cards))})
            return Grade(False, (problem,), (expected,))
        return Grade(True, (Message("puzzle_sort_expected", {"cards": tuple(self.table.trump.sorted(self.cards))}),))

    def expected(self, lang: str = "en") -> str:
        return " ".join(card_words(card, lang) for card in self.table.trump.sorted(self.cards))

    def verify(self) -> list[Mismatch]:
        if not same_cards(self.stated, self.cards):
            stated, held = cards_text(self.stated), cards_text(self.cards)
            return [Mismatch("answer", f"holds {stated}, not the hand's cards {held}")]
        problem = order_problem(self.stated, self.table.trump)
        if problem is not None:
            return [Mismatch("answer", f"{problem.render('en')} (trump.sorted gives {self.expected()})")]
        return []


def parse(raw: Raw, table: PositionTable) -> SortQuestion:
    """Read a sort puzzle: exactly one hand and its cards strongest first."""
    table.need("hands")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "a sort puzzle gives exactly one hand")
    seat, cards = next(iter(table.hands.items()))
    if len(cards) < 2:
        raise FieldError(f"position.hands.{seat}", "needs at least two cards to sort")
    return SortQuestion(table, seat, cards, read_cards(require(raw, "answer"), "answer"))


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: five cards of one effective suit (trumps more often) under a random trump context."""
    trump = first_trump(rng, spec)
    spec = spec or ANY
    wanted = TRUMP if rng.random() < 0.6 else rng.choice([s for s in SUITS if s != trump.suit])
    faces = [card for card in CARDS if trump.suit_of(card) == wanted]
    cards = rng.sample(faces, min(5, len(faces)))
    return {
        "id": "dealt-sort-" + "-".join(card.code.lower() for card in cards),
        "kind": KIND,
        "difficulty": spec.difficulty or 1,
        "answer": " ".join(card.code for card in trump.sorted(cards)),
        "title": Message("ex_order_title").texts(),
        "hint": Message("ex_order_hint").texts(),
        "explanation": explain_order(trump.sorted(cards), trump).texts(),
        "position": {
            "rules": spec.preset or "super_tycoon", "level": trump.level, "trump": trump.suit or "none",
            "hands": {"0": " ".join(card.code for card in cards)},
        },
    }


def explain_order(ordered: list[Card], trump: Trump) -> Message:
    """A dealt item's explanation: why the cards go in this order (each trump's role, or a plain suit's ranks)."""
    if ordered and trump.is_trump(ordered[0]):
        steps = [Message(f"fair_step_{role_of(card, trump)}", {"card": card}) for card in ordered]
        return Message("fair_sort_trumps", {"steps": steps})
    suit = trump.suit_of(ordered[0]) if ordered else ""
    return Message("fair_sort_plain", {"suit": suit, "cards": tuple(ordered), "level": trump.level})
