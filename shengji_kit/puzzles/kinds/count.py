"""Count at the end of a round: the attackers' total, the kitty multiplier, the level outcome, the next dealer."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.scoring import (
    ATTACKERS,
    DEFENDERS,
    Outcome,
    kitty_multiplier,
    level_outcome,
    next_dealer,
    points,
)
from ...engine.tricks import trick_winner
from ...game.position_table import PositionTable, read_position_table
from ...words import Message
from ..answers import AnswerError, answer_int, answer_seat, seat_text
from ..fields import Raw, read_int, read_seat, read_str, require
from ..mistakes import count_mistake
from ..model import Choice, Grade, Question
from ..problems import FieldError
from ..text import Text
from ._asked import AskedAnswer
from ._deal import Context, DealSpec, Pack, codes, context, deal_trick, finish, trick_table

KIND = "count"
FIELDS = ("ask", "answer")
ASKS = ("total", "multiplier", "outcome", "next_dealer")
TOP_TOTAL = 400
"""Totals are looked at up to here when saying which totals give an outcome (the top band runs on above it)."""
_OUTCOME = re.compile(r"^\s*(defenders|attackers)\s*\+\s*(\d+)\s*$")


def read_outcome(text: str) -> tuple[str, int] | None:
    """``"defenders +2"`` → (defenders, 2); ``"swap"`` is ``attackers +0``; None if unreadable."""
    if text.strip().lower() == "swap":
        return ATTACKERS, 0
    match = _OUTCOME.match(text.lower())
    return (match.group(1), int(match.group(2))) if match else None


def outcome_text(outcome: Outcome) -> str:
    """The written form of an outcome: ``defenders +1``, ``attackers +0`` (the deal passes)."""
    return f"{outcome.side} +{outcome.levels}"


@dataclass(frozen=True)
class CountQuestion(AskedAnswer, Question):
    """``ask`` names what is counted; the last trick (if any) is ``table.trick``."""

    kind: ClassVar[str] = KIND
    table: PositionTable
    ask: str
    stated: int | str

    @property
    def answer_format(self) -> str:
        return {"outcome": "outcome", "next_dealer": "seat"}.get(self.ask, "number")

    def last_winner(self) -> int | None:
        """The seat that takes the last trick, when the whole trick is given."""
        if len(self.table.trick) != 4:
            return None
        plays = [cards for _, cards in self.table.trick]
        return self.table.trick[trick_winner(plays, self.table.trump)][0]

    def multiplier(self) -> int:
        return kitty_multiplier(self.table.lead, self.table.trump, self.table.rules)

    def trick_points(self) -> int:
        return sum(points(cards) for _, cards in self.table.trick)

    def kitty_points(self) -> int:
        return points(self.table.kitty or ())

    def total(self) -> int:
        """Points before, plus the last trick and the multiplied kitty when the attackers take it."""
        before = self.table.points or 0
        winner = self.last_winner()
        if winner is None or not self.table.is_attacker(winner):
            return before
        return before + self.trick_points() + self.kitty_points() * self.multiplier()

    def outcome(self) -> Outcome:
        return level_outcome(self.total(), self.table.rules)

    def truth(self) -> int | str:
        """The engine's answer to ``ask``."""
        if self.ask == "total":
            return self.total()
        if self.ask == "multiplier":
            return self.multiplier()
        if self.ask == "outcome":
            return outcome_text(self.outcome())
        assert self.table.dealer is not None
        return next_dealer(self.table.dealer, self.outcome())

    def working(self) -> Message:
        """How the answer is reached, with the numbers filled in."""
        if self.ask == "multiplier":
            return Message("puzzle_count_multiplier", {"lead": self.table.lead, "multiplier": self.multiplier()})
        total = self.total()
        winner = self.last_winner()
        if winner is None:
            sum_line = Message("puzzle_count_given", {"total": total})
        elif self.table.is_attacker(winner):
            sum_line = Message("puzzle_count_attackers_last", {
                "seat": winner, "before": self.table.points or 0, "trick": self.trick_points(),
                "kitty": self.kitty_points(), "multiplier": self.multiplier(), "total": total,
            })
        else:
            sum_line = Message("puzzle_count_defenders_last", {"seat": winner, "total": total})
        if self.ask == "total":
            return sum_line
        outcome = self.outcome()
        result = Message("puzzle_count_outcome", {"outcome": outcome})
        if self.ask == "outcome":
            return Message("puzzle_count_then", {"first": sum_line, "then": result})
        dealer = Message("puzzle_count_dealer", {"seat": int(self.truth())})
        then = Message("puzzle_count_then", {"first": result, "then": dealer})
        return Message("puzzle_count_then", {"first": sum_line, "then": then})

    def prompt(self, lang: str = "en") -> str:
        after = "_trick" if self.table.trick and self.ask in ("outcome", "next_dealer") else ""
        return Message(f"puzzle_count_prompt_{self.ask}{after}", {"before": self.table.points or 0}).render(lang)

    def choices(self) -> list[Choice]:
        if self.ask == "next_dealer":
            return [Choice(str(seat), seat_text(seat)) for seat in range(4)]
        if self.ask != "outcome":
            return []
        outcomes = [Outcome(DEFENDERS, n, False) for n in (3, 2, 1)]
        outcomes += [Outcome(ATTACKERS, n, True) for n in range(self.table.rules.max_attacker_levels + 1)]
        return [Choice(outcome_text(o), Text.of("outcome_of", outcome=o)) for o in outcomes]

    def _read(self, answer: object) -> int | str:
        if self.ask == "next_dealer":
            return answer_seat(answer)
        if self.ask != "outcome":
            return answer_int(answer)
        if isinstance(answer, Outcome):
            return outcome_text(answer)
        parsed = read_outcome(answer) if isinstance(answer, str) else None
        if parsed is None:
            raise AnswerError(Message("puzzle_bad_outcome", {"value": repr(answer)}))
        return f"{parsed[0]} +{parsed[1]}"

    def grade(self, answer: object) -> Grade:
        given = self._read(answer)
        truth = self.truth()
        if given == truth:
            return Grade(True, (self.working(),))
        return Grade(False, (self.why_not(given, truth),), (self.working(),))

    def mistake(self, answer: object) -> Message | None:
        return count_mistake(self, self._read(answer))

    def why_not(self, given: int | str, truth: int | str) -> Message:
        """Why a wrong count fails, without giving the right one."""
        if self.ask == "total" and isinstance(given, int) and isinstance(truth, int):
            return Message("puzzle_count_too_high" if given > truth else "puzzle_count_too_low", {"total": given})
        if self.ask == "multiplier":
            return Message("puzzle_count_wrong_multiplier", {"multiplier": given})
        if self.ask == "next_dealer" and isinstance(given, int):
            return Message("puzzle_count_wrong_dealer", {"seat": given})
        band = self._band(str(given))
        parsed = read_outcome(str(given))
        if band is not None and parsed is not None:  # what the chosen result needs, without giving the total away
            low, high = band
            shape = "exact" if low == high else "above" if high == TOP_TOTAL else "range"
            chosen = Outcome(parsed[0], parsed[1], parsed[0] == ATTACKERS)
            return Message(f"puzzle_count_outcome_needs_{shape}", {"given": chosen, "low": low, "high": high})
        return Message("puzzle_count_wrong_outcome")

    def _band(self, given: str) -> tuple[int, int] | None:
        """The attackers' totals (lowest, highest, in steps of 5 up to 200 and beyond) that give outcome ``given``."""
        totals = [total for total in range(0, TOP_TOTAL + 1, 5)
                  if outcome_text(level_outcome(total, self.table.rules)) == given]
        return (totals[0], totals[-1]) if totals else None


