"""Card memory: which of these throws is sure to stand, given the cards already played?

A throw is sure to stand when no way of dealing the unseen cards (two decks, less the thrower's
hand and the cards already played) can stop it: the engine checks it against one hand holding
every unseen card, the worst case.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Any, ClassVar

from ...engine.cards import Card, full_deck
from ...engine.follow import legal_leads
from ...engine.shapes import shape
from ...engine.throws import ThrowCheck, check_throw
from ...game.position_table import PositionTable, read_position_table
from ...words import Message
from ..answers import AnswerError, answer_cards, cards_text, missing_from, same_cards
from ..fields import Raw, read_cards, require
from ..model import Choice, Grade, Mismatch, Question
from ..position_text import with_position
from ..problems import FieldError
from ..text import Text
from ._deal import DealSpec, Pack, codes, context, finish, of_suit, plain_suits

KIND = "safe_throw"
FIELDS = ("played", "options", "answer")


def unseen_cards(hand: tuple[Card, ...], played: tuple[Card, ...]) -> list[Card]:
    """Both decks less ``hand`` and ``played`` (copies counted)."""
    gone = Counter(card.index for card in (*hand, *played))
    unseen: list[Card] = []
    for card in full_deck():
        if gone[card.index]:
            gone[card.index] -= 1
        else:
            unseen.append(card)
    return unseen


@dataclass(frozen=True)
class SafeThrowQuestion(Question):
    """``options`` are throws from the leader's hand; exactly one is sure to stand."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    played: tuple[Card, ...]
    options: tuple[tuple[Card, ...], ...]
    stated: tuple[Card, ...]

    @property
    def leader(self) -> int:
        assert self.table.leader is not None
        return self.table.leader

    def worst_case(self, throw: tuple[Card, ...]) -> ThrowCheck:
        """The throw checked against one hand holding every unseen card."""
        unseen = unseen_cards(self.table.hand(self.leader), self.played)
        return check_throw(throw, [unseen, [], unseen], self.table.trump, self.table.rules)

    def safe_options(self) -> list[int]:
        return [i for i, option in enumerate(self.options) if self.worst_case(option).ok]

    def why(self, option: tuple[Card, ...]) -> Message:
        result = self.worst_case(option)
        if result.ok:
            return Message("l5_safe_ok", {"cards": option})
        beaten = result.beaten.cards if result.beaten else ()
        return Message("l5_safe_risky", {"cards": option, "beater": result.beater, "component": beaten})

    def prompt(self, lang: str = "en") -> str:
        asked = Message("l5_safe_prompt", {"seat": self.leader, "played": self.played}).render(lang)
        return with_position(self.table, asked, "", lang)

    def shown(self) -> tuple[Card, ...]:
        """The leader's hand, which the throws are made from."""
        return self.table.hand(self.leader)

    def choices(self) -> list[Choice]:
        return [Choice(str(i), Text.of("l5_safe_choice", cards=option)) for i, option in enumerate(self.options)]

    def _index(self, answer: object) -> int:
        if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(self.options):
            return answer
        if isinstance(answer, str) and answer.strip().isdigit() and int(answer) < len(self.options):
            return int(answer)
        given = answer_cards(answer)
        for i, option in enumerate(self.options):
            if same_cards(given, option):
                return i
        raise AnswerError(Message("l5_safe_bad_choice", {"value": repr(answer)}))

    def grade(self, answer: object) -> Grade:
        index = self._index(answer)
        return Grade(index in self.safe_options(), (self.why(self.options[index]),))

    def expected(self, lang: str = "en") -> str:
        safe = self.safe_options()
        return cards_text(self.options[safe[0]], lang) if safe else ""

    def verify(self) -> list[Mismatch]:
        safe = self.safe_options()
        if len(safe) != 1:
            return [Mismatch("options", f"{len(safe)} options are sure to stand; exactly one must be")]
        if not same_cards(self.options[safe[0]], self.stated):
            safe_throw = cards_text(self.options[safe[0]])
            return [Mismatch("answer", f"states {cards_text(self.stated)}, but the safe throw is {safe_throw}")]
        return []


def parse(raw: Raw, table: PositionTable) -> SafeThrowQuestion:
    """Read the leader's hand, the cards already played, the options and the stated safe one."""
    table.need("leader", "hands")
    assert table.leader is not None
    hand = table.hand(table.leader)
    played = read_cards(require(raw, "played"), "played", allow_empty=True)
    if missing_from(unseen_cards((), ()), (*hand, *played)):
        raise FieldError("played", "the hand and the played cards hold more copies than two decks")
    values = require(raw, "options")
    if not isinstance(values, list) or len(values) < 2:
        raise FieldError("options", "must list at least two throws")
    options: list[tuple[Card, ...]] = []
    for number, value in enumerate(values, start=1):
        option = read_cards(value, f"options[{number}]")
        if missing_from(hand, option):
            missing = cards_text(missing_from(hand, option))
            raise FieldError(f"options[{number}]", f"holds cards not in the hand: {missing}")
        try:
            lead = shape(option, table.trump)
        except ValueError:
            raise FieldError(f"options[{number}]", "must be cards of one suit") from None
        if lead.kind != "throw":
            raise FieldError(f"options[{number}]", "is a single combination, not a throw")
        options.append(option)
    stated = read_cards(require(raw, "answer"), "answer")
    return SafeThrowQuestion(table, played, tuple(options), stated)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a leader's hand strong in one plain suit, many of its high cards already played, and
    2–3 throws of it of which exactly one no unseen card can stop (the engine's worst case)."""
    ctx = context(rng, spec)
    trump = ctx.trump
    while True:
        pack = Pack(rng)
        suit = rng.choice(plain_suits(trump))
        top = trump.steps_in(suit)

        def high(card: Card, suit: str = suit, floor: int = top - 5) -> bool:
            return trump.suit_of(card) == suit and trump.step(card) >= floor

        hand = pack.take(high, 3 + ctx.difficulty // 2) + pack.pair(of_suit(trump, suit))
        hand += pack.take(lambda card: True, 8 + ctx.difficulty - len(hand))
        played = pack.take(high, rng.randint(4, 9)) + pack.take(lambda card: True, rng.randint(0, 6))
        position = ctx.position(leader=ctx.leader, hands={str(ctx.leader): codes(trump.sorted(hand))})
        question = SafeThrowQuestion(read_position_table(position, required=("rules",)), tuple(played), (), ())
        throws = [tuple(t) for t in islice(legal_leads(hand, trump, include_throws=True), 600)
                  if shape(t, trump).kind == "throw" and len(t) <= 2 + ctx.difficulty // 2]
        stands = {t: question.worst_case(t).ok for t in throws}
        safe = [t for t in throws if stands[t]]
        risky = [t for t in throws if not stands[t]]
        if safe and risky:
            break
    options = [rng.choice(safe), *rng.sample(risky, min(len(risky), 1 if ctx.difficulty < 3 else 2))]
    rng.shuffle(options)
    answer = next(option for option in options if option in safe)
    core: dict[str, Any] = {"played": codes(trump.sorted(played)), "options": [codes(o) for o in options],
                            "answer": codes(answer), "position": position}
    return finish(KIND, core, ctx, parse, list(answer))
