"""How a round flows (lesson 0): who leads the next trick, which team attacks, what a trick adds to
the attackers, how many levels a total gives, who deals next — each answered by the engine, each
wrong answer told why it is wrong.

"Which team attacks?" is answered by picking the attacking seats (``seats``: e.g. ``"1 3"``), not
by choosing between two teams: a pick of seats cannot be hit by a coin toss, and a wrong pick says
what it misses (the dealer's own team, two seats side by side, not two seats)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.scoring import level_outcome, next_dealer, points
from ...engine.tricks import trick_winner
from ...game.position_table import PositionTable, read_position_table
from ...words import Message
from ..answers import AnswerError, answer_int, answer_seat, seat_text
from ..fields import Raw, read_int, read_str, require
from ..model import Choice, Grade, Question
from ..problems import FieldError
from ..text import Text
from ._asked import AskedAnswer
from ._deal import DealSpec, DealSpecError, Pack, context, deal_trick, finish, trick_table

KIND = "round_flow"
FIELDS = ("ask", "answer")
ASKS = ("next_leader", "attackers", "points_for", "levels", "next_dealer")
FORMATS = {"next_leader": "seat", "attackers": "seats", "points_for": "number", "levels": "number",
           "next_dealer": "seat"}
NEEDS = {"next_leader": ("trick",), "attackers": ("dealer",), "points_for": ("dealer", "trick"),
         "levels": ("points",), "next_dealer": ("dealer", "points")}
HIGHEST_TOTAL = 400


@dataclass(frozen=True)
class RoundFlowQuestion(AskedAnswer, Question):
    """``ask`` (one of ``ASKS``) about ``table``; ``stated`` is the answer the file gives."""

    kind: ClassVar[str] = KIND
    table: PositionTable
    ask: str
    stated: int

    @property
    def answer_format(self) -> str:
        return FORMATS[self.ask]

    # --- the engine's facts ----------------------------------------------------------------------

    def winner(self) -> int:
        """The seat that takes the trick on the table."""
        plays = [cards for _, cards in self.table.trick]
        return self.table.trick[trick_winner(plays, self.table.trump)][0]

    def trick_points(self) -> int:
        return sum(points(cards) for _, cards in self.table.trick)

    def dealer(self) -> int:
        assert self.table.dealer is not None
        return self.table.dealer

    def total(self) -> int:
        return self.table.points or 0

    def truth(self) -> int:
        """The engine's answer: a seat, a team (0 South and North, 1 East and West) or a number."""
        if self.ask == "next_leader":
            return self.winner()
        if self.ask == "attackers":
            return (self.dealer() + 1) % 2
        if self.ask == "points_for":
            return self.trick_points() if self.table.is_attacker(self.winner()) else 0
        outcome = level_outcome(self.total(), self.table.rules)
        if self.ask == "levels":
            return outcome.levels
        return next_dealer(self.dealer(), outcome)

    def working(self) -> Message:
        """Why the right answer is right, with the engine's numbers."""
        if self.ask == "next_leader":
            winner = self.winner()
            return Message("l00_flow_winner_leads", {"seat": winner, "cards": dict(self.table.trick)[winner]})
        if self.ask == "attackers":
            return Message("l00_flow_attackers_are", {"dealer": self.dealer(), "team": self.truth()})
        if self.ask == "points_for":
            return Message("l00_flow_points_taken", {
                "seat": self.winner(), "points": self.trick_points(), "added": self.truth(),
            })
        outcome = level_outcome(self.total(), self.table.rules)
        if self.ask == "levels":
            return Message("l00_flow_levels", {"points": self.total(), "outcome": outcome,
                                               "rules": self.table.rules.name})
        code = "l00_flow_dealer_climbed" if self.truth() == (self.dealer() + 2) % 4 else "l00_flow_dealer_passes"
        return Message(code, {"seat": self.truth()})

    def why_not(self, given: int) -> Message:
        """Why this wrong answer is wrong (its own reason, not the right answer's)."""
        if self.ask == "next_leader":
            return Message("l00_flow_not_winner", {"seat": given, "cards": dict(self.table.trick)[given]})
        if self.ask == "points_for":
            winner = self.winner()
            if not self.table.is_attacker(winner):
                return Message("l00_flow_points_defenders", {"seat": winner})
            counted = self.trick_points()
            if given > counted:  # more than the trick holds: a reason about counting too few would be false
                return Message("l00_flow_points_too_many", {"given": given, "points": counted})
            return Message("l00_flow_points_counted", {"seat": winner})
        if self.ask == "levels":
            return self._levels_not(given)
        dealer = self.dealer()
        if given == dealer:
            return Message("l00_flow_dealer_wrong_same", {"seat": given})
        if given == (dealer + 2) % 4:
            return Message("l00_flow_dealer_wrong_partner", {"seat": given})
        if given == (dealer + 1) % 4:
            return Message("l00_flow_dealer_wrong_next", {"seat": given})
        return Message("l00_flow_dealer_wrong_other", {"seat": given})

    def _levels_not(self, given: int) -> Message:
        """The totals that would give ``given`` levels (to one side or the other) under the rules."""
        rules = self.table.rules
        totals = [t for t in range(0, HIGHEST_TOTAL + 5, 5) if level_outcome(t, rules).levels == given]
        if not totals:
            return Message("l00_flow_levels_never", {"given": given, "rules": rules.name})
        bands: list[Message] = []
        start = previous = totals[0]
        for total in [*totals[1:], None]:
            if total is not None and total == previous + 5:
                previous = total
                continue
            if previous >= HIGHEST_TOTAL:
                bands.append(Message("l00_flow_band_open", {"low": start}))
            else:
                bands.append(Message("l00_flow_band", {"low": start, "high": previous}))
            if total is not None:
                start = previous = total
        band = bands[0] if len(bands) == 1 else Message("l00_flow_two_bands", {"first": bands[0], "second": bands[1]})
        return Message("l00_flow_levels_not", {"given": given, "band": band})

    # --- the question ------------------------------------------------------------------------------

    def prompt(self, lang: str = "en") -> str:
        params: dict[str, object] = {"dealer": self.table.dealer, "points": self.total()}
        return Message(f"l00_flow_prompt_{self.ask}", params).render(lang)

    def choices(self) -> list[Choice]:
        if self.ask == "next_leader":
            return [
                Choice(str(seat), Text.of("puzzle_choice_trick", seat=seat, cards=cards))
                for seat, cards in self.table.trick
            ]
        if self.ask == "next_dealer":
            return [Choice(str(seat), seat_text(seat)) for seat in range(4)]
        return []

    def _read(self, answer: object) -> int:
        if self.ask in ("next_leader", "next_dealer"):
            seats = [seat for seat, _ in self.table.trick] if self.ask == "next_leader" else [0, 1, 2, 3]
            return answer_seat(answer, seats)
        return answer_int(answer)

    def attacking_seats(self) -> tuple[int, int]:
        """The two seats of the attacking team (the engine's ``truth`` for ``attackers`` is the team)."""
        team = (self.dealer() + 1) % 2
        return (team, team + 2)

    def expected(self, lang: str = "en") -> str:
        if self.ask == "attackers":
            return Message(f"l00_flow_team_{self.truth()}").render(lang)
        return super().expected(lang)

    def _grade_seats(self, answer: object) -> Grade:
        """The attacking seats picked: right when they are exactly the two seats of the attacking team."""
        seats = tuple(sorted({answer_seat(one) for one in _seat_tokens(answer)}))
        if seats == self.attacking_seats():
            return Grade(True, (self.working(),))
        if len(seats) != 2:
            why = Message("l00_flow_pick_two", {"count": len(seats)})
        elif seats[1] - seats[0] == 2:
            why = Message("l00_flow_dealer_team", {"team": seats[0]})
        else:
            why = Message("l00_flow_not_partners", {"first": seats[0], "second": seats[1]})
        return Grade(False, (why,), (self.working(),))

    def grade(self, answer: object) -> Grade:
        if self.ask == "attackers":
            return self._grade_seats(answer)
        given = self._read(answer)
        if given == self.truth():
            return Grade(True, (self.working(),))
        return Grade(False, (self.why_not(given),), (self.working(),))


