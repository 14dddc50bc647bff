"""Endgames: every hand is visible; find the lead that gives the mover's side its best total (solver-checked)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from ...engine.cards import Card, codes
from ...engine.errors import RuleError
from ...engine.shapes import THROW, shape
from ...engine.throws import check_throw
from ...game.position_table import PositionTable, read_position_table
from ...solver.position import Position
from ...solver.search import INFINITY, NO_KEY
from ...solver.solution import Solution, Trick
from ...solver.solve import searcher_for, solve, start_hands
from ...words import Message
from ..answers import answer_cards, cards_text, missing_from
from ..fields import Raw, read_cards, read_int, require
from ..model import Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ._deal import DealSpec, Pack, context, finish, plain_suits
from ._deal import codes as card_codes

KIND = "endgame"
FIELDS = ("total", "best")
MAX_HAND = 6


@cache
def solved(position: Position) -> Solution:
    """The solver's answer for ``position`` (each endgame is solved once per process)."""
    return solve(position)


@cache
def lead_value(position: Position, lead: tuple[int, ...]) -> int:
    """The attackers' final total when the mover leads ``lead`` (card indices) and play is perfect."""
    searcher = searcher_for(position)
    hands = start_hands(position)
    classes = searcher.classes(hands)
    return position.points + searcher.after_play(
        hands, position.leader, (), 0, NO_KEY, lead, -INFINITY, INFINITY, classes
    )


def lead_problem(table: PositionTable, position: Position, play: list[Card]) -> Message | None:
    """Why the mover cannot lead ``play`` (not held, no shape, a throw that fails), else None."""
    mover = position.leader
    hand = position.hands[mover]
    if not play:
        return Message("empty_play")
    missing = missing_from(hand, play)
    if missing:
        return Message("not_in_hand", {"cards": tuple(missing)})
    try:
        lead = shape(play, table.trump)
    except RuleError as error:
        return Message(error.code, error.params)
    if lead.kind != THROW:
        return None
    others = [position.hands[(mover + k) % 4] for k in (1, 2, 3)]
    result = check_throw(play, others, table.trump, table.rules)
    if result.ok:
        return None
    blocker = (mover + 1 + (result.blocker or 0)) % 4
    return Message("throw_failed", {
        "cards": result.throw, "blocker": blocker, "beater": result.beater,
        "component": result.beaten.cards if result.beaten else (), "forced": result.forced,
    })


