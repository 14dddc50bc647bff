"""A round's review, the coach side of render/review.py: ``review(record, seat=0)``.

The seat's plays of a finished round, trick by trick, against the coach: each of the seat's plays is
compared with the coach's candidates under the same sampled deals (what the seat could know then); a
play that cost ``threshold`` points or more for its side is marked, with the better play, the idea
the learner missed and the figure set against the learner's own play (not the coach's runner-up).
From the first trick at which every hand holds ``solve_at`` cards or fewer, plays are
compared exactly with all hands open (the solver), and the rest of the round is set against perfect
play (``solve`` on the actual position).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card
from ..engine.errors import RuleError
from ..engine.rules import Rules
from ..game.actions import PLAY, Action
from ..game.record import parse, rebuild
from ..game.result import throw_penalty_points
from ..game.round import Round
from ..game.views import SeatView, rules_of
from ..solver.position import Position
from ..solver.solve import solve
from ..words import Message
from ._sample_playout import Budget
from ._sampling import Sample
from .exact_score import exact_total, searcher_for
from .facts import points_at_stake
from .hint import search_reason
from .search_bot import Scored, best_of, candidates, evaluate
from .tactics import tactics

Progress = Callable[[int, int], None]
"""Told (plays judged, plays to judge) as a review goes."""

REVIEW_BUDGET = Budget(samples=6, candidates=4, solve_at=4)
"""The first look at every play: few samples, enough to tell a clearly harmless play."""
CONFIRM_BUDGET = Budget(samples=20, candidates=4, solve_at=4)
"""A play that may be costly (half the threshold or more at the first look) is judged again with this."""
SOLVE_AT = 5
THRESHOLD = 8
EXACT_THRESHOLD = 5


REFUSED = ("record_mismatch", "record_broken")
"""The replay's refusals that mean the record was edited or cut (its stated tricks or results are not the play's)."""


class ReviewRefused(RuleError):
    """A record whose stated winners, points, results or tricks are not what replaying it under its rules
    gives (an edited winner, cut tricks): the review refuses it, naming the field, in both languages."""

    def __init__(self, error: RuleError) -> None:
        super().__init__("input_review_refused", {"reason": Message(error.code, error.params)})
        self.refusal = error


@dataclass(frozen=True)
class Entry:
    """One play of the reviewed seat: what it played, the coach's best play, and what it cost."""

    trick: int
    played: tuple[Card, ...]
    better: tuple[Card, ...]
    cost: float
    """Points the play cost the seat's side against ``better`` (0 when it was the best)."""
    at_stake: int
    exact: bool
    """Judged with every hand open by the solver (else by sampled play-outs)."""
    marked: bool
    reasons: tuple[Message, ...]
    """For a marked play: the idea the learner missed (``tactic_missed``), then the figure against its play."""

    @property
    def note(self) -> Message:
        code = "review_cost_exact" if self.exact else "review_cost"
        return Message(code, {
            "trick": self.trick, "cards": self.played, "coach_cards": self.better,
            "cost": round(self.cost), "points": self.at_stake,
        })


@dataclass(frozen=True)
class Perfect:
    """The end of the round against perfect play: from ``trick`` on, with all hands as they were."""

    trick: int
    position: Position
    perfect: int
    """Attackers' points from ``trick`` on with perfect play by all (the solver's total − points so far)."""
    actual: int
    """Attackers' points from ``trick`` on in the round as played."""
    attacking: bool

    @property
    def note(self) -> Message:
        code = "review_perfect_attack" if self.attacking else "review_perfect_defend"
        return Message(code, {"trick": self.trick, "perfect": self.perfect, "actual": self.actual})


@dataclass(frozen=True)
class Review:
    """The review of one seat's round: every play (``entries``) and the perfect-play ending."""

    seat: int
    total: int
    entries: tuple[Entry, ...]
    perfect: Perfect | None

    @property
    def marks(self) -> tuple[Entry, ...]:
        """The plays that cost points against the coach's choice."""
        return tuple(entry for entry in self.entries if entry.marked)

    def lines(self, lang: str = "en") -> list[str]:
        """The review as text lines: the title, each marked play with its reasons, the ending."""
        found = [Message("review_title", {"seat": self.seat, "total": self.total}).render(lang)]
        for entry in self.marks:
            found.append(entry.note.render(lang))
            found.extend(f"  - {reason.render(lang)}" for reason in entry.reasons)
        if not self.marks:
            found.append(Message("review_clean").render(lang))
        if self.perfect is not None:
            found.append(self.perfect.note.render(lang))
        return found

    def describe(self, lang: str = "en") -> str:
        return "\n".join(self.lines(lang))

    def _repr_html_(self) -> str | None:
        """The review as an HTML table, once the render layer has registered its drawer."""
        draw = _html_drawers.get("review")
        return None if draw is None else draw(self, "en")


_html_drawers: dict[str, Callable[[Review, str], str]] = {}


def register_review_html(draw: Callable[[Review, str], str]) -> None:
    """Set how a notebook draws a ``Review`` (``render.review`` calls this, so the coach never imports it)."""
    _html_drawers["review"] = draw


