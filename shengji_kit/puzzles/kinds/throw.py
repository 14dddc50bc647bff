"""Will this throw stand, and if not, who stops it and what is led instead?"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.cards import Card
from ...engine.throws import ThrowCheck, check_throw
from ...game.position_table import PositionTable
from ...words import Message
from ..answers import answer_seat, cards_text, same_cards
from ..fields import Raw, read_bool, read_cards, read_seat, require
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ._deal import DealSpec, Pack, codes, context, deal_throw, finish, led_suit, other_hands

KIND = "throw"
FIELDS = ("stands", "blocker", "forced")
STANDS = "stands"


@dataclass(frozen=True)
class ThrowQuestion(Question):
    """The leader's play in ``table.trick`` is a throw; the others' hands decide whether it stands."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    stands: bool
    blocker: int | None
    forced: tuple[Card, ...] | None

    @property
    def thrower(self) -> int:
        return self.table.trick[0][0]

    def others(self) -> list[int]:
        """The other three seats in turn order after the thrower."""
        return [(self.thrower + k) % 4 for k in (1, 2, 3)]

    def result(self) -> ThrowCheck:
        """The engine's check of the throw against the other three hands."""
        hands = [self.table.hand(seat) for seat in self.others()]
        return check_throw(self.table.lead, hands, self.table.trump, self.table.rules)

    def blocker_seat(self, result: ThrowCheck) -> int | None:
        return None if result.blocker is None else self.others()[result.blocker]

    def explain(self, result: ThrowCheck) -> Message:
        """The engine's own message for the result, with the blocker's seat named."""
        params: dict[str, object] = {"cards": result.throw}
        if result.ok:
            return Message("throw_ok", params)
        params.update(
            blocker=self.blocker_seat(result),
            beater=result.beater,
            component=result.beaten.cards if result.beaten else (),
            forced=result.forced,
        )
        return Message("throw_failed", params)

    def prompt(self, lang: str = "en") -> str:
        return Message("puzzle_throw_prompt", {"seat": self.thrower, "cards": self.table.lead}).render(lang)

    def choices(self) -> list[Choice]:
        stands = Choice(STANDS, Text.of("puzzle_choice_stands"))
        return [stands] + [
            Choice(str(seat), Text.of("puzzle_choice_stops", seat=seat)) for seat in self.others()
        ]

    def grade(self, answer: object) -> Grade:
        said_stands = isinstance(answer, str) and answer.strip().lower() in (STANDS, "ok", "成功")
        seat = None if said_stands else answer_seat(answer, self.others())
        result = self.result()
        correct = result.ok if said_stands else seat == self.blocker_seat(result)
        if correct:
            return Grade(True, (self.explain(result),))
        return Grade(False, (self.why_not(seat),), (self.explain(result),))

    def why_not(self, seat: int | None) -> Message:
        """Why a wrong answer fails, without naming the real blocker (``None``: "it stands")."""
        if seat is None:
            return Message("puzzle_throw_not_stands", {"cards": self.table.lead})
        alone = [self.table.hand(s) if s == seat else () for s in self.others()]
        if check_throw(self.table.lead, alone, self.table.trump, self.table.rules).ok:
            return Message("puzzle_throw_cannot_stop", {"seat": seat})
        return Message("puzzle_throw_not_first", {"seat": seat})

    def expected(self, lang: str = "en") -> str:
        return self.explain(self.result()).render(lang)

    def verify(self) -> list[Mismatch]:
        result = self.result()
        if result.ok != self.stands:
            said, says = str(self.stands).lower(), str(result.ok).lower()
            return [Mismatch("stands", f"states {said}, but check_throw says {says}: {self.expected()}")]
        mismatches: list[Mismatch] = []
        blocker = self.blocker_seat(result)
        if blocker != self.blocker:
            mismatches.append(Mismatch("blocker", f"states seat {self.blocker}, but check_throw names seat {blocker}"))
        if not result.ok and (self.forced is None or not same_cards(self.forced, result.forced)):
            said = cards_text(self.forced or ())
            mismatches.append(Mismatch("forced", f"states {said}, but check_throw forces {cards_text(result.forced)}"))
        return mismatches


def parse(raw: Raw, table: PositionTable) -> ThrowQuestion:
    """Read a throw puzzle: the lead in ``trick``, the other hands, and the stated result."""
    table.need("leader", "trick", "hands")
    if len(table.trick) != 1:
        raise FieldError("position.trick", "must hold only the thrower's lead")
    stands = read_bool(require(raw, "stands"), "stands")
    question = ThrowQuestion(table, stands, None, None)
    for seat in question.others():
        table.hand(seat)
    if stands:
        for name in ("blocker", "forced"):
            if name in raw:
                raise FieldError(name, "a throw that stands has no blocker and no forced cards")
        return question
    blocker = read_seat(require(raw, "blocker"), "blocker")
    forced = read_cards(require(raw, "forced"), "forced")
    return ThrowQuestion(table, stands, blocker, forced)


def deal_throw_item(rng: random.Random, spec: DealSpec | None, kind: str, parse: Any) -> dict[str, Any]:
    """A fresh throw item of ``kind`` (read by ``parse``): the throw, the other hands, the engine's result."""
    ctx = context(rng, spec)
    pack = Pack(rng)
    suit = led_suit(rng, ctx.trump, trump_share=0.2)
    throw = deal_throw(rng, pack, ctx.trump, suit, ctx.difficulty)
    hands = other_hands(rng, pack, ctx.trump, suit, 3 + ctx.difficulty)
    seats = [(ctx.leader + k) % 4 for k in (1, 2, 3)]
    held = {str(seat): codes(ctx.trump.sorted(hand)) for seat, hand in zip(seats, hands, strict=True)}
    position = ctx.position(leader=ctx.leader, trick={str(ctx.leader): codes(throw)}, hands=held)
    result = check_throw(throw, hands, ctx.trump, ctx.preset)
    blocker = None if result.blocker is None else seats[result.blocker]
    core: dict[str, Any] = {"position": position}
    if kind == "throw_forced":
        core["forced"] = codes(result.forced)
        return finish(kind, core, ctx, parse, list(result.forced))
    core["stands"] = result.ok
    if not result.ok:
        core["blocker"] = blocker
        core["forced"] = codes(result.forced)
    return finish(kind, core, ctx, parse, STANDS if result.ok else blocker)


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a throw of two or more combinations against three random hands; stands or who stops it."""
    return deal_throw_item(rng, spec, KIND, parse)
