"""The trainer drawn as HTML with the render layer's cards (imported only by the widget)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy_names import lazy_names

if TYPE_CHECKING:
    from .page import trainer_html

__getattr__, __dir__ = lazy_names(__name__, {
    ".page": ("trainer_html",),
})

__all__ = [
    "trainer_html",
]