def parse(raw: Raw, table: PositionTable) -> CountQuestion:
    """Read a count puzzle: what is asked, the fields it needs, and the stated answer."""
    ask = read_str(require(raw, "ask"), "ask")
    if ask not in ASKS:
        raise FieldError("ask", f"must be one of {', '.join(ASKS)}, not {ask!r}")
    if ask == "multiplier":
        table.need("leader", "trick")
    else:
        table.need("points")
        if ask == "total":
            table.need("trick")
        if table.trick:
            table.need("dealer", "kitty")
            if len(table.trick) != 4:
                raise FieldError("position.trick", "the last trick needs the plays of all four seats")
        if ask == "next_dealer":
            table.need("dealer")
    value = require(raw, "answer")
    stated: int | str
    if ask == "outcome":
        parsed = read_outcome(value) if isinstance(value, str) else None
        if parsed is None:
            raise FieldError("answer", f"must be an outcome such as \"defenders +1\", \"attackers +0\", not {value!r}")
        stated = f"{parsed[0]} +{parsed[1]}"
    elif ask == "next_dealer":
        stated = read_seat(value, "answer")
    else:
        stated = read_int(value, "answer", 0, 10_000)
    return CountQuestion(table, ask, stated)


ASK_BY_DIFFICULTY = {1: ("multiplier",), 2: ("outcome", "multiplier"), 3: ("total",), 4: ("next_dealer", "total"),
                     5: ("outcome", "next_dealer")}
"""What a fresh item asks at each difficulty: a multiplier first, then the level table, then whole sums."""


def deal_count(rng: random.Random, spec: DealSpec | None) -> tuple[Context, dict[str, Any], CountQuestion]:
    """A fresh count item's context, its fields and position (answer from the engine), and its question."""
    ctx = context(rng, spec)
    ask = rng.choice(ASK_BY_DIFFICULTY[ctx.difficulty])
    pack = Pack(rng)
    deal = deal_trick(rng, pack, ctx, 4, 0)
    if ask == "multiplier":
        position = ctx.position(leader=ctx.leader, trick={str(ctx.leader): codes(deal.lead)})
    else:
        kitty = pack.take(lambda card: True, 8)
        shown = sum(points(play) for play in deal.plays) + points(kitty)
        with_trick = ctx.difficulty >= 3
        room = (200 - (shown if with_trick else 0)) // 5
        before = 5 * rng.randint(0, room)
        position = ctx.position(points=before, dealer=rng.randrange(4))
        if with_trick:
            position.update(leader=ctx.leader, trick=trick_table(ctx.leader, deal.plays), kitty=codes(kitty))
    question = CountQuestion(read_position_table(position, required=("rules",)), ask, 0)
    return ctx, {"ask": ask, "answer": question.truth(), "position": position}, question


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a kitty multiplier, an outcome from a total, or a whole last trick to add up."""
    ctx, core, question = deal_count(rng, spec)
    return finish(KIND, core, ctx, parse, question.truth())