@dataclass(frozen=True)
class Endgame(Question):
    """``total`` is the attackers' final total under perfect play; ``best`` the mover's optimal leads."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "play"
    table: PositionTable
    position: Position
    total: int
    best: frozenset[str]

    @property
    def mover(self) -> int:
        return self.position.leader

    def solution(self) -> Solution:
        return solved(self.position)

    def key(self, cards: tuple[Card, ...] | list[Card]) -> str:
        """A lead written as the solver writes it: codes in ``trump.sorted`` order."""
        return codes(self.table.trump.sorted(cards))

    def prompt(self, lang: str = "en") -> str:
        side = "attackers" if self.position.is_attacker(self.mover) else "defenders"
        prompt = Message(f"puzzle_endgame_prompt_{side}", {"seat": self.mover, "before": self.position.points})
        return prompt.render(lang)

    def _best_line(self) -> Message:
        solution = self.solution()
        def written(lang: str) -> str:
            return ("、" if lang == "zh" else "; ").join(
                cards_text(self.table.trump.sorted(answer_cards(key)), lang) for key in solution.best)

        leads = Text(written("en"), written("zh"))
        return Message("puzzle_endgame_best", {"total": solution.total, "leads": leads})

    def _lead_problem(self, play: list[Card]) -> Message | None:
        return lead_problem(self.table, self.position, play)

    def grade(self, answer: object) -> Grade:
        play = answer_cards(answer)
        problem = self._lead_problem(play)
        line = Message("puzzle_endgame_line", {"line": self.line_text()})
        if problem is not None:
            return Grade(False, (problem,), (self._best_line(), line))
        if self.key(play) in self.solution().best:
            return Grade(True, (self._best_line(), line))
        attackers = "attackers" if self.position.is_attacker(self.mover) else "defenders"
        total = self.lead_total(play)
        why = Message(f"puzzle_endgame_lead_{attackers}", {
            "cards": tuple(play), "total": total, "cost": abs(self.solution().total - total),
        })
        return Grade(False, (why,), (self._best_line(), line))

    def lead_total(self, play: list[Card]) -> int:
        """The attackers' total after leading ``play`` when both sides then play perfectly."""
        return lead_value(self.position, tuple(sorted(card.index for card in play)))

    def line_text(self) -> Text:
        """The optimal line, one trick per line, in both languages."""
        tricks = self.solution().line
        return Text(*("\n".join(t.words(lang) for t in tricks) for lang in ("en", "zh")))

    def expected(self, lang: str = "en") -> str:
        return self._best_line().render(lang)

    def solution_line(self) -> tuple[Trick, ...]:
        return self.solution().line

    def verify(self) -> list[Mismatch]:
        solution = self.solution()
        mismatches: list[Mismatch] = []
        if solution.total != self.total:
            mismatches.append(Mismatch("total", f"states {self.total}, but the solver gives {solution.total}"))
        if set(solution.best) != self.best:
            said = " | ".join(sorted(self.best))
            best = " | ".join(sorted(solution.best))
            mismatches.append(Mismatch("best", f"states {said}, but the solver's best leads are {best}"))
        return mismatches


def parse(raw: Raw, table: PositionTable) -> Endgame:
    """Read an endgame: a whole deal at a trick boundary (the solver's ``Position``), total and best leads."""
    position = Position.from_table(table)
    if len(position.hands[0]) > MAX_HAND:
        raise FieldError("position.hands", f"endgames hold at most {MAX_HAND} cards a hand, to keep checking fast")
    total = read_int(require(raw, "total"), "total", 0, 10_000)
    best_raw = require(raw, "best")
    if not isinstance(best_raw, list) or not best_raw:
        raise FieldError("best", "must list the mover's best leads, e.g. [\"SA SA\"]")
    trump = table.trump
    best = frozenset(codes(trump.sorted(read_cards(item, f"best.{i}"))) for i, item in enumerate(best_raw))
    return Endgame(table, position, total, best)


HAND_BY_DIFFICULTY = {1: 2, 2: 2, 3: 3, 4: 3, 5: 4}
"""Cards a hand at each difficulty: small, so the solver proves the answer in a moment."""


def generate(rng: random.Random, spec: DealSpec | None = None) -> dict[str, Any]:
    """A fresh item: four small hands of two plain suits and some trumps, an attacker to lead, the kitty and
    the points so far; the solver gives the total and every best lead."""
    ctx = context(rng, spec)
    trump = ctx.trump
    size = HAND_BY_DIFFICULTY[ctx.difficulty]
    pack = Pack(rng)
    suits = {*rng.sample(plain_suits(trump), 2), "T"}
    hands = [trump.sorted(pack.take(lambda card: trump.suit_of(card) in suits, size)) for _ in range(4)]
    kitty = pack.take(lambda card: True, 8)
    shown = sum(card.points for hand in hands for card in hand) + sum(card.points for card in kitty)
    dealer = (ctx.leader + rng.choice((1, 3))) % 4
    position = ctx.position(
        dealer=dealer, leader=ctx.leader, points=5 * rng.randint(0, min(24, (200 - shown) // 5)),
        hands={str(seat): card_codes(hand) for seat, hand in enumerate(hands)}, kitty=card_codes(kitty),
    )
    solution = solved(Position.from_table(read_position_table(position, required=("rules",))))
    core: dict[str, Any] = {"total": solution.total, "best": sorted(solution.best), "position": position}
    return finish(KIND, core, ctx, parse, sorted(solution.best)[0])
