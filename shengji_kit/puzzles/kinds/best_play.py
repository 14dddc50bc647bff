"""Play the best card(s): the learner answers by playing from the mover's hand, as at the table.

The position is a small endgame (every hand shown, at most six cards a hand), either at a trick
boundary (the seat to play leads) or with a trick in progress (the seat to play follows). No list
of plays is shown: the learner picks cards from the hand and plays them, and ANY legal play is
graded by the exact search (the attackers' final total when that play is made and both sides then
play perfectly). A play that ties the best is right; a costly one is told what it costs against
the best. The item's ``option`` entries are the tempting plays the author foresaw: each states
what it costs (``cost``, in points) and why (``why``, its own text, with ``{cost}`` filled in),
which the feedback quotes when the learner makes that play; ``verify`` refuses an item whose
stated cost is not the solver's, or whose tempting play costs nothing (the margin is not clear).
An illegal play (not held, not a legal follow, not a lead) is refused with the engine's reason and
costs no try.

An item may instead hide some hands (``sample``: the cards still out, shared among the seats left
out of ``hands``): each option is then valued by the solver on every consistent deal when they are
few (the ``cost`` is the exact mean gap, to its stated precision), else on a fixed seeded sample
whose 95% interval must meet the stated ``cost`` under any seed (``_sampled_play``).
"""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import ClassVar

from ...engine.cards import Card, codes
from ...engine.errors import RuleError
from ...engine.follow import check_follow
from ...engine.shapes import THROW, shape
from ...engine.throws import check_throw
from ...game.position_table import PositionTable
from ...solver._moves import Play
from ...solver.play_values import play_value as shared_play_value
from ...solver.position import Position
from ...solver.search import INFINITY, NO_KEY
from ...solver.solve import searcher_for, solve, start_hands
from ...words import Message
from ..answers import answer_cards, cards_text, missing_from
from ..fields import Raw, read_cards, read_int, read_text, require
from ..model import AnswerError, Grade, Mismatch, Question
from ..problems import FieldError
from ..text import Text
from ._sampled_play import NO_DEALS, DealSet, Estimate, Sampling, cost_problem, read_sampling, sampled_positions

KIND = "best_play"
FIELDS = ("answer", "option", "sample")
MAX_HAND = 6
MIN_OPTIONS, MAX_OPTIONS = 2, 4
TrickPlays = tuple[tuple[int, tuple[Card, ...]], ...]


def start_position(table: PositionTable) -> Position:
    """The position at the start of the current trick: each hand with its cards played to the trick put back."""
    table.need("dealer", "leader", "hands")
    assert table.dealer is not None and table.leader is not None
    played = {seat: cards for seat, cards in table.trick}
    hands = tuple(tuple(table.hand(seat)) + played.get(seat, ()) for seat in range(4))
    return Position(
        table.rules, table.trump.level, table.trump.suit, table.dealer, table.leader, hands,
        table.kitty or (), table.points or 0,
    )


def _indices(cards: tuple[Card, ...]) -> Play:
    return tuple(sorted(card.index for card in cards))


@cache
def play_value(position: Position, trick: TrickPlays, play: Play) -> int:
    """The attackers' final total when the next seat plays ``play`` after ``trick`` and all play perfectly
    (the solver's shared searchers, ``solver.play_values``)."""
    return shared_play_value(position, trick, play)


@cache
def best_value(position: Position, trick: TrickPlays) -> int:
    """The attackers' total under perfect play from here (the mover's best over every legal play)."""
    if not trick:
        return solve(position).total
    searcher = searcher_for(position)
    start = start_hands(position)
    classes = searcher.classes(start)
    plays = tuple(_indices(cards) for _seat, cards in trick)
    mover = (position.leader + len(trick)) % 4
    values = [play_value(position, trick, play) for play in searcher.follows(start, position.leader, plays, classes)]
    return max(values) if position.is_attacker(mover) else min(values)


def lead_values(deals: Sequence[Position]) -> list[dict[Play, int]]:
    """The attackers' final total after each lead of the mover (plain leads and standing throws) on each of
    ``deals``, all valued by one searcher: the deals differ only in the hidden hands (the same trump, rules,
    teams and kitty), so once a trick or two is played many of them meet the same positions and share its
    table (about four times faster than a searcher a deal)."""
    if not deals:
        return []
    searcher = searcher_for(deals[0])
    same = (deals[0].trump_context, deals[0].rules, deals[0].attackers, deals[0].kitty_points)
    found: list[dict[Play, int]] = []
    collecting = gc.isenabled()
    gc.disable()  # as ``solve`` does: millions of short-lived tuples and no cycles
    try:
        for deal in deals:
            assert (deal.trump_context, deal.rules, deal.attackers, deal.kitty_points) == same
            hands = start_hands(deal)
            classes = searcher.classes(hands)
            found.append({tuple(sorted(lead)): deal.points + searcher.after_play(
                hands, deal.leader, (), 0, NO_KEY, lead, -INFINITY, INFINITY, classes)
                for lead in dict.fromkeys(searcher.leads(hands, deal.leader, None))})
    finally:
        if collecting:
            gc.enable()
    return found


