"""Hints agree with themselves: over hinted decisions of seeded bot rounds, each names one idea that holds.

Issue 38 item 2: a hint had said "Cash a winner" and "Lead low" of the same ♦A, "lead low" of a
follow, or only the figure. Here every hint names exactly one idea, then one piece of evidence;
no two mutually exclusive ideas are ever detected together; and the named idea's claim is checked
again, independently of its detector, from the facts of the position (lead or follow, who is
winning, high or low in the suit, points).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations, count

import pytest

from shengji_kit.coach import hint
from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach.facts import (
    is_sure_winner,
    is_top_in_suit,
    kept_trump_pair,
    partner_sure_winner,
    shown_void,
    wins_now,
)
from shengji_kit.coach.hint import Hint
from shengji_kit.coach.tactics import is_tactic, tactics
from shengji_kit.engine.cards import RANKS, Card
from shengji_kit.engine.follow import legal_plays
from shengji_kit.engine.scoring import points
from shengji_kit.engine.trump import TRUMP
from shengji_kit.game import Round
from shengji_kit.game.bots.rule import RuleBot
from shengji_kit.game.round import FOLLOW_LIMIT
from shengji_kit.game.views import SeatView

TINY = Budget(samples=2, candidates=3, horizon=1, solve_at=3)
EVIDENCE = {"tactic_support_attack", "tactic_support_defend", "tactic_support_close", "tactic_only_play"}
QUICK, FULL = 150, 500
EVERY = 3
"""One decision in this many of each round is hinted (the rest the bots play on)."""

# --- which ideas exclude each other ---------------------------------------------------------------

WINNING = {
    "tactic_cash", "tactic_cash_top", "tactic_count", "tactic_sure_win", "tactic_throw", "tactic_win_kitty",
    "tactic_ruff", "tactic_over_ruff", "tactic_take_lead", "tactic_take_points", "tactic_overtake",
}
NOT_WINNING = {
    "tactic_lead_low", "tactic_force_out", "tactic_feed", "tactic_feed_hopeful", "tactic_duck",
    "tactic_no_overtake", "tactic_partner_ahead", "tactic_play_low", "tactic_least_points", "tactic_concede",
}
LEAD = {
    "tactic_cash", "tactic_cash_top", "tactic_draw_trumps", "tactic_lead_pair", "tactic_lead_tractor",
    "tactic_throw", "tactic_long_suit", "tactic_avoid_void", "tactic_partner_void", "tactic_partner_strength",
    "tactic_lead_low", "tactic_force_out",
}
FOLLOW = {
    "tactic_feed", "tactic_feed_hopeful", "tactic_duck", "tactic_no_overtake", "tactic_partner_ahead",
    "tactic_overtake", "tactic_ruff", "tactic_over_ruff", "tactic_sure_win", "tactic_take_points",
    "tactic_take_lead", "tactic_play_low", "tactic_least_points", "tactic_concede",
}
WITH_POINTS = {"tactic_feed", "tactic_feed_hopeful", "tactic_least_points", "tactic_concede"}
NO_POINTS = {"tactic_lead_low", "tactic_duck", "tactic_partner_ahead", "tactic_play_low"}
PARTNER_WINS = {
    "tactic_feed", "tactic_feed_hopeful", "tactic_duck", "tactic_no_overtake", "tactic_partner_ahead",
    "tactic_overtake",
}
OPPONENT_WINS = {
    "tactic_over_ruff", "tactic_take_points", "tactic_take_lead", "tactic_play_low", "tactic_least_points",
    "tactic_concede",
}
TRUMP_LEAD = {"tactic_draw_trumps"}
PLAIN_LEAD = {
    "tactic_cash_top", "tactic_lead_low", "tactic_long_suit", "tactic_partner_void", "tactic_partner_strength",
}
ONE_OF = [
    ("tactic_cash", "tactic_cash_top"),  # beaten by nothing, or only by a ruff
    ("tactic_feed", "tactic_feed_hopeful"),  # the partner's trick is safe, or not yet
    ("tactic_least_points", "tactic_concede"),  # the fewest points the seat could give, or more
    ("tactic_lead_pair", "tactic_lead_tractor"),
]
EXCLUSIVE: frozenset[frozenset[str]] = frozenset(
    {frozenset((a, b)) for one, other in [
        (WINNING, NOT_WINNING), (LEAD, FOLLOW), (WITH_POINTS, NO_POINTS), (PARTNER_WINS, OPPONENT_WINS),
        (TRUMP_LEAD, PLAIN_LEAD),
    ] for a in one for b in other}
    | {frozenset(pair) for pair in ONE_OF}
)
"""Pairs of ideas that cannot both be true of one play: the proof that no hint contradicts itself."""

# --- what each idea claims, checked from the position ------------------------------------------

Claim = Callable[[tuple[Card, ...], SeatView], bool]


def _trump(view: SeatView, card: Card) -> bool:
    assert view.trump is not None
    return view.trump.is_trump(card)


def _plain_single_lead(play: tuple[Card, ...], view: SeatView) -> bool:
    return not view.trick and len(play) == 1 and not _trump(view, play[0])


def _partner_winning(view: SeatView) -> bool:
    return bool(view.trick) and view.winning == view.partner


def _opponent_winning(view: SeatView) -> bool:
    return bool(view.trick) and view.winning is not None and view.winning % 2 != view.seat % 2


def _fewest_points(play: tuple[Card, ...], view: SeatView) -> bool:
    assert view.trump is not None and view.lead is not None
    options = legal_plays(view.lead, view.hand, view.trump, limit=FOLLOW_LIMIT)
    return points(play) == min(points(tuple(option)) for option in options)


def _pairs(play: tuple[Card, ...]) -> bool:
    return len(play) % 2 == 0 and all(n == 2 for n in Counter(c.index for c in play).values())


def _held_in_suit(play: tuple[Card, ...], view: SeatView) -> int:
    assert view.trump is not None
    return sum(1 for card in view.hand if view.trump.suit_of(card) == view.trump.suit_of(play[0]))


CLAIMS: dict[str, Claim] = {
    "tactic_cash": lambda p, v: not v.trick and is_sure_winner(p, v),
    "tactic_cash_top": lambda p, v: not v.trick and not _trump(v, p[0]) and is_top_in_suit(p, v),
    "tactic_count": lambda p, v: len(p) == 1 and (is_sure_winner(p, v) or is_top_in_suit(p, v)),
    "tactic_draw_trumps": lambda p, v: not v.trick and all(_trump(v, c) for c in p),
    "tactic_lead_pair": lambda p, v: not v.trick and len(p) == 2 and _pairs(p),
    "tactic_lead_tractor": lambda p, v: not v.trick and len(p) >= 4 and _pairs(p),
    "tactic_throw": lambda p, v: not v.trick and len(p) >= 2,
    "tactic_long_suit": lambda p, v: _plain_single_lead(p, v) and _held_in_suit(p, v) >= 4,
    "tactic_avoid_void": lambda p, v: not v.trick,
    "tactic_partner_void": lambda p, v: not v.trick and not _trump(v, p[0]) and shown_void(
        v.partner, v.trump.suit_of(p[0]), v  # type: ignore[union-attr]
    ),
    "tactic_partner_strength": lambda p, v: not v.trick and not _trump(v, p[0]),
    "tactic_lead_low": lambda p, v: _plain_single_lead(p, v) and p[0].index % 13 < RANKS.index("10")
    and not points(p) and not is_top_in_suit(p, v),
    "tactic_force_out": lambda p, v: not v.trick and not is_sure_winner(p, v) and not is_top_in_suit(p, v),
    "tactic_feed": lambda p, v: _partner_winning(v) and not wins_now(p, v) and points(p) > 0
    and partner_sure_winner(v),
    "tactic_feed_hopeful": lambda p, v: _partner_winning(v) and not wins_now(p, v) and points(p) > 0
    and not partner_sure_winner(v),
    "tactic_duck": lambda p, v: _partner_winning(v) and not wins_now(p, v) and not points(p)
    and partner_sure_winner(v),
    "tactic_no_overtake": lambda p, v: _partner_winning(v) and not wins_now(p, v),
    "tactic_partner_ahead": lambda p, v: _partner_winning(v) and not wins_now(p, v) and not points(p),
    "tactic_overtake": lambda p, v: _partner_winning(v) and wins_now(p, v),
    "tactic_ruff": lambda p, v: bool(v.trick) and v.trump.suit_of(v.lead[0]) != TRUMP  # type: ignore[union-attr,index]
    and all(_trump(v, c) for c in p) and wins_now(p, v),
    "tactic_over_ruff": lambda p, v: _opponent_winning(v) and wins_now(p, v) and all(_trump(v, c) for c in p),
    "tactic_sure_win": lambda p, v: bool(v.trick) and is_sure_winner(p, v),
    "tactic_take_points": lambda p, v: _opponent_winning(v) and wins_now(p, v) and v.trick_points + points(p) >= 10,
    "tactic_take_lead": lambda p, v: _opponent_winning(v) and wins_now(p, v),
    "tactic_play_low": lambda p, v: _opponent_winning(v) and not wins_now(p, v) and not points(p),
    "tactic_least_points": lambda p, v: _opponent_winning(v) and not wins_now(p, v) and points(p) > 0
    and _fewest_points(p, v),
    "tactic_concede": lambda p, v: _opponent_winning(v) and not wins_now(p, v) and points(p) > 0
    and not _fewest_points(p, v),
    "tactic_win_kitty": lambda p, v: bool(v.is_attacker) and len(v.hand) == len(p) and wins_now(p, v)
    and len(v.lead or p) >= 2,
    "tactic_keep_pair_attack": lambda p, v: bool(v.is_attacker) and kept_trump_pair(p, v) is not None,
    "tactic_guard_kitty": lambda p, v: v.is_attacker is False and kept_trump_pair(p, v) is not None,
}


def test_every_idea_has_a_claim_and_a_side() -> None:
    from shengji_kit.coach.tactics import LESSONS

    assert set(CLAIMS) == set(LESSONS)
    assert set(LESSONS) >= WINNING | NOT_WINNING | LEAD | FOLLOW
    assert not WINNING & NOT_WINNING and not LEAD & FOLLOW and not WITH_POINTS & NO_POINTS


# --- the hinted decisions -----------------------------------------------------------------------


def decisions() -> Iterator[tuple[SeatView, Hint]]:
    """Every ``EVERY``-th decision of the play in seeded RuleBot rounds (both rule sets), with its hint."""
    for seed in count(1):
        rnd = Round.new(seed, ("super_tycoon", "classic")[seed % 2])
        bots = [RuleBot(seed * 4 + seat) for seat in range(4)]
        step = 0
        while rnd.to_act is not None:
            seat = rnd.to_act
            if rnd.phase == "play":
                step += 1
                if step % EVERY == seed % EVERY:
                    yield rnd.view(seat), hint(rnd, seat, budget=TINY, seed=seed)
            rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))


_SEEN: list[tuple[SeatView, Hint]] = []
_MORE = decisions()


def hinted(n: int) -> list[tuple[SeatView, Hint]]:
    """The first ``n`` hinted decisions (shared between the quick and the full test)."""
    while len(_SEEN) < n:
        _SEEN.append(next(_MORE))
    return _SEEN[:n]


def check(view: SeatView, advice: Hint) -> str | None:
    """What is wrong with one hint (None when it agrees with itself and with the position)."""
    play = advice.play
    ideas = [reason for reason in advice.reasons if is_tactic(reason)]
    if len(ideas) != 1:
        return f"{len(ideas)} ideas: {[r.code for r in advice.reasons]}"
    if advice.reasons[0] != ideas[0] or [r.code in EVIDENCE for r in advice.reasons[1:]] != [True]:
        return f"not one idea then one piece of evidence: {[r.code for r in advice.reasons]}"
    named = ideas[0].code
    if not CLAIMS[named](play, view):
        return f"{named} does not hold for {play}"
    detected = [message.code for message in tactics(play, view)]
    clash = [pair for pair in combinations(detected, 2) if frozenset(pair) in EXCLUSIVE]
    if clash:
        return f"exclusive ideas together: {clash}"
    for lang in ("en", "zh"):
        if any(reason.render(lang).startswith("tactic_") for reason in advice.reasons):
            return f"a reason without a {lang} text"
    return None


def run(n: int) -> None:
    seen = hinted(n)
    assert len(seen) == n
    wrong = [(str(advice), problem) for view, advice in seen if (problem := check(view, advice)) is not None]
    assert not wrong, wrong[:5]
    named = Counter(advice.reasons[0].code for _, advice in seen)
    assert len(named) >= 12, named  # the decisions reach leads and follows of many kinds


def test_hints_name_one_idea_that_holds() -> None:
    run(QUICK)


@pytest.mark.exhaustive
def test_hints_name_one_idea_that_holds_over_500_decisions() -> None:
    run(FULL)
