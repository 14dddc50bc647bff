"""Is this a tractor? Some cards and a trump context; the answer is yes or no, judged by ``shape``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.errors import RuleError
from ...engine.shapes import PAIR, SINGLE, TRACTOR, shape
from ...engine.trump import TRUMP, Trump
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_yes_no, yes_no_choices
from ..fields import Raw, read_bool, read_cards, require
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ._deal import Context, DealSpec, Pack, codes, context, finish, is_one_tractor, led_suit, plain_suits

KIND = "is_tractor"
FIELDS = ("cards", "answer")


def is_tractor(cards: tuple[Card, ...] | list[Card], trump: Trump) -> bool:
    """Do ``cards`` form exactly one tractor under ``trump``?"""
    try:
        return shape(cards, trump).kind == TRACTOR
    except RuleError:
        return False


def tractor_line(cards: tuple[Card, ...] | list[Card], trump: Trump) -> Message:
    """Why ``cards`` are (or are not) a tractor under ``trump``, as one sentence."""
    params: dict[str, object] = {"cards": tuple(cards), "trump": trump}
    try:
        found = shape(cards, trump)
    except RuleError:
        return Message("ex_tractor_mixed", params)
    if found.kind == TRACTOR:
        return Message("ex_tractor_yes", {**params, "pairs": found.components[0].pairs})
    if found.kind == PAIR:
        return Message("ex_tractor_one_pair", params)
    if any(component.kind == SINGLE for component in found.components):
        return Message("ex_tractor_unpaired", params)
    return Message("ex_tractor_gap", params)


@dataclass(frozen=True)
class IsTractorQuestion(Question):
    """``cards`` under ``table.trump``; ``stated`` says whether they are one tractor."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    cards: tuple[Card, ...]
    stated: bool

    def shown(self) -> tuple[Card, ...]:
        return self.cards

    def prompt(self, lang: str = "en") -> str:
        return Message("ex_is_tractor_prompt", {"cards": self.cards}).render(lang)

    def choices(self) -> list[Choice]:
        return yes_no_choices()

    def grade(self, answer: object) -> Grade:
        said = answer_yes_no(answer)
        truth = is_tractor(self.cards, self.table.trump)
        return Grade(said == truth, (tractor_line(self.cards, self.table.trump),))

    def expected(self, lang: str = "en") -> str:
        return Message("ui_yes" if is_tractor(self.cards, self.table.trump) else "ui_no").render(lang)

    def verify(self) -> list[Mismatch]:
        truth = is_tractor(self.cards, self.table.trump)
        if truth == self.stated:
            return []
        why = tractor_line(self.cards, self.table.trump).render("en")
        return [Mismatch("answer", f"states {str(self.stated).lower()}, but shape gives {str(truth).lower()}: {why}")]


def parse(raw: Raw, table: PositionTable) -> IsTractorQuestion:
    """Read an is-tractor item: ``cards`` (at least two) and ``answer = true`` or ``false``."""
    cards = read_cards(require(raw, "cards"), "cards")
    if len(cards) < 2:
        raise FieldError("cards", "needs at least two cards")
    return IsTractorQuestion(table, cards, read_bool(require(raw, "answer"), "answer"))


def _near_miss(rng: random.Random, pack: Pack, ctx: Context, cards: list[Card]) -> list[Card]:
    """``cards`` spoiled one way: a pair of the next step broken, a pair from another suit, or a gap."""
    trump, suit = ctx.trump, ctx.trump.suit_of(cards[0])
    roll = rng.random()
    if roll < 0.35:
        return [*cards[:-1], *pack.take(lambda card: trump.suit_of(card) == suit and card != cards[-1], 1)]
    if roll < 0.65:
        other = rng.choice([s for s in (*plain_suits(trump), TRUMP) if s != suit])
        return [*cards[:-2], *pack.pair(lambda card: trump.suit_of(card) == other)]
    top = trump.step(cards[-1])
    return [*cards[:-2], *pack.pair(lambda card: trump.suit_of(card) == suit and abs(trump.step(card) - top) > 1)]


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: two or three pairs, a tractor about half the time, else one spoiled near a real one
    (harder items sit around the level rank and the trumps, where the steps are not the ranks)."""
    ctx = context(rng, spec)
    pairs = 2 if ctx.difficulty < 4 else rng.randint(2, 3)
    while True:
        pack = Pack(rng)
        suit = led_suit(rng, ctx.trump, trump_share=0.1 + 0.1 * ctx.difficulty)
        cards = pack.tractor(ctx.trump, suit, pairs)
        if not cards:
            continue
        if rng.random() < 0.5:
            cards = _near_miss(rng, pack, ctx, cards)
        if len(cards) >= 2 * pairs - 1:
            break
    cards = ctx.trump.sorted(cards)
    answer = is_one_tractor(cards, ctx.trump, pairs)
    core = {"cards": codes(cards), "answer": answer, "position": ctx.position()}
    return finish(KIND, core, ctx, parse, answer)