def review(
    record: Mapping[str, Any] | Round, seat: int = 0, budget: Budget | None = None, seed: int = 0,
    threshold: float = THRESHOLD, solve_at: int = SOLVE_AT, progress: Progress | None = None,
    confirm: Budget | None = None,
) -> Review:
    """Review ``seat``'s plays in a finished round (a record dict with ``actions``, or a Round).

    The record is replayed under its rules first; one whose tricks or results do not match is refused
    (``ReviewRefused``), so a review never praises or blames plays of a round that did not happen.
    Each play is first judged with ``budget``; one that may cost half the threshold or more is judged
    again with ``confirm`` (more samples). ``progress(done, total)`` is called after each of the
    seat's plays.
    """
    data = record.record() if isinstance(record, Round) else dict(record)
    parsed = parse(data)
    try:
        rebuild(data)  # the record must be the round its actions play: every trick, winner, point and result
    except RuleError as error:
        if error.code in REFUSED:
            raise ReviewRefused(error) from error
        raise
    if not isinstance(seat, int) or not 0 <= seat <= 3:
        raise RuleError("bad_seat", {"seat": seat})
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RuleError("record_missing", {"field": "actions"})
    rnd = _fresh_round(data, parsed.rules, parsed.trump.level)
    chosen = budget or REVIEW_BUDGET
    second = confirm or (CONFIRM_BUDGET if budget is None else budget)
    total = sum(1 for entry in actions if int(entry[0]) == seat and entry[1] == PLAY)
    entries: list[Entry] = []
    perfect_at: tuple[int, Position] | None = None
    earlier_penalty = 0
    """Penalty points of the failed throws before ``perfect_at`` (the solver's total does not hold them)."""
    for entry in actions:
        who, action = int(entry[0]), Action.from_json(entry[1:])
        if rnd.phase == "play":
            view = rnd.view(who)
            if perfect_at is None and not view.trick and len(view.hand) <= solve_at:
                perfect_at = (len(view.tricks) + 1, _position(rnd, parsed.buried, who))
                failed = [trick.leader for trick in view.tricks if trick.attempt is not None]
                earlier_penalty = throw_penalty_points(failed, parsed.dealer, parsed.rules)
            if who == seat and action.kind == PLAY:
                exact = perfect_at is not None
                judged = _judge(rnd, view, action.cards, parsed.buried, (chosen, second), seed, threshold, exact)
                entries.append(judged)
                if progress is not None:
                    progress(len(entries), total)
        rnd.act(who, action)
    result = rnd.result
    if result is None:
        raise RuleError("record_unfinished")
    perfect = None
    if perfect_at is not None:
        trick, position = perfect_at
        solution = solve(position)
        # before the floor at 0, and without the penalty points the solver's total does not hold
        reached = result.attackers_points + result.kitty_points * result.kitty_multiplier + result.penalty_points
        perfect = Perfect(
            trick, position, solution.total - position.points, reached - earlier_penalty - position.points,
            position.is_attacker(seat),
        )
    return Review(seat, result.total, tuple(entries), perfect)


def _fresh_round(data: Mapping[str, Any], rules: Rules, level: str) -> Round:
    from ..engine.cards import parse_cards

    levels = data.get("levels", [level, level])
    decks = [tuple(parse_cards(" ".join(deck))) for deck in data.get("decks", [])]
    return Round.new(
        int(data["seed"]), rules, int(data.get("round_number", 1)), int(data.get("first_dealer", data["dealer"])),
        (str(levels[0]), str(levels[1])), decks,
    )


def _position(rnd: Round, kitty: tuple[Card, ...], leader: int) -> Position:
    """The actual position at a trick boundary, every hand open."""
    view = rnd.view(leader)
    assert view.trump is not None and view.dealer is not None
    hands = tuple(rnd.view(s).hand for s in range(4))
    return Position(
        rules_of(view), view.trump.level, view.trump.suit, view.dealer, leader, hands, kitty,
        view.attackers_points,
    )


def _judge(
    rnd: Round, view: SeatView, played: tuple[Card, ...], kitty: tuple[Card, ...], budgets: tuple[Budget, Budget],
    seed: int, threshold: float, exact: bool,
) -> Entry:
    """Score the seat's actual play against the coach's candidates; a costly play names the idea it missed."""
    listed = rnd.legal_actions(view.seat)
    trick = len(view.tricks) + 1
    if exact:
        sample = Sample(tuple(rnd.view(s).hand for s in range(4)), kitty)
        searcher = searcher_for(view, sample)
        options = list(dict.fromkeys([*(action.cards for action in listed), played]))
        scored = [Scored(cards, float(exact_total(view, sample, cards, searcher)), 1, True) for cards in options]
        limit = float(EXACT_THRESHOLD)
    else:
        first, second = budgets
        options = list(dict.fromkeys([*candidates(view, listed, first.candidates), played]))
        scored = evaluate(view, options, first, seed)
        limit = threshold
        if second.samples > first.samples and _cost(view, scored, played) >= threshold / 2:
            scored = evaluate(view, options, second, seed)
    best = best_of(view, scored)
    cost = _cost(view, scored, played)
    marked = cost >= limit and best.cards != played
    reasons = tuple(missed_reasons(best.cards, played, view, scored)) if marked else ()
    better = best.cards if marked else played
    return Entry(trick, played, better, cost, points_at_stake(played, view), exact, marked, reasons)


def _cost(view: SeatView, scored: list[Scored], played: tuple[Card, ...]) -> float:
    """Points the played cards cost the seat's side against the best scored play (0 at best)."""
    sign = 1.0 if view.is_attacker else -1.0
    best = best_of(view, scored)
    mine = next(s for s in scored if s.cards == played)
    return max(0.0, sign * (best.mean - mine.mean))


def missed_reasons(
    better: tuple[Card, ...], played: tuple[Card, ...], view: SeatView, scored: list[Scored],
) -> list[Message]:
    """The first idea of the better play that the learner's play does not carry out (one, as a hint names one),
    then the figure against it."""
    own = {message.code for message in tactics(played, view)}
    ideas = [message for message in tactics(better, view) if message.code not in own]
    found = [Message("tactic_missed", {"idea": idea}) for idea in ideas[:1]]
    evidence = search_reason(better, view, scored, against=played)
    if evidence is not None:
        found.append(evidence)
    return found