@dataclass(frozen=True)
class Option:
    """One offered play; a wrong one states its ``cost`` (points) and ``why`` (``{cost}`` is filled in)."""

    cards: tuple[Card, ...]
    cost: float = 0
    why: Text | None = None


@dataclass(frozen=True)
class BestPlay(Question):
    """``options`` are plays of the seat to move; ``answer`` the one the solver proves best."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "play"
    table: PositionTable
    position: Position
    trick: TrickPlays
    options: tuple[Option, ...]
    answer: tuple[Card, ...]
    sampling: Sampling | None = None
    samples: DealSet = NO_DEALS
    """The deals consistent with what the learner sees (sampled items only): all of them, or a seeded sample."""

    def reseeded(self, seed: int) -> BestPlay:
        """The same item valued on a fresh sample drawn with ``seed`` (an item solved on every deal is unchanged)."""
        if self.sampling is None or self.sampling.exact:
            return self
        return replace(self, samples=sampled_positions(self.table, self.sampling, seed))

    @property
    def mover(self) -> int:
        return (self.position.leader + len(self.trick)) % 4

    def key(self, cards: tuple[Card, ...]) -> str:
        """A play written in one order (``trump.sorted``), so equal plays compare equal."""
        return codes(self.table.trump.sorted(cards))

    def prompt(self, lang: str = "en") -> str:
        side = "attackers" if self.position.is_attacker(self.mover) else "defenders"
        verb = "follow" if self.trick else "lead"
        params: dict[str, object] = {"seat": self.mover, "before": self.position.points}
        if self.sampling is not None:
            hidden = self.sampling.seats
            params.update(pool=self.sampling.pool, size=len(self.sampling.pool) // len(hidden))
            return Message(f"lead_bp_prompt_sampled_{side}", params).render(lang)
        return Message(f"lead_bp_prompt_{verb}_{side}", params).render(lang)

    def shown_cards(self, option: Option) -> tuple[Card, ...]:
        """The cards that end up led or played: a failed throw leads its forced part."""
        return self.failed_throw(option.cards) or option.cards

    def failed_throw(self, cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
        """The forced part when ``cards`` is a lead that is a throw the others can beat, else None."""
        if self.trick or self.samples:
            return None
        if shape(list(cards), self.table.trump).kind != THROW:
            return None
        others = [self.position.hands[(self.mover + k) % 4] for k in (1, 2, 3)]
        result = check_throw(list(cards), others, self.table.trump, self.table.rules)
        return None if result.ok else tuple(result.forced)

    def value(self, option: Option) -> int:
        """The attackers' final total after this option, by the exact solver."""
        return play_value(self.position, self.trick, _indices(self.shown_cards(option)))

    def hand(self) -> tuple[Card, ...]:
        """The mover's cards now: what the learner plays from."""
        return tuple(self.table.hand(self.mover))

    def best(self) -> int:
        return best_value(self.position, self.trick)

    def cost(self, option: Option) -> int:
        """Points the option loses for the mover's side against the best play."""
        gap = self.value(option) - self.best()
        return -gap if self.position.is_attacker(self.mover) else gap

    def _answer_option(self) -> Option:
        return next(option for option in self.options if self.key(option.cards) == self.key(self.answer))

    def estimate(self, option: Option) -> Estimate:
        """Sampled items: how many points the answer gains over ``option`` for the mover's side, per deal."""
        sign = 1 if self.position.is_attacker(self.mover) else -1
        right, other = _indices(self.answer), _indices(option.cards)
        table = self.samples.lead_values(lead_values)  # every lead on every deal, solved once for the item
        if right in table and other in table:
            gaps = [sign * (mine - theirs) for mine, theirs in zip(table[right], table[other], strict=True)]
            return Estimate.of(gaps, list(self.samples.weights), self.samples.exact)
        return self.samples.estimate(lambda deal: sign * (play_value(deal, (), right) - play_value(deal, (), other)))

    def warm(self) -> None:
        """Sampled items: start valuing every lead on every deal in the background (grading then looks up).
        Where no thread can start (Pyodide in the static site) the first grade does the work instead."""
        if self.samples and sys.platform != "emscripten":
            with contextlib.suppress(RuntimeError):  # "can't start new thread"
                self.samples.warm(lead_values)

    @property
    def _over(self) -> str:
        """How the sampled messages name the deals: ``all`` of them, or a ``sampled`` few."""
        return "all" if self.samples.exact else "sampled"

    def _play(self, answer: object) -> tuple[Card, ...]:
        """The learner's play, checked as the table checks it (``AnswerError`` with the engine's reason:
        an illegal play is not a wrong answer, it costs no try)."""
        cards = tuple(answer_cards(answer))
        if not cards:
            raise AnswerError(Message("empty_play"))
        hand = self.hand()
        missing = missing_from(hand, cards)
        if missing:
            raise AnswerError(Message("not_in_hand", {"cards": tuple(missing)}))
        if self.trick:
            verdict = check_follow(self.trick[0][1], hand, cards, self.table.trump)
            if not verdict.ok:
                raise AnswerError(Message(verdict.code or "wrong_count", dict(verdict.params)))
            return cards
        try:
            kind = shape(list(cards), self.table.trump).kind
        except RuleError as error:
            raise AnswerError(Message(error.code, error.params)) from error
        if kind == THROW and self.samples:
            raise AnswerError(Message("lead_bp_no_sampled_throw"))
        return cards

    def _listed(self, cards: tuple[Card, ...]) -> Option:
        """The item's own entry for this play (its stated cost and why), or a bare one for a play it did not list."""
        chosen = self.key(cards)
        return next((option for option in self.options if self.key(option.cards) == chosen), Option(cards))

    def _reveal(self) -> tuple[Message, ...]:
        if self.samples:
            return (Message(f"lead_bp_best_{self._over}", {"cards": self.answer, "deals": len(self.samples)}),)
        return (Message("lead_bp_best", {"cards": self.answer, "total": self.best()}),)

    def _grade_sampled(self, option: Option) -> Grade:
        deals = len(self.samples)
        found = None if option is self._answer_option() else self.estimate(option)
        if found is None or found.mean <= 0:
            return Grade(True, (Message(f"lead_bp_right_{self._over}", {"cards": option.cards, "deals": deals}),),
                         self._reveal())
        cost = found.text()
        why = option.why or Text("", "")
        lines = (Message(f"lead_bp_wrong_{self._over}", {
            "cards": option.cards, "best": self.answer, "deals": deals, "cost": cost,
            "low": f"{found.low:.1f}", "high": f"{found.high:.1f}",
            "why": Text(why.en.replace("{cost}", cost), why.zh.replace("{cost}", cost)),
        }),)
        return Grade(False, lines, self._reveal())

    def grade(self, answer: object) -> Grade:
        option = self._listed(self._play(answer))
        if self.samples:
            return self._grade_sampled(option)
        cost = self.cost(option)
        lines: list[Message] = []
        forced = self.failed_throw(option.cards)
        if forced is not None:
            lines.append(Message("lead_bp_throw_fails", {"cards": option.cards, "forced": forced}))
        if cost <= 0:
            lines.append(Message("lead_bp_right", {"cards": option.cards, "total": self.value(option)}))
            if self.key(option.cards) != self.key(self.answer):
                lines.append(Message("lead_bp_ties", {"cards": option.cards, "answer": self.answer}))
            return Grade(True, tuple(lines), self._reveal())
        if option.why is None:  # a play the item did not foresee: its cost against the best, computed now
            lines.append(Message("lead_bp_wrong_unlisted", {
                "cards": option.cards, "cost": cost, "total": self.value(option), "best": self.answer,
            }))
            return Grade(False, tuple(lines), self._reveal())
        why = option.why.en.replace("{cost}", str(cost))
        why_zh = option.why.zh.replace("{cost}", str(cost))
        lines.append(Message("lead_bp_wrong", {
            "cards": option.cards, "cost": cost, "total": self.value(option), "why": Text(why, why_zh),
        }))
        return Grade(False, tuple(lines), self._reveal())

    def expected(self, lang: str = "en") -> str:
        return self._reveal()[0].render(lang)

    def _verify_sampled(self) -> list[Mismatch]:
        mismatches: list[Mismatch] = []
        for i, option in enumerate(self.options):
            if option is self._answer_option():
                continue
            found = self.estimate(option)
            problem = cost_problem(option.cost, found, len(self.samples))
            if problem is not None:
                what, message = problem
                mismatches.append(Mismatch(f"option.{i}.cost" if what == "cost" else f"option.{i}", message))
        return mismatches

    def verify(self) -> list[Mismatch]:
        if self.samples:
            return self._verify_sampled()
        mismatches: list[Mismatch] = []
        best = self.best()
        answer = next(option for option in self.options if self.key(option.cards) == self.key(self.answer))
        if self.value(answer) != best:
            mismatches.append(Mismatch("answer", f"{self.key(self.answer)} gives {self.value(answer)}, "
                                                 f"but the solver's best play gives {best}"))
        for i, option in enumerate(self.options):
            if option is answer:
                continue
            cost = self.cost(option)
            if cost <= 0:
                said = self.key(option.cards)
                mismatches.append(Mismatch(f"option.{i}", f"{said} costs nothing: the margin is not clear"))
            elif cost != option.cost:
                mismatches.append(Mismatch(f"option.{i}.cost", f"states {option.cost}, but the solver gives {cost}"))
        return mismatches


