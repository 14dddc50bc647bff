"""Small HTML pieces of the trainer: buttons with their DOM hooks, key badges, labelled card rows."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...engine.cards import Card
from ...engine.catalogue import text
from ...render.hands import card_row_html

KEYS = "1234567890"
"""The number keys that answer the first ten choices."""


def key_of(position: int) -> str:
    """The key that answers the choice at ``position`` (0-based); "" past the tenth."""
    return KEYS[position] if position < len(KEYS) else ""


def kbd(key: str) -> str:
    return f'<kbd class="sk-trainer-key" aria-hidden="true">{escape(key)}</kbd>' if key else ""


def action_button(
    action: str,
    label: str,
    value: str = "",
    primary: bool = False,
    disabled: bool = False,
    autofocus: bool = False,
    extra_class: str = "",
) -> str:
    """A ``<button data-action>`` (``data-value`` when given); ``data-autofocus`` takes focus after a redraw."""
    names = " ".join(n for n in ("sk-button", "sk-primary" if primary else "", extra_class) if n)
    attrs = f' data-value="{escape(value)}"' if value else ""
    attrs += " disabled" if disabled else ""
    attrs += " data-autofocus" if autofocus else ""
    return f'<button type="button" class="{names}" data-action="{escape(action)}"{attrs}>{escape(label)}</button>'


def labelled_row(label: str, cards: Sequence[Card], lang: str, role: str, extra: str = "") -> str:
    """A caption and a row of non-interactive cards."""
    row = card_row_html(cards, lang) if cards else '<span class="sk-legend">—</span>'
    return (
        f'<div class="sk-trainer-cards" data-role="{escape(role)}"{extra}>'
        f'<span class="sk-trainer-caption">{escape(label)}</span>{row}</div>'
    )


def seat_hand(seat: int, cards: Sequence[Card], lang: str) -> str:
    """``East's hand`` with its cards; ``data-hand`` carries the seat."""
    label = text("trainer_hand_of", lang, seat=seat)
    return labelled_row(label, cards, lang, "hand", f' data-hand="{seat}"')


def paragraphs(text: str) -> str:
    """Escaped text with its line breaks kept (``white-space: pre-line`` in the CSS)."""
    return escape(text.strip())
