"""Property tests over many seeded rounds, both presets, random and rule bots.

At every step all 108 cards are accounted for and the seat to act has listed actions; at the end
every play is checked again with the engine's own functions (independently of the round code),
the points add up, and the record replays and rebuilds to the same round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_kit.engine.cards import Card, full_deck, parse_cards
from shengji_kit.engine.follow import check_follow
from shengji_kit.engine.scoring import kitty_multiplier, points
from shengji_kit.engine.shapes import shape
from shengji_kit.engine.throws import check_throw
from shengji_kit.engine.tricks import trick_winner
from shengji_kit.engine.trump import Trump
from shengji_kit.game import Round
from shengji_kit.game.bots import Bot, RandomBot, RuleBot
from shengji_kit.game.match import Match
from shengji_kit.game.record import rebuild, record_rules, replay

FULL = Counter(card.index for card in full_deck())
PRESETS = st.sampled_from(["super_tycoon", "classic"])


def make_bots(seed: int, kinds: Sequence[str]) -> list[Bot]:
    return [
        RuleBot(seed + seat) if kinds[seat % 2] == "rule" else RandomBot(seed + seat, throw_rate=0.2)
        for seat in range(4)
    ]


def play_checked(rnd: Round, bots: Sequence[Bot]) -> None:
    """Play to the end, checking the card count and the listed actions before every action."""
    steps = 0
    while rnd.to_act is not None:
        assert rnd.all_cards() == FULL
        seat = rnd.to_act
        actions = rnd.legal_actions(seat)
        assert actions, f"seat {seat} must act in {rnd.phase} but has no listed action"
        assert all(rnd.legal_actions(other) == [] for other in range(4) if other != seat)
        rnd.act(seat, bots[seat].choose(rnd.view(seat), actions))
        steps += 1
        assert steps < 5000
    assert rnd.all_cards() == FULL and rnd.phase == "done"


def cards_of(codes: Sequence[str]) -> list[Card]:
    return list(parse_cards(list(codes)))


def check_record_independently(record: dict[str, object]) -> None:
    """Every lead, throw, follow, trick winner and the score, with engine functions only."""
    rules = record_rules(record)
    trump = Trump(str(record["level"]), record["trump"])  # type: ignore[arg-type]
    hands = [cards_of(hand) for hand in record["hands"]]  # type: ignore[attr-defined]
    dealer = int(record["dealer"])  # type: ignore[call-overload]
    attackers_points = 0
    penalty_points = 0
    all_points = 0
    leader = dealer
    last_lead: list[Card] = []
    last_winner = dealer
    for trick in record["tricks"]:  # type: ignore[attr-defined]
        assert trick["leader"] == leader
        plays = [cards_of(play) for play in trick["plays"]]
        seats = [(leader + i) % 4 for i in range(4)]
        others = [hands[s] for s in seats[1:]]
        if trick["attempt"] is not None:
            attempt = cards_of(trick["attempt"])
            each = rules.throw_penalty_points  # the other side gains them: + for a defender's failure
            penalty_points += each if leader % 2 == dealer % 2 else -each
            result = check_throw(attempt, others, trump, rules)
            assert not result.ok and sorted(result.forced) == sorted(plays[0])
        else:
            assert len({trump.suit_of(c) for c in plays[0]}) == 1
            if shape(plays[0], trump).kind == "throw":
                assert rules.throws_allowed, "no throw is led when the rules allow none"
                assert check_throw(plays[0], others, trump, rules).ok
        for seat, play in zip(seats[1:], plays[1:], strict=True):
            assert check_follow(plays[0], hands[seat], play, trump).ok
        for seat, play in zip(seats, plays, strict=True):
            for card in play:
                hands[seat].remove(card)
        winner = seats[trick_winner(plays, trump)]
        assert trick["winner"] == winner
        won = sum(points(play) for play in plays)
        assert trick["points"] == won
        all_points += won
        if winner % 2 != dealer % 2:
            attackers_points += won
        leader, last_lead, last_winner = winner, plays[0], winner
    assert not any(hands), "every card is played"
    kitty = cards_of(record["buried"])  # type: ignore[arg-type]
    assert all_points + points(kitty) == 200
    assert record["attackers_points"] == attackers_points
    multiplier = kitty_multiplier(last_lead, trump, rules) if last_winner % 2 != dealer % 2 else 0
    assert record["kitty_multiplier"] == multiplier
    assert record.get("penalty_points", 0) == penalty_points
    assert record["total"] == max(0, attackers_points + points(kitty) * multiplier + penalty_points)


def finish_checks(rnd: Round) -> None:
    record = rnd.record()
    check_record_independently(record)
    assert replay(record).result == rnd.result
    assert rebuild(record).record() == record


# Example counts come from the hypothesis profile (root conftest.py); whole rounds take seconds.
pytestmark = pytest.mark.slow


@given(seed=st.integers(0, 2**40), rules=PRESETS)
def test_random_bot_rounds(seed: int, rules: str) -> None:
    rnd = Round.new(seed, rules, dealer=seed % 4)
    play_checked(rnd, make_bots(seed, ("random", "random")))
    finish_checks(rnd)


@given(
    seed=st.integers(0, 2**40), rules=PRESETS,
    kinds=st.sampled_from([("rule", "random"), ("random", "rule"), ("rule", "rule")]),
)
def test_rule_bot_rounds(seed: int, rules: str, kinds: tuple[str, str]) -> None:
    rnd = Round.new(seed, rules)
    play_checked(rnd, make_bots(seed, kinds))
    finish_checks(rnd)


# Each example plays a whole match (up to 12 rounds): a tenth of the profile's count costs as much.
@settings(max_examples=max(10, settings.default.max_examples // 10))
@given(seed=st.integers(0, 2**40), rules=PRESETS)
def test_matches_cover_later_rounds(seed: int, rules: str) -> None:
    """Rounds 2+ (dealer's team declares, attackers, the kitty card, kitty exchange) in matches."""
    match = Match(seed, rules, levels=("2", "K"))
    bots = make_bots(seed, ("random", "random"))
    for _ in range(12):
        if match.over:
            break
        rnd = match.new_round()
        play_checked(rnd, bots)
        finish_checks(rnd)
        before = match.levels
        result = match.finish(rnd)
        assert match.levels == result.levels_after and before == result.levels_before
    assert match.round_number == len(match.results) + 1


def test_many_random_rounds_quickly() -> None:
    """Two thousand more rounds with only the cheap end-of-round checks."""
    for seed in range(2000):
        rules = "classic" if seed % 2 else "super_tycoon"
        rnd = Round.new(10_000 + seed, rules, dealer=seed % 4)
        bots = make_bots(seed, ("random", "random"))
        while rnd.to_act is not None:
            seat = rnd.to_act
            rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
        result = rnd.result
        assert result is not None and rnd.all_cards() == FULL
        assert result.total == result.attackers_points + result.kitty_points * result.kitty_multiplier
        trick_points = sum(t.points for t in rnd.view(0).tricks)
        assert trick_points + result.kitty_points == 200
