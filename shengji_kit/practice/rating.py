"""Glicko-2 ratings: each puzzle attempt is a rated game between the learner and the puzzle.

The published algorithm (Mark Glickman, "Example of the Glicko-2 system", 2013), written once here;
tests/practice/test_rating.py checks the paper's worked example. As on lichess, one attempt is one
rating period for both sides: the learner "wins" by solving, the puzzle wins otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's factor between the Glicko scale (1500 ± 350) and its internal scale."""
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5
"""The system constant: how fast volatility may change (the paper suggests 0.3 to 1.2)."""
CONVERGENCE = 1e-6
MIN_DEVIATION = 30.0
"""A floor on the deviation, so a rating keeps moving after many attempts."""


class RatingError(ValueError):
    """A rating or a game result outside what Glicko-2 allows."""


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: the estimate, its deviation (uncertainty) and the volatility."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        if not (self.deviation > 0 and self.volatility > 0 and math.isfinite(self.rating)):
            raise RatingError(f"not a Glicko-2 rating: {self}")

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE

    def expected_score(self, opponent: Rating) -> float:
        """The chance this side wins against ``opponent`` (a learner solving a puzzle)."""
        return _expected(self.mu, opponent.mu, _g(opponent.phi))

    def after_idle_period(self) -> Rating:
        """The rating after a period with no games: only the deviation grows (step 6 alone)."""
        phi = math.sqrt(self.phi**2 + self.volatility**2)
        return Rating(self.rating, min(DEFAULT_DEVIATION, phi * SCALE), self.volatility)


@dataclass(frozen=True)
class Game:
    """One result against one opponent: ``score`` is 1 for a win, 0 for a loss, 0.5 for a draw."""

    opponent: Rating
    score: float

    def __post_init__(self) -> None:
        if not 0.0 <= self.score <= 1.0:
            raise RatingError(f"a game's score is between 0 and 1, not {self.score}")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi**2 / math.pi**2)


def _expected(mu: float, opponent_mu: float, g: float) -> float:
    return 1.0 / (1.0 + math.exp(-g * (mu - opponent_mu)))


def _new_volatility(player: Rating, delta: float, variance: float, tau: float) -> float:
    """Step 5: the new volatility by the Illinois algorithm on f(x), as the paper gives it."""
    phi2, sigma = player.phi**2, player.volatility
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi2 - variance - ex) / (2.0 * (phi2 + variance + ex) ** 2) - (x - a) / tau**2

    upper = a
    if delta**2 > phi2 + variance:
        lower = math.log(delta**2 - phi2 - variance)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        lower = a - k * tau
    f_upper, f_lower = f(upper), f(lower)
    while abs(lower - upper) > CONVERGENCE:
        middle = upper + (upper - lower) * f_upper / (f_lower - f_upper)
        f_middle = f(middle)
        if f_middle * f_lower <= 0:
            upper, f_upper = lower, f_lower
        else:
            f_upper /= 2.0
        lower, f_lower = middle, f_middle
    return math.exp(upper / 2.0)


def rate(player: Rating, games: Iterable[Game], tau: float = TAU, floor: float = 0.0) -> Rating:
    """The player's rating after one rating period with ``games`` (steps 2–8 of the paper)."""
    played = list(games)
    if not played:
        return player.after_idle_period()
    terms = []
    for game in played:
        g = _g(game.opponent.phi)
        terms.append((g, _expected(player.mu, game.opponent.mu, g), game.score))
    variance = 1.0 / sum(g**2 * e * (1.0 - e) for g, e, _ in terms)
    improvement = sum(g * (score - e) for g, e, score in terms)
    delta = variance * improvement
    volatility = _new_volatility(player, delta, variance, tau)
    phi_star = math.sqrt(player.phi**2 + volatility**2)
    phi = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / variance)
    mu = player.mu + phi**2 * improvement
    deviation = min(DEFAULT_DEVIATION, max(floor, phi * SCALE))
    return Rating(mu * SCALE + DEFAULT_RATING, deviation, volatility)


def rate_attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both sides after one attempt: the learner wins by solving, the puzzle wins otherwise."""
    score = 1.0 if solved else 0.0
    return (
        rate(learner, [Game(puzzle, score)], floor=MIN_DEVIATION),
        rate(puzzle, [Game(learner, 1.0 - score)], floor=MIN_DEVIATION),
    )
