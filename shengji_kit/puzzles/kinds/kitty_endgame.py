"""Kitty endgames: the last tricks with every hand open, answered by choosing one of a few leads.

The solver proves each item: ``answer`` is an optimal lead (its total is the solver's total), and
each other offered lead costs the mover's side exactly its stated ``cost`` points under perfect
play. Each wrong lead carries its own ``why`` (what it gives away, and why), shown with the
solver's number when the learner picks it (lesson 11, guarding and winning the last trick).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ...engine.cards import Card, codes
from ...game.position_table import PositionTable
from ...solver.position import Position
from ...words import Message
from ..answers import cards_text
from ..fields import Raw, read_cards, read_int, read_text, require
from ..model import Choice, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from .endgame import MAX_HAND, lead_value, solved

KIND = "kitty_endgame"
FIELDS = ("answer", "options")


@dataclass(frozen=True)
class WrongLead:
    """An offered lead that is not optimal: its cards, the points it costs, and why."""

    cards: tuple[Card, ...]
    cost: int
    why: Text


@dataclass(frozen=True)
class KittyEndgame(Question):
    """All hands open; choose the best of ``answer`` and the ``wrong`` leads (the solver decides)."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "choice"
    table: PositionTable
    position: Position
    answer: tuple[Card, ...]
    wrong: tuple[WrongLead, ...]

    @property
    def mover(self) -> int:
        return self.position.leader

    @property
    def attacking(self) -> bool:
        return self.position.is_attacker(self.mover)

    def key(self, cards: tuple[Card, ...]) -> str:
        return codes(self.table.trump.sorted(cards))

    def total_after(self, cards: tuple[Card, ...]) -> int:
        """The attackers' final total after this lead, both sides then playing perfectly (the solver)."""
        return lead_value(self.position, tuple(sorted(card.index for card in cards)))

    def cost_of(self, cards: tuple[Card, ...]) -> int:
        """Points this lead gives away against the solver's best, for the mover's side."""
        gap = self.total_after(cards) - solved(self.position).total
        return -gap if self.attacking else gap

    def prompt(self, lang: str = "en") -> str:
        side = "attackers" if self.attacking else "defenders"
        params = {"seat": self.mover, "before": self.position.points}
        return Message(f"puzzle_endgame_prompt_{side}", params).render(lang)

    def choices(self) -> list[Choice]:
        leads = sorted([self.answer, *(lead.cards for lead in self.wrong)], key=self.key)
        return [Choice(self.key(cards), Text(cards_text(cards), cards_text(cards))) for cards in leads]

    def _truth(self) -> Message:
        total = solved(self.position).total
        return Message("kittyl_best_lead", {"cards": self.answer, "total": total})

    def grade(self, answer: object) -> Grade:
        chosen = str(answer).strip()
        if chosen == self.key(self.answer):
            return Grade(True, (self._truth(),), (self._truth(),))
        for lead in self.wrong:
            if chosen == self.key(lead.cards):
                side = "attackers" if self.attacking else "defenders"
                cost = Message(f"kittyl_lead_cost_{side}", {
                    "cards": lead.cards, "total": self.total_after(lead.cards), "cost": self.cost_of(lead.cards),
                })
                return Grade(False, (cost, Message("kittyl_why", {"why": lead.why})), (self._truth(),))
        return Grade(False, (Message("kittyl_not_offered"),), (self._truth(),))

    def expected(self, lang: str = "en") -> str:
        return cards_text(self.answer)

    def verify(self) -> list[Mismatch]:
        mismatches: list[Mismatch] = []
        best = solved(self.position)
        if self.key(self.answer) not in best.best:
            leads = " | ".join(sorted(best.best))
            mismatches.append(Mismatch("answer", f"is not optimal: the solver's best leads are {leads}"))
        for number, lead in enumerate(self.wrong):
            cost = self.cost_of(lead.cards)
            if cost <= 0:
                mismatches.append(Mismatch(f"options.{number}", f"{codes(lead.cards)} is not worse than the answer"))
            elif cost != lead.cost:
                said = f"states {lead.cost}, but the solver gives {cost}"
                mismatches.append(Mismatch(f"options.{number}.cost", said))
        return mismatches


def _wrong_lead(raw: object, number: int) -> WrongLead:
    field = f"options.{number}"
    if not isinstance(raw, Mapping):
        raise FieldError(field, "must be a table with lead, cost and why")
    cards = read_cards(require(raw, "lead", field), f"{field}.lead")
    return WrongLead(cards, read_int(require(raw, "cost", field), f"{field}.cost", 1, 1000),
                     read_text(require(raw, "why", field), f"{field}.why"))


def parse(raw: Raw, table: PositionTable) -> KittyEndgame:
    """Read a kitty endgame: a whole small deal, the best lead and the wrong leads offered beside it."""
    position = Position.from_table(table)
    if len(position.hands[0]) > MAX_HAND:
        raise FieldError("position.hands", f"endgames hold at most {MAX_HAND} cards a hand, to keep checking fast")
    answer = read_cards(require(raw, "answer"), "answer")
    options = require(raw, "options")
    if not isinstance(options, list) or not options:
        raise FieldError("options", "must list at least one tempting wrong lead")
    wrong = tuple(_wrong_lead(item, number) for number, item in enumerate(options))
    return KittyEndgame(table, position, answer, wrong)


from ._kitty_endgame_deal import block_ideas, generate  # noqa: E402, F401  (the generator: constructed kitty endgames)
