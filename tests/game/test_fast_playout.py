"""``Playout``: from a seat's view plus the hidden cards it runs the same tricks as a ``Round``."""

from __future__ import annotations

import random

import pytest

from shengji_kit.engine.cards import CARDS
from shengji_kit.engine.follow import check_follow
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, play_round
from shengji_kit.game.playout import Playout, deal_hidden, random_policy


def finished_round(seed: int) -> Round:
    rnd = Round.new(seed, "classic" if seed % 2 else "super_tycoon")
    return play_round(rnd, [RandomBot(seed * 4 + seat, throw_rate=0.0) for seat in range(4)])


def replay_until(done: Round, plays: int) -> Round:
    """The same round again, stopped after the first ``plays`` plays of the tricks (or the last but one)."""
    rnd = Round.new(done.seed, done.rules, done.round_number, done.first_dealer, done.levels)
    plays = min(plays, sum(1 for _, action in done.actions if action.kind == "play") - 1)
    made = 0
    for seat, action in done.actions:
        if action.kind == "play":
            if made == plays:
                break
            made += 1
        rnd.act(seat, action)
    return rnd


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("plays", [0, 5, 42, 97])
def test_playout_runs_the_rounds_tricks(seed: int, plays: int) -> None:
    done = finished_round(seed)
    kitty = done.view(0).kitty
    assert kitty is not None and done.result is not None
    rnd = replay_until(done, plays)
    seat = rnd.to_act
    assert seat is not None
    hidden = {other: list(rnd.view(other).hand) for other in range(4) if other != seat}
    playout = Playout.from_view(rnd.view(seat), hidden, kitty)
    while rnd.to_act is not None:
        seat = rnd.to_act
        listed = [tuple(card.index for card in action.cards) for action in rnd.legal_actions(seat, limit=None)]
        assert playout.to_act == seat
        assert playout.legal() == listed
        action = next(a for s, a in done.actions[len(rnd.actions) :] if a.kind == "play")
        playout.play(tuple(card.index for card in action.cards))
        rnd.act(seat, action)
    assert playout.to_act is None
    assert playout.attackers_points == done.result.attackers_points
    assert playout.final_total() == done.result.total


@pytest.mark.parametrize("seed", range(10))
def test_random_playouts_are_legal_and_keep_every_card(seed: int) -> None:
    rnd = replay_until(finished_round(seed), seed * 9)
    view = rnd.view(rnd.to_act or 0)
    hidden, kitty = deal_hidden(view, random.Random(seed))
    start = Playout.from_view(view, hidden, kitty)
    playout = start.clone()
    policy = random_policy(seed)
    played = 0
    in_hands = sum(start.sizes)
    while playout.to_act is not None:
        seat = playout.to_act
        hand = [CARDS[face] for face, count in enumerate(playout.counts[seat]) for _ in range(count)]
        choice = policy(playout, playout.legal())
        if playout.trick:
            lead = [CARDS[face] for face in playout.trick[0]]
            assert check_follow(lead, hand, [CARDS[face] for face in choice], view.trump).ok  # type: ignore[arg-type]
        playout.play(choice)
        played += len(choice)
        assert sum(playout.sizes) + played == in_hands
    total = playout.final_total()
    assert 0 <= total <= 200 + 100 * 8
    assert sum(start.sizes) == in_hands  # the clone left the start untouched
    assert start.clone().run(random_policy(seed)) == total


def test_from_view_refuses_a_wrong_guess() -> None:
    rnd = replay_until(finished_round(1), 10)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    hidden, kitty = deal_hidden(view, random.Random(0))
    other = (seat + 1) % 4
    with pytest.raises(ValueError):
        Playout.from_view(view, {**hidden, other: hidden[other][1:]}, kitty)
    if kitty is not None:
        with pytest.raises(ValueError):
            Playout.from_view(view, hidden, None)
