"""Can you declare (or overturn) with this hand now, and with which cards? Or: which suit would you declare?

Judged by the game layer's declaring rules (``game.declaring``): the hand is the one seat given in
``position.hands``; ``standing`` names the cards of the declaration already on the table, if any.
``ask = "show"`` (the default) wants ``"no"`` or the cards to show; ``ask = "suit"`` wants the suit
to declare among those the hand can declare, judged by the advice the lesson states: the suit that
makes the most of your cards trumps.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import BIG_JOKER, LITTLE_JOKER, MAX_COPIES, SUITS, Card
from ...engine.rules import Rules
from ...game.declaring import (
    classify,
    declarations,
    level_card,
    overturns,
)
from ...game.position_table import PositionTable, read_position_table
from ...words import Message
from ..answers import AnswerError, answer_cards, cards_text
from ..fields import Raw, read_cards, read_str, require
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ._deal import Context, DealSpec, Pack, codes, context, finish

KIND = "declare"
FIELDS = ("ask", "standing", "answer")
ASKS = ("show", "suit")
NO = "no"
NO_WORDS = ("no", "pass", "none", "不", "不能", "不报")


def hand_counts(hand: tuple[Card, ...]) -> list[int]:
    """Copies held per card index, as ``game.declaring`` reads a hand."""
    counts = [0] * 54
    for card in hand:
        counts[card.index] += 1
    return counts


def standing_strength(cards: tuple[Card, ...], level: str, rules: Rules) -> tuple[str | None, int] | None:
    """(suit, strength) of the declaration on the table, read first as a declaration, then as an overturn."""
    return classify(cards, level, rules, False) or classify(cards, level, rules, True)


def faces(cards: tuple[Card, ...] | list[Card]) -> tuple[int, ...]:
    return tuple(sorted(card.index for card in cards))


def trump_count(hand: tuple[Card, ...], suit: str, level: str) -> int:
    """How many cards of ``hand`` would be trumps with ``suit`` declared at ``level``."""
    return sum(1 for card in hand if card.is_joker or card.rank == level or card.suit == suit)


def candidate_showings(hand: tuple[Card, ...] | list[Card], level: str) -> list[tuple[Card, ...]]:
    """Every group of level cards and jokers in ``hand`` that looks like a showing, legal or not:
    a level card alone or with a joker, a level pair alone or with a joker, a pair of jokers."""
    counts = hand_counts(tuple(hand))
    found: list[tuple[Card, ...]] = []
    for suit in SUITS:
        card = level_card(suit, level)
        held = counts[card.index]
        jokers = [j for j in (LITTLE_JOKER, BIG_JOKER) if counts[j.index]]
        for size in (1, 2):
            if held >= size:
                found.append((card,) * size)
                found.extend((card,) * size + (joker,) for joker in jokers)
    for joker in (LITTLE_JOKER, BIG_JOKER):
        if counts[joker.index] >= 2:
            found.append((joker, joker))
    return found


@dataclass(frozen=True)
class DeclareQuestion(Question):
    """``stated`` is ``"no"``, the cards to show (ask show), or a suit letter (ask suit)."""

    kind: ClassVar[str] = KIND
    table: PositionTable
    ask: str
    standing: tuple[Card, ...]
    stated: str | tuple[Card, ...]

    @property
    def answer_format(self) -> str:
        return "choice"

    @property
    def seat(self) -> int:
        return next(iter(self.table.hands))

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.table.hands[self.seat]

    @property
    def level(self) -> str:
        return self.table.trump.level

    def shown(self) -> tuple[Card, ...]:
        """The learner's hand, shown with the question."""
        return next(iter(self.table.hands.values()))

    def options(self) -> list[tuple[Card, ...]]:
        """What the hand may show now: declarations when nothing stands, else stronger overturns."""
        counts = hand_counts(self.hand)
        if not self.standing:
            return declarations(counts, self.level, self.table.rules)
        found = standing_strength(self.standing, self.level, self.table.rules)
        assert found is not None
        return overturns(counts, self.level, self.table.rules, found[1])

    def candidates(self) -> list[tuple[Card, ...]]:
        """Every group of level cards and jokers the hand holds that looks like a declaration (right or wrong)."""
        return candidate_showings(self.hand, self.level)

    def declarable_suits(self) -> list[str]:
        """The suits the hand can name with a first declaration (no-trump is never declared)."""
        counts = hand_counts(self.hand)
        suits: set[str] = set()
        for cards in declarations(counts, self.level, self.table.rules):
            found = classify(cards, self.level, self.table.rules, False)
            if found is not None and found[0] is not None:
                suits.add(found[0])
        return [suit for suit in SUITS if suit in suits]

    def best_suits(self) -> list[str]:
        """The declarable suits that make the most cards trumps (the lesson's advice)."""
        suits = self.declarable_suits()
        if not suits:
            return []
        scores = {suit: trump_count(self.hand, suit, self.level) for suit in suits}
        top = max(scores.values())
        return [suit for suit in suits if scores[suit] == top]

    def prompt(self, lang: str = "en") -> str:
        rules = self.table.rules
        preset = Message(f"l7_preset_{rules.name}") if rules.is_preset else Message("house_declare_rules", {
            "rules": rules, "how": Message(f"house_value_declare_needs_joker_{str(rules.declare_needs_joker).lower()}"),
        })
        if self.ask == "suit":
            return Message("l7_declare_prompt_suit", {"preset": preset}).render(lang)
        if self.standing:
            return Message("l7_declare_prompt_overturn", {"preset": preset, "cards": self.standing}).render(lang)
        return Message("l7_declare_prompt_show", {"preset": preset}).render(lang)

    def choices(self) -> list[Choice]:
        if self.ask == "suit":
            return [Choice(suit, Text.of("l7_choice_suit", suit=suit)) for suit in self.declarable_suits()]
        offered = [Choice(NO, Text.of("l7_choice_no"))]
        offered += [Choice(" ".join(c.code for c in cards), Text.of("l7_choice_cards", cards=cards))
                    for cards in self.candidates()]
        return offered

    def _why_options(self) -> Message:
        options = self.options()
        if not options:
            return Message("l7_declare_none" if not self.standing else "l7_overturn_none",
                        {"cards": self.standing, "how": self._how()})
        shown = Text(*(" ".join(cards_text(cards, lang) for cards in options) for lang in ("en", "zh")))
        return Message("l7_declare_can", {"options": shown, "how": self._how()})

    def _how(self) -> Message:
        joker = self.table.rules.overturn_needs_joker if self.standing else self.table.rules.declare_needs_joker
        if self.standing:
            return Message("how_overturn_joker" if joker else "how_overturn_plain", {"level": self.level})
        return Message("how_declare_joker" if joker else "how_declare_plain", {"level": self.level})

    def _read_show(self, answer: object) -> str | tuple[Card, ...]:
        if isinstance(answer, str) and answer.strip().lower() in NO_WORDS:
            return NO
        return tuple(answer_cards(answer))

    def grade(self, answer: object) -> Grade:
        if self.ask == "suit":
            given = answer.strip().upper()[:1] if isinstance(answer, str) else ""
            if given not in SUITS:
                raise AnswerError(Message("l7_bad_suit", {"value": repr(answer)}))
            best = self.best_suits()
            scores = [Message("l7_suit_score", {"suit": s, "count": trump_count(self.hand, s, self.level)})
                      for s in self.declarable_suits()]
            if given not in self.declarable_suits():
                return Grade(False, (Message("l7_suit_not_declarable", {"suit": given}), *scores))
            return Grade(given in best, (*scores, Message("l7_suit_advice")))
        given_cards = self._read_show(answer)
        options = [faces(cards) for cards in self.options()]
        if given_cards == NO:
            return Grade(not options, (self._why_options(),))
        assert isinstance(given_cards, tuple)
        missing = Counter(faces(given_cards)) - Counter(faces(self.hand))
        if missing:
            return Grade(False, (Message("not_in_hand", {"cards": given_cards}), self._why_options()))
        return Grade(faces(given_cards) in options, (self._why_options(),))

    def expected(self, lang: str = "en") -> str:
        if self.ask == "suit":
            return " / ".join(Text.of("l7_choice_suit", suit=s)(lang) for s in self.best_suits())
        options = self.options()
        if not options:
            return Text.of("l7_choice_no")(lang)
        return " / ".join(cards_text(cards, lang) for cards in options)

    def verify(self) -> list[Mismatch]:
        held = Counter(self.standing) + Counter(self.hand)
        too_many = tuple(sorted((card for card, count in held.items() if count > MAX_COPIES), key=lambda c: c.index))
        if too_many:
            named = cards_text(too_many)
            return [Mismatch("standing", f"the standing cards and the hand hold more than {MAX_COPIES} of {named}")]
        if self.ask == "suit":
            best = self.best_suits()
            if len(best) != 1:
                return [Mismatch("answer", f"the advice does not settle it: best suits {best}")]
            if self.stated != best[0]:
                return [Mismatch("answer", f"states {self.stated!r}, but the advice gives {best[0]!r}")]
            return []
        options = [faces(cards) for cards in self.options()]
        if self.stated == NO:
            return [] if not options else [Mismatch("answer", f"states no, but the hand may show {self.expected()}")]
        assert isinstance(self.stated, tuple)
        if faces(self.stated) in options:
            return []
        return [Mismatch("answer", f"states {cards_text(self.stated)}, but the rules allow: {self.expected()}")]


