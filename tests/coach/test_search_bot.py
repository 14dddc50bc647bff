"""SearchBot and its sampling: samples fit what the seat has seen; the bot is legal and deterministic."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach._sampling import Knowledge, Sample
from shengji_kit.coach.exact_score import exact_total, searcher_for
from shengji_kit.coach.search_bot import SearchBot, candidates
from shengji_kit.engine.cards import codes, full_deck
from shengji_kit.game.bots import play_round
from shengji_kit.game.bots.rule import RuleBot
from shengji_kit.game.declaring import KIND_DECLARE, KIND_OVERTURN
from shengji_kit.game.round import Round
from shengji_kit.game.views import SeatView
from shengji_kit.solver import Position, solve
from tests.coach.positions import round_at, round_when_small

TINY = Budget(samples=2, candidates=3, horizon=1, solve_at=3)


def voids_seen(view: SeatView) -> dict[int, set[str]]:
    """Suits each seat failed to follow, read straight from the tricks (independently of sampling)."""
    assert view.trump is not None
    found: dict[int, set[str]] = {seat: set() for seat in range(4)}
    tricks = [(t.leader, list(t.plays)) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [c for _, c in view.trick]))
    for leader, plays in tricks:
        suit = view.trump.suit_of(plays[0][0])
        for offset, play in enumerate(plays[1:], start=1):
            if sum(view.trump.suit_of(card) == suit for card in play) < len(plays[0]):
                found[(leader + offset) % 4].add(suit)
    return found


def played_cards(view: SeatView) -> Counter[int]:
    seen: Counter[int] = Counter()
    for trick in view.tricks:
        for play in trick.plays:
            seen.update(card.index for card in play)
    for _, play in view.trick:
        seen.update(card.index for card in play)
    return seen


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    trick=st.integers(0, 16),
    played=st.integers(0, 3),
    seat=st.integers(0, 3),
    draw=st.integers(0, 1000),
)
def test_samples_fit_everything_the_seat_has_seen(seed: int, trick: int, played: int, seat: int, draw: int) -> None:
    rnd = round_at(seed, trick, played)
    if rnd.phase != "play":
        return
    view = rnd.view(seat)
    sample = Knowledge.of(view).sample(random.Random(draw))
    assert view.trump is not None
    # all 108 cards accounted for, none in two places
    everywhere = played_cards(view)
    for hand in sample.hands:
        everywhere.update(card.index for card in hand)
    everywhere.update(card.index for card in sample.kitty)
    assert everywhere == Counter(card.index for card in full_deck())
    # counts right, own hand and (if buried by the seat) the kitty as they are
    assert tuple(len(hand) for hand in sample.hands) == view.hand_sizes
    assert len(sample.kitty) == 8
    assert sample.hands[seat] == view.hand
    if view.kitty is not None:
        assert sample.kitty == view.kitty
    # voids respected
    for other, suits in voids_seen(view).items():
        if other != seat:
            assert not any(view.trump.suit_of(card) in suits for card in sample.hands[other])
    # a declaration shown by a seat that cannot have buried it is still in its hand unless played
    for bid in view.bids:
        if bid.seat is None or bid.seat in (seat, view.dealer) or bid.kind not in (KIND_DECLARE, KIND_OVERTURN):
            continue
        if bid.kind == KIND_OVERTURN and not view.race:
            continue
        shown = Counter(card.index for card in bid.cards)
        gone: Counter[int] = Counter()
        for t in view.tricks:
            gone.update(card.index for card in t.play_of(bid.seat))
        for s, play in view.trick:
            if s == bid.seat:
                gone.update(card.index for card in play)
        held = Counter(card.index for card in sample.hands[bid.seat])
        for index, count in (shown - gone).items():
            assert held[index] >= count


def test_the_real_deal_fits_the_knowledge() -> None:
    """The facts sampling insists on are true of the actual hands (no void the seat did not show)."""
    for seed in range(6):
        rnd = round_at(seed, 8, 2)
        for seat in range(4):
            knowledge = Knowledge.of(rnd.view(seat))
            for other in range(4):
                if other == seat:
                    continue
                hand = rnd.view(other).hand
                assert not any(knowledge.trump.suit_of(card) in knowledge.voids[other] for card in hand)
                assert len(hand) == knowledge.sizes[other]


def test_search_bot_is_deterministic_and_legal() -> None:
    rnd = round_at(4, 3, 1)
    seat = rnd.to_act
    assert seat is not None
    first = SearchBot(9, TINY).choose(rnd.view(seat), rnd.legal_actions(seat))
    again = SearchBot(9, TINY).choose(rnd.view(seat), rnd.legal_actions(seat))
    assert first == again
    assert rnd.check(seat, first).ok


def test_search_bot_plays_a_whole_round() -> None:
    rnd = Round.new(12, "classic")
    play_round(rnd, [SearchBot(1, TINY), RuleBot(2), SearchBot(3, TINY), RuleBot(4)])
    assert rnd.result is not None


def test_candidates_start_with_rulebots_choice() -> None:
    rnd = round_at(2, 5, 2)
    seat = rnd.to_act
    assert seat is not None
    view, actions = rnd.view(seat), rnd.legal_actions(seat)
    plays = candidates(view, actions, 4)
    assert plays[0] == RuleBot(0).choose(view, actions).cards
    assert len(set(plays)) == len(plays)


def test_exact_scores_agree_with_the_solver() -> None:
    """In a real endgame with every hand open, each of solve()'s best leads scores solve()'s total exactly,
    and no lead scores better for the leader's side."""
    for seed in range(3):
        rnd = round_when_small(seed, 4)
        assert rnd is not None and rnd.to_act is not None
        view = rnd.view(rnd.to_act)
        assert view.trump is not None and view.dealer is not None
        kitty = tuple(rnd._auction.kitty)  # the test peeks at the real kitty to open every hand
        hands = tuple(rnd.view(s).hand for s in range(4))
        position = Position(view.rules, view.trump.level, view.trump.suit, view.dealer, view.seat, hands,
                            kitty, view.attackers_points)
        solution = solve(position)
        sample = Sample(hands, kitty)
        searcher = searcher_for(view, sample)
        values = {codes(a.cards): exact_total(view, sample, a.cards, searcher) for a in rnd.legal_actions(view.seat)}
        sign = 1 if view.is_attacker else -1
        assert all(sign * value <= sign * solution.total for value in values.values())
        listed_best = [lead for lead in solution.best if lead in values]
        assert listed_best
        assert all(values[lead] == solution.total for lead in listed_best)


def test_simulate_knows_the_search_bot() -> None:
    from shengji_kit.apps.simulate import make_bot, team_bots

    assert team_bots("search,rule") == ("search", "rule")
    assert isinstance(make_bot("search", 3), SearchBot)
