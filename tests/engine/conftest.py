"""Shared helpers for the engine tests: short card and trump constructors."""

from __future__ import annotations

import shengji_kit as sk


def cards(text: str) -> list[sk.Card]:
    return list(sk.parse_cards(text))


def trump(level: str, suit: str | None) -> sk.Trump:
    return sk.Trump(level=level, suit=suit)
