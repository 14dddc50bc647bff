"""Which of two events is more likely? Judged by the exact form where one exists, else by the seeded
sampler — and an item whose two figures are too close to call is refused by ``verify``.

The position gives the learner's hand (one seat, South = 0 unless written otherwise) and the
trump; ``played`` the cards seen on the table. Each event is a table:
``{ holds = "SA", who = "partner" }`` (who: partner, a seat 1–3 or kitty; ``at_least`` copies),
``{ split = "S", pattern = [3, 3] }`` (the opponents' split of the unseen cards of a suit), or
``{ throw = "SK SQ" }`` (the throw stands, by the engine's check on sampled deals).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from math import sqrt
from typing import Any, ClassVar

from ...chances import chance_holds, chance_split, chance_throw_stands, situation
from ...chances.estimate import Estimate
from ...chances.situation import Situation
from ...engine.cards import Card, parse_card
from ...engine.errors import CardError, RuleError
from ...engine.trump import Trump
from ...game.position_table import PositionTable, read_position_table
from ...words import Message
from ..fields import Raw, read_cards, read_int, read_str, require
from ..model import AnswerError, Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ._deal import DealSpec, Pack, codes, context, finish

KIND = "chance"
FIELDS = ("played", "a", "b", "answer")
SAMPLES = 20_000
THROW_SAMPLES = 2_000
SEED = 0
MARGIN_SIGMAS = 4.5
"""Two sampled figures closer than this many standard errors are too close to call."""
EVENT_KEYS = ("holds", "who", "at_least", "split", "pattern", "throw")


@dataclass(frozen=True)
class Event:
    """One event: ``what`` is holds, split or throw; the rest are its parameters."""

    what: str
    card: Card | None = None
    who: str = "partner"
    at_least: int = 1
    suit: str = ""
    pattern: tuple[int, ...] = ()
    throw: tuple[Card, ...] = ()

    def line(self) -> Message:
        """The event in words."""
        if self.what == "holds":
            holder = self.who if self.who in ("partner", "kitty") else "seat"
            seat = int(self.who) if holder == "seat" else None
            both = "_both" if self.at_least == 2 else ""
            return Message(f"l8_event_holds_{holder}{both}", {"card": self.card, "seat": seat})
        if self.what == "split":
            return Message("l8_event_split", {"suit": self.suit, "pattern": "-".join(map(str, self.pattern))})
        return Message("l8_event_throw", {"cards": self.throw})

    def estimate(self, known: Situation, seed: int = SEED) -> Estimate:
        """The event's chance: sampled with the fixed seed (or ``seed``), with the exact value when there is one."""
        if self.what == "holds":
            assert self.card is not None
            holder: int | str = self.who
            if self.who == "partner":
                holder = known.partner
            elif self.who != "kitty":
                holder = int(self.who)
            return chance_holds(self.card, holder, known, at_least=self.at_least, samples=SAMPLES, seed=seed)
        if self.what == "split":
            return chance_split(self.suit, self.pattern, known, samples=SAMPLES, seed=seed)
        return chance_throw_stands(self.throw, known, samples=THROW_SAMPLES, seed=seed)


def figure(estimate: Estimate) -> float:
    """The exact value when known, else the sampled one."""
    return estimate.exact if estimate.exact is not None else estimate.probability


def too_close(a: Estimate, b: Estimate) -> bool:
    """Whether the two figures cannot be told apart: equal exact values, or sampled ones within the margin."""
    if a.exact is not None and b.exact is not None:
        return abs(a.exact - b.exact) < 1e-9
    error = sqrt(a.standard_error ** 2 + b.standard_error ** 2)
    return abs(figure(a) - figure(b)) <= MARGIN_SIGMAS * error


@lru_cache(maxsize=256)
def _estimates(
    hand: tuple[Card, ...], seat: int, trump: Trump, played: tuple[Card, ...], a: Event, b: Event, seed: int = SEED,
) -> tuple[Estimate, Estimate]:
    known = situation(hand, trump, played, seat=seat)
    return a.estimate(known, seed), b.estimate(known, seed)


@dataclass(frozen=True)
class ChanceQuestion(Question):
    """``stated`` is ``"a"`` or ``"b"``: the likelier event."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    played: tuple[Card, ...]
    a: Event
    b: Event
    stated: str
    seed: int = SEED
    """The sampler's seed: the fixed one, or a fresh one from ``puzzles check --seed``."""

    def reseeded(self, seed: int) -> ChanceQuestion:
        """The same question judged on deals sampled with ``seed``."""
        return replace(self, seed=seed)

    def shown(self) -> tuple[Card, ...]:
        """The learner's hand, shown with the question."""
        return next(iter(self.table.hands.values()))

    def situation(self) -> Situation:
        seat = next(iter(self.table.hands))
        hand = self.table.hands[seat]
        return situation(hand, self.table.trump, self.played, seat=seat)

    def estimates(self) -> tuple[Estimate, Estimate]:
        seat = next(iter(self.table.hands))
        return _estimates(self.table.hands[seat], seat, self.table.trump, self.played, self.a, self.b, self.seed)

    def likelier(self) -> str:
        a, b = self.estimates()
        return "a" if figure(a) > figure(b) else "b"

    def prompt(self, lang: str = "en") -> str:
        asked = Message("l8_chance_prompt", {"a": self.a.line(), "b": self.b.line()})
        if not self.played:
            return asked.render(lang)
        return Message("l8_chance_after_played", {"cards": self.played, "then": asked}).render(lang)

    def choices(self) -> list[Choice]:
        return [Choice(key, Text(event.line().render("en"), event.line().render("zh")))
                for key, event in (("a", self.a), ("b", self.b))]

    def _figure_lines(self) -> tuple[Message, Message]:
        a, b = self.estimates()
        return (Message("l8_chance_figure", {"event": self.a.line(), "figure": _described(a)}),
                Message("l8_chance_figure", {"event": self.b.line(), "figure": _described(b)}))

    def grade(self, answer: object) -> Grade:
        given = answer.strip().lower() if isinstance(answer, str) else ""
        if given not in ("a", "b"):
            raise AnswerError(Message("l8_bad_choice", {"value": repr(answer)}))
        return Grade(given == self.likelier(), self._figure_lines())

    def expected(self, lang: str = "en") -> str:
        event = self.a if self.likelier() == "a" else self.b
        return event.line().render(lang)

    def verify(self) -> list[Mismatch]:
        try:
            a, b = self.estimates()
        except RuleError as error:
            return [Mismatch("a", error.message("en"))]
        if too_close(a, b):
            return [Mismatch("answer", f"too close to call: {a.describe('en')} against {b.describe('en')}")]
        if self.stated != self.likelier():
            return [Mismatch("answer", f"states {self.stated!r}, but {a.describe('en')} against {b.describe('en')}")]
        return []