def parse(raw: Raw, table: PositionTable) -> DeclareQuestion:
    """Read a declare puzzle: one hand, the standing declaration if any, what is asked and the answer."""
    table.need("hands")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "give exactly one hand: the one that may declare")
    ask = read_str(raw.get("ask", "show"), "ask")
    if ask not in ASKS:
        raise FieldError("ask", f"must be one of {', '.join(ASKS)}, not {ask!r}")
    standing = read_cards(raw["standing"], "standing") if "standing" in raw else ()
    if standing and standing_strength(standing, table.trump.level, table.rules) is None:
        raise FieldError("standing", f"{cards_text(standing)} is not a declaration at level {table.trump.level}")
    if standing and ask == "suit":
        raise FieldError("standing", "ask = \"suit\" is about the first declaration; leave standing out")
    value = require(raw, "answer")
    stated: str | tuple[Card, ...]
    if ask == "suit":
        stated = read_str(value, "answer").upper()
        if stated not in SUITS:
            raise FieldError("answer", f"must be a suit letter S, H, C or D, not {value!r}")
    elif isinstance(value, str) and value.strip().lower() == NO:
        stated = NO
    else:
        stated = read_cards(value, "answer")
    return DeclareQuestion(table, ask, standing, stated)



def _declaring_hand(rng: random.Random, pack: Pack, ctx: Context, size: int) -> list[Card]:
    """A hand of ``size`` cards with a few level cards (a pair now and then) and sometimes a joker."""
    level = ctx.trump.level
    hand = pack.pair(lambda card: card.rank == level) if rng.random() < 0.4 else []
    hand += pack.take(lambda card: card.rank == level, rng.randint(0, 2))
    hand += pack.take(lambda card: card.is_joker, rng.choice((0, 0, 1, 2)))
    hand += pack.take(lambda card: not card.is_joker and card.rank != level, max(0, size - len(hand)))
    return hand