def _legal(table: PositionTable, position: Position, trick: TrickPlays, cards: tuple[Card, ...], field: str) -> None:
    mover = (position.leader + len(trick)) % 4
    hand = position.hands[mover] if not trick else table.hand(mover)
    if any(hand.count(card) < cards.count(card) for card in cards):
        raise FieldError(field, f"seat {mover} does not hold {cards_text(cards)}")
    try:
        if trick:
            verdict = check_follow(trick[0][1], hand, cards, table.trump)
            if not verdict.ok:
                raise FieldError(field, f"{cards_text(cards)} is not a legal follow ({verdict.code})")
        else:
            shape(list(cards), table.trump)
    except RuleError as error:
        raise FieldError(field, f"{cards_text(cards)} cannot be led ({error.code})") from error


def _read_cost(value: object, field: str) -> float:
    """A stated cost: whole points for exact items, a mean such as 7.5 for sampled ones."""
    if isinstance(value, float) and 0 < value <= 1000:
        return value
    return read_int(value, field, 1, 1000)


def _read_option(raw: object, i: int) -> tuple[tuple[Card, ...], float | None, Text | None]:
    if not isinstance(raw, Mapping):
        raise FieldError(f"option.{i}", "must be a table with play (and cost, why for a wrong play)")
    unknown = set(raw) - {"play", "cost", "why"}
    if unknown:
        raise FieldError(f"option.{i}", f"unknown field {sorted(unknown)[0]!r}")
    cards = read_cards(require(raw, "play"), f"option.{i}.play")
    cost = _read_cost(raw["cost"], f"option.{i}.cost") if "cost" in raw else None
    why = read_text(raw["why"], f"option.{i}.why") if "why" in raw else None
    return cards, cost, why


