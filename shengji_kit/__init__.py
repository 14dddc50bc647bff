"""shengji-kit: learn Shengji (升级 / 拖拉机 / Tractor). The rule book's API (docs/rules.md §11) lives here.

The names are loaded on first use (PEP 562), so a page that needs only part of the kit (the
landing page, the play app) does not pay for the whole engine at ``import shengji_kit``.
The first use also registers how notebooks draw cards (``render.cards``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .coach.review import review
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

__version__ = "0.1.0"


__all__ = [
    "Card", "CardError", "Component", "Outcome", "RuleError", "Rules", "Shape", "ThrowCheck",
    "Trump", "Verdict", "check_follow", "check_throw", "climb", "kitty_multiplier",
    "legal_plays", "level_outcome", "next_dealer", "parse_cards", "playable_cards", "points",
    "review", "shape", "trick_winner",
]


def __getattr__(name: str) -> Any:
    """Load the engine's public names (and the card drawings) when first asked for."""
    if name == "lesson":  # an old notebook's `from shengji_kit import lesson` (docs/lessons.md)
        return import_module(".apps.lessons.cells", __name__)
    if name not in __all__:
        raise AttributeError(f"module 'shengji_kit' has no attribute {name!r}")
    if name == "review":  # outside section 11: the coach's round review, and how it draws itself
        import_module(".render.review", __name__)
        value = import_module(".coach.review", __name__).review
        globals()[name] = value
        return value
    engine = import_module(".engine", __name__)
    import_module(".render.cards", __name__)  # registers how notebooks draw cards
    value = getattr(engine, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
