"""Which decisions become puzzles: every distinct play valued exactly, one clearly best.

The mover's legal plays are listed as the solver lists them (plain leads and standing throws, or
every legal follow) and merged by the solver's equivalence classes (cards that are
interchangeable for the rest of play count as one play). Each is valued by ``play_value``, which
shares one searcher per deal context (the options of a turn share its table). A decision is kept
when exactly one play reaches the best value (``tie`` otherwise) and every other play costs at
least ``MARGIN`` points, or falls on the other side of a threshold (the attackers' 80, or who
takes the kitty at the last trick) (``margin`` otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import CARDS, Card
from ...solver._moves import Play, remove
from ...solver.play_values import PLAY_VALUES
from ...solver.search import NO_KEY, Searcher
from ...solver.solution import Trick
from ...solver.solve import optimal_line, start_hands
from .decisions import Decision

MARGIN = 10
"""The best play must beat every other by at least this many points (or cross a threshold)."""
BAR = 80
"""The attackers' total that decides the round's direction: a play that crosses it matters at any margin."""
REJECTIONS = ("forced", "tie", "margin", "twin")
"""The rules a decision can fail, in the order they are tried (``twin``: a duplicate of a kept one)."""


@dataclass(frozen=True)
class Valued:
    """A play of the mover, its cards and the attackers' final total after it (perfect play on)."""

    cards: tuple[Card, ...]
    total: int


@dataclass(frozen=True)
class Verdict:
    """What the keep rules found: ``rejected`` names the rule failed, else the answer and the line."""

    decision: Decision
    plays: tuple[Valued, ...]
    """Every distinct play, best for the mover first."""
    rejected: str | None = None
    line: tuple[Trick, ...] = ()
    """The solution: the current trick from the best play on, then perfect play to the end."""
    threshold: bool = False
    """Kept by a threshold (80 or the kitty) rather than by the margin alone."""

    @property
    def best(self) -> Valued:
        return self.plays[0]

    def cost(self, valued: Valued) -> int:
        """Points ``valued`` loses for the mover's side against the best play."""
        gap = valued.total - self.best.total
        return -gap if self.decision.position.is_attacker(self.decision.mover) else gap

    @property
    def margin(self) -> int:
        return min(self.cost(other) for other in self.plays[1:])


def distinct_plays(decision: Decision) -> list[Play]:
    """The mover's legal plays as solver indices, one per class of equivalent plays."""
    position = decision.position
    searcher, lock = PLAY_VALUES.searcher(position)
    with lock:
        start = start_hands(position)
        classes = searcher.moves.equivalence_classes(start)
        mover = decision.mover
        if not decision.trick:
            plays = searcher.leads(start, position.leader, None)
        else:
            lead = _indices(decision.trick[0][1])
            plays = searcher.moves.follows(lead, start[mover])
        mapping = classes[mover].mapping
        seen: dict[tuple[int, ...], Play] = {}
        for play in plays:
            seen.setdefault(tuple(sorted(mapping[i] for i in play)), tuple(sorted(play)))
        return list(seen.values())


def judge(decision: Decision, margin: int = MARGIN) -> Verdict:
    """Value every distinct play of the decision and apply the keep rules."""
    position = decision.position
    plays = distinct_plays(decision)
    if len(plays) < 2:
        return Verdict(decision, (), "forced")
    attacker = position.is_attacker(decision.mover)
    valued = [Valued(_cards(play), PLAY_VALUES.play_value(position, decision.trick, play)) for play in plays]
    valued.sort(key=lambda v: -v.total if attacker else v.total)
    verdict = Verdict(decision, tuple(valued))
    best = valued[0]
    if valued[1].total == best.total:
        return Verdict(decision, tuple(valued), "tie")
    close = [other for other in valued[1:] if verdict.cost(other) < margin]
    if not close:
        return Verdict(decision, tuple(valued), line=solution_line(decision, best))
    line = solution_line(decision, best)
    if all(_crosses(decision, best, line, other) for other in close):
        return Verdict(decision, tuple(valued), line=line, threshold=True)
    return Verdict(decision, tuple(valued), "margin")


def _crosses(decision: Decision, best: Valued, line: tuple[Trick, ...], other: Valued) -> bool:
    """Does ``other`` land on the other side of 80, or give the kitty to the other side?"""
    if (best.total >= BAR) != (other.total >= BAR):
        return True
    if not decision.position.kitty_points:
        return False
    rival = solution_line(decision, other)
    position = decision.position
    return position.is_attacker(line[-1].winner) != position.is_attacker(rival[-1].winner)


def solution_line(decision: Decision, play: Valued) -> tuple[Trick, ...]:
    """Perfect play after the mover's ``play``: the rest of the current trick, then every trick to the end."""
    position = decision.position
    value = PLAY_VALUES.play_value(position, decision.trick, _indices(play.cards)) - position.points
    searcher, lock = PLAY_VALUES.searcher(position)
    with lock:
        start = start_hands(position)
        classes = searcher.classes(start)
        hands = list(start)
        leader = position.leader
        plays: tuple[Play, ...] = ()
        win, best = 0, NO_KEY
        chosen = [_indices(cards) for _, cards in decision.trick] + [_indices(play.cards)]
        for k in range(4):
            seat = (leader + k) % 4
            if k < len(chosen):
                done = chosen[k]
            else:
                options = searcher.follows(tuple(hands), leader, plays, classes)
                done = _keeping(searcher, tuple(hands), leader, plays, win, best, options, value, classes)
            key = searcher.key(done, plays[0] if plays else done)
            if not plays or searcher.beats(key, best, plays[0]):
                assert key is not None
                win, best = k, key
            hands[seat] = remove(hands[seat], done)
            plays = (*plays, done)
        after = tuple(hands)
        gained = searcher.trick_points(after, leader, plays, win)
        card_points = sum(CARDS[i].points for done in plays for i in done)
        winner = (leader + win) % 4
        first = Trick(
            leader=leader, plays=tuple(tuple(searcher.trump.sorted(_cards(done))) for done in plays), winner=winner,
            points=card_points, gained=gained, kitty_bonus=gained - card_points if gained and not after[0] else 0,
        )
        if not after[0]:
            return (first,)
        return (first, *optimal_line(searcher, after, winner, value - gained))


def _keeping(
    searcher: Searcher, hands: tuple[tuple[int, ...], ...], leader: int, plays: tuple[Play, ...], win: int,
    best: tuple[int, int], options: list[Play], value: int, classes: object,
) -> Play:
    """The first follow that keeps ``value`` (a null-window test each)."""
    maximising = searcher.attacker[(leader + len(plays)) % 4]
    alpha, beta = (value - 1, value) if maximising else (value, value + 1)
    for option in options:
        got = searcher.after_play(hands, leader, plays, win, best, option, alpha, beta, classes)  # type: ignore[arg-type]
        if (got >= value) if maximising else (got <= value):
            return option
    raise AssertionError("no follow keeps the solved value")


def _indices(cards: tuple[Card, ...]) -> Play:
    return tuple(sorted(card.index for card in cards))


def _cards(play: Play) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in play)
