"""The coach: hints with checked reasons, and round reviews against search and perfect play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

# Imported now, not lazily: the name is also a submodule's, which importing that submodule
# would put here in the function's place.
from .hint import Hint, hint
from .review import Entry, Perfect, Review, review

if TYPE_CHECKING:
    from .reasons import Reason

__getattr__, __dir__ = lazy_names(__name__, {
    ".reasons": ("Reason",),
})

__all__ = [
    "Entry", "Hint", "Perfect", "Reason", "Review", "hint", "review",
]
