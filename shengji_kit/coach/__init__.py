"""The coach: hints with checked reasons, and round reviews against search and perfect play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:
    from .hint import Hint, hint
    from .reasons import Reason
    from .review import Entry, Perfect, Review, review

__getattr__, __dir__ = lazy_names(__name__, {
    ".hint": ("Hint", "hint"),
    ".reasons": ("Reason",),
    ".review": ("Entry", "Perfect", "Review", "review"),
})

__all__ = [
    "Entry", "Hint", "Perfect", "Reason", "Review", "hint", "review",
]
