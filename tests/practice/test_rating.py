"""Glicko-2 (practice/rating.py): the paper's worked example, and an attempt moving both sides."""

from __future__ import annotations

import pytest

from shengji_kit.practice.rating import Game, Rating, RatingError, rate, rate_attempt


def test_the_papers_worked_example() -> None:
    """Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300, tau 0.5."""
    player = Rating(1500, 200, 0.06)
    games = [Game(Rating(1400, 30), 1), Game(Rating(1550, 100), 0), Game(Rating(1700, 300), 0)]
    after = rate(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_idle_period_only_widens_the_deviation() -> None:
    player = Rating(1500, 200, 0.06)
    idle = rate(player, [])
    assert idle.rating == 1500
    assert idle.deviation > 200
    assert idle.volatility == 0.06


def test_solving_raises_the_learner_and_lowers_the_puzzle() -> None:
    learner, puzzle = Rating(1500, 350), Rating(1700, 100)
    won_learner, won_puzzle = rate_attempt(learner, puzzle, solved=True)
    lost_learner, lost_puzzle = rate_attempt(learner, puzzle, solved=False)
    assert won_learner.rating > learner.rating > lost_learner.rating
    assert won_puzzle.rating < puzzle.rating < lost_puzzle.rating
    # a surprise (solving a harder puzzle) moves the learner further than the expected failure does
    assert won_learner.rating - learner.rating > learner.rating - lost_learner.rating
    assert won_learner.deviation < learner.deviation


def test_the_expected_score_is_a_chance() -> None:
    strong, weak = Rating(1800, 60), Rating(1200, 60)
    assert strong.expected_score(weak) > 0.9
    assert strong.expected_score(weak) + weak.expected_score(strong) == pytest.approx(1.0)


def test_bad_values_are_refused() -> None:
    with pytest.raises(RatingError):
        Rating(1500, 0)
    with pytest.raises(RatingError):
        Game(Rating(), 2)
    assert issubclass(RatingError, ValueError)