def _seat_tokens(answer: object) -> list[object]:
    """The seats of a ``seats`` answer: text such as ``"1 3"`` or a list of seats."""
    if isinstance(answer, str):
        tokens: list[object] = list(answer.replace(",", " ").split())
    elif isinstance(answer, list | tuple | set | frozenset):
        tokens = list(answer)
    else:
        tokens = [answer]
    if not tokens:
        raise AnswerError(Message("l00_flow_pick_two", {"count": 0}))
    return tokens


def parse(raw: Raw, table: PositionTable) -> RoundFlowQuestion:
    """Read what is asked, check the position gives what it needs, and read the stated answer."""
    ask = read_str(require(raw, "ask"), "ask")
    if ask not in ASKS:
        raise FieldError("ask", f"must be one of {', '.join(ASKS)}, not {ask!r}")
    table.need(*NEEDS[ask])
    if "trick" in NEEDS[ask] and len(table.trick) != 4:
        raise FieldError("position.trick", "needs the plays of all four seats")
    return RoundFlowQuestion(table, ask, read_int(require(raw, "answer"), "answer", 0, 400))


ASK_BY_DIFFICULTY = {1: ("attackers", "next_leader"), 2: ("next_leader", "points_for"), 3: ("levels",),
                     4: ("next_dealer", "levels"), 5: ("points_for", "next_dealer")}
"""What a fresh item asks at each difficulty: who attacks and who leads first, then the points and levels."""


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: a whole trick, a dealer or a final total, and one question about what follows."""
    ctx = context(rng, spec)
    ask = rng.choice(ASK_BY_DIFFICULTY[ctx.difficulty])
    if spec is not None and spec.idea is not None:
        if spec.idea not in ASKS:
            raise DealSpecError(Message("gen_bad_idea", {"value": repr(spec.idea), "known": ", ".join(ASKS)}))
        ask = spec.idea
    position = ctx.position()
    if "trick" in NEEDS[ask]:
        deal = deal_trick(rng, Pack(rng), ctx, 4, 0)
        position.update(leader=ctx.leader, trick=trick_table(ctx.leader, deal.plays))
    if "dealer" in NEEDS[ask]:
        position["dealer"] = rng.randrange(4)
    if "points" in NEEDS[ask]:
        position["points"] = 5 * rng.randint(0, 40)
    question = RoundFlowQuestion(read_position_table(position, required=("rules",)), ask, 0)
    core: dict[str, Any] = {"ask": ask, "answer": question.truth(), "position": position}
    return finish(KIND, core, ctx, parse, question.truth())


def block_ideas(group: str, questions: Sequence[Question]) -> tuple[str, ...]:
    """What a lesson block of round-flow items asks (its written items' questions), so "more like this"
    asks the same kind of question."""
    return tuple(sorted({question.ask for question in questions if isinstance(question, RoundFlowQuestion)}))
