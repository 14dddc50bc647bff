"""A rating said in words, as a learner reads it: "about 1450, still settling" (the deviation as a word)."""

from __future__ import annotations

from ..words import Message
from .rating import Rating
from .ratings_from_events import RatedGame

CERTAINTY = ((250.0, "rating_certainty_guess"), (150.0, "rating_certainty_settling"), (80.0, "rating_certainty_fair"))
"""Deviation floors and their words: 250 up a first guess, 150 still settling, 80 fairly sure, below settled."""


def certainty(rating: Rating) -> Message:
    """How sure the rating is, in words (Glicko-2's deviation: 350 is nothing known, 30 the floor)."""
    code = next((code for floor, code in CERTAINTY if rating.deviation >= floor), "rating_certainty_settled")
    return Message(code)


def about(rating: Rating) -> int:
    """The rating as said: to the nearest 10, since the deviation is never below 30."""
    return int(round(rating.rating / 10.0) * 10)


def rating_said(rating: Rating) -> Message:
    """"Your rating: about 1450, still settling."""
    return Message("trainer_rating", {"rating": about(rating), "certainty": certainty(rating)})


def theme_said(rating: Rating) -> Message:
    """"In this set: about 1380, a first guess."""
    return Message("trainer_rating_theme", {"rating": about(rating), "certainty": certainty(rating)})


def game_said(game: RatedGame) -> Message:
    """The rating after one game and how far it moved: "Rating: about 1530, up 32 (still settling)."."""
    after = game.learner_after
    moved = round(after.rating - game.learner_before.rating)
    code = "trainer_rating_up" if moved >= 0 else "trainer_rating_down"
    return Message(code, {"rating": about(after), "points": abs(moved), "certainty": certainty(after)})
