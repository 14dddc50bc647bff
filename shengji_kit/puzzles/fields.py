"""Readers for a puzzle's raw TOML values: each returns a typed value or raises ``FieldError`` naming
the field. The ``position`` table has its own reader, shared with the solver (``game.position_table``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..engine.cards import Card, parse_cards
from ..engine.errors import CardError
from .problems import FieldError
from .text import Text

Raw = Mapping[str, Any]


def join(path: str, key: str) -> str:
    """A dotted field path: ``join("position", "hands")`` is ``position.hands``."""
    return f"{path}.{key}" if path else key


def reject_unknown(raw: Raw, allowed: Iterable[str], path: str = "") -> None:
    """Refuse keys that the schema does not know (they are usually typos)."""
    known = set(allowed)
    for key in raw:
        if key not in known:
            raise FieldError(join(path, key), f"unknown field; known fields: {', '.join(sorted(known))}")


def require(raw: Raw, key: str, path: str = "") -> Any:
    """The value of a required key."""
    if key not in raw:
        raise FieldError(join(path, key), "missing")
    return raw[key]


def read_str(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldError(field, f"must be non-empty text, not {value!r}")
    return value.strip()


def read_int(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise FieldError(field, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def read_bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise FieldError(field, f"must be true or false, not {value!r}")
    return value


def read_seat(value: Any, field: str) -> int:
    """A seat 0..3 (an int, or a digit string as TOML table keys are)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise FieldError(field, f"must be a seat 0, 1, 2 or 3, not {value!r}")
    return value


def read_cards(value: Any, field: str, allow_empty: bool = False) -> tuple[Card, ...]:
    """Cards written as ``"SA SK H10"`` (or a list of such tokens)."""
    if not isinstance(value, str | list):
        raise FieldError(field, f"must be cards such as \"SA SK H10\", not {value!r}")
    try:
        cards = tuple(parse_cards(value))
    except CardError as error:
        raise FieldError(field, f"unknown card {error.token!r}") from None
    if not cards and not allow_empty:
        raise FieldError(field, "holds no cards")
    return cards


def read_text(value: Any, field: str) -> Text:
    """A table ``{ en = "...", zh = "..." }``; both languages must be present and non-empty."""
    if not isinstance(value, Mapping):
        raise FieldError(field, "must be a table with en and zh texts")
    for lang in Text.languages():
        if lang not in value:
            raise FieldError(join(field, lang), "missing")
        read_str(value[lang], join(field, lang))
    reject_unknown(value, Text.languages(), field)
    return Text(en=value["en"].strip(), zh=value["zh"].strip())
