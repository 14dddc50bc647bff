"""The trainer drawn as HTML with the render layer's cards (imported only by the widget)."""

from .page import trainer_html

__all__ = ["trainer_html"]
