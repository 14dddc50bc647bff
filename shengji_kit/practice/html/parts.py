"""Small HTML pieces of the trainer: buttons with their DOM hooks, key badges, labelled card rows."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from ...engine.cards import Card
from ...render.hands import card_row_html
from ...words.catalogue import text
from ..draft import KEYS


def key_of(position: int) -> str:
    """The key that answers the choice at ``position`` (0-based); "" past the tenth."""
    return KEYS[position] if position < len(KEYS) else ""


def kbd(key: str) -> Markup:
    """The key badge of a choice (nothing past the tenth choice)."""
    if not key:
        return Markup()
    return Markup('<kbd class="sk-trainer-key" aria-hidden="true">{key}</kbd>').format(key=key)


def action_button(
    action: str,
    label: str,
    value: str = "",
    primary: bool = False,
    disabled: bool = False,
    autofocus: bool = False,
    extra_class: str = "",
) -> Markup:
    """A ``<button data-action>`` (``data-value`` when given); ``data-autofocus`` takes focus after a redraw."""
    names = " ".join(n for n in ("sk-button", "sk-primary" if primary else "", extra_class) if n)
    attrs = Markup(' data-value="{value}"').format(value=value) if value else Markup()
    attrs += Markup(" disabled") if disabled else ""
    attrs += Markup(" data-autofocus") if autofocus else ""
    return Markup('<button type="button" class="{names}" data-action="{action}"{attrs}>{label}</button>').format(
        names=names, action=action, attrs=attrs, label=label
    )


def labelled_row(label: str, cards: Sequence[Card], lang: str, role: str, extra: Markup | None = None) -> Markup:
    """A caption and a row of non-interactive cards; ``extra`` holds more attributes of the row."""
    row = card_row_html(cards, lang) if cards else Markup('<span class="sk-legend">—</span>')
    return Markup(
        '<div class="sk-trainer-cards" data-role="{role}"{extra}>'
        '<span class="sk-trainer-caption">{label}</span>{row}</div>'
    ).format(role=role, extra=extra or "", label=label, row=row)


def seat_hand(seat: int, cards: Sequence[Card], lang: str) -> Markup:
    """``East's hand`` with its cards; ``data-hand`` carries the seat."""
    label = text("trainer_hand_of", lang, seat=seat)
    return labelled_row(label, cards, lang, "hand", Markup(' data-hand="{seat}"').format(seat=seat))


def paragraphs(text: str) -> Markup:
    """Escaped text with its line breaks kept (``white-space: pre-line`` in the CSS)."""
    return escape(text.strip())