def parse(raw: Raw, table: PositionTable) -> BestPlay:
    """Read a best-play item: a small endgame (maybe mid-trick), 2–4 options, the answer."""
    sampling = read_sampling(raw, table) if "sample" in raw else None
    samples = sampled_positions(table, sampling) if sampling is not None else NO_DEALS
    position = samples[0] if samples else start_position(table)
    if len(position.hands[0]) > MAX_HAND:
        raise FieldError("position.hands", f"best-play items hold at most {MAX_HAND} cards a hand (fast checking)")
    trick: TrickPlays = tuple((seat, tuple(cards)) for seat, cards in table.trick)
    if len(trick) > 3:
        raise FieldError("position.trick", "all four seats have played; nobody is left to play")
    options_raw = require(raw, "option")
    if not isinstance(options_raw, list) or not MIN_OPTIONS <= len(options_raw) <= MAX_OPTIONS:
        raise FieldError("option", f"must list {MIN_OPTIONS} to {MAX_OPTIONS} offered plays ([[puzzle.option]])")
    answer = read_cards(require(raw, "answer"), "answer")
    sort = table.trump.sorted
    options: list[Option] = []
    for i, item in enumerate(options_raw):
        cards, cost, why = _read_option(item, i)
        _legal(table, position, trick, cards, f"option.{i}.play")
        if samples and shape(list(cards), table.trump).kind == THROW:
            raise FieldError(f"option.{i}.play", "a sampled item offers no throws (they stand or fail by the deal)")
        right = codes(sort(cards)) == codes(sort(answer))
        if not right and (cost is None or why is None):
            raise FieldError(f"option.{i}", "a wrong play states its cost and why")
        options.append(Option(cards, cost or 0, why))
    if not any(codes(sort(o.cards)) == codes(sort(answer)) for o in options):
        raise FieldError("answer", f"{cards_text(answer)} is not one of the offered plays")
    return BestPlay(table, position, trick, tuple(options), answer, sampling, samples)


from ._best_play_ideas import block_ideas, generate  # noqa: E402, F401  (the generator: constructed positions, lesson ideas)