def _described(estimate: Estimate) -> Text:
    return Text(en=estimate.describe("en"), zh=estimate.describe("zh"))


def read_event(value: Any, field: str) -> Event:
    """One event table (see the module docstring)."""
    if not isinstance(value, Mapping):
        raise FieldError(field, "must be a table such as { holds = \"SA\", who = \"partner\" }")
    unknown = [key for key in value if key not in EVENT_KEYS]
    if unknown:
        raise FieldError(f"{field}.{unknown[0]}", f"unknown field; known fields: {', '.join(EVENT_KEYS)}")
    if "holds" in value:
        try:
            card = parse_card(read_str(value["holds"], f"{field}.holds"))
        except CardError:
            raise FieldError(f"{field}.holds", f"unknown card {value['holds']!r}") from None
        who = str(value.get("who", "partner"))
        if who not in ("partner", "kitty", "1", "2", "3"):
            raise FieldError(f"{field}.who", f"must be partner, kitty or a seat 1-3, not {who!r}")
        at_least = read_int(value.get("at_least", 1), f"{field}.at_least", 1, 2)
        return Event("holds", card=card, who=who, at_least=at_least)
    if "split" in value:
        suit = read_str(value["split"], f"{field}.split").upper()
        pattern = value.get("pattern")
        if not isinstance(pattern, list) or len(pattern) != 2:
            raise FieldError(f"{field}.pattern", "must be two numbers such as [3, 3]")
        return Event("split", suit=suit, pattern=tuple(read_int(n, f"{field}.pattern", 0, 26) for n in pattern))
    if "throw" in value:
        return Event("throw", throw=read_cards(value["throw"], f"{field}.throw"))
    raise FieldError(field, "needs holds, split or throw")


def parse(raw: Raw, table: PositionTable) -> ChanceQuestion:
    """Read a chance puzzle: the hand, the cards seen, two events and the likelier one."""
    table.need("hands")
    if len(table.hands) != 1:
        raise FieldError("position.hands", "give exactly one hand: the learner's")
    played = read_cards(raw["played"], "played") if "played" in raw else ()
    answer = read_str(require(raw, "answer"), "answer").lower()
    if answer not in ("a", "b"):
        raise FieldError("answer", f"must be a or b, not {answer!r}")
    question = ChanceQuestion(
        table, played, read_event(require(raw, "a"), "a"), read_event(require(raw, "b"), "b"), answer,
    )
    try:
        question.situation()
    except RuleError as error:
        raise FieldError("position.hands", error.message("en")) from None
    return question


HOLDERS = ("partner", "kitty", "1", "2", "3")


def _holds_event(rng: random.Random, unseen: list[Card], difficulty: int) -> dict[str, Any]:
    """Who holds one unseen card (both copies, now and then, when both are unseen and the item is harder)."""
    card = rng.choice(unseen)
    event: dict[str, Any] = {"holds": card.code, "who": rng.choice(HOLDERS)}
    if difficulty >= 3 and unseen.count(card) == 2 and rng.random() < 0.4:
        event["at_least"] = 2
    return event


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: the learner's 25 cards (and, when harder, cards already played), and two events of
    where unseen cards lie; the likelier by the chances layer, never a pair too close to call."""
    ctx = context(rng, spec)
    while True:
        pack = Pack(rng)
        tricks = rng.randint(1, ctx.difficulty - 1) if ctx.difficulty > 2 else 0
        hand = ctx.trump.sorted(pack.take(lambda card: True, 25 - tricks))
        played = pack.take(lambda card: True, 4 * tricks)
        unseen = pack.cards
        a, b = _holds_event(rng, unseen, ctx.difficulty), _holds_event(rng, unseen, ctx.difficulty)
        if a == b:
            continue
        core: dict[str, Any] = {"a": a, "b": b, "answer": "a", "position": ctx.position(hands={"0": codes(hand)})}
        if played:
            core["played"] = codes(played)
        question = parse(core, read_position_table(core["position"], required=("rules",)))
        first, second = question.estimates()
        if not too_close(first, second):
            break
    core["answer"] = question.likelier()
    return finish(KIND, core, ctx, parse, core["answer"])
