"""Kitty endgames: the last tricks with every hand open, answered by leading cards from the mover's hand.

The learner selects the cards to lead (as in the play app); there is no option list to guess from.
Every legal lead is graded by the solver: one that ties the best total is right, any other costs
the mover's side the points the solver computes. The solver proves each item: ``answer`` is an
optimal lead, and each tempting lead the file names (``options``) costs exactly its stated ``cost``
and carries its own ``why`` (what it gives away), shown with the solver's number when the learner
leads it (lesson 11, guarding and winning the last trick).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ...engine.cards import Card, codes
from ...game.position_table import PositionTable
from ...solver.position import Position
from ...words import Message
from ..answers import answer_cards, cards_text
from ..fields import Raw, read_cards, read_int, read_text, require
from ..model import AnswerError, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from .endgame import MAX_HAND, lead_problem, lead_value, solved

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
    """All hands open; lead any cards of the mover's hand (the solver values each lead)."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "play"
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

    def _truth(self) -> Message:
        total = solved(self.position).total
        return Message("kittyl_best_lead", {"cards": self.answer, "total": total})

    def grade(self, answer: object) -> Grade:
        """Right when the lead ties the solver's best; otherwise its cost, and its reason when the file names one."""
        play = answer_cards(answer)
        problem = lead_problem(self.table, self.position, play)
        if problem is not None and problem.code != "throw_failed":
            raise AnswerError(problem)  # not a lead the table takes: said by the controls, no try counted
        if problem is not None:
            return Grade(False, (problem,), (self._truth(),))
        cards = tuple(self.table.trump.sorted(play))
        if self.key(cards) in solved(self.position).best:
            right = Message("kittyl_right_lead", {"cards": cards, "total": solved(self.position).total})
            return Grade(True, (right,), (self._truth(),))
        side = "attackers" if self.attacking else "defenders"
        cost = Message(f"kittyl_lead_cost_{side}", {
            "cards": cards, "total": self.total_after(cards), "cost": self.cost_of(cards),
        })
        named = next((lead for lead in self.wrong if self.key(lead.cards) == self.key(cards)), None)
        lines = (cost, Message("kittyl_why", {"why": named.why})) if named is not None else (cost,)
        return Grade(False, lines, (self._truth(),))

    def expected(self, lang: str = "en") -> str:
        return cards_text(self.answer, lang)

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