def _standing(rng: random.Random, pack: Pack, ctx: Context, rules: Rules) -> tuple[Card, ...]:
    """A declaration another seat has shown (from cards of the pack), or none when the draw gives none."""
    cards = _declaring_hand(rng, pack, ctx, 0)
    shown = declarations(hand_counts(tuple(cards)), ctx.trump.level, rules)
    return rng.choice(shown) if shown else ()


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a hand with level cards and jokers; may it declare (or overturn what stands), and with what?
    Or (``ask = "suit"``): which suit to declare. The trump suit is the standing declaration's (none before)."""
    ctx = context(rng, spec)
    while True:
        pack = Pack(rng)
        hand = tuple(ctx.trump.sorted(_declaring_hand(rng, pack, ctx, 3 + ctx.difficulty)))
        ask = "suit" if rng.random() < 0.25 else "show"
        position = {"rules": ctx.preset, "level": ctx.trump.level, "trump": "none", "hands": {"0": codes(hand)}}
        table = read_position_table(position, required=("rules",))
        standing = _standing(rng, pack, ctx, table.rules) if ask == "show" and ctx.difficulty >= 3 else ()
        if standing:
            found = standing_strength(standing, ctx.trump.level, table.rules)
            position["trump"] = (found[0] if found else None) or "none"
            table = read_position_table(position, required=("rules",))
        question = DeclareQuestion(table, ask, standing, NO)
        if ask == "suit":
            best = question.best_suits()
            if len(best) == 1:
                answer: Any = best[0]
                break
            continue
        options = question.options()
        answer = codes(rng.choice(options)) if options else NO
        if options or rng.random() < 0.35:
            break
    core: dict[str, Any] = {"ask": ask, "answer": answer, "position": position}
    if standing:
        core["standing"] = codes(standing)
    return finish(KIND, core, ctx, parse, answer)
