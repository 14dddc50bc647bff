"""Lesson 10, playing with your partner: what ``lessons/10_partner.ipynb`` shows.

The exercises come from ``cells.exercises``; the narrated deal from ``narrated_deal_view``.
"""

from __future__ import annotations

from ...widgets.surface import CardSurface
from ...widgets.switch import language_switch
from .narrated_deal_view import narrated_deal as _narrated_deal

__all__ = ["language_switch", "narrated_deal"]

NAME = "10_partner"


def narrated_deal() -> CardSurface:
    """This lesson's narrated deal: the learner plays South, the solver the other seats."""
    return _narrated_deal(NAME)
