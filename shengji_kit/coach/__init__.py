"""The coach: hints with checked reasons, and round reviews against search and perfect play."""

from .hint import Hint, hint
from .review import Entry, Perfect, Review, review

__all__ = ["Entry", "Hint", "Perfect", "Review", "hint", "review"]
