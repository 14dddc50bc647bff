"""Is this card a trump? One card and a trump context; the answer is yes or no, judged by ``Trump``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import CARDS, Card
from ...engine.roles import Role, role_of
from ...engine.trump import Trump
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_yes_no, yes_no_choices
from ..fields import Raw, read_bool, read_cards, require
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ._deal import ANY, DealSpec, first_trump

KIND = "is_trump"
FIELDS = ("card", "answer")


def role_line(card: Card, trump: Trump) -> Message:
    """The sentence that says what ``card`` is under ``trump`` (big joker, 正主, 副主, plain …)."""
    params: dict[str, object] = {"card": card, "trump": trump, "level": trump.level}
    if card.suit is not None:
        params["suit"] = card.suit
    role = role_of(card, trump)
    if role is Role.PLAIN and trump.suit is None:
        return Message("role_plain_nt", params)
    return Message(f"role_{role}", params)


@dataclass(frozen=True)
class IsTrumpQuestion(Question):
    """``card`` under ``table.trump``; ``stated`` says whether it is a trump."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    card: Card
    stated: bool

    def shown(self) -> tuple[Card, ...]:
        return (self.card,)

    def prompt(self, lang: str = "en") -> str:
        return Message("ex_is_trump_prompt", {"card": self.card}).render(lang)

    def choices(self) -> list[Choice]:
        return yes_no_choices()

    def grade(self, answer: object) -> Grade:
        said = answer_yes_no(answer)
        return Grade(said == self.table.trump.is_trump(self.card), (role_line(self.card, self.table.trump),))

    def expected(self, lang: str = "en") -> str:
        return Message("ui_yes" if self.table.trump.is_trump(self.card) else "ui_no").render(lang)

    def verify(self) -> list[Mismatch]:
        truth = self.table.trump.is_trump(self.card)
        if truth == self.stated:
            return []
        return [Mismatch("answer", f"states {str(self.stated).lower()}, but Trump.is_trump gives {str(truth).lower()}")]


def parse(raw: Raw, table: PositionTable) -> IsTrumpQuestion:
    """Read an is-trump item: one ``card`` and ``answer = true`` or ``false``."""
    cards = read_cards(require(raw, "card"), "card")
    if len(cards) != 1:
        raise FieldError("card", f"must be exactly one card, not {len(cards)}")
    return IsTrumpQuestion(table, cards[0], read_bool(require(raw, "answer"), "answer"))


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a random level and trump suit (sometimes none), a trump half the time."""
    trump = first_trump(rng, spec)
    spec = spec or ANY
    want = rng.random() < 0.5
    card = rng.choice([c for c in CARDS if trump.is_trump(c) == want])
    return {
        "id": f"dealt-is-trump-{card.code.lower()}",
        "kind": KIND,
        "difficulty": spec.difficulty or 1,
        "card": card.code,
        "answer": want,
        "title": Message("ex_is_trump_title").texts(),
        "hint": Message("ex_is_trump_hint").texts(),
        "explanation": explain_is_trump(card, trump).texts(),
        "position": {"rules": spec.preset or "super_tycoon", "level": trump.level, "trump": trump.suit or "none"},
    }


def trumps_here(trump: Trump) -> Message:
    """Which cards are trumps under ``trump``: the jokers, the level cards and (when there is one) the trump suit."""
    if trump.suit is None:
        return Message("fair_trumps_are_nt", {"level": trump.level})
    return Message("fair_trumps_are", {"level": trump.level, "suit": trump.suit})


def explain_is_trump(card: Card, trump: Trump) -> Message:
    """A dealt item's explanation: the card's role, and which cards are trumps here (no-trump roles say it)."""
    role = role_line(card, trump)
    if role.code.endswith("_nt"):
        return role
    return Message("fair_is_trump_explained", {"role": role, "context": trumps_here(trump)})
