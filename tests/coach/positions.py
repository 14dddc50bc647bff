"""Rounds driven by RuleBots to a chosen moment, and hand-made views for the coach's facts."""

from __future__ import annotations

from shengji_kit.engine.cards import Card, parse_cards
from shengji_kit.engine.trump import Trump
from shengji_kit.game import Round
from shengji_kit.game.bots.rule import RuleBot
from shengji_kit.game.trickplay import Trick
from shengji_kit.game.views import SeatView


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def round_at(seed: int, trick: int, played: int, rules: str = "super_tycoon") -> Round:
    """A RuleBot round stopped when ``trick`` tricks are done and ``played`` plays of the next are on the table."""
    rnd = Round.new(seed, rules)
    bots = [RuleBot(seed + seat) for seat in range(4)]
    while rnd.to_act is not None:
        if rnd.phase == "play" and rnd.tricks_played >= trick and len(rnd.view(0).trick) >= played:
            return rnd
        seat = rnd.to_act
        rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


def round_when_small(seed: int, size: int, rules: str = "super_tycoon") -> Round | None:
    """A RuleBot round stopped at the first trick boundary where the leader holds ``size`` cards or fewer."""
    rnd = Round.new(seed, rules)
    bots = [RuleBot(seed + seat) for seat in range(4)]
    while rnd.to_act is not None:
        seat = rnd.to_act
        if rnd.phase == "play" and not rnd.view(seat).trick and len(rnd.view(seat).hand) <= size:
            return rnd
        rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return None


def made_view(
    hand: str,
    trick: list[tuple[int, str]] = (),  # type: ignore[assignment]
    tricks: list[tuple[int, list[str], int]] = (),  # type: ignore[assignment]
    *,
    seat: int = 0,
    dealer: int = 1,
    suit: str | None = "S",
    level: str = "2",
    kitty: str | None = None,
) -> SeatView:
    """South's view of a hand-made moment: ``trick`` is (seat, cards) so far; ``tricks`` (leader, plays, winner)."""
    trump = Trump(level, suit)
    done = tuple(
        Trick(n, leader, tuple(cards(p) for p in plays), winner, sum(c.points for p in plays for c in cards(p)))
        for n, (leader, plays, winner) in enumerate(tricks, start=1)
    )
    own = cards(hand)
    current = tuple((s, cards(c)) for s, c in trick)
    sizes = [len(own)] * 4  # the others' sizes matter only for sampling, not for the facts
    to_act = seat
    return SeatView(
        seat=seat, phase="play", to_act=to_act, rules="super_tycoon", round_number=1, race=False,
        levels=(level, level), dealer=dealer, level=level, trump=trump, bids=(), hand=own,
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]), cards_dealt=100,
        kitty=None if kitty is None else cards(kitty), trick=current, attempt=None, tricks=done,
        attackers_points=0, result=None,
    )
