"""shengji-kit: learn Shengji (升级 / 拖拉机 / Tractor). The rule book's API (docs/rules.md §11) lives here."""

from .engine import (
    Card,
    CardError,
    Component,
    Outcome,
    RuleError,
    Rules,
    Shape,
    ThrowCheck,
    Trump,
    Verdict,
    check_follow,
    check_throw,
    climb,
    kitty_multiplier,
    legal_plays,
    level_outcome,
    next_dealer,
    parse_cards,
    playable_cards,
    points,
    shape,
    trick_winner,
)
from .render import cards as _card_faces  # noqa: F401  (registers how notebooks draw cards)

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``sk.review`` (outside section 11): the coach loads on first use, so ``import shengji_kit`` stays light."""
    if name == "review":
        from .coach.review import review
        from .render import review as _review_table  # noqa: F401  (registers how a review draws itself)

        return review
    raise AttributeError(f"module 'shengji_kit' has no attribute {name!r}")

__all__ = [
    "Card", "CardError", "Component", "Outcome", "RuleError", "Rules", "Shape", "ThrowCheck",
    "Trump", "Verdict", "check_follow", "check_throw", "climb", "kitty_multiplier",
    "legal_plays", "level_outcome", "next_dealer", "parse_cards", "playable_cards", "points",
    "review", "shape", "trick_winner",
]
