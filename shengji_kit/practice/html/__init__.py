"""The trainer drawn as HTML with the render layer's cards (imported only by the widget)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy_names import lazy_names

if TYPE_CHECKING:
    from ._timed_html import timed_html, timed_start_html
    from .page import trainer_html

__getattr__, __dir__ = lazy_names(__name__, {
    "._timed_html": ("timed_html", "timed_start_html"),
    ".page": ("trainer_html",),
})

__all__ = [
    "timed_html",
    "timed_start_html",
    "trainer_html",
]
