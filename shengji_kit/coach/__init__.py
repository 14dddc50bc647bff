"""The coach: hints with checked reasons, and round reviews against search and perfect play."""

from __future__ import annotations

# Imported now, not lazily: the name is also a submodule's, which importing that submodule
# would put here in the function's place.
from .hint import Hint, hint
from .review import Entry, Perfect, Review, review

__all__ = ["Entry", "Hint", "Perfect", "Review", "hint", "review"]
